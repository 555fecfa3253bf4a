// sin, cos, sincos. Argument reduction x = n·π/2 + r, |r| ≤ π/4 (r as a double-double):
// Cody–Waite with a two-part π/2 below 64·π/2 (unless r is small), a four-part one below
// 2^19·π/2, Payne–Hanek with the bits of 2/π above; then
// one table-driven kernel gives both sin r and cos r (r = j/64 + d, |d| ≤ 1/128).
// Constants: Tests/Fixtures/scripts/math_constants.py.

// π/2 = _pio2Part1 + _pio2Part2 + _pio2Part3 + _pio2Part3Tail; the first three have ≤ 33
// significant bits, so n·part is exact for n ≤ 2^20.
@inlinable internal var _pio2Part1: Double { 0x1.921fb544p+0 }
@inlinable internal var _pio2Part2: Double { 0x1.0b4611a6p-34 }
@inlinable internal var _pio2Part3: Double { 0x1.3198a2ep-69 }
@inlinable internal var _pio2Part3Tail: Double { 0x1.b839a252049c1p-104 }
// π/2 as a double-double.
@inlinable internal var _pio2Head: Double { 0x1.921fb54442d18p+0 }
@inlinable internal var _pio2Tail: Double { 0x1.1a62633145c07p-54 }
@inlinable internal var _twoOverPi: Double { 0x1.45f306dc9c883p-1 }

// π/2 − _pio2Part1 rounded to 53 bits; the rest, π/2 − _pio2Part1 − _pio2Part2Rounded, is
// 0.55·2^-87.
@inlinable internal var _pio2Part2Rounded: Double { 0x1.0b4611a626331p-34 }

/// Reduces a finite a ≥ 0 to a = n·π/2 + (hi + lo) with |hi + lo| ≤ π/4·(1 + 2^-40);
/// returns n mod 4. The pair has relative error below 2^-73 for every finite Double (below
/// 2^-100 outside the two-part range).
@inlinable @inline(__always)
internal func _reduceHalfPi(_ a: Double) -> (n: Int, hi: Double, lo: Double) {
  if a <= 0x1.921fb54442d18p-1 { return (0, a, 0) }
  if a < 0x1.921fb54442d18p+6 {
    let (n, hi, lo) = _reduceHalfPiTwoPart(a)
    if hi.magnitude >= 0x1p-7 { return (n, hi, lo) }
  }
  if a < 0x1.921fb54442d18p+19 {
    // Cody–Waite: every product is exact and a − n·part1 is exact (Sterbenz).
    let (nf, n) = _roundToIntegerWithLowBits(a * _twoOverPi)
    let t = a - nf * _pio2Part1
    let (b, bLo) = _twoSum(t, -(nf * _pio2Part2))
    let (c, cLo) = _twoSum(b, -(nf * _pio2Part3))
    let (hi, lo) = _twoSum(c, (bLo + cLo) - nf * _pio2Part3Tail)
    return (n & 3, hi, lo)
  }
  return _reducePayneHanek(a)
}

/// The two-part Cody–Waite step of `_reduceHalfPi` for 0 ≤ a < 64·π/2: a = n·π/2 + (hi + lo),
/// returning n mod 4. The pair is valid only when |hi| ≥ 2^-7; a caller tests that and
/// otherwise reduces with `_reduceHalfPi` (whose four-part step handles the cancellation).
///
/// a − n·part1 is exact as in the four-part step, n·_pio2Part2Rounded is off by at most 2^-81
/// and the dropped rest by 64·0.55·2^-87 < 2^-81, so hi + lo is within 2^-80 of the reduced
/// argument: relative error below 2^-73 (2^-20 ulp of the kernel's result) when |hi| ≥ 2^-7.
/// FastTwoSum suffices: the pair is kept only when |hi| ≥ 2^-7, and then the first operand is
/// at least 2^-7 − 2^-28 while the second is below 64·2^-34 (the same pair as TwoSum).
@inlinable @inline(__always)
internal func _reduceHalfPiTwoPart(_ a: Double) -> (n: Int, hi: Double, lo: Double) {
  let (nf, n) = _roundToIntegerWithLowBits(a * _twoOverPi)
  let (hi, lo) = _fastTwoSum(a - nf * _pio2Part1, -(nf * _pio2Part2Rounded))
  return (n & 3, hi, lo)
}

/// a · b as a 128-bit (high, low) pair from 32-bit halves: no 128-bit integer arithmetic,
/// which on wasm32 would need a compiler-rt call.
@inline(__always)
internal func _multiplyFullWidth(_ a: UInt64, _ b: UInt64) -> (high: UInt64, low: UInt64) {
  let a0 = a & 0xFFFF_FFFF
  let a1 = a >> 32
  let b0 = b & 0xFFFF_FFFF
  let b1 = b >> 32
  let p00 = a0 &* b0
  let p01 = a0 &* b1
  let p10 = a1 &* b0
  let p11 = a1 &* b1
  let middle = (p00 >> 32) &+ (p01 & 0xFFFF_FFFF) &+ (p10 & 0xFFFF_FFFF)  // < 3·2^32
  return (p11 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32), (middle << 32) | (p00 & 0xFFFF_FFFF))
}

/// Payne–Hanek reduction of a ≥ 2^19: with a = m·2^e (m a 53-bit integer), the product
/// m · (256 bits of 2/π starting at bit e − 1) is formed exactly in 64-bit limbs; bits of 2/π
/// before that window only add multiples of 4 to a·2/π, bits after it less than 2^-200.
@usableFromInline @inline(never)
internal func _reducePayneHanek(_ a: Double) -> (n: Int, hi: Double, lo: Double) {
  let bits = a.bitPattern
  let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
  let e = Int(bits >> 52) - 1075
  let start = e - 1
  let w0 = _twoOverPiBits(from: start)
  let w1 = _twoOverPiBits(from: start + 64)
  let w2 = _twoOverPiBits(from: start + 128)
  let w3 = _twoOverPiBits(from: start + 192)
  // P = m · (w0:w1:w2:w3) mod 2^256, in limbs p3:p2:p1:p0; a·2/π ≡ P·2^-254 (mod 4).
  let (h3, p0) = _multiplyFullWidth(m, w3)
  let (h2, l2) = _multiplyFullWidth(m, w2)
  let (h1, l1) = _multiplyFullWidth(m, w1)
  let l0 = m &* w0
  let (p1, c1) = l2.addingReportingOverflow(h3)
  let (s2, c2a) = l1.addingReportingOverflow(h2)
  let (p2, c2b) = s2.addingReportingOverflow(c1 ? 1 : 0)
  let p3 = l0 &+ h1 &+ (c2a ? 1 : 0) &+ (c2b ? 1 : 0)
  var n = Int(p3 >> 62)
  // The fraction: 192 bits f0:f1:f2 below the binary point.
  var f0 = (p3 << 2) | (p2 >> 62)
  var f1 = (p2 << 2) | (p1 >> 62)
  var f2 = (p1 << 2) | (p0 >> 62)
  var negative = false
  if f0 >> 63 == 1 {  // fraction ≥ 1/2: use fraction − 1, i.e. negate and round n up
    n += 1
    negative = true
    let (g2, c) = (~f2).addingReportingOverflow(1)
    let (g1, d) = (~f1).addingReportingOverflow(c ? 1 : 0)
    f0 = ~f0 &+ (d ? 1 : 0)
    f1 = g1
    f2 = g2
  }
  // Normalise so that f0 has its top bit set.
  var shift = 0
  if f0 == 0 {
    f0 = f1
    f1 = f2
    f2 = 0
    shift += 64
    if f0 == 0 {
      f0 = f1
      f1 = 0
      shift += 64
      if f0 == 0 { return (n & 3, 0, 0) }
    }
  }
  let lz = f0.leadingZeroBitCount
  if lz > 0 {
    f0 = (f0 << UInt64(lz)) | (f1 >> UInt64(64 - lz))
    f1 = (f1 << UInt64(lz)) | (f2 >> UInt64(64 - lz))
    shift += lz
  }
  // fraction = (f0 + f1·2^-64)·2^-(64 + shift) as a double-double, then times π/2.
  let fHi = Double(f0 >> 11) * _powerOfTwo(-(53 + shift))
  let fLo = (Double(f0 & 0x7FF) + Double(f1) * 0x1p-64) * _powerOfTwo(-(64 + shift))
  let (p, pLo) = _twoProduct(fHi, _pio2Head)
  let (hi, lo) = _fastTwoSum(p, pLo + (fHi * _pio2Tail + fLo * _pio2Head))
  return negative ? (n & 3, -hi, -lo) : (n & 3, hi, lo)
}

/// (sin, cos) of hi + lo for |hi + lo| ≤ π/4·(1 + 2^-40), |lo| ≤ ulp(hi), table-driven.
///
/// With h = |hi|, j = round(64h) ≤ 50 and d = h − j/64 (exact, |d| ≤ 1/128), and the table's
/// sin(j/64) = S + Sl, cos(j/64) = C + Cl (double-doubles):
/// sin(h + l) = S + C·d + [Sl + Cl·d + l·C + S·(cos d − 1) + C·(sin d − d)],
/// cos(h + l) = C − S·d + [Cl − Sl·d − l·S + C·(cos d − 1) − S·(sin d − d)].
/// C·d is exact (TwoProduct) and added to the head with an exact FastTwoSum (|S| ≥ |C·d| since
/// sin(j/64) ≥ 1/128 for j ≥ 1), so only the bracket — at most 2 % of the result — is rounded;
/// S·d is rounded once (|S·d| < 2^-7.5 while the cosine is at least 0.7); sin d − d and cos d − 1 are Taylor polynomials of degree 7 and 6 (truncation below
/// 2^-70 of the result). The errors before the final rounding stay below 0.005 ulp. Dropped:
/// Sl·(cos d − 1) and Cl·(sin d − d), below 2^-68 of the result.
///
/// `nonNegative: true` (for a caller that knows hi ≥ +0) skips the sign handling: the same bits.
/// `hasLowPart: false` (for lo = 0, an argument that needed no reduction) leaves out the l·C and
/// l·S terms. The bits are the same: with l = +0 and C, S ≥ 0 those terms are +0, and adding +0
/// changes a sum only when the sum is −0; a bracket's zero sign cannot reach the result, since
/// S + C·d ≠ 0 for h > 0 (at h = 0 every term is +0 either way) and the cosine's head is ≥ 0.7.
@inlinable @inline(__always)
internal func _sinCosKernel(
  _ hi: Double, _ lo: Double, hasLowPart: Bool = true, nonNegative: Bool = false
) -> (sin: Double, cos: Double) {
  // sin is odd, cos even: work on |hi| and put the sign back with a sign-bit flip (the same as
  // negating, and as testing hi < 0, since hi is never −0: it is |x| or a nonzero reduced value).
  let sign = nonNegative ? 0 : hi.bitPattern & 0x8000_0000_0000_0000
  let h = nonNegative ? hi : hi.magnitude
  let l = Double(bitPattern: lo.bitPattern ^ sign)
  // h + 1.5·2^46 rounds h to a multiple of 1/64 (its ulp), ties to even: j/64 with
  // j = round(64h) in the low bits, one addition from h (d follows two roundings sooner than
  // from 64h + 1.5·2^52, which would then need a scaling back).
  let shifted = h + 0x1.8p46
  let j = Int(truncatingIfNeeded: Int64(bitPattern: shifted.bitPattern) &- 0x42D8_0000_0000_0000)
  let d = h - (shifted - 0x1.8p46)  // exact
  let (sh, sl, ch, cl) = _sinCosTableEntry(j)
  let z = d * d
  let sinMinusD = (d * z) * (-0x1.5555555555555p-3 + z * (0x1.1111111111111p-7 + z * -0x1.a01a01a01a01ap-13))
  let cosMinusOne = z * (-0.5 + z * (0x1.5555555555555p-5 + z * -0x1.6c16c16c16c17p-10))
  // C·d exactly, with C's `_split` from the table and d split as d rounded to a multiple of
  // 2^-33 (|d| ≤ 2^-7: at most 26 bits, one addition sooner and one flop cheaper than `_split`)
  // plus the exact rest (below 2^-34; a multiple of 2^-59 when j ≥ 1, as h ≥ 2^-7): all four
  // partial products are exact and each partial sum of Dekker's algorithm stays exact, so the
  // pair is the one `_twoProduct(ch, d)` gives (for j = 0, C = 1 + 0 and the error is +0).
  let dHigh = (d + 0x1.8p19) - 0x1.8p19
  let (u, uLo) = _twoProduct(ch, split: _cosHeadSplitEntry(j), d, split: (dHigh, d - dHigh))
  let v = sh * d  // rounded: |v| < 2^-7.5 while cos ≥ 0.7, so its error is below 0.004 ulp
  let (s1, e1) = _fastTwoSum(sh, u)
  let sinLow = hasLowPart ? cl * d + l * ch : cl * d
  let sinTail = e1 + ((uLo + sl) + (sinLow + (sh * cosMinusOne + ch * sinMinusD)))
  let cosLow = hasLowPart ? sl * d + l * sh : sl * d
  let cosRest = cl - (cosLow - (ch * cosMinusOne - sh * sinMinusD))
  let c1: Double
  let cosTail: Double
  if hasLowPart {
    // FastTwoSum(ch, −v) with its error negated, g = −f1 (RNE is symmetric: fl(v + w) =
    // −fl(−v − w)), so no negation of v, and rest + f1 = rest − g bit for bit (a zero sum may
    // differ in sign, which c1 ≥ 0.7 absorbs). Fewer instructions after a reduction; the
    // unreduced path compiles tighter in the FastTwoSum form, so it keeps it.
    c1 = ch - v
    cosTail = cosRest - (v + (c1 - ch))
  } else {
    let (c, f1) = _fastTwoSum(ch, -v)
    c1 = c
    cosTail = f1 + cosRest
  }
  let sine = s1 + sinTail
  return (Double(bitPattern: sine.bitPattern ^ sign), c1 + cosTail)
}

/// (sin a, cos a) from the kernel's (sin r, cos r) for a = n·π/2 + r, n mod 4 given.
@inlinable @inline(__always)
internal func _sinCosOfQuadrant(_ n: Int, _ k: (sin: Double, cos: Double)) -> (sin: Double, cos: Double) {
  switch n {
  case 0: return k
  case 1: return (k.cos, -k.sin)
  case 2: return (-k.sin, -k.cos)
  default: return (-k.cos, k.sin)
  }
}

extension Deterministic {
  /// The sine of x (radians).
  ///
  /// - Domain: all finite `Double`, including huge arguments (`sin(1e300)` is the sine of the
  ///   exact binary value 1e300 denotes). Accuracy: ≤ 0.51 ulp by analysis (errors before the
  ///   final rounding below 0.005 ulp), measured maximum reported by the accuracy sweep tests.
  /// - Special values: `sin(±0) = ±0`, tiny x returns x (subnormals included), `sin(±∞) = NaN`,
  ///   NaN → NaN.
  /// - Algorithm: reduction modulo π/2 to a double-double r (Cody–Waite below 823 550, with
  ///   a two-part π/2 below 100.5 when |r| ≥ 2^-7 and a four-part one otherwise,
  ///   Payne–Hanek with 1536 bits of 2/π above), then r = j/64 + d with sin(j/64), cos(j/64)
  ///   from a 64-entry double-double table, short Taylor polynomials in d and exact
  ///   products for the leading terms; the quadrant selects sin or cos.
  /// - Cost: about 80 flops and one table lookup for |x| ≤ π/4, 95 up to 100.5 (110 when
  ///   |r| < 2^-7), 110 up to 8e5, about 190
  ///   plus four 64×64-bit multiplications above.
  public static func sin(_ x: Double) -> Double {
    if !x.isFinite { return x.isNaN ? x + x : .nan }
    let (n, hi, lo) = _reduceHalfPi(x.magnitude)
    let k = _sinCosKernel(hi, lo)
    let s: Double
    switch n {
    case 0: s = k.sin
    case 1: s = k.cos
    case 2: s = -k.sin
    default: s = -k.cos
    }
    return x.sign == .minus ? -s : s
  }

  /// The cosine of x (radians).
  ///
  /// - Domain: all finite `Double`, including huge arguments. Accuracy: ≤ 0.51 ulp by analysis,
  ///   as ``sin(_:)-(Double)``.
  /// - Special values: `cos(±0) = 1`, `cos(±∞) = NaN`, NaN → NaN.
  /// - Algorithm and cost: as ``sin(_:)-(Double)``.
  public static func cos(_ x: Double) -> Double {
    if !x.isFinite { return x.isNaN ? x + x : .nan }
    let (n, hi, lo) = _reduceHalfPi(x.magnitude)
    let k = _sinCosKernel(hi, lo)
    switch n {
    case 0: return k.cos
    case 1: return -k.sin
    case 2: return -k.cos
    default: return k.sin
    }
  }

  /// sin x and cos x together, sharing one argument reduction; bit-identical to calling
  /// ``sin(_:)-(Double)`` and ``cos(_:)-(Double)`` separately.
  ///
  /// Special values: (±0, 1) at ±0; (NaN, NaN) at ±∞ and NaN. Cost: the same as a single
  /// call (the kernel gives both); inlined, so a caller's other work overlaps it.
  @inlinable @inline(__always)
  public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
    if !x.isFinite { return x.isNaN ? (x + x, x + x) : (.nan, .nan) }
    return _sincosFinite(x)
  }

  /// ``sincos(_:)-(Double)`` for a finite x, without the test for ±∞ and NaN: for callers that
  /// have already excluded them (a spring's phase ωΔt is checked to be below +∞).
  @inlinable @inline(__always)
  internal static func _sincosFinite(_ x: Double) -> (sin: Double, cos: Double) {
    let a = x.magnitude
    let sine: Double
    let cosine: Double
    if a <= 0x1.921fb54442d18p-1 {
      // No reduction (a spring step's usual phase): a kernel specialised for lo = 0, same bits.
      (sine, cosine) = _sinCosKernel(a, 0, hasLowPart: false)
    } else {
      let (n, hi, lo) = _reduceHalfPi(a)
      (sine, cosine) = _sinCosOfQuadrant(n, _sinCosKernel(hi, lo))
    }
    return (x.sign == .minus ? -sine : sine, cosine)
  }

  /// sin x in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp (`Float`)
  /// for every finite argument; `sin(−0) = −0`; ±∞ and NaN → NaN.
  public static func sin(_ x: Float) -> Float { Float(sin(Double(x))) }

  /// cos x in `Float`, computed in `Double` and rounded once. Accuracy ≤ 0.51 ulp (`Float`);
  /// ±∞ and NaN → NaN.
  public static func cos(_ x: Float) -> Float { Float(cos(Double(x))) }

  /// (sin x, cos x) in `Float`, bit-identical to the separate `Float` calls.
  public static func sincos(_ x: Float) -> (sin: Float, cos: Float) {
    let (s, c) = sincos(Double(x))
    return (Float(s), Float(c))
  }
}
