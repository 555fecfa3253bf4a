// The compare options `compare` and `baseline check` share, and reading the files they compare.
import Foundation
import FrameBudget

/// Compare-related options shared by `compare` and `baseline check`.
struct _CompareSwitches {
  static let options: [OptionSpec] =
    [
      .option(
        "format", "format", "Output format: text, markdown or json (a hooke.compare document). Default: text."
      ),
      .flag("strict", "Exit 8 on inconclusive results, 2 on behaviour changes; refuse different machines."),
      .flag(
        "fail-on-improvement", "Exit 4 when there are improvements and nothing worse (refresh the baseline)."),
      .option("alpha", "p", "Significance level after Holm correction. Default: 0.05."),
      .option("budgets", "file", "Static budgets file. Default: results/budgets.json if it exists."),
      .option(
        "id", "glob",
        "Compare only results whose id or short id (scenario/engine 10k@120) matches; repeatable. Default: all.",
        repeating: true),
    ] + toleranceOptions

  /// The noise band and floor options (also `run`'s); each replaces the baseline file's
  /// `tolerance` field, which replaces the built-in default.
  static let toleranceOptions: [OptionSpec] = [
    .option("noise", "percent", "Noise band in percent. Default: the baseline's tolerance, else 5."),
    .option(
      "p50-floor", "us",
      "A p50 change must also clear this many microseconds. Default: the baseline's tolerance, else \(_number(CompareOptions.defaultP50FloorNs / 1000))."
    ),
    .option(
      "p99-floor", "percent",
      "A p99 change must also clear this percentage of the row's frame deadline. Default: the baseline's tolerance, else \(_number(CompareOptions.defaultP99FloorDeadlineFraction * 100))."
    ),
  ]

  /// The `--confirm` option; `defaultRuns` is the command's default.
  static func confirmOption(defaultRuns: Int) -> OptionSpec {
    .option(
      "confirm", "n",
      "Re-measure the rows flagged regressed n times with this build and keep a regression only if every re-run reproduces it; 0 turns it off. Default: \(defaultRuns)."
    )
  }

  /// The tolerance fields given on the command line (`--noise`, `--p50-floor`, `--p99-floor`).
  static func tolerance(_ a: ParsedArguments) throws -> CompareTolerance {
    CompareTolerance(
      relativePct: try a.double("noise", in: 0...100),
      p50FloorNs: try a.double("p50-floor", in: 0...1e9).map { $0 * 1000 },
      p99FloorDeadlinePct: try a.double("p99-floor", in: 0...100))
  }

  var format: OutputFormat
  /// α, `--strict` and `--fail-on-improvement`; the tolerances come from ``options(for:)``.
  var options = CompareOptions()
  /// The tolerances given on the command line.
  var tolerance: CompareTolerance
  /// `--confirm`, nil when not given (the command's default applies).
  var confirm: Int?
  var budgets: String?
  var ids: [String]?

  init(_ a: ParsedArguments) throws {
    format = try OutputFormat.parse(a) ?? .text
    options.strict = a.flag("strict")
    options.failOnImprovement = a.flag("fail-on-improvement")
    tolerance = try Self.tolerance(a)
    confirm = try a.int("confirm", in: 0...100)
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

  /// The compare options for `baseline`: the defaults, then the baseline's `tolerance`, then
  /// the command line's.
  func options(for baseline: ResultsFile) -> CompareOptions {
    options.applying(baseline.tolerance).applying(tolerance)
  }

  /// Compares (confirming regressions with `confirmRuns` re-runs, which re-measure with this
  /// build), prints in the chosen format and returns the exit code.
  func compare(
    baseline: ResultsFile, candidate: ResultsFile, baselinePath: String, candidatePath: String,
    confirmRuns: Int = 0, _ context: CommandContext
  ) throws -> ExitCode {
    if options.strict && baseline.machine.id != candidate.machine.id {
      throw CommandFailure(
        .failure,
        "--strict: machine '\(candidate.machine.id)' of \(candidatePath) differs from '\(baseline.machine.id)' of \(baselinePath)"
      )
    }
    if confirmRuns > 0 { try _Confirmation.checkRemeasurable(candidate, path: candidatePath, context) }
    let effective = options(for: baseline)
    let selectedBaseline = try _selected(baseline, checkPatterns: false)
    let selectedCandidate = try _selected(candidate, checkPatterns: true)
    var report = Comparator.compare(
      baseline: selectedBaseline, candidate: selectedCandidate, baselinePath: baselinePath,
      candidatePath: candidatePath, budgets: try _loadBudgets(budgets, context), options: effective)
    report = _Confirmation.confirm(
      report, runs: confirmRuns, baseline: selectedBaseline, candidate: selectedCandidate,
      options: effective, quiet: false, context)
    let code = ExitCode.verdict(Comparator.findings(report, options: effective))
    report.exitCode = code.rawValue
    switch format {
    case .text: context.stdout.write(TextReports.compare(report))
    case .markdown: context.stdout.write(TextReports.compare(report, markdown: true))
    case .json: context.stdout.write(String(decoding: try ResultsIO.encode(report), as: UTF8.self))
    }
    return code
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

/// Loads `path` (or `results/budgets.json` if present when `path` is nil).
func _loadBudgets(_ path: String?, _ context: CommandContext) throws -> BudgetsFile? {
  if let path {
    return try ResultsIO.read(BudgetsFile.self, kind: BudgetsFile.kindName, from: context.resolve(path))
  }
  let standard = context.resolve("results/budgets.json")
  guard FileManager.default.fileExists(atPath: standard) else { return nil }
  return try ResultsIO.read(BudgetsFile.self, kind: BudgetsFile.kindName, from: standard)
}
