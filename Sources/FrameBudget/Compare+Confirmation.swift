// Confirming regressions: a row flagged `regressed` is measured again, and the verdict is kept
// only if every re-run reproduces it against the same baseline.

extension Comparator {
  /// The ids of the results with a statistic that is `regressed` and not yet refuted: what a
  /// confirmation re-run has to measure, in report order, each once.
  public static func idsToConfirm(_ report: CompareReport) -> [String] {
    var seen = Set<String>()
    return report.comparisons.compactMap { c in
      c.verdict == .regressed && seen.insert(c.id).inserted ? c.id : nil
    }
  }

  /// `report` with one confirmation re-run folded in. `rerun` compares the same baseline with a
  /// fresh measurement of (at least) the rows of ``idsToConfirm(_:)``, made by the same build
  /// on the same machine.
  ///
  /// For every statistic still `regressed`: the re-run's verdict of the same (id, statistic) is
  /// appended to `confirmations`. If it is `regressed` too, the statistic stays `regressed` with
  /// its first measurement's numbers. Otherwise the statistic takes the re-run's comparison
  /// (numbers and verdict, so what is shown supports the verdict shown) with a note naming the
  /// statistic and the first run's change (its Δ%, or both medians when the baseline's is 0). A statistic the re-run did not measure (its row failed there; the
  /// failure is added to `failed` with the re-run's number) stays `regressed`: a gate does not
  /// pass on a missing measurement. `confirmRuns` counts the re-runs folded in.
  ///
  /// Soundness: a final `regressed` is a first-run `regressed` that every re-run reproduced,
  /// so confirmation can only remove verdicts — the first run's Holm control of false
  /// regressions still bounds it, whatever the re-runs' own (smaller) test families. What it
  /// removes is candidate-side noise (the candidate measured during a busy spell); a baseline
  /// recorded during a fast or slow spell is the same file in every re-run, which is what the
  /// absolute floors are for.
  public static func folding(_ rerun: CompareReport, into report: CompareReport) -> CompareReport {
    var out = report
    let round = (report.confirmRuns ?? 0) + 1
    out.confirmRuns = round
    var again: [String: StatisticComparison] = [:]
    for c in rerun.comparisons { again[c.id + "\u{0}" + c.statistic] = c }
    for i in out.comparisons.indices where out.comparisons[i].verdict == .regressed {
      let first = out.comparisons[i]
      guard let fresh = again[first.id + "\u{0}" + first.statistic] else { continue }
      let confirmations = (first.confirmations ?? []) + [fresh.verdict]
      if fresh.verdict == .regressed {
        out.comparisons[i].confirmations = confirmations
      } else {
        var replaced = fresh
        replaced.confirmations = confirmations
        // Δ% is undefined for a zero baseline median: name the values instead.
        let change =
          first.deltaPercent.map { String(format: "%+.1f %%", $0) }
          ?? String(format: "%.3g → %.3g ", first.baseline, first.candidate) + first.unit
        replaced.note =
          "\(TextReports._statisticName(first.statistic)) regressed in the first run (\(change)), not reproduced by confirmation re-run \(round)"
        out.comparisons[i] = replaced
      }
    }
    out.failed += rerun.failed.map { "confirmation re-run \(round): \($0)" }
    return out
  }
}
