import Hooke
import Testing

/// The embedding example of README.md, kept compiling and checked here.
@Suite struct ReadmeExampleTests {
  @Test func embeddingExample() {
    // --- README example start
    // A SwiftUI-style spring: half a second, a little bounce.
    let spring = Spring(duration: 0.5, bounce: 0.2)

    // Closed form: a 0 → 100 move, 0.1 s in.
    let x = spring.value(target: 100.0, time: 0.1)
    let v = spring.velocity(target: 100.0, time: 0.1)

    // Frame stepping in your engine: one exact 2×2 matrix per (spring, frame interval),
    // no exp/sin/cos per frame and no integration error.
    let frame = spring.transitionMatrix(deltaTime: 1.0 / 120)
    var position = 0.0
    var velocity = 0.0
    for _ in 0..<12 {  // 12 frames at 120 Hz = 0.1 s
      frame.step(value: &position, velocity: &velocity, target: 100.0)
    }

    // Easing: SwiftUI's UnitCurve, and the spring as a CSS linear() easing.
    let eased = UnitCurve.easeInOut.value(at: 0.25)
    let css = spring.cssLinear()  // css.export.css == "linear(0, …, 1)", play over css.duration s
    // --- README example end

    #expect(abs(position - x) <= 1e-12 * 100)
    #expect(abs(velocity - v) <= 1e-12 * 100 * spring.stiffness.squareRoot())
    #expect(abs(eased - 0.13) <= 0.01)
    #expect(css.export.css.hasPrefix("linear(0, ") && css.export.css.hasSuffix(", 1)"))
    #expect(css.export.maximumError <= 0.001)
  }
}
