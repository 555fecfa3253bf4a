import Hooke
import HookeAnimation
import Testing

/// `Animation._settlingBound`: the estimate an embedder checks before it starts an animation that
/// must end. Expectations come from each animation's documented end rule and, for springs, from
/// the decay rate of the slowest mode computed here from response and damping fraction
/// (`k = (2π/response)²`, `c = 2√k·ζ`).
@Suite struct SettlingBoundTests {
  /// Timing curves run for their duration; one that ends at once (≤ 0, NaN) is bounded by 0 and
  /// an infinite duration never ends.
  @Test func timingCurvesAreBoundedByTheirDuration() {
    #expect(Animation.linear(duration: 2)._settlingBound == 2)
    #expect(Animation.easeInOut(duration: 0.35)._settlingBound == 0.35)
    #expect(Animation.timingCurve(0.2, 0, 0.2, 1, duration: 1.5)._settlingBound == 1.5)
    #expect(Animation.timingCurve(.circularEaseIn, duration: 3)._settlingBound == 3)
    #expect(Animation.linear(duration: -1)._settlingBound == 0)
    #expect(Animation.linear(duration: .nan)._settlingBound == 0)
    #expect(Animation.easeIn(duration: .infinity)._settlingBound == .infinity)
  }

  /// SwiftUI-model springs: e⁻³⁰ of the slowest mode; unstable parameters snap (0); an undamped
  /// spring or one that never moves never ends.
  @Test func springsAreBoundedByTheirSlowestMode() throws {
    // Critical, response 0.5: rate √k = 2π/0.5, so 30·0.5/2π.
    let critical = try #require(Animation.spring(response: 0.5, dampingFraction: 1)._settlingBound)
    #expect(abs(critical - 30 * 0.5 / (2 * Double.pi)) < 1e-12)
    // Under-damped ζ = 0.5, response 1: rate ζ·2π.
    let bouncy = try #require(Animation.spring(response: 1, dampingFraction: 0.5)._settlingBound)
    #expect(abs(bouncy - 30 / Double.pi) < 1e-12)
    // Over-damped ζ = 2, response 1: rate 2π·(2 − √3).
    let slow = try #require(Animation.spring(response: 1, dampingFraction: 2)._settlingBound)
    #expect(abs(slow - 30 / (2 * Double.pi * (2 - 3.0.squareRoot()))) < 1e-9)
    #expect(Animation.spring(response: 0.5, dampingFraction: 0)._settlingBound == .infinity)
    #expect(Animation.spring(response: .infinity, dampingFraction: 1)._settlingBound == .infinity)
    #expect(Animation.spring(response: 0.5, dampingFraction: -1)._settlingBound == 0)
    #expect(Animation.spring(response: 0.5, dampingFraction: 100)._settlingBound == 0)
    #expect(Animation.spring(response: .nan, dampingFraction: .nan)._settlingBound == 0)
    // The default animation is the spring it resolves to (response 0.55, critical).
    let standard = try #require(Animation.default._settlingBound)
    #expect(abs(standard - 30 * 0.55 / (2 * Double.pi)) < 1e-12)
    // Interpolating springs end at their documented end time D: ∞ undamped, 0 for bad stiffness.
    #expect(Animation.interpolatingSpring(stiffness: 100, damping: 0)._settlingBound == .infinity)
    #expect(Animation.interpolatingSpring(stiffness: -100, damping: 10)._settlingBound == 0)
    let damped = try #require(Animation.interpolatingSpring(stiffness: 100, damping: 10)._settlingBound)
    #expect(damped > 1 && damped < 10)
  }

  /// Modifiers: a delay adds its positive part, a speed divides (or snaps), a counted repeat
  /// multiplies; a repeat without a count and custom animations give no bound.
  @Test func modifiersComposeTheBound() {
    let one = Animation.linear(duration: 1)
    #expect(one.delay(2)._settlingBound == 3)
    #expect(one.delay(-5)._settlingBound == 1)
    #expect(one.delay(.nan)._settlingBound == 1)
    #expect(one.delay(.infinity)._settlingBound == .infinity)
    #expect(one.speed(2)._settlingBound == 0.5)
    #expect(one.speed(1e-300)._settlingBound.map { $0 >= 1e299 } == true)
    #expect(one.speed(0)._settlingBound == 0)
    #expect(one.speed(.nan)._settlingBound == 0)
    #expect(one.repeatCount(3)._settlingBound == 3)
    #expect(one.repeatCount(-2)._settlingBound == 1)
    #expect(Animation.linear(duration: 0).repeatCount(1000)._settlingBound == 1)
    #expect(one.repeatForever()._settlingBound == nil)
    #expect(one.logicallyComplete(after: 0.1)._settlingBound == 1)
    #expect(Animation(CountingAnimation())._settlingBound == nil)
  }
}
