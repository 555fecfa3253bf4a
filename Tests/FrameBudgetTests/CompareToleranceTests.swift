// The absolute floors of the compare verdict, on hand-computed cases: samples separated so
// completely that the p-value and both bootstrap CIs are known without running the code.
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget

/// One row whose ten repetitions have p50 = `p50 + i` and p99 = `p99 + i` ns (i = 0…9), no hitch
/// and every frame on time.
///
/// Two such rows with p50s `x` and `x + s` (s > 9) are completely separated, so the exact
/// two-sided Mann–Whitney p is 2/C(20, 10) = 1.08·10⁻⁵ (Holm over the file's 2 tested statistics:
/// 2.2·10⁻⁵ < α); every bootstrap median lies inside its sample's range, so the CI of the median
/// difference lies within [s − 9, s + 9] and the CI of the ratio within
/// [(x + s − 9)/(x + 9), (x + s + 9)/x]. HTR and on-time are identical constants: `unchanged`,
/// untested.
func exactRow(p50: UInt64, p99: UInt64, hz: Int = 60) -> ScenarioResult {
  var r = syntheticResult(hz: hz, baseNs: Double(p50), noise: 0.01, seed: 1)
  r.repetitions = (0..<10).map { i in
    RepetitionSummary(
      p50Ns: p50 + UInt64(i), p90Ns: p50 + UInt64(i), p99Ns: p99 + UInt64(i), maxNs: p99 + 100,
      meanNs: Double(p50), hitchTimeRatio: 0, onTimeRate: 1, wallMeanNs: Double(p50))
  }
  return r
}

/// The verdict of `statistic` comparing `a` with `b` under `options`.
func verdict(
  _ statistic: String, _ a: ScenarioResult, _ b: ScenarioResult, _ options: CompareOptions = CompareOptions()
) -> StatisticComparison {
  let report = Comparator.compare(
    baseline: syntheticFile([a]), candidate: syntheticFile([b]), baselinePath: "a", candidatePath: "b",
    options: options)
  return report.comparisons.first { $0.statistic == statistic }!
}

@Suite("compare: absolute floors")
struct CompareToleranceTests {
  /// The documented defaults: 5 µs for p50, 5 % of D for p99 (833 333.35 ns at 60 Hz,
  /// 416 666.65 ns at 120 Hz), 0.5 ms/s HTR, 0.001 on-time; 0 for statistics without one.
  @Test func defaultFloors() {
    let o = CompareOptions()
    #expect(o.floor(of: "p50Ns", deadlineNs: 16_666_667) == 5_000)
    #expect(abs(o.floor(of: "p99Ns", deadlineNs: 16_666_667) - 833_333.35) < 1e-6)
    #expect(abs(o.floor(of: "p99Ns", deadlineNs: 8_333_333) - 416_666.65) < 1e-6)
    #expect(o.floor(of: "hitchTimeRatio", deadlineNs: 1) == 0.5)
    #expect(o.floor(of: "onTimeRate", deadlineNs: 1) == 0.001)
    #expect(o.floor(of: "maxNs", deadlineNs: 1) == 0)
    #expect(o.noise == 0.05)
  }

  /// p50 100 000 → 106 000 ns: ratio CI within [1.0599, 1.0601] (beyond +5 %), difference CI
  /// within [5 991, 6 009] (beyond 5 000): regressed; the mirror image is improved.
  @Test func beyondBandAndFloorIsRegressedOrImproved() {
    let base = exactRow(p50: 100_000, p99: 1_000_000)
    let slow = verdict("p50Ns", base, exactRow(p50: 106_000, p99: 1_000_000))
    #expect(slow.verdict == .regressed, "\(slow)")
    #expect(slow.floor == 5_000)
    #expect(slow.differenceLower! >= 5_991 && slow.differenceUpper! <= 6_009, "\(slow)")
    #expect(slow.note == nil)
    let fast = verdict("p50Ns", exactRow(p50: 106_000, p99: 1_000_000), base)
    #expect(fast.verdict == .improved, "\(fast)")
  }

  /// p50 20 000 → 24 000 ns (+20 %): the ratio CI (≈ 1.1995…1.2005) is beyond the band, but the
  /// difference CI (3 991…4 009) lies inside ± 5 000, so the row is unchanged and the note says
  /// the floor held it; with a 3 µs floor the same samples are regressed.
  @Test func belowTheFloorIsUnchangedAndSaysSo() {
    let a = exactRow(p50: 20_000, p99: 1_000_000)
    let b = exactRow(p50: 24_000, p99: 1_000_000)
    let held = verdict("p50Ns", a, b)
    #expect(held.verdict == .unchanged, "\(held)")
    #expect(held.ciLower! > 1.19 && held.ciUpper! < 1.21, "\(held)")
    #expect(held.note == Comparator.heldByFloorNote)
    var lower = CompareOptions()
    lower.p50FloorNs = 3_000
    #expect(verdict("p50Ns", a, b, lower).verdict == .regressed)
  }

  /// Difference CI straddling the floor (floor 5 000, change 5 000 ± 9): neither wholly beyond
  /// nor wholly inside, so significant-but-not-regressed: noise, with the floor's note.
  @Test func straddlingTheFloorIsNoise() {
    let c = verdict("p50Ns", exactRow(p50: 20_000, p99: 1_000_000), exactRow(p50: 25_000, p99: 1_000_000))
    #expect(c.differenceLower! < 5_000 && c.differenceUpper! > 5_000, "\(c)")
    #expect(c.verdict == .noise, "\(c)")
    #expect(c.note == Comparator.heldByFloorNote)
  }

  /// The p99 floor scales with the deadline: +800 µs on a 1 ms p99 is inside 5 % of 16.7 ms
  /// (833 µs) at 60 Hz but beyond 5 % of 8.3 ms (417 µs) at 120 Hz; +900 µs clears both.
  @Test func p99FloorIsAFractionOfTheDeadline() {
    for (hz, change, expected) in [
      (60, 800_000, Verdict.unchanged), (120, 800_000, .regressed), (60, 900_000, .regressed),
    ] as [(Int, UInt64, Verdict)] {
      let c = verdict(
        "p99Ns", exactRow(p50: 100_000, p99: 1_000_000, hz: hz),
        exactRow(p50: 100_000, p99: 1_000_000 + change, hz: hz))
      #expect(c.verdict == expected, "\(hz) Hz +\(change) ns: \(c)")
      #expect(abs(c.floor! - 0.05 * Double(frameDeadlineNanoseconds(hz: hz))) < 1e-6)
    }
  }

  /// A zero floor restores the relative-only verdict: +20 % on a 20 µs p50 is regressed.
  @Test func zeroFloorIsRelativeOnly() {
    var none = CompareOptions()
    none.p50FloorNs = 0
    let c = verdict(
      "p50Ns", exactRow(p50: 20_000, p99: 1_000_000), exactRow(p50: 24_000, p99: 1_000_000), none)
    #expect(c.verdict == .regressed)
    #expect(c.floor == 0)
  }

  /// `applying` replaces exactly the fields a tolerance sets (percentages divided by 100), in
  /// order, so defaults < baseline file < command line.
  @Test func applyingLayersTolerances() {
    let file = CompareTolerance(relativePct: 10, p50FloorNs: 3_000, p99FloorDeadlinePct: 20)
    let flags = CompareTolerance(p50FloorNs: 8_000)
    let o = CompareOptions().applying(file).applying(flags)
    #expect(o.noise == 0.1)
    #expect(o.p50FloorNs == 8_000)
    #expect(o.p99FloorDeadlineFraction == 0.2)
    #expect(o.hitchTimeRatioFloor == 0.5 && o.onTimeRateFloor == 0.001)
    #expect(CompareOptions().applying(nil) == CompareOptions())
    #expect(CompareOptions().applying(CompareTolerance()) == CompareOptions())
    #expect(CompareTolerance().isEmpty && !file.isEmpty)
  }

  /// The report carries every tolerance used, and a file's out-of-range tolerance names its field.
  @Test func reportAndValidation() {
    let report = Comparator.compare(
      baseline: syntheticFile([exactRow(p50: 1, p99: 2)]),
      candidate: syntheticFile([exactRow(p50: 1, p99: 2)]),
      baselinePath: "a", candidatePath: "b")
    #expect(
      report.tolerance
        == CompareTolerance(
          relativePct: 5, p50FloorNs: 5_000, p99FloorDeadlinePct: 5, hitchTimeRatioFloor: 0.5,
          onTimeRateFloor: 0.001))
    #expect(CompareTolerance(p50FloorNs: -1).firstInvalidField?.field == "tolerance.p50FloorNs")
    #expect(CompareTolerance(relativePct: .nan).firstInvalidField?.field == "tolerance.relativePct")
    #expect(CompareTolerance(onTimeRateFloor: 2).firstInvalidField?.detail == "2.0 is not in 0…1")
    #expect(CompareTolerance(relativePct: 100, onTimeRateFloor: 0).firstInvalidField == nil)
  }
}
