// log and log1p. One kernel: ln x as a double-double, from x = 2^e · (1 + f) with
// 1 + f ∈ [√2/2, √2] and ln(1 + f) = 2·atanh(s), s = f / (2 + f), |s| ≤ 0.1716.
// Constants: Tests/Fixtures/scripts/math_constants.py.

/// ln(2^e · (1 + f)) as a double-double, for an exact f ∈ [√2/2 − 1, √2 − 1] and |e| ≤ 1100.
///
/// s = f / (2 + f) is formed as a double-double (exact remainder by TwoProduct), then
/// ln(1 + f) = 2s + s³·L(s²) with a degree-7 near-minimax L (absolute error 2.1e-18 on
/// [0, 0.1717²]); the s³ term is at most 1 % of the result. Relative error below 2^-57.
@inline(__always)
internal func _logKernel(_ e: Int, _ f: Double) -> (hi: Double, lo: Double) {
  let (d, dLo) = _fastTwoSum(2, f)
  let s = f / d
  let (p, pLo) = _twoProduct(s, d)
  let sLo = (((f - p) - pLo) - s * dLo) / d  // f − p is exact (Sterbenz)
  let z = s * s
  var l = 0x1.0c0e8f3c98b3ep-3
  l = 0x1.0fbd899eaf6e0p-3 + z * l
  l = 0x1.3b1c3f6063f3cp-3 + z * l
  l = 0x1.745cf8d558977p-3 + z * l
  l = 0x1.c71c7201ca461p-3 + z * l
  l = 0x1.24924924768ccp-2 + z * l
  l = 0x1.9999999999a39p-2 + z * l
  l = 0x1.5555555555555p-1 + z * l
  let cubeTerm = (s * z) * l
  let ef = Double(e)
  let (a, aLo) = _twoSum(ef * _ln2Hi, 2 * s)  // ef·_ln2Hi is exact
  let lo = aLo + (((2 * sLo) + cubeTerm) + ef * _ln2Lo)
  return _fastTwoSum(a, lo)
}

/// Decomposes a finite positive x as 2^e · (1 + f) with 1 + f ∈ [√2/2, √2); f exact.
@inline(__always)
internal func _logDecompose(_ x: Double) -> (e: Int, f: Double) {
  var bits = x.bitPattern
  var e = -1023
  if bits < 0x0010_0000_0000_0000 {  // subnormal: scale into the normal range
    bits = (x * 0x1p54).bitPattern
    e -= 54
  }
  e += Int(bits >> 52)
  var m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
  if m > 0x1.6a09e667f3bcdp0 {  // √2
    m *= 0.5
    e += 1
  }
  return (e, m - 1)  // exact: m ∈ [√2/2, √2]
}

extension Deterministic {
  /// The natural logarithm ln x.
  ///
  /// - Domain: x ≥ 0. Accuracy: ≤ 0.51 ulp by analysis (double-double kernel, relative error
  ///   below 2^-57), including subnormal x.
  /// - Special values: `log(1) = +0`, `log(±0) = −∞`, `log(+∞) = +∞`, x < 0 (including −∞)
  ///   → NaN, NaN → NaN.
  /// - Algorithm: x = 2^e·(1 + f), ln(1 + f) = 2·atanh(f / (2 + f)) by polynomial, e·ln 2 added
  ///   with a Cody–Waite split, summed as a double-double.
  /// - Cost: about 90 flops and one division.
  public static func log(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x == .infinity { return x }
    let (e, f) = _logDecompose(x)
    let (h, l) = _logKernel(e, f)
    return h + l
  }

  /// ln(1 + x), accurate also for x near 0.
  ///
  /// - Domain: x ≥ −1. Accuracy: ≤ 0.52 ulp by analysis.
  /// - Special values: `log1p(±0) = ±0` (sign kept), |x| < 2^-54 returns x (including
  ///   subnormals), `log1p(−1) = −∞`, x < −1 (including −∞) → NaN, `log1p(+∞) = +∞`, NaN → NaN.
  /// - Algorithm: for 1 + x ∈ (√2/2, √2) the `log` kernel at f = x directly; elsewhere
  ///   1 + x = u + c exactly (TwoSum) and ln(1 + x) = ln u + c/u, ln u by the kernel.
  /// - Cost: about 100 flops and two divisions.
  public static func log1p(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    if x < -1 { return .nan }
    if x == -1 { return -.infinity }
    if x == .infinity { return x }
    if x.magnitude < 0x1p-54 { return x }
    if x > -0x1.2bec333018866p-2 && x < 0x1.a827999fcef32p-2 {
      // 1 + x ∈ (√2/2, √2): x itself is the exact f of the kernel.
      let (h, l) = _logKernel(0, x)
      return h + l
    }
    let (u, c) = _twoSum(1, x)
    let (e, f) = _logDecompose(u)
    let (h, l) = _logKernel(e, f)
    return h + (l + c / u)
  }

  /// ln x in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp (`Float`);
  /// special values as the `Double` overload (`log(0) = −∞`, negative → NaN).
  public static func log(_ x: Float) -> Float { Float(log(Double(x))) }

  /// ln(1 + x) in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp;
  /// `log1p(−0) = −0`; special values as the `Double` overload.
  public static func log1p(_ x: Float) -> Float { Float(log1p(Double(x))) }
}
