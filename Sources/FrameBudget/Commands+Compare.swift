// `compare`, `baseline`, `report` and `export`.
import Foundation

/// Compare-related options shared by `compare` and `baseline check`.
struct _CompareSwitches {
  static let options: [OptionSpec] = [
    .option(
      "format", "format", "Output format: text, markdown or json (a hooke.compare document). Default: text."),
    .flag("strict", "Exit 8 on inconclusive results, 2 on behaviour changes; refuse different machines."),
    .flag(
      "fail-on-improvement", "Exit 4 when there are improvements and nothing worse (refresh the baseline)."),
    .option("noise", "percent", "Noise band in percent. Default: 5."),
    .option("alpha", "p", "Significance level after Holm correction. Default: 0.05."),
    .option("budgets", "file", "Static budgets file. Default: results/budgets.json if it exists."),
    .option(
      "id", "glob",
      "Compare only results whose id or short id (scenario/engine 10k@120) matches; repeatable. Default: all.",
      repeating: true),
  ]

  var format: OutputFormat
  var options = CompareOptions()
  var budgets: String?
  var ids: [String]?

  init(_ a: ParsedArguments) throws {
    format = try OutputFormat.parse(a) ?? .text
    options.strict = a.flag("strict")
    options.failOnImprovement = a.flag("fail-on-improvement")
    if let n = try a.double("noise", in: 0...100) { options.noise = n / 100 }
    if let p = try a.double("alpha", in: 0...1) { options.alpha = p }
    budgets = a.string("budgets")
    ids = try a.nonEmptyList("id")
  }

  /// `file` reduced to the results `--id` selects; a pattern matching no result of the
  /// candidate is a usage error naming it.
  func _selected(_ file: ResultsFile, checkPatterns: Bool) throws -> ResultsFile {
    guard let ids else { return file }
    func matches(_ pattern: String, _ r: ScenarioResult) -> Bool {
      let names = [r.id, TextReports.shortID(r)]
      return names.contains {
        Suggestion.isGlob(pattern) ? Suggestion.glob(pattern, matches: $0) : $0 == pattern
      }
    }
    if checkPatterns {
      for pattern in ids where !file.results.contains(where: { matches(pattern, $0) }) {
        let hint = Suggestion.nearest(to: pattern, in: file.results.map(\.id)).map {
          "; did you mean '\($0)'?"
        }
        throw UsageError("option '--id': '\(pattern)' matches no result\(hint ?? "")")
      }
    }
    var out = file
    out.results = file.results.filter { r in ids.contains { matches($0, r) } }
    return out
  }

  /// Compares, prints in the chosen format and returns the exit code.
  func compare(
    baseline: ResultsFile, candidate: ResultsFile, baselinePath: String, candidatePath: String,
    _ context: CommandContext
  ) throws -> ExitCode {
    if options.strict && baseline.machine.id != candidate.machine.id {
      throw CommandFailure(
        .failure,
        "--strict: machine '\(candidate.machine.id)' of \(candidatePath) differs from '\(baseline.machine.id)' of \(baselinePath)"
      )
    }
    let report = Comparator.compare(
      baseline: try _selected(baseline, checkPatterns: false),
      candidate: try _selected(candidate, checkPatterns: true), baselinePath: baselinePath,
      candidatePath: candidatePath, budgets: try _loadBudgets(budgets, context), options: options)
    switch format {
    case .text: context.stdout.write(TextReports.compare(report))
    case .markdown: context.stdout.write(TextReports.compare(report, markdown: true))
    case .json: context.stdout.write(String(decoding: try ResultsIO.encode(report), as: UTF8.self))
    }
    return ExitCode(rawValue: report.exitCode) ?? .failure
  }
}

/// Reads a results file; a missing file is exit 5 when it is the baseline.
func _readResults(_ path: String, baseline: Bool) throws -> ResultsFile {
  do {
    return try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path)
  } catch let error as ResultsFileError {
    if case .missing = error, baseline {
      throw CommandFailure(.baselineNotFound, "baseline not found: \(error); \(BaselineLookup.howToRecord)")
    }
    throw error
  }
}

/// `compare BASELINE CANDIDATE`.
public struct CompareCommand: BenchCommand {
  /// `compare`'s configuration.
  public static let configuration = CommandConfiguration(
    name: "compare",
    abstract: "Compare two results files: behaviour exactly, timing statistically.",
    discussion: """
      Results are matched by id. Checksums and counters must be equal (differences are reported as
      behaviour changes). Timing statistics (per-repetition p50, p99, hitch time ratio, on-time rate)
      are compared with a two-sided Mann-Whitney U test (Holm-corrected across all tests) and a
      bootstrap 95 % CI of the median ratio (10 000 resamples, fixed seed): regressed / improved if
      significant and the CI is beyond the noise band, unchanged if the CI is inside it, noise if
      significant but inside, inconclusive otherwise. Equal medians are not "unchanged" by
      themselves: the CI decides. A row with m and n repetitions can reach significance only if
      (tests) x 2/C(m+n, m) < alpha; compare warns once per kind of row that cannot (record with
      10 repetitions: the quick suite's 144 tests then flag a 2x regression). Empty or
      inconsistent files are errors naming the file and field (exit 1).
      """ + "\n"
        + ExitCode.paragraph([
          .success, .failure, .regression, .scenarioFailed, .improvementsOnly, .baselineNotFound,
          .budgetViolated, .inconclusive, .usage,
        ]),
    arguments: [
      ArgumentSpec("baseline", "The reference results file."),
      ArgumentSpec("candidate", "The new results file."),
    ],
    options: _CompareSwitches.options,
    examples: [
      (
        "hooke-bench compare results/baselines/linux-x86_64-2c-amd-epyc/main.json results/latest.json",
        "Compare the last run with a committed baseline."
      ),
      (
        "hooke-bench compare base.json new.json --format markdown --strict",
        "A PR summary; exit 8 if inconclusive."
      ),
    ])

  var baseline: String
  var candidate: String
  var switches: _CompareSwitches

  /// Validates the arguments.
  public init(_ a: ParsedArguments) throws {
    baseline = a.positionals[0]
    candidate = a.positionals[1]
    switches = try _CompareSwitches(a)
  }

  /// Compares.
  public func run(_ context: CommandContext) throws -> ExitCode {
    let a = try _readResults(context.resolve(baseline), baseline: true)
    let b = try _readResults(context.resolve(candidate), baseline: false)
    return try switches.compare(
      baseline: a, candidate: b, baselinePath: baseline, candidatePath: candidate, context)
  }
}

/// `baseline update|check|list|path [NAME]`.
public struct BaselineCommand: BenchCommand {
  /// `baseline`'s configuration.
  public static let configuration = CommandConfiguration(
    name: "baseline",
    abstract: "Record, check, list or locate baselines under results/baselines/<machine-id>/NAME.json.",
    discussion: """
      update: run the suite (or take --from FILE) and write it as baseline NAME, atomically (a temp
      file renamed over the old one, so an interrupted update leaves the old baseline intact).
      Refuses results from a debug build. The suite's defaults (10 repetitions) are what compare
      needs to flag a 2x regression; fewer repetitions get a warning. check: run the suite (or take
      --from FILE) and compare it with baseline NAME. list: the baselines of this machine (--all: of
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
  public init(_ a: ParsedArguments) throws {
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
  public func run(_ context: CommandContext) throws -> ExitCode {
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
      try ResultsIO.write(file, to: path, beforeRename: context.beforeBaselineRename)
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
      return try switches.compare(
        baseline: reference, candidate: candidate, baselinePath: located.path, candidatePath: candidatePath,
        context)
    }
  }
}

/// `report RESULTS.json [MORE.json ...] --html FILE`.
public struct ReportCommand: BenchCommand {
  /// `report`'s configuration.
  public static let configuration = CommandConfiguration(
    name: "report",
    abstract: "Write a self-contained HTML report (inline SVG) for results files.",
    discussion: """
      The report has a summary table, a frame-time percentile plot and a histogram per scenario
      (deadline marked), capacity per Hz and engine when --capacity is given, and spring and curve
      trajectories computed with Hooke. With several results files (oldest first, e.g. one per
      commit), the report is of the last one and adds the trend of each id's p50 and p99 across
      all of them. No scripts or external resources: open it in any browser.
      """,
    arguments: [ArgumentSpec("results", "hooke.results files, oldest first.", repeating: true)],
    options: [
      .option("html", "file", "Where to write the HTML. Default: the last results path with .html."),
      .option("capacity", "file", "A hooke.capacity file to chart as well."),
    ],
    examples: [
      ("hooke-bench report results/latest.json", "Write results/latest.html."),
      (
        "hooke-bench report results/latest.json --html cap.html --capacity results/capacity-120hz.json",
        "Add the capacity chart."
      ),
      ("hooke-bench report history/a.json history/b.json history/c.json", "Trends over three commits."),
    ])

  var results: [String]
  var html: String
  var capacity: String?

  /// Validates the arguments.
  public init(_ a: ParsedArguments) throws {
    results = a.positionals
    let last = results[results.count - 1]
    html = a.string("html") ?? (last.hasSuffix(".json") ? String(last.dropLast(5)) : last) + ".html"
    capacity = a.string("capacity")
  }

  /// Writes the report.
  public func run(_ context: CommandContext) throws -> ExitCode {
    try ResultsIO.checkWritable(context.resolve(html))
    let files = try results.map { try _readResults(context.resolve($0), baseline: false) }
    let cap = try capacity.map {
      try ResultsIO.read(CapacityFile.self, kind: CapacityFile.kindName, from: context.resolve($0))
    }
    try ResultsIO.writeAtomically(
      Data(HTMLReport.render(results: files.last, capacity: cap, history: files).utf8),
      to: context.resolve(html))
    context.stdout.write("wrote \(html)\n")
    return .success
  }
}

/// `export RESULTS.json --format bmf|github-action-benchmark`.
public struct ExportCommand: BenchCommand {
  /// `export`'s configuration.
  public static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Export a results or capacity file for Bencher (BMF) or github-action-benchmark.",
    discussion: """
      A hooke.results file exports p50/p99 (ns, smaller is better); a hooke.capacity file exports the
      largest element count per scenario, engine and Hz (bigger is better: github-action-benchmark's
      customBiggerIsBetter tool) and ns per element.
      """,
    arguments: [ArgumentSpec("file", "A hooke.results or hooke.capacity file.")],
    options: [
      .option("format", "format", "bmf or github-action-benchmark (required)."),
      .option("output", "file", "Write to this file instead of standard output."),
    ],
    examples: [
      ("hooke-bench export results/latest.json --format bmf --output bmf.json", "For 'bencher run --file'."),
      ("hooke-bench export results/capacity-120hz.json --format bmf", "Capacity (largest N) for Bencher."),
      (
        "hooke-bench export results/latest.json --format github-action-benchmark",
        "For github-action-benchmark."
      ),
    ])

  var results: String
  var format: ResultsExport.Format
  var output: String?

  /// Validates the arguments.
  public init(_ a: ParsedArguments) throws {
    results = a.positionals[0]
    guard let raw = try a.choice("format", ResultsExport.Format.allCases.map(\.rawValue)) else {
      throw UsageError("missing option '--format <format>' (bmf or github-action-benchmark)")
    }
    format = ResultsExport.Format(rawValue: raw)!
    output = a.string("output")
  }

  /// Exports.
  public func run(_ context: CommandContext) throws -> ExitCode {
    if let output { try ResultsIO.checkWritable(context.resolve(output)) }
    let path = context.resolve(results)
    let data: Data
    if try ResultsIO.kind(of: path) == CapacityFile.kindName {
      let file = try ResultsIO.read(CapacityFile.self, kind: CapacityFile.kindName, from: path)
      data = try ResultsExport.export(file, format: format)
    } else {
      data = try ResultsExport.export(try _readResults(path, baseline: false), format: format)
    }
    if let output {
      try ResultsIO.writeAtomically(data, to: context.resolve(output))
    } else {
      context.stdout.write(String(decoding: data, as: UTF8.self))
    }
    return .success
  }
}
