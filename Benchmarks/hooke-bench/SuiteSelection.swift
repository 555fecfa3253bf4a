// The scenario/engine/size/rate selection and measurement options `run` and `baseline` share.
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
    .option(
      "checksum-every", "n",
      "Frames between render-list checksums (untimed; the last frame is always sampled). Reading the whole list evicts the engine's state from the caches, so the frame after a sample runs cold: 1 measures every frame so. Default: 60."
    ),
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
    if let v = try a.int("checksum-every", in: 1...10_000_000) { options.checksumInterval = v }
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
    return context.runSuite(list, options: options) { done, _, id in progress(done, id) }
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
