/// The parameterised easings of d3-ease — poly with an exponent, back with an overshoot,
/// elastic with an amplitude and a period — as a value type with ``value(at:)`` and the
/// analytic derivative ``velocity(at:)``.
///
/// Each shape is an "in" function `f` on `[0, 1]`, applied in a ``Easing/Mode`` exactly as
/// ``Easing`` does: `in(x) = f(x)`, `out(x) = 1 − f(1 − x)`, `inOut(x) = f(2x)/2` for x < ½
/// and `1 − f(2 − 2x)/2` otherwise (d3-ease's `easePolyInOut`, `easeBackInOut` and
/// `easeElasticInOut` are this construction, with the same parameter in both halves):
/// - ``Shape/poly(exponent:)``: `f(u) = uᵉ` (d3 `easePolyIn.exponent(e)`, default e = 3);
/// - ``Shape/back(overshoot:)``: `f(u) = u²((s + 1)u − s)` (d3 `easeBackIn.overshoot(s)`,
///   default s = 1.70158, about 10 % undershoot);
/// - ``Shape/elastic(amplitude:period:)``: `f(u) = a·T(1 − u)·sin((σ + 1 − u)·2π/p)` with
///   `σ = asin(1/a)·p/2π` and `T(v) = (2^(−10v) − 2⁻¹⁰)·1024/1023` (d3
///   `easeElasticIn.amplitude(a).period(p)`, defaults a = 1, p = 0.3; `T` makes the ends exact).
///
/// Parameters are sanitised at construction (d3 clamps only the amplitude, to ≥ 1): NaN reads
/// as the default; the exponent is clamped to `[0.001, 1000]`, the overshoot to
/// `[−1000, 1000]`, the amplitude to `[1, 1000]` and the period to `[0.001, 1000]`, so every
/// value is finite. Input is clamped to `[0, 1]` (NaN reads as 0); `value(at: 0) == 0` and
/// `value(at: 1) == 1` exactly. Math via ``Deterministic`` only: `uᵉ` by repeated squaring for
/// whole exponents up to 64, else `exp(e·log u)` (a few ulp).
/// Cost: O(1), at most one `exp`/`log` pair and one `sincos`.
public struct ParametricEasing: Hashable, Sendable {
  /// The "in" function and its parameter.
  public enum Shape: Hashable, Sendable {
    /// `uᵉ`; e = 1 is linear, e = 2 quad, e = 3 cubic.
    case poly(exponent: Double)
    /// `u²((s + 1)u − s)`: dips below 0 (in) or overshoots 1 (out) by more as s grows.
    case back(overshoot: Double)
    /// A decaying sine with peak `amplitude` (≥ 1) and `period` in units of progress.
    case elastic(amplitude: Double, period: Double)
  }

  /// The default poly exponent, 3 (d3-ease).
  public static let defaultExponent = 3.0
  /// The default back overshoot, 1.70158 (d3-ease, Penner).
  public static let defaultOvershoot = 1.70158
  /// The default elastic amplitude, 1 (d3-ease).
  public static let defaultAmplitude = 1.0
  /// The default elastic period, 0.3 (d3-ease).
  public static let defaultPeriod = 0.3

  /// The shape, with its parameters sanitised as the type documents.
  public let shape: Shape
  /// How the "in" function is applied.
  public let mode: Easing.Mode

  /// `shape` applied in `mode`; parameters are sanitised as the type documents.
  public init(_ shape: Shape, _ mode: Easing.Mode) {
    func clean(_ x: Double, _ fallback: Double, _ lower: Double, _ upper: Double) -> Double {
      x.isNaN ? fallback : _clamp(x, lower, upper)
    }
    switch shape {
    case .poly(let e):
      self.shape = .poly(exponent: clean(e, Self.defaultExponent, 0.001, 1000))
    case .back(let s):
      self.shape = .back(overshoot: clean(s, Self.defaultOvershoot, -1000, 1000))
    case .elastic(let a, let p):
      self.shape = .elastic(
        amplitude: clean(a, Self.defaultAmplitude, 1, 1000), period: clean(p, Self.defaultPeriod, 0.001, 1000)
      )
    }
    self.mode = mode
  }

  /// d3 `easePolyIn`/`Out`/`InOut` with `exponent` (default 3).
  public static func poly(_ mode: Easing.Mode, exponent: Double = defaultExponent) -> ParametricEasing {
    ParametricEasing(.poly(exponent: exponent), mode)
  }

  /// d3 `easeBackIn`/`Out`/`InOut` with `overshoot` (default 1.70158).
  public static func back(_ mode: Easing.Mode, overshoot: Double = defaultOvershoot) -> ParametricEasing {
    ParametricEasing(.back(overshoot: overshoot), mode)
  }

  /// d3 `easeElasticIn`/`Out`/`InOut` with `amplitude` (default 1) and `period` (default 0.3).
  public static func elastic(
    _ mode: Easing.Mode, amplitude: Double = defaultAmplitude, period: Double = defaultPeriod
  ) -> ParametricEasing {
    ParametricEasing(.elastic(amplitude: amplitude, period: period), mode)
  }

  /// The eased value at `progress` clamped to `[0, 1]` (NaN reads as 0); exact at the ends.
  public func value(at progress: Double) -> Double {
    let x = _clamp(progress, 0, 1)
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    switch mode {
    case .in: return _in(x).value
    case .out: return 1 - _in(1 - x).value
    case .inOut:
      if x < 0.5 { return _in(2 * x).value * 0.5 }
      return 1 - _in(2 - 2 * x).value * 0.5
    }
  }

  /// d(value)/d(progress): the analytic derivative at `progress` clamped to `[0, 1]` (NaN
  /// reads as 0), one-sided at the ends. `+∞` only for poly with an exponent below 1 where
  /// `uᵉ` is vertical (u = 0).
  public func velocity(at progress: Double) -> Double {
    let x = _clamp(progress, 0, 1)
    switch mode {
    case .in: return _in(x).slope
    case .out: return _in(1 - x).slope
    case .inOut: return x < 0.5 ? _in(2 * x).slope : _in(2 - 2 * x).slope
    }
  }

  /// `uᵉ` for u in (0, 1]: by repeated squaring for whole exponents up to 64 (exact for
  /// squares and cubes of short values, as `pow` is), else `exp(e·log u)`.
  static func _power(_ u: Double, _ e: Double) -> Double {
    if e == e.rounded(.towardZero) && e <= 64 {
      var result = 1.0
      var base = u
      var k = Int(e)
      while k > 0 {
        if k & 1 == 1 { result *= base }
        base *= base
        k >>= 1
      }
      return result
    }
    return Deterministic.exp(e * Deterministic.log(u))
  }

  /// f(u) and f′(u) for u in [0, 1].
  func _in(_ u: Double) -> (value: Double, slope: Double) {
    switch shape {
    case .poly(let e):
      if u == 0 { return (0, e < 1 ? .infinity : (e == 1 ? 1 : 0)) }
      let power = Self._power(u, e)
      return (power, e * power / u)
    case .back(let s):
      return (u * u * ((s + 1) * u - s), u * (3 * (s + 1) * u - 2 * s))
    case .elastic(let a, let p):
      let q = p / (2 * Double.pi)
      let inverseAmplitude = 1 / a
      let sigma =
        Deterministic.atan2(y: inverseAmplitude, x: (1 - inverseAmplitude * inverseAmplitude).squareRoot())
        * q
      let v = 1 - u
      let e = Deterministic.exp2(-10 * v)
      let scale = 1024.0 / 1023.0
      let envelope = (e - 0x1p-10) * scale
      let envelopeSlope = -10 * Easing._ln2 * e * scale  // dT/dv
      let (s, c) = Deterministic.sincos((sigma + v) / q)
      // d/du = −d/dv.
      return (a * envelope * s, -a * (envelopeSlope * s + envelope * c / q))
    }
  }
}
