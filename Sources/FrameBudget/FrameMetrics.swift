// Frame-budget metrics (percentiles, on-time and over-budget counts, missed vsyncs, hitch time
// ratio, jank counts, 1 % low FPS, headroom), computed from integer nanosecond frame times.

/// The frame deadline of a refresh rate: `D = round(1e9 / hz)` nanoseconds.
///
/// 16 666 667 ns at 60 Hz, 8 333 333 ns at 120 Hz. Rates below 1 Hz are clamped to 1 Hz (D = 1 s);
/// integer arithmetic, rounding half up.
@inlinable
public func frameDeadlineNanoseconds(hz: Int) -> UInt64 {
  let rate = UInt64(max(1, hz))
  return (2_000_000_000 / rate + 1) / 2
}

/// A grade of a hitch time ratio on one of Apple's published scales.
public enum HitchGrade: String, Codable, Sendable, CaseIterable {
  /// Within the scale's first threshold.
  case good
  /// Above "good", within the second threshold.
  case warning
  /// Above "warning" (and, on the Organizer scale, within 50 ms/s).
  case critical
  /// Organizer scale only: above 50 ms/s.
  case severe

  /// The WWDC20 ("Eliminate animation hitches") scale: good < 5 ms/s, warning 5–10 ms/s,
  /// critical > 10 ms/s. Boundaries are inclusive on the better side (5 → good, 10 → warning).
  public static func wwdc20(_ ratio: Double) -> HitchGrade {
    ratio <= 5 ? .good : ratio <= 10 ? .warning : .critical
  }

  /// The Xcode Organizer scale with thresholds 10 / 25 / 50 ms/s: ≤ 10 good, ≤ 25 warning,
  /// ≤ 50 critical, above that severe. (E.g. 11.53 ms/s, the ratio of 594 frames of 10 ms, 5 of
  /// 20 ms and 1 of 40 ms at 60 Hz, is "warning".)
  public static func organizer(_ ratio: Double) -> HitchGrade {
    ratio <= 10 ? .good : ratio <= 25 ? .warning : ratio <= 50 ? .critical : .severe
  }
}

/// Every frame-budget metric (distribution, compliance, hitches, throughput, headroom) for one
/// list of frame times and one deadline.
///
/// All times are integer nanoseconds; ratios are plain numbers; the hitch time ratio is in ms/s.
/// The model is sequential and single-frame (a CPU-budget proxy, not presentation timing): a frame
/// taking `t` occupies `q = max(1, ceil(t / D))` vsync intervals. An empty frame list gives all-zero
/// counts, zero percentiles, on-time rate 1 and infinite-free FPS values of 0.
public struct FrameMetrics: Codable, Sendable, Equatable {
  /// Nearest-rank percentiles (`x[ceil(q·N)]`, 1-based, exact integer rank), ns.
  public var p50Ns: UInt64
  /// 90th percentile, ns.
  public var p90Ns: UInt64
  /// 95th percentile, ns.
  public var p95Ns: UInt64
  /// 99th percentile, ns.
  public var p99Ns: UInt64
  /// 99.9th percentile, ns.
  public var p999Ns: UInt64
  /// Largest frame time, ns.
  public var maxNs: UInt64
  /// Smallest frame time, ns.
  public var minNs: UInt64
  /// Arithmetic mean, ns.
  public var meanNs: Double
  /// Number of frames measured (warm-up excluded).
  public var frameCount: Int
  /// The deadline `D`, ns.
  public var deadlineNs: UInt64
  /// `count(t ≤ D) / N` (1 for no frames).
  public var onTimeRate: Double
  /// `count(t > D)`.
  public var overBudgetFrames: Int
  /// `count(t > m·D)` with the janky multiplier `m` (default 2, JankStats).
  public var jankyFrames: Int
  /// The janky multiplier used for `jankyFrames`.
  public var jankyMultiplier: Int
  /// `count(t > 700 ms)`, absolute, not scaled with the refresh rate.
  public var frozenFrames: Int
  /// RAIL-style work budget exceedances: `count(10·t > 6·D)`, i.e. `t > 0.6·D`.
  public var workBudgetExceeded: Int
  /// `M = Σ (q_i − 1)`.
  public var missedVsyncs: Int
  /// The largest `q − 1` of a single frame.
  public var maxMissedVsyncsInFrame: Int
  /// `N / Σ q_i` (1 for no frames).
  public var throughput: Double
  /// `M / Σ q_i`.
  public var droppedFrameRate: Double
  /// Hitch time `H = M·D`, ns.
  public var hitchTimeNs: UInt64
  /// Simulated duration `T = Σ q_i·D`, ns (the duration source is "simulated").
  public var durationNs: UInt64
  /// `HTR = (H in ms) / (T in s)`, ms/s (0 for no frames).
  public var hitchTimeRatio: Double
  /// HTR graded on the WWDC20 scale (5 / 10 ms/s).
  public var hitchGradeWWDC20: HitchGrade
  /// HTR graded on the Organizer scale (10 / 25 / 50 ms/s).
  public var hitchGradeOrganizer: HitchGrade
  /// Longest run of consecutive frames with `t > D`.
  public var longestMissStreak: Int
  /// Chromium-style jank count `#{ i ≥ 2 : q_i > q_{i−1} }`.
  public var jankCount: Int
  /// Unreal-style hitches: `t_i ≥ 60 ms ∧ t_i ≥ 1.5·t_{i−1}`, ignoring further hitches for 200 ms
  /// of frame time after a counted one.
  public var unrealHitches: Int
  /// `1000 / mean(worst ⌈0.01·N⌉ frame times in ms)`, fps (0 when those frames take 0 ns).
  public var onePercentLowFps: Double
  /// The same with the worst ⌈0.001·N⌉ frames, fps.
  public var pointOnePercentLowFps: Double
  /// P1 FPS variant: `1e9 / p99Ns`, fps (0 when p99 is 0).
  public var p1Fps: Double
  /// Budget utilisation `p99 / D`.
  public var budgetUtilisationP99: Double
  /// Headroom `D − p99`, ns (negative when p99 misses the deadline).
  public var headroomNs: Int64
  /// Overrun `o = t − D` percentiles (nearest rank), ns; can be negative.
  public var overrunP50Ns: Int64
  /// 90th percentile of the overrun, ns.
  public var overrunP90Ns: Int64
  /// 99th percentile of the overrun, ns.
  public var overrunP99Ns: Int64
  /// `Σ max(0, t − D)`, ns.
  public var overrunSumNs: UInt64

  /// Computes every metric from `frameTimes` (ns, in frame order) against `deadlineNs`.
  ///
  /// Cost: O(N log N) for the sort. A deadline of 0 is clamped to 1 ns. `jankyMultiplier` below 1
  /// is clamped to 1.
  public init(frameTimes: [UInt64], deadlineNs: UInt64, jankyMultiplier: Int = 2) {
    let d = max(1, deadlineNs)
    let multiplier = max(1, jankyMultiplier)
    let n = frameTimes.count
    let sorted = frameTimes.sorted()
    self.deadlineNs = d
    self.frameCount = n
    self.jankyMultiplier = multiplier
    p50Ns = _nearestRank(sorted, 50, 100)
    p90Ns = _nearestRank(sorted, 90, 100)
    p95Ns = _nearestRank(sorted, 95, 100)
    p99Ns = _nearestRank(sorted, 99, 100)
    p999Ns = _nearestRank(sorted, 999, 1000)
    maxNs = sorted.last ?? 0
    minNs = sorted.first ?? 0
    var total = 0.0
    for t in frameTimes { total += Double(t) }
    meanNs = n == 0 ? 0 : total / Double(n)

    var over = 0
    var janky = 0
    var frozen = 0
    var rail = 0
    var missed = 0
    var maxMissed = 0
    var vsyncs = 0
    var streak = 0
    var longest = 0
    var jank = 0
    var unreal = 0
    var previousQ = 0
    var previousT: UInt64 = 0
    var deadWindowLeft: UInt64 = 0
    var overrunSum: UInt64 = 0
    // t > 0.6·D ⇔ 10·t > 6·D ⇔ t > ⌊6·D / 10⌋ for integers; computed without overflow.
    let railLimit = d / 10 * 6 + (d % 10) * 6 / 10
    let jankyLimit = d.multipliedReportingOverflow(by: UInt64(multiplier))
    for (i, t) in frameTimes.enumerated() {
      let q = t == 0 ? 1 : Int((t - 1) / d + 1)
      vsyncs += q
      missed += q - 1
      maxMissed = max(maxMissed, q - 1)
      if t > d {
        over += 1
        streak += 1
        longest = max(longest, streak)
        overrunSum += t - d
      } else {
        streak = 0
      }
      if !jankyLimit.overflow && t > jankyLimit.partialValue { janky += 1 }
      if t > 700_000_000 { frozen += 1 }
      if t > railLimit { rail += 1 }
      if i > 0 && q > previousQ { jank += 1 }
      // Unreal: a hitch needs ≥ 60 ms and ≥ 1.5× the previous frame; then a 200 ms dead window.
      if deadWindowLeft > 0 {
        deadWindowLeft = t >= deadWindowLeft ? 0 : deadWindowLeft - t
      } else if i > 0 && t >= 60_000_000 && 2 * t >= 3 * previousT {
        unreal += 1
        deadWindowLeft = 200_000_000
      }
      previousQ = q
      previousT = t
    }
    overBudgetFrames = over
    jankyFrames = janky
    frozenFrames = frozen
    workBudgetExceeded = rail
    missedVsyncs = missed
    maxMissedVsyncsInFrame = maxMissed
    longestMissStreak = longest
    jankCount = jank
    unrealHitches = unreal
    onTimeRate = n == 0 ? 1 : Double(n - over) / Double(n)
    throughput = vsyncs == 0 ? 1 : Double(n) / Double(vsyncs)
    droppedFrameRate = vsyncs == 0 ? 0 : Double(missed) / Double(vsyncs)
    hitchTimeNs = UInt64(missed) * d
    durationNs = UInt64(vsyncs) * d
    // (H / 1e6 ms) / (T / 1e9 s) = 1000·H/T ms/s.
    hitchTimeRatio = durationNs == 0 ? 0 : 1000 * Double(hitchTimeNs) / Double(durationNs)
    hitchGradeWWDC20 = .wwdc20(hitchTimeRatio)
    hitchGradeOrganizer = .organizer(hitchTimeRatio)
    onePercentLowFps = _lowFps(sorted, worstPerMille: 10)
    pointOnePercentLowFps = _lowFps(sorted, worstPerMille: 1)
    p1Fps = p99Ns == 0 ? 0 : 1e9 / Double(p99Ns)
    budgetUtilisationP99 = Double(p99Ns) / Double(d)
    headroomNs = Int64(clamping: Int128(d) - Int128(p99Ns))
    overrunP50Ns = Int64(clamping: Int128(p50Ns) - Int128(d))
    overrunP90Ns = Int64(clamping: Int128(p90Ns) - Int128(d))
    overrunP99Ns = Int64(clamping: Int128(p99Ns) - Int128(d))
    overrunSumNs = overrunSum
  }
}

/// Nearest rank `x[ceil(num/den · N)]` (1-based) in exact integer arithmetic; `x[1]` for rank 0;
/// 0 for an empty list.
@usableFromInline
func _nearestRank(_ sorted: [UInt64], _ num: Int, _ den: Int) -> UInt64 {
  guard !sorted.isEmpty else { return 0 }
  let rank = (num * sorted.count + den - 1) / den
  return sorted[max(1, min(sorted.count, rank)) - 1]
}

/// Nearest-rank percentile of an arbitrary sample (doubles), the same rule as `_nearestRank`.
func _nearestRank(_ sorted: [Double], _ num: Int, _ den: Int) -> Double {
  guard !sorted.isEmpty else { return 0 }
  let rank = (num * sorted.count + den - 1) / den
  return sorted[max(1, min(sorted.count, rank)) - 1]
}

/// `1000 / mean(worst ⌈perMille/1000 · N⌉ frame times in ms)` = `1e9 / mean ns`.
func _lowFps(_ sorted: [UInt64], worstPerMille: Int) -> Double {
  guard !sorted.isEmpty else { return 0 }
  let count = max(1, (worstPerMille * sorted.count + 999) / 1000)
  var total = 0.0
  for t in sorted.suffix(count) { total += Double(t) }
  let mean = total / Double(count)
  return mean == 0 ? 0 : 1e9 / mean
}

/// A sparse log-linear histogram with 3 significant decimal digits (HdrHistogram-style): each
/// value is counted in the bucket whose upper bound is the value rounded up to 3 significant
/// digits (values below 1000 ns are exact). Resolution ≈ 0.1 %.
public struct LogLinearHistogram: Codable, Sendable, Equatable {
  /// Always `"log-linear"`.
  public var encoding: String = "log-linear"
  /// Always 3.
  public var significantDigits: Int = 3
  /// Sparse `[upperValueNs, count]` pairs in ascending order of the upper value.
  public var buckets: [[UInt64]]

  /// Builds the histogram of `values` (ns). Cost O(N log N).
  public init(values: [UInt64]) {
    var counts: [UInt64: UInt64] = [:]
    for v in values { counts[Self.bucketUpperBound(v), default: 0] += 1 }
    buckets = counts.keys.sorted().map { [$0, counts[$0]!] }
  }

  /// Decodes a histogram, rejecting buckets that are not `[upperValueNs, count]` pairs in strictly
  /// ascending order of the upper value or whose counts sum past `UInt64.max` (a
  /// `DecodingError.dataCorrupted` at `buckets`; readers of a file report it as a schema error).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    encoding = try c.decode(String.self, forKey: .encoding)
    significantDigits = try c.decode(Int.self, forKey: .significantDigits)
    buckets = try c.decode([[UInt64]].self, forKey: .buckets)
    var total: UInt64 = 0
    for (i, b) in buckets.enumerated() {
      guard b.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: .buckets, in: c,
          debugDescription: "bucket \(i) has \(b.count) numbers, expected [upperValueNs, count]")
      }
      guard i == 0 || buckets[i - 1][0] < b[0] else {
        throw DecodingError.dataCorruptedError(
          forKey: .buckets, in: c, debugDescription: "bucket \(i): upper values are not in ascending order")
      }
      let (sum, overflow) = total.addingReportingOverflow(b[1])
      guard !overflow else {
        throw DecodingError.dataCorruptedError(
          forKey: .buckets, in: c, debugDescription: "bucket \(i): the counts overflow UInt64")
      }
      total = sum
    }
  }

  /// The upper bound of the bucket holding `value`: `value` rounded up to 3 significant digits
  /// (saturating at `UInt64.max`).
  public static func bucketUpperBound(_ value: UInt64) -> UInt64 {
    var unit: UInt64 = 1
    while value / unit >= 1000 { unit *= 10 }
    let (q, r) = value.quotientAndRemainder(dividingBy: unit)
    let up = r == 0 ? q : q + 1
    let (result, overflow) = up.multipliedReportingOverflow(by: unit)
    return overflow ? .max : result
  }
}
