import Hooke
import HookeAnimation
import Testing
import _TestSupport

/// SwiftUI's observable velocity-sampler behaviour (reproduced by OpenSwiftUI's tests run
/// against SwiftUI): samples (1 @ 1 s, 2 @ 2 s) give 1.0; adding (4 @ 3 s) gives 1.25 — the
/// older pair's quotient weighted 0.75, the newer 0.25; only the last three samples count.
@Suite struct VelocitySamplerTests {
  @Test func swiftUIsObservedValues() {
    var sampler = VelocitySampler<Double>()
    #expect(sampler.isEmpty && sampler.velocity == 0)
    sampler.addSample(1, time: 1)
    #expect(sampler.velocity == 0 && sampler.lastTime == 1)
    sampler.addSample(2, time: 2)
    #expect(sampler.velocity == 1.0)
    sampler.addSample(4, time: 3)
    #expect(sampler.velocity == 1.25)
    // A fourth sample drops the oldest: quotients 2 (2→4) and 3 (4→7): 0.75·2 + 0.25·3.
    sampler.addSample(7, time: 4)
    #expect(sampler.velocity == 2.25)
    sampler.reset()
    #expect(sampler.isEmpty && sampler.velocity == 0 && sampler.lastTime == nil)
  }

  @Test func badAndCoincidentTimes() {
    var sampler = VelocitySampler<Double>()
    sampler.addSample(0, time: 0)
    sampler.addSample(10, time: 1)
    sampler.addSample(99, time: 0.5)  // earlier than the last: ignored
    sampler.addSample(99, time: .nan)
    sampler.addSample(99, time: .infinity)
    #expect(sampler.velocity == 10 && sampler.lastTime == 1)
    sampler.addSample(20, time: 1)  // same time: replaces the last sample
    #expect(sampler.velocity == 20)
  }

  @Test func vectorValuesAndUnitVelocity() {
    var sampler = VelocitySampler<AnimatablePair<Double, Double>>()
    sampler.addSample(AnimatablePair(0, 0), time: 0)
    sampler.addSample(AnimatablePair(3, 4), time: 0.5)
    #expect(sampler.velocity == AnimatablePair(6, 8))
    // Along the change (0, 0) → (60, 80): v·d/|d|² = (360 + 640)/10 000 = 0.1 per second.
    #expect(
      isApproximatelyEqual(
        sampler.unitVelocity(from: AnimatablePair(0, 0), to: AnimatablePair(60, 80)), 0.1,
        relativeTolerance: 1e-15))
    #expect(sampler.unitVelocity(from: AnimatablePair(1, 1), to: AnimatablePair(1, 1)) == 0)
  }

  /// The sampled velocity starts a spring at the drag's speed: a drag at 300 pt/s released at
  /// x = 100 towards 400. The closed-form spring's velocity at t = 0 is its initial velocity;
  /// SwiftUI's interpolating spring takes the fraction 300/300 = 1 per second and its progress
  /// starts with that slope (central difference at a small t).
  @Test func feedsASpringsInitialVelocity() {
    var sampler = VelocitySampler<Double>()
    for k in 0...6 {
      let t = Double(k) / 60
      sampler.addSample(300 * t, time: t)
    }
    #expect(isApproximatelyEqual(sampler.velocity, 300, relativeTolerance: 1e-12))
    let spring = Spring(response: 0.5, dampingRatio: 0.8)
    #expect(
      isApproximatelyEqual(
        spring.velocity(target: 300.0, initialVelocity: sampler.velocity, time: 0), 300,
        relativeTolerance: 1e-12))
    let unit = sampler.unitVelocity(from: 100, to: 400)
    #expect(isApproximatelyEqual(unit, 1, relativeTolerance: 1e-12))
    let released = SpringAnimation(stiffness: 100, damping: 16, initialVelocity: unit)
    let h = 1e-6
    let slope = (released.fraction(at: h) - released.fraction(at: 0)) / h
    #expect(isApproximatelyEqual(slope, 1, relativeTolerance: 1e-3))
  }
}
