// The default baseline gate: what compare can detect with the default repetitions, and what it
// must never call "unchanged".
import Foundation
import Hooke
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

/// `file` with every timing of every repetition and of the pooled metrics multiplied by `factor`
/// (the "every timing doubled" candidate); on-time rate and hitch ratio are left alone.
func scaledTimings(_ file: ResultsFile, by factor: Double) -> ResultsFile {
  var out = file
  for i in out.results.indices {
    out.results[i].repetitions = out.results[i].repetitions.map { rep in
      var r = rep
      r.p50Ns = UInt64(Double(r.p50Ns) * factor)
      r.p90Ns = UInt64(Double(r.p90Ns) * factor)
      r.p99Ns = UInt64(Double(r.p99Ns) * factor)
      r.maxNs = UInt64(Double(r.maxNs) * factor)
      r.meanNs *= factor
      r.wallMeanNs *= factor
      return r
    }
  }
  return out
}

/// A 36-row file shaped like the quick suite (9 scenarios × 2 sizes × 2 rates): per repetition
/// a lognormal run-level factor exp(σ·z) times ±`frameNoise` per-frame jitter, seeded.
func suiteFile(
  repetitions: Int, runSpread: Double, frameNoise: Double = 0.02, seed: UInt64, scale: Double = 1
)
  -> ResultsFile
{
  var random = _SplitMix64(seed: seed)
  var results: [ScenarioResult] = []
  for s in 0..<9 {
    for elements in [1000, 10000] {
      for hz in [60, 120] {
        var r = syntheticResult(
          id: "scenario-\(s)", elements: elements, hz: hz, baseNs: 1e5 * Double(s + 1) * scale,
          noise: frameNoise, repetitions: repetitions, seed: random.next())
        r.repetitions = r.repetitions.map { rep in
          // Box–Muller: one standard normal per repetition.
          let u1 = max(1e-12, random.nextUnit())
          let u2 = random.nextUnit()
          let z = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
          let f = exp(runSpread * z)
          var x = rep
          x.p50Ns = UInt64(Double(x.p50Ns) * f)
          x.p99Ns = max(x.p50Ns, UInt64(Double(x.p99Ns) * f))
          x.p90Ns = min(max(x.p50Ns, UInt64(Double(x.p90Ns) * f)), x.p99Ns)
          x.maxNs = max(x.p99Ns, UInt64(Double(x.maxNs) * f))
          return x
        }
        results.append(r)
      }
    }
  }
  var file = syntheticFile(results)
  file.config.repetitions = repetitions
  return file
}

@Suite("compare: the default baseline gate")
struct CompareGateTests {
  /// `baseline update` with the default repetitions, then a candidate with every timing doubled:
  /// compare exits 2 (regression) and flags the p50 of every row.
  @Test func defaultRecordedBaselineAgainstTwiceSlowerExitsTwo() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let record = bench(
      [
        "baseline", "update", "--elements", "500,1000,2000", "--hz", "60,120", "--frames", "12", "--warmup",
        "3", "--threads", "1",
      ], in: dir.path)
    #expect(record.code == 0, "\(record.stderr)")
    #expect(!record.stderr.contains("warning"), "\(record.stderr)")
    let path = dir.file("results/baselines/test-machine/main.json")
    let baseline = try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path)
    #expect(baseline.config.repetitions == RunOptions().repetitions)
    #expect(baseline.results.allSatisfy { $0.repetitions.count == 10 })
    try ResultsIO.write(scaledTimings(baseline, by: 2), to: dir.file("slow.json"))
    let r = bench(["compare", path, "slow.json", "--format", "json"], in: dir.path)
    #expect(r.code == 2, "\(r.stdout)")
    let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    let comparisons = report["comparisons"] as! [[String: Any]]
    let p50 = comparisons.filter { $0["statistic"] as? String == "p50Ns" }
    #expect(p50.count == 6)
    #expect(p50.allSatisfy { $0["verdict"] as? String == "regressed" }, "\(p50)")
  }

  /// At the quick suite's size (36 rows, up to 144 tests) and with a run-to-run spread of
  /// σ = 0.1 in log time (the worst row of the committed baseline has 0.13), 10 repetitions per
  /// side flag a 2× slowdown of nearly every row; 5 per side cannot flag anything and say so once.
  @Test(arguments: [101, 202, 303] as [UInt64])
  func suiteSizedGateHasPowerWithTenRepetitions(seed: UInt64) {
    let base = suiteFile(repetitions: 10, runSpread: 0.1, seed: seed)
    let slow = suiteFile(repetitions: 10, runSpread: 0.1, seed: seed &+ 1, scale: 2)
    let report = Comparator.compare(baseline: base, candidate: slow, baselinePath: "a", candidatePath: "b")
    #expect(
      ExitCode.verdict(Comparator.findings(report, options: CompareOptions())) == .regression, "seed \(seed)")
    let p50 = report.comparisons.filter { $0.statistic == "p50Ns" }
    let flagged = p50.filter { $0.verdict == .regressed }.count
    #expect(flagged >= 34, "seed \(seed): \(flagged) of 36 p50 rows flagged")
    #expect(report.warnings.isEmpty, "seed \(seed): \(report.warnings)")

    let base5 = suiteFile(repetitions: 5, runSpread: 0.1, seed: seed)
    let slow5 = suiteFile(repetitions: 5, runSpread: 0.1, seed: seed &+ 1, scale: 2)
    let weak = Comparator.compare(baseline: base5, candidate: slow5, baselinePath: "a", candidatePath: "b")
    #expect(weak.comparisons.allSatisfy { $0.verdict != .regressed }, "seed \(seed)")
    #expect(weak.comparisons.allSatisfy { $0.verdict != .unchanged || $0.statistic != "p50Ns" })
    // One aggregated warning for all 36 rows, saying why and what to do.
    #expect(weak.warnings.count == 1, "\(weak.warnings)")
    #expect(
      weak.warnings.first?.hasPrefix("36 rows (e.g. scenario-0/hooke?elements=1000&hz=60) have only 5")
        == true)
    #expect(weak.warnings.first?.contains("--repetitions 10") == true)
  }

  /// A 10 % slowdown with a low spread is regressed or inconclusive, never unchanged or noise.
  @Test(arguments: [7, 8, 9, 10] as [UInt64])
  func tenPercentSlowerIsNeverUnchanged(seed: UInt64) {
    let base = syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.02, seed: seed)])
    let slow = syntheticFile([syntheticResult(baseNs: 2.2e6, noise: 0.02, seed: seed &+ 100)])
    let report = Comparator.compare(baseline: base, candidate: slow, baselinePath: "a", candidatePath: "b")
    let p50 = report.comparisons.first { $0.statistic == "p50Ns" }!
    #expect(p50.verdict == .regressed || p50.verdict == .inconclusive, "seed \(seed): \(p50)")
  }

  /// Equal medians (1.0 ms on both sides) but repetitions spread from 0.5 to 2 ms: the bootstrap
  /// CI of the median ratio is far wider than ±5 %, so the p50 verdict is inconclusive, not
  /// unchanged. The p99 (same values, at 60 Hz) is unchanged only through its floor: the CI of
  /// the difference (within ±0.5 ms, the samples' middle values differ by at most that) lies
  /// inside ± 5 % of 16.67 ms = 0.833 ms; without floors it is inconclusive too.
  @Test func equalMediansWithWideSpreadAreNotUnchanged() {
    let a: [UInt64] = [500, 600, 800, 950, 1000, 1000, 1100, 1400, 1700, 2000].map { $0 * 1000 }
    let b: [UInt64] = [520, 700, 750, 900, 1000, 1000, 1200, 1300, 1900, 1950].map { $0 * 1000 }
    func file(_ p50: [UInt64]) -> ResultsFile {
      var r = syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)
      r.repetitions = p50.map {
        RepetitionSummary(
          p50Ns: $0, p90Ns: $0, p99Ns: $0, maxNs: $0, meanNs: Double($0), hitchTimeRatio: 0, onTimeRate: 1,
          wallMeanNs: Double($0))
      }
      return syntheticFile([r])
    }
    #expect(Statistics.median(a.map(Double.init)) == Statistics.median(b.map(Double.init)))
    let report = Comparator.compare(
      baseline: file(a), candidate: file(b), baselinePath: "a", candidatePath: "b")
    for c in report.comparisons where c.statistic == "p50Ns" || c.statistic == "p99Ns" {
      #expect(c.verdict == (c.statistic == "p50Ns" ? .inconclusive : .unchanged), "\(c)")
      #expect((c.ciLower ?? 1) < 0.95 && (c.ciUpper ?? 1) > 1.05, "\(c)")
    }
    let p99 = report.comparisons.first { $0.statistic == "p99Ns" }!
    #expect(p99.differenceLower! >= -500_000 && p99.differenceUpper! <= 500_000, "\(p99)")
    var noFloors = CompareOptions()
    noFloors.p50FloorNs = 0
    noFloors.p99FloorDeadlineFraction = 0
    let relative = Comparator.compare(
      baseline: file(a), candidate: file(b), baselinePath: "a", candidatePath: "b", options: noFloors)
    for c in relative.comparisons where c.statistic == "p50Ns" || c.statistic == "p99Ns" {
      #expect(c.verdict == .inconclusive, "\(c)")
    }
    #expect(report.exitCode == 0)
  }

  /// Δ% is the plain change: an on-time rate falling from 100 % to 90 % is −10 %, and the
  /// verdict (larger is better) is regressed; the text report explains the sign.
  @Test func deltaPercentIsThePlainChangeWithALegend() throws {
    func file(_ rate: Double, seed: UInt64) -> ResultsFile {
      var r = syntheticResult(baseNs: 1e6, noise: 0.01, seed: seed)
      var random = _SplitMix64(seed: seed)
      r.repetitions = r.repetitions.map {
        var x = $0
        x.onTimeRate = rate - 0.002 * random.nextUnit()
        return x
      }
      return syntheticFile([r])
    }
    let report = Comparator.compare(
      baseline: file(1, seed: 1), candidate: file(0.9, seed: 2), baselinePath: "a", candidatePath: "b")
    let onTime = try #require(report.comparisons.first { $0.statistic == "onTimeRate" })
    #expect(onTime.largerIsBetter)
    #expect(abs(onTime.deltaPercent! - (onTime.candidate / onTime.baseline - 1) * 100) < 1e-9)
    #expect(onTime.deltaPercent! < -9 && onTime.deltaPercent! > -11)
    #expect(onTime.verdict == .regressed)
    let text = TextReports.compare(report)
    #expect(text.contains("Δ% = candidate/baseline − 1 (positive: the value grew)"))
  }

  /// Markdown: warnings are a list, the statistics a table after a blank line.
  @Test func markdownSeparatesWarningsAndTable() {
    let base = suiteFile(repetitions: 5, runSpread: 0.05, seed: 1)
    let slow = suiteFile(repetitions: 5, runSpread: 0.05, seed: 2, scale: 1.5)
    let report = Comparator.compare(baseline: base, candidate: slow, baselinePath: "a", candidatePath: "b")
    let md = TextReports.compare(report, markdown: true)
    #expect(md.contains("**Warnings**\n\n- 36 rows"))
    #expect(md.contains("\n\n| id | stat | base | new |"))
    #expect(md.components(separatedBy: "\n- ").count - 1 >= 3)  // two paths + one warning
  }

  /// The bootstrap note says why a ratio is undefined: a zero baseline median, or zeros in the
  /// resampled baseline only.
  @Test func undefinedRatioNoteNamesTheCause() {
    func file(_ htr: [Double]) -> ResultsFile {
      var r = syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)
      r.repetitions = zip(r.repetitions, htr).map { rep, h in
        var x = rep
        x.hitchTimeRatio = h
        return x
      }
      return syntheticFile([r])
    }
    let zero = Comparator.compare(
      baseline: file([0, 0, 0, 0, 0, 0, 0, 1, 2, 3]), candidate: file([5, 6, 7, 8, 9, 5, 6, 7, 8, 9]),
      baselinePath: "a", candidatePath: "b")
    let htr = zero.comparisons.first { $0.statistic == "hitchTimeRatio" }!
    #expect(htr.note == "baseline median is 0: ratio undefined")
    let some = Comparator.compare(
      baseline: file([0, 0, 0, 0, 1, 2, 3, 4, 5, 6]), candidate: file([5, 6, 7, 8, 9, 5, 6, 7, 8, 9]),
      baselinePath: "a", candidatePath: "b")
    let htr2 = some.comparisons.first { $0.statistic == "hitchTimeRatio" }!
    #expect(htr2.note?.hasPrefix("the resampled baseline median is 0 in ") == true, "\(htr2)")
  }
}

@Suite("exit codes")
struct ExitCodeTests {
  /// The documented precedence 3 > 2 > 6 > 7 > 8 > 4 > 0, with errors above all verdicts.
  @Test func precedence() {
    #expect(ExitCode.mostSevere([]) == .success)
    #expect(ExitCode.mostSevere([.improvementsOnly, .inconclusive]) == .inconclusive)
    #expect(ExitCode.mostSevere([.budgetViolated, .deadlineMissed]) == .deadlineMissed)
    #expect(ExitCode.mostSevere([.deadlineMissed, .regression]) == .regression)
    #expect(ExitCode.mostSevere([.regression, .scenarioFailed]) == .scenarioFailed)
    #expect(ExitCode.mostSevere([.scenarioFailed, .failure]) == .failure)
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 64])
  }
}
