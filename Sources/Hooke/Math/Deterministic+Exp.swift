// exp, exp2, expm1. One kernel: e^r − 1 for |r| ≤ 0.35 as a double-double, then an exact
// reconstruction 2^k · (1 + (e^r − 1)). Constants: Tests/Fixtures/scripts/math_constants.py.

// ln 2 = _ln2Hi + _ln2Lo; _ln2Hi has 21 significant bits so k · _ln2Hi is exact for |k| < 2^32.
internal let _ln2Hi: Double = 0x1.62e43p-1
internal let _ln2Lo: Double = -0x1.05c610ca86c39p-29
// ln 2 as a double-double (rounded head, 53-bit tail).
internal let _ln2Head: Double = 0x1.62e42fefa39efp-1
internal let _ln2Tail: Double = 0x1.abc9e3b39803fp-56
internal let _invLn2: Double = 0x1.71547652b82fep+0

/// e^(rh + rl) − 1 as a double-double, for |rh + rl| ≤ 0.35 and |rl| ≤ ulp(rh).
///
/// e^r − 1 = r + r²/2 + r³/6 + r⁴·Q(r); the first three terms are carried as double-doubles
/// (TwoProduct), the degree-9 near-minimax Q (absolute error 3.6e-18 on [−0.35, 0.35] with
/// rounded coefficients) contributes at most 0.25 % of the result, so the relative error of the
/// pair is below 2^-60.
@inline(__always)
internal func _expm1Kernel(_ rh: Double, _ rl: Double) -> (hi: Double, lo: Double) {
  let (sq, sq1) = _twoProduct(rh, rh)
  let sqLo = sq1 + 2 * rh * rl
  let halfSq = 0.5 * sq
  let (cube, cube1) = _twoProduct(sq, rh)
  let cubeLo = cube1 + (sqLo * rh + sq * rl)
  let (sixth, sixth1) = _twoProduct(cube, 0x1.5555555555555p-3)  // r³ · 1/6
  let sixthLo = sixth1 + (cube * 0x1.5555555555555p-57 + cubeLo * 0x1.5555555555555p-3)
  var q = 0x1.61a850e8d8603p-33
  q = 0x1.1f6942ca28386p-29 + rh * q
  q = 0x1.ae643a34faa2ap-26 + rh * q
  q = 0x1.27e4e0f0f6358p-22 + rh * q
  q = 0x1.71de3a57e638dp-19 + rh * q
  q = 0x1.a01a01a4be7f8p-16 + rh * q
  q = 0x1.a01a01a019dadp-13 + rh * q
  q = 0x1.6c16c16c1678ap-10 + rh * q
  q = 0x1.1111111111111p-7 + rh * q
  q = 0x1.5555555555555p-5 + rh * q
  let quartic = (sq * sq) * q
  let (s1, s1Lo) = _fastTwoSum(rh, halfSq)
  let (s2, s2Lo) = _fastTwoSum(s1, sixth)
  let lo = (s1Lo + s2Lo) + ((rl + 0.5 * sqLo) + (sixthLo + quartic))
  return _fastTwoSum(s2, lo)
}

/// Splits x = k·ln 2 + (rh + rl) with k = round(x / ln 2); |x| ≤ 746.
@inline(__always)
internal func _reduceLn2(_ x: Double) -> (k: Int, rh: Double, rl: Double) {
  let kf = _roundToInteger(x * _invLn2)
  let hi = x - kf * _ln2Hi  // exact: k·_ln2Hi is exact and x is within ln2/2 of it
  let (rh, rl) = _twoSum(hi, -(kf * _ln2Lo))
  return (Int(kf), rh, rl)
}

/// 2^k · (hi + lo) rounded once, for 0.7 ≤ hi + lo ≤ 1.42 and −1076 ≤ k ≤ 1024.
/// Overflows to +∞ and underflows gradually (subnormals rounded once, to nearest even).
@inline(__always)
internal func _scale(_ hi: Double, _ lo: Double, _ k: Int) -> Double {
  if k >= -1021 {
    let y = hi + lo
    if k <= 1023 { return y * _powerOfTwo(k) }
    return (y * 2) * _powerOfTwo(k - 1)  // may overflow to +∞, as it should
  }
  // Subnormal result: round (hi + lo)·2^(k+1074) to an integer n once (ties to even); then
  // n·2^-1074 is exact. t < 2^53, and t ≥ 2^52 is already an integer.
  let unit = _powerOfTwo(k + 1074)
  let t = hi * unit  // exact: a power-of-two scaling
  let tl = lo * unit
  let n = t < 0x1p52 ? (t + 0x1p52) - 0x1p52 : t
  let frac = (t - n) + tl  // t − n is exact
  var bits = UInt64(n)
  if frac > 0.5 || (frac == 0.5 && bits & 1 == 1) {
    bits += 1
  } else if frac < -0.5 || (frac == -0.5 && bits & 1 == 1) {
    bits -= 1
  }
  return Double(bits) * 0x1p-1074
}

extension Deterministic {
  /// The exponential eˣ.
  ///
  /// - Domain: all `Double`. Accuracy: ≤ 0.51 ulp by analysis (error of the double-double kernel
  ///   below 2^-56), measured maximum reported by `DeterministicExpTests`; subnormal results are
  ///   rounded once.
  /// - Special values: `exp(±0) = 1`, `exp(+∞) = +∞`, `exp(−∞) = +0`, NaN → NaN.
  ///   Overflows to +∞ for x > 709.782712893384 and underflows through the subnormals to +0
  ///   below −745.1332191019412 (the correctly rounded thresholds).
  /// - Algorithm: x = k·ln 2 + r (Cody–Waite, |r| ≤ 0.35), e^r − 1 by polynomial in
  ///   double-double, result 2^k·(1 + (e^r − 1)).
  /// - Cost: about 110 flops, no tables, no branches in the common path beyond range checks.
  public static func exp(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x > 709.8 { return .infinity }
    if x < -745.2 { return 0 }
    if x.magnitude < 0x1p-54 { return 1 + x }
    let (k, rh, rl) = _reduceLn2(x)
    let (eh, el) = _expm1Kernel(rh, rl)
    let (yh, y1) = _fastTwoSum(1, eh)
    return _scale(yh, y1 + el, k)
  }

  /// The base-2 exponential 2ˣ.
  ///
  /// - Domain: all `Double`. Accuracy: ≤ 0.51 ulp by analysis; exact for integer x whose power
  ///   of two is representable.
  /// - Special values: `exp2(±0) = 1`, `exp2(+∞) = +∞`, `exp2(−∞) = +0`, NaN → NaN; overflow
  ///   to +∞ for x ≥ 1024, gradual underflow, +0 for x ≤ −1075.
  /// - Algorithm: x = k + f exactly (|f| ≤ 1/2), f·ln 2 as a double-double (TwoProduct), then
  ///   the `exp` kernel and reconstruction.
  /// - Cost: about 130 flops.
  public static func exp2(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x >= 1024 { return .infinity }
    if x <= -1075 { return 0 }
    if x.magnitude < 0x1p-54 { return 1 + x }
    let kf = _roundToInteger(x)
    let f = x - kf  // exact
    let (p, pLo) = _twoProduct(f, _ln2Head)
    let (rh, rl) = _fastTwoSum(p, pLo + f * _ln2Tail)
    let (eh, el) = _expm1Kernel(rh, rl)
    let (yh, y1) = _fastTwoSum(1, eh)
    return _scale(yh, y1 + el, Int(kf))
  }

  /// eˣ − 1, accurate also where eˣ ≈ 1.
  ///
  /// - Domain: all `Double`. Accuracy: ≤ 0.52 ulp by analysis.
  /// - Special values: `expm1(±0) = ±0` (sign kept), |x| < 2^-54 returns x (including
  ///   subnormals), `expm1(+∞) = +∞`, `expm1(−∞) = −1`, x < −38 → −1 (the exact value rounds
  ///   there), NaN → NaN, overflow to +∞ above 709.782712893384.
  /// - Algorithm: as `exp`, then 2^k·(1 + m) − 1 evaluated as a double-double sum
  ///   (TwoSum) so that no cancellation is lost.
  /// - Cost: about 120 flops.
  public static func expm1(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x > 709.8 { return .infinity }
    if x < -38 { return -1 }
    if x.magnitude < 0x1p-54 { return x }
    let (k, rh, rl) = _reduceLn2(x)
    let (eh, el) = _expm1Kernel(rh, rl)
    if k == 0 { return eh + el }
    let (yh, y1) = _fastTwoSum(1, eh)
    let yl = y1 + el
    if k > 1000 { return _scale(yh, yl, k) }  // the −1 is far below half an ulp
    let scale = _powerOfTwo(k)
    let (s, sLo) = _twoSum(yh * scale, -1)
    return s + (sLo + yl * scale)
  }

  /// eˣ in `Float`: the `Double` function evaluated at `Double(x)`, rounded once to `Float`.
  ///
  /// Accuracy ≤ 0.51 ulp (`Float`); special values, overflow (x > 88.72284) and gradual
  /// underflow as for `Double` after rounding. Cost: the `Double` function plus two conversions.
  public static func exp(_ x: Float) -> Float { Float(exp(Double(x))) }

  /// 2ˣ in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp; exact for
  /// representable integer powers; special values as the `Double` overload.
  public static func exp2(_ x: Float) -> Float { Float(exp2(Double(x))) }

  /// eˣ − 1 in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp;
  /// `expm1(−0) = −0`; special values as the `Double` overload.
  public static func expm1(_ x: Float) -> Float { Float(expm1(Double(x))) }
}
