import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

/// A custom animation with typed state: counts its calls, moves linearly over 1 s, is
/// logically complete at half time.
struct CountingAnimation: CustomAnimation {
  struct Calls: AnimationStateKey { static var defaultValue: Int { 0 } }
  func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    context.state[Calls.self] += 1
    if time >= 0.5 { context.isLogicallyComplete = true }
    return time > 1 ? nil : value.scaled(by: time)
  }
  func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? { value }
}

/// `AnimationState` is a value type although each key's value lives in a box that an unshared
/// state rewrites in place: a copy never sees the other's writes, and a taken value reads as
/// removed.
@Suite struct AnimationStateValueSemanticsTests {
  /// Eight doubles: too large for an existential's inline buffer.
  struct Wide: AnimationStateKey { static var defaultValue: SIMD8<Double> { .zero } }

  @Test func copiesAreIndependent() {
    var a = AnimationState<Double>()
    a[Wide.self] = SIMD8(repeating: 1)
    var b = a  // shares the box until one of them writes
    a[Wide.self] = SIMD8(repeating: 2)
    #expect(b[Wide.self] == SIMD8(repeating: 1) && a[Wide.self] == SIMD8(repeating: 2))
    b[Wide.self] = SIMD8(repeating: 3)
    #expect(a[Wide.self] == SIMD8(repeating: 2) && b[Wide.self] == SIMD8(repeating: 3))
    // Repeated in-place writes keep the last value; other keys are untouched.
    for k in 0..<5 { a[Wide.self] = SIMD8(repeating: Double(k)) }
    a[CountingAnimation.Calls.self] = 7
    #expect(a[Wide.self] == SIMD8(repeating: 4) && a[CountingAnimation.Calls.self] == 7)
    #expect(b[CountingAnimation.Calls.self] == 0)
  }

  @Test func contextCopiesAreIndependent() {
    // What a completion fork does: copy the running context and run the copy ahead.
    var running = AnimationContext<Double>()
    running.state[Wide.self] = SIMD8(repeating: 5)
    var fork = running
    fork.state[Wide.self] += SIMD8(repeating: 1)
    #expect(running.state[Wide.self] == SIMD8(repeating: 5) && fork.state[Wide.self] == SIMD8(repeating: 6))
  }
}

@Suite struct CustomAnimationAndPhaseTests {
  @Test func customAnimationStateAndForwarding() {
    let a = Animation(CountingAnimation())
    var ctx = AnimationContext<Double>()
    #expect(a.animate(value: 4.0, time: 0.25, context: &ctx) == 1)
    #expect(a.animate(value: 4.0, time: 0.5, context: &ctx) == 2)
    #expect(ctx.state[CountingAnimation.Calls.self] == 2)
    #expect(ctx.isLogicallyComplete)
    #expect(a.velocity(value: 4.0, time: 0.5, context: ctx) == 4)
    #expect(!a.shouldMerge(previous: .linear, value: 4.0, time: 0.5, context: &ctx))
    #expect(a == Animation(CountingAnimation()) && a != .linear)
    let other: AnimationContext<Float> = ctx.withState(AnimationState<Float>())
    #expect(other.isLogicallyComplete && other.state[CountingAnimation.Calls.self] == 0)
    // In the animator, with a SIMD value.
    var animator = PropertyAnimator(SIMD2<Double>(0, 0))
    animator.set(SIMD2(2, 4), animation: a, at: 10)
    #expect(animator.sample(at: 10.5) == SIMD2(1, 2))
    #expect(animator.velocity == SIMD2(2, 4))
    #expect(animator.sample(at: 11.5) == SIMD2(2, 4) && !animator.isAnimating)
    #expect(animator.velocity == .zero)
  }

  /// Repeating phases advance on logical completion: with linear(1 s).logicallyComplete(after:
  /// 0.5) per phase, phases change every 0.5 s (at the frame that sees the completion).
  @Test func repeatingPhases() {
    var p = PhaseAnimator(
      phases: [0, 1, 2], mode: .repeating, value: { Double($0) * 10 },
      animation: { _ in Animation.linear(duration: 1).logicallyComplete(after: 0.5) })
    #expect(p.phaseIndex == 1)
    var changes: [(Int, Int)] = []
    var last = p.phaseIndex
    for n in 1...240 {
      p.sample(at: Double(n) / 60)
      if p.phaseIndex != last {
        changes.append((n, p.phaseIndex))
        last = p.phaseIndex
      }
    }
    #expect(changes.map(\.0) == [30, 60, 90, 120, 150, 180, 210, 240])
    #expect(changes.map(\.1) == [2, 0, 1, 2, 0, 1, 2, 0])
  }

  /// With a spring, each phase's animation merges into the running one and becomes logically
  /// complete one response after the merge, so phases change every 0.5 s for
  /// `spring(response: 0.5, …)`: at the first frame whose merge-relative time reaches 0.5 s.
  @Test func repeatingSpringPhasesAdvanceOncePerResponse() {
    var p = PhaseAnimator(
      phases: [0, 1, 2], mode: .repeating, value: { Double($0) * 10 },
      animation: { _ in Animation.spring(response: 0.5, dampingFraction: 0.825) })
    var changes: [Int] = []
    var last = p.phaseIndex
    for n in 1...240 {
      p.sample(at: PropertyAnimator<Double>.time(tick: Int64(n), ticksPerSecond: 60))
      if p.phaseIndex != last {
        changes.append(n)
        last = p.phaseIndex
      }
    }
    // 4 s at 60 Hz: one change per 30 frames (± one frame of rounding at each merge).
    #expect(changes.count >= 7 && changes.count <= 8, "\(changes)")
    for (a, b) in zip(changes, changes.dropFirst()) { #expect((30...31).contains(b - a), "\(changes)") }
  }

  /// A trigger runs through the phases once and returns to the first; nil animations jump,
  /// one phase per sample; an empty phase list never animates.
  @Test func triggeredPhasesAndEdges() {
    var p = PhaseAnimator(
      phases: ["a", "b", "c"], mode: .oncePerTrigger,
      value: { ["a": 0.0, "b": 5, "c": 9][$0]! }, animation: { _ in .easeIn(duration: 0.2) })
    #expect(p.phaseIndex == 0 && !p.animator.isAnimating)
    p.trigger(at: 1)
    var visited: [String] = []
    for n in 60...200 {
      p.sample(at: Double(n) / 60)
      if visited.last != p.phase! { visited.append(p.phase!) }
    }
    #expect(visited == ["b", "c", "a"])
    #expect(p.animator.presentationValue == 0 && !p.animator.isAnimating)
    var jumps = PhaseAnimator(
      phases: [0, 1], mode: .repeating, value: { Double($0) }, animation: { _ in nil })
    #expect(jumps.animator.presentationValue == 1)
    jumps.sample(at: 0.1)
    #expect(jumps.phaseIndex == 0)
    jumps.sample(at: 0.2)
    #expect(jumps.phaseIndex == 1)
    var empty = PhaseAnimator<Int, Double>(phases: [], value: { Double($0) })
    #expect(empty.sample(at: 3) == 0 && empty.phase == nil)
  }
}
