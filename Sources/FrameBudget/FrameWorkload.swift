// The runner's interface to one scenario run, and the registry of scenarios a tool offers.

/// Everything a workload is set up with. Values are validated by `init` (clamps documented).
public struct WorkloadSetup: Sendable, Hashable {
  /// Number of animated elements N (clamped to ≥ 1).
  public var elements: Int
  /// Refresh rate in Hz (clamped to 1…10 000).
  public var hz: Int
  /// Seed of every random choice the scenario script makes.
  public var seed: UInt64
  /// Worker threads the workload may use (clamped to ≥ 1). Results must not depend on it.
  public var threads: Int
  /// Ticks per frame of the integer timeline (1000): frame `k` happens at tick `k·ticksPerFrame`.
  public var ticksPerFrame: Int64 { 1000 }
  /// Ticks per second: `hz·ticksPerFrame`, so a tick is an exact 1/1000 of a frame.
  public var ticksPerSecond: Int64 { Int64(hz) * ticksPerFrame }

  /// Creates a setup, clamping out-of-range values as documented on each property.
  public init(elements: Int, hz: Int, seed: UInt64, threads: Int) {
    self.elements = max(1, elements)
    self.hz = min(10_000, max(1, hz))
    self.seed = seed
    self.threads = max(1, threads)
  }

  /// The tick of frame `k`: `k·ticksPerFrame` (exact integer time; no accumulated `t += dt`).
  public func tick(ofFrame k: Int) -> Int64 { Int64(k) * ticksPerFrame }

  /// Seconds at `tick`: `tick / ticksPerSecond`, computed fresh from integers every time.
  public func seconds(atTick tick: Int64) -> Double { Double(tick) / Double(ticksPerSecond) }

  /// The frame interval in seconds, `1 / hz`.
  public var frameInterval: Double { 1 / Double(hz) }
}

/// Deterministic work counters of a workload. Names are free-form; a scenario should report at
/// least `channelsStepped`, `retargets`, `transitionsStarted` and `transitionsFinished`.
/// Counters are compared exactly by `compare` and `verify`.
public typealias WorkCounters = [String: UInt64]

/// One run of a scenario on one engine, as the runner drives it: what a scenario's factory
/// (``ScenarioDescriptor/makeWorkload``) returns.
///
/// This is the harness's layer below the engine seam, not the engine seam itself: an animation
/// engine implements `ChannelEngine` (product `Scenarios`) and Hooke's scenarios wrap it in a
/// `FrameWorkload`; implement `FrameWorkload` directly only for a scenario of your own.
///
/// The runner creates a fresh instance per repetition and, for frames 0, 1, 2, … in order
/// (warm-up frames first; they are part of the script, only not measured), calls
/// `prepareFrame(_:)` and then `performFrame(_:)`, timing only `performFrame`.
/// `renderListChecksum()` and `counters` are read between frames, outside the timed region. Both
/// must be deterministic: equal for equal setups, whatever the thread count or machine.
public protocol FrameWorkload: AnyObject {
  /// Prepares frame `k`'s inputs outside the timed region: what the application decides before
  /// it calls the engine — a scripted scenario computes the frame's changes here (which elements
  /// move where), so that the measured frame holds only the engine's work of applying them and
  /// presenting the frame. Called once per frame, right before `performFrame(k)`; the default
  /// does nothing. A workload must give the same results when `performFrame(k)` is called
  /// without it (preparing inside the frame instead), so callers that drive frames directly
  /// need not know about it. Throwing marks the scenario failed (exit code 3).
  func prepareFrame(_ k: Int) throws

  /// Does frame `k`'s work: apply the frame's changes, advance every animation to tick
  /// `k·setup.ticksPerFrame` and produce the frame's render list. Throwing marks the scenario
  /// failed (exit code 3).
  func performFrame(_ k: Int) throws

  /// A 64-bit digest of the current render list (for example FNV-1a over every element's
  /// presented values' bit patterns, in element order).
  func renderListChecksum() -> UInt64

  /// The work counters accumulated since setup.
  var counters: WorkCounters { get }
}

extension FrameWorkload {
  /// Nothing to prepare: the whole frame is measured.
  public func prepareFrame(_ k: Int) throws {}
}

/// A named scenario: which engines can drive it and how to create a workload for one of them.
public struct ScenarioDescriptor: Sendable {
  /// Stable scenario name, used in result ids (`spring-field`).
  public var name: String
  /// One-line description for `--help` and reports.
  public var summary: String
  /// Engines that can drive the scenario; the first is the default (normally `hooke`).
  public var engines: [String]
  /// Creates a workload for `engine` with `setup`. Throws for an unknown engine or bad setup.
  public var makeWorkload: @Sendable (_ engine: String, _ setup: WorkloadSetup) throws -> any FrameWorkload

  /// Creates a descriptor.
  public init(
    name: String, summary: String, engines: [String],
    makeWorkload: @escaping @Sendable (_ engine: String, _ setup: WorkloadSetup) throws -> any FrameWorkload
  ) {
    self.name = name
    self.summary = summary
    self.engines = engines.isEmpty ? ["hooke"] : engines
    self.makeWorkload = makeWorkload
  }
}

/// The scenarios an executable offers; `hooke-bench` injects its own (built-in self-test workload
/// plus the scenarios of `Benchmarks/`).
public struct ScenarioRegistry: Sendable {
  /// Registered scenarios in registration order (the order of reports).
  public private(set) var scenarios: [ScenarioDescriptor]
  /// Element counts of the default quick suite (1k and 10k).
  public var defaultElements: [Int] = [1_000, 10_000]
  /// Refresh rates of the default quick suite (60 and 120 Hz).
  public var defaultHz: [Int] = [60, 120]
  /// Scenario names the default suite runs; `nil` means all.
  public var defaultScenarios: [String]?
  /// Measured frames per repetition when `--frames` is not given (`nil`: ``RunOptions``' 300).
  public var defaultFrames: Int?
  /// Warm-up frames when `--warmup` is not given (`nil`: ``RunOptions``' 60).
  public var defaultWarmupFrames: Int?
  /// Repetitions when `--repetitions` is not given (`nil`: ``RunOptions``' 10).
  public var defaultRepetitions: Int?

  /// Creates a registry with `scenarios`.
  public init(_ scenarios: [ScenarioDescriptor] = []) { self.scenarios = scenarios }

  /// Adds (or replaces, by name) a scenario.
  public mutating func register(_ scenario: ScenarioDescriptor) {
    if let i = scenarios.firstIndex(where: { $0.name == scenario.name }) {
      scenarios[i] = scenario
    } else {
      scenarios.append(scenario)
    }
  }

  /// The scenario called `name`, if registered.
  public func scenario(named name: String) -> ScenarioDescriptor? {
    scenarios.first { $0.name == name }
  }
}

/// Errors a workload factory reports.
public enum WorkloadError: Error, Equatable, CustomStringConvertible {
  /// The scenario has no engine of that name.
  case unknownEngine(scenario: String, engine: String, available: [String])

  /// A message naming the scenario and the offending engine.
  public var description: String {
    switch self {
    case .unknownEngine(let s, let e, let available):
      return "scenario '\(s)' has no engine '\(e)' (available: \(available.joined(separator: ", ")))"
    }
  }
}
