import Hooke
import HookeAnimation
import Testing
import _TestSupport

/// `cssLinear()` of animations with a finite duration, checked against independent
/// evaluations: the curve (Bézier per CSS Easing 1, via the bisection reference of the test
/// helpers) and the closed-form spring (``Spring``) at `x·D`.
@Suite struct AnimationCSSLinearTests {
  @Test func timingCurveAnimationsExportTheirCurve() throws {
    let export = try #require(Animation.easeInOut(duration: 0.5).cssLinear())
    #expect(export.duration == 0.5)
    for k in 1..<50 {
      let x = Double(k) / 50 + 0.003
      let expected = referenceBezier(0.42, 0, 0.58, 1, x)
      #expect((export.export.easing.value(at: x) - expected).magnitude <= 0.001, "x \(x)")
    }
    let steps = try #require(Animation.timingCurve(StepsEasing(3), duration: 2).cssLinear())
    #expect(steps.duration == 2 && steps.export.easing.value(at: 0.5) == 0.33333)
  }

  @Test func exactSpringExportsItsMotionUntilItEnds() throws {
    let animation = Animation.spring(duration: 0.5, bounce: 0.3).exact
    let export = try #require(animation.cssLinear(tolerance: 0.001))
    // Ends when SwiftUI's termination test passes: after the response, before 10 s.
    #expect(export.duration > 0.5 && export.duration < 10)
    let spring = Spring(response: 0.5, dampingRatio: 0.7)
    for k in 0..<100 {
      let x = Double(k) / 100
      let expected = spring.value(target: 1.0, initialVelocity: 0, time: x * export.duration)
      let error = (export.export.easing.value(at: x) - expected).magnitude
      #expect(error <= 0.0011, "x \(x): error \(error)")
    }
    #expect(export.export.easing.value(at: 1) == 1)
  }

  @Test func animationsThatNeverEndHaveNoExport() {
    #expect(Animation.linear(duration: 1).repeatForever().cssLinear() == nil)
    #expect(Animation.interpolatingSpring(stiffness: 100, damping: 0).cssLinear(maximumDuration: 2) == nil)
    #expect(Animation.easeIn(duration: 1).cssLinear(maximumDuration: .nan) == nil)
    #expect(Animation.easeIn(duration: 20).cssLinear() == nil)  // beyond the 10 s default
  }

  /// A delay is part of the exported motion: 0 for the delay's share of the duration.
  @Test func delayedAnimationHoldsThenMoves() throws {
    let export = try #require(Animation.linear(duration: 1).delay(1).cssLinear())
    #expect(export.duration >= 2 && export.duration <= 2.002)
    #expect(export.export.easing.value(at: 0.25).magnitude <= 0.001)
    #expect((export.export.easing.value(at: 0.75) - 0.5).magnitude <= 0.002)
  }
}
