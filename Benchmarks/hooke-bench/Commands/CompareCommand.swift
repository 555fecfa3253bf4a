// `compare` and the compare options it shares with `baseline check`.
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

/// `compare BASELINE CANDIDATE`.
struct CompareCommand: BenchCommand {
  /// `compare`'s configuration.
  static let configuration = CommandConfiguration(
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
  init(_ a: ParsedArguments) throws {
    baseline = a.positionals[0]
    candidate = a.positionals[1]
    switches = try _CompareSwitches(a)
  }

  /// Compares.
  func run(_ context: CommandContext) throws -> ExitCode {
    let a = try _readResults(context.resolve(baseline), baseline: true)
    let b = try _readResults(context.resolve(candidate), baseline: false)
    return try switches.compare(
      baseline: a, candidate: b, baselinePath: baseline, candidatePath: candidate, context)
  }
}
