// A client of the `Hooke` product only (no Foundation, no Glibc: either would link libm and hide
// a missing `-lm`): the README's "Embedding" example, its results printed and checked.
import Hooke

struct ClientFailure: Error, CustomStringConvertible { var description: String }

@main struct HookeClient {
  static func main() throws {
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

    print("hooke-client: x(0.1) = \(x), v(0.1) = \(v); stepped \(position), \(velocity)")
    print("hooke-client: easeInOut(0.25) = \(eased); css \(css.duration) s, \(css.export.css.count) chars")
    var failures: [String] = []
    func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }
    check(spring.value(target: 100.0, time: 0) == 0, "the spring does not start at 0")
    check(x > 0 && x < 100, "x(0.1) = \(x) is not between start and target")
    check(abs(position - x) <= 1e-12 * 100, "stepping \(position) differs from the closed form \(x)")
    check(abs(velocity - v) <= 1e-12 * 100 * spring.stiffness.squareRoot(), "stepped velocity \(velocity)")
    check(abs(spring.value(target: 100.0, time: 10) - 100) <= 1e-6, "the spring has not settled after 10 s")
    check(abs(eased - 0.13) <= 0.01, "easeInOut(0.25) = \(eased)")
    check(css.export.css.hasPrefix("linear(0, ") && css.export.css.hasSuffix(", 1)"), "css \(css.export.css)")
    check(css.export.maximumError <= 0.001, "css linear() error \(css.export.maximumError)")
    guard failures.isEmpty else { throw ClientFailure(description: "hooke-client: FAILED: \(failures)") }
    print("hooke-client: ok (README embedding example: closed form == 12 exact frames, settles, easing, css)")
  }
}
