// `run` and the suite selection it shares with `baseline`.
import Foundation
import FrameBudget

/// Scenario/engine/size/rate selection and measurement options shared by `run` and `baseline`.
struct SuiteSelection: Sendable {
  /// The options this selection reads.
  static let options: [OptionSpec] = [
    .option(
      "scenario", "name",
      "Scenario name or glob ('grid*'); repeatable, comma-separated lists allowed. Default: the tool's quick suite (hooke-bench: its nine scene scenarios, not the spring-field self-test).",
      repeating: true),
    .option("elements", "list", "Element counts, e.g. 1k,10k,100k,1M. Default: 1000,10000."),
    .option("hz", "list", "Refresh rates in Hz, any list, e.g. 60,90,120,144,240. Default: 60,120."),
    .option(
      "engine", "list", "Engines, e.g. hooke,naive,euler,rk4. Default: each scenario's first engine (hooke)."),
    .option(
      "frames", "n",
      "Measured frames per repetition. Default: 300, or the tool's quick-suite value (hooke-bench: 60)."),
    .option(
      "warmup", "n",
      "Warm-up frames per repetition (run, not measured). Default: 60, or the tool's quick-suite value (hooke-bench: 15)."
    ),
    .option(
      "repetitions", "n",
      "In-process repetitions (the unit of compare's statistics: 5 or more are tested, 10 let the 144 tests of the quick suite flag a 2x regression). Default: 10."
    ),
    .option("threads", "n", "Worker threads for the workloads. Default: all cores."),
    .option("seed", "n", "Seed of the scenario scripts. Default: 42."),
    .option(
      "clock", "clock",
      "Frame clock: thread-cpu or wall. Default: thread-cpu with 1 thread, wall with more (other threads' CPU time is invisible to the driving thread)."
    ),
  ]

  /// Requested scenario names (nil = all / registry default).
  var scenarios: [String]?
  /// Requested element counts.
  var elements: [Int]?
  /// Requested refresh rates.
  var hz: [Int]?
  /// Requested engines.
  var engines: [String]?
  /// Measurement options.
  var options = RunOptions()
  /// Which of frames, warm-up and repetitions were given on the command line (the others take
  /// the registry's quick-suite defaults when it sets them).
  var _given: (frames: Bool, warmup: Bool, repetitions: Bool) = (false, false, false)

  /// Reads the shared options.
  init(_ a: ParsedArguments) throws {
    scenarios = try a.nonEmptyList("scenario")
    elements = try a.ints("elements", in: 1...100_000_000)
    hz = try a.ints("hz", in: 1...10_000)
    engines = try a.nonEmptyList("engine")
    if let v = try a.int("frames", in: 1...10_000_000) {
      options.frames = v
      _given.frames = true
    }
    if let v = try a.int("warmup", in: 0...10_000_000) {
      options.warmupFrames = v
      _given.warmup = true
    }
    if let v = try a.int("repetitions", in: 1...10_000) {
      options.repetitions = v
      _given.repetitions = true
    }
    if let v = try a.int("threads", in: 1...4096) { options.threads = v }
    if let raw = a.string("seed") {
      guard let seed = UInt64(raw) else {
        throw UsageError("option '--seed': '\(raw)' is not an unsigned 64-bit integer")
      }
      options.seed = seed
    }
    if let clock = try a.choice("clock", [FrameClock.threadCPU.rawValue, FrameClock.wall.rawValue]) {
      options.clock = FrameClock(rawValue: clock)
    }
  }

  /// The measurements in report order (scenario, engine, elements, hz). Scenario names may be
  /// globs; unknown scenario or engine names are usage errors naming the flag, with a
  /// did-you-mean hint.
  func items(in registry: ScenarioRegistry) throws -> [BenchmarkItem] {
    let chosen = try _chooseScenarios(scenarios, engines: engines, in: registry)
    var out: [BenchmarkItem] = []
    for s in chosen {
      let selected = engines.map { list in list.filter { s.engines.contains($0) } } ?? [s.engines[0]]
      for e in selected {
        for n in elements ?? registry.defaultElements {
          for h in hz ?? registry.defaultHz {
            out.append(BenchmarkItem(scenario: s, engine: e, elements: n, hz: h))
          }
        }
      }
    }
    return out
  }

  /// The measurement options with the registry's quick-suite defaults for what the command line
  /// did not set.
  func effectiveOptions(_ registry: ScenarioRegistry) -> RunOptions {
    var options = self.options
    if !_given.frames, let v = registry.defaultFrames { options.frames = v }
    if !_given.warmup, let v = registry.defaultWarmupFrames { options.warmupFrames = v }
    if !_given.repetitions, let v = registry.defaultRepetitions { options.repetitions = v }
    return options
  }

  /// Runs every item and assembles the results file.
  func measure(_ context: CommandContext, quiet: Bool, keepRaw: Bool) throws -> ResultsFile {
    let list = try items(in: context.registry)
    var options = effectiveOptions(context.registry)
    options.keepRawFrameTimes = keepRaw
    let progress = quiet ? { _, _ in } : context.progress(total: list.count * options.repetitions)
    return BenchmarkRunner.runSuite(
      list, options: options, machine: context.machine,
      source: Probe.source(directory: context.workingDirectory)
    ) { done, _, id in progress(done, id) }
  }
}

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
      for the lookup), and ends with the budget verdict: how many rows meet their deadline at p99.
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
    compare = !a.flag("no-compare")
    raw = a.flag("raw-frames")
    quiet = a.flag("quiet")
    wide = a.flag("wide")
    failOnDeadline = a.flag("fail-on-deadline")
    if output == html { throw UsageError("options '--output' and '--html' name the same file '\(output)'") }
  }

  /// Runs the suite.
  func run(_ context: CommandContext) throws -> ExitCode {
    // Everything that can fail without measuring is checked first: the selection, the output
    // paths, the budgets file and an explicitly named baseline file.
    _ = try selection.items(in: context.registry)
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
      var report = Comparator.compare(
        baseline: reference, candidate: file, baselinePath: located.path,
        candidatePath: context.resolve(output), budgets: budgetFile)
      let code = ExitCode.verdict(Comparator.findings(report, options: CompareOptions()))
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

/// The scenarios `patterns` select (names or globs; nil: the registry's default suite, else all),
/// in registration order, after checking that every `engines` entry is offered by one of them.
func _chooseScenarios(_ patterns: [String]?, engines: [String]?, in registry: ScenarioRegistry) throws
  -> [ScenarioDescriptor]
{
  let all = registry.scenarios.map(\.name)
  guard !all.isEmpty else { throw UsageError("option '--scenario': no scenarios are registered") }
  let names =
    try patterns.map { try Suggestion.select($0, from: all, flag: "scenario", noun: "scenario") }
    ?? registry.defaultScenarios ?? all
  let chosen = names.compactMap(registry.scenario(named:))
  if let engines {
    let known = chosen.flatMap(\.engines).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    for e in engines where !known.contains(e) {
      let hint = Suggestion.nearest(to: e, in: known).map { "; did you mean '\($0)'?" } ?? ""
      throw UsageError(
        "option '--engine': no selected scenario offers engine '\(e)'\(hint) (available: \(known.joined(separator: ", ")))"
      )
    }
  }
  return chosen
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
