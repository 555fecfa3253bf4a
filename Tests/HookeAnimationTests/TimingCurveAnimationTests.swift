import Hooke
import HookeAnimation
import Testing
import _TestSupport

/// Any curve drives an animation with SwiftUI's timing-curve semantics (`value × curve(t/d)`,
/// ends after the duration); expectations from the curves' definitions (CSS Easing for steps
/// and `linear()`, the easing formulas), not from the animation's output.
@Suite struct TimingCurveAnimationTests {
  @Test func everyCurveTypeDrivesAnAnimation() throws {
    let steps = Animation.timingCurve(StepsEasing(4), duration: 1)
    var ctx = AnimationContext<Double>()
    #expect(steps.animate(value: 100, time: 0.3, context: &ctx) == 25)  // ⌊0.3·4⌋/4
    #expect(steps.animate(value: 100, time: 1, context: &ctx) == 100)
    #expect(steps.animate(value: 100, time: 1.01, context: &ctx) == nil)
    let quad = Animation.timingCurve(Easing.quadIn, duration: 2)
    #expect(quad.animate(value: 100, time: 1, context: &ctx) == 25)
    #expect(quad.velocity(value: 100, time: 1, context: ctx) == 50)  // 100/2 · 2·0.5
    let linear = Animation.timingCurve(
      try #require(CSSLinearEasing(parsing: "linear(0, 1 25%, 0 50%, 1)")), duration: 1)
    #expect(linear.animate(value: 8, time: 0.125, context: &ctx) == 4)
    #expect(linear.velocity(value: 8, time: 0.375, context: ctx) == -32)
    let back = Animation.timingCurve(ParametricEasing.back(.in, overshoot: 2), duration: 1)
    let y = try #require(back.animate(value: 1, time: 0.5, context: &ctx))
    #expect(isApproximatelyEqual(y, 0.25 * (3 * 0.5 - 2), relativeTolerance: 1e-15))
    let css = Animation.timingCurve(try CSSEasingFunction(parsing: "steps(2, jump-start)"), duration: 1)
    #expect(css.animate(value: 10, time: 0, context: &ctx) == 5)
  }

  @Test func badDurationsAndTimes() {
    var ctx = AnimationContext<Double>()
    for d in [0.0, -1, .nan] {
      #expect(
        Animation.timingCurve(Easing.sineIn, duration: d).animate(value: 1, time: 0, context: &ctx) == nil)
    }
    let forever = Animation.timingCurve(Easing.sineIn, duration: .infinity)
    #expect(forever.animate(value: 1, time: .infinity, context: &ctx) == 0)
    #expect(forever.velocity(value: 1, time: 1, context: ctx) == nil)
    let circ = Animation.timingCurve(Easing.circIn, duration: 1)
    #expect(circ.velocity(value: 1, time: 1, context: ctx) == nil)  // vertical tangent
    #expect(circ.animate(value: 1, time: .nan, context: &ctx) == 0)
  }

  /// Interrupting combines (SwiftUI's rule for timing curves): 0→100 on steps(2) over 1 s, at
  /// 0.5 s a new steps(2) to 200 chases the gap: at 0.75 s the first shows 50, the second
  /// animates (200 − 50)·0 = 0 → 50; at 1.0 s the first has ended (100), the second is at
  /// ⌊0.5·2⌋/2 = ½ of 200 − 100 → 150.
  @Test func interruptionsCombine() {
    var a = PropertyAnimator(0.0)
    a.set(100, animation: .timingCurve(StepsEasing(2), duration: 1), at: 0)
    a.set(200, animation: .timingCurve(StepsEasing(2), duration: 1), at: 0.5)
    #expect(a.sample(at: 0.75) == 50)
    #expect(a.sample(at: 1.0) == 150)
    #expect(a.sample(at: 1.6) == 200 && !a.isAnimating)
  }
}
