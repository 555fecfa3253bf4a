import Hooke
import Testing
import _TestSupport

/// Documented outcomes of springs on extreme input: finite where a finite answer is promised.
@Suite struct SpringBadInputTests {
  /// ε below every representable ratio ε/M: the time is `(ln M − ln ε)/λ`, finite. Independent
  /// check: ln(5e-324) = −744.44007192138126… (−1074·ln 2), so for a unit step of an under-damped
  /// spring with λ the result is (ln M + 744.44…)/λ, M = |λ·1 − 0| + 1.
  @Test func subnormalEpsilonGivesAFiniteSettlingTime() {
    let spring = Spring(duration: 0.5, bounce: 0.3)
    let lambda = spring.decayConstant
    let d = spring.settlingDuration(target: 1.0, epsilon: 5e-324)
    let m = lambda + 1
    let expected = (Deterministic.log(m) + 1074 * 0.6931471805599453) / lambda
    #expect(d.isFinite)
    #expect(abs(d - expected) <= 1e-12 * expected, "\(d) vs \(expected)")
    // Only ε ≤ 0 (and undamped springs) give +∞.
    #expect(spring.settlingDuration(target: 1.0, epsilon: 0) == .infinity)
    #expect(spring.settlingDuration(target: 1.0, epsilon: -.leastNonzeroMagnitude) == .infinity)
    #expect(spring.settlingDuration(target: 1.0, epsilon: .infinity) == 0)
  }

  /// A target whose envelope overflows (|target|² > greatestFinite) still gives the finite
  /// time of the same spring scaled: settling is scale-invariant in (target, v0, ε).
  @Test func hugeTargetGivesTheScaledSettlingTime() {
    let spring = Spring(duration: 0.5, bounce: 0.3)
    let huge = spring.settlingDuration(target: 1e200, epsilon: 1e197)
    let small = spring.settlingDuration(target: 1.0, epsilon: 1e-3)
    #expect(huge.isFinite)
    #expect(abs(huge - small) <= 1e-9 * small, "\(huge) vs \(small)")
  }

  /// A decay rate so small that the settling time exceeds the Double range reports the largest
  /// finite time instead of +∞ (which is reserved for ε ≤ 0 and undamped springs).
  @Test func subnormalDecayReportsTheLargestFiniteTime() {
    let spring = Spring(response: 1e6, dampingRatio: 1e-315)
    #expect(spring.decayConstant > 0 && spring.angularFrequency > 0)
    #expect(spring.settlingDuration(target: 1.0) == .greatestFiniteMagnitude)
  }

  /// deltaTime ≤ 0 or NaN leaves value and velocity unchanged for every operand, including an
  /// opposite-signed pair whose difference overflows (it used to give NaN).
  @Test(arguments: [0.0, -0.0, -1, .nan, -.infinity])
  func nonPositiveStepLeavesTheStateUnchanged(deltaTime: Double) {
    let spring = Spring.bouncy
    var value = -Double.greatestFiniteMagnitude
    var velocity = 3.0
    spring.update(value: &value, velocity: &velocity, target: 1e308, deltaTime: deltaTime)
    #expect(value == -.greatestFiniteMagnitude && velocity == 3)
  }

  /// An overflowing gap (finite operands of opposite sign) is stepped without forming it: the
  /// result is the convex-like combination `value·m00 + target·(1 − m00) + v·m01`, finite,
  /// and equals the ordinary step of the same motion scaled down by 2¹⁰ (scale invariance;
  /// scaling by a power of two is exact).
  @Test func overflowingGapStepsFinitely() {
    // A slow spring: |m10| ≈ 0.007 over one frame, so the exact velocity (≈ 2.8e308·0.007) is
    // representable; a stiff one's would exceed the range (then ±∞ is the honest answer).
    let spring = Spring(duration: 10, bounce: 0)
    let dt = 1.0 / 60
    var value = -Double.greatestFiniteMagnitude
    var velocity = 0.0
    spring.update(value: &value, velocity: &velocity, target: 1e308, deltaTime: dt)
    var small = -Double.greatestFiniteMagnitude / 1024
    var smallVelocity = 0.0
    spring.update(value: &small, velocity: &smallVelocity, target: 1e308 / 1024, deltaTime: dt)
    #expect(value.isFinite && velocity.isFinite)
    #expect(abs(value / 1024 - small) <= 1e-12 * abs(small), "\(value / 1024) vs \(small)")
    #expect(abs(velocity / 1024 - smallVelocity) <= 1e-12 * abs(smallVelocity))
    // +∞ lands on the target exactly, with zero velocity.
    var end = -Double.greatestFiniteMagnitude
    var endVelocity = 5.0
    spring.update(value: &end, velocity: &endVelocity, target: 1e308, deltaTime: .infinity)
    #expect(end == 1e308 && endVelocity == 0)
  }

  /// The matrix step has the same overflow-free form: the identity leaves an opposite-signed
  /// pair near the Double range unchanged (it gave ±∞), and a frame step equals the step of the
  /// same motion scaled down by 2¹⁰.
  @Test func matrixStepWithAnOverflowingGap() {
    var value = -Double.greatestFiniteMagnitude
    var velocity = 2.0
    SpringTransitionMatrix.identity.step(value: &value, velocity: &velocity, target: 1e308)
    #expect(value == -.greatestFiniteMagnitude && velocity == 2)
    let m = Spring(duration: 10, bounce: 0).transitionMatrix(deltaTime: 1.0 / 60)
    var big = -Double.greatestFiniteMagnitude
    var bigVelocity = 0.0
    m.step(value: &big, velocity: &bigVelocity, target: 1e308)
    var small = -Double.greatestFiniteMagnitude / 1024
    var smallVelocity = 0.0
    m.step(value: &small, velocity: &smallVelocity, target: 1e308 / 1024)
    #expect(big.isFinite && bigVelocity.isFinite)
    #expect(
      abs(big / 1024 - small) <= 1e-12 * abs(small)
        && abs(bigVelocity / 1024 - smallVelocity) <= 1e-12 * abs(smallVelocity))
  }

  /// A huge mass with an infinite stiffness keeps the motion (k/m clamped to the fastest
  /// response) but stores at most `maximumMass`, so k, c and the force stay finite; the force at
  /// rest on the target is exactly zero (it was NaN from 0·∞).
  @Test func hugeMassKeepsForcesFinite() {
    let spring = Spring(mass: 1e300, stiffness: .infinity, damping: 0)
    #expect(spring.mass == Spring.maximumMass)
    #expect(spring.stiffness.isFinite && spring.damping.isFinite)
    #expect(abs(spring.response - Spring.minimumResponse) <= 1e-15)
    #expect(spring.force(target: 1.0, position: 1.0, velocity: 0.0) == 0)
    #expect(spring.force(target: 2.0, position: 1.0, velocity: 1.0).isFinite)
    // The motion is that of k/m, whatever the stored mass: ω0² = 1e300/1e300 = 1.
    let unit = Spring(mass: 1e300, stiffness: 1e300, damping: 0)
    #expect(unit.mass == Spring.maximumMass && abs(unit.response - 2 * Double.pi) <= 1e-12)
  }

  /// The SwiftUI integrator's stability region, `c ≥ 0` and `k + 600c < 360000`, checked against
  /// an independent simulation: stable models stay bounded over 10 s, unstable ones grow.
  @Test func integratorStabilityMatchesSimulation() {
    var random = SplitMix64(seed: 0x5AB1E)
    for _ in 0..<200 {
      let model = FluidSpringModel(
        response: Double.random(in: 0.01...2, using: &random),
        dampingFraction: Double.random(in: -0.5...3, using: &random))
      var state = FluidSpringState<Double>()
      var peak = 0.0
      for _ in 0..<3000 {
        model.substep(&state, target: 1)
        peak = max(peak, abs(state.offset - 1))
      }
      let margin = 360_000 - (model.stiffness + 600 * model.damping)
      if abs(margin) < 5000 || abs(model.damping) < 1 { continue }  // too slow to tell in 10 s
      #expect(
        model.isStable == (peak < 10),
        "seed \(random.seed) k \(model.stiffness) c \(model.damping) peak \(peak)")
    }
    #expect(!FluidSpringModel(response: 0.5, dampingFraction: 100).isStable)
    #expect(!FluidSpringModel(response: 0.5, dampingFraction: -0.1).isStable)
    #expect(!FluidSpringModel(response: 0.5, dampingFraction: .nan).isStable)
    #expect(FluidSpringModel(response: 0.5, dampingFraction: 0.825).isStable)
  }
}
