import Hooke
import Testing
import _TestSupport

@Suite struct SpringMotionTests {
  /// Closed form against the mpmath oracle in every regime, three targets, three velocities,
  /// t ∈ [0, 10] s. Measure: ``scaledError(_:_:scale:)``.
  @Test func closedFormMatchesOracle() {
    var worstValue = 0.0
    var worstVelocity = 0.0
    var worstPureRelative = 0.0
    let samples = MotionSample.all()
    #expect(samples.count == 10 * 9 * 24)
    for s in samples {
      let spring = Spring(response: s.response, dampingRatio: s.dampingRatio)
      let scale = MotionScale(response: s.response, target: s.target, initialVelocity: s.initialVelocity)
      let value = spring.value(target: s.target, initialVelocity: s.initialVelocity, time: s.time)
      let velocity = spring.velocity(target: s.target, initialVelocity: s.initialVelocity, time: s.time)
      let ev = scaledError(value, s.value, scale: scale.position)
      let ew = scaledError(velocity, s.velocity, scale: scale.velocity)
      #expect(
        ev <= 1e-12 && ew <= 1e-12,
        "ζ=\(s.dampingRatio) r=\(s.response) target=\(s.target) v0=\(s.initialVelocity) t=\(s.time): value \(value) vs \(s.value), velocity \(velocity) vs \(s.velocity)"
      )
      worstValue = max(worstValue, ev)
      worstVelocity = max(worstVelocity, ew)
      if s.value.magnitude >= 1e-3 * scale.position {
        worstPureRelative = max(worstPureRelative, (value - s.value).magnitude / s.value.magnitude)
      }
    }
    print(
      "Spring closed form vs oracle: max scaled error value \(worstValue), velocity \(worstVelocity); max pure relative value error (|value| ≥ 1e-3·scale) \(worstPureRelative)"
    )
  }

  /// ζ = 1 − 10⁻⁶, 1, 1 + 10⁻⁶ produce curves that agree with each other to the size of the
  /// physical difference (≈ 10⁻⁶ of the travel), with no kink: a switch to a critical formula
  /// within |ζ − 1| < δ would show up as a jump at the switch.
  @Test func continuousAcrossCriticalDamping() {
    let ratios = [1 - 1e-9, 1 - 1e-12, 1 - 1e-15, 1.0, 1 + 1e-15, 1 + 1e-12, 1 + 1e-9]
    let critical = Spring(response: 0.5, dampingRatio: 1)
    for k in 0...200 {
      let t = Double(k) / 20
      let reference = critical.value(target: 1.0, initialVelocity: -3, time: t)
      let referenceVelocity = critical.velocity(target: 1.0, initialVelocity: -3, time: t)
      for zeta in ratios {
        let spring = Spring(response: 0.5, dampingRatio: zeta)
        let value = spring.value(target: 1.0, initialVelocity: -3, time: t)
        let velocity = spring.velocity(target: 1.0, initialVelocity: -3, time: t)
        // dy/dζ is O(1)·travel, so |Δζ| ≤ 1e-9 may change the curve by a few 1e-9 at most.
        #expect((value - reference).magnitude <= 1e-8, "ζ=\(zeta) t=\(t)")
        #expect((velocity - referenceVelocity).magnitude <= 1e-7, "ζ=\(zeta) t=\(t)")
      }
    }
  }

  /// The velocity is the derivative of the value in every regime (fourth-order central
  /// differences), which catches a wrong over-damped velocity branch such as an extra `+target`.
  @Test func velocityIsTheDerivativeOfValue() {
    var rng = SplitMix64(seed: 0x51)
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      for _ in 0..<20 {
        let target = Double.random(in: -100...100, using: &rng)
        let v0 = Double.random(in: -50...50, using: &rng)
        let t = Double.random(in: 0.01...3, using: &rng)
        let h = 1e-4
        let f = { (x: Double) in spring.value(target: target, initialVelocity: v0, time: x) }
        let derivative = (8 * (f(t + h) - f(t - h)) - (f(t + 2 * h) - f(t - 2 * h))) / (12 * h)
        let velocity = spring.velocity(target: target, initialVelocity: v0, time: t)
        let scale = MotionScale(response: response, target: target, initialVelocity: v0)
        #expect(
          scaledError(velocity, derivative, scale: scale.velocity) <= 1e-8,
          "seed 0x51 ζ=\(zeta) target=\(target) v0=\(v0) t=\(t): \(velocity) vs \(derivative)")
      }
      // At t = 0 the velocity is exactly the initial velocity (OpenSwiftUI's over-damped branch
      // returns target + v0 there).
      #expect(spring.velocity(target: 7.0, initialVelocity: -2, time: 0) == -2)
      #expect(spring.value(target: 7.0, initialVelocity: -2, time: 0) == 0)
    }
  }

  /// `update` equals value/velocity of the displacement to the target, with the old velocity.
  @Test func updateIsConsistentWithValueAndVelocity() {
    var rng = SplitMix64(seed: 0x52)
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      for _ in 0..<10 {
        let start = Double.random(in: -50...50, using: &rng)
        let target = Double.random(in: -50...50, using: &rng)
        let v0 = Double.random(in: -20...20, using: &rng)
        let dt = Double.random(in: 0.001...0.5, using: &rng)
        var value = start
        var velocity = v0
        spring.update(value: &value, velocity: &velocity, target: target, deltaTime: dt)
        let expectedValue = start + spring.value(target: target - start, initialVelocity: v0, time: dt)
        let expectedVelocity = spring.velocity(target: target - start, initialVelocity: v0, time: dt)
        #expect(
          isApproximatelyEqual(value, expectedValue, relativeTolerance: 1e-15, absoluteTolerance: 1e-13),
          "seed 0x52 ζ=\(zeta)")
        #expect(
          isApproximatelyEqual(
            velocity, expectedVelocity, relativeTolerance: 1e-15, absoluteTolerance: 1e-13),
          "seed 0x52 ζ=\(zeta)")
      }
      // Repeated updates over 1/60 s frames follow the closed form from the first state.
      var value = 10.0
      var velocity = 3.0
      for _ in 0..<120 {
        spring.update(value: &value, velocity: &velocity, target: -5, deltaTime: 1.0 / 60)
      }
      let closed = 10 + spring.value(target: -15.0, initialVelocity: 3, time: 2)
      #expect(scaledError(value, closed, scale: 15) <= 1e-12, "ζ=\(zeta)")
    }
  }

  /// The motion functions are component-wise on any VectorArithmetic.
  @Test func vectorsMoveComponentWise() {
    let spring = Spring(duration: 0.4, bounce: 0.2)
    let target = SIMD2<Double>(3, -250)
    let v0 = SIMD2<Double>(-40, 2)
    for t in [0.0, 0.05, 0.3, 1.7] {
      let v = spring.value(target: target, initialVelocity: v0, time: t)
      #expect(v.x == spring.value(target: 3.0, initialVelocity: -40, time: t))
      #expect(v.y == spring.value(target: -250.0, initialVelocity: 2, time: t))
      let w = spring.velocity(target: target, initialVelocity: v0, time: t)
      #expect(w.x == spring.velocity(target: 3.0, initialVelocity: -40, time: t))
      let pair = spring.value(
        target: AnimatablePair(3.0, -250.0), initialVelocity: AnimatablePair(-40.0, 2.0), time: t)
      #expect(pair.first == v.x && pair.second == v.y)
    }
    let f = spring.value(target: Float(2), initialVelocity: 0, time: 0.2)
    #expect(abs(Double(f) - spring.value(target: 2.0, time: 0.2)) <= 1e-6)
  }

  /// Force = k·(target − position) − c·velocity with k = m·ω0² in every regime.
  @Test func forceUsesPhysicalStiffness() {
    let over = Spring(mass: 2, stiffness: 50, damping: 60, allowOverDamping: true)
    // ω0² = 25, λ = 15: k = 50 (OpenSwiftUI's m(ω² + λ²) would give 2·(200 + 225) = 850).
    #expect(isApproximatelyEqual(over.stiffness, 50, relativeTolerance: 1e-14))
    #expect(isApproximatelyEqual(over.damping, 60, relativeTolerance: 1e-15))
    let force = over.force(target: 3.0, position: 1.0, velocity: 0.5)
    #expect(isApproximatelyEqual(force, 50 * 2 - 60 * 0.5, relativeTolerance: 1e-14))
    // Mass-1 force is the acceleration: it matches the second derivative of the motion.
    let spring = Spring(response: 0.6, dampingRatio: 0.3)
    let t = 0.37
    let h = 1e-4
    let x = { (s: Double) in spring.value(target: 1.0, initialVelocity: 2, time: s) }
    let acceleration = (x(t + h) - 2 * x(t) + x(t - h)) / (h * h)
    let a = spring.force(
      target: 1.0, position: x(t), velocity: spring.velocity(target: 1.0, initialVelocity: 2, time: t))
    #expect(abs(a - acceleration) <= 1e-4 * 110)
  }

  /// Times: negative and NaN → start; +∞ → target with zero velocity; huge finite → finite.
  @Test func badTimes() {
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      for t in [-1.0, -.infinity, .nan, -0.0] {
        #expect(spring.value(target: 5.0, initialVelocity: 2, time: t) == 0, "ζ=\(zeta) t=\(t)")
        #expect(spring.velocity(target: 5.0, initialVelocity: 2, time: t) == 2, "ζ=\(zeta) t=\(t)")
      }
      #expect(spring.value(target: 5.0, initialVelocity: 2, time: .infinity) == 5, "ζ=\(zeta)")
      #expect(spring.velocity(target: 5.0, initialVelocity: 2, time: .infinity) == 0, "ζ=\(zeta)")
      for t in [1e6, 1e100, .greatestFiniteMagnitude] {
        let value = spring.value(target: 5.0, initialVelocity: 2, time: t)
        let velocity = spring.velocity(target: 5.0, initialVelocity: 2, time: t)
        #expect(value.isFinite && velocity.isFinite, "ζ=\(zeta) t=\(t)")
        if zeta > 0 {
          #expect(abs(value - 5) <= 1e-9 && abs(velocity) <= 1e-9, "ζ=\(zeta) t=\(t)")
        } else {
          // Undamped: bounded by the energy envelope |y| ≤ √(y0² + (v0/ω0)²).
          let w0 = 2 * Double.pi / response
          #expect(abs(value - 5) <= (25 + 4 / (w0 * w0)).squareRoot() * (1 + 1e-12), "t=\(t)")
        }
      }
      var value = 1.0
      var velocity = 1.0
      spring.update(value: &value, velocity: &velocity, target: 4, deltaTime: -0.5)
      #expect(value == 1 && velocity == 1)
      spring.update(value: &value, velocity: &velocity, target: 4, deltaTime: .nan)
      #expect(value == 1 && velocity == 1)
    }
  }
}

/// A model value whose animatable data is a pair and which carries a non-animated label.
private struct LabeledPoint: Animatable, Equatable {
  var x: Double
  var y: Double
  var label: Int
  var animatableData: AnimatablePair<Double, Double> {
    get { AnimatablePair(x, y) }
    set { (x, y) = (newValue.first, newValue.second) }
  }
}

@Suite struct SpringAnimatableTests {
  @Test func overloadsActOnAnimatableData() {
    let spring = Spring.bouncy
    let from = LabeledPoint(x: 1, y: -2, label: 7)
    let to = LabeledPoint(x: 4, y: 10, label: 9)
    let v0 = LabeledPoint(x: 0.5, y: -1, label: 0)
    for t in [0.0, 0.1, 0.4, 2] {
      let value = spring.value(fromValue: from, toValue: to, initialVelocity: v0, time: t)
      #expect(value.label == 7)
      #expect(value.x == 1 + spring.value(target: 3.0, initialVelocity: 0.5, time: t))
      #expect(value.y == -2 + spring.value(target: 12.0, initialVelocity: -1, time: t))
      let velocity = spring.velocity(fromValue: from, toValue: to, initialVelocity: v0, time: t)
      #expect(velocity.x == spring.velocity(target: 3.0, initialVelocity: 0.5, time: t))
      #expect(velocity.y == spring.velocity(target: 12.0, initialVelocity: -1, time: t))
    }
    #expect(
      spring.settlingDuration(fromValue: from, toValue: to, initialVelocity: v0)
        == spring.settlingDuration(
          target: AnimatablePair(3.0, 12.0), initialVelocity: AnimatablePair(0.5, -1.0)))
    #expect(
      spring.value(fromValue: from, toValue: to, initialVelocity: v0, time: .infinity)
        == LabeledPoint(x: 4, y: 10, label: 7))
  }
}
