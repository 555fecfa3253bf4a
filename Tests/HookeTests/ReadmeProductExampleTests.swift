import Hooke
import HookeThreads
import Testing

/// The Hooke and HookeThreads examples of README.md's "Examples by product", kept compiling and
/// checked against the definitions they illustrate.
@Suite struct ReadmeProductExampleTests {
  @Test func hookeCurvesExample() throws {
    let ease = try CSSEasingFunction(parsing: "cubic-bezier(0.25, 0.1, 0.25, 1)")
    let half = ease.value(at: 0.5)  // the browser's `ease` at 50 %
    let stepEnd = try CSSEasingFunction(parsing: "step-end").cssText  // "steps(1)"
    let elastic = ParametricEasing.elastic(.out, amplitude: 1, period: 0.3)  // d3-ease's defaults
    let css = elastic.cssLinear(tolerance: 0.001).css  // any curve as a CSS linear() easing

    // CSS `ease` at 0.5: 0.80240338758, from 200 bisection steps on the Bernstein form.
    #expect(ease == .cubicBezier(.ease) && abs(half - 0.80240338758) <= 1e-9)
    #expect(stepEnd == "steps(1)")
    #expect(elastic == .elastic(.out))
    #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(", 1)"))
  }

  @Test func hookeThreadsExample() throws {
    let stepper = BatchThreadedStepper<Double>(engine: .init(), threads: 4, chunkSize: 256)
    let group = stepper.engine.addGroup(.spring(.init(duration: 0.5, bounce: 0.3)))
    for k in 0..<10_000 { try stepper.engine.addChannel(to: group, value: 0, target: Double(k % 200)) }
    while stepper.engine.activeCount > 0 { stepper.step(ticks: 3_628_800 / 120) }  // 120 Hz frames

    #expect(stepper.engine.settledCount == 10_000)
  }
}
