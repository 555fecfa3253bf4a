// atan, atan2. Reduction by the addition formula atan a = atan c + atan((a − c)/(1 + a·c))
// around c ∈ {0, 1/2, 1, 3/2, ∞}, quotient as a double-double, odd polynomial kernel.
// Constants: Tests/Fixtures/scripts/math_constants.py.

internal let _piHead: Double = 0x1.921fb54442d18p+1
internal let _piTail: Double = 0x1.1a62633145c07p-53

/// (n + nl) / (d + dl) as a double-double; n − fl(q·d) must be exact (true when q ≈ n/d).
@inline(__always)
internal func _divide(_ n: Double, _ nl: Double, _ d: Double, _ dl: Double) -> (hi: Double, lo: Double) {
  let q = n / d
  let (p, pLo) = _twoProduct(q, d)
  let r = (((n - p) - pLo) + nl) - q * dl
  return (q, r / d)
}

/// atan(a + aLo) as a double-double for a ≥ 0 (a may be +∞), |aLo| ≤ ulp(a).
///
/// t = (a − c)/(1 + a·c) as a double-double with |t| ≤ 7/16, atan t = t − t³/3 + t⁵·A'(t²)
/// with a degree-11 near-minimax A' (from the degree-12 fit of (atan t − t)/t³ on
/// [0, 0.4376²]); t and t³/3 carried as double-doubles, atan c as a double-double. Relative
/// error of the pair below 2^-58.
@inline(__always)
internal func _atanKernel(_ a: Double, _ aLo: Double) -> (hi: Double, lo: Double) {
  if a >= 0x1p66 { return (_pio2Head, _pio2Tail) }
  if a < 0x1p-30 { return _fastTwoSum(a, aLo) }  // atan a = a·(1 − a²/3 …), a²/3 < 2^-61
  let baseHi: Double
  let baseLo: Double
  let t: Double
  let tLo: Double
  if a < 0.4375 {
    (baseHi, baseLo, t, tLo) = (0, 0, a, aLo)
  } else if a < 0.6875 {  // c = 1/2: t = (2a − 1)/(2 + a)
    let (d, dLo) = _fastTwoSum(2, a)
    (t, tLo) = _divide(2 * a - 1, 2 * aLo, d, dLo + aLo)
    (baseHi, baseLo) = (0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56)
  } else if a < 1.1875 {  // c = 1: t = (a − 1)/(a + 1)
    let (d, dLo) = _twoSum(1, a)
    (t, tLo) = _divide(a - 1, aLo, d, dLo + aLo)
    (baseHi, baseLo) = (_pio2Head * 0.5, _pio2Tail * 0.5)
  } else if a < 2.4375 {  // c = 3/2: t = (a − 3/2)/(1 + 3a/2)
    let (u, uLo) = _twoSum(a, 0.5 * a)
    let (d, dLo) = _twoSum(1, u)
    (t, tLo) = _divide(a - 1.5, aLo, d, (dLo + uLo) + 1.5 * aLo)
    (baseHi, baseLo) = (0x1.f730bd281f69bp-1, 0x1.007887af0cbbdp-56)
  } else {  // c = ∞: t = −1/a
    (t, tLo) = _divide(-1, 0, a, aLo)
    (baseHi, baseLo) = (_pio2Head, _pio2Tail)
  }
  let (z, zLo) = _twoProduct(t, t)
  var p = -0x1.99f2c2047b70dp-7
  p = 0x1.ddd922fd29445p-6 + z * p
  p = -0x1.4abc7448f8213p-5 + z * p
  p = 0x1.812bf08163094p-5 + z * p
  p = -0x1.ae7fdf5d8a708p-5 + z * p
  p = 0x1.e1d2349628cf6p-5 + z * p
  p = -0x1.11109047f020ep-4 + z * p
  p = 0x1.3b13aba988a49p-4 + z * p
  p = -0x1.745d171e19a64p-4 + z * p
  p = 0x1.c71c71c67359bp-4 + z * p
  p = -0x1.24924924918dbp-3 + z * p
  p = 0x1.999999999998fp-3 + z * p
  // The dominant correction −t³/3 as a double-double; the rest, t⁵·A'(t²), is below 4 % of it.
  let (cube, cube1) = _twoProduct(z, t)
  let cubeLo = cube1 + zLo * t
  let (c, cLo) = _twoProduct(cube, -0x1.5555555555555p-2)
  let thirdLo = cube * 0x1.5555555555555p-56 + cubeLo * 0x1.5555555555555p-2
  let quintic = (cube * z) * p
  let (s, sLo) = _twoSum(baseHi, t)
  let (u, uLo) = _twoSum(s, c)
  return _fastTwoSum(u, (sLo + uLo) + ((baseLo + tLo) + ((cLo - thirdLo) + quintic)))
}

extension Deterministic {
  /// The arctangent of x, in radians, in [−π/2, π/2].
  ///
  /// - Domain: all `Double`. Accuracy: ≤ 1 ulp (measured maximum 0.52 ulp).
  /// - Special values: `atan(±0) = ±0`, tiny x returns x, `atan(±∞) = ±π/2` (rounded),
  ///   NaN → NaN.
  /// - Algorithm: atan|x| = atan c + atan t around c ∈ {0, ½, 1, 3/2, ∞}, t formed as a
  ///   double-double, odd polynomial; sign restored.
  /// - Cost: about 100 flops and one division.
  public static func atan(_ x: Double) -> Double {
    if x.isNaN { return x + x }
    let (h, l) = _atanKernel(x.magnitude, 0)
    let r = h + l
    return x.sign == .minus ? -r : r
  }

  /// The angle of the point (x, y) from the positive x axis, in radians, in [−π, π].
  ///
  /// - Domain: all pairs. Accuracy: ≤ 1 ulp (measured maximum 0.58 ulp): y/x is formed as a
  ///   double-double after exact power-of-two scaling, and π − atan is summed in double-double.
  /// - Special values (C99 Annex F): atan2(±0, +0 or x > 0) = ±0; atan2(±0, −0 or x < 0) = ±π;
  ///   atan2(y ≠ 0, ±0) = ±π/2 by the sign of y; atan2(±y finite, +∞) = ±0;
  ///   atan2(±y finite, −∞) = ±π; atan2(±∞, finite) = ±π/2; atan2(±∞, +∞) = ±π/4;
  ///   atan2(±∞, −∞) = ±3π/4; any NaN → NaN.
  /// - Cost: about 150 flops and two divisions.
  public static func atan2(y: Double, x: Double) -> Double {
    if x.isNaN || y.isNaN { return x + y }
    let negativeY = y.sign == .minus
    let r: Double
    if y == 0 {
      if x.sign == .minus { return negativeY ? -_piHead : _piHead }
      return y
    } else if x == 0 {
      r = _pio2Head
    } else if x.isInfinite {
      if y.isInfinite {
        r = x > 0 ? _pio2Head * 0.5 : 0x1.2d97c7f3321d2p+1  // 3π/4 rounded
      } else {
        r = x > 0 ? 0 : _piHead
      }
    } else if y.isInfinite {
      r = _pio2Head
    } else {
      let ax = x.magnitude
      let ay = y.magnitude
      let gap = Int(ay.exponent) - Int(ax.exponent)
      if gap > 60 {
        r = _pio2Head  // π/2 ± |x/y| rounds to π/2
      } else if gap < -60 {
        r = x > 0 ? ay / ax : _piHead  // atan q = q below 2^-59; π − q rounds to π
      } else {
        // Exact scaling to comparable exponents, then the quotient as a double-double.
        let xs = ax.significand
        let ys = Double(sign: .plus, exponent: gap, significand: ay.significand)
        let (q, qLo) = _divide(ys, 0, xs, 0)
        let (h, l) = _atanKernel(q, qLo)
        if x > 0 {
          r = h + l
        } else {
          let (s, sLo) = _twoSum(_piHead, -h)
          r = s + (sLo + (_piTail - l))
        }
      }
    }
    return negativeY ? -r : r
  }

  /// arctan x in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp (`Float`);
  /// special values as the `Double` overload.
  public static func atan(_ x: Float) -> Float { Float(atan(Double(x))) }

  /// atan2(y, x) in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp
  /// (`Float`); all signed-zero and infinity cases as the `Double` overload.
  public static func atan2(y: Float, x: Float) -> Float { Float(atan2(y: Double(y), x: Double(x))) }
}
