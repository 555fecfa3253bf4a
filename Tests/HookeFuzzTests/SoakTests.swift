// The soak's estimator and schedule on synthetic subjects with a virtual clock: a cost that grows
// by 20 % over the run must be flagged; a stationary cost with per-frame noise, spikes and a host
// that slows down along the run (which the sequential ratio of two windows mistakes for growth)
// must not.
import Testing

@testable import hooke_fuzz

/// A virtual CPU clock in ns, shared by a subject and its replica (the host they both run on).
final class VirtualHost {
  var now = 0.0
  /// The host's slowdown at virtual time `t` (1: nominal).
  var slowdown: (Double) -> Double = { _ in 1 }
}

/// A subject whose frame `i` costs `cost(i)` ns times the host's slowdown, plus seeded
/// multiplicative noise and rare spikes; its work is constant.
final class SyntheticSubject: SoakSubject {
  let host: VirtualHost
  let cost: (Int) -> Double
  var random: FuzzRandom
  let noise: Double
  let spikeChance: Double
  var checksum = 0.0

  init(host: VirtualHost, seed: UInt64, noise: Double, spikeChance: Double, cost: @escaping (Int) -> Double) {
    self.host = host
    self.cost = cost
    self.noise = noise
    self.spikeChance = spikeChance
    random = FuzzRandom(seed: seed, group: 7, index: 0)
  }

  func frame(_ index: Int) {
    var c = cost(index) * host.slowdown(host.now) * (1 + random.uniform(-noise, noise))
    if random.chance(spikeChance) { c *= 20 }  // a preemption or a cache-flushing neighbour
    host.now += c
    checksum += c
  }

  var work: Double { 200 }
  var structure: [(name: String, value: Int)] { [("frames", 0)] }
}

/// Runs the soak's plan for `frames` frames on synthetic subjects.
func syntheticSoak(
  frames: Int, seed: UInt64, noise: Double = 0.15, spikeChance: Double = 0.002,
  slowdown: @escaping (Double) -> Double = { _ in 1 }, resident: @escaping (Int) -> Int = { _ in 20 << 20 },
  cost: @escaping (Int) -> Double
) -> SoakReport {
  let plan = SoakPlan(frames: frames)!
  let host = VirtualHost()
  host.slowdown = slowdown
  var made: UInt64 = 0
  var framesRun = 0
  return runSoak(
    plan,
    make: {
      made += 1
      let isAged = made == 1
      // The replica gets the same noise seed as the aged subject: same script, same state.
      return SyntheticSubject(host: host, seed: seed, noise: noise, spikeChance: spikeChance) { i in
        if isAged { framesRun = i + 1 }
        return cost(i)
      }
    }, clock: { host.now }, resident: { resident(framesRun) })
}

@Suite struct SoakStatisticsTests {
  @Test func quantilesInterpolateBetweenOrderStatistics() {
    // Type 7: h = (n − 1)·p; [1, 2, 3, 4] at p = 0.25 → h = 0.75 → 1 + 0.75·(2 − 1).
    #expect(SoakStatistics.quantile([4, 1, 3, 2], 0.25) == 1.75)
    #expect(SoakStatistics.quantile([4, 1, 3, 2], 0.75) == 3.25)
    #expect(SoakStatistics.median([5, 1, 3]) == 3)
    #expect(SoakStatistics.median([5, 1, 3, 100]) == 4)
    #expect(SoakStatistics.quantile([2, 9], -1) == 2)
    #expect(SoakStatistics.quantile([2, 9], 7) == 9)
    #expect(SoakStatistics.median([]).isNaN)
  }

  @Test func aNaNRatioIsFlagged() {
    let v = SoakVerdict(
      startBlocks: [], endBlocks: [], agedPairs: [], freshPairs: [], startResident: 1, endResident: 1)
    #expect(v.pairedCostRatio.isNaN)
    #expect(v.flagged(limit: 0.1))
  }
}

@Suite struct SoakPlanTests {
  @Test func fullSizeAndReducedPlans() throws {
    let full = try #require(SoakPlan(frames: 1_000_000))
    #expect(
      full.warmUp == 2_400 && full.blockFrames == 5_000 && full.window == 50_000 && full.pairFrames == 1_000)
    let ci = try #require(SoakPlan(frames: 6_000))
    #expect(ci.warmUp == 1_500 && ci.blockFrames == 100 && ci.window == 1_000 && ci.pairFrames == 100)
    // 2,666 frames: a warm-up of 666 and two windows of 1,000 fit; 2,665 frames do not.
    #expect(SoakPlan(frames: 2_666) != nil)
    #expect(SoakPlan(frames: 2_665) == nil)
    #expect(SoakPlan.minimumFrames(for: 2_665) == 2_666)
  }
}

@Suite struct SoakEstimatorTests {
  /// Seeds of the synthetic runs (each printed on failure).
  static let seeds: [UInt64] = [1, 2, 3, 20_261_201]

  @Test(arguments: seeds) func linearCostGrowthOfTwentyPercentIsFlagged(seed: UInt64) {
    let n = 40_000
    let r = syntheticSoak(frames: n, seed: seed) { i in 50_000 * (1 + 0.2 * Double(i) / Double(n)) }
    let v = r.verdict
    // Aged blocks run frames n..<n + 5,000 (mean cost 1.2125·c₀), fresh ones frames 2,400..<7,400
    // (mean 1.0245·c₀): the ratio is about 1.18.
    #expect(v.pairedCostRatio > 1.15 && v.pairedCostRatio < 1.25, "seed \(seed): \(v)")
    #expect(v.flagged(limit: 0.10), "seed \(seed): \(v)")
  }

  @Test(arguments: seeds) func stationaryNoisyCostWithSpikesAndHostDriftIsNotFlagged(seed: UInt64) {
    let n = 40_000
    // The host slows down by 30 % along the run and has 40 % slowdowns lasting 50 frames' time
    // every 2,000 frames' time: the sequential ratio reads the drift as growth, the pairs do not.
    let frameTime = 50_000.0
    let slowdown: (Double) -> Double = { t in
      let frames = t / frameTime
      return (1 + 0.3 * Swift.min(frames / Double(n), 1.2))
        * (frames.truncatingRemainder(dividingBy: 2_000) < 50 ? 1.4 : 1)
    }
    let r = syntheticSoak(frames: n, seed: seed, slowdown: slowdown) { _ in frameTime }
    let v = r.verdict
    #expect(v.sequentialCostRatio > 1.2, "seed \(seed): the drift shows sequentially: \(v)")
    #expect(abs(v.pairedCostRatio - 1) < 0.05, "seed \(seed): \(v)")
    #expect(!v.flagged(limit: 0.10), "seed \(seed): \(v)")
  }

  @Test func residentMemoryGrowthIsFlagged() {
    let n = 40_000
    // 20 MiB growing by 30 % over the run.
    let growing: (Int) -> Int = { f in Int(20_971_520 * (1 + 0.3 * Double(f) / Double(n))) }
    let r = syntheticSoak(frames: n, seed: 5, resident: growing, cost: { _ in 50_000 })
    #expect(r.verdict.rssRatio > 1.2)
    #expect(r.verdict.flagged(limit: 0.10))
  }

  @Test func windowsAndPairsCoverThePlannedFrames() {
    let r = syntheticSoak(frames: 40_000, seed: 9, noise: 0, spikeChance: 0) { _ in 1_000 }
    #expect(r.startBlocks.count == 10 && r.endBlocks.count == 10)
    #expect(r.agedPairs.count == 50 && r.freshPairs.count == 50)
    // A constant cost of 1,000 ns per frame on a nominal host: every block reads exactly that.
    #expect((r.startBlocks + r.endBlocks + r.agedPairs + r.freshPairs).allSatisfy { $0 == 1_000 })
    #expect(r.startWork == 200 && r.endWork == 200)
  }
}
