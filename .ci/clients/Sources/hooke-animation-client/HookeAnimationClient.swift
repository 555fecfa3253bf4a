// A client of the `HookeAnimation` product only: a renderer's per-property animator driving a
// SwiftUI spring frame by frame, interrupted mid-flight, until it settles.
import HookeAnimation

struct ClientFailure: Error, CustomStringConvertible { var description: String }

@main struct HookeAnimationClient {
  static func main() throws {
    let hz: Int64 = 120
    func time(_ frame: Int64) -> Double { PropertyAnimator<Double>.time(tick: frame, ticksPerSecond: hz) }
    var failures: [String] = []
    func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }

    // withAnimation(.spring(duration: 0.5, bounce: 0.2)) { x = 100 }, sampled once per frame.
    var x = PropertyAnimator(0.0)
    var completed = false
    x.set(100, animation: .spring(duration: 0.5, bounce: 0.2), at: 0) { completed = true }
    check(x.sample(at: time(0)) == 0, "frame 0 is not the start value")
    var previous = 0.0
    for frame in Int64(1)...12 {
      let value = x.sample(at: time(frame))
      check(value > previous && value < 100, "frame \(frame): \(value) after \(previous)")
      previous = value
    }
    // Interrupted at 0.1 s: the new spring merges, the shown value does not jump.
    x.set(40, animation: .spring(duration: 0.5, bounce: 0.2), at: time(12))
    check(x.presentationValue == previous, "the retarget moved the value")
    var frames: Int64 = 12
    while x.isAnimating && frames < 10 * hz {
      frames += 1
      x.sample(at: time(frames))
    }
    check(!x.isAnimating && x.presentationValue == 40, "not settled at 40: \(x.presentationValue)")
    check(completed, "the completion did not fire")

    // A linear animation is exactly halfway at half its duration.
    var y = PropertyAnimator(0.0)
    y.set(100, animation: .linear(duration: 1), at: 0)
    let half = y.sample(at: 0.5)
    check(half == 50, "linear at 0.5 s: \(half)")

    guard failures.isEmpty else {
      throw ClientFailure(description: "hooke-animation-client: FAILED: \(failures)")
    }
    print(
      "hooke-animation-client: ok (spring 0 → 100 interrupted → 40 at 0.1 s, settled in \(frames) frames at "
        + "\(hz) Hz; linear half-way \(half))")
  }
}
