// The benchmark suite's scenarios as FrameBudget descriptors, each offered on the full scene
// (`hooke`) and on every channel engine given.
import FrameBudget
import HookeScene

/// Hooke's scene scenarios: the eight of the benchmark suite (hero-grid, grid-reflow, shuffle,
/// tab-indicator, staggered-transitions, zoom-navigation, interrupt-storm, keyframes) plus
/// `grid-reflow-elements` (the general-path variant of `grid-reflow`).
///
/// Each scenario is a seeded, integer-frame script (one file per scenario under
/// `Benchmarks/Scenarios/Scripts`) that runs either on the full `HookeScene` scene (engine
/// `hooke`) or, at channel level, on any ``ChannelEngine`` — the built-in ones
/// (``ChannelEngineFactory/builtIn``) and any engine you add.
public enum SceneScenarios {
  /// The script types in canonical order (grid-reflow-elements last).
  static let scripts: [any SceneScript.Type] = [
    HeroGridScript.self, GridReflowScript.self, ShuffleScript.self, TabIndicatorScript.self,
    StaggeredTransitionsScript.self, ZoomNavigationScript.self, InterruptStormScript.self,
    KeyframesScript.self,
    GridReflowElementsScript.self,
  ]

  /// The nine scenario names in canonical order: the eight scene scenarios, then
  /// `grid-reflow-elements`.
  public static var names: [String] { scripts.map { $0.name } }

  /// The nine scenarios, each offering engine `hooke` (the full scene, fast path) first, then
  /// `channelEngines` in order (default: the built-in `hooke-channels`, `naive`, `euler`, `rk4`).
  /// A factory named `hooke`, or repeating an earlier name, is ignored.
  public static func all(channelEngines: [ChannelEngineFactory] = ChannelEngineFactory.builtIn)
    -> [ScenarioDescriptor]
  {
    var factories: [ChannelEngineFactory] = []
    for f in channelEngines where f.name != "hooke" && !factories.contains(where: { $0.name == f.name }) {
      factories.append(f)
    }
    return scripts.map { descriptor($0, factories) }
  }

  /// The nine scenarios with the built-in engines (``all(channelEngines:)``'s default).
  public static var all: [ScenarioDescriptor] { all() }

  static func descriptor<S: SceneScript>(_ script: S.Type, _ factories: [ChannelEngineFactory])
    -> ScenarioDescriptor
  {
    let engines = ["hooke"] + factories.map(\.name)
    return ScenarioDescriptor(name: S.name, summary: S.summary, engines: engines) { engine, setup in
      if engine == "hooke" { return SceneScenarioWorkload<S>(setup: setup) }
      guard let factory = factories.first(where: { $0.name == engine }) else {
        throw WorkloadError.unknownEngine(scenario: S.name, engine: engine, available: engines)
      }
      return ChannelScenarioWorkload<S>(setup: setup, engine: factory.make(setup.threads))
    }
  }

  /// Registers the nine scenarios (with `channelEngines`) into `registry` and makes them its
  /// default suite: 5 repetitions (compare's minimum) of 15 warm-up and 60 measured frames, so
  /// the quick suite (32 runs of the full scene) finishes in ≤ 90 s on 2 cores. Callers may raise
  /// `defaultRepetitions` afterwards (`hooke-bench` uses 10).
  public static func register(
    into registry: inout ScenarioRegistry,
    channelEngines: [ChannelEngineFactory] = ChannelEngineFactory.builtIn
  ) {
    let descriptors = all(channelEngines: channelEngines)
    for d in descriptors { registry.register(d) }
    registry.defaultScenarios = descriptors.map(\.name)
    registry.defaultFrames = 60
    registry.defaultWarmupFrames = 15
    registry.defaultRepetitions = 5
  }
}
