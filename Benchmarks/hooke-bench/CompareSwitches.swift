// The compare options `compare` and `baseline check` share, and reading the files they compare.
import Foundation
import FrameBudget

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
    var report = Comparator.compare(
      baseline: try _selected(baseline, checkPatterns: false),
      candidate: try _selected(candidate, checkPatterns: true), baselinePath: baselinePath,
      candidatePath: candidatePath, budgets: try _loadBudgets(budgets, context), options: options)
    let code = ExitCode.verdict(Comparator.findings(report, options: options))
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
