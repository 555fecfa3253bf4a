import Hooke
import Testing
import _TestSupport

@Suite struct SpringTransitionMatrixTests {
  static let rates = [30.0, 60, 90, 120, 144, 240]

  /// Matrix entries against the oracle at every frame rate and regime. Entries are compared
  /// with the natural scales of the matrix: m00, m11 (dimensionless) relative to 1, m01 relative
  /// to 1/ω0 and m10 relative to ω0.
  @Test func entriesMatchOracle() {
    var worst = 0.0
    let rows = Fixture.rows("spring-transition.txt").map { $0.map(Fixture.double) }
    #expect(rows.count == 10 * 6)
    for r in rows {
      let spring = Spring(response: r[0], dampingRatio: r[1])
      let m = spring.transitionMatrix(deltaTime: r[3])
      let w0 = 2 * Double.pi / r[0]
      let errors = [
        scaledError(m.m00, r[4], scale: 1), scaledError(m.m01, r[5], scale: 1 / w0),
        scaledError(m.m10, r[6], scale: w0), scaledError(m.m11, r[7], scale: 1),
      ]
      #expect(errors.allSatisfy { $0 <= 1e-14 }, "ζ=\(r[1]) Hz=\(r[2]): \(errors)")
      worst = max(worst, errors.max()!)
    }
    print("SpringTransitionMatrix entries vs oracle: max scaled error \(worst)")
  }

  /// Stepping k frames with M(1/Hz) reproduces the closed form at t = k/Hz (integer frame
  /// indices, never t += dt) over 10 s, in all regimes and at 30…240 Hz, for several starting
  /// states. Measure: scaledError with MotionScale.
  @Test func steppingReproducesClosedForm() {
    var worstPosition = 0.0
    var worstVelocity = 0.0
    let starts: [(target: Double, v0: Double)] = [(1, 0), (-3.5, 2), (250, -40)]
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      for hz in Self.rates {
        let frames = Int(10 * hz)
        let matrix = spring.transitionMatrix(deltaTime: 1 / hz)
        for (target, v0) in starts {
          let scale = MotionScale(response: response, target: target, initialVelocity: v0)
          var y = -target
          var v = v0
          var framePosition = 0.0
          var frameVelocity = 0.0
          for k in 1...frames {
            (y, v) = matrix.apply(displacement: y, velocity: v)
            let t = Double(k) / hz
            let value = spring.value(target: target, initialVelocity: v0, time: t)
            let velocity = spring.velocity(target: target, initialVelocity: v0, time: t)
            framePosition = max(framePosition, scaledError(target + y, value, scale: scale.position))
            frameVelocity = max(frameVelocity, scaledError(v, velocity, scale: scale.velocity))
          }
          #expect(
            framePosition <= 1e-12 && frameVelocity <= 1e-12,
            "ζ=\(zeta) r=\(response) Hz=\(hz) target=\(target) v0=\(v0): \(framePosition), \(frameVelocity)")
          worstPosition = max(worstPosition, framePosition)
          worstVelocity = max(worstVelocity, frameVelocity)
        }
      }
    }
    print(
      "Transition stepping vs closed form (10 s, 30–240 Hz): max scaled error position \(worstPosition), velocity \(worstVelocity)"
    )
  }

  /// 60 Hz and 120 Hz runs agree at the shared timestamps (every 1/60 s).
  @Test func frameRateIndependent() {
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      let m60 = spring.transitionMatrix(deltaTime: 1.0 / 60)
      let m120 = spring.transitionMatrix(deltaTime: 1.0 / 120)
      var a = (displacement: -100.0, velocity: 30.0)
      var b = a
      let scale = MotionScale(response: response, target: 100, initialVelocity: 30)
      for _ in 0..<600 {
        a = m60.apply(displacement: a.displacement, velocity: a.velocity)
        b = m120.apply(displacement: b.displacement, velocity: b.velocity)
        b = m120.apply(displacement: b.displacement, velocity: b.velocity)
        #expect(scaledError(a.displacement, b.displacement, scale: scale.position) <= 1e-12, "ζ=\(zeta)")
        #expect(scaledError(a.velocity, b.velocity, scale: scale.velocity) <= 1e-12, "ζ=\(zeta)")
      }
    }
  }

  /// Float engines: Float entries applied to Float state stay within Float rounding of the
  /// Double closed form (over 1 s at 120 Hz), and the concrete Float overload equals the
  /// generic one.
  @Test func floatStepping() {
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      let matrix = spring.transitionMatrix(deltaTime: 1.0 / 120)
      let e = matrix.floatEntries
      #expect(e == SIMD4<Float>(Float(matrix.m00), Float(matrix.m01), Float(matrix.m10), Float(matrix.m11)))
      var y: Float = -10
      var v: Float = 5
      for k in 1...120 {
        let concrete = matrix.apply(displacement: y, velocity: v)
        let generic: (displacement: Float, velocity: Float) = matrix.apply(displacement: y, velocity: v)
        #expect(concrete == generic)
        (y, v) = concrete
        let exact = spring.value(target: 10.0, initialVelocity: 5, time: Double(k) / 120) - 10
        #expect(abs(Double(y) - exact) <= 1e-4 * 10, "ζ=\(zeta) k=\(k)")
      }
    }
  }

  /// Generic apply on SIMD and `step` on values agree with the Double apply lane by lane.
  @Test func genericApplyAndStep() {
    let matrix = Spring.snappy.transitionMatrix(deltaTime: 1.0 / 90)
    let (y, v) = matrix.apply(displacement: SIMD2<Double>(1, -2), velocity: SIMD2<Double>(3, 4))
    let lane0 = matrix.apply(displacement: 1.0, velocity: 3.0)
    let lane1 = matrix.apply(displacement: -2.0, velocity: 4.0)
    #expect(y == SIMD2(lane0.displacement, lane1.displacement))
    #expect(v == SIMD2(lane0.velocity, lane1.velocity))
    var value = 7.0
    var velocity = 3.0
    matrix.step(value: &value, velocity: &velocity, target: 8)
    let expected = matrix.apply(displacement: -1.0, velocity: 3.0)
    #expect(value == 8 + expected.displacement && velocity == expected.velocity)
  }

  /// dt ≤ 0, −∞ or NaN → identity; +∞ → zero; huge dt → finite, settled (damped) or bounded
  /// (undamped, whose matrix has determinant 1 and entries bounded by max(1, ω0, 1/ω0)).
  @Test func edgeCaseSteps() {
    for (response, zeta) in springRegimes {
      let spring = Spring(response: response, dampingRatio: zeta)
      for dt in [0.0, -0.0, -1, -Double.infinity, .nan] {
        #expect(spring.transitionMatrix(deltaTime: dt) == .identity, "ζ=\(zeta) dt=\(dt)")
      }
      #expect(
        spring.transitionMatrix(deltaTime: .infinity)
          == SpringTransitionMatrix(m00: 0, m01: 0, m10: 0, m11: 0))
      let w0 = 2 * Double.pi / response
      for dt in [1e3, 1e9, 1e200, .greatestFiniteMagnitude] {
        let m = spring.transitionMatrix(deltaTime: dt)
        let entries = [m.m00, m.m01, m.m10, m.m11]
        #expect(entries.allSatisfy { $0.isFinite }, "ζ=\(zeta) dt=\(dt)")
        if zeta > 0 {
          #expect(entries.allSatisfy { abs($0) <= 1e-12 }, "ζ=\(zeta) dt=\(dt): \(entries)")
        } else {
          let bound = max(1, w0, 1 / w0) * (1 + 1e-12)
          #expect(entries.allSatisfy { abs($0) <= bound }, "dt=\(dt): \(entries)")
        }
      }
      // Undamped spring stepped for an hour at 240 Hz stays on its energy ellipse.
      if zeta == 0 {
        let m = spring.transitionMatrix(deltaTime: 1.0 / 240)
        var y = 1.0
        var v = 0.0
        for _ in 0..<(240 * 3600) { (y, v) = m.apply(displacement: y, velocity: v) }
        let energy = y * y + v * v / (w0 * w0)
        #expect(abs(energy - 1) <= 1e-9, "energy \(energy)")
      }
    }
  }

  /// Over-damped steps on both sides of 2μΔt = 1/8, where the entries switch from the
  /// e^(rt)·expm1 form to a difference of two exponentials, and across 2μΔt up to 40: the
  /// entries agree with the textbook cosh/sinh form evaluated independently from
  /// `Deterministic.exp` and `expm1` (C = e^(rt)·(1 + q/2), S = −e^(rt)·q/(2μ), q = expm1(−2μt);
  /// m00 = C + λS, m11 = C − λS, m10 = −ω0²·S) to a few ulp, and stepping over the switch is
  /// continuous (the exact entries change by far less than an ulp per ulp of Δt).
  @Test func overDampedFormsAgreeAcrossTheSwitch() {
    var worstRelative = 0.0
    var worstAbsolute = 0.0
    for response in [0.35, 1.2] {
      for zeta in [1.000001, 1.05, 1.5, 5, 40] {
        let spring = Spring(response: response, dampingRatio: zeta)
        let lambda = spring.decayConstant
        let mu = -spring.angularFrequency
        #expect(mu > 0 && mu < lambda, "ζ=\(zeta): not over-damped")
        let w0Squared = (lambda - mu) * (lambda + mu)  // λ² − μ² without cancellation
        let atSwitch = 0.0625 / mu
        var times = [
          atSwitch.nextDown.nextDown, atSwitch.nextDown, atSwitch, atSwitch.nextUp, atSwitch.nextUp.nextUp,
        ]
        times += [0.1, 0.2, 0.5, 0.6931471805599453, 0.7, 1, 2, 5, 20, 40].map { $0 / (2 * mu) }.filter {
          $0 <= 10
        }
        var spreads: Set<Bool> = []
        for t in times {
          spreads.insert(2 * mu * t >= 0.125)
          let slow = Deterministic.exp((mu - lambda) * t)
          let q = Deterministic.expm1(-2 * mu * t)
          let c = slow * (1 + q / 2)
          let sinh = -slow * q / (2 * mu)
          let m = spring.transitionMatrix(deltaTime: t)
          let relative = [
            (m.m01 - sinh).magnitude / sinh,
            (m.m10 + w0Squared * sinh).magnitude / (w0Squared * sinh),
          ]
          // m00 and m11 are dimensionless and at most 1: compared on that scale.
          let absolute = [(m.m00 - (c + lambda * sinh)).magnitude, (m.m11 - (c - lambda * sinh)).magnitude]
          #expect(relative.allSatisfy { $0 <= 1e-15 }, "ζ=\(zeta) r=\(response) t=\(t): \(relative)")
          #expect(absolute.allSatisfy { $0 <= 2e-15 }, "ζ=\(zeta) r=\(response) t=\(t): \(absolute)")
          worstRelative = max(worstRelative, relative.max()!)
          worstAbsolute = max(worstAbsolute, absolute.max()!)
        }
        #expect(spreads == [false, true], "ζ=\(zeta): the times do not straddle 2μΔt = 1/8")
        // Continuity: across the switch the entries move by what their derivatives allow
        // (M' = A·M: m00' = m10, |m01'| ≤ (λ+μ)·m01, m11' = −ω0²·m01 − 2λ·m11) plus a few ulp.
        let below = spring.transitionMatrix(deltaTime: atSwitch.nextDown)
        let above = spring.transitionMatrix(deltaTime: atSwitch.nextUp)
        let step = (atSwitch.nextUp - atSwitch.nextDown) * 1.01
        let m01Bound = ((lambda + mu) * step + 1e-15) * below.m01
        let m00Bound = below.m10.magnitude * step + 2e-15
        let m11Bound = (w0Squared * below.m01 + 2 * lambda * below.m11.magnitude) * step + 2e-15
        #expect((above.m01 - below.m01).magnitude <= m01Bound, "ζ=\(zeta) r=\(response)")
        #expect((above.m00 - below.m00).magnitude <= m00Bound, "ζ=\(zeta) r=\(response)")
        #expect((above.m11 - below.m11).magnitude <= m11Bound, "ζ=\(zeta) r=\(response)")
      }
    }
    print(
      "Over-damped entries vs cosh/sinh form: max relative \(worstRelative), max absolute \(worstAbsolute)")
  }
}
