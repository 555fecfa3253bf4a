// `--confirm N`: re-measure the rows a compare flagged as regressed and keep the verdict only
// where every re-run reproduces it.
import FrameBudget

/// Confirmation re-runs for `run`, `baseline check` and `compare`.
enum _Confirmation {
  /// The default number of re-runs of `run` and `baseline check` (they measure the candidate
  /// themselves, so this build is the candidate): 2. `compare` defaults to 0.
  static let defaultRuns = 2

  /// Throws unless re-measuring can stand for `candidate`: it must come from this machine
  /// (exit 1, naming both machines); a candidate measured at another commit than the working
  /// tree's, or with uncommitted changes now, gets a warning (this build may not be the one
  /// that measured it).
  static func checkRemeasurable(_ candidate: ResultsFile, path: String, _ context: CommandContext) throws {
    let here = context.machine
    guard candidate.machine.id == here.id else {
      throw CommandFailure(
        .failure,
        "--confirm re-measures with this build on this machine ('\(here.id)'), but \(path) was measured on '\(candidate.machine.id)'"
      )
    }
    let source = Probe.source(directory: context.workingDirectory)
    if let recorded = candidate.source.commit, let now = source.commit,
      recorded != now || source.dirty == true
    {
      context.stderr.write(
        "warning: --confirm re-measures with this build (commit \(now.prefix(12))\(source.dirty == true ? ", dirty" : "")), but \(path) was measured at commit \(recorded.prefix(12))\n"
      )
    }
  }

  /// `report` after up to `runs` confirmation re-runs (``Comparator/folding(_:into:)``): each
  /// re-run measures, with this build and `candidate`'s run configuration, only the rows still
  /// `regressed`, and compares them with the same rows of `baseline` under `options`. Stops
  /// early when nothing is left to confirm. Rows whose scenario or engine this tool does not
  /// know cannot be re-measured: they stay `regressed`, with a warning.
  static func confirm(
    _ report: CompareReport, runs: Int, baseline: ResultsFile, candidate: ResultsFile,
    options: CompareOptions, quiet: Bool, _ context: CommandContext
  ) -> CompareReport {
    var report = report
    guard runs > 0 else { return report }
    var run = RunOptions()
    run.seed = candidate.config.seed
    run.frames = candidate.config.frames
    run.warmupFrames = candidate.config.warmupFrames
    run.repetitions = candidate.config.repetitions
    run.threads = candidate.config.threads
    run.clock = FrameClock(rawValue: candidate.config.clock)
    var unknown: [String] = []
    for round in 1...runs {
      var items: [BenchmarkItem] = []
      for id in Comparator.idsToConfirm(report) {
        guard let r = candidate.results.first(where: { $0.id == id }),
          let scenario = context.registry.scenario(named: r.scenario), scenario.engines.contains(r.engine)
        else {
          if !unknown.contains(id) { unknown.append(id) }
          continue
        }
        items.append(BenchmarkItem(scenario: scenario, engine: r.engine, elements: r.elements, hz: r.hz))
      }
      if items.isEmpty { break }
      if !quiet {
        context.stderr.write(
          "confirming \(items.count) regressed row(s): re-run \(round) of \(runs)\n")
      }
      let ids = Set(
        items.map {
          ScenarioResult.makeID(
            scenario: $0.scenario.name, engine: $0.engine, elements: $0.elements, hz: $0.hz)
        })
      var reference = baseline
      reference.results = baseline.results.filter { ids.contains($0.id) }
      let fresh = context.runSuite(items, options: run)
      let rerun = Comparator.compare(
        baseline: reference, candidate: fresh, baselinePath: report.baselinePath,
        candidatePath: "(confirmation re-run \(round))", options: options)
      report = Comparator.folding(rerun, into: report)
    }
    if !unknown.isEmpty {
      report.warnings.append(
        "\(unknown.count) regressed row(s) (e.g. \(unknown[0])) could not be re-measured to confirm: this tool has no such scenario or engine"
      )
    }
    return report
  }
}
