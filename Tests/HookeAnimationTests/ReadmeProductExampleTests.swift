import Hooke
import HookeAnimation
import Testing

/// The HookeAnimation example of README.md's "Examples by product", kept compiling and checked.
@Suite struct ReadmeProductExampleTests {
  @Test func animationExample() throws {
    func time(_ frame: Int64) -> Double { PropertyAnimator<Double>.time(tick: frame, ticksPerSecond: 120) }

    // withAnimation(.spring(duration: 0.5, bounce: 0.2)) { x = 100 }, drawn once per frame.
    var x = PropertyAnimator(0.0)
    var done = false
    x.set(100, animation: .spring(duration: 0.5, bounce: 0.2), at: 0) { done = true }
    for frame in Int64(1)...120 { _ = x.sample(at: time(frame)) }  // draw x.presentationValue

    // A drag released at 300 pt/s: the tracked velocity starts the spring.
    var drag = VelocitySampler<Double>()
    drag.addSample(100, time: 0)
    drag.addSample(105, time: 1.0 / 60)
    let release = Animation.interpolatingSpring(
      duration: 0.5, bounce: 0, initialVelocity: drag.unitVelocity(from: 105, to: 400))

    // Logically complete one response (0.5 s) in; SwiftUI's documented criterion.
    #expect(done)
    #expect(abs(x.presentationValue - 100) < 1)
    // 5 points in 1/60 s = 300 pt/s = one change (295 pt) per 295/300 s.
    let spring = try #require(release.as(SpringAnimation.self))
    #expect(abs(spring.initialVelocity - 300.0 / 295) <= 1e-9)
  }
}
