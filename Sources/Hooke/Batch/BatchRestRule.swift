/// When a batch channel counts as settled: both `|value − target| ≤ displacement` and
/// `|velocity| ≤ speed` after a step. A settled channel is snapped exactly to its target with
/// zero velocity and stops costing time until it is retargeted.
///
/// The presets are built from a *minimum visible change* δ (the smallest change of the channel
/// a viewer can see): ``init(minimumVisibleChange:)`` sets `displacement = δ/2` (the rendered
/// value already rounds to the target) and `speed = 30·δ` per second (less than δ/2 of further
/// motion within a 60 Hz frame). This is an absolute rule in the channel's own units; scale δ
/// with the channel (e.g. `.pixel` for positions in points at 1×, `.alpha` for opacity).
/// ``energy(minimumVisibleChange:spring:)`` is the energy-based variant for springs.
///
/// Bad input: negative or NaN thresholds given to the initialisers are read as 0 (the channel
/// settles only when it is exactly at rest); +∞ settles every channel on its next step. Only
/// ``disabled`` has negative thresholds.
@frozen
public struct BatchRestRule: Hashable, Sendable {
  /// The largest |value − target| of a settled channel, in the channel's units.
  public var displacement: Double
  /// The largest |velocity| of a settled channel, in the channel's units per second.
  public var speed: Double

  /// A rule with explicit thresholds (see the type's documentation for bad input).
  @inlinable
  public init(displacement: Double, speed: Double) {
    self.displacement = displacement >= 0 ? displacement : 0  // NaN → 0
    self.speed = speed >= 0 ? speed : 0
  }

  /// The rule for a minimum visible change δ: displacement δ/2, speed 30·δ per second.
  @inlinable
  public init(minimumVisibleChange delta: Double) {
    self.init(displacement: delta / 2, speed: 30 * delta)
  }

  /// Energy-based rule for a spring: settled when the spring's energy per unit mass,
  /// `½(ω₀²·y² + v²)`, is below that of a displacement of δ/2 at rest. Checked as the box
  /// `|y| ≤ δ/2`, `|v| ≤ ω₀·δ/2`, which contains that energy ellipse's axes; ω₀ = 2π/response.
  @inlinable
  public static func energy(minimumVisibleChange delta: Double, spring: Spring) -> BatchRestRule {
    let omega0 = 2 * Double.pi / spring.response
    return BatchRestRule(displacement: delta / 2, speed: omega0 * delta / 2)
  }

  /// One point (pixel at 1×): δ = 1.
  public static var pixel: BatchRestRule { BatchRestRule(minimumVisibleChange: 1) }
  /// A tenth of a degree for angles in degrees: δ = 0.1.
  public static var tenthOfDegree: BatchRestRule { BatchRestRule(minimumVisibleChange: 0.1) }
  /// A tenth of a degree for angles in radians: δ = 0.1·π/180.
  public static var tenthOfDegreeInRadians: BatchRestRule {
    BatchRestRule(minimumVisibleChange: 0.1 * Double.pi / 180)
  }
  /// One step of 8-bit alpha: δ = 1/256.
  public static var alpha: BatchRestRule { BatchRestRule(minimumVisibleChange: 1.0 / 256) }
  /// A visible change of scale: δ = 1/500.
  public static var scale: BatchRestRule { BatchRestRule(minimumVisibleChange: 1.0 / 500) }
  /// Never settle on a threshold (channels still settle when exactly at rest, and timing
  /// curves at their end).
  public static var never: BatchRestRule { BatchRestRule(displacement: 0, speed: 0) }

  /// No rest test at all: spring channels never settle on their own (timing curves still end),
  /// and stepping uses kernels without the per-channel rest comparison — the fastest path, for
  /// engines that decide settling themselves and for benchmarks that must not snap. Both
  /// thresholds read −∞ (``isDisabled``).
  public static var disabled: BatchRestRule {
    var rule = BatchRestRule(displacement: 0, speed: 0)
    rule.displacement = -.infinity
    rule.speed = -.infinity
    return rule
  }

  /// Whether this is ``disabled`` (no rest test).
  @inlinable public var isDisabled: Bool { displacement < 0 }
}

/// What moves the channels of one batch group.
public enum BatchDriver: Sendable {
  /// The exact spring: one cached ``SpringTransitionMatrix`` per frame interval.
  case spring(Spring)
  /// A timing curve: each channel runs from its displacement at its start tick to 0 over
  /// `duration` seconds, shaped by `curve` (`y = y₀·(1 − curve(progress))`), and ends once its
  /// time is past the duration, as SwiftUI's timing curves do: at exactly the duration it shows
  /// its target with the curve's end velocity and still runs; it rests from the next step. (The
  /// time is measured in `Double` seconds as a per-property animation measures it, so when the
  /// duration is a whole number of ticks the rounding of that arithmetic decides, as it does
  /// for the animation.) Durations that are
  /// NaN or ≤ 0 make every channel arrive on its next step; they are stored as 1 tick. The
  /// velocity is `−y₀·curve′(progress)/duration`, read as 0 where the curve's slope is infinite
  /// (the circular easings at their ends), so it is always finite.
  case timingCurve(UnitCurve, duration: Double)
  /// Any of the package's timing curves (``BatchCurve``), as ``timingCurve(_:duration:)`` does
  /// for a `UnitCurve` (which is `.curve(.unitCurve(c), duration:)`), each curve evaluated by its
  /// own type — a CSS `cubic-bezier()` as `CubicBezier` computes it, which is how a per-property
  /// `BezierAnimation` moves.
  case curve(BatchCurve, duration: Double)
  /// SwiftUI's animation spring (`.spring(response:dampingFraction:)`, see
  /// ``FluidSpringModel``): per channel the state `(x − target, v, a)`; a frame of n substeps
  /// of 1/300 s is one cached 3×3 matrix `Sⁿ` (``FluidSpringModel/substepMatrix``). The channels
  /// of a group share one substep clock, started at the tick the group was added (reading the
  /// seconds since its `substepClockOrigin`, see ``BatchEngine/addGroup(_:restRule:substepClockOrigin:)``) and advanced
  /// exactly as ``FluidSpringModel/advance(_:target:to:)`` does (floating-point accumulation of
  /// 1/300 s, stall rule), so n per frame equals ``FluidSpringModel/substepCount(from:to:)``.
  /// The force `a` is kept across retargets (SwiftUI keeps it across merges); a channel moved
  /// in from a group without a force column starts with `a = 0`. Settling uses the group's
  /// ``BatchRestRule`` (on `x − target` and `v`), not SwiftUI's 1 % rule.
  /// Bad models: an unstable model (``FluidSpringModel/isStable`` false: negative, NaN or too
  /// large damping, e.g. `dampingFraction: 100` at response 0.5) or a frame matrix with a
  /// non-finite entry (the power `Sⁿ` overflowing the scalar) reads as zero, so the channels
  /// arrive at their targets with zero velocity and force on their first step, as the
  /// per-property animation of such a model ends at its first frame. On a stable model, a state
  /// whose motion could overflow the scalar snaps to its target when it is written (the engine's
  /// overflow clamp, see ``BatchEngine``); should one still overflow, it may read ±∞ for a step,
  /// and once its state is NaN it snaps to its target and settles, so no channel stays active
  /// forever. Under ``BatchRestRule/disabled`` nothing snaps at rest.
  case fluidSpring(FluidSpringModel)
}

/// Errors reported by the batch engine's boundary calls. The engine is unchanged when one is
/// thrown.
public enum BatchError: Error, Hashable, Sendable {
  /// A target or value was NaN or infinite.
  case nonFiniteTarget
  /// A velocity was NaN or infinite.
  case nonFiniteVelocity
  /// The channel handle was removed or belongs to another engine.
  case invalidChannel
  /// The group index is out of range.
  case invalidGroup
  /// The group still has channels (``BatchEngine/replaceGroup(_:driver:restRule:substepClockOrigin:)`` takes empty
  /// groups only).
  case groupNotEmpty
}

/// A stable handle to one batch channel: it stays valid while channels are compacted, moved
/// between groups or settled, until the channel is removed.
@frozen
public struct BatchChannel: Hashable, Sendable {
  /// Index into the engine's handle table.
  public let index: UInt32
  /// Generation of that slot when the handle was issued (detects stale handles).
  public let generation: UInt32

  /// Creates a handle from its parts (for storage in the embedder's own tables).
  @inlinable
  public init(index: UInt32, generation: UInt32) {
    self.index = index
    self.generation = generation
  }
}

/// A channel group inside a ``BatchEngine``: its index, as returned by
/// ``BatchEngine/addGroup(_:restRule:substepClockOrigin:)``.
@frozen
public struct BatchGroup: Hashable, Sendable {
  /// Position of the group in the engine's group list.
  public let index: Int
  /// The substep clock of a SwiftUI-model group that channels put into the group through this
  /// handle follow: 0 for the group's own clock (every handle made from an index), else one of
  /// the extra clocks a scene adds (``BatchEngine/_addSubstepClock(to:origin:)``).
  @usableFromInline package let _clock: Int32

  /// Creates a group reference from its index.
  @inlinable
  public init(index: Int) {
    self.index = index
    _clock = 0
  }

  /// A reference to group `index` with substep clock `clock`.
  @inlinable
  package init(index: Int, clock: Int32) {
    self.index = index
    _clock = clock
  }
}
