// Statistics for compare: Mann–Whitney U, bootstrap CI of the median ratio, Holm correction.
import Foundation

/// Nonparametric statistics over per-repetition samples.
public enum Statistics {
  /// The median (mean of the two middle values for even counts); 0 for an empty sample.
  public static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let s = values.sorted()
    let mid = s.count / 2
    return s.count % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
  }

  /// Two-sided Mann–Whitney U test p-value for samples `a` and `b`.
  ///
  /// Exact null distribution (counted by the recurrence f(u; m, n) = f(u − n; m − 1, n) +
  /// f(u; m, n − 1)) when `a.count·b.count ≤ 400` and there are no ties; otherwise the normal
  /// approximation with tie correction and continuity correction 0.5. Returns 1 when either sample
  /// is empty or every value is equal. p = min(1, 2·min(P(U ≤ u), P(U ≥ u))).
  public static func mannWhitneyU(_ a: [Double], _ b: [Double]) -> Double {
    let m = a.count
    let n = b.count
    guard m > 0, n > 0 else { return 1 }
    // Midranks of the pooled sample.
    let pooled = (a.map { ($0, 0) } + b.map { ($0, 1) }).sorted { $0.0 < $1.0 }
    var ranks = [Double](repeating: 0, count: pooled.count)
    var tieTerm = 0.0
    var i = 0
    var hasTies = false
    while i < pooled.count {
      var j = i
      while j + 1 < pooled.count && pooled[j + 1].0 == pooled[i].0 { j += 1 }
      let rank = Double(i + j + 2) / 2
      for k in i...j { ranks[k] = rank }
      let t = Double(j - i + 1)
      if j > i {
        hasTies = true
        tieTerm += t * t * t - t
      }
      i = j + 1
    }
    var rankSumA = 0.0
    for (k, entry) in pooled.enumerated() where entry.1 == 0 { rankSumA += ranks[k] }
    let u = rankSumA - Double(m * (m + 1)) / 2
    let total = Double(m + n)
    if !hasTies && m * n <= 400 {
      let counts = _exactUDistribution(m, n)
      let all = counts.reduce(0, +)
      let uInt = Int(u.rounded())
      var lower = 0.0
      var upper = 0.0
      for (k, c) in counts.enumerated() {
        if k <= uInt { lower += c }
        if k >= uInt { upper += c }
      }
      return min(1, 2 * min(lower, upper) / all)
    }
    let mean = Double(m * n) / 2
    let variance = Double(m * n) / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
    guard variance > 0 else { return 1 }
    let z = max(0, abs(u - mean) - 0.5) / variance.squareRoot()
    return min(1, erfc(z / 2.squareRoot()))
  }

  /// Counts of each U value 0…m·n under the null hypothesis (as Doubles; exact below 2⁵³).
  static func _exactUDistribution(_ m: Int, _ n: Int) -> [Double] {
    // table[i][j] = distribution for sample sizes (i, j).
    var table = [[[Double]]](repeating: [[Double]](repeating: [], count: n + 1), count: m + 1)
    for i in 0...m {
      for j in 0...n {
        if i == 0 || j == 0 {
          table[i][j] = [1]
          continue
        }
        var dist = [Double](repeating: 0, count: i * j + 1)
        let left = table[i - 1][j]  // U shifted by j
        for (u, c) in left.enumerated() { dist[u + j] += c }
        let right = table[i][j - 1]
        for (u, c) in right.enumerated() { dist[u] += c }
        table[i][j] = dist
      }
    }
    return table[m][n]
  }

  /// Percentile bootstrap 95 % CI of `median(b) / median(a)` with `resamples` resamples and a
  /// fixed `seed` (reruns reproduce it). Returns nil when a resampled baseline median is 0 in
  /// more than 2.5 % of the resamples (the ratio is undefined) or a sample is empty.
  public static func bootstrapMedianRatioCI(
    _ a: [Double], _ b: [Double], resamples: Int = 10_000, seed: UInt64 = 0x5EED_B007
  ) -> (lower: Double, upper: Double)? {
    bootstrapMedianIntervals(a, b, resamples: resamples, seed: seed)?.ratio
  }

  /// Percentile-bootstrap 95 % intervals of one resampling of both samples.
  public struct BootstrapIntervals: Sendable, Equatable {
    /// CI of `median(b) / median(a)`; nil when the resampled baseline median is 0 (and the
    /// candidate's is not) in more than 2.5 % of the resamples.
    public var ratio: (lower: Double, upper: Double)?
    /// CI of `median(b) − median(a)`, in the samples' unit (always defined).
    public var difference: (lower: Double, upper: Double)
    /// Share of resamples whose baseline median was 0 while the candidate's was not, 0…1.
    public var undefinedRatioShare: Double

    /// Equal when every bound and the share are equal.
    public static func == (x: Self, y: Self) -> Bool {
      x.ratio?.lower == y.ratio?.lower && x.ratio?.upper == y.ratio?.upper
        && x.difference == y.difference && x.undefinedRatioShare == y.undefinedRatioShare
    }
  }

  /// Percentile bootstrap 95 % CIs of the median ratio and the median difference of `b` against
  /// `a`, from the same `resamples` seeded resamples (bounds at ranks ⌊0.025·B⌋ and ⌈0.975·B⌉ − 1).
  /// Returns nil when a sample is empty or `resamples` ≤ 0.
  public static func bootstrapMedianIntervals(
    _ a: [Double], _ b: [Double], resamples: Int = 10_000, seed: UInt64 = 0x5EED_B007
  ) -> BootstrapIntervals? {
    guard !a.isEmpty, !b.isEmpty, resamples > 0 else { return nil }
    var random = _ResampleRandom(seed: seed)
    var ratios: [Double] = []
    var differences: [Double] = []
    ratios.reserveCapacity(resamples)
    differences.reserveCapacity(resamples)
    var undefined = 0
    var sa = a
    var sb = b
    for _ in 0..<resamples {
      for k in 0..<a.count { sa[k] = a[Int(random.next() % UInt64(a.count))] }
      for k in 0..<b.count { sb[k] = b[Int(random.next() % UInt64(b.count))] }
      let ma = median(sa)
      let mb = median(sb)
      differences.append(mb - ma)
      if ma == 0 {
        if mb == 0 {
          ratios.append(1)
        } else {
          undefined += 1
          ratios.append(.infinity)
        }
      } else {
        ratios.append(mb / ma)
      }
    }
    let lowRank = max(0, Int((Double(resamples) * 0.025).rounded(.down)))
    let highRank = min(resamples - 1, Int((Double(resamples) * 0.975).rounded(.up)) - 1)
    ratios.sort()
    differences.sort()
    return BootstrapIntervals(
      ratio: undefined * 40 > resamples ? nil : (ratios[lowRank], ratios[highRank]),
      difference: (differences[lowRank], differences[highRank]),
      undefinedRatioShare: Double(undefined) / Double(resamples))
  }

  /// The smallest two-sided exact Mann–Whitney p-value of samples of sizes `m` and `n` (complete
  /// separation, no ties): `2 / C(m + n, m)`, capped at 1; 1 when either is 0. No test of such
  /// samples can come out smaller, so with Holm over `k` tests a result can be significant at α
  /// only if `k · minimumMannWhitneyP(m, n) < α`.
  public static func minimumMannWhitneyP(_ m: Int, _ n: Int) -> Double {
    guard m > 0, n > 0 else { return 1 }
    var combinations = 1.0
    for i in 0..<min(m, n) { combinations = combinations * Double(m + n - i) / Double(i + 1) }
    return min(1, 2 / combinations)
  }

  /// Holm–Bonferroni adjusted p-values (same order as `pValues`):
  /// `p'_(i) = max_{j ≤ i} min(1, (m − j + 1)·p_(j))` over the ascending order.
  public static func holm(_ pValues: [Double]) -> [Double] {
    let m = pValues.count
    let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
    var adjusted = [Double](repeating: 1, count: m)
    var running = 0.0
    for (rank, index) in order.enumerated() {
      running = max(running, min(1, Double(m - rank) * pValues[index]))
      adjusted[index] = running
    }
    return adjusted
  }
}

/// SplitMix64 (Steele, Lea and Flood 2014; the `splitmix64.c` reference), the bootstrap's seeded
/// index stream: the same generator Hooke's scripts use, kept here so the harness needs no
/// animation library. Resample `k` of a sample of size n takes `next() % n`.
struct _ResampleRandom {
  var state: UInt64
  /// A stream whose every value is determined by `seed`.
  init(seed: UInt64) { state = seed }
  /// The next 64 bits: `state += 0x9E3779B97F4A7C15`, then the reference's two xor-shift-multiply
  /// rounds and a final xor-shift.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
