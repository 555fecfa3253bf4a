import Foundation

// An independent reference for Hooke's elementary functions, in double-double arithmetic
// (about 104 bits), validated against mpmath fixtures in `Tests/HookeTests/Math`. It shares no
// code and no algorithm with `Sources/Hooke/Math`: exp by Taylor series after halving and
// repeated doubling, log and log1p by Newton iteration on that exp, sin and cos by an exact
// (floating-point expansion) reduction and Taylor series, atan by argument halving and Taylor.

/// A double-double number `hi + lo` with `|lo| ≤ ulp(hi)/2`.
public struct DoubleDouble: Sendable, CustomStringConvertible {
  /// The leading part.
  public var hi: Double
  /// The trailing part.
  public var lo: Double

  /// `hi + lo`, renormalised.
  public init(_ hi: Double, _ lo: Double = 0) {
    let s = hi + lo
    self.hi = s
    self.lo = s.isFinite ? lo - (s - hi) : 0
  }

  /// `(hi + lo)` for failure messages.
  public var description: String { "(\(hi) + \(lo))" }

  static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
    let s = a + b
    let bb = s - a
    var r = DoubleDouble(0)
    r.hi = s
    r.lo = (a - (s - bb)) + (b - bb)
    return r
  }

  static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
    let p = a * b
    func split(_ x: Double) -> (Double, Double) {
      let c = 134_217_729.0 * x
      let h = c - (c - x)
      return (h, x - h)
    }
    let (ah, al) = split(a)
    let (bh, bl) = split(b)
    var r = DoubleDouble(0)
    r.hi = p
    r.lo = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return r
  }

  /// Sum, relative error about 2^-104 (Dekker/Bailey accurate addition).
  public static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
    let s = twoSum(a.hi, b.hi)
    let t = twoSum(a.lo, b.lo)
    let u = DoubleDouble(s.hi, s.lo + t.hi)
    return DoubleDouble(u.hi, u.lo + t.lo)
  }

  /// Negation (exact).
  public static prefix func - (a: DoubleDouble) -> DoubleDouble {
    var r = a
    r.hi = -a.hi
    r.lo = -a.lo
    return r
  }

  /// Difference, as `a + (−b)`.
  public static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

  /// Product, relative error about 2^-104 (TwoProduct without FMA).
  public static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
    let p = twoProduct(a.hi, b.hi)
    return DoubleDouble(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi))
  }

  /// Quotient by three steps of long division, relative error about 2^-104.
  public static func / (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
    let q1 = a.hi / b.hi
    let r = a - b * DoubleDouble(q1)
    let q2 = r.hi / b.hi
    let r2 = r - b * DoubleDouble(q2)
    let q3 = r2.hi / b.hi
    return DoubleDouble(q1, q2) + DoubleDouble(q3)
  }

  /// √a by one Newton step from the `Double` root.
  public static func sqrt(_ a: DoubleDouble) -> DoubleDouble {
    if a.hi <= 0 { return DoubleDouble(0) }
    let s = a.hi.squareRoot()
    let r = a - twoProduct(s, s)
    return DoubleDouble(s, r.hi / (2 * s))
  }

  /// Multiplication by 2^k (exact while the result stays normal).
  public func scaled(_ k: Int) -> DoubleDouble {
    var r = self
    r.hi = Foundation.scalbn(hi, k)
    r.lo = Foundation.scalbn(lo, k)
    return r
  }
}

/// The reference functions.
public enum MathReference {
  /// ln 2 in double-double (mpmath digits, `math_constants.py`).
  public static let ln2 = DoubleDouble(0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56)
  /// π/2 in double-double.
  public static let halfPi = DoubleDouble(0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54)
  /// π in double-double.
  public static let pi = DoubleDouble(0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53)

  /// e^r − 1 for |r| ≤ 1: Taylor series of r/64 in double-double, then six doublings
  /// e(2y) − 1 = E·(E + 2). Relative error about 2^-100.
  static func expm1Small(_ r: DoubleDouble) -> DoubleDouble {
    let s = r.scaled(-6)
    var term = s
    var sum = s
    var n = 2.0
    while term.hi.magnitude > 0x1p-112 * max(sum.hi.magnitude, 0x1p-1000) {
      term = term * s / DoubleDouble(n)
      sum = sum + term
      n += 1
    }
    for _ in 0..<6 { sum = sum * (sum + DoubleDouble(2)) }
    return sum
  }

  /// e^x = m·2^k with m as a double-double in [0.5, 2]: k = round(x / ln 2).
  static func expParts(_ x: DoubleDouble) -> (m: DoubleDouble, k: Int) {
    let k = (x.hi / ln2.hi).rounded()
    let r = x - ln2 * DoubleDouble(k)
    return (expm1Small(r) + DoubleDouble(1), Int(k))
  }

  /// m·2^k as a reference value, rounded correctly also when the result is subnormal.
  static func value(_ m: DoubleDouble, _ k: Int) -> MathReferenceValue {
    if k > 1100 { return MathReferenceValue(hi: .infinity, frac: 0) }
    if k < -1200 { return MathReferenceValue(hi: 0, frac: 0) }
    // Round the head through the `Double` grid at 2^k scale, then express the rest in ulps.
    let hi = Foundation.scalbn(m.hi, k) + Foundation.scalbn(m.lo, k)
    if hi.isInfinite { return MathReferenceValue(hi: hi, frac: 0) }
    let rest = m - DoubleDouble(Foundation.scalbn(hi, -k))  // exact value − hi, times 2^-k
    let u = hi == 0 ? Double.leastNonzeroMagnitude : hi.magnitude.ulp
    return MathReferenceValue(hi: hi, frac: (rest.hi + rest.lo) / Foundation.scalbn(u, -k))
  }

  /// eˣ.
  public static func exp(_ x: Double) -> MathReferenceValue {
    if x.isNaN { return MathReferenceValue(hi: .nan, frac: 0) }
    if x > 710 { return MathReferenceValue(hi: .infinity, frac: 0) }
    if x < -746 { return MathReferenceValue(hi: 0, frac: 0) }
    let (m, k) = expParts(DoubleDouble(x))
    return value(m, k)
  }

  /// 2ˣ = e^(x·ln 2).
  public static func exp2(_ x: Double) -> MathReferenceValue {
    if x.isNaN { return MathReferenceValue(hi: .nan, frac: 0) }
    if x >= 1024 { return MathReferenceValue(hi: .infinity, frac: 0) }
    if x < -1080 { return MathReferenceValue(hi: 0, frac: 0) }
    let k = x.rounded()
    let (m, j) = expParts(DoubleDouble(x - k) * ln2)
    return value(m, j + Int(k))
  }

  /// eˣ − 1.
  public static func expm1(_ x: Double) -> MathReferenceValue {
    if x.magnitude < 0x1p-900 {  // x + x²/2: the halving below would lose subnormal bits
      return MathReferenceValue(doubleDouble: x, x * x / 2)
    }
    if x.magnitude <= 1 {
      let e = expm1Small(DoubleDouble(x))
      return MathReferenceValue(doubleDouble: e.hi, e.lo)
    }
    if x < -40 { return MathReferenceValue(hi: -1, frac: 0) }
    if x > 710 { return MathReferenceValue(hi: .infinity, frac: 0) }
    let (m, k) = expParts(DoubleDouble(x))
    let e = m.scaled(k) - DoubleDouble(1)
    return MathReferenceValue(doubleDouble: e.hi, e.lo)
  }

  /// ln(m) for a double-double m ∈ [0.5, 2]: two Newton steps y ← y + (m − 1) + m·(e^-y − 1)
  /// from the Foundation value; exact cancellation-free form, so relative accuracy ~2^-100.
  static func logNear1(_ m: DoubleDouble) -> DoubleDouble {
    let mMinus1 = m - DoubleDouble(1)
    var y = DoubleDouble(Foundation.log1p(mMinus1.hi))
    for _ in 0..<2 {
      y = y + mMinus1 + m * expm1Small(-y)
    }
    return y
  }

  /// ln of a positive double-double: exact split into 2^e·m, then ``logNear1``.
  static func log(_ x: DoubleDouble) -> DoubleDouble {
    var e = Int(x.hi.exponent)
    var m = x.scaled(-e)
    if m.hi > 1.5 {
      m = m.scaled(-1)
      e += 1
    }
    return ln2 * DoubleDouble(Double(e)) + logNear1(m)
  }

  /// ln x.
  public static func log(_ x: Double) -> MathReferenceValue {
    if x.isNaN || x < 0 { return MathReferenceValue(hi: .nan, frac: 0) }
    if x == 0 { return MathReferenceValue(hi: -.infinity, frac: 0) }
    if x.isInfinite { return MathReferenceValue(hi: .infinity, frac: 0) }
    let r = log(DoubleDouble(x))
    return MathReferenceValue(doubleDouble: r.hi, r.lo)
  }

  /// ln(1 + x): Newton on e^y − 1 = x near 0, ln of the exact double-double 1 + x elsewhere.
  public static func log1p(_ x: Double) -> MathReferenceValue {
    if x.isNaN || x < -1 { return MathReferenceValue(hi: .nan, frac: 0) }
    if x == -1 { return MathReferenceValue(hi: -.infinity, frac: 0) }
    if x.isInfinite { return MathReferenceValue(hi: .infinity, frac: 0) }
    if x == 0 { return MathReferenceValue(hi: x, frac: 0) }
    if x.magnitude < 0x1p-900 { return MathReferenceValue(doubleDouble: x, -x * x / 2) }
    let r: DoubleDouble
    if x.magnitude < 0.25 {
      var y = DoubleDouble(Foundation.log1p(x))
      let dx = DoubleDouble(x)
      for _ in 0..<2 {
        let e = expm1Small(y)
        y = y - (e - dx) / (e + DoubleDouble(1))
      }
      r = y
    } else {
      r = log(DoubleDouble.twoSum(1, x))
    }
    return MathReferenceValue(doubleDouble: r.hi, r.lo)
  }

  /// 2/π in 26-bit pieces: 2/π = Σ C_i·2^(-26 i), i = 1 … 60 (`math_constants.py`).
  static let twoOverPiPieces: [UInt64] = [
    0x28be60d, 0x2e4e441, 0x14a7f09, 0x357d1f5, 0x0d37703, 0x1b62959, 0x24f10e4, 0x041fe51,
    0x18eaf7a, 0x3bc561b, 0x1c91b8e, 0x2424dd2, 0x3801924, 0x2eea09d, 0x064873f, 0x21deb1c,
    0x2c4a69c, 0x3ee8823, 0x17d4bae, 0x34484e9, 0x271c09a, 0x345f7e4, 0x04e6475, 0x2398353,
    0x0e7d272, 0x045f8bb, 0x37e4a0e, 0x31ff897, 0x3ff7816, 0x180fef2, 0x3c462d6, 0x20a6d1f,
    0x1b4d9fb, 0x0f27cb0, 0x26dd3d1, 0x23f669e, 0x17fa8b5, 0x3527bac, 0x1faf97c, 0x17b3d07,
    0x0e7de29, 0x1292ea6, 0x2fed7ec, 0x11f8d5d, 0x021580c, 0x3046fc7, 0x2daeafc, 0x0cfbc20,
    0x26bd0d8, 0x1da9e39, 0x05857b9, 0x21b0865, 0x266157c, 0x14a0684, 0x0237ff6, 0x0804d73,
    0x09cc418, 0x061556c, 0x29cea32, 0x160e27b,
  ]

  /// Adds `b` to the nonoverlapping expansion `e` exactly (Shewchuk's GROW-EXPANSION).
  static func grow(_ e: inout [Double], _ b: Double) {
    var q = b
    var out: [Double] = []
    out.reserveCapacity(e.count + 1)
    for c in e {
      let s = DoubleDouble.twoSum(q, c)
      q = s.hi
      if s.lo != 0 { out.append(s.lo) }
    }
    if q != 0 { out.append(q) }
    e = out
  }

  /// a = n·π/2 + r for finite a ≥ 0, r as a double-double, exactly up to the last 2^-200:
  /// a·2/π mod 4 is summed as an exact floating-point expansion of products of 26-bit integers.
  public static func reduceHalfPi(_ a: Double) -> (n: Int, r: DoubleDouble) {
    if a < 0.78 { return (0, DoubleDouble(a)) }
    let m = a.significandBitPattern | (1 << 52)
    let e = Int(a.exponent) - 52
    let mh = m >> 26
    let ml = m & 0x3FF_FFFF
    var expansion: [Double] = []
    for (index, c) in twoOverPiPieces.enumerated() {
      let i = index + 1
      for (part, shift) in [(mh, 26), (ml, 0)] {
        let k = e + shift - 26 * i  // weight of the product's lowest bit
        if k >= 2 { continue }  // a multiple of 4
        if k + 53 < -240 { continue }  // below the precision we need
        let v = Foundation.scalbn(Double(part * c), k)
        let w = v - 4 * (v / 4).rounded()  // exact, |w| ≤ 2
        if w != 0 { grow(&expansion, w) }
      }
    }
    let approx = expansion.reduce(0, +)
    let n = approx.rounded()
    grow(&expansion, -n)
    var f = DoubleDouble(0)
    for c in expansion { f = f + DoubleDouble(c) }
    return (((Int(n) % 4) + 4) % 4, f * halfPi)
  }

  /// sin r and cos r for |r| ≤ 0.8 by Taylor series in double-double.
  static func sinCosSmall(_ r: DoubleDouble) -> (sin: DoubleDouble, cos: DoubleDouble) {
    let r2 = r * r
    var s = r
    var term = r
    var n = 2.0
    while term.hi.magnitude > 0x1p-110 * max(s.hi.magnitude, 0x1p-1000) {
      term = -(term * r2 / DoubleDouble(n * (n + 1)))
      s = s + term
      n += 2
    }
    var c = DoubleDouble(1)
    term = DoubleDouble(1)
    n = 1
    while term.hi.magnitude > 0x1p-112 {
      term = -(term * r2 / DoubleDouble(n * (n + 1)))
      c = c + term
      n += 2
    }
    return (s, c)
  }

  /// (sin x, cos x).
  public static func sinCos(_ x: Double) -> (sin: MathReferenceValue, cos: MathReferenceValue) {
    if !x.isFinite { return (MathReferenceValue(hi: .nan, frac: 0), MathReferenceValue(hi: .nan, frac: 0)) }
    let (n, r) = reduceHalfPi(x.magnitude)
    let (s0, c0) = sinCosSmall(r)
    var (s, c): (DoubleDouble, DoubleDouble)
    switch n {
    case 0: (s, c) = (s0, c0)
    case 1: (s, c) = (c0, -s0)
    case 2: (s, c) = (-s0, -c0)
    default: (s, c) = (-c0, s0)
    }
    if x < 0 { s = -s }
    if x == 0 { s = DoubleDouble(x) }
    return (MathReferenceValue(doubleDouble: s.hi, s.lo), MathReferenceValue(doubleDouble: c.hi, c.lo))
  }

  /// atan t for a double-double t ≥ 0: π/2 − atan(1/t) above 1, then three halvings
  /// atan t = 2·atan(t / (1 + √(1 + t²))) and the Taylor series.
  static func atan(_ t: DoubleDouble) -> DoubleDouble {
    if t.hi > 1 { return halfPi - atan(DoubleDouble(1) / t) }
    var u = t
    for _ in 0..<3 {
      u = u / (DoubleDouble(1) + DoubleDouble.sqrt(DoubleDouble(1) + u * u))
    }
    let u2 = u * u
    var sum = u
    var power = u
    var k = 3.0
    while power.hi.magnitude > 0x1p-112 * max(sum.hi.magnitude, 0x1p-1000) {
      power = -(power * u2)
      sum = sum + power / DoubleDouble(k)
      k += 2
    }
    return sum.scaled(3)
  }

  /// arctan x.
  public static func atan(_ x: Double) -> MathReferenceValue {
    if x.isNaN { return MathReferenceValue(hi: .nan, frac: 0) }
    if x.isInfinite {
      return MathReferenceValue(doubleDouble: x > 0 ? halfPi.hi : -halfPi.hi, x > 0 ? halfPi.lo : -halfPi.lo)
    }
    if x.magnitude < 0x1p-40 {  // x − x³/3, exact enough and free of underflow trouble
      let r = DoubleDouble(x) - DoubleDouble(x) * DoubleDouble(x) * DoubleDouble(x) / DoubleDouble(3)
      return MathReferenceValue(doubleDouble: r.hi, r.lo)
    }
    // Above 2^60, π/2 − 1/x (the next term, 1/(3x³), is below 2^-180 relative).
    var r = x.magnitude > 0x1p60 ? halfPi - DoubleDouble(1 / x.magnitude) : atan(DoubleDouble(x.magnitude))
    if x < 0 { r = -r }
    return MathReferenceValue(doubleDouble: r.hi, r.lo)
  }

  /// atan2(y, x) for finite nonzero y and x with |exponent(y) − exponent(x)| ≤ 900.
  public static func atan2(y: Double, x: Double) -> MathReferenceValue {
    let gap = Int(y.exponent) - Int(x.exponent)
    let ys = DoubleDouble(Double(sign: .plus, exponent: gap, significand: y.magnitude.significand))
    let xs = DoubleDouble(x.magnitude.significand)
    let q = ys / xs
    var r: DoubleDouble
    if q.hi < 0x1p-40 {
      r = q - q * q * q / DoubleDouble(3)
    } else {
      r = atan(q)
    }
    if x < 0 { r = pi - r }
    if y < 0 { r = -r }
    return MathReferenceValue(doubleDouble: r.hi, r.lo)
  }
}
