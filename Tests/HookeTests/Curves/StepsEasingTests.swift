import Hooke
import Testing

/// Tables worked out by hand from the CSS Easing Level 1 definitions (§3.3, "steps()"): which
/// output each input interval maps to for n = 3 and every step position.
@Suite struct StepsEasingTests {
  /// (input, expected output) with outputs written as fractions.
  func check(_ easing: StepsEasing, _ table: [(Double, Double)], before: Bool = false) {
    for (x, expected) in table {
      let got = easing.value(at: x, beforeFlag: before)
      #expect(got == expected, "\(easing.cssString) at \(x) (before \(before)): \(got), expected \(expected)")
    }
  }

  @Test func jumpStartRisesAtZero() {
    check(
      StepsEasing(3, .jumpStart),
      [
        (0, 1.0 / 3), (0.2, 1.0 / 3), (1.0 / 3, 2.0 / 3), (0.5, 2.0 / 3), (0.7, 1), (1, 1),
      ])
    check(StepsEasing(3, .start), [(0, 1.0 / 3), (0.5, 2.0 / 3), (1, 1)])
  }

  @Test func jumpEndRisesAtOne() {
    check(
      StepsEasing(3, .jumpEnd),
      [
        (0, 0), (0.2, 0), (1.0 / 3, 1.0 / 3), (0.5, 1.0 / 3), (0.7, 2.0 / 3), (0.99, 2.0 / 3), (1, 1),
      ])
    check(StepsEasing(3), [(0.5, 1.0 / 3)])  // jump-end is the default
    check(StepsEasing(3, .end), [(0, 0), (0.99, 2.0 / 3), (1, 1)])
  }

  @Test func jumpNoneHoldsBothEnds() {
    check(
      StepsEasing(3, .jumpNone),
      [
        (0, 0), (0.3, 0), (1.0 / 3, 0.5), (0.6, 0.5), (0.7, 1), (1, 1),
      ])
  }

  @Test func jumpBothJumpsAtBothEnds() {
    check(
      StepsEasing(3, .jumpBoth),
      [
        (0, 0.25), (0.3, 0.25), (1.0 / 3, 0.5), (0.5, 0.5), (0.7, 0.75), (0.99, 0.75), (1, 1),
      ])
  }

  @Test func beforeFlagAndOutOfRangeInputs() {
    // The before flag undoes the jump exactly at a step boundary (step 3 of the CSS algorithm).
    check(StepsEasing(1, .jumpStart), [(0, 0)], before: true)
    check(StepsEasing(1, .jumpStart), [(0, 1)])
    check(StepsEasing(4, .jumpEnd), [(0.5, 0.25)], before: true)
    // Not clamped outside [0, 1]: x < 0 keeps a negative step, x > 1 keeps counting.
    check(StepsEasing(4, .jumpEnd), [(-0.1, -0.25), (-0.5, -0.5), (1.2, 1), (1.5, 1.5)])
    check(StepsEasing(4, .jumpStart), [(-0.1, 0)])  // ⌊−0.4⌋ + 1 = 0
    check(StepsEasing(2, .jumpNone), [(.nan, 0)])
    #expect(StepsEasing(2, .jumpEnd).value(at: .infinity) == .infinity)
    #expect(StepsEasing(2, .jumpEnd).value(at: 1e300) == 1e300 * 2 / 2)
  }

  @Test func invalidStepCountsAreClamped() {
    #expect(StepsEasing(0, .jumpEnd).stepCount == 1)
    #expect(StepsEasing(-5, .jumpStart).stepCount == 1)
    #expect(StepsEasing(1, .jumpNone).stepCount == 2)
    #expect(StepsEasing(Int.min, .jumpNone).stepCount == 2)
    #expect(StepsEasing(1, .jumpNone).value(at: 0.75) == 1)  // behaves as steps(2, jump-none)
    #expect(StepsEasing(0, .jumpBoth).value(at: 0.5) == 0.5)  // steps(1, jump-both)
  }

  @Test func cssText() {
    // Browsers' serialization (the web-platform tests' easing serializations: `steps(2, end)` and
    // `step-end` read back as `steps(2)` and `steps(1)`; `start` is kept).
    #expect(StepsEasing(4, .jumpEnd).cssString == "steps(4)")
    #expect(StepsEasing(2, .end).cssString == "steps(2)")
    #expect(StepsEasing.stepEnd.cssString == "steps(1)")
    #expect(StepsEasing.stepStart.cssString == "steps(1, start)")
    #expect(StepsEasing(2, .jumpStart).cssString == "steps(2, jump-start)")
    #expect(StepsEasing(12, .jumpNone).cssString == "steps(12, jump-none)")
    #expect(StepsEasing(3, .jumpBoth).velocity(at: 0.5) == 0)
  }
}
