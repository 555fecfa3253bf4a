// The engine seam of Hooke's benchmark scenarios: scalar channels that a scenario's animated
// values run on. Hooke's batch engine, the three reference engines and any outside engine
// implement `ChannelEngine`; `ChannelEngineFactory` names one for the scenarios.
import Hooke

/// How a channel moves to its target.
///
/// Reference engines run `swiftUISpring` as the exact spring with the same response and damping
/// (they model no integrator); Hooke runs it on SwiftUI's integrator (`FluidSpringModel`).
public enum ChannelMotion: Hashable, Sendable {
  /// The exact (closed-form) spring.
  case spring(Spring)
  /// SwiftUI's animation spring `.spring(response:dampingFraction:)`.
  case swiftUISpring(response: Double, dampingFraction: Double)
  /// A timing curve over `duration` seconds; a retarget restarts it from the current value.
  case timingCurve(UnitCurve, duration: Double)
}

/// **The engine seam**: the one protocol an animation engine implements to be benchmarked on
/// Hooke's scenarios (`--engine`). The scenario scripts drive it through their channel path
/// (``SceneScenarios``): every animated scalar of a scene is a channel. Hooke's batch engine
/// (`hooke-channels`) and the reference engines (`naive`, `euler`, `rk4`) implement it too, so
/// an engine is measured next to them on the same scripts. Hand it to the harness as a
/// ``ChannelEngineFactory``, and run it with ``EngineBenchmark``.
///
/// Layering: a scenario turns (script, engine) into a `FrameWorkload`, the harness's per-run
/// interface that `BenchmarkRunner` times frame by frame; an engine never implements
/// `FrameWorkload` itself.
///
/// Contract: channels are dense integer handles returned by ``addChannel(value:target:motion:)``
/// (a removed handle may be reused). Time is integer ticks: ``advance(toTick:ticksPerSecond:)``
/// is called once per frame with frame `k`'s tick `k·1000` and `hz·1000` ticks per second, never
/// backwards. A channel is *at rest* once it has reached its target within the scene's rest rule
/// (|value − target| ≤ 1/128 and |velocity| ≤ 30/64 per second, the batch rule of
/// `HookeScene`'s fast path; a timing curve once its duration has elapsed); at-rest channels
/// need not be stepped. Results must be deterministic for equal call sequences, whatever
/// `threads` is.
public protocol ChannelEngine: AnyObject {
  /// Engine name in the results.
  var name: String { get }
  /// Adds a channel showing `value`, moving to `target` with `motion` from rest; its handle.
  func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int
  /// Retargets `channel` to `target` with `motion`, keeping its value and (springs) velocity.
  func retarget(_ channel: Int, to target: Double, motion: ChannelMotion)
  /// Removes `channel` (its handle may be reused by a later add).
  func removeChannel(_ channel: Int)
  /// Advances every channel to `tick`; returns the number of channels stepped.
  func advance(toTick tick: Int64, ticksPerSecond: Int64) -> Int
  /// The value of `channel` as of the last advance (or its add/retarget).
  func value(of channel: Int) -> Double
  /// Whether `channel` is at rest (see the type's contract).
  func isAtRest(_ channel: Int) -> Bool
}

/// A named way to create a ``ChannelEngine``: what the scenarios need to offer an engine
/// (`--engine NAME`, the `engine` of each result).
///
/// The scenario creates a fresh engine per repetition with the workload's thread budget; an
/// engine may ignore `threads`, but its results must not depend on it.
public struct ChannelEngineFactory: Sendable {
  /// The engine's name in results and on the command line (`hooke-channels`). Must not be `hooke`
  /// (the full scene) nor contain `/`, `?` or `&` (they delimit result ids).
  public var name: String
  /// Creates an engine for a workload allowed `threads` worker threads (≥ 1).
  public var make: @Sendable (_ threads: Int) -> any ChannelEngine

  /// A factory called `name`.
  public init(_ name: String, make: @escaping @Sendable (_ threads: Int) -> any ChannelEngine) {
    self.name = name
    self.make = make
  }

  /// `hooke-channels`: Hooke's batch engine (`BatchEngine`) on `threads` workers, bit-identical
  /// for any thread count.
  public static let hookeChannels = ChannelEngineFactory("hooke-channels") { HookeChannelEngine(threads: $0) }
  /// `naive`: the closed form per channel and frame, one thread.
  public static let naive = ChannelEngineFactory("naive") { _ in ReferenceChannelEngine(.naive) }
  /// `euler`: one semi-implicit Euler step per frame, one thread.
  public static let euler = ChannelEngineFactory("euler") { _ in ReferenceChannelEngine(.euler) }
  /// `rk4`: fixed-step RK4 at 1 kHz, interpolated at the frame time, one thread.
  public static let rk4 = ChannelEngineFactory("rk4") { _ in ReferenceChannelEngine(.rk4) }

  /// The built-in channel engines in the order `hooke-bench` lists them: `hooke-channels`,
  /// `naive`, `euler`, `rk4`.
  public static let builtIn: [ChannelEngineFactory] = [.hookeChannels, .naive, .euler, .rk4]
}

/// The scene fast path's rest rule: minimum visible change 1/64 point.
let _channelRestRule = BatchRestRule(minimumVisibleChange: 1.0 / 64)
