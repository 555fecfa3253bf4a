// Folding confirmation re-runs into a compare: a regression stays only if every re-run
// reproduces it.
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget

@Suite("compare: confirmation re-runs")
struct CompareConfirmationTests {
  /// Two rows: `slow` has p50 100 → 130 µs (regressed by the floor-test reasoning: complete
  /// separation, ratio CI ≈ 1.30, difference CI ≈ 30 µs ± 9 ns), `same` does not change.
  func firstReport() -> (CompareReport, ResultsFile) {
    let baseline = syntheticFile([
      exactRow(p50: 100_000, p99: 1_000_000), exactRow(p50: 50_000, p99: 1_000_000, hz: 120),
    ])
    let candidate = syntheticFile([
      exactRow(p50: 130_000, p99: 1_000_000), exactRow(p50: 50_000, p99: 1_000_000, hz: 120),
    ])
    return (
      Comparator.compare(baseline: baseline, candidate: candidate, baselinePath: "a", candidatePath: "b"),
      baseline
    )
  }

  func rerun(_ baseline: ResultsFile, p50: UInt64) -> CompareReport {
    var reference = baseline
    reference.results = [baseline.results[0]]
    return Comparator.compare(
      baseline: reference, candidate: syntheticFile([exactRow(p50: p50, p99: 1_000_000)]), baselinePath: "a",
      candidatePath: "re-run")
  }

  @Test func onlyRegressedRowsAreReMeasured() {
    let (report, _) = firstReport()
    #expect(Comparator.idsToConfirm(report) == ["spring-field/hooke?elements=1000&hz=60"])
    #expect(report.confirmRuns == 0)
    #expect(report.comparisons.allSatisfy { $0.confirmations == nil })
  }

  /// Reproduced twice: still regressed, first-run numbers, both confirmations recorded.
  @Test func reproducedRegressionIsKept() {
    let (first, baseline) = firstReport()
    var report = Comparator.folding(rerun(baseline, p50: 131_000), into: first)
    report = Comparator.folding(rerun(baseline, p50: 129_000), into: report)
    let p50 = report.comparisons.first { $0.statistic == "p50Ns" && $0.id.hasSuffix("hz=60") }!
    #expect(p50.verdict == .regressed)
    #expect(p50.candidate == 130_004.5)  // the first run's median of 130 000 … 130 009
    #expect(p50.confirmations == [.regressed, .regressed])
    #expect(report.confirmRuns == 2)
    #expect(Comparator.findings(report, options: CompareOptions()) == [.regression])
    #expect(
      TextReports.compare(report).contains("1 reproduced every time (still regressed), 0 not reproduced"))
  }

  /// Not reproduced by the second re-run (back to 100 µs): the statistic takes that re-run's
  /// comparison (unchanged: ratio CI within ±5 %), with a note naming the first run's change,
  /// and the compare passes; nothing is left to confirm.
  @Test func unreproducedRegressionIsDropped() {
    let (first, baseline) = firstReport()
    var report = Comparator.folding(rerun(baseline, p50: 130_000), into: first)
    report = Comparator.folding(rerun(baseline, p50: 100_000), into: report)
    let p50 = report.comparisons.first { $0.statistic == "p50Ns" && $0.id.hasSuffix("hz=60") }!
    #expect(p50.verdict == .unchanged, "\(p50)")
    #expect(p50.candidate == 100_004.5)
    #expect(p50.confirmations == [.regressed, .unchanged])
    #expect(p50.note == "p50 regressed in the first run (+30.0 %), not reproduced by confirmation re-run 2")
    #expect(Comparator.findings(report, options: CompareOptions()).isEmpty)
    #expect(Comparator.idsToConfirm(report).isEmpty)
    // A further re-run changes nothing that was already refuted.
    let again = Comparator.folding(rerun(baseline, p50: 200_000), into: report)
    #expect(again.comparisons == report.comparisons)
  }

  /// A row the re-run could not measure (it failed there) stays regressed, and the failure is
  /// reported with the re-run's number (exit 3 outranks the regression).
  @Test func failedReRunKeepsTheRegressionAndReportsTheFailure() {
    let (first, baseline) = firstReport()
    var failed = exactRow(p50: 100_000, p99: 1_000_000)
    failed.failure = "threw: boom"
    var reference = baseline
    reference.results = [baseline.results[0]]
    let rerun = Comparator.compare(
      baseline: reference, candidate: syntheticFile([failed]), baselinePath: "a", candidatePath: "re-run")
    let report = Comparator.folding(rerun, into: first)
    #expect(report.comparisons.contains { $0.verdict == .regressed })
    #expect(report.failed == ["confirmation re-run 1: spring-field/hooke?elements=1000&hz=60: threw: boom"])
    #expect(Comparator.findings(report, options: CompareOptions()).first == .scenarioFailed)
  }

  /// With a zero baseline median (no Δ%), the note names both medians and the unit.
  @Test func refutedNoteWithoutDeltaNamesBothMedians() {
    let (first, baseline) = firstReport()
    var report = first
    let i = report.comparisons.firstIndex { $0.statistic == "hitchTimeRatio" && $0.id.hasSuffix("hz=60") }!
    report.comparisons[i].verdict = .regressed
    report.comparisons[i].deltaPercent = nil
    report.comparisons[i].baseline = 0
    report.comparisons[i].candidate = 91.7
    let folded = Comparator.folding(rerun(baseline, p50: 130_000), into: report)
    #expect(
      folded.comparisons[i].note
        == "HTR regressed in the first run (0 → 91.7 ms/s), not reproduced by confirmation re-run 1")
    #expect(folded.comparisons[i].verdict == .unchanged)
  }
}
