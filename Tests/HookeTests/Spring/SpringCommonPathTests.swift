import Hooke
import Testing

/// Each regime computes frame steps (every `exp` argument in its table range, an under-damped
/// phase ωΔt ≤ π/4 — or, for `value` and `velocity`, one the two-part π/2 reduction handles)
/// on an inline common path and every other step out of line; the two must give the same bits.
/// Steps one and two ulp either side of each limit are checked against the documented entries
/// evaluated here from the public `Deterministic.exp` and `sincos`, and `update`, `value` and
/// `velocity` against their documented combinations of the matrix.
@Suite struct SpringCommonPathTests {
  /// t0 and its two neighbours on each side.
  static func around(_ t0: Double) -> [Double] {
    [t0.nextDown.nextDown, t0.nextDown, t0, t0.nextUp, t0.nextUp.nextUp]
  }

  static let frameTimes = [1.0 / 240, 1.0 / 120, 1.0 / 60, 1.0 / 30, 0.25, 1, 3]

  /// `update`, `value` and `velocity` agree bit for bit with the matrix of the same interval.
  func expectCallsMatchMatrix(_ spring: Spring, _ t: Double) {
    let m = spring.transitionMatrix(deltaTime: t)
    let (target, v0) = (100.0, -30.0)
    #expect(
      spring.value(target: target, initialVelocity: v0, time: t) == target * (1 - m.m00) + v0 * m.m01,
      "t=\(t)")
    #expect(
      spring.velocity(target: target, initialVelocity: v0, time: t) == target * -m.m10 + v0 * m.m11, "t=\(t)")
    var (x, v) = (3.0, 7.0)
    spring.update(value: &x, velocity: &v, target: target, deltaTime: t)
    let delta = target - 3.0
    #expect(x == 3.0 + (delta * (1 - m.m00) + 7.0 * m.m01), "t=\(t)")
    #expect(v == delta * -m.m10 + 7.0 * m.m11, "t=\(t)")
  }

  @Test func underDampedAcrossTheLimits() {
    // The second spring has ω ≈ 0.003 rad/s, so λt reaches 700 while the phase is below π/4.
    for spring in [Spring(duration: 0.5, bounce: 0.3), Spring(response: 1, dampingRatio: 0.9999999)] {
      let (omega, lambda) = (spring.angularFrequency, spring.decayConstant)
      let limits = [0x1.921fb54442d18p-1 / omega, 0x1.921fb54442d18p+6 / omega, 700 / lambda]
      for t in limits.flatMap(Self.around) + Self.frameTimes {
        let decay = Deterministic.exp(-lambda * t)
        let (sine, cosine) = Deterministic.sincos(omega * t)
        let c = decay * cosine
        let s = decay * (sine * (1 / omega))
        let omega0Squared = lambda * lambda + omega * omega
        let expected = SpringTransitionMatrix(
          m00: c + lambda * s, m01: s, m10: -omega0Squared * s, m11: c - lambda * s)
        #expect(spring.transitionMatrix(deltaTime: t) == expected, "ω=\(omega) t=\(t)")
        expectCallsMatchMatrix(spring, t)
      }
    }
  }

  @Test func criticallyDampedAcrossTheLimit() {
    let spring = Spring(duration: 0.5, bounce: 0)
    let lambda = spring.decayConstant
    #expect(spring.angularFrequency == 0)
    for t in Self.around(700 / lambda) + Self.frameTimes {
      let decay = Deterministic.exp(-lambda * t)
      let s = t * decay
      let expected = SpringTransitionMatrix(
        m00: decay + lambda * s, m01: s, m10: -(lambda * lambda) * s, m11: decay - lambda * s)
      #expect(spring.transitionMatrix(deltaTime: t) == expected, "t=\(t)")
      expectCallsMatchMatrix(spring, t)
    }
  }

  /// Over-damped limits 2μt = 700 and (μ − λ)t = −700; the entries themselves are checked
  /// against the textbook form by `SpringTransitionMatrixTests`.
  @Test func overDampedAcrossTheLimits() {
    for spring in [Spring(duration: 0.5, bounce: -0.3), Spring(response: 1, dampingRatio: 40)] {
      let (mu, lambda) = (-spring.angularFrequency, spring.decayConstant)
      for t in (Self.around(350 / mu) + Self.around(700 / (lambda - mu))) + Self.frameTimes {
        expectCallsMatchMatrix(spring, t)
        let m = spring.transitionMatrix(deltaTime: t)
        #expect([m.m00, m.m01, m.m10, m.m11].allSatisfy { $0.isFinite }, "t=\(t)")
      }
    }
  }
}
