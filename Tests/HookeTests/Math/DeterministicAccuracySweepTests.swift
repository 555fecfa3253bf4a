import Hooke
import Testing
import _TestSupport

/// Seeded random sweeps of every elementary function against the double-double reference of
/// `_TestSupport` (itself validated against mpmath in `MathReferenceValidationTests`):
/// 100 000 points per function and type, spread over the whole useful domain.
@Suite struct DeterministicAccuracySweepTests {
  static let pointsPerFunction = 100_000

  /// One function under test: its input distribution (a mixture over ranges), the Double and
  /// Float implementations and the reference.
  struct Sweep: Sendable, CustomStringConvertible {
    var name: String
    var seed: UInt64
    var input: @Sendable (inout SplitMix64, Bool) -> Double  // Bool: generate for Float
    var double: @Sendable (Double) -> Double
    var float: @Sendable (Float) -> Float
    var reference: @Sendable (Double) -> MathReferenceValue
    /// The `Double` accuracy the function's documentation states, in ulp (1 where it states
    /// only the one-ulp class).
    var documentedBound = 1.0
    var description: String { name }
  }

  // Random helpers.
  static func unit(_ g: inout SplitMix64) -> Double { Double(g.next() >> 11) * 0x1p-53 }
  static func uniform(_ g: inout SplitMix64, _ a: Double, _ b: Double) -> Double { a + (b - a) * unit(&g) }
  static func logUniform(_ g: inout SplitMix64, _ e0: Double, _ e1: Double) -> Double {
    let e = uniform(&g, e0, e1)
    let k = e.rounded(.down)
    return Double(sign: .plus, exponent: Int(k), significand: 1 + (e - k))  // ~2^e, all significands
  }
  static func signed(_ g: inout SplitMix64, _ v: Double) -> Double { g.next() & 1 == 0 ? v : -v }
  /// Picks branch i with the given cumulative percentages.
  static func branch(_ g: inout SplitMix64, _ weights: [Int]) -> Int {
    let r = Int(g.next() % 100)
    var acc = 0
    for (i, w) in weights.enumerated() {
      acc += w
      if r < acc { return i }
    }
    return weights.count - 1
  }

  static let ln2 = 0.6931471805599453
  static let halfPi = 1.5707963267948966

  static let sweeps: [Sweep] = [
    Sweep(
      name: "exp", seed: 0xE1,
      input: { g, f in
        let (lo, hi) = f ? (-103.97, 88.72) : (-745.2, 709.79)
        switch branch(&g, [40, 25, 10, 15, 10]) {
        case 0: return uniform(&g, lo, hi)
        case 1: return signed(&g, logUniform(&g, -60, 3))
        case 2:
          return Double(Int(uniform(&g, lo / ln2, hi / ln2))) * ln2 + signed(&g, logUniform(&g, -50, -10))
        case 3: return uniform(&g, lo, f ? -87.3 : -708)
        default: return uniform(&g, hi - 10, hi)
        }
      }, double: { Deterministic.exp($0) }, float: { Deterministic.exp($0) }, reference: MathReference.exp,
      documentedBound: 0.52),
    Sweep(
      name: "exp2", seed: 0xE2,
      input: { g, f in
        let (lo, hi) = f ? (-150.0, 128.0) : (-1075.0, 1024.0)
        switch branch(&g, [40, 25, 15, 10, 10]) {
        case 0: return uniform(&g, lo, hi)
        case 1: return signed(&g, logUniform(&g, -60, 3))
        case 2: return uniform(&g, lo, f ? -126 : -1022)
        case 3: return Double(Int(uniform(&g, lo, hi))) + signed(&g, logUniform(&g, -50, -10))
        default: return Double(Int(uniform(&g, lo, hi))) + 0.5
        }
      }, double: { Deterministic.exp2($0) }, float: { Deterministic.exp2($0) }, reference: MathReference.exp2),
    Sweep(
      name: "expm1", seed: 0xE3,
      input: { g, f in
        switch branch(&g, [40, 20, 20, 20]) {
        case 0: return signed(&g, logUniform(&g, -60, 3))
        case 1: return uniform(&g, f ? -18 : -40, f ? 88.7 : 709.78)
        case 2: return signed(&g, logUniform(&g, f ? -149 : -1074, -60))
        default: return signed(&g, ln2 / 2 + uniform(&g, -0.01, 0.01))
        }
      }, double: { Deterministic.expm1($0) }, float: { Deterministic.expm1($0) },
      reference: MathReference.expm1, documentedBound: 0.52),
    Sweep(
      name: "log", seed: 0xE4,
      input: { g, f in
        switch branch(&g, [40, 30, 20, 10]) {
        case 0: return logUniform(&g, f ? -126 : -1022, f ? 128 : 1024)
        case 1: return 1 + signed(&g, logUniform(&g, f ? -24 : -53, -1))
        case 2: return uniform(&g, 0.5, 2)
        default: return logUniform(&g, f ? -149 : -1074, f ? -126 : -1022)
        }
      }, double: { Deterministic.log($0) }, float: { Deterministic.log($0) }, reference: MathReference.log),
    Sweep(
      name: "log1p", seed: 0xE5,
      input: { g, f in
        switch branch(&g, [30, 20, 20, 20, 10]) {
        case 0: return signed(&g, logUniform(&g, -60, -1))
        case 1: return logUniform(&g, -1, f ? 128 : 1024)
        case 2: return -1 + logUniform(&g, f ? -24 : -53, -1)
        case 3: return signed(&g, logUniform(&g, f ? -149 : -1074, -60))
        default: return uniform(&g, -0.5, 1)
        }
      }, double: { Deterministic.log1p($0) }, float: { Deterministic.log1p($0) },
      reference: MathReference.log1p),
    Sweep(
      name: "sin", seed: 0xE6,
      input: { g, f in sinCosInput(&g, f) },
      double: { Deterministic.sin($0) }, float: { Deterministic.sin($0) },
      reference: { MathReference.sinCos($0).sin }, documentedBound: 0.51),
    Sweep(
      name: "cos", seed: 0xE7,
      input: { g, f in sinCosInput(&g, f) },
      double: { Deterministic.cos($0) }, float: { Deterministic.cos($0) },
      reference: { MathReference.sinCos($0).cos }, documentedBound: 0.51),
    Sweep(
      name: "atan", seed: 0xE8,
      input: { g, f in
        switch branch(&g, [40, 20, 20, 20]) {
        case 0: return signed(&g, logUniform(&g, -30, 30))
        case 1: return signed(&g, uniform(&g, 0, 3))
        case 2: return signed(&g, logUniform(&g, f ? -149 : -1074, f ? 128 : 1024))
        default:
          let b = [7.0 / 16, 11.0 / 16, 19.0 / 16, 39.0 / 16][Int(g.next() % 4)]
          return signed(&g, b * (1 + uniform(&g, -1e-3, 1e-3)))
        }
      }, double: { Deterministic.atan($0) }, float: { Deterministic.atan($0) }, reference: MathReference.atan),
  ]

  static func sinCosInput(_ g: inout SplitMix64, _ f: Bool) -> Double {
    switch branch(&g, [30, 20, 20, 20, 10]) {
    case 0: return signed(&g, uniform(&g, 0, 10))
    case 1: return signed(&g, logUniform(&g, -30, 20))
    case 2:  // near a multiple of π/2
      let k = Double(g.next() % (1 << 20))
      let x = k * halfPi
      return f ? x * (1 + uniform(&g, -1e-6, 1e-6)) : x * (1 + uniform(&g, -4e-16, 4e-16))
    case 3: return signed(&g, logUniform(&g, 20, f ? 128 : 1024))
    default: return signed(&g, logUniform(&g, f ? -149 : -1074, -30))
    }
  }

  @Test(arguments: sweeps)
  func doubleSweep(_ s: Sweep) {
    var g = SplitMix64(seed: s.seed)
    var worst = 0.0
    var worstX = 0.0
    for _ in 0..<Self.pointsPerFunction {
      let x = s.input(&g, false)
      let e = s.reference(x).ulpError(s.double(x))
      if !(e <= worst) { (worst, worstX) = (e, x) }
    }
    print("sweep Double \(s.name): \(Self.pointsPerFunction) points, max ulp \(worst) at x = \(worstX)")
    #expect(worst <= 1, "Double \(s.name): \(worst) ulp at x = \(worstX) (seed \(s.seed))")
    #expect(
      worst <= s.documentedBound,
      "Double \(s.name): \(worst) ulp above the documented \(s.documentedBound) at x = \(worstX) (seed \(s.seed))"
    )
  }

  @Test(arguments: sweeps)
  func floatSweep(_ s: Sweep) {
    var g = SplitMix64(seed: s.seed ^ 0xF10A7)
    var worst = 0.0
    var worstX: Float = 0
    for _ in 0..<Self.pointsPerFunction {
      let x = Float(s.input(&g, true))
      let e = s.reference(Double(x)).ulpError(s.float(x))
      if !(e <= worst) { (worst, worstX) = (e, x) }
    }
    print("sweep Float \(s.name): \(Self.pointsPerFunction) points, max ulp \(worst) at x = \(worstX)")
    #expect(worst <= 2, "Float \(s.name): \(worst) ulp at x = \(worstX) (seed \(s.seed ^ 0xF10A7))")
  }

  /// atan2 over all four quadrants, exponent gaps up to ±70 and points near the axes and
  /// diagonals.
  static func atan2Input(_ g: inout SplitMix64, _ f: Bool) -> (y: Double, x: Double) {
    let maxExp = f ? 100.0 : 900.0
    switch branch(&g, [60, 20, 20]) {
    case 0: return (signed(&g, logUniform(&g, -20, 20)), signed(&g, logUniform(&g, -20, 20)))
    case 1:
      let e = uniform(&g, -maxExp, maxExp)
      let gap = uniform(&g, f ? -20 : -70, f ? 20 : 70)
      return (signed(&g, logUniform(&g, e, e + 1)), signed(&g, logUniform(&g, e + gap, e + gap + 1)))
    default:
      let x = signed(&g, logUniform(&g, -10, 10))
      return g.next() & 1 == 0
        ? (x * (1 + uniform(&g, -1e-6, 1e-6)), signed(&g, x.magnitude))
        : (x * uniform(&g, -1e-9, 1e-9), signed(&g, x.magnitude))
    }
  }

  @Test func atan2Sweep() {
    for isFloat in [false, true] {
      let seed: UInt64 = isFloat ? 0xE9F : 0xE9
      var g = SplitMix64(seed: seed)
      var worst = 0.0
      var worstPoint = (0.0, 0.0)
      for _ in 0..<Self.pointsPerFunction {
        var (y, x) = Self.atan2Input(&g, isFloat)
        if isFloat { (y, x) = (Double(Float(y)), Double(Float(x))) }
        let exact = MathReference.atan2(y: y, x: x)
        let e =
          isFloat
          ? exact.ulpError(Deterministic.atan2(y: Float(y), x: Float(x)))
          : exact.ulpError(Deterministic.atan2(y: y, x: x))
        if !(e <= worst) { (worst, worstPoint) = (e, (y, x)) }
      }
      let type = isFloat ? "Float" : "Double"
      print(
        "sweep \(type) atan2: \(Self.pointsPerFunction) points, max ulp \(worst) at (y, x) = \(worstPoint)")
      #expect(worst <= (isFloat ? 2 : 1), "\(type) atan2: \(worst) ulp at \(worstPoint) (seed \(seed))")
    }
  }

  /// sincos is the same bits as sin and cos, over the sweep's inputs (first 20 000).
  @Test func sincosMatchesSinAndCos() {
    var g = SplitMix64(seed: 0xEA)
    for _ in 0..<20_000 {
      let x = Self.sinCosInput(&g, false)
      let (s, c) = Deterministic.sincos(x)
      #expect(
        s.bitPattern == Deterministic.sin(x).bitPattern && c.bitPattern == Deterministic.cos(x).bitPattern,
        "x = \(x)")
      let xf = Float(x)
      let (sf, cf) = Deterministic.sincos(xf)
      #expect(
        sf.bitPattern == Deterministic.sin(xf).bitPattern
          && cf.bitPattern == Deterministic.cos(xf).bitPattern, "x = \(xf)")
    }
  }
}
