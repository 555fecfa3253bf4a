import Hooke
import HookeAnimation
import Testing

/// Far-future and non-finite times, unstable SwiftUI springs and degenerate timing curves.
@Suite struct TimeAndStabilityTests {
  /// One call at +∞ (or at/after the end of time) finishes everything but leaves the clock, so
  /// a later `set` at an ordinary time animates and completes (it used to freeze forever).
  @Test(arguments: [Double.infinity, 1e300, .greatestFiniteMagnitude, 0x1p52])
  func farFutureCallDoesNotFreeze(time: Double) {
    var a = PropertyAnimator(0.0)
    a.sample(at: time)
    #expect(a.currentTime == 0)
    var completed = false
    a.set(100, animation: .default, at: 1) { completed = true }
    #expect(a.isAnimating)
    var t = 1.0
    while a.isAnimating && t < 10 {
      t += 1.0 / 60
      a.sample(at: t)
    }
    #expect(!a.isAnimating && completed && a.presentationValue == 100, "still animating at \(t)")
  }

  /// At the end of time a running animation finishes (completions fire, model shown) and a
  /// `set` there applies without animation.
  @Test func endOfTimeFinishesAndSetsWithoutAnimation() {
    var a = PropertyAnimator(0.0)
    var fired = 0
    a.set(10, animation: .linear(duration: 1), at: 0, completionCriteria: .removed) { fired += 1 }
    a.sample(at: 0.5)
    #expect(a.presentationValue == 5)
    a.sample(at: .infinity)
    #expect(!a.isAnimating && a.presentationValue == 10 && fired == 1)
    a.set(20, animation: .linear(duration: 1), at: .infinity) { fired += 1 }
    #expect(!a.isAnimating && a.presentationValue == 20 && fired == 2 && a.currentTime == 0.5)
    // Non-finite start times start the clock at 0.
    #expect(PropertyAnimator(1.0, time: .infinity).currentTime == 0)
    #expect(PropertyAnimator(1.0, time: -.infinity).currentTime == 0)
  }

  /// SwiftUI's integrator is unstable for `dampingFraction: 100` at response 0.5 (c = 2513 s⁻¹,
  /// 600c > 360000) and for negative damping: the animation snaps at its first frame instead of
  /// showing values that grow to 1e19 and then NaN. The exact model runs the clamped spring.
  @Test(arguments: [100.0, -0.5, -3])
  func unstableSwiftUISpringSnapsToItsTarget(fraction: Double) {
    var a = PropertyAnimator(0.0)
    var done = false
    a.set(100, animation: .spring(response: 0.5, dampingFraction: fraction), at: 0) { done = true }
    let first = a.sample(at: 1.0 / 120)
    #expect(first == 100 && !a.isAnimating && done)
    var exact = PropertyAnimator(0.0)
    exact.set(100, animation: Animation.spring(response: 0.5, dampingFraction: fraction).exact, at: 0)
    for n in 1...240 {
      let v = exact.sample(at: Double(n) / 120)
      #expect(v.isFinite && abs(v) <= 200, "exact model at frame \(n): \(v)")
    }
    // A stable spring still animates normally.
    var stable = PropertyAnimator(0.0)
    stable.set(100, animation: .spring(response: 0.5, dampingFraction: 0.825), at: 0)
    let v = stable.sample(at: 0.1)
    #expect(v > 0 && v < 100 && stable.isAnimating)
  }

  /// A unit-curve animation over a subnormal duration has no finite velocity: nil (the
  /// documented answer), not ∞. A normal duration gives value × slope / duration.
  @Test func subnormalDurationVelocityIsNil() {
    let animation = Animation.timingCurve(.linear, duration: 1e-310)
    #expect(animation.velocity(value: 1.0, time: 0, context: AnimationContext()) == nil)
    let normal = Animation.timingCurve(.linear, duration: 2)
    #expect(normal.velocity(value: 10.0, time: 1, context: AnimationContext()) == 5)
    // A finite factor that overflows against a huge value is nil too.
    let fast = Animation.timingCurve(.linear, duration: 1e-300)
    #expect(fast.velocity(value: 1e300, time: 0, context: AnimationContext()) == nil)
  }
}
