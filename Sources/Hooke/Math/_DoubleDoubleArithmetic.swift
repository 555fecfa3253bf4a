// Error-free transformations (Dekker, Knuth) used by the elementary functions to carry a few
// extra bits through argument reduction and reconstruction. Plain IEEE `+ - *` in a fixed order:
// no FMA, so the same bits come out on every platform. Inlinable (as are the fast paths of exp,
// expm1 and sincos built on them) so that a client's spring step inlines whole; Swift never
// contracts `a * b + c` into an FMA, so inlining into any module keeps the bits.

/// `a + b` as an unevaluated sum `hi + lo` with `hi = fl(a + b)` (Knuth's TwoSum, 6 flops).
@inlinable @inline(__always)
internal func _twoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
  let s = a + b
  let bVirtual = s - a
  let aVirtual = s - bVirtual
  return (s, (a - aVirtual) + (b - bVirtual))
}

/// `a + b` as `hi + lo`, valid when `|a| ≥ |b|` or `a == 0` (Dekker's FastTwoSum, 3 flops).
@inlinable @inline(__always)
internal func _fastTwoSum(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
  let s = a + b
  return (s, b - (s - a))
}

/// Veltkamp's split of `a` into two halves of at most 26 significant bits each, `a = hi + lo`.
/// Valid for `|a| < 2^996` (the multiplication by 2^27 + 1 must not overflow).
@inlinable @inline(__always)
internal func _split(_ a: Double) -> (hi: Double, lo: Double) {
  let c = 134_217_729.0 * a  // 2^27 + 1
  let hi = c - (c - a)
  return (hi, a - hi)
}

/// `a · b` as `hi + lo` with `hi = fl(a · b)` (Dekker's TwoProduct without FMA, 17 flops).
/// Exact unless the partial products underflow or overflow.
@inlinable @inline(__always)
internal func _twoProduct(_ a: Double, _ b: Double) -> (hi: Double, lo: Double) {
  _twoProduct(a, split: _split(a), b, split: _split(b))
}

/// `_twoProduct(a, b)` from given splits of both factors (`a = aSplit.hi + aSplit.lo` exactly,
/// likewise b), for callers that have a split sooner or cheaper than `_split`: a table's
/// (`_split` precomputed), or one a caller proves keeps every step below exact.
@inlinable @inline(__always)
internal func _twoProduct(
  _ a: Double, split aSplit: (hi: Double, lo: Double), _ b: Double, split bSplit: (hi: Double, lo: Double)
) -> (hi: Double, lo: Double) {
  let p = a * b
  let (ah, al) = aSplit
  let (bh, bl) = bSplit
  let e = (((ah * bh - p) + ah * bl) + al * bh) + al * bl
  return (p, e)
}

/// `v` rounded to the nearest integer (ties to even), for `|v| ≤ 2^51`, by the 1.5·2^52 trick:
/// no libm `rint`, which some targets would otherwise call.
@inlinable @inline(__always)
internal func _roundToInteger(_ v: Double) -> Double {
  (v + 0x1.8p52) - 0x1.8p52
}

/// `_roundToInteger(v)` together with that integer's low bits, for `|v| ≤ 2^51`: the shifted sum
/// v + 1.5·2^52 holds the integer n in its low significand bits, so `bits & m` is `n & m` for any
/// mask m < 2^51 without a Double-to-Int conversion (whose range checks a caller would pay for).
@inlinable @inline(__always)
internal func _roundToIntegerWithLowBits(_ v: Double) -> (value: Double, bits: Int) {
  let shifted = v + 0x1.8p52
  return (shifted - 0x1.8p52, Int(truncatingIfNeeded: shifted.bitPattern))
}

/// 2^k for `-1022 ≤ k ≤ 1023`, built from its bit pattern.
@inlinable @inline(__always)
internal func _powerOfTwo(_ k: Int) -> Double {
  Double(bitPattern: UInt64(k + 1023) << 52)
}
