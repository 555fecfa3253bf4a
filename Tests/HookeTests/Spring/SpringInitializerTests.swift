import Hooke
import Testing
import _TestSupport

/// Every spring must keep the documented invariants: finite ω and λ, λ ≥ 0, ω0 > 0, finite
/// positive mass, response and damping ratio in range.
private func expectValid(
  _ spring: Spring, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(spring.angularFrequency.isFinite, comment, sourceLocation: sourceLocation)
  #expect(spring.decayConstant.isFinite && spring.decayConstant >= 0, comment, sourceLocation: sourceLocation)
  #expect(spring.mass.isFinite && spring.mass > 0, comment, sourceLocation: sourceLocation)
  #expect(spring.stiffness > 0 && spring.stiffness.isFinite, comment, sourceLocation: sourceLocation)
  #expect(spring.response >= Spring.minimumResponse * (1 - 1e-12), comment, sourceLocation: sourceLocation)
  #expect(spring.response <= Spring.maximumResponse * (1 + 1e-12), comment, sourceLocation: sourceLocation)
  #expect(
    spring.dampingRatio >= 0 && spring.dampingRatio <= Spring.maximumDampingRatio * (1 + 1e-6), comment,
    sourceLocation: sourceLocation)
  for t in [0.0, 0.01, 0.5, 3, 1e9] {
    #expect(
      spring.value(target: 1.0, initialVelocity: -2, time: t).isFinite, comment,
      sourceLocation: sourceLocation)
    #expect(
      spring.velocity(target: 1.0, initialVelocity: -2, time: t).isFinite, comment,
      sourceLocation: sourceLocation)
  }
}

@Suite struct SpringInitializerTests {
  /// Apple's published figures (`Spring` documentation): duration 0.5, bounce 0.3 → mass 1,
  /// stiffness 157.9, damping 17.6; mass 1, stiffness 100, damping 10 → duration 0.63, bounce 0.5.
  @Test func appleFigures() {
    let a = Spring(duration: 0.5, bounce: 0.3)
    #expect(a.mass == 1)
    #expect(abs(a.stiffness - 157.9137) < 5e-5)
    #expect(abs(a.damping - 17.5929) < 5e-5)
    // Independent derivation: k = (2π/0.5)², c = 4π(1 − 0.3)/0.5.
    #expect(isApproximatelyEqual(a.stiffness, 16 * Double.pi * Double.pi, relativeTolerance: 1e-15))
    #expect(isApproximatelyEqual(a.damping, 4 * Double.pi * 0.7 / 0.5, relativeTolerance: 1e-15))
    let b = Spring(mass: 1, stiffness: 100, damping: 10)
    #expect(abs(b.duration - 0.628319) < 5e-7)
    #expect(abs(b.bounce - 0.5) < 1e-15)
    #expect(isApproximatelyEqual(b.response, 2 * Double.pi / 10, relativeTolerance: 1e-15))
  }

  /// Bounce ↔ damping ratio mapping and the stored representation (ω, λ, mass), as SwiftUI's.
  @Test func durationBounceMapping() {
    let cases: [(bounce: Double, zeta: Double)] = [
      (0, 1), (0.3, 0.7), (1, 0), (1.5, 0), (-0.5, 2), (-0.2, 1.25), (0.999, 0.001),
    ]
    for (bounce, zeta) in cases {
      let s = Spring(duration: 0.8, bounce: bounce)
      #expect(isApproximatelyEqual(s.dampingRatio, zeta, relativeTolerance: 1e-14), "bounce \(bounce)")
      #expect(isApproximatelyEqual(s.duration, 0.8, relativeTolerance: 1e-15), "bounce \(bounce)")
      #expect((s.angularFrequency < 0) == (zeta > 1), "bounce \(bounce)")
      if bounce <= 1 {
        #expect(
          isApproximatelyEqual(s.bounce, bounce, relativeTolerance: 1e-12, absoluteTolerance: 1e-15),
          "bounce \(bounce)")
      }
      // Same stored values as the response form with ζ computed the way the bounce form does.
      let mapped = bounce > 1 ? 0 : bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
      #expect(s == Spring(response: 0.8, dampingRatio: mapped), "bounce \(bounce)")
    }
    #expect(Spring(duration: 0.5, bounce: 0).angularFrequency == 0)
    #expect(Spring() == .smooth)
    #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
    #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
    #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
    #expect(Spring.smooth(duration: 0.3, extraBounce: 0.1) == Spring(duration: 0.3, bounce: 0.1))
    #expect(Spring.snappy(duration: 0.3, extraBounce: 0.1) == Spring(duration: 0.3, bounce: 0.15 + 0.1))
    #expect(Spring.bouncy(duration: 0.3, extraBounce: -0.1) == Spring(duration: 0.3, bounce: 0.3 - 0.1))
    #expect(Spring.snappy() == .snappy && Spring.bouncy() == .bouncy && Spring.smooth() == .smooth)
    // Stored values of init(response:dampingRatio:), derived by hand: ω = 2π·√(1 − 0.36)/0.5.
    let r = Spring(response: 0.5, dampingRatio: 0.6)
    #expect(isApproximatelyEqual(r.angularFrequency, 2 * Double.pi * 0.8 / 0.5, relativeTolerance: 1e-15))
    #expect(isApproximatelyEqual(r.decayConstant, 2 * Double.pi * 0.6 / 0.5, relativeTolerance: 1e-15))
  }

  /// mass/stiffness/damping: the over-damped clamp to critical unless allowed.
  @Test func massStiffnessDamping() {
    let clamped = Spring(mass: 2, stiffness: 50, damping: 60)
    #expect(clamped.angularFrequency == 0)
    #expect(clamped.decayConstant == 5)  // ω0 = √25
    #expect(clamped.mass == 2)
    #expect(abs(clamped.dampingRatio - 1) < 1e-15)
    let over = Spring(mass: 2, stiffness: 50, damping: 60, allowOverDamping: true)
    #expect(over.decayConstant == 15)
    #expect(isApproximatelyEqual(over.angularFrequency, -200.0.squareRoot(), relativeTolerance: 1e-15))
    #expect(isApproximatelyEqual(over.dampingRatio, 3, relativeTolerance: 1e-14))
    #expect(isApproximatelyEqual(over.bounce, 1.0 / 3 - 1, relativeTolerance: 1e-14))
    let under = Spring(mass: 0.5, stiffness: 200, damping: 4)
    #expect(isApproximatelyEqual(under.stiffness, 200, relativeTolerance: 1e-14))
    #expect(isApproximatelyEqual(under.damping, 4, relativeTolerance: 1e-15))
  }

  /// Bad input never traps, always gives a valid spring, and follows the documented clamps.
  @Test func badInputIsClamped() {
    let weird: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, -1, 1e-300, 1e300, .leastNonzeroMagnitude]
    for x in weird {
      expectValid(Spring(duration: x, bounce: 0.2), "duration \(x)")
      expectValid(Spring(duration: 0.5, bounce: x), "bounce \(x)")
      expectValid(Spring(response: x, dampingRatio: 0.7), "response \(x)")
      expectValid(Spring(response: 0.5, dampingRatio: x), "dampingRatio \(x)")
      expectValid(Spring(mass: x, stiffness: 100, damping: 10), "mass \(x)")
      expectValid(Spring(stiffness: x, damping: 10), "stiffness \(x)")
      expectValid(Spring(stiffness: 100, damping: x), "damping \(x)")
      expectValid(Spring(stiffness: 100, damping: x, allowOverDamping: true), "damping \(x) over")
      expectValid(Spring(settlingDuration: x, dampingRatio: 0.8), "settling \(x)")
      expectValid(Spring(settlingDuration: 1, dampingRatio: x), "settling ζ \(x)")
      expectValid(Spring(settlingDuration: 1, dampingRatio: 0.8, epsilon: x), "settling ε \(x)")
      expectValid(Spring(settlingDuration: 1, dampingRatio: 1, epsilon: x), "settling ε \(x) critical")
    }
    // Response NaN / ≤ 0 → minimum response (snaps); +∞ → maximum response.
    for r in [Double.nan, 0, -3, 1e-9] {
      #expect(
        Spring(response: r, dampingRatio: 0.5) == Spring(response: Spring.minimumResponse, dampingRatio: 0.5))
      #expect(Spring(duration: r) == Spring(duration: Spring.minimumResponse))
      // Snaps: at the first 240 Hz frame it is at the target.
      #expect(Spring(duration: r).value(target: 3.0, time: 1.0 / 240) == 3)
    }
    #expect(
      Spring(response: .infinity, dampingRatio: 0.5)
        == Spring(response: Spring.maximumResponse, dampingRatio: 0.5))
    // Damping ratio: NaN → 1, negative → 0, +∞ → maximum; bounce NaN → 0, ≤ −1 → maximum ratio.
    #expect(Spring(response: 0.5, dampingRatio: .nan) == Spring(response: 0.5, dampingRatio: 1))
    #expect(Spring(response: 0.5, dampingRatio: -2) == Spring(response: 0.5, dampingRatio: 0))
    #expect(
      Spring(response: 0.5, dampingRatio: .infinity)
        == Spring(response: 0.5, dampingRatio: Spring.maximumDampingRatio))
    #expect(Spring(duration: 0.5, bounce: .nan) == Spring(duration: 0.5, bounce: 0))
    #expect(
      Spring(duration: 0.5, bounce: -1) == Spring(response: 0.5, dampingRatio: Spring.maximumDampingRatio))
    #expect(
      Spring(duration: 0.5, bounce: -7) == Spring(response: 0.5, dampingRatio: Spring.maximumDampingRatio))
    // Infinitely damped: frozen in practice (moves < 0.1 % of the travel in 1 s).
    #expect(abs(Spring(duration: 0.5, bounce: -1).value(target: 1.0, time: 1)) < 1e-3)
    // Mass: invalid → 1. Stiffness: NaN / ≤ 0 → the slowest allowed; +∞ → the fastest.
    for m in [Double.nan, 0, -1, .infinity] {
      #expect(Spring(mass: m, stiffness: 100, damping: 10) == Spring(mass: 1, stiffness: 100, damping: 10))
    }
    for k in [Double.nan, 0, -5] {
      #expect(
        isApproximatelyEqual(
          Spring(stiffness: k, damping: 0).response, Spring.maximumResponse, relativeTolerance: 1e-12))
    }
    #expect(
      isApproximatelyEqual(
        Spring(stiffness: .infinity, damping: 0).response, Spring.minimumResponse, relativeTolerance: 1e-12))
    // Damping: NaN / negative → 0 (undamped); +∞ → critical (or the maximum ratio if allowed).
    #expect(Spring(stiffness: 100, damping: .nan) == Spring(stiffness: 100, damping: 0))
    #expect(Spring(stiffness: 100, damping: -3) == Spring(stiffness: 100, damping: 0))
    #expect(Spring(stiffness: 100, damping: .infinity).angularFrequency == 0)
    #expect(
      isApproximatelyEqual(
        Spring(stiffness: 100, damping: .infinity, allowOverDamping: true).dampingRatio,
        Spring.maximumDampingRatio, relativeTolerance: 1e-6))
  }

  /// Derived properties in the over-damped regime are physically correct (unlike OpenSwiftUI's
  /// reconstruction): stiffness = m·ω0² = (2π/duration)², not m(ω² + λ²).
  @Test func overDampedDerivedProperties() {
    for bounce in [-0.1, -0.5, -0.9] {
      let s = Spring(duration: 0.6, bounce: bounce)
      let w0 = 2 * Double.pi / 0.6
      #expect(isApproximatelyEqual(s.stiffness, w0 * w0, relativeTolerance: 1e-13), "bounce \(bounce)")
      #expect(
        isApproximatelyEqual(s.damping, 2 * w0 / (1 + bounce), relativeTolerance: 1e-14), "bounce \(bounce)")
      #expect(isApproximatelyEqual(s.bounce, bounce, relativeTolerance: 1e-13), "bounce \(bounce)")
    }
  }

  /// Hashable on the stored triple; Sendable.
  @Test func equalityAndHashing() {
    let a = Spring(mass: 2, stiffness: 100, damping: 10)
    let b = Spring(mass: 2, stiffness: 100, damping: 10)
    let c = Spring(mass: 1, stiffness: 50, damping: 5)  // same motion, different mass
    #expect(a == b && a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(a.value(target: 1.0, time: 0.3) == c.value(target: 1.0, time: 0.3))
    let set: Set<Spring> = [a, b, c]
    #expect(set.count == 2)
  }
}
