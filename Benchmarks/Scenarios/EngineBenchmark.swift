// The entry point for an outside engine: its ChannelEngine on Hooke's scenarios, measured by the
// harness next to reference engines, into a results file hooke-bench reads.
import FrameBudget

/// Benchmarks an engine of your own on Hooke's scene scenarios.
///
/// Implement ``ChannelEngine``, name it with a ``ChannelEngineFactory`` and call
/// ``run(_:references:scenarios:elements:hz:options:configuration:progress:)``:
///
/// ```swift
/// let results = try EngineBenchmark.run(
///   ChannelEngineFactory("my-engine") { _ in MyEngine() }, scenarios: ["grid-reflow"], elements: [1_000])
/// try ResultsIO.write(results, to: "my-engine.json")   // hooke-bench report / compare read it
/// ```
///
/// Each (scenario, engine, N, Hz) runs like a `hooke-bench run` row: fresh engines per
/// repetition, warm-up frames, every frame timed with the thread CPU clock (wall clock with more
/// than one thread), checksums and counters compared across repetitions (a difference, or a
/// throw, sets the row's `failure`).
public enum EngineBenchmark {
  /// Why a benchmark could not start (nothing was measured).
  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// A requested scenario does not exist.
    case unknownScenario(String, available: [String])
    /// The engine's name is `hooke` (the full scene), empty, contains `/`, `?` or `&`, or
    /// repeats a reference engine's name.
    case badEngineName(String)
    /// `scenarios`, `elements` or `hz` was empty (the results file would have no rows).
    case nothingToMeasure(String)

    /// A message naming what was wrong.
    public var description: String {
      switch self {
      case .unknownScenario(let name, let available):
        return "unknown scenario '\(name)' (available: \(available.joined(separator: ", ")))"
      case .badEngineName(let name):
        return
          "engine name '\(name)' is not usable: it must be non-empty, not 'hooke', without '/', '?' or '&', and differ from the reference engines"
      case .nothingToMeasure(let what): return "no \(what) to measure"
      }
    }
  }

  /// The options of `hooke-bench`'s quick suite: 15 warm-up and 60 measured frames, 10
  /// repetitions (enough for `hooke-bench compare` to flag a 2× change), seed 42, every core.
  public static var quickSuiteOptions: RunOptions {
    var options = RunOptions()
    options.warmupFrames = 15
    options.frames = 60
    options.repetitions = 10
    return options
  }

  /// Measures `engine`, then each of `references`, on every scenario of `scenarios` (names of
  /// ``SceneScenarios/names``, run in that order) at every element count and rate, and returns
  /// the results file (schema `hooke.results`, what `hooke-bench run` writes). Rows are ordered
  /// scenario, engine (yours first), elements, Hz. `configuration` is recorded in the file's
  /// machine record: pass your executable's own (`#if DEBUG`). `progress` receives (repetitions
  /// done, in all, the current result id).
  ///
  /// Throws ``Failure`` before measuring anything for an unknown scenario, an unusable engine
  /// name or an empty list.
  public static func run(
    _ engine: ChannelEngineFactory, references: [ChannelEngineFactory] = [.hookeChannels],
    scenarios: [String] = SceneScenarios.names, elements: [Int] = [1_000, 10_000], hz: [Int] = [60, 120],
    options: RunOptions = quickSuiteOptions, configuration: BuildConfiguration = .current,
    progress: ((_ done: Int, _ total: Int, _ id: String) -> Void)? = nil
  ) throws -> ResultsFile {
    let items = try items(
      engine, references: references, scenarios: scenarios, elements: elements, hz: hz)
    return BenchmarkRunner.runSuite(
      items, options: options, machine: Probe.machine(configuration: configuration),
      source: Probe.source(directory: "."), progress: progress)
  }

  /// The rows ``run(_:references:scenarios:elements:hz:options:configuration:progress:)``
  /// measures, in its order, after the same checks.
  public static func items(
    _ engine: ChannelEngineFactory, references: [ChannelEngineFactory] = [.hookeChannels],
    scenarios: [String] = SceneScenarios.names, elements: [Int] = [1_000, 10_000], hz: [Int] = [60, 120]
  ) throws -> [BenchmarkItem] {
    let name = engine.name
    guard !name.isEmpty, name != "hooke", !name.contains(where: { "/?&".contains($0) }),
      !references.contains(where: { $0.name == name })
    else { throw Failure.badEngineName(name) }
    if scenarios.isEmpty { throw Failure.nothingToMeasure("scenarios") }
    if elements.isEmpty { throw Failure.nothingToMeasure("element counts") }
    if hz.isEmpty { throw Failure.nothingToMeasure("refresh rates") }
    let engines = [engine] + references
    let descriptors = SceneScenarios.all(channelEngines: engines)
    var items: [BenchmarkItem] = []
    for scenario in scenarios {
      guard let d = descriptors.first(where: { $0.name == scenario }) else {
        throw Failure.unknownScenario(scenario, available: SceneScenarios.names)
      }
      for e in d.engines where e != "hooke" {
        for n in elements {
          for h in hz { items.append(BenchmarkItem(scenario: d, engine: e, elements: n, hz: h)) }
        }
      }
    }
    return items
  }
}
