import Hooke
import Testing

/// Outside `[0, 1]` browsers (Chromium's gradients, Gecko, the web-platform tests' outputs for
/// the overshooting curves of their easing tables) extend a `cubic-bezier()` along the end
/// tangent: P0–P1 (or P0–P2 when P1 = P0) on the left, P2–P3 (or P1–P3 when P2 = P3) on the
/// right, flat where that tangent is vertical. Expected values worked out from those tangents.
@Suite struct CubicBezierExtensionTests {
  @Test func overshootingCurvesOfTheWebPlatformTables() {
    // Control points on the end verticals but not on the end points: flat both sides.
    let flat = CubicBezier(0, 1.5, 1, 1.5)
    #expect(flat.value(at: -0.5) == 0 && flat.value(at: 1.5) == 1 && flat.value(at: 1e300) == 1)
    // Slopes 1.5/0.5 = 3 on the left, (1.5 − 1)/(0.5 − 1) = −1 on the right.
    let sloped = CubicBezier(0.5, 1.5, 0.5, 1.5)
    #expect(sloped.value(at: -0.5) == -1.5 && sloped.value(at: 1.5) == 0.5)
    #expect(sloped.velocity(at: -3) == 3 && sloped.velocity(at: 7) == -1)
    let undershoot = CubicBezier(0.5, -0.5, 0.5, 1.5)
    #expect(undershoot.value(at: -1) == 1 && undershoot.value(at: 2) == 0)
    // P1 on x = 1 (not P3) with P2 = P3: the P1–P3 chord is vertical, so flat on the right;
    // the left uses P0–P1, slope 0.5.
    let late = CubicBezier(1, 0.5, 1, 1)
    #expect(late.value(at: 2) == 1 && late.value(at: -1) == -0.5)
    // Far inputs stay finite along a non-zero slope.
    #expect(sloped.value(at: -1e300) == -3e300 && sloped.value(at: 1e300).isFinite)
  }

  /// `cubic-bezier(0, 0, 1, 1)` and `(t, t, 1 − t, 1 − t)` are the identity inside [0, 1]
  /// (x(t) = y(t)), and their extensions have slope 1 (`(0.3, 0.3)–(0.7, 0.7)`) or are the
  /// linear special case (`(0, 0)–(1, 1)`).
  @Test func diagonalCurvesAreLinear() {
    for curve in [CubicBezier(0, 0, 1, 1), CubicBezier(0.3, 0.3, 0.7, 0.7), CubicBezier(0.1, 0.1, 0.2, 0.2)] {
      for k in 0...20 {
        let x = Double(k) / 20
        #expect((curve.value(at: x) - x).magnitude <= 2e-16, "\(curve.cssString()) at \(x)")
      }
      #expect(curve.value(at: -2) == -2 && curve.value(at: 3) == 3, "\(curve.cssString())")
    }
  }
}
