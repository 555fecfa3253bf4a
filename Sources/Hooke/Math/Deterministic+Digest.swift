extension _DeterminismDigest {
  /// The FNV-1a digest of every elementary function, `Double` and `Float`, over a fixed input set.
  ///
  /// Inputs: 5 ranges × 640 points drawn from `_SplitMix64(seed: 0x48_6F_6F_6B_65_4D_61_74)`
  /// (uniform in [−4, 4]; ±2^[−60, 10]; ±2^[−1074, 1024] covering subnormals and huge
  /// trigonometric arguments; the exp/exp2 ranges up to overflow and through gradual underflow
  /// with trigonometric arguments up to ±10^6; points next to 1 and to multiples of π/2), each
  /// fed to exp, exp2, expm1, log, log1p, sin, cos, sincos, atan, atan2 in both types, then
  /// every special value (±0, ±∞, NaN, subnormals, thresholds, …) alone and pairwise for atan2.
  /// Result bit patterns are folded in a fixed order; every NaN folds as one canonical word,
  /// because NaN payloads are not portable (wasm may canonicalise them).
  ///
  /// Allocation-free and Embedded-Swift clean, so the same function runs in the wasm32
  /// determinism program. Cost: about 70 000 function evaluations.
  package static func elementaryFunctions() -> UInt64 {
    var hasher = _FNV1a()
    var generator = _SplitMix64(seed: 0x486F_6F6B_654D_6174)
    for range in 0..<5 {
      for _ in 0..<640 {
        let (x, y) = _digestInput(range, &generator)
        _foldAll(x, y, into: &hasher)
      }
    }
    for i in 0..<_digestSpecialCount {
      let x = _digestSpecial(i)
      _foldAll(x, 1, into: &hasher)
      for j in 0..<_digestSpecialCount {
        _fold(Deterministic.atan2(y: x, x: _digestSpecial(j)), into: &hasher)
        _fold(Deterministic.atan2(y: Float(x), x: Float(_digestSpecial(j))), into: &hasher)
      }
    }
    return hasher.value
  }
}

@inline(__always)
internal func _fold(_ v: Double, into hasher: inout _FNV1a) {
  hasher.combine(v.isNaN ? 0x7FF8_0000_0000_0000 : v.bitPattern)
}

@inline(__always)
internal func _fold(_ v: Float, into hasher: inout _FNV1a) {
  hasher.combine(v.isNaN ? 0x7FC0_0000 : UInt64(v.bitPattern))
}

/// Every function at x (log and log1p at |x| and |x| − ½ so that most inputs are in their
/// domains), atan2 at (x, y), in Double and in Float.
internal func _foldAll(_ x: Double, _ y: Double, into h: inout _FNV1a) {
  let a = x.magnitude
  _fold(Deterministic.exp(x), into: &h)
  _fold(Deterministic.exp2(x), into: &h)
  _fold(Deterministic.expm1(x), into: &h)
  _fold(Deterministic.log(a), into: &h)
  _fold(Deterministic.log1p(a - 0.5), into: &h)
  _fold(Deterministic.sin(x), into: &h)
  _fold(Deterministic.cos(x), into: &h)
  let sc = Deterministic.sincos(x)
  _fold(sc.sin, into: &h)
  _fold(sc.cos, into: &h)
  _fold(Deterministic.atan(x), into: &h)
  _fold(Deterministic.atan2(y: x, x: y), into: &h)
  let xf = Float(x)
  let af = xf.magnitude
  _fold(Deterministic.exp(xf), into: &h)
  _fold(Deterministic.exp2(xf), into: &h)
  _fold(Deterministic.expm1(xf), into: &h)
  _fold(Deterministic.log(af), into: &h)
  _fold(Deterministic.log1p(af - 0.5), into: &h)
  _fold(Deterministic.sin(xf), into: &h)
  _fold(Deterministic.cos(xf), into: &h)
  let scf = Deterministic.sincos(xf)
  _fold(scf.sin, into: &h)
  _fold(scf.cos, into: &h)
  _fold(Deterministic.atan(xf), into: &h)
  _fold(Deterministic.atan2(y: xf, x: Float(y)), into: &h)
}

/// ±2^e for e uniform in [e0, e1), built exactly from bits (no pow).
@inline(__always)
internal func _digestLogUniform(_ g: inout _SplitMix64, _ e0: Int, _ e1: Int) -> Double {
  let bits = g.next()
  let e = e0 + Int(bits % UInt64(e1 - e0))
  let significand = 1 + Double(g.next() >> 12) * 0x1p-52
  let v = Double(sign: bits & (1 << 63) == 0 ? .plus : .minus, exponent: e, significand: significand)
  return v
}

/// The argument pair of range 0…4 (see ``_DeterminismDigest/elementaryFunctions()``).
internal func _digestInput(_ range: Int, _ g: inout _SplitMix64) -> (Double, Double) {
  switch range {
  case 0:
    return (g.next(in: -4, 4), g.next(in: -4, 4))
  case 1:
    return (_digestLogUniform(&g, -60, 10), _digestLogUniform(&g, -60, 10))
  case 2:
    return (_digestLogUniform(&g, -1074, 1024), _digestLogUniform(&g, -1074, 1024))
  case 3:
    // exp near overflow and through the subnormals; y doubles as a mid-size trig argument.
    return (g.next(in: -1075, 1024), g.next(in: -1e6, 1e6))
  default:
    let k = Double(g.next() >> 44)  // multiples of π/2 up to 2^20
    let nearHalfPi = k * 0x1.921fb54442d18p0
    let nearOne = 1 + _digestLogUniform(&g, -53, -1)
    return g.next() & 1 == 0 ? (nearHalfPi, nearOne) : (nearOne, nearHalfPi)
  }
}

internal let _digestSpecialCount = 24

/// The special arguments, by index (a switch, not an array, to stay allocation-free).
internal func _digestSpecial(_ i: Int) -> Double {
  switch i {
  case 0: return 0
  case 1: return -0.0
  case 2: return .infinity
  case 3: return -.infinity
  case 4: return .nan
  case 5: return .leastNonzeroMagnitude
  case 6: return -.leastNonzeroMagnitude
  case 7: return .leastNormalMagnitude
  case 8: return .greatestFiniteMagnitude
  case 9: return -.greatestFiniteMagnitude
  case 10: return 1
  case 11: return -1
  case 12: return 0x1.62e42fefa39efp+9  // exp overflow threshold
  case 13: return -745.1332191019411  // exp underflow to 2^-1074
  case 14: return 1e22
  case 15: return 1e300
  case 16: return 0x1.921fb54442d18p0  // π/2
  case 17: return 0x1.921fb54442d18p-1  // π/4
  case 18: return 6_381_956_970_095_103 * 0x1p797  // hardest case of reduction modulo π/2
  case 19: return 1024
  case 20: return -1075
  case 21: return 0x1p-54
  case 22: return 0.5
  default: return 88.72283935546875  // Float exp overflow threshold
  }
}
