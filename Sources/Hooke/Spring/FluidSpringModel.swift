/// SwiftUI's animation spring (`Animation.spring(response:dampingFraction:blendDuration:)`,
/// internally `FluidSpringAnimation`) as a pure numeric model: a fixed-step half-kick
/// (velocity-Verlet-like) integrator with 1/300 s substeps.
///
/// This is *not* the closed-form ``Spring``: it is what SwiftUI actually integrates, reproduced
/// operation by operation so that a port predicts SwiftUI's frames (including its substep
/// judder: a frame at time t sees however many 1/300 s substeps fit below t after floating-point
/// accumulation of the substep clock). Mass is 1.
///
/// Parameters (no clamping except the stiffness cap, as in SwiftUI):
/// - ``stiffness`` `k = min((2π/response)², 45000)`; a response ≤ 0 or NaN gives 45000 (Apple
///   documents response 0 as "an infinitely stiff spring"; OpenSwiftUI uses `k = 1` there, which
///   contradicts that — Hooke follows Apple). A response of +∞ gives `k = 0`: the value never moves.
/// - ``damping`` `c = 2·√k·dampingFraction` (negative fractions give negative damping and growth;
///   the state then eventually becomes non-finite and ``isFinished(_:target:)`` ends it).
///
/// The state (``FluidSpringState``) is the offset travelled from the start (0 at the beginning),
/// its velocity, the last force and the substep clock. The target is the full interval to
/// animate. Cost: one substep is 4 `scaled(by:)` and 4 additions/subtractions of `V`.
@frozen
public struct FluidSpringModel: Hashable, Sendable {
  /// The response in seconds as given (not clamped).
  public let response: Double
  /// The damping fraction as given (1 = critical, < 1 bouncy, > 1 over-damped; not clamped).
  public let dampingFraction: Double
  /// `k = min((2π/response)², 45000)` in 1/s²; 45000 when the response is ≤ 0 or NaN.
  public let stiffness: Double
  /// `c = 2·√k·dampingFraction` in 1/s.
  public let damping: Double

  /// The integrator's fixed substep: 1/300 s.
  public static let substepDuration: Double = 1.0 / 300

  /// The largest stiffness SwiftUI uses: 45000 s⁻² (a response of about 0.0296 s).
  public static let maximumStiffness: Double = 45000

  /// Creates the model of `spring(response:dampingFraction:)`; see the type for the derived
  /// ``stiffness`` and ``damping``. Cost: one division, one multiplication, one square root.
  @inlinable
  public init(response: Double, dampingFraction: Double) {
    self.response = response
    self.dampingFraction = dampingFraction
    let k: Double
    if response > 0 {
      let frequency = 6.283185307179586 / response
      k = Swift.min(frequency * frequency, FluidSpringModel.maximumStiffness)
    } else {
      k = FluidSpringModel.maximumStiffness  // ≤ 0 or NaN: "infinitely stiff", capped
    }
    self.stiffness = k
    self.damping = 2 * k.squareRoot() * dampingFraction
  }
}

/// The state of a ``FluidSpringModel`` animation: the offset travelled from the start, its
/// velocity and force (acceleration, mass 1), and the substep clock in seconds.
///
/// All start at zero (``init()``); SwiftUI keeps the force across a merge, so the very first
/// substep of a fresh animation does not move the offset.
@frozen
public struct FluidSpringState<V: VectorArithmetic> {
  /// x: the offset travelled so far, in units of `V`.
  public var offset: V
  /// v: the velocity, units of `V` per second.
  public var velocity: V
  /// a: the last force (acceleration), units of `V` per second².
  public var force: V
  /// tS: the time up to which substeps have been taken, in seconds (accumulated by repeated
  /// `+= 1/300`, as SwiftUI does).
  public var clock: Double

  /// The resting state at time 0: all zero.
  @inlinable
  public init() {
    self.offset = .zero
    self.velocity = .zero
    self.force = .zero
    self.clock = 0
  }

  /// A state from its parts.
  @inlinable
  public init(offset: V, velocity: V, force: V, clock: Double) {
    self.offset = offset
    self.velocity = velocity
    self.force = force
    self.clock = clock
  }
}

extension FluidSpringState: Equatable where V: Equatable {}
extension FluidSpringState: Hashable where V: Hashable {}
extension FluidSpringState: Sendable where V: Sendable {}

extension FluidSpringModel {
  /// One 1/300 s substep towards `target`, in SwiftUI's operation order:
  ///
  ///     u = a·(1/600) + v
  ///     x = x + u·(1/300)
  ///     a = u·(−c) + (target − x)·k
  ///     v = a·(1/600) + u
  ///
  /// The clock is not touched (see ``advance(_:target:to:)``). Cost: 4 scalings, 5 additions.
  @inlinable
  public func substep<V: VectorArithmetic>(_ state: inout FluidSpringState<V>, target: V) {
    let u = state.force.scaled(by: 1.0 / 600) + state.velocity
    state.offset += u.scaled(by: 1.0 / 300)
    state.force = u.scaled(by: -damping) + (target - state.offset).scaled(by: stiffness)
    state.velocity = state.force.scaled(by: 1.0 / 600) + u
  }

  /// Advances the state to `time` (seconds on the same clock as `state.clock`), as SwiftUI does
  /// at every frame:
  ///
  ///     if t − tS > 1 { tS = t − 1/60 }          // after a stall, catch up at most one frame
  ///     while tS < t { tS += 1/300; substep }
  ///
  /// The clock accumulates in floating point on purpose (the substep count at a frame time is
  /// part of SwiftUI's behaviour). Times at or before the clock, and NaN, do nothing. Where the
  /// clock is so large that adding 1/300 no longer changes it (|t| ≳ 2⁴⁴ s), no substep is taken
  /// and the clock stays (instead of looping forever). Returns the number of substeps taken,
  /// which equals ``substepCount(from:to:)`` for the old clock. Cost: ≤ 301 substeps per call.
  @inlinable
  @discardableResult
  public func advance<V: VectorArithmetic>(
    _ state: inout FluidSpringState<V>, target: V, to time: Double
  ) -> Int {
    var clock = FluidSpringModel._stallAdjustedClock(state.clock, time: time)
    var count = 0
    while clock < time {
      let next = clock + FluidSpringModel.substepDuration
      guard next > clock else { break }
      clock = next
      substep(&state, target: target)
      count += 1
    }
    state.clock = clock
    return count
  }

  /// The substeps ``advance(_:target:to:)`` performs from clock `tS` to `time`, and the clock
  /// afterwards, without doing them (stall rule and floating-point accumulation included): what
  /// a batch of states on one clock needs before it applies the `count`-substep matrix. Cost: one
  /// addition per substep (about 2.5 per frame at 120 Hz).
  @inlinable
  public static func substeps(from tS: Double, to time: Double) -> (count: Int, clock: Double) {
    var clock = _stallAdjustedClock(tS, time: time)
    var count = 0
    while clock < time {
      let next = clock + substepDuration
      guard next > clock else { break }
      clock = next
      count += 1
    }
    return (count, clock)
  }

  /// The number of substeps ``advance(_:target:to:)`` performs from clock `tS` to `time`
  /// (``substeps(from:to:)``'s `count`).
  @inlinable
  public static func substepCount(from tS: Double, to time: Double) -> Int {
    substeps(from: tS, to: time).count
  }

  /// The substep clock after ``advance(_:target:to:)`` from clock `tS` to `time`
  /// (``substeps(from:to:)``'s `clock`).
  @inlinable
  public static func clock(afterAdvancingFrom tS: Double, to time: Double) -> Double {
    substeps(from: tS, to: time).clock
  }

  /// The stall rule: more than 1 s behind → restart one 60 Hz frame before `time`.
  @inlinable
  static func _stallAdjustedClock(_ clock: Double, time: Double) -> Double {
    time - clock > 1 ? time - 1.0 / 60 : clock
  }

  /// Whether the integrator has no growing mode, so a state stays bounded for every start.
  ///
  /// With h = 1/300 s, one substep maps (e, u) — e = x − target and the half-kicked velocity
  /// `u = v + a·h/2` — linearly with determinant `1 − h·c` and trace `2 − h·c − h²·k`. By the
  /// Jury criterion neither eigenvalue exceeds 1 in magnitude iff `c ≥ 0`, `k ≥ 0` and
  /// `h²·k + 2h·c < 4`, i.e. `k + 600·c < 360000` (strict: on the boundary an eigenvalue is −1
  /// and the substeps alternate forever). Negative damping fractions, and damping fractions
  /// so large that `600·c ≥ 360000 − k` (e.g. `dampingFraction: 100` at response 0.5, or
  /// above about 1.24 at the stiffness cap), are unstable: SwiftUI's integrator then grows
  /// without bound. NaN parameters are unstable. Cost: two comparisons.
  @inlinable
  public var isStable: Bool {
    damping >= 0 && stiffness >= 0 && stiffness + 600 * damping < 360_000
  }

  /// SwiftUI's termination test after a frame: `true` (the animation ends and
  /// the value snaps to the target) when `max(|v|², |a|²) ≤ 0.0036` and not
  /// `0 < |0.01·target|² < |target − x|²`. So a zero target ends as soon as velocity and force
  /// are small (immediately for a fresh animation), and the 1 % position tolerance makes the
  /// end time depend on the magnitude of the change (0→1 ends earlier than 0→100).
  ///
  /// Hooke addition: a state with a non-finite offset, velocity or force (negative damping,
  /// NaN parameters) is finished too — SwiftUI would keep returning NaN.
  @inlinable
  public func isFinished<V: VectorArithmetic>(_ state: FluidSpringState<V>, target: V) -> Bool {
    let v2 = state.velocity.magnitudeSquared
    let a2 = state.force.magnitudeSquared
    let gap2 = (target - state.offset).magnitudeSquared
    // Decided without the tolerance when fast (most frames of an animation).
    guard v2.isFinite, a2.isFinite, gap2.isFinite else { return true }
    guard Swift.max(v2, a2) <= Self._finishedSquare else { return false }
    return Self._isFinished(
      velocity2: v2, force2: a2, gap2: gap2, tolerance2: target.scaled(by: 0.01).magnitudeSquared)
  }

  /// ``isFinished(_:target:)`` on the squared magnitudes it reads: the velocity's, the force's,
  /// the remaining gap's `|target − x|²` and the tolerance's `|0.01·target|²` (an animation whose
  /// lanes live apart, as on the batch engine, sums them itself). The one owner of SwiftUI's
  /// termination rule; non-finite magnitudes finish.
  @inlinable
  package static func _isFinished(velocity2 v2: Double, force2 a2: Double, gap2: Double, tolerance2: Double)
    -> Bool
  {
    guard v2.isFinite, a2.isFinite, gap2.isFinite else { return true }
    guard Swift.max(v2, a2) <= _finishedSquare else { return false }
    return !(tolerance2 > 0 && tolerance2 < gap2)
  }

  /// The bound on the squared velocity and force of a finished animation (0.06² = 0.0036).
  @inlinable
  package static var _finishedSquare: Double { 0.0036 }

  /// The matrix of one substep on the state (e, v, a) with `e = x − target` (a fixed target),
  /// row-major `[e', v', a']` rows, in exact arithmetic:
  ///
  ///     e' = e + v/300 + a/180000
  ///     a' = −k·e − (c + k/300)·v − (c/600 + k/180000)·a
  ///     v' = a'/600 + v + a/600
  ///
  /// Ordered rows e', v', a' (so entries 3…5 are the velocity row). Raising it to the n-th power
  /// gives n substeps at once; the result agrees with ``advance(_:target:to:)`` up to rounding
  /// (not bit for bit: the integrator rounds in a different order).
  @inlinable
  public var substepMatrix: [Double] {
    let s = _substepEntries
    return [s.0, s.1, s.2, s.3, s.4, s.5, s.6, s.7, s.8]
  }

  /// The entries of ``substepMatrix`` without an array: the one place they are computed.
  @usableFromInline
  package var _substepEntries: (Double, Double, Double, Double, Double, Double, Double, Double, Double) {
    let k = stiffness
    let c = damping
    let h = 1.0 / 300
    let half = 1.0 / 600
    // u = v + a·half; e' = e + u·h
    let e0 = 1.0
    let e1 = h
    let e2 = half * h
    // a' = −c·u − k·e'
    let a0 = -k * e0
    let a1 = -c - k * e1
    let a2 = -c * half - k * e2
    // v' = u + a'·half
    let v0 = a0 * half
    let v1 = 1 + a1 * half
    let v2 = half + a2 * half
    return (e0, e1, e2, v0, v1, v2, a0, a1, a2)
  }

  /// `Sⁿ` for the substep matrix S (``substepMatrix``), row-major: n substeps of the integrator
  /// as one matrix, by n − 1 left multiplications `S·(S·(…·S))` in a fixed order, so every
  /// caller gets the same bits; the identity for n ≤ 0. The batch engine's SwiftUI-spring driver
  /// and the scene's grids step with it (n ≤ 301 per frame by the stall rule). Cost: 27
  /// multiplications and 18 additions per substep; no allocation.
  package func _substepMatrixPower(
    _ n: Int
  ) -> (Double, Double, Double, Double, Double, Double, Double, Double, Double) {
    typealias M = (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    var p: M = (1, 0, 0, 0, 1, 0, 0, 0, 1)
    guard n > 0 else { return p }
    let s = _substepEntries
    p = s
    for _ in 1..<n {
      p = (
        s.0 * p.0 + s.1 * p.3 + s.2 * p.6, s.0 * p.1 + s.1 * p.4 + s.2 * p.7,
        s.0 * p.2 + s.1 * p.5 + s.2 * p.8,
        s.3 * p.0 + s.4 * p.3 + s.5 * p.6, s.3 * p.1 + s.4 * p.4 + s.5 * p.7,
        s.3 * p.2 + s.4 * p.5 + s.5 * p.8,
        s.6 * p.0 + s.7 * p.3 + s.8 * p.6, s.6 * p.1 + s.7 * p.4 + s.8 * p.7,
        s.6 * p.2 + s.7 * p.5 + s.8 * p.8
      )
    }
    return p
  }
}
