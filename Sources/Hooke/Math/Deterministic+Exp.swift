// exp, exp2, expm1. Two kernels: exp's common range is table-driven (x = (64k + j)·ln 2/64 + r,
// |r| ≤ ln 2/128, a degree-6 polynomial and a table of 2^(j/64)); expm1, exp2 and exp's extreme
// range use e^r − 1 for |r| ≤ 0.35 as a double-double, then an exact reconstruction
// 2^k · (1 + (e^r − 1)). Constants: Tests/Fixtures/scripts/math_constants.py.

// ln 2 = _ln2Hi + _ln2Lo; _ln2Hi has 21 significant bits so k · _ln2Hi is exact for |k| < 2^32.
@inlinable internal var _ln2Hi: Double { 0x1.62e43p-1 }
@inlinable internal var _ln2Lo: Double { -0x1.05c610ca86c39p-29 }
// ln 2 as a double-double (rounded head, 53-bit tail).
@inlinable internal var _ln2Head: Double { 0x1.62e42fefa39efp-1 }
@inlinable internal var _ln2Tail: Double { 0x1.abc9e3b39803fp-56 }
@inlinable internal var _invLn2: Double { 0x1.71547652b82fep+0 }
// 64/ln 2, and ln 2/64 = _ln2Over64Hi + _ln2Over64Lo; the head has 36 significant bits so
// n · _ln2Over64Hi is exact for |n| < 2^17 (every n of the table-driven range |x| ≤ 700).
@inlinable internal var _64OverLn2: Double { 0x1.71547652b82fep+6 }
@inlinable internal var _ln2Over64Hi: Double { 0x1.62e42fefa0000p-7 }
@inlinable internal var _ln2Over64Lo: Double { 0x1.cf79abc9e3b3ap-46 }

/// eˣ for |x| ≤ 700, table-driven. The bound keeps 2^k·head·t clear of the subnormal range,
/// where it would lose bits (and the result clear of overflow).
///
/// n = round(x·64/ln 2) splits x = n·ln 2/64 + r with |r| ≤ ln 2/128·(1 + 2^-40): the product
/// n·_ln2Over64Hi is exact and so is its difference from x (Cody–Waite), leaving one rounding of
/// r (absolute error ≤ 2^-61). With n = 64k + j (0 ≤ j < 64) and the table's
/// 2^(j/64) = head·(1 + tail), eˣ = 2^k·head·(1 + t), t = tail + (e^r − 1), where
/// e^r − 1 ≈ r + r²·(c2 + c3·r) + r⁴·((c4 + c5·r) + c6·r²) (near-minimax, relative error
/// 2^-69 on the interval; the tail·(e^r − 1) cross term is below 2^-60). The result
/// 2^k·head + 2^k·head·t is rounded once; the errors before that rounding add up to below
/// 0.02 ulp, so the total is below 0.52 ulp. Scaling by 2^k is an exact integer add on the
/// exponent field (k ≥ −1011). The table is 64 entries so that the whole path inlines.
@inlinable @inline(__always)
internal func _expTableDriven(_ x: Double) -> Double {
  let (scale, t) = _expTableDrivenParts(x)
  return scale + scale * t
}

/// The unrounded parts of eˣ = scale·(1 + t) for |x| ≤ 700: the reduction of `_expTableDriven`
/// before its final rounding. `scale` = 2^k·head is exact and |t| < 0.0055, so a caller can
/// form 1 − eˣ = (1 − scale) − scale·t with the subtraction exact (Sterbenz, for
/// 1/2 ≤ scale ≤ 2) and only the small product rounded.
@inlinable @inline(__always)
internal func _expTableDrivenParts(_ x: Double) -> (scale: Double, t: Double) {
  let shifted = x * _64OverLn2 + 0x1.8p52  // round to an integer n in the low bits
  let n = Int64(bitPattern: shifted.bitPattern) &- 0x4338_0000_0000_0000
  let nf = shifted - 0x1.8p52  // n as a Double, exactly
  let r = (x - nf * _ln2Over64Hi) - nf * _ln2Over64Lo
  return _expTableReconstruction(n, r)
}

/// 2^k·head and t = tail + (e^r − 1) for n = 64k + j and the reduced argument r, as documented
/// on `_expTableDriven` (the polynomial and table shared by its callers).
@inlinable @inline(__always)
internal func _expTableReconstruction(_ n: Int64, _ r: Double) -> (scale: Double, t: Double) {
  let (head, tail) = _expTableEntry(Int(truncatingIfNeeded: n & 63))
  let r2 = r * r
  let t =
    ((tail + r) + r2 * (0x1.0000000000000p-1 + r * 0x1.5555555554dd4p-3))
    + (r2 * r2) * ((0x1.5555555555194p-5 + r * 0x1.111120b03696dp-7) + r2 * 0x1.6c16d10b3c31dp-10)
  let scale = Double(bitPattern: head.bitPattern &+ (UInt64(bitPattern: n >> 6) &<< 52))
  return (scale, t)
}

/// eˣ − 1 for −38 ≤ x ≤ 690 and |x| ≥ 2^-54, table-driven (the reduction and table of
/// `_expTableDriven`, carried in double-double where the result is small).
///
/// r = rh + rl is kept as a TwoSum pair (error below 2^-80). With S = 2^k·head:
/// eˣ − 1 = (S − 1) + S·rh + S·b, b = tail + rl + tail·rh + rh·rl + rh²·g(rh) with the `exp`
/// polynomial g (e^r − 1 = r + r²·g(r), g relatively accurate). S − 1 (TwoSum), S·rh
/// (TwoProduct) and their sum (FastTwoSum: |S − 1| > |S·r| for n ≠ 0, S − 1 = 0 for n = 0) are
/// exact, so only S·b (at most 2^-16 of |S·r|) and the final sums round.
/// For k = 0 and small x, S − 1 = head − 1 is exact and the result keeps full relative accuracy
/// down to x = 2^-54. Errors before the final rounding below 0.005 ulp.
@inlinable @inline(__always)
internal func _expm1TableDriven(_ x: Double) -> Double {
  let shifted = x * _64OverLn2 + 0x1.8p52  // round to an integer n in the low bits
  let n = Int64(bitPattern: shifted.bitPattern) &- 0x4338_0000_0000_0000
  let nf = shifted - 0x1.8p52  // n as a Double, exactly
  let (rh, rl) = _twoSum(x - nf * _ln2Over64Hi, -(nf * _ln2Over64Lo))
  let (head, tail) = _expTableEntry(Int(truncatingIfNeeded: n & 63))
  let r2 = rh * rh
  let b =
    (((tail + rl) + (tail * rh + rh * rl)) + r2 * (0x1.0000000000000p-1 + rh * 0x1.5555555554dd4p-3))
    + (r2 * r2) * ((0x1.5555555555194p-5 + rh * 0x1.111120b03696dp-7) + r2 * 0x1.6c16d10b3c31dp-10)
  let scale = Double(bitPattern: head.bitPattern &+ (UInt64(bitPattern: n >> 6) &<< 52))
  let (p, pLo) = _twoProduct(scale, rh)
  let (a, aLo) = _twoSum(scale, -1)
  let (sum, sumLo) = _fastTwoSum(a, p)  // |S − 1| ≥ |S·r| for every n ≠ 0; a = 0 when n = 0
  return sum + ((aLo + sumLo) + (pLo + scale * b))
}

/// e^(rh + rl) − 1 as a double-double, for |rh + rl| ≤ 0.35 and |rl| ≤ ulp(rh).
///
/// e^r − 1 = r + r²/2 + r³/6 + r⁴·Q(r); the first three terms are carried as double-doubles
/// (TwoProduct), the degree-9 near-minimax Q (absolute error 3.6e-18 on [−0.35, 0.35] with
/// rounded coefficients) contributes at most 0.25 % of the result, so the relative error of the
/// pair is below 2^-60.
@inlinable @inline(__always)
internal func _expm1Kernel(_ rh: Double, _ rl: Double) -> (hi: Double, lo: Double) {
  let (sq, sq1) = _twoProduct(rh, rh)
  let sqLo = sq1 + 2 * rh * rl
  let halfSq = 0.5 * sq
  let (cube, cube1) = _twoProduct(sq, rh)
  let cubeLo = cube1 + (sqLo * rh + sq * rl)
  let (sixth, sixth1) = _twoProduct(cube, 0x1.5555555555555p-3)  // r³ · 1/6
  let sixthLo = sixth1 + (cube * 0x1.5555555555555p-57 + cubeLo * 0x1.5555555555555p-3)
  // Q(r) by Estrin's scheme (a short dependency chain), in a fixed order.
  let r4 = sq * sq
  let q =
    (((0x1.5555555555555p-5 + rh * 0x1.1111111111111p-7) + sq
      * (0x1.6c16c16c1678ap-10 + rh * 0x1.a01a01a019dadp-13))
      + r4
      * ((0x1.a01a01a4be7f8p-16 + rh * 0x1.71de3a57e638dp-19) + sq
        * (0x1.27e4e0f0f6358p-22 + rh * 0x1.ae643a34faa2ap-26)))
    + (r4 * r4) * (0x1.1f6942ca28386p-29 + rh * 0x1.61a850e8d8603p-33)
  let quartic = r4 * q
  let (s1, s1Lo) = _fastTwoSum(rh, halfSq)
  let (s2, s2Lo) = _fastTwoSum(s1, sixth)
  let lo = (s1Lo + s2Lo) + ((rl + 0.5 * sqLo) + (sixthLo + quartic))
  return _fastTwoSum(s2, lo)
}

/// Splits x = k·ln 2 + (rh + rl) with k = round(x / ln 2); |x| ≤ 746.
@inlinable @inline(__always)
internal func _reduceLn2(_ x: Double) -> (k: Int, rh: Double, rl: Double) {
  let kf = _roundToInteger(x * _invLn2)
  let hi = x - kf * _ln2Hi  // exact: k·_ln2Hi is exact and x is within ln2/2 of it
  let (rh, rl) = _twoSum(hi, -(kf * _ln2Lo))
  return (Int(kf), rh, rl)
}

/// 2^k · (hi + lo) rounded once, for 0.7 ≤ hi + lo ≤ 1.42 and −1076 ≤ k ≤ 1024.
/// Overflows to +∞ and underflows gradually (subnormals rounded once, to nearest even).
@usableFromInline
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
  /// - Domain: all `Double`. Accuracy: ≤ 0.52 ulp by analysis (table-driven range: errors before
  ///   the final rounding below 0.02 ulp; beyond it the double-double kernel, below 2^-56),
  ///   measured maximum reported by the accuracy sweep tests; subnormal results are rounded once.
  /// - Special values: `exp(±0) = 1`, `exp(+∞) = +∞`, `exp(−∞) = +0`, NaN → NaN.
  ///   Overflows to +∞ for x > 709.782712893384 and underflows through the subnormals to +0
  ///   below −745.1332191019412 (the correctly rounded thresholds).
  /// - Algorithm: for |x| ≤ 700, x = (64k + j)·ln 2/64 + r (Cody–Waite, |r| ≤ ln 2/128), a
  ///   degree-6 polynomial for e^r − 1 and a 64-entry table of 2^(j/64) as head and tail,
  ///   result 2^k·head·(1 + tail + (e^r − 1)) rounded once. Beyond, x = k·ln 2 + r
  ///   (|r| ≤ 0.35), e^r − 1 by polynomial in double-double, result 2^k·(1 + (e^r − 1)) with
  ///   gradual underflow.
  /// - Cost: for |x| ≤ 700 about 27 flops, one table lookup and one branch (inlined); beyond, about
  ///   110 flops.
  @inlinable @inline(__always)
  public static func exp(_ x: Double) -> Double {
    if x.magnitude <= 700 { return _expTableDriven(x) }
    return _expBeyondTable(x)
  }

  /// `exp` for |x| > 700 and NaN (out of line: rare, and larger than the common path).
  @usableFromInline
  internal static func _expBeyondTable(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x > 709.8 { return .infinity }
    if x < -745.2 { return 0 }
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
  /// - Domain: all `Double`. Accuracy: ≤ 0.51 ulp by analysis for −38 ≤ x ≤ 690 (errors before
  ///   the final rounding below 0.005 ulp), ≤ 0.52 ulp beyond; measured maximum reported by the
  ///   accuracy sweep tests.
  /// - Special values: `expm1(±0) = ±0` (sign kept), |x| < 2^-54 returns x (including
  ///   subnormals), `expm1(+∞) = +∞`, `expm1(−∞) = −1`, x < −38 → −1 (the exact value rounds
  ///   there), NaN → NaN, overflow to +∞ above 709.782712893384.
  /// - Algorithm: for −38 ≤ x ≤ 690, the reduction and table of ``exp(_:)-(Double)`` with
  ///   (2^k·head − 1) + 2^k·head·r formed exactly (TwoSum, TwoProduct) so that no cancellation is
  ///   lost; above 690, x = k·ln 2 + r (|r| ≤ 0.35), e^r − 1 by polynomial in double-double, and
  ///   2^k·(1 + (e^r − 1)) − 1 as a double-double sum.
  /// - Cost: for −38 ≤ x ≤ 690 about 60 flops, one table lookup and two branches (inlined);
  ///   beyond, about 120 flops.
  @inlinable @inline(__always)
  public static func expm1(_ x: Double) -> Double {
    // The common range inline; NaN, tiny, large and the saturated negative range out of line.
    guard x >= -38, x <= 690, x.magnitude >= 0x1p-54 else { return _expm1Edge(x) }
    return _expm1TableDriven(x)
  }

  /// `expm1` outside `−38 ≤ x ≤ 690` or for |x| < 2^-54, and NaN.
  @usableFromInline
  internal static func _expm1Edge(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x > 709.8 { return .infinity }
    if x < -38 { return -1 }
    if x.magnitude < 0x1p-54 { return x }
    let (k, rh, rl) = _reduceLn2(x)
    let (eh, el) = _expm1Kernel(rh, rl)
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
