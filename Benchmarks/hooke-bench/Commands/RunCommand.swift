// `run`: the suite measured, reported, compared and judged against the budget.
import Foundation
import FrameBudget

/// `run`: measure scenarios, print a table, write JSON and HTML, compare with the baseline.
struct RunCommand: BenchCommand {
  /// `run`'s configuration.
  static let configuration = CommandConfiguration(
    name: "run",
    abstract: "Measure scenarios frame by frame against the frame deadline (the default command).",
    discussion: """
      Each (scenario, engine, elements, Hz) runs --repetitions fresh instances: --warmup frames, then
      --frames frames, each timed with the thread CPU clock (wall clock when --threads > 1). The table
      shows p50/p99 CPU ms per frame, on-time rate (t <= D), hitch time ratio (ms/s) with its WWDC20
      grade and headroom D - p99 (--wide adds max, 1 % low FPS, peak memory and checksum). Writes the
      results file and an HTML report, compares with the baseline (see 'hooke-bench baseline --help'
      for the lookup; 'hooke-bench compare --help' for the verdicts and floors), re-measures the rows
      flagged regressed twice and keeps a regression only if both re-runs reproduce it (--confirm),
      and ends with the budget verdict: how many rows meet their deadline at p99.
      Output paths are checked before anything is measured.
      """ + "\n"
        + ExitCode.paragraph([
          .success, .failure, .regression, .scenarioFailed, .deadlineMissed, .budgetViolated, .usage,
        ]),
    options: SuiteSelection.options + [
      .option("output", "file", "Results file to write. Default: results/latest.json."),
      .option("format", "format", "Table format: text, markdown or json (the results file). Default: text."),
      .option("html", "file", "HTML report to write. Default: results/latest.html."),
      .option(
        "baseline", "name|file",
        "Baseline to compare with: a name looked up for this machine, or a results file (a path with '/' or ending in .json). Default: main."
      ),
      .option("budgets", "file", "Static budgets to check. Default: results/budgets.json if it exists."),
      _CompareSwitches.confirmOption(defaultRuns: _Confirmation.defaultRuns),
    ] + _CompareSwitches.toleranceOptions + [
      .flag(
        "fail-on-deadline", "Exit 6 when a row's p99 exceeds its deadline (the budget verdict's misses)."),
      .flag("no-compare", "Do not compare with the baseline."),
      .flag("raw-frames", "Store every raw frame time in the results file."),
      .flag("wide", "Show every column (max, 1 % low FPS, peak memory, checksum) and full ids."),
      .flag("quiet", "Print nothing but errors."),
    ],
    examples: [
      ("hooke-bench run", "The quick suite: every scene scenario at 1k and 10k elements, 60 and 120 Hz."),
      (
        "hooke-bench run --scenario 'grid*' --elements 1M --hz 120 --fail-on-deadline",
        "The grid scenarios at one million elements; exit 6 if a p99 misses 8.333 ms."
      ),
      ("hooke-bench run --baseline results/ci-main.json --format markdown", "Compare with an explicit file."),
    ])

  var selection: SuiteSelection
  var output: String
  var format: OutputFormat
  var html: String
  var baseline: String
  var budgets: String?
  /// The tolerances given on the command line.
  var tolerance: CompareTolerance
  /// Confirmation re-runs of regressed rows.
  var confirm: Int
  var compare: Bool
  var raw: Bool
  var quiet: Bool
  var wide: Bool
  var failOnDeadline: Bool

  /// Validates the options.
  init(_ a: ParsedArguments) throws {
    selection = try SuiteSelection(a)
    output = a.string("output") ?? "results/latest.json"
    format = try OutputFormat.parse(a) ?? .text
    html = a.string("html") ?? "results/latest.html"
    baseline = a.string("baseline") ?? "main"
    budgets = a.string("budgets")
    tolerance = try _CompareSwitches.tolerance(a)
    confirm = try a.int("confirm", in: 0...100) ?? _Confirmation.defaultRuns
    compare = !a.flag("no-compare")
    raw = a.flag("raw-frames")
    quiet = a.flag("quiet")
    wide = a.flag("wide")
    failOnDeadline = a.flag("fail-on-deadline")
  }

  /// Runs the suite.
  func run(_ context: CommandContext) throws -> ExitCode {
    // Everything that can fail without measuring is checked first: the selection, the output
    // paths, the budgets file and an explicitly named baseline file.
    _ = try selection.items(in: context.registry)
    // Two reports cannot share a file, but both may go to one character device (`/dev/null`) or
    // inherited descriptor (`/dev/stdout`).
    if output == html && !ResultsIO._acceptsSeveralOutputs(context.resolve(output)) {
      throw UsageError("options '--output' and '--html' name the same file '\(output)'")
    }
    try ResultsIO.checkWritable(context.resolve(output))
    try ResultsIO.checkWritable(context.resolve(html))
    let budgetFile = try _loadBudgets(budgets, context)
    let located = compare ? try BaselineLookup.locate(baseline, context) : nil
    let reference = try located.map { try _readResults($0.path, baseline: true) }
    let file = try selection.measure(context, quiet: quiet, keepRaw: raw)
    try ResultsIO.write(file, to: context.resolve(output))
    try ResultsIO.writeAtomically(
      Data(
        HTMLReport.render(
          results: file, capacity: nil,
          filmstrips: FilmstripSVG.strips(for: file, registry: context.registry),
          appendix: [HookeTrajectories.section]
        ).utf8), to: context.resolve(html))
    let out = format == .json ? context.stderr : context.stdout
    if !quiet {
      switch format {
      case .text: context.stdout.write(TextReports.results(file, wide: wide))
      case .markdown: context.stdout.write(TextReports.results(file, markdown: true, wide: wide))
      case .json: context.stdout.write(String(decoding: try ResultsIO.encode(file), as: UTF8.self))
      }
    }
    var codes: [ExitCode] = []
    for r in file.results {
      if let f = r.failure {
        context.stderr.write("FAILED \(r.id): \(f)\n")
        codes.append(.scenarioFailed)
      }
    }
    if let located, let reference {
      if let warning = located.warning { context.stderr.write("warning: \(warning)\n") }
      let options = CompareOptions().applying(reference.tolerance).applying(tolerance)
      var report = Comparator.compare(
        baseline: reference, candidate: file, baselinePath: located.path,
        candidatePath: context.resolve(output), budgets: budgetFile, options: options)
      report = _Confirmation.confirm(
        report, runs: confirm, baseline: reference, candidate: file, options: options, quiet: quiet, context)
      let code = ExitCode.verdict(Comparator.findings(report, options: options))
      report.exitCode = code.rawValue
      if !quiet { out.write("\n" + TextReports.compare(report, markdown: format == .markdown)) }
      codes.append(code)
    } else {
      if compare && !quiet {
        out.write(
          "\nno baseline '\(baseline)' for machine '\(context.machine.id)' (\(BaselineLookup.howToRecord)).\n"
        )
      }
      if let budgetFile {
        let violations = Comparator.check(budgets: budgetFile, results: file.results)
        for v in violations {
          context.stderr.write(
            "budget violated: \(v.id) \(v.metric) = \(_number(v.value)) (limit \(v.limit))\n")
        }
        if !violations.isEmpty { codes.append(.budgetViolated) }
      }
    }
    let missed = file.results.contains { $0.failure == nil && $0.metrics.frame.p99Ns > $0.deadlineNs }
    if failOnDeadline && missed { codes.append(.deadlineMissed) }
    if !quiet { out.write("\n" + TextReports.budgetVerdict(file)) }
    return ExitCode.mostSevere(codes)
  }
}
