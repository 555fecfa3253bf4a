// The soak's cost estimator: robust statistics of block costs and the growth verdict.
//
// A shared machine adds noise of two kinds to a window's CPU time per frame: spikes (a
// preemption or a cache-flushing neighbour inflates a few frames or one block) and drift (a
// neighbour's build slows every instruction for seconds, longer than a whole window). Spikes are
// handled by taking the median of block means instead of the mean of the window. Drift cannot be
// told apart from growth by two windows measured a minute apart, so the soak also measures the
// aged subject against a fresh replica (same seed, so after its warm-up it is in exactly the
// state the aged one had after its warm-up) in interleaved blocks: both sides of a pair run
// within a fraction of a second of each other, under the same host conditions, and the median
// of the pair ratios is the cost ratio the verdict reads.

/// Robust summaries used by the soak (pure functions of their inputs).
enum SoakStatistics {
  /// The `p`-quantile of `values` (`p` clamped to [0, 1]) by linear interpolation between order
  /// statistics (Hyndman and Fan's type 7, R's default): the median is `quantile(values, 0.5)`.
  /// NaN for an empty array; NaN values sort last.
  static func quantile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted { a, b in a < b || (!a.isNaN && b.isNaN) }
    let q = p.isNaN ? 0.5 : Swift.min(Swift.max(p, 0), 1)
    let h = Double(sorted.count - 1) * q
    let lower = Int(h.rounded(.down))
    let upper = Swift.min(lower + 1, sorted.count - 1)
    return sorted[lower] + (h - Double(lower)) * (sorted[upper] - sorted[lower])
  }

  /// The median of `values` (NaN when empty).
  static func median(_ values: [Double]) -> Double { quantile(values, 0.5) }

  /// `numerators[k] / denominators[k]` per pair (pairs past the shorter array are ignored).
  static func ratios(_ numerators: [Double], over denominators: [Double]) -> [Double] {
    zip(numerators, denominators).map { $0 / $1 }
  }
}

/// What the soak concludes from its measurements.
///
/// - `pairedCostRatio`: the median over interleaved pairs of (aged block cost) / (fresh block
///   cost): the end's cost relative to the cost right after warm-up, measured under the same host
///   conditions. This is the ratio the verdict uses.
/// - `sequentialCostRatio`: median block cost of the end window over that of the window after
///   warm-up, measured a run apart (spikes removed, drift not): shown beside it, and the only
///   witness of growth in process-wide state, which the in-process replica shares.
/// - `rssRatio`: resident set size at the end of the end window over that at the end of the
///   window after warm-up (the replica does not exist yet at either point).
/// - `flagged(limit:)`: whether the cost or the memory grew by more than `limit` (a fraction:
///   0.10 is 10 %). A ratio that is NaN (nothing measured) is flagged: no verdict of "no growth"
///   without a measurement.
struct SoakVerdict: Equatable {
  var pairedCostRatio: Double
  var sequentialCostRatio: Double
  var rssRatio: Double

  /// The verdict from the block costs: `startBlocks` and `endBlocks` (ns per frame of each block
  /// of the two windows of the aged subject), `agedPairs[k]` and `freshPairs[k]` (ns per frame of
  /// pair k's two blocks), and the resident bytes after the two windows.
  init(
    startBlocks: [Double], endBlocks: [Double], agedPairs: [Double], freshPairs: [Double],
    startResident: Int, endResident: Int
  ) {
    pairedCostRatio = SoakStatistics.median(SoakStatistics.ratios(agedPairs, over: freshPairs))
    sequentialCostRatio = SoakStatistics.median(endBlocks) / SoakStatistics.median(startBlocks)
    rssRatio = Double(endResident) / Double(Swift.max(startResident, 1))
  }

  /// Whether cost or memory grew by more than `limit` (fraction; NaN ratios are flagged).
  func flagged(limit: Double) -> Bool {
    !(pairedCostRatio <= 1 + limit) || !(rssRatio <= 1 + limit)
  }
}
