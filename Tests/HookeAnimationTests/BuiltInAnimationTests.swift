import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

@Suite struct BuiltInAnimationTests {
  static let rates = [60.0, 120.0]

  /// Timing curves at 60/120 Hz against a bisection Bézier reference: value × curve(t/d) up to
  /// and including t == d, nil after. Default duration 0.35 s.
  @Test func timingCurves() {
    let cases: [(Animation, (Double, Double, Double, Double), Double)] = [
      (.linear, (0, 0, 1, 1), 0.35), (.easeIn, (0.42, 0, 1, 1), 0.35), (.easeOut, (0, 0, 0.58, 1), 0.35),
      (.easeInOut, (0.42, 0, 0.58, 1), 0.35), (.linear(duration: 1), (0, 0, 1, 1), 1),
      (.easeInOut(duration: 0.5), (0.42, 0, 0.58, 1), 0.5),
      (.timingCurve(0.3, -0.5, 0.6, 1.6, duration: 0.8), (0.3, -0.5, 0.6, 1.6), 0.8),
      (.timingCurve(0.1, 0.2, 0.3, 0.4), (0.1, 0.2, 0.3, 0.4), 0.35),
    ]
    for (animation, c, d) in cases {
      for hz in Self.rates {
        let (values, end) = run(animation, interval: 80, hz: hz)
        // Last frame returning a value: the largest n with n/hz ≤ d.
        var last = 0
        while Double(last + 1) / hz <= d { last += 1 }
        #expect(end == last + 1, "\(animation) \(hz)")
        for (n, v) in values.enumerated() {
          let p = min(Double(n) / hz / d, 1)
          let expected = 80 * referenceBezier(c.0, c.1, c.2, c.3, p)
          #expect(abs(v - expected) <= 1e-11, "\(animation) \(hz) frame \(n): \(v) vs \(expected)")
        }
      }
    }
    // Overshoot is kept (y not clamped).
    let (values, _) = run(.timingCurve(0.3, -0.5, 0.6, 1.6, duration: 0.8), interval: 1, hz: 120)
    #expect(values.max()! > 1.05 && values.min()! < -0.02)
  }

  /// UnitCurve timing curve: value × circularEaseIn(p) (= 1 − √(1 − p²)) and its velocity.
  @Test func unitCurveTimingCurve() {
    let a = Animation.timingCurve(UnitCurve.circularEaseIn, duration: 0.5)
    for hz in Self.rates {
      var ctx = AnimationContext<Double>()
      for n in 0...Int(0.5 * hz) {
        let t = Double(n) / hz
        let p = t / 0.5
        let v = a.animate(value: 10, time: t, context: &ctx)!
        #expect(abs(v - 10 * (1 - (1 - p * p).squareRoot())) <= 10 * 1e-6)
        if n < Int(0.5 * hz) {
          let vel = a.velocity(value: 10, time: t, context: ctx)!
          #expect(abs(vel - 10 / 0.5 * p / (1 - p * p).squareRoot()) <= 1e-4 * max(1, abs(vel)))
        }
      }
    }
    // Bezier animations have no velocity.
    #expect(Animation.easeIn.velocity(value: 1.0, time: 0.1, context: AnimationContext()) == nil)
  }

  /// Fluid springs against the plain-Python transcription of SwiftUI's integrator in the committed
  /// fixture Tests/Fixtures/fluid-spring.txt:
  /// every built-in spring name, bit-exact offsets, nil exactly at the termination frame.
  @Test func fluidSpringsMatchTranscription() {
    let rows = Fixture.rows("fluid-spring.txt").map { $0.map(Fixture.double) }
    let named: [(Animation, Double, Double)] = [
      (.spring(response: 0.5, dampingFraction: 0.825), 0.5, 0.825), (.spring(), 0.5, 1.0),
      (.spring, 0.5, 1.0), (.smooth, 0.5, 1.0), (.snappy, 0.5, 0.85), (.bouncy, 0.5, 0.7),
      (.interactiveSpring(response: 0.15, dampingFraction: 0.86), 0.15, 0.86),
      (.default, 0.55, 1.0), (.spring(duration: 0.5, bounce: 0.3), 0.5, 0.7),
      (.spring(Spring(duration: 0.5, bounce: 0.15)), 0.5, 0.85),
    ]
    for (animation, r, f) in named {
      var checked = 0
      for hz in Self.rates {
        for target in [1.0, 100.0, 10.0, -250.0] {
          let expected = rows.filter {
            abs($0[0] - r) < 1e-12 && abs($0[1] - f) < 1e-12 && $0[2] == target && $0[3] == hz
          }
          guard !expected.isEmpty else { continue }
          var ctx = AnimationContext<Double>()
          for row in expected {
            let out = animation.animate(value: target, time: row[5], context: &ctx)
            if row[9] == 1 {
              #expect(out == nil, "\(animation) \(hz) frame \(row[4])")
            } else {
              #expect(out == row[6], "\(animation) \(hz) frame \(row[4])")
            }
            checked += 1
          }
        }
      }
      #expect(checked > 50, "\(animation): no reference rows")
    }
  }

  /// 0→1 ends at 0.533 s, 0→100 at 0.983 s (response 0.5, fraction 0.825), at 60 and 120 Hz.
  @Test func fluidTerminationDependsOnMagnitude() {
    for hz in Self.rates {
      let small = run(.spring(response: 0.5, dampingFraction: 0.825), interval: 1, hz: hz).endFrame!
      let large = run(.spring(response: 0.5, dampingFraction: 0.825), interval: 100, hz: hz).endFrame!
      #expect(abs(Double(small) / hz - 0.5333) < 0.001)
      #expect(abs(Double(large) / hz - 0.9833) < 0.001)
    }
  }

  /// Logical completion of a fluid spring at t ≥ response.
  @Test func fluidLogicalCompletion() {
    var ctx = AnimationContext<Double>()
    let a = Animation.spring(response: 0.5, dampingFraction: 0.825)
    _ = a.animate(value: 1.0, time: 0.49, context: &ctx)
    #expect(!ctx.isLogicallyComplete)
    _ = a.animate(value: 1.0, time: 0.5, context: &ctx)
    #expect(ctx.isLogicallyComplete)
  }

  /// Interpolating springs at 60/120 Hz against SwiftUI's unit-fraction closed forms written here
  /// with Foundation's exp/sin/cos, end time D (ζ·ω0 decision, 1 s minimum), logical completion.
  @Test func interpolatingSprings() {
    func reference(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
      let w0 = (k / m).squareRoot()
      let z = c / (2 * (m * k).squareRoot())
      if z >= 1 { return 1 - (1 + (w0 - v0) * t) * exp(-w0 * t) }
      let wd = w0 * (1 - z * z).squareRoot()
      let a = (z * w0 - v0) / wd
      return 1 - exp(-z * w0 * t) * (cos(wd * t) + a * sin(wd * t))
    }
    let cases: [(Animation, Double, Double, Double, Double)] = [
      (.interpolatingSpring(stiffness: 100, damping: 10), 1, 100, 10, 0),
      (.interpolatingSpring(mass: 2, stiffness: 170, damping: 8, initialVelocity: 3), 2, 170, 8, 3),
      (.interpolatingSpring(stiffness: 100, damping: 40), 1, 100, 40, 0),  // over-damped → critical
      (
        .interpolatingSpring(duration: 0.5, bounce: 0.3), 1, pow(2 * .pi / 0.5, 2), 2 * (2 * .pi / 0.5) * 0.7,
        0
      ),
      (.interpolatingSpring, 1, pow(2 * .pi / 0.5, 2), 2 * (2 * .pi / 0.5), 0),
      (.interpolatingSpring(Spring(mass: 1, stiffness: 100, damping: 10)), 1, 100, 10, 0),
    ]
    for (animation, m, k, c, v0) in cases {
      let w0 = (k / m).squareRoot()
      let z = c / (2 * (m * k).squareRoot())
      var expectedEnd: Double? = nil
      if z < 1 {
        let wd = w0 * (1 - z * z).squareRoot()
        let a = (z * w0 - v0) / wd
        expectedEnd = max(-log(0.001 / (1 + abs(a))) / (z * w0), 1.0)
      }
      for hz in Self.rates {
        let (values, end) = run(animation, interval: 50, hz: hz)
        for (n, v) in values.enumerated() {
          let e = 50 * reference(m: m, k: k, c: c, v0: v0, t: Double(n) / hz)
          #expect(abs(v - e) <= 1e-11 * 50, "\(animation) \(hz) frame \(n)")
        }
        if let expectedEnd {
          #expect(
            end == Int((expectedEnd * hz).rounded(.up)),
            "\(animation) \(hz): end \(String(describing: end)) vs \(expectedEnd)")
        } else {
          // Critical: grid-search end, a multiple of 0.1 s within the motion's settling.
          #expect(end != nil)
          #expect(abs(1 - values.last! / 50) < 0.002)
        }
      }
      var ctx = AnimationContext<Double>()
      _ = animation.animate(value: 1.0, time: 2 * .pi / k.squareRoot() * 0.999, context: &ctx)
      #expect(!ctx.isLogicallyComplete)
      _ = animation.animate(value: 1.0, time: 2 * .pi / k.squareRoot(), context: &ctx)
      #expect(ctx.isLogicallyComplete)
    }
    // Bad parameters end immediately, no NaN.
    #expect(run(.interpolatingSpring(duration: 0), interval: 1, hz: 60).endFrame == 0)
    #expect(run(.interpolatingSpring(stiffness: -5, damping: 1), interval: 1, hz: 60).endFrame == 0)
    #expect(run(.interpolatingSpring(stiffness: .nan, damping: 1), interval: 1, hz: 60).endFrame == 0)
  }

  /// One context evaluated by two different interpolating springs (as a custom animation that
  /// plays one after the other might do): each ends at its own D. Under-damped k = 100 with
  /// c = 10 (D = ln(1000(1 + 1/√3))/5 = 1.4727 s) and c = 4 (ζ = 0.2, A = 0.2/√0.96,
  /// D = ln(1000(1 + A))/2 = 3.5492 s), from the documented formula.
  @Test func interpolatingSpringsSharingAContext() {
    let short = Animation.interpolatingSpring(stiffness: 100, damping: 10)
    let long = Animation.interpolatingSpring(stiffness: 100, damping: 4)
    let shortEnd = log(1000 * (1 + 1 / 3.0.squareRoot())) / 5
    let longEnd = log(1000 * (1 + 0.2 / 0.96.squareRoot())) / 2
    var ctx = AnimationContext<Double>()
    #expect(short.animate(value: 1.0, time: 0.1, context: &ctx) != nil)
    #expect(short.animate(value: 1.0, time: shortEnd + 0.01, context: &ctx) == nil)
    #expect(
      long.animate(value: 1.0, time: shortEnd + 0.01, context: &ctx) != nil,
      "the long spring ended at D of the short one")
    #expect(long.animate(value: 1.0, time: longEnd - 0.01, context: &ctx) != nil)
    #expect(long.animate(value: 1.0, time: longEnd + 0.01, context: &ctx) == nil)
    #expect(
      short.animate(value: 1.0, time: shortEnd - 0.01, context: &ctx) != nil,
      "the short spring kept the long D")
  }

  /// The exact model at 60/120 Hz against the damped-oscillator closed form written here with
  /// Foundation's exp/sin/cos (under-damped and critical); it ends, like SwiftUI's model, once
  /// |v|, |a| ≤ 0.06 and the gap ≤ 1 %; logical completion at t ≥ response.
  @Test func exactSpringTrajectories() {
    func reference(response r: Double, zeta: Double, target: Double, t: Double) -> Double {
      let w0 = 2 * Double.pi / r
      let lambda = zeta * w0
      if zeta == 1 { return target - exp(-lambda * t) * (target + lambda * target * t) }
      let w = w0 * (1 - zeta * zeta).squareRoot()
      return target - exp(-lambda * t) * (lambda * target * sin(w * t) / w + target * cos(w * t))
    }
    let cases: [(Animation, Double, Double)] = [
      (Animation.spring(response: 0.5, dampingFraction: 0.825).exact, 0.5, 0.825),
      (Animation.smooth.exact, 0.5, 1), (Animation.bouncy.exact, 0.5, 0.7),
      (Animation.default.exact, 0.55, 1),
    ]
    for (animation, r, zeta) in cases {
      for hz in Self.rates {
        let (values, end) = run(animation, interval: 100, hz: hz)
        #expect(end != nil && Double(end!) / hz < 3, "\(animation) must end")
        for (n, v) in values.enumerated() {
          let e = reference(response: r, zeta: zeta, target: 100, t: Double(n) / hz)
          #expect(abs(v - e) <= 1e-12 * 100, "\(animation) \(hz) Hz frame \(n): \(v) vs \(e)")
        }
        #expect(abs(values.last! - 100) <= 1)
      }
    }
  }

  @Test func namesDefaultsEqualityDescription() {
    #expect(Animation.default.description == "DefaultAnimation()")
    #expect(Animation.default == .default)
    #expect(Animation.spring != .default)
    #expect(Animation.spring == .spring(response: 0.5, dampingFraction: 1.0))
    #expect(Animation.spring == .smooth)
    #expect(Animation.snappy == .spring(response: 0.5, dampingFraction: 0.85))
    #expect(Animation.bouncy == .spring(response: 0.5, dampingFraction: 0.7))
    #expect(
      Animation.interactiveSpring(duration: 0.15)
        == .spring(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25))
    #expect(
      Animation.interactiveSpring == .spring(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25))
    #expect(Animation.interactiveSpring() == .interactiveSpring)
    #expect(Animation.linear == .linear(duration: 0.35))
    #expect(Animation.linear != .easeIn)
    #expect(Animation.spring(duration: 0.5, bounce: -0.5) == .spring(response: 0.5, dampingFraction: 2))
    #expect(Animation.spring.exact != .spring)
    #expect(Animation.spring.exact.as(FluidSpringAnimation.self)?.model == .exact)
    #expect(Animation.linear.exact == .linear)
    #expect(Set([Animation.linear, .linear, .easeIn]).count == 2)
    #expect(Animation.linear.delay(1) == .linear.delay(1))
    #expect(Animation.linear.delay(1) != .linear.delay(2))
  }

  /// An infinite duration never ends and shows the start, also at t = +∞ (where t/duration is
  /// NaN): the `.linear` fast path used to scale the interval by that NaN.
  @Test func infiniteDurationAtInfiniteTime() {
    for animation in [
      Animation.linear(duration: .infinity), .easeIn(duration: .infinity),
      .timingCurve(0, 0, 1, 1, duration: .infinity), .timingCurve(.linear, duration: .infinity),
    ] {
      for t in [0.0, 1, 1e300, .infinity] {
        var ctx = AnimationContext<Double>()
        #expect(animation.animate(value: 80.0, time: t, context: &ctx) == 0, "\(animation) t = \(t)")
      }
    }
    // The animator shows the start at every finite time; +∞ is its end of time, where even an
    // endless animation finishes (the model shows) instead of freezing the property.
    var animator = PropertyAnimator(0.0)
    animator.set(1, animation: .linear(duration: .infinity), at: 0)
    #expect(animator.sample(at: 1e15) == 0 && animator.isAnimating)
    #expect(animator.sample(at: .infinity) == 1 && !animator.isAnimating)
  }
}
