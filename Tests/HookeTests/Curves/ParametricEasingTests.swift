import Foundation
import Hooke
import Testing
import _TestSupport

/// Expectations from d3-ease's documented formulas and defaults, computed here independently
/// with the C library (`pow`, `sin`, `asin`): poly `tᵉ` (e = 3), back `t²((s + 1)t − s)`
/// (s = 1.70158), elastic `a·tpmt(1 − t)·sin((σ + 1 − t)/q)` with `q = p/2π`,
/// `σ = asin(1/a)·q`, `tpmt(x) = (2^(−10x) − 2⁻¹⁰)·1.0009775171065494` (a = 1, p = 0.3, a ≥ 1).
@Suite struct ParametricEasingTests {
  func polyIn(_ t: Double, _ e: Double) -> Double { pow(t, e) }
  func backIn(_ t: Double, _ s: Double) -> Double { t * t * ((s + 1) * t - s) }
  func elasticIn(_ t: Double, _ a: Double, _ p: Double) -> Double {
    let a = max(1, a)
    let q = p / (2 * Double.pi)
    let sigma = asin(1 / a) * q
    let tpmt = (pow(2, -10 * (1 - t)) - 0.0009765625) * 1.0009775171065494
    return a * tpmt * sin((sigma + 1 - t) / q)
  }
  /// d3's out and inOut of an in function, written as d3 writes them.
  func out(_ f: (Double) -> Double, _ t: Double) -> Double { 1 - f(1 - t) }
  func inOut(_ f: (Double) -> Double, _ t: Double) -> Double {
    let u = t * 2
    return (u <= 1 ? f(u) : 2 - f(2 - u)) / 2
  }

  func check(_ easing: ParametricEasing, tolerance: Double = 1e-13, _ f: (Double) -> Double) {
    for k in 0...20 {
      let t = Double(k) / 20
      let expected: Double
      switch easing.mode {
      case .in: expected = f(t)
      case .out: expected = out(f, t)
      case .inOut: expected = inOut(f, t)
      }
      let got = easing.value(at: t)
      #expect(
        isApproximatelyEqual(got, expected, relativeTolerance: tolerance, absoluteTolerance: tolerance),
        "\(easing) at \(t): \(got) vs \(expected)")
    }
    #expect(easing.value(at: 0) == 0 && easing.value(at: 1) == 1)
  }

  @Test func defaultsAreD3s() {
    #expect(ParametricEasing.poly(.in) == ParametricEasing(.poly(exponent: 3), .in))
    #expect(ParametricEasing.back(.in) == ParametricEasing(.back(overshoot: 1.70158), .in))
    #expect(ParametricEasing.elastic(.out) == ParametricEasing(.elastic(amplitude: 1, period: 0.3), .out))
    #expect(ParametricEasing.poly(.in).value(at: 0.5) == 0.125)
    // The default back matches Penner's back (``Easing/backIn``) for in and out.
    for k in 1..<10 {
      let t = Double(k) / 10
      #expect(
        isApproximatelyEqual(
          ParametricEasing.back(.in).value(at: t), Easing.backIn.value(at: t), relativeTolerance: 1e-14))
      #expect(
        isApproximatelyEqual(
          ParametricEasing.back(.out).value(at: t), Easing.backOut.value(at: t), relativeTolerance: 1e-14))
    }
  }

  @Test func formulasForEveryModeAndParameter() {
    for mode in Easing.Mode.allCases {
      for e in [0.5, 1, 2, 3, 4.5, 10] {
        check(.poly(mode, exponent: e)) { polyIn($0, e) }
      }
      for s in [0, 1.70158, 3, -1] {
        check(.back(mode, overshoot: s)) { backIn($0, s) }
      }
      for (a, p) in [(1.0, 0.3), (1.5, 0.3), (2, 0.45), (1, 0.1)] {
        check(.elastic(mode, amplitude: a, period: p), tolerance: 1e-12) { elasticIn($0, a, p) }
      }
    }
  }

  @Test func velocityIsTheDerivative() {
    let easings: [ParametricEasing] = Easing.Mode.allCases.flatMap { mode in
      [
        .poly(mode, exponent: 2.5), .back(mode, overshoot: 2), .elastic(mode, amplitude: 1.3, period: 0.4),
        .elastic(mode),
      ]
    }
    for easing in easings {
      for k in 1..<40 where k != 20 {
        let t = Double(k) / 40
        let h = 1e-6
        let fd = (easing.value(at: t + h) - easing.value(at: t - h)) / (2 * h)
        #expect(
          isApproximatelyEqual(easing.velocity(at: t), fd, relativeTolerance: 1e-6, absoluteTolerance: 1e-6),
          "\(easing) at \(t): \(easing.velocity(at: t)) vs \(fd)")
      }
    }
    #expect(ParametricEasing.poly(.in, exponent: 0.5).velocity(at: 0) == .infinity)
    #expect(ParametricEasing.poly(.in, exponent: 1).velocity(at: 0) == 1)
    #expect(ParametricEasing.poly(.in, exponent: 3).velocity(at: 0) == 0)
  }

  @Test func badParametersHaveDocumentedValues() {
    // d3 clamps the amplitude to ≥ 1.
    #expect(ParametricEasing.elastic(.out, amplitude: 0.2) == ParametricEasing.elastic(.out, amplitude: 1))
    #expect(ParametricEasing.poly(.in, exponent: .nan) == ParametricEasing.poly(.in, exponent: 3))
    #expect(ParametricEasing.back(.in, overshoot: .nan) == ParametricEasing.back(.in))
    #expect(ParametricEasing.elastic(.in, amplitude: .nan, period: .nan) == ParametricEasing.elastic(.in))
    #expect(ParametricEasing.poly(.in, exponent: -2) == ParametricEasing.poly(.in, exponent: 0.001))
    #expect(ParametricEasing.elastic(.in, period: 0) == ParametricEasing.elastic(.in, period: 0.001))
    let extreme: [ParametricEasing] = [
      .poly(.inOut, exponent: .infinity), .back(.out, overshoot: -.infinity),
      .elastic(.inOut, amplitude: .infinity, period: .infinity), .elastic(.in, period: -1),
    ]
    for easing in extreme {
      for t in [-1.0, 0, 0.1, 0.5, 0.9, 1, 2, .nan] {
        #expect(easing.value(at: t).isFinite && !easing.velocity(at: t).isNaN, "\(easing) at \(t)")
      }
    }
  }
}
