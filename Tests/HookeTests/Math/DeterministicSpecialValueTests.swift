import Hooke
import Testing

/// Special values of every elementary function: signed zeros, infinities, NaN, subnormals,
/// overflow and underflow thresholds, huge trigonometric arguments. Expected values are IEEE /
/// C99 Annex F rules, closed forms, or (thresholds, π multiples) values computed with mpmath
/// (`python3` one-liners quoted next to them).
@Suite struct DeterministicSpecialValueTests {
  /// Bitwise equality, with any NaN equal to any NaN.
  static func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }
  static func same(_ a: Float, _ b: Float) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }

  static let inf = Double.infinity
  static let nan = Double.nan
  static let tiny = Double.leastNonzeroMagnitude
  static let piD = 0x1.921fb54442d18p1  // π rounded to Double
  static let halfPiD = 0x1.921fb54442d18p0
  static let quarterPiD = 0x1.921fb54442d18p-1
  static let threeQuarterPiD = 0x1.2d97c7f3321d2p1  // mpmath: float(3*pi/4).hex()
  static let piF: Float = 0x1.921fb6p1
  static let halfPiF: Float = 0x1.921fb6p0
  static let quarterPiF: Float = 0x1.921fb6p-1
  static let threeQuarterPiF: Float = 0x1.2d97c8p1

  func check(_ name: String, _ f: (Double) -> Double, _ g: (Float) -> Float, _ cases: [(Double, Double)]) {
    for (x, expected) in cases {
      #expect(Self.same(f(x), expected), "\(name)(\(x)) = \(f(x)), expected \(expected)")
      let xf = Float(x)
      let ef = Float(expected)
      if Double(xf) == x || x.isNaN {
        #expect(Self.same(g(xf), ef), "\(name)(Float \(xf)) = \(g(xf)), expected \(ef)")
      }
    }
  }

  @Test func exp() {
    check(
      "exp", { Deterministic.exp($0) }, { Deterministic.exp($0) },
      [
        (0, 1), (-0.0, 1), (Self.inf, Self.inf), (-Self.inf, 0), (Self.nan, Self.nan), (Self.tiny, 1),
        (-Self.tiny, 1),
        (1, 0x1.5bf0a8b145769p1),  // e rounded
        (-1000, 0), (1000, Self.inf),
      ])
    // Overflow exactly above ln(max + ½ulp) (mpmath: exp(0x1.62e42fefa39efp+9) < MAX + 2^970 ≤
    // exp(next double)); gradual underflow down to 2^-1074 at −745.1332191019411 and 0 below
    // ln(2^-1075) = −745.13321910194122…
    let overflow = 0x1.62e42fefa39efp+9
    #expect(Deterministic.exp(overflow) == 1.7976931348622732e308)
    #expect(Deterministic.exp(overflow.nextUp) == .infinity)
    #expect(Deterministic.exp(-745.1332191019411) == Self.tiny)
    #expect(Deterministic.exp(-745.1332191019412) == 0)
    #expect(Deterministic.exp(-708.3964185322641).isFinite)
    let subnormal = Deterministic.exp(-720.0)
    #expect(subnormal > 0 && subnormal < Double.leastNormalMagnitude)
    // Float: finite up to 0x1.62e42ep+6, +∞ from the next Float (mpmath: expf threshold).
    #expect(Deterministic.exp(Float(0x1.62e42ep+6)).isFinite)
    #expect(Deterministic.exp(Float(0x1.62e430p+6)) == .infinity)
    #expect(Deterministic.exp(Float(-103.972076)) == Float.leastNonzeroMagnitude)
    #expect(Deterministic.exp(Float(-104)) == 0)
  }

  @Test func exp2() {
    check(
      "exp2", { Deterministic.exp2($0) }, { Deterministic.exp2($0) },
      [
        (0, 1), (-0.0, 1), (Self.inf, Self.inf), (-Self.inf, 0), (Self.nan, Self.nan), (1024, Self.inf),
        (-1075, 0),
        (-1074, Self.tiny), (-1074.9999999999998, Self.tiny), (1023.9999999999999, 1.7976931348621742e308),
        (0.5, 0x1.6a09e667f3bcdp0),  // √2
      ])
    // Integer arguments are exact powers of two, normal and subnormal.
    for k in -1074...1023 {
      #expect(Deterministic.exp2(Double(k)) == Double(sign: .plus, exponent: k, significand: 1), "exp2(\(k))")
    }
    for k in -149...127 {
      #expect(Deterministic.exp2(Float(k)) == Float(sign: .plus, exponent: k, significand: 1), "exp2f(\(k))")
    }
    #expect(Deterministic.exp2(Float(128)) == .infinity)
  }

  @Test func expm1() {
    check(
      "expm1", { Deterministic.expm1($0) }, { Deterministic.expm1($0) },
      [
        (0, 0), (-0.0, -0.0), (Self.inf, Self.inf), (-Self.inf, -1), (Self.nan, Self.nan),
        (Self.tiny, Self.tiny),
        (-Self.tiny, -Self.tiny), (1e-300, 1e-300), (-40, -1), (-1000, -1), (1000, Self.inf),
        (-37, -0.9999999999999999),  // −1 + e^-37 with e^-37 > 2^-54 (mpmath)
      ])
    #expect(Deterministic.expm1(0x1.62e42fefa39efp+9).isFinite)
    #expect(Deterministic.expm1(0x1.62e42fefa39efp+9.nextUp) == .infinity)
    #expect(Deterministic.expm1(Float(-0.0)).sign == .minus)
  }

  @Test func log() {
    check(
      "log", { Deterministic.log($0) }, { Deterministic.log($0) },
      [
        (1, 0), (0, -Self.inf), (-0.0, -Self.inf), (-1, Self.nan), (-Self.inf, Self.nan),
        (-Self.tiny, Self.nan),
        (Self.inf, Self.inf), (Self.nan, Self.nan), (2, 0x1.62e42fefa39efp-1),  // ln 2 rounded
        (Self.tiny, -744.4400719213812),  // −1074·ln 2 (mpmath)
      ])
    #expect(Deterministic.log(1.0).sign == .plus)
    #expect(Deterministic.log(Float.leastNonzeroMagnitude) == Float(-103.27893))  // −149·ln 2
  }

  @Test func log1p() {
    check(
      "log1p", { Deterministic.log1p($0) }, { Deterministic.log1p($0) },
      [
        (0, 0), (-0.0, -0.0), (-1, -Self.inf), (-1.5, Self.nan), (-Self.inf, Self.nan), (Self.inf, Self.inf),
        (Self.nan, Self.nan), (Self.tiny, Self.tiny), (-Self.tiny, -Self.tiny), (1e-300, 1e-300),
        (1, 0x1.62e42fefa39efp-1),
      ])
    #expect(Deterministic.log1p(Float(-0.0)).sign == .minus)
  }

  @Test func sinAndCos() {
    check(
      "sin", { Deterministic.sin($0) }, { Deterministic.sin($0) },
      [
        (0, 0), (-0.0, -0.0), (Self.inf, Self.nan), (-Self.inf, Self.nan), (Self.nan, Self.nan),
        (Self.tiny, Self.tiny),
        (-Self.tiny, -Self.tiny), (1e-300, 1e-300),
        // mpmath: sin(1e22) and sin(1e300) of the exact binary arguments.
        (1e22, -0.8522008497671888), (1e300, -0.8178819121159085),
      ])
    check(
      "cos", { Deterministic.cos($0) }, { Deterministic.cos($0) },
      [
        (0, 1), (-0.0, 1), (Self.inf, Self.nan), (-Self.inf, Self.nan), (Self.nan, Self.nan), (Self.tiny, 1),
        (1e22, 0.523214785395139), (1e300, -0.5753861119575491),
      ])
    check(
      "sincos.sin", { Deterministic.sincos($0).sin }, { Deterministic.sincos($0).sin },
      [(0, 0), (-0.0, -0.0), (Self.inf, Self.nan), (Self.nan, Self.nan), (-Self.tiny, -Self.tiny)])
    check(
      "sincos.cos", { Deterministic.sincos($0).cos }, { Deterministic.sincos($0).cos },
      [(0, 1), (-0.0, 1), (-Self.inf, Self.nan), (Self.nan, Self.nan)])
    // Odd and even symmetry hold bit for bit (the reduction works on |x|).
    for x in [0.5, 3.0, 1e6, 1e300, Double.greatestFiniteMagnitude] {
      #expect(Deterministic.sin(-x) == -Deterministic.sin(x))
      #expect(Deterministic.cos(-x) == Deterministic.cos(x))
    }
  }

  @Test func atan() {
    check(
      "atan", { Deterministic.atan($0) }, { Deterministic.atan($0) },
      [
        (0, 0), (-0.0, -0.0), (Self.inf, Self.halfPiD), (-Self.inf, -Self.halfPiD), (Self.nan, Self.nan),
        (Self.tiny, Self.tiny), (-Self.tiny, -Self.tiny), (1, Self.quarterPiD), (-1, -Self.quarterPiD),
        (1e300, Self.halfPiD),
      ])
    #expect(Deterministic.atan(Float.infinity) == Self.halfPiF)
    #expect(Deterministic.atan(Float(1)) == Self.quarterPiF)
  }

  /// C99 Annex F.9.1.4, every case, in Double and Float.
  @Test func atan2() {
    let pi = Self.piD
    let h = Self.halfPiD
    let inf = Self.inf
    let cases: [(y: Double, x: Double, expected: Double)] = [
      (0, 0, 0), (-0.0, 0, -0.0), (0, -0.0, pi), (-0.0, -0.0, -pi),
      (0, 1, 0), (-0.0, 1, -0.0), (0, -1, pi), (-0.0, -1, -pi),
      (0, inf, 0), (-0.0, inf, -0.0), (0, -inf, pi), (-0.0, -inf, -pi),
      (1, 0, h), (1, -0.0, h), (-1, 0, -h), (-1, -0.0, -h),
      (1, inf, 0), (-1, inf, -0.0), (1, -inf, pi), (-1, -inf, -pi),
      (inf, 1, h), (-inf, 1, -h), (inf, -1, h), (-inf, -1, -h), (inf, 0, h), (-inf, -0.0, -h),
      (inf, inf, Self.quarterPiD), (-inf, inf, -Self.quarterPiD),
      (inf, -inf, Self.threeQuarterPiD), (-inf, -inf, -Self.threeQuarterPiD),
      (Self.nan, 1, Self.nan), (1, Self.nan, Self.nan), (Self.nan, Self.nan, Self.nan),
      (inf, Self.nan, Self.nan),
      (1, 1, Self.quarterPiD), (-1, -1, -Self.threeQuarterPiD), (1, -1, Self.threeQuarterPiD),
      // Extreme ratios: the angle rounds to the axis value, or to y/x itself.
      (1e300, 1e-300, h), (-1e-300, -1e300, -pi), (1e-300, 1e300, 0), (Self.tiny, 1, Self.tiny),
      (Self.tiny, Self.tiny, Self.quarterPiD),
      (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude, Self.quarterPiD),
    ]
    let halfPiF = Self.halfPiF
    let piF = Self.piF
    for c in cases {
      let r = Deterministic.atan2(y: c.y, x: c.x)
      #expect(Self.same(r, c.expected), "atan2(\(c.y), \(c.x)) = \(r), expected \(c.expected)")
      let yf = Float(c.y)
      let xf = Float(c.x)
      guard (Double(yf) == c.y || c.y.isNaN) && (Double(xf) == c.x || c.x.isNaN) else { continue }
      let expectedF: Float =
        c.expected.isNaN
        ? .nan
        : c.expected.magnitude == pi
          ? (c.expected < 0 ? -piF : piF)
          : c.expected.magnitude == h
            ? (c.expected < 0 ? -halfPiF : halfPiF)
            : c.expected.magnitude == Self.quarterPiD
              ? (c.expected < 0 ? -Self.quarterPiF : Self.quarterPiF)
              : c.expected.magnitude == Self.threeQuarterPiD
                ? (c.expected < 0 ? -Self.threeQuarterPiF : Self.threeQuarterPiF)
                : Float(c.expected)
      let rf = Deterministic.atan2(y: yf, x: xf)
      #expect(Self.same(rf, expectedF), "atan2(Float \(yf), \(xf)) = \(rf), expected \(expectedF)")
    }
  }

  /// The generic overloads forward to the concrete ones bit for bit.
  @Test func genericOverloadsForward() {
    func viaGeneric<T: DeterministicFloatingPoint>(_ x: T) -> [T] {
      let sc = Deterministic.sincos(x)
      return [
        Deterministic.exp(x), Deterministic.exp2(x), Deterministic.expm1(x), Deterministic.log(x),
        Deterministic.log1p(x), Deterministic.sin(x), Deterministic.cos(x), sc.sin, sc.cos,
        Deterministic.atan(x),
        Deterministic.atan2(y: x, x: x - 1),
      ]
    }
    for x in [0.3, 2.5, -0.7] {
      let concrete: [Double] = [
        Deterministic.exp(x), Deterministic.exp2(x), Deterministic.expm1(x), Deterministic.log(x),
        Deterministic.log1p(x), Deterministic.sin(x), Deterministic.cos(x), Deterministic.sin(x),
        Deterministic.cos(x),
        Deterministic.atan(x), Deterministic.atan2(y: x, x: x - 1),
      ]
      #expect(zip(viaGeneric(x), concrete).allSatisfy { Self.same($0, $1) })
      let xf = Float(x)
      let concreteF: [Float] = [
        Deterministic.exp(xf), Deterministic.exp2(xf), Deterministic.expm1(xf), Deterministic.log(xf),
        Deterministic.log1p(xf), Deterministic.sin(xf), Deterministic.cos(xf), Deterministic.sin(xf),
        Deterministic.cos(xf), Deterministic.atan(xf), Deterministic.atan2(y: xf, x: xf - 1),
      ]
      #expect(zip(viaGeneric(xf), concreteF).allSatisfy { Self.same($0, $1) })
    }
  }
}
