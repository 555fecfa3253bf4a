import Hooke
import Testing

@Suite struct SpringCSSLinearTests {
  /// The export stays within its tolerance when re-measured densely against the spring itself,
  /// ends exactly on the target and round-trips through its CSS text.
  @Test(arguments: [
    Spring.smooth, .snappy, .bouncy, .bouncy(extraBounce: 0.3), Spring(duration: 0.4, bounce: -0.6),
  ])
  func exportStaysWithinTolerance(spring: Spring) throws {
    let result = spring.cssLinear()
    let easing = result.export.easing
    #expect(result.export.meetsTolerance)
    #expect(result.duration > 0 && result.duration <= Spring.maximumCSSExportDuration)
    var worst = 0.0
    for k in 0...20_000 {
      let x = Double(k) / 20_000
      let exact = x >= 1 ? 1 : spring.value(target: 1.0, time: x * result.duration)
      worst = max(worst, abs(easing.value(at: x) - exact))
    }
    #expect(worst <= 0.001, "dense error \(worst) for \(spring)")
    #expect(easing.value(at: 1) == 1 && easing.value(at: 0) == 0)
    let parsed = try #require(CSSLinearEasing(parsing: result.export.css))
    #expect(parsed == easing)
  }

  @Test func bouncierSpringsNeedMoreStops() {
    let smooth = Spring.smooth.cssLinear().export.easing.points.count
    let bouncy = Spring.bouncy(extraBounce: 0.3).cssLinear().export.easing.points.count
    #expect(bouncy > smooth)
  }

  @Test func undampedSpringIsCutAtTheMaximumDuration() {
    let result = Spring(duration: 0.5, bounce: 1).cssLinear(tolerance: 0.01)
    #expect(result.duration == Spring.maximumCSSExportDuration)
    #expect(result.export.maximumError.isFinite)
  }

  @Test func badInputIsClamped() {
    let result = Spring.snappy.cssLinear(initialVelocity: .nan, tolerance: -1)
    #expect(result.export.maximumError.isFinite)
    #expect(result.export == Spring.snappy.cssLinear(initialVelocity: 0, tolerance: -1).export)
  }
}
