import Hooke
import HookeAnimation
import Testing

/// Logical completion across every merge and combine path: an animation that takes over at a
/// retarget (merge) or joins a combination starts its own clock there, so its
/// `.logicallyComplete` completion fires one logical duration after the retarget — SwiftUI's
/// rule for springs (`t − startTime ≥ response`, the start moved to the merge) — and never at
/// once because the interrupted animation already was complete. Frames at 120 Hz from ticks.
@Suite struct CompletionFlagTests {
  func time(_ k: Int64) -> Double { PropertyAnimator<Double>.time(tick: k, ticksPerSecond: 120) }

  /// Runs `animation` 0 → 100 from tick 0, retargets to 200 at `mergeTick` with the same
  /// animation and returns the tick at which the retarget's completion fired, and the largest
  /// jump of the shown value over the frame of the retarget.
  func retarget(_ animation: Animation, mergeTick: Int64) -> (fired: Int64?, jump: Double) {
    var a = PropertyAnimator(0.0)
    a.set(100, animation: animation, at: 0)
    for k in Int64(1)...mergeTick { _ = a.sample(at: time(k)) }
    let before = a.presentationValue
    var done = false
    a.set(200, animation: animation, at: time(mergeTick)) { done = true }
    var fired: Int64? = nil
    var jump = 0.0
    var previous = before
    for k in (mergeTick + 1)...(mergeTick + 600) {
      let shown = a.sample(at: time(k))
      if k == mergeTick + 1 { jump = (shown - previous).magnitude }
      previous = shown
      if done && fired == nil { fired = k }
    }
    return (fired, jump)
  }

  /// Delay: the base sees `t − delay`, so the merged spring completes 0.5 s after the merge.
  @Test func delayedSpring() {
    let r = retarget(.spring(response: 0.5, dampingFraction: 0.825).delay(0.1), mergeTick: 96)
    // 0.5 s after the merge, give or take the rounding of `(t − 0.1) − (T − 0.1)`: one tick.
    let fired: Int64 = r.fired ?? -1
    #expect(fired == 96 + 60 || fired == 96 + 61, "fired at tick \(fired)")
  }

  /// Speed 2: the base sees `2t`, so 0.5 s of spring time is 0.25 s (30 ticks) after the merge.
  @Test func spedUpSpring() {
    let r = retarget(.spring(response: 0.5, dampingFraction: 0.825).speed(2), mergeTick: 72)
    let fired: Int64 = r.fired ?? -1
    #expect(fired == 72 + 30, "fired at tick \(fired)")
  }

  /// A repeating spring merged in its second cycle: the base sees the cycle's time, so the merge
  /// must happen on that clock — the value keeps moving from where it was (no freeze, no jump)
  /// and completes 0.5 s after the merge.
  @Test func repeatingSpringMergedInALaterCycle() {
    let animation = Animation.spring(response: 0.5, dampingFraction: 1).repeatCount(2, autoreverses: false)
    // The first cycle of a critically damped 0.5 s spring ends within 2 s; merge at 2.5 s
    // (tick 300), 0.5 s and more into the second cycle... or after it: check it is running.
    var probe = PropertyAnimator(0.0)
    probe.set(100, animation: animation, at: 0)
    var cycleEnds = 0
    var last = 0.0
    for k in Int64(1)...300 {
      let v = probe.sample(at: time(k))
      if v < last - 50 { cycleEnds += 1 }
      last = v
    }
    #expect(cycleEnds == 1 && probe.isAnimating, "the merge falls in the second cycle")
    let r = retarget(animation, mergeTick: 300)
    let fired: Int64 = r.fired ?? -1
    #expect(fired == 300 + 60, "fired at tick \(fired)")
    #expect(r.jump < 5, "one frame after the merge the value moved \(r.jump)")
  }

  /// `logicallyComplete(after: 0.2)` merged at 0.6 s: complete 0.2 s after the merge (the
  /// modifier's duration counts from the start of the animation it describes, and the merged
  /// animation starts at the merge), not at once.
  @Test func logicallyCompleteModifierRestartsAtTheMerge() {
    let r = retarget(
      .spring(response: 0.5, dampingFraction: 0.825).logicallyComplete(after: 0.2), mergeTick: 72)
    let fired: Int64 = r.fired ?? -1
    #expect(fired == 72 + 24, "fired at tick \(fired)")
  }

  /// Interpolating springs combine: the combination is logically complete when its newest
  /// entry is, one undamped period 2π/√k after it joined (k = 100: 0.628 s = 75.4 ticks).
  @Test func combinedInterpolatingSprings() {
    let r = retarget(.interpolatingSpring(stiffness: 100, damping: 10), mergeTick: 120)
    let fired: Int64 = r.fired ?? -1
    #expect(fired == 120 + 76, "fired at tick \(fired)")
  }

  /// The default animation forwards merging to its spring (response 0.55).
  @Test func defaultAnimation() {
    let r = retarget(.default, mergeTick: 120)
    let fired: Int64 = r.fired ?? -1
    #expect(fired == 120 + 66, "fired at tick \(fired)")
  }
}
