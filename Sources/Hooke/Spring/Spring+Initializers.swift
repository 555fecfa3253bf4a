extension Spring {
  /// Clamps a response or duration to ``minimumResponse``…``maximumResponse``; NaN, zero and
  /// negative values become ``minimumResponse`` (infinitely stiff: snaps), +∞ becomes
  /// ``maximumResponse``.
  @inlinable
  static func _sanitizedResponse(_ response: Double) -> Double {
    guard response > minimumResponse else { return minimumResponse }  // also NaN
    return response < maximumResponse ? response : maximumResponse
  }

  /// Clamps a damping ratio to `0…maximumDampingRatio`; NaN becomes 1 (critical damping, the
  /// SwiftUI default).
  @inlinable
  static func _sanitizedDampingRatio(_ zeta: Double) -> Double {
    if zeta.isNaN { return 1 }
    if zeta <= 0 { return 0 }
    return zeta < maximumDampingRatio ? zeta : maximumDampingRatio
  }

  /// The shared body of ``init(duration:bounce:)`` and ``init(response:dampingRatio:)`` after
  /// sanitising: `ω = ±√|1 − ζ²|·2π/response` (minus iff ζ > 1), `λ = ζ·2π/response`, m = 1.
  @inlinable
  init(_sanitizedResponse response: Double, dampingRatio zeta: Double) {
    let signedTau = zeta <= 1 ? Spring._tau : -Spring._tau
    let omega = (1 - zeta * zeta).magnitude.squareRoot() * signedTau / response
    let lambda = zeta * Spring._tau / response
    self.init(_angularFrequency: omega, decayConstant: lambda, mass: 1)
  }

  /// Creates a spring with a perceptual duration and a bounce (SwiftUI's preferred form).
  ///
  /// Damping ratio from bounce: ζ = 1 − bounce for `0 ≤ bounce ≤ 1`, ζ = 1/(1 + bounce) for
  /// `−1 < bounce < 0` (over-damped), ζ = 0 (undamped) for `bounce > 1`, and for `bounce ≤ −1`
  /// (SwiftUI: ζ = +∞) ζ = ``maximumDampingRatio``. Then ω0 = 2π/duration; the stored values are
  /// `ω = ±√|1 − ζ²|·2π/duration`, `λ = ζ·2π/duration`, mass 1. Equivalently stiffness
  /// `(2π/duration)²` and damping `2ζ·2π/duration`.
  ///
  /// Bad input: a NaN bounce is treated as 0 (critical). A duration that is NaN, zero, negative
  /// or below ``minimumResponse`` becomes ``minimumResponse`` (an almost infinitely stiff spring
  /// that snaps); one above ``maximumResponse`` (including +∞) becomes ``maximumResponse``.
  /// Cost: one square root, two divisions.
  ///
  /// - Parameters:
  ///   - duration: The pace of the spring in seconds (the undamped period). Default 0.5.
  ///   - bounce: 0 for no bounce (critically damped), up to 1 (undamped); negative values are
  ///     over-damped, down to −1. Default 0.
  public init(duration: Double = 0.5, bounce: Double = 0.0) {
    let zeta: Double
    if bounce.isNaN || bounce == 0 {
      zeta = 1
    } else if bounce > 1 {
      zeta = 0
    } else if bounce > 0 {
      zeta = 1 - bounce
    } else if bounce > -1 {
      zeta = 1 / (1 + bounce)
    } else {
      zeta = .infinity
    }
    self.init(
      _sanitizedResponse: Spring._sanitizedResponse(duration),
      dampingRatio: Spring._sanitizedDampingRatio(zeta))
  }

  /// Creates a spring from a response (undamped period, seconds) and a damping ratio.
  ///
  /// Stored values: `ω = ±2π·√|1 − ζ²|/response` (minus iff ζ > 1), `λ = 2π·ζ/response`, mass 1.
  /// SwiftUI does not clamp; Hooke clamps only what would break the motion:
  /// - response NaN, ≤ 0 or below ``minimumResponse`` → ``minimumResponse`` (snaps, as SwiftUI
  ///   documents for a response of 0: "infinitely stiff"); above ``maximumResponse`` (incl. +∞)
  ///   → ``maximumResponse``;
  /// - dampingRatio NaN → 1; negative → 0 (undamped; negative damping would make the motion grow
  ///   without bound); above ``maximumDampingRatio`` (incl. +∞) → ``maximumDampingRatio``.
  ///
  /// Cost: one square root, two divisions.
  public init(response: Double, dampingRatio: Double) {
    self.init(
      _sanitizedResponse: Spring._sanitizedResponse(response),
      dampingRatio: Spring._sanitizedDampingRatio(dampingRatio))
  }

  /// Creates a spring from physical coefficients: `m·ẍ = −k·(x − target) − c·ẋ`.
  ///
  /// With ω0 = √(k/m) and λ' = c/(2m): if λ' > ω0 (over-damped) and `allowOverDamping` is false,
  /// the spring is **clamped to critical damping** (ω = 0, λ = ω0: the damping you passed is
  /// ignored, as in SwiftUI). Otherwise `ω = ±√|k/m − λ'²|` (minus iff λ' > ω0), `λ = λ'`, and the
  /// mass is stored.
  ///
  /// Bad input (never traps):
  /// - mass NaN, ±∞, zero or negative → 1; a finite mass above ``maximumMass`` sets ω0 and λ'
  ///   as given but is stored as ``maximumMass`` (so k, c and forces stay finite);
  /// - stiffness NaN, zero or negative, or so small that the response would exceed
  ///   ``maximumResponse`` → k/m = (2π/``maximumResponse``)²; so large (incl. +∞) that the response
  ///   would fall below ``minimumResponse`` → k/m = (2π/``minimumResponse``)²;
  /// - damping NaN or negative → 0 (undamped); with `allowOverDamping`, damping beyond
  ///   ``maximumDampingRatio`` × critical (incl. +∞) → that maximum.
  ///
  /// Cost: two square roots, a few divisions.
  ///
  /// - Parameters:
  ///   - mass: The mass at the end of the spring. Default 1.
  ///   - stiffness: The spring constant k.
  ///   - damping: The damping coefficient c.
  ///   - allowOverDamping: Whether λ' > ω0 may produce an over-damped spring. Default false.
  public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
    let m = mass > 0 && mass.isFinite ? mass : 1
    let stored = Swift.min(m, Spring.maximumMass)
    let slowest = Spring._tau / Spring.maximumResponse
    let fastest = Spring._tau / Spring.minimumResponse
    var omega0Squared = stiffness / m
    if !(omega0Squared >= slowest * slowest) {  // also NaN
      omega0Squared = slowest * slowest
    } else if omega0Squared > fastest * fastest {
      omega0Squared = fastest * fastest
    }
    let omega0 = omega0Squared.squareRoot()
    var lambda = damping / (2 * m)
    if !(lambda >= 0) { lambda = 0 }  // also NaN
    if lambda > omega0 {
      guard allowOverDamping else {
        self.init(_angularFrequency: 0, decayConstant: omega0, mass: stored)
        return
      }
      let largest = Spring.maximumDampingRatio * omega0
      if lambda > largest { lambda = largest }
      let omega = -(omega0Squared - lambda * lambda).magnitude.squareRoot()
      self.init(_angularFrequency: omega, decayConstant: lambda, mass: stored)
    } else {
      let omega = (omega0Squared - lambda * lambda).magnitude.squareRoot()
      self.init(_angularFrequency: omega, decayConstant: lambda, mass: stored)
    }
  }
}
