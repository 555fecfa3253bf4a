// `baseline`.
import Foundation
import FrameBudget

/// `baseline update|check|list|path [NAME]`.
struct BaselineCommand: BenchCommand {
  /// `baseline`'s configuration.
  static let configuration = CommandConfiguration(
    name: "baseline",
    abstract: "Record, check, list or locate baselines under results/baselines/<machine-id>/NAME.json.",
    discussion: """
      update: run the suite (or take --from FILE) and write it as baseline NAME, atomically (a temp
      file renamed over the old one, so an interrupted update leaves the old baseline intact), keeping
      the old file's 'tolerance'.
      Refuses results from a debug build. The suite's defaults (10 repetitions) are what compare
      needs to flag a 2x regression; fewer repetitions get a warning. check: run the suite (or take
      --from FILE) and compare it with baseline NAME, confirming regressions of a run it measured
      with 2 re-runs (--confirm; 0 with --from). list: the baselines of this machine (--all: of
      every machine). path: print where baseline NAME of this machine is (or would be) written.
      Lookup (run, check): this machine's id exactly, else a compatible machine's baseline (same
      arch, cores and OS; with a warning), else exit 5 with how to record one. NAME defaults to
      main; the machine id to this machine's (--machine-id or HOOKE_BENCH_MACHINE_ID override it).
      """,
    arguments: [
      ArgumentSpec("action", "update, check, list or path."),
      ArgumentSpec("name", "Baseline name. Default: main.", optional: true),
    ],
    options: SuiteSelection.options + _CompareSwitches.options + [
      _CompareSwitches.confirmOption(defaultRuns: _Confirmation.defaultRuns),
      .option("from", "file", "Use this results file instead of running the suite."),
      .option("machine-id", "id", "Machine id folder (no '/', no leading '.'). Default: this machine's id."),
      .flag("all", "list: baselines of every machine."),
    ],
    examples: [
      ("hooke-bench baseline update", "Record this machine's 'main' baseline (release build)."),
      ("hooke-bench baseline check --format markdown", "Run the quick suite and compare it with 'main'."),
      ("hooke-bench baseline path", "Print results/baselines/<machine-id>/main.json for this machine."),
    ])

  enum Action: String, CaseIterable { case update, check, list, path }
  var action: Action
  var name: String
  var selection: SuiteSelection
  var switches: _CompareSwitches
  var from: String?
  var machineID: String?
  var all: Bool

  /// Validates the arguments.
  init(_ a: ParsedArguments) throws {
    guard let action = Action(rawValue: a.positionals[0]) else {
      let names = Action.allCases.map(\.rawValue)
      let hint = Suggestion.nearest(to: a.positionals[0], in: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError(
        "argument <action>: '\(a.positionals[0])' is not one of \(names.joined(separator: ", "))\(hint)")
    }
    self.action = action
    name = a.positional(1) ?? "main"
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
      throw UsageError("argument <name>: '\(name)' is not a valid baseline name (no '/', no leading '.')")
    }
    selection = try SuiteSelection(a)
    switches = try _CompareSwitches(a)
    from = a.string("from")
    machineID = a.string("machine-id")
    if let id = machineID, id.isEmpty || id.contains("/") || id.hasPrefix(".") {
      throw UsageError("option '--machine-id': '\(id)' is not a valid machine id (no '/', no leading '.')")
    }
    all = a.flag("all")
  }

  /// Runs the action.
  func run(_ context: CommandContext) throws -> ExitCode {
    let path = context.baselinePath(name: name, machineID: machineID)
    switch action {
    case .path:
      context.stdout.write(path + "\n")
      return .success
    case .list:
      let root = context.resolve("results/baselines")
      let machines =
        all
        ? ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        : [machineID ?? context.machine.id]
      var lines: [String] = []
      for machine in machines {
        let folder = root + "/" + machine
        for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        where file.hasSuffix(".json") {
          let detail: String
          do {
            let r = try ResultsIO.read(
              ResultsFile.self, kind: ResultsFile.kindName, from: folder + "/" + file)
            detail =
              "\(r.results.count) results, created \(r.createdAt), commit \(r.source.commit.map { String($0.prefix(12)) } ?? "unknown")"
          } catch { detail = "unreadable: \(error)" }
          lines.append("\(machine)/\(file.dropLast(5))  \(detail)")
        }
      }
      context.stdout.write(
        lines.isEmpty
          ? "no baselines for \(all ? "any machine" : machines[0])\n" : lines.joined(separator: "\n") + "\n")
      return .success
    case .update:
      try ResultsIO.checkWritable(path)
      let file: ResultsFile
      if let from {
        file = try _readResults(context.resolve(from), baseline: false)
      } else {
        _ = try selection.items(in: context.registry)
        guard context.configuration == .release else {
          throw CommandFailure(
            .failure,
            "refusing to record a baseline from a debug build; run 'swift run -c release hooke-bench baseline update'"
          )
        }
        file = try selection.measure(context, quiet: false, keepRaw: false)
      }
      guard file.machine.configuration == BuildConfiguration.release.rawValue else {
        throw CommandFailure(
          .failure,
          "\(from ?? "the run"): field 'machine.configuration' is '\(file.machine.configuration)'; baselines must come from a release build"
        )
      }
      if let failure = file.results.first(where: { $0.failure != nil }) {
        throw CommandFailure(
          .scenarioFailed,
          "refusing to record a baseline with a failed scenario: \(failure.id): \(failure.failure!)")
      }
      let fewest = file.results.map(\.repetitions.count).min() ?? 0
      if fewest < 10 {
        context.stderr.write(
          "warning: the baseline has only \(fewest) repetitions per row; compare needs 10 on both sides to flag a regression across the quick suite's 144 tests\n"
        )
      }
      // A hand-set tolerance belongs to the baseline, not to one recording of it: keep it.
      var recorded = file
      if recorded.tolerance == nil, FileManager.default.fileExists(atPath: path),
        let old = try? ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path)
      {
        recorded.tolerance = old.tolerance
      }
      try ResultsIO.write(recorded, to: path, beforeRename: context.beforeBaselineRename)
      context.stdout.write("baseline '\(name)' written to \(path) (\(file.results.count) results)\n")
      return .success
    case .check:
      guard let located = try BaselineLookup.locate(name, context, machineID: machineID) else {
        throw BaselineLookup.notFound(name, context, machineID: machineID)
      }
      if let warning = located.warning { context.stderr.write("warning: \(warning)\n") }
      let reference = try _readResults(located.path, baseline: true)
      let candidate: ResultsFile
      let candidatePath: String
      if let from {
        candidatePath = from
        candidate = try _readResults(context.resolve(from), baseline: false)
      } else {
        candidatePath = "(this run)"
        candidate = try selection.measure(context, quiet: false, keepRaw: false)
      }
      // A measured candidate is this build: confirm its regressions; a --from file is not.
      return try switches.compare(
        baseline: reference, candidate: candidate, baselinePath: located.path, candidatePath: candidatePath,
        confirmRuns: from == nil ? switches.confirm ?? _Confirmation.defaultRuns : switches.confirm ?? 0,
        context)
    }
  }
}
