/// A damped harmonic oscillator with SwiftUI's `Spring` API (iOS 17 / macOS 14 semantics).
///
/// A spring moves a value from 0 towards a `target` (the *change* to animate) under the force
/// `−k·(x − target) − c·ẋ`; motion functions are exact closed-form solutions of
/// `m·ẍ + c·ẋ + k·x = k·target`.
///
/// Storage is SwiftUI's: three `Double`s,
/// - ``angularFrequency`` ω (rad/s), whose sign encodes the regime: `ω > 0` under-damped
///   (`ω = √(ω0² − λ²)`, the damped frequency), `ω == 0` critically damped, `ω < 0` over-damped
///   (`|ω| = √(λ² − ω0²)`);
/// - ``decayConstant`` λ = ζ·ω0 (1/s);
/// - ``mass`` m (1 unless set by ``init(mass:stiffness:damping:allowOverDamping:)``).
///
/// The natural frequency is recovered as `ω0² = λ² + ω·|ω|`. Mass never enters the motion, only
/// ``stiffness``, ``damping`` and ``force(target:position:velocity:)``. Equality and hashing
/// compare the three stored values.
///
/// Invariants kept by every initialiser (bad input is clamped as each initialiser documents):
/// ω and λ are finite, `λ ≥ 0`, `ω0 > 0`, the response lies in
/// ``minimumResponse``…``maximumResponse``, the damping ratio in `0…`​``maximumDampingRatio``,
/// and the mass is finite, positive and at most ``maximumMass``. Hence no motion function ever produces NaN from finite
/// inputs.
///
/// Differences from OpenSwiftUI's reconstruction (physically correct choices, matching Apple's
/// statement that stiffness is `(2π/duration)²` for every bounce):
/// ``stiffness`` and ``force(target:position:velocity:)`` use `m·ω0²` in every regime (OpenSwiftUI
/// uses `m(ω² + λ²)`, which is wrong for over-damped springs), and the over-damped
/// ``velocity(target:initialVelocity:time:)`` is the true derivative of the value (OpenSwiftUI
/// adds a spurious `+ target`).
@frozen
public struct Spring: Hashable, Sendable {
  /// ω, the damped angular frequency in rad/s, signed by regime: positive under-damped, zero
  /// critically damped, negative over-damped (then `−ω = √(λ² − ω0²)`).
  public let angularFrequency: Double

  /// λ = ζ·ω0, the exponential decay rate of the envelope, in 1/s (≥ 0).
  public let decayConstant: Double

  /// The mass of the object on the spring (dimensionless in SwiftUI; default 1).
  public let mass: Double

  /// Creates a spring from its stored representation without any check. Callers guarantee the
  /// invariants listed on ``Spring``.
  @inlinable
  init(_angularFrequency omega: Double, decayConstant lambda: Double, mass: Double) {
    self.angularFrequency = omega
    self.decayConstant = lambda
    self.mass = mass
  }
}

extension Spring {
  /// The smallest response (and duration) a spring can have: 10⁻⁶ s.
  ///
  /// Zero, negative and NaN responses or durations are clamped to it. SwiftUI documents a
  /// response of 0 as "an infinitely stiff spring": a spring this stiff has moved to its
  /// target (to within double precision, for ζ > 0) before the first frame at 240 Hz.
  public static let minimumResponse: Double = 1e-6

  /// The largest response (and duration) a spring can have: 10⁶ s. Larger values, including +∞,
  /// are clamped to it so the natural frequency stays positive and representable (a spring of
  /// response 10⁶ s does not move visibly within an animation).
  public static let maximumResponse: Double = 1e6

  /// The largest damping ratio a spring can have: 10⁴. Larger values, including +∞ (the
  /// `bounce ≤ −1` case of ``init(duration:bounce:)``) are clamped to it: beyond it the stored
  /// pair (ω, λ) could no longer represent ω0 accurately, and the motion is frozen for every
  /// practical purpose anyway (slowest time constant `2ζ/ω0 ≈ 3183 × response`).
  public static let maximumDampingRatio: Double = 1e4

  /// The largest mass a spring stores: 10¹⁰⁰. A larger finite mass still sets the motion
  /// (ω0² = k/m and λ = c/2m are computed with it) but is stored as 10¹⁰⁰, so ``stiffness``
  /// `m·ω0²` (≤ 4·10¹¹³), ``damping`` `2λm` and ``force(target:position:velocity:)`` stay
  /// finite instead of overflowing to ∞ (and to NaN in `0·∞`).
  public static let maximumMass: Double = 1e100

  /// 2π.
  @usableFromInline
  static var _tau: Double { 6.283185307179586 }

  /// The square of the natural angular frequency, `ω0² = λ² + ω·|ω|` (rad²/s²).
  ///
  /// Over-damped springs evaluate it as `(λ − |ω|)·(λ + |ω|)`, which is the same quantity
  /// without the cancellation of `λ² − ω²` (λ − |ω| is exact when |ω| ≥ λ/2).
  @inlinable
  var _naturalFrequencySquared: Double {
    let omega = angularFrequency
    let lambda = decayConstant
    if omega >= 0 { return lambda * lambda + omega * omega }
    let mu = -omega
    return (lambda - mu) * (lambda + mu)
  }

  /// The response: the period of the undamped spring, `2π/ω0`, in seconds. Same as ``duration``.
  /// Cost: one square root and one division.
  public var response: Double {
    Spring._tau / _naturalFrequencySquared.squareRoot()
  }

  /// The perceptual duration, `2π/ω0` seconds: SwiftUI defines it equal to ``response``.
  public var duration: Double { response }

  /// The damping ratio ζ = λ/ω0, evaluated as SwiftUI does: `λ · response / 2π`.
  /// 0 for undamped springs, 1 for critically damped, > 1 for over-damped.
  public var dampingRatio: Double {
    decayConstant * response / Spring._tau
  }

  /// How bouncy the spring is: `1 − ζ` when ω ≥ 0 (0…1), `1/ζ − 1` when ω < 0 (−1…0).
  public var bounce: Double {
    let zeta = dampingRatio
    return angularFrequency >= 0 ? 1 - zeta : 1 / zeta - 1
  }

  /// The spring constant k = m·ω0² (= m(λ² + ω|ω|)), physically correct in every regime.
  ///
  /// OpenSwiftUI computes `m(ω² + λ²)`, which for over-damped springs is `m(2λ² − ω0²)`; Apple
  /// states `stiffness = (2π/duration)²` (mass 1) for all bounces, which this property matches.
  public var stiffness: Double {
    mass * _naturalFrequencySquared
  }

  /// The damping coefficient c = 2·λ·m.
  public var damping: Double { 2 * decayConstant * mass }

  /// The time for a unit step (target 1, initial velocity 0) to settle within 0.001; see
  /// ``settlingDuration(target:initialVelocity:epsilon:)``. +∞ for an undamped spring.
  public var settlingDuration: Double {
    settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
  }
}

extension Spring {
  /// A smooth spring with no bounce: `Spring(duration: 0.5, bounce: 0)`, critically damped.
  public static var smooth: Spring { Spring(duration: 0.5, bounce: 0) }

  /// A smooth spring: `Spring(duration: duration, bounce: extraBounce)`. Bad input as in
  /// ``init(duration:bounce:)``.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: extraBounce)
  }

  /// A snappy spring with a little bounce: `Spring(duration: 0.5, bounce: 0.15)`.
  public static var snappy: Spring { Spring(duration: 0.5, bounce: 0.15) }

  /// A snappy spring: `Spring(duration: duration, bounce: 0.15 + extraBounce)`. Bad input as in
  /// ``init(duration:bounce:)``.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: 0.15 + extraBounce)
  }

  /// A bouncy spring: `Spring(duration: 0.5, bounce: 0.3)`.
  public static var bouncy: Spring { Spring(duration: 0.5, bounce: 0.3) }

  /// A bouncy spring: `Spring(duration: duration, bounce: 0.3 + extraBounce)`. Bad input as in
  /// ``init(duration:bounce:)``.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
    Spring(duration: duration, bounce: 0.3 + extraBounce)
  }
}
