import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

@Suite struct ModifierTests {
  /// delay(d): base sees max(0, t − d); at 60 and 120 Hz against the linear reference.
  @Test func delay() {
    for hz in [60.0, 120.0] {
      let (values, end) = run(Animation.linear(duration: 1).delay(0.5), interval: 10, hz: hz)
      for (n, v) in values.enumerated() {
        let t = Double(n) / hz
        #expect(v == 10 * min(max(t - 0.5, 0) / 1, 1), "\(hz) frame \(n)")
      }
      #expect(end == Int(1.5 * hz) + 1)
    }
    // Negative delay: starts 0.25 s into the base.
    let (neg, negEnd) = run(Animation.linear(duration: 1).delay(-0.25), interval: 1, hz: 60)
    #expect(neg[0] == 0.25)
    #expect(negEnd == 46)  // nil once t + 0.25 > 1, i.e. at frame 46 (0.7667 s)
    // NaN delay reads as 0.
    #expect(run(Animation.linear(duration: 1).delay(.nan), interval: 1, hz: 60).values[30] == 0.5)
    // Infinite delay: never starts, no NaN.
    let (inf, infEnd) = run(
      Animation.linear(duration: 1).delay(.infinity), interval: 1, hz: 60, maxFrames: 100)
    #expect(infEnd == nil && inf.allSatisfy { $0 == 0 })
  }

  /// speed(s): base sees t·s; ≤ 0, NaN or ∞ end at the first evaluation.
  @Test func speed() {
    for hz in [60.0, 120.0] {
      let (values, end) = run(Animation.easeIn(duration: 1).speed(2), interval: 1, hz: hz)
      for (n, v) in values.enumerated() {
        let p = min(Double(n) / hz * 2, 1)
        #expect(abs(v - referenceBezier(0.42, 0, 1, 1, p)) < 1e-12)
      }
      #expect(end == Int(0.5 * hz) + 1)
    }
    for s in [0.0, -1, .nan, .infinity, -.infinity] {
      #expect(run(Animation.linear.speed(s), interval: 1, hz: 60).endFrame == 0, "speed \(s)")
      var a = PropertyAnimator(0.0)
      var fired = false
      a.set(5, animation: Animation.spring.speed(s), at: 0, completionCriteria: .removed) { fired = true }
      #expect(a.sample(at: 0) == 5)
      #expect(fired && !a.isAnimating)
    }
  }

  /// repeatCount(n, autoreverses:): forward, back, …; each cycle restarts at the frame time
  /// where the previous one ended (losing up to a frame), nil when i ≥ n.
  @Test func repeatCount() {
    // Reference: cycle k starts at the frame that saw cycle k−1 return nil.
    func reference(hz: Double, count: Int?, autoreverses: Bool, frames: Int) -> [Double?] {
      var out: [Double?] = []
      var offset = 0.0
      var i = 0
      for n in 0...frames {
        let t = Double(n) / hz
        let local = t - offset
        if local <= 0.5 {
          let y = 10 * max(local, 0) / 0.5
          out.append(autoreverses && i % 2 == 1 ? 10 - y : y)
        } else {
          let reversed = autoreverses && i % 2 == 1
          i += 1
          offset = t
          if let count, i >= count {
            out.append(nil)
            break
          }
          out.append(reversed ? 0 : 10)
        }
      }
      return out
    }
    for hz in [60.0, 120.0] {
      for (count, autoreverses) in [(2, true), (3, false), (3, true)] {
        let animation = Animation.linear(duration: 0.5).repeatCount(count, autoreverses: autoreverses)
        var ctx = AnimationContext<Double>()
        let expected = reference(hz: hz, count: count, autoreverses: autoreverses, frames: 400)
        for (n, e) in expected.enumerated() {
          let got = animation.animate(value: 10.0, time: Double(n) / hz, context: &ctx)
          #expect(got == e, "count \(count) rev \(autoreverses) \(hz) Hz frame \(n)")
        }
        #expect(expected.last! == nil)
      }
      // repeatForever: still running after many cycles, bounded values.
      let forever = Animation.linear(duration: 0.5).repeatForever()
      let (values, end) = run(forever, interval: 10, hz: hz, maxFrames: 2000)
      #expect(end == nil && values.allSatisfy { $0 >= 0 && $0 <= 10 })
    }
    // repeatCount(0), negative: plays once (the count is checked when a cycle ends).
    for n in [0, -3, 1] {
      let (values, end) = run(Animation.linear(duration: 0.5).repeatCount(n), interval: 1, hz: 60)
      #expect(end == 31 && values.count == 31, "repeatCount(\(n))")
    }
    // A zero-duration base under repeatForever: never ends, never NaN, no hang.
    let (z, zEnd) = run(
      Animation.linear(duration: 0).repeatForever(autoreverses: false), interval: 1, hz: 60, maxFrames: 50)
    #expect(zEnd == nil && z.allSatisfy { $0 == 1 })
  }

  /// logicallyComplete(after:) sets the flag at t ≥ d and never clears it.
  @Test func logicallyCompleteAfter() {
    let a = Animation.linear(duration: 5).logicallyComplete(after: 1)
    var ctx = AnimationContext<Double>()
    _ = a.animate(value: 1.0, time: 0.99, context: &ctx)
    #expect(!ctx.isLogicallyComplete)
    _ = a.animate(value: 1.0, time: 1, context: &ctx)
    #expect(ctx.isLogicallyComplete)
    _ = a.animate(value: 1.0, time: 0.5, context: &ctx)
    #expect(ctx.isLogicallyComplete)
  }

  /// Merging rules: fluid springs always merge; delay/speed/repeat only with identical
  /// parameters whose base merges; timing curves never.
  @Test func mergeRules() {
    var ctx = AnimationContext<Double>()
    #expect(Animation.spring.shouldMerge(previous: .linear, value: 1.0, time: 0.1, context: &ctx))
    #expect(Animation.default.shouldMerge(previous: .easeIn, value: 1.0, time: 0.1, context: &ctx))
    #expect(!Animation.linear.shouldMerge(previous: .linear, value: 1.0, time: 0.1, context: &ctx))
    #expect(
      Animation.spring.delay(1).shouldMerge(
        previous: Animation.spring.delay(1), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      !Animation.spring.delay(1).shouldMerge(
        previous: Animation.spring.delay(2), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      Animation.spring.speed(2).shouldMerge(
        previous: Animation.spring.speed(2), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      !Animation.spring.speed(2).shouldMerge(
        previous: Animation.spring.speed(3), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      !Animation.linear.delay(1).shouldMerge(
        previous: Animation.linear.delay(1), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      Animation.spring.repeatCount(2).shouldMerge(
        previous: Animation.spring.repeatCount(2), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      !Animation.spring.repeatCount(2).shouldMerge(
        previous: Animation.spring.repeatCount(3), value: 1.0, time: 0.1, context: &ctx))
    #expect(
      !Animation.interpolatingSpring.shouldMerge(
        previous: .interpolatingSpring, value: 1.0, time: 0.1, context: &ctx))
  }

  /// Blend between responses after a merge: the effective response moves from the previous
  /// response to the new one by smoothstep over blendDuration, with progress clamped to [0, 1].
  @Test func blendDuration() {
    // Reference: integrate by hand with the blended response per frame.
    var a = PropertyAnimator(0.0)
    let first = Animation.spring(response: 1.0, dampingFraction: 1, blendDuration: 0.5)
    let second = Animation.spring(response: 0.2, dampingFraction: 1, blendDuration: 0.5)
    a.set(100, animation: first, at: 0)
    var state = FluidSpringState<Double>()
    for n in 0...30 {
      let t = Double(n) / 60
      let x = a.sample(at: t)
      FluidSpringModel(response: 1.0, dampingFraction: 1).advance(&state, target: 100, to: t)
      #expect(x == state.offset)
    }
    a.set(50, animation: second, at: 0.5)  // interval 50, position kept
    state.clock = 0.5
    for n in 31...120 {
      let t = Double(n) / 60
      let x = a.sample(at: t)
      let p = min(max((t - 0.5) / 0.5, 0), 1)
      let r = 0.2 + (1.0 - 0.2) * (1 - p * p * (3 - p * 2))
      FluidSpringModel(response: r, dampingFraction: 1).advance(&state, target: 50, to: t)
      guard a.isAnimating else { break }
      #expect(x == state.offset, "frame \(n)")
    }
  }
}
