/// Robert Penner's easing equations (the family popularised by easings.net) as a value type:
/// a ``Family`` (quad … bounce) and a ``Mode`` (in, out, inOut), with ``value(at:)`` and the
/// analytic derivative ``velocity(at:)``.
///
/// Every family is defined by its "in" function `f` on `[0, 1]`; `out(x) = 1 − f(1 − x)` and
/// `inOut(x) = f(2x)/2` for x < ½, `1 − f(2 − 2x)/2` otherwise (for `back` and `elastic` the
/// inOut variant uses Penner's own constants, see ``Family``). This reproduces the easings.net
/// formulas exactly in real arithmetic.
///
/// Contract: input is clamped to `[0, 1]` (NaN reads as 0); `value(at: 0) == 0` and
/// `value(at: 1) == 1` exactly for every case (for `expo` and `elastic` the closed forms miss
/// the ends by 2⁻¹⁰ ≈ 0.001 and 2⁻¹¹ resp.; the ends are pinned as in Penner's originals, so
/// those curves jump by that amount at the pinned end). `velocity(at:)` is the derivative of
/// the closed form, extended by continuity to the ends (one-sided); for `circ` it is `+∞`
/// where the circle is vertical. Monotone non-decreasing: all families except `back`,
/// `elastic` and `bounce`. Math via ``Deterministic`` only. Cost: O(1), at most one
/// `exp2` and one `sincos`.
public struct Easing: Hashable, Sendable {
  /// The shape of the "in" function f(u), u ∈ [0, 1].
  public enum Family: Hashable, Sendable, CaseIterable {
    /// u²
    case quad
    /// u³
    case cubic
    /// u⁴
    case quart
    /// u⁵
    case quint
    /// 1 − cos(πu/2)
    case sine
    /// 2^(10u − 10)
    case expo
    /// 1 − √(1 − u²)
    case circ
    /// (c + 1)u³ − c·u² with c = 1.70158 (in/out) or c = 1.70158 × 1.525 (inOut): overshoots.
    case back
    /// −2^(10u − 10)·sin((10u − 10.75)·2π/3) (in/out); for inOut −2^(10u − 10)·sin((10u − 11.125)·2π/4.5).
    case elastic
    /// 1 − b(1 − u), where b is Penner's four-parabola bounce (n = 7.5625, d = 2.75).
    case bounce
  }

  /// How the "in" function is applied.
  public enum Mode: Hashable, Sendable, CaseIterable {
    /// f(x): slow start.
    case `in`
    /// 1 − f(1 − x): slow end.
    case out
    /// f(2x)/2 then 1 − f(2 − 2x)/2: slow start and end, symmetric about (½, ½).
    case inOut
  }

  /// The shape.
  public var family: Family
  /// The mode.
  public var mode: Mode

  /// Creates the easing `family` applied in `mode`.
  @inlinable
  public init(_ family: Family, _ mode: Mode) {
    self.family = family
    self.mode = mode
  }

  /// The eased value at `progress`, clamped to `[0, 1]` first (NaN reads as 0). Exact at the ends.
  @inlinable
  public func value(at progress: Double) -> Double {
    let x = _clamp(progress, 0, 1)
    if x == 0 { return 0 }
    if x == 1 { return 1 }
    switch mode {
    case .in: return Self._in(family, x, inOut: false).value
    case .out: return 1 - Self._in(family, 1 - x, inOut: false).value
    case .inOut:
      if x < 0.5 { return Self._in(family, 2 * x, inOut: true).value * 0.5 }
      return 1 - Self._in(family, 2 - 2 * x, inOut: true).value * 0.5
    }
  }

  /// d(value)/d(progress): the analytic derivative of the closed form at `progress` clamped to
  /// `[0, 1]` (NaN reads as 0), one-sided at the ends. `+∞` only for `circ` where it is vertical.
  @inlinable
  public func velocity(at progress: Double) -> Double {
    let x = _clamp(progress, 0, 1)
    switch mode {
    case .in: return Self._in(family, x, inOut: false).slope
    case .out: return Self._in(family, 1 - x, inOut: false).slope
    case .inOut:
      if x < 0.5 { return Self._in(family, 2 * x, inOut: true).slope }
      return Self._in(family, 2 - 2 * x, inOut: true).slope
    }
  }

  @usableFromInline static let _ln2 = 0.693_147_180_559_945_3

  /// The "in" function f(u) and f′(u) for u in [0, 1].
  @inlinable
  static func _in(_ family: Family, _ u: Double, inOut: Bool) -> (value: Double, slope: Double) {
    switch family {
    case .quad: return (u * u, 2 * u)
    case .cubic: return (u * u * u, 3 * (u * u))
    case .quart:
      let u2 = u * u
      return (u2 * u2, 4 * (u2 * u))
    case .quint:
      let u2 = u * u
      return (u2 * u2 * u, 5 * (u2 * u2))
    case .sine:
      let halfPi = Double.pi * 0.5
      let (s, c) = Deterministic.sincos(halfPi * u)
      return (1 - c, halfPi * s)
    case .expo:
      let e = Deterministic.exp2(10 * u - 10)
      return (e, 10 * _ln2 * e)
    case .circ:
      let r = (1 - u * u).squareRoot()
      return (1 - r, u / r)
    case .back:
      let c = inOut ? 1.70158 * 1.525 : 1.70158
      return (u * u * ((c + 1) * u - c), u * (3 * (c + 1) * u - 2 * c))
    case .elastic:
      let e = Deterministic.exp2(10 * u - 10)
      let frequency = inOut ? 2 * Double.pi / 4.5 : 2 * Double.pi / 3
      let phase = inOut ? 11.125 : 10.75
      let (s, c) = Deterministic.sincos((10 * u - phase) * frequency)
      return (-e * s, -(10 * _ln2 * e * s + e * 10 * frequency * c))
    case .bounce:
      let b = _bounceOut(1 - u)
      return (1 - b.value, b.slope)
    }
  }

  /// Penner's bounce-out b(v) and b′(v): four parabolas n(v − c)² + k on [0, 1/d), [1/d, 2/d),
  /// [2/d, 2.5/d), [2.5/d, 1].
  @inlinable
  static func _bounceOut(_ v: Double) -> (value: Double, slope: Double) {
    let n = 7.5625
    let d = 2.75
    let center: Double
    let offset: Double
    if v < 1 / d {
      center = 0
      offset = 0
    } else if v < 2 / d {
      center = 1.5 / d
      offset = 0.75
    } else if v < 2.5 / d {
      center = 2.25 / d
      offset = 0.9375
    } else {
      center = 2.625 / d
      offset = 0.984375
    }
    let w = v - center
    return (n * w * w + offset, 2 * n * w)
  }
}

extension Easing {
  /// u²
  public static let quadIn = Easing(.quad, .in)
  /// 1 − (1 − x)²
  public static let quadOut = Easing(.quad, .out)
  /// quad, in then out
  public static let quadInOut = Easing(.quad, .inOut)
  /// u³
  public static let cubicIn = Easing(.cubic, .in)
  /// 1 − (1 − x)³
  public static let cubicOut = Easing(.cubic, .out)
  /// cubic, in then out
  public static let cubicInOut = Easing(.cubic, .inOut)
  /// u⁴
  public static let quartIn = Easing(.quart, .in)
  /// 1 − (1 − x)⁴
  public static let quartOut = Easing(.quart, .out)
  /// quart, in then out
  public static let quartInOut = Easing(.quart, .inOut)
  /// u⁵
  public static let quintIn = Easing(.quint, .in)
  /// 1 − (1 − x)⁵
  public static let quintOut = Easing(.quint, .out)
  /// quint, in then out
  public static let quintInOut = Easing(.quint, .inOut)
  /// 1 − cos(πx/2)
  public static let sineIn = Easing(.sine, .in)
  /// sin(πx/2)
  public static let sineOut = Easing(.sine, .out)
  /// (1 − cos πx)/2
  public static let sineInOut = Easing(.sine, .inOut)
  /// 2^(10x − 10), pinned to 0 at 0
  public static let expoIn = Easing(.expo, .in)
  /// 1 − 2^(−10x), pinned to 1 at 1
  public static let expoOut = Easing(.expo, .out)
  /// expo, in then out
  public static let expoInOut = Easing(.expo, .inOut)
  /// 1 − √(1 − x²)
  public static let circIn = Easing(.circ, .in)
  /// √(1 − (x − 1)²)
  public static let circOut = Easing(.circ, .out)
  /// circ, in then out
  public static let circInOut = Easing(.circ, .inOut)
  /// back: undershoots below 0 before rising
  public static let backIn = Easing(.back, .in)
  /// back: overshoots above 1 before settling
  public static let backOut = Easing(.back, .out)
  /// back, in then out (c × 1.525)
  public static let backInOut = Easing(.back, .inOut)
  /// elastic: growing oscillation
  public static let elasticIn = Easing(.elastic, .in)
  /// elastic: decaying oscillation around 1
  public static let elasticOut = Easing(.elastic, .out)
  /// elastic, in then out
  public static let elasticInOut = Easing(.elastic, .inOut)
  /// bounce at the start
  public static let bounceIn = Easing(.bounce, .in)
  /// bounce at the end
  public static let bounceOut = Easing(.bounce, .out)
  /// bounce, in then out
  public static let bounceInOut = Easing(.bounce, .inOut)
}
