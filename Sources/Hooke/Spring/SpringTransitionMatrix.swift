/// The exact state-transition matrix of a ``Spring`` over one time step.
///
/// For the displacement from the target `y = value − target` and the velocity `v`, a spring's
/// motion is linear: `(y, v)(t + Δt) = M(Δt)·(y, v)(t)` with
///
///     M(Δt) = ⎡ m00  m01 ⎤ = e^(−λΔt) ⎡ C + λS      S   ⎤
///             ⎣ m10  m11 ⎦            ⎣ −ω0²·S   C − λS ⎦
///
/// where, with ω the spring's signed ``Spring/angularFrequency`` and μ = |ω|,
/// `C = cos(ωΔt)`, `S = sin(ωΔt)/ω` (under-damped), `C = 1`, `S = Δt` (critical),
/// `C = cosh(μΔt)`, `S = sinh(μΔt)/μ` (over-damped). The over-damped entries are evaluated as
/// `e^((μ−λ)Δt)` times combinations of `1 − e^(−2μΔt)` (formed from the unrounded parts of
/// the table-driven exponential, relatively accurate for every 2μΔt), so they neither overflow
/// nor cancel for strong over-damping or large Δt, and S → Δt continuously as μ → 0: there is no
/// switch around ζ = 1, and ζ = 1 ± 10⁻⁶ is as accurate as any other ratio.
///
/// Stepping a spring frame by frame with the matrix of the frame interval is exact (not an
/// integrator): after k steps the state equals the closed form at time k·Δt up to rounding
/// (≤ 1e-12 relative over 10 s at 30…240 Hz, see the tests). Mass does not enter.
///
/// Edge cases: Δt NaN, zero or negative → ``identity`` (time does not run backwards);
/// Δt = +∞ (or so large that the phase ωΔt overflows) → the zero matrix (every damped spring has reached its target with zero velocity; an
/// undamped spring is reported at the centre of its oscillation, its time average); huge finite
/// Δt → finite entries (damped springs settle to ≈ 0, undamped ones stay bounded).
///
/// Cost of construction: one `sincos`, one `exp` and one division (under-damped, about 120 flops
/// for a phase ωΔt ≤ π/4), one `exp` (critical, about 35 flops) or one `exp`, the reduction of
/// another and one division (over-damped, about 70 flops). A frame step (every `exp` argument in
/// its table range and, under-damped, a phase ωΔt ≤ π/4) inlines the functions' common paths
/// without their range tests (their table lookups are loads), and the division runs alongside
/// them; other steps take the general path out of line, with the same bits where both apply.
/// `spring-scalar-bench` times each regime next to the naive closed form with the C library
/// (figures and command in the README): from a client module, in instructions per call
/// (callgrind), an under-damped `Spring.update` runs 186 (the naive form 231), a critically
/// damped one 95 (100), an over-damped one 154 (168), the under-damped matrix alone 172 (202).
/// Applying the matrix costs four multiplications and two additions per component.
@frozen
public struct SpringTransitionMatrix: Hashable, Sendable {
  /// ∂y(t+Δt)/∂y(t): displacement carried over to displacement.
  public var m00: Double
  /// ∂y(t+Δt)/∂v(t): velocity carried over to displacement (seconds).
  public var m01: Double
  /// ∂v(t+Δt)/∂y(t): displacement carried over to velocity (1/s).
  public var m10: Double
  /// ∂v(t+Δt)/∂v(t): velocity carried over to velocity.
  public var m11: Double

  /// Creates a matrix from its entries (no checks).
  @inlinable
  public init(m00: Double, m01: Double, m10: Double, m11: Double) {
    self.m00 = m00
    self.m01 = m01
    self.m10 = m10
    self.m11 = m11
  }

  /// The identity: the transition over zero time.
  public static var identity: SpringTransitionMatrix { .init(m00: 1, m01: 0, m10: 0, m11: 1) }

  /// The transition matrix of `spring` over `deltaTime` seconds; see the type's documentation
  /// for the formula, the edge cases (Δt ≤ 0 or NaN → identity, Δt = +∞ → zero) and the cost.
  @inlinable
  public init(spring: Spring, deltaTime: Double) {
    guard deltaTime > 0 else {  // also NaN
      self = .identity
      return
    }
    guard deltaTime < .infinity else {
      self.init(m00: 0, m01: 0, m10: 0, m11: 0)
      return
    }
    let omega = spring.angularFrequency
    let lambda = spring.decayConstant
    if omega > 0 {
      self = Self._underDamped(omega: omega, lambda: lambda, deltaTime: deltaTime)
    } else if omega == 0 {
      self = Self._criticallyDamped(lambda: lambda, deltaTime: deltaTime)
    } else {
      self = Self._overDamped(mu: -omega, lambda: lambda, deltaTime: deltaTime)
    }
  }

  // One function per regime, each small enough for `exp` and `sincos` to inline into it, so
  // their work overlaps. Each has a common path (`…Common`: t > 0 with every argument of `exp`
  // in its table range and, for the under-damped phase, no reduction — a frame step) that
  // inlines the elementary functions without their range tests, and a general function out of
  // line for every other 0 < t < ∞: the same operations wherever both apply, so the same bits.
  // Callers that use the common path directly (``Spring/update(value:velocity:target:deltaTime:)``,
  // ``Spring/value(target:initialVelocity:time:)``) test t > 0 first and send the rest, as a
  // tail call, to a function that uses ``init(spring:deltaTime:)``.

  /// Under-damped entries for ω > 0 and 0 < t < ∞: e^(−λt)·[C ± λS], S = sin(ωt)/ω, which stays
  /// accurate as ω → 0 (sin is accurate relative to its small argument).
  @inlinable
  static func _underDamped(omega: Double, lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix {
    if let m = _underDampedCommon(omega: omega, lambda: lambda, deltaTime: t, reducing: false) { return m }
    return _underDampedGeneral(omega: omega, lambda: lambda, deltaTime: t)
  }

  /// The under-damped entries for ω > 0 and t > 0 when −λt ≥ −700 (`exp`'s table range) and the
  /// phase ωt ≤ π/4 (no reduction) or, with `reducing: true`, one the two-part π/2 reduction
  /// handles; nil otherwise.
  @inlinable @inline(__always)
  static func _underDampedCommon(omega: Double, lambda: Double, deltaTime t: Double, reducing: Bool)
    -> SpringTransitionMatrix?
  {
    let phase = omega * t  // ≥ +0 (ω > 0, t > 0)
    let exponent = -lambda * t  // ≤ −0
    let inverseOmega = 1 / omega  // divides while exp and sincos run
    let sine: Double
    let cosine: Double
    if reducing {
      guard phase < 0x1.921fb54442d18p+6, exponent >= -700 else { return nil }
      if phase <= 0x1.921fb54442d18p-1 {
        (sine, cosine) = _sinCosKernel(phase, 0, hasLowPart: false, nonNegative: true)
      } else {
        let (n, hi, lo) = _reduceHalfPiTwoPart(phase)
        guard hi.magnitude >= 0x1p-7 else { return nil }
        (sine, cosine) = _sinCosOfQuadrant(n, _sinCosKernel(hi, lo))
      }
    } else {
      guard phase <= 0x1.921fb54442d18p-1, exponent >= -700 else { return nil }
      (sine, cosine) = _sinCosKernel(phase, 0, hasLowPart: false, nonNegative: true)
    }
    return _underDampedMatrix(
      omega: omega, lambda: lambda, decay: _expTableDriven(exponent), sine: sine, cosine: cosine,
      inverseOmega: inverseOmega)
  }

  /// The under-damped entries from e^(−λt), sin(ωt), cos(ωt) and 1/ω.
  @inlinable @inline(__always)
  static func _underDampedMatrix(
    omega: Double, lambda: Double, decay: Double, sine: Double, cosine: Double, inverseOmega: Double
  ) -> SpringTransitionMatrix {
    let c = decay * cosine
    let s = decay * (sine * inverseOmega)
    let omega0Squared = lambda * lambda + omega * omega
    return SpringTransitionMatrix(m00: c + lambda * s, m01: s, m10: -omega0Squared * s, m11: c - lambda * s)
  }

  /// `_underDamped` for every 0 < t < ∞ (any phase, any decay), out of line.
  @usableFromInline @inline(never)
  static func _underDampedGeneral(omega: Double, lambda: Double, deltaTime t: Double)
    -> SpringTransitionMatrix
  {
    let phase = omega * t
    let inverseOmega = 1 / omega
    guard phase < .infinity else {
      // Only for t near the largest Double: treated as t = +∞ (see above).
      return SpringTransitionMatrix(m00: 0, m01: 0, m10: 0, m11: 0)
    }
    let (sine, cosine) = Deterministic._sincosFinite(phase)  // 0 ≤ phase < ∞ (ω > 0, t > 0)
    return _underDampedMatrix(
      omega: omega, lambda: lambda, decay: Deterministic.exp(-lambda * t), sine: sine, cosine: cosine,
      inverseOmega: inverseOmega)
  }

  /// Critically damped entries for ω = 0 and 0 < t < ∞: C = 1, S = t. For huge t, λt → ∞ and the
  /// decay underflows to exactly 0.
  @inlinable
  static func _criticallyDamped(lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix {
    if let m = _criticallyDampedCommon(lambda: lambda, deltaTime: t) { return m }
    return _criticallyDampedGeneral(lambda: lambda, deltaTime: t)
  }

  /// The critically damped entries for t > 0 when −λt ≥ −700 (`exp`'s table range), else nil.
  @inlinable @inline(__always)
  static func _criticallyDampedCommon(lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix? {
    let exponent = -lambda * t
    guard exponent >= -700 else { return nil }
    return _criticallyDampedMatrix(lambda: lambda, decay: _expTableDriven(exponent), deltaTime: t)
  }

  /// The critically damped entries from e^(−λt).
  @inlinable @inline(__always)
  static func _criticallyDampedMatrix(lambda: Double, decay: Double, deltaTime t: Double)
    -> SpringTransitionMatrix
  {
    let s = t * decay
    return SpringTransitionMatrix(
      m00: decay + lambda * s, m01: s, m10: -(lambda * lambda) * s, m11: decay - lambda * s)
  }

  /// `_criticallyDamped` for every 0 < t < ∞, out of line.
  @usableFromInline @inline(never)
  static func _criticallyDampedGeneral(lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix {
    _criticallyDampedMatrix(lambda: lambda, decay: Deterministic.exp(-lambda * t), deltaTime: t)
  }

  /// Over-damped entries for μ = |ω| < λ and 0 < t < ∞, with the slow root r = μ − λ (exact by
  /// Sterbenz when μ ≥ λ/2), x = 2μt and the exponentials of both roots, e^(rt) and
  /// e^(rt − x) = e^(rt)·e^(−x):
  ///   e^(−λt)·sinh(μt)/μ  = e^(rt)·g,  g = (1 − e^(−x))/(2μ)  (→ t as μ → 0)
  ///   e^(−λt)·cosh(μt)    = e^(rt) − r·e^(rt)·g
  ///   m11 = e^(rt)·(1 − (λ+μ)·g) = e^(rt)·(r + (λ+μ)·e^(−x))/(2μ).
  ///
  /// 1 − e^(−x) comes from the unrounded parts of the table-driven e^(−x) = scale·(1 + τ):
  /// (1 − scale) − scale·τ, where 1 − scale is exact (Sterbenz) wherever it cancels and only
  /// the small product scale·τ rounds, so the difference keeps its relative accuracy for every
  /// x down to the subnormals (for x < ln 2/128, scale = 1 and it is −τ, the polynomial's
  /// e^(−x) − 1, relatively accurate). That is one `exp`, the reduction of another and three
  /// flops, where a separate `expm1` costs twice the reduction. Beyond x = 700, e^(−x) is below
  /// half an ulp of 1 and the difference is 1.
  @inlinable
  static func _overDamped(mu: Double, lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix {
    if let m = _overDampedCommon(mu: mu, lambda: lambda, deltaTime: t) { return m }
    return _overDampedGeneral(mu: mu, lambda: lambda, deltaTime: t)
  }

  /// The over-damped entries for t > 0 when x = 2μt ≤ 700 and rt ≥ −700 (rt ≤ 0: μ < λ since
  /// ω0 > 0), else nil.
  @inlinable @inline(__always)
  static func _overDampedCommon(mu: Double, lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix? {
    let spread = 2 * mu * t
    let slowExponent = (mu - lambda) * t
    guard spread <= 700, slowExponent >= -700 else { return nil }
    return _overDampedEntries(mu: mu, lambda: lambda, deltaTime: t, slow: _expTableDriven(slowExponent))
  }

  /// The over-damped entries from e^(rt) (`slow`), for x = 2μt ≤ 700 or x = +∞ (see `_overDamped`).
  @inlinable @inline(__always)
  static func _overDampedEntries(mu: Double, lambda: Double, deltaTime t: Double, slow: Double)
    -> SpringTransitionMatrix
  {
    let slowRoot = mu - lambda
    let inverseTwoMu = 1 / (2 * mu)  // divides while the exponentials run
    let spread = 2 * mu * t
    let g: Double
    let velocityKeep: Double
    if spread <= 700 {
      let (scale, tau) = _expTableDrivenParts(-spread)
      g = ((1 - scale) - scale * tau) * inverseTwoMu  // ∈ (0, t]
      // Once e^(−x) < 1/2, slow·(1 − (λ+μ)·g) cancels towards r/(2μ)·e^(rt) for large ζ; the
      // two-root form is exact to rounding there.
      if spread > 0.6931471805599453 {
        let fast = scale + scale * tau
        velocityKeep = slow * ((slowRoot + fast * (lambda + mu)) * inverseTwoMu)
      } else {
        velocityKeep = slow * (1 - (lambda + mu) * g)
      }
    } else {  // also x = +∞ (2μt overflows): e^(−x) rounds to 0
      g = inverseTwoMu
      velocityKeep = slow * (slowRoot * inverseTwoMu)
    }
    let s = slow * g
    let omega0Squared = -slowRoot * (lambda + mu)
    return SpringTransitionMatrix(
      m00: slow + (-slowRoot) * s, m01: s, m10: -omega0Squared * s, m11: velocityKeep)
  }

  /// `_overDamped` for every 0 < t < ∞, out of line.
  @usableFromInline @inline(never)
  static func _overDampedGeneral(mu: Double, lambda: Double, deltaTime t: Double) -> SpringTransitionMatrix {
    _overDampedEntries(mu: mu, lambda: lambda, deltaTime: t, slow: Deterministic.exp((mu - lambda) * t))
  }

  /// The state after the step: `(m00·y + m01·v, m10·y + m11·v)` in `Double`.
  @inlinable
  public func apply(displacement: Double, velocity: Double) -> (displacement: Double, velocity: Double) {
    (m00 * displacement + m01 * velocity, m10 * displacement + m11 * velocity)
  }

  /// The state after the step for `Float` engines, using ``floatEntries`` (each entry rounded to
  /// `Float` once): `(m00·y + m01·v, m10·y + m11·v)` evaluated in `Float`. Identical to the generic
  /// ``apply(displacement:velocity:)-(V,V)`` on `Float`, whose `scale(by:)` also rounds the factor.
  @inlinable
  public func apply(displacement: Float, velocity: Float) -> (displacement: Float, velocity: Float) {
    let e = floatEntries
    return (e[0] * displacement + e[1] * velocity, e[2] * displacement + e[3] * velocity)
  }

  /// The state after the step, component-wise for any ``VectorArithmetic``:
  /// `(y·m00 + v·m01, y·m10 + v·m11)` using `scaled(by:)` and `+`.
  @inlinable
  public func apply<V: VectorArithmetic>(displacement: V, velocity: V) -> (displacement: V, velocity: V) {
    (
      displacement.scaled(by: m00) + velocity.scaled(by: m01),
      displacement.scaled(by: m10) + velocity.scaled(by: m11)
    )
  }

  /// Advances a value/velocity pair towards `target` by one step: the displacement is
  /// `value − target`, and the new value is `target + m00·(value − target) + m01·velocity`.
  ///
  /// When `value − target` overflows (finite operands of opposite signs near
  /// ±`greatestFiniteMagnitude`) the step is evaluated without forming it, as
  /// `value·m00 + target·(1 − m00) + velocity·m01` and `value·m10 − target·m10 + velocity·m11`,
  /// so it stays finite whenever the exact result is representable instead of giving ±∞ or
  /// NaN (the identity then returns the pair unchanged).
  @inlinable
  public func step<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V) {
    let displacement = value - target
    // The finite gap is tested first (a hint keeps the optimiser from testing the operands first).
    if _slowPath(displacement - displacement != .zero) && value - value == .zero && target - target == .zero {
      let v = velocity
      velocity = value.scaled(by: m10) - target.scaled(by: m10) + v.scaled(by: m11)
      value = value.scaled(by: m00) + target.scaled(by: 1 - m00) + v.scaled(by: m01)
      return
    }
    let (y, v) = apply(displacement: displacement, velocity: velocity)
    value = target + y
    velocity = v
  }

  /// The entries in `Double`, ordered (m00, m01, m10, m11).
  @inlinable
  public var entries: SIMD4<Double> { SIMD4(m00, m01, m10, m11) }

  /// The entries rounded to `Float` (round to nearest), ordered (m00, m01, m10, m11), for engines
  /// that step `Float` state. Compute the matrix in `Double` once, then convert.
  @inlinable
  public var floatEntries: SIMD4<Float> { SIMD4(Float(m00), Float(m01), Float(m10), Float(m11)) }
}

extension Spring {
  /// The exact transition matrix of this spring over `deltaTime` seconds; the same as
  /// ``SpringTransitionMatrix/init(spring:deltaTime:)``.
  @inlinable
  public func transitionMatrix(deltaTime: Double) -> SpringTransitionMatrix {
    SpringTransitionMatrix(spring: self, deltaTime: deltaTime)
  }
}
