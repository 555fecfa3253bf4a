import Hooke
import Testing
import _TestSupport

/// Every curve type as a ``TimingCurve``; `linear()` slopes from CSS Easing 2's evaluation
/// (interpolation and extrapolation on the segments); `cssLinear()` of every curve checked
/// against the curve itself at points the exporter did not choose.
@Suite struct TimingCurveTests {
  func curves() -> [any TimingCurve] {
    [
      UnitCurve.easeInOut, UnitCurve.circularEaseOut, CubicBezier.ease, CubicBezier(0.3, -0.5, 0.7, 1.5),
      Easing.bounceOut, Easing.elasticInOut, ParametricEasing.poly(.inOut, exponent: 2.5),
      ParametricEasing.back(.out, overshoot: 2), ParametricEasing.elastic(.out, amplitude: 1.2, period: 0.4),
      StepsEasing(4), StepsEasing(3, .jumpBoth), StepsEasing(5, .jumpNone), StepsEasing(2, .start),
      CSSLinearEasing(parsing: "linear(0, 0.25 10%, 1.2 60%, 1)")!,
      CSSEasingFunction.easeOut, CSSEasingFunction.linear, CSSEasingFunction.steps(StepsEasing(3, .jumpNone)),
    ]
  }

  @Test func linearFunctionSlopes() throws {
    let easing = try #require(CSSLinearEasing(parsing: "linear(0, 1 50%, 0.5)"))
    #expect(easing.velocity(at: 0.25) == 2 && easing.velocity(at: 0.75) == -1)
    #expect(easing.velocity(at: -1) == 2 && easing.velocity(at: 3) == -1)  // extrapolated segments
    #expect(easing.velocity(at: .nan) == 2)  // NaN reads as 0
    let jump = try #require(CSSLinearEasing(parsing: "linear(0 0% 50%, 1 50% 100%)"))
    for x in [-1.0, 0.25, 0.5, 0.75, 2] { #expect(jump.velocity(at: x) == 0, "x \(x)") }
    #expect(CSSLinearEasing(parsing: "linear(0.3)")!.velocity(at: 0.5) == 0)
  }

  /// The export of every curve stays within its tolerance of the curve, measured on a seeded
  /// random sample (for steps: away from the jumps, which sit within 10⁻¹⁰ of k/n), and its
  /// CSS text parses back to the exported easing.
  @Test func cssLinearOfEveryCurve() throws {
    let seed: UInt64 = 0xC55_1EA5
    var rng = SplitMix64(seed: seed)
    for curve in curves() {
      let export = curve.cssLinear(tolerance: 0.001)
      #expect(export.meetsTolerance, "\(curve): \(export.maximumError)")
      #expect(CSSLinearEasing(parsing: export.css) == export.easing, "\(curve)")
      for _ in 0..<400 {
        let x = Double.random(in: 0...1, using: &rng)
        let steps =
          curve as? StepsEasing
          ?? (curve as? CSSEasingFunction).flatMap {
            if case .steps(let steps) = $0 { return steps } else { return nil }
          }
        if let steps {
          let scaled = x * Double(steps.stepCount)
          if (scaled - scaled.rounded()).magnitude < 1e-6 { continue }
        }
        let error = (export.easing.value(at: x) - curve.value(at: x)).magnitude
        #expect(error <= 0.001 * 1.05, "seed \(seed): \(curve) at \(x): error \(error)")
      }
    }
  }

  /// steps() export: a flat segment per step and a jump as two points with one input
  /// (CSS Easing 2: the later point wins at the jump, which matches steps' value at k/n).
  @Test func stepsExportIsAStaircase() {
    let export = StepsEasing(4).cssLinear()
    #expect(export.easing.points.count == 9)
    #expect(export.css == "linear(0, 0 25%, 0.25 25%, 0.25 50%, 0.5 50%, 0.5 75%, 0.75 75%, 0.75 100%, 1)")
    for (x, y) in [(0.0, 0.0), (0.24, 0), (0.25, 0.25), (0.5, 0.5), (0.99, 0.75), (1, 1)] {
      #expect(export.easing.value(at: x) == y, "x \(x)")
    }
    let start = StepsEasing(2, .start).cssLinear()
    #expect(start.easing.value(at: 0) == 0.5 && start.easing.value(at: 0.5) == 1)
  }
}
