// The gate end to end through the measurement seam: a persistent 2× slowdown still exits 2
// after confirmation, a one-off slowdown does not, and noise-sized shifts stay under the floors.
import Foundation
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

/// A stand-in for the frame-by-frame measurement: every call returns seeded synthetic results
/// (±1 % per-frame jitter) for the items asked for, with frame times `baseNs(elements)` times the
/// call's factor (`factors[call]`, the last one repeating). Records what each call measured.
final class FakeSuite: @unchecked Sendable {
  let factors: [Double]
  let seed: UInt64
  let baseNs: (Int) -> Double
  private(set) var calls: [(ids: [String], options: RunOptions)] = []

  init(factors: [Double], seed: UInt64, baseNs: @escaping (Int) -> Double = { Double($0) * 1_000 }) {
    self.factors = factors
    self.seed = seed
    self.baseNs = baseNs
  }

  func measure(_ items: [BenchmarkItem], _ options: RunOptions) -> ResultsFile {
    let call = calls.count
    let factor = factors[min(call, factors.count - 1)]
    let results = items.enumerated().map { k, item in
      syntheticResult(
        id: item.scenario.name, elements: item.elements, hz: item.hz, baseNs: baseNs(item.elements) * factor,
        noise: 0.01, repetitions: options.repetitions, seed: seed &+ UInt64(call * 1_000 + k))
    }
    calls.append((results.map(\.id), options))
    var file = syntheticFile(results)
    file.config = RunConfigRecord(
      seed: options.seed, frames: options.frames, warmupFrames: options.warmupFrames,
      repetitions: options.repetitions, threads: options.threads, clock: options.effectiveClock.rawValue)
    return file
  }
}

/// Records the `main` baseline of 1k and 2k elements at 60 Hz through `fake` (its first call).
func recordBaseline(_ dir: TempDirectory, _ fake: FakeSuite) {
  let r = bench(
    ["baseline", "update", "--elements", "1000,2000", "--hz", "60", "--threads", "1"], in: dir.path,
    measureSuite: fake.measure)
  #expect(r.code == 0, "\(r.stderr)")
}

let fakeRun = ["run", "--elements", "1000,2000", "--hz", "60", "--threads", "1"]

@Suite("gate: floors and confirmation end to end")
struct ConfirmationTests {
  /// Every timing twice as slow in the first run and in both re-runs (1 → 2 ms and 2 → 4 ms
  /// p50s, far beyond the 5 µs and 833 µs floors): the default `run` confirms and exits 2. The
  /// re-runs measure only the flagged rows, with the first run's configuration.
  @Test(arguments: [11, 12] as [UInt64])
  func persistentSlowdownIsConfirmedAndExitsTwo(seed: UInt64) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let fake = FakeSuite(factors: [1, 2], seed: seed)
    recordBaseline(dir, fake)
    let r = bench(fakeRun, in: dir.path, measureSuite: fake.measure)
    #expect(r.code == 2, "seed \(seed): \(r.stdout)")
    #expect(fake.calls.count == 4, "seed \(seed): baseline, run, 2 re-runs")
    #expect(fake.calls[2].ids == fake.calls[1].ids, "seed \(seed): both rows regressed, both re-run")
    for rerun in fake.calls[2...] {
      #expect(rerun.options.frames == fake.calls[1].options.frames)
      #expect(rerun.options.repetitions == fake.calls[1].options.repetitions)
      #expect(rerun.options.seed == fake.calls[1].options.seed)
    }
    #expect(r.stdout.contains("Confirmation (2 re-run(s) with this build)"), "\(r.stdout)")
    #expect(r.stdout.contains("not reproduced.") && r.stdout.contains(", 0 not reproduced"), "\(r.stdout)")
  }

  /// Twice as slow in the first run only (a busy spell), normal in the re-runs: the first re-run
  /// does not reproduce it, the compare passes, and no second re-run is needed.
  @Test func oneOffSlowdownIsNotConfirmed() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let fake = FakeSuite(factors: [1, 2, 1], seed: 21)
    recordBaseline(dir, fake)
    let r = bench(fakeRun, in: dir.path, measureSuite: fake.measure)
    #expect(r.code == 0, "\(r.stdout)")
    #expect(fake.calls.count == 3)
    #expect(r.stdout.contains("not reproduced by confirmation re-run 1"), "\(r.stdout)")
    #expect(r.stdout.contains("0 reproduced every time"), "\(r.stdout)")
  }

  /// Without confirmation the same one-off slowdown fails the gate: what confirmation is for.
  @Test func oneOffSlowdownFailsWithoutConfirmation() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let fake = FakeSuite(factors: [1, 2, 1], seed: 31)
    recordBaseline(dir, fake)
    let r = bench(fakeRun + ["--confirm", "0"], in: dir.path, measureSuite: fake.measure)
    #expect(r.code == 2, "\(r.stdout)")
    #expect(fake.calls.count == 2)
  }

  /// A 20 µs p50 grown by 20 % (+4 µs, p99 likewise): beyond the 5 % band, inside the 5 µs and
  /// 833 µs floors, so the gate passes with no re-run; lowering the p50 floor to 1 µs on the
  /// command line makes the same shift a regression.
  @Test func noiseSizedShiftBelowTheFloorPasses() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let fake = FakeSuite(factors: [1, 1.2], seed: 41, baseNs: { $0 == 1000 ? 20_000 : 25_000 })
    recordBaseline(dir, fake)
    let r = bench(fakeRun, in: dir.path, measureSuite: fake.measure)
    #expect(r.code == 0, "\(r.stdout)")
    #expect(fake.calls.count == 2, "nothing to confirm")
    let strict = bench(
      fakeRun + ["--p50-floor", "1", "--confirm", "0"], in: dir.path, measureSuite: fake.measure)
    #expect(strict.code == 2, "\(strict.stdout)")
    #expect(strict.stdout.contains("p50 1 µs"), "\(strict.stdout)")
  }

  /// The baseline's `tolerance` replaces the default floor and `--p50-floor` replaces it in turn:
  /// 20 → 24 µs is regressed under the file's 1 µs floor and unchanged under the flag's 10 µs.
  @Test func baselineToleranceThenFlags() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    var base = syntheticFile([syntheticResult(baseNs: 20_000, noise: 0.01, seed: 51)])
    base.tolerance = CompareTolerance(p50FloorNs: 1_000)
    try ResultsIO.write(base, to: dir.file("base.json"))
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 24_000, noise: 0.01, seed: 52)]), to: dir.file("new.json"))
    let fileFloor = bench(["compare", "base.json", "new.json", "--format", "json"], in: dir.path)
    #expect(fileFloor.code == 2, "\(fileFloor.stdout)")
    let report = try JSONDecoder().decode(CompareReport.self, from: Data(fileFloor.stdout.utf8))
    #expect(report.tolerance?.p50FloorNs == 1_000)
    #expect(report.comparisons.first { $0.statistic == "p50Ns" }?.floor == 1_000)
    let flagFloor = bench(["compare", "base.json", "new.json", "--p50-floor", "10"], in: dir.path)
    #expect(flagFloor.code == 0, "\(flagFloor.stdout)")
  }

  /// `compare --confirm` re-measures with this build on this machine, so a candidate measured on
  /// another machine is refused (exit 1, naming both); a bad tolerance in a file names its field.
  @Test func confirmRefusesAForeignCandidateAndBadToleranceIsNamed() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 61)]), to: dir.file("base.json"))
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.01, seed: 62)], machineID: "elsewhere"),
      to: dir.file("new.json"))
    let r = bench(["compare", "base.json", "new.json", "--confirm", "2"], in: dir.path)
    #expect(r.code == 1)
    #expect(r.stderr.contains("'test-machine'") && r.stderr.contains("'elsewhere'"), "\(r.stderr)")
    try writeEdited(dir, "bad.json") { top in top["tolerance"] = ["p50FloorNs": -5] }
    let bad = bench(["compare", "bad.json", "base.json"], in: dir.path)
    #expect(bad.code == 1)
    #expect(bad.stderr.contains("tolerance.p50FloorNs") && bad.stderr.contains("-5"), "\(bad.stderr)")
  }

  /// Re-recording a baseline keeps the tolerance its owner set in the old file.
  @Test func baselineUpdateKeepsTheTolerance() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let fake = FakeSuite(factors: [1], seed: 71)
    recordBaseline(dir, fake)
    let path = dir.file("results/baselines/test-machine/main.json")
    var file = try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path)
    #expect(file.tolerance == nil)
    file.tolerance = CompareTolerance(p99FloorDeadlinePct: 20)
    try ResultsIO.write(file, to: path)
    recordBaseline(dir, fake)
    let again = try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path)
    #expect(again.tolerance == CompareTolerance(p99FloorDeadlinePct: 20))
    #expect(fake.calls.count == 2)
  }
}
