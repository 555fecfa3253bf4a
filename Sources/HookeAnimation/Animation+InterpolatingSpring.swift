import Hooke

/// SwiftUI's interpolating spring (`Animation.interpolatingSpring`, internally `SpringAnimation`):
/// a closed-form spring on the unit fraction, `animate = value × s(t)`.
///
/// With `ω0 = √(k/m)`, `ζ = c/(2√(mk))`, `v0` = initialVelocity (fractions of the interval per s):
/// - ζ ≥ 1: treated as critical at ω0 (over-damping ignored, as SwiftUI): `s = 1 − (1 + (ω0 − v0)t)e^(−ω0 t)`;
/// - ζ < 1: `ωd = ω0√(1−ζ²)`, `A = (ζω0 − v0)/ωd`, `s = 1 − e^(−ζω0 t)(cos ωd t + A sin ωd t)`.
///
/// Ends (`nil`) when `t ≥ D` or s is not finite, where (ε = 0.001) D = ∞ for ζ = 0; for ζ ≥ 1
/// SwiftUI's 0.1 s grid search (`Spring.settlingDuration(target:initialVelocity:epsilon:)`
/// of the critical spring); for ζ < 1 `max(−ln(ε/(1 + |A|)) / (ζ·ω0), 1.0)`. **Decision
/// (SwiftUI's divisor and minimum are unverified on device):** Hooke divides by `ζ·ω0` (the
/// envelope's decay rate; OpenSwiftUI's literal `ζ/ω0` would keep k = 100, c = 10 running for
/// ~150 s) and keeps the 1.0 s minimum.
/// Logically complete at `t ≥ 2π/√k` (one undamped period, mass ignored). No velocity, never
/// merges: overlapping interpolating springs add (they combine: each newer one chases the gap
/// between its target and the older ones' current position).
///
/// Bad parameters: k ≤ 0, NaN or ∞, or m ≤ 0 → s is not finite or D is 0 → the animation ends
/// immediately (snaps); so does an offset `value × s` that overflows (a huge initial velocity). Negative damping is read as 0 (undamped, never ends by time).
/// Cost: one `exp` and one `sincos` per call; D (a grid search of up to 1,000 `exp` for ζ ≥ 1)
/// is computed at the first call of a run and kept in the context for these exact parameters.
public struct SpringAnimation: CustomAnimation {
  /// Mass m.
  public var mass: Double
  /// Stiffness k (1/s² for m = 1).
  public var stiffness: Double
  /// Damping c.
  public var damping: Double
  /// Initial velocity, in fractions of the interval per second.
  public var initialVelocity: Double

  /// The animation; see the type.
  public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
  }

  var _omega0: Double { (stiffness / mass).squareRoot() }
  var _zeta: Double { Swift.max(damping, 0) / (2 * (mass * stiffness).squareRoot()) }

  /// The unit fraction s(t); see the type.
  public func fraction(at t: Double) -> Double {
    let w0 = _omega0
    let zeta = _zeta
    let v0 = initialVelocity
    if zeta >= 1 {
      return 1 - (1 + (w0 - v0) * t) * Deterministic.exp(-w0 * t)
    }
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    let a = (zeta * w0 - v0) / wd
    let (s, c) = Deterministic.sincos(wd * t)
    return 1 - Deterministic.exp(-zeta * w0 * t) * (c + a * s)
  }

  /// The end time D in seconds; see the type.
  public var duration: Double {
    let w0 = _omega0
    let zeta = _zeta
    guard w0.isFinite, w0 > 0, zeta.isFinite else { return 0 }
    if zeta == 0 { return .infinity }
    if zeta >= 1 {
      return Spring(response: 2 * Double.pi / w0, dampingRatio: 1)
        .settlingDuration(target: 1.0, initialVelocity: initialVelocity, epsilon: 0.001)
    }
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    let a = (zeta * w0 - initialVelocity) / wd
    return Swift.max(-Deterministic.log(0.001 / (1 + abs(a))) / (zeta * w0), 1.0)
  }

  /// D as kept in a run's context: computed once, reused while the parameters are bit for bit
  /// the ones it was computed for (a context shared by different springs recomputes it).
  struct _Duration: AnimationStateKey {
    var parameters: SIMD4<UInt64>? = nil
    var duration = 0.0
    static var defaultValue: _Duration { _Duration() }
  }

  var _parameterBits: SIMD4<UInt64> {
    SIMD4(mass.bitPattern, stiffness.bitPattern, damping.bitPattern, initialVelocity.bitPattern)
  }

  func _duration<V: VectorArithmetic>(_ context: inout AnimationContext<V>) -> Double {
    let bits = _parameterBits
    let cached = context.state[_Duration.self]
    if cached.parameters == bits { return cached.duration }
    let d = duration
    context.state[_Duration.self] = _Duration(parameters: bits, duration: d)
    return d
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    let time = time.isNaN ? 0 : time
    guard time < _duration(&context) else { return nil }
    if time >= 2 * Double.pi / stiffness.squareRoot() { context.isLogicallyComplete = true }
    let s = fraction(at: Swift.max(time, 0))
    guard s.isFinite else { return nil }
    let offset = value.scaled(by: s)
    return offset - offset == .zero ? offset : nil  // x − x is zero only for finite x
  }
}

extension Animation {
  /// Interpolating spring from physical parameters (mass 1 and initial velocity 0 by default).
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Animation {
    Animation(
      SpringAnimation(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
  }

  /// Interpolating spring from duration and bounce: `k = (2π/duration)²` (∞ when duration ≤ 0,
  /// which ends at once), `c = 2√k·f(bounce)`, mass 1.
  public static func interpolatingSpring(
    duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
  ) -> Animation {
    let k: Double
    if duration > 0 {
      let w = 2 * Double.pi / duration
      k = w * w
    } else {
      k = .infinity
    }
    return interpolatingSpring(
      mass: 1, stiffness: k, damping: 2 * k.squareRoot() * _dampingFraction(bounce: bounce),
      initialVelocity: initialVelocity)
  }

  /// Interpolating spring with defaults (duration 0.5, bounce 0).
  public static let interpolatingSpring: Animation = Animation.interpolatingSpring(duration: 0.5, bounce: 0)

  /// Interpolating spring from a `Spring`'s mass, stiffness and damping (SwiftUI's mapping is
  /// undocumented and assumed to be this one).
  public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
    interpolatingSpring(
      mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
      initialVelocity: initialVelocity)
  }
}
