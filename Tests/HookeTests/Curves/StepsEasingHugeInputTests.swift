import Hooke
import Testing

/// Steps on finite inputs whose product x·n overflows: the staircase value `⌊x·n⌋/jumps` is
/// representable (≈ x·n/jumps), so the result is finite.
@Suite struct StepsEasingHugeInputTests {
  @Test(arguments: StepsEasing.Position.allCases)
  func greatestFiniteInputsGiveFiniteSteps(position: StepsEasing.Position) {
    for n in [2, 3, 5, 8] {
      let steps = StepsEasing(n, position)
      let jumps = Double(position == .jumpNone ? n - 1 : position == .jumpBoth ? n + 1 : n)
      for x in [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, 1e308, -1e308, 0x1p1000] {
        let v = steps.value(at: x)
        // Beyond 2⁵³ every x·n is an integer, so ⌊x·n⌋ = x·n and the value is x·n/jumps:
        // representable unless jumps < n (jump-none) near the top of the range.
        if x.magnitude / jumps > Double.greatestFiniteMagnitude / Double(n) { continue }
        #expect(v.isFinite, "\(steps) at \(x) = \(v)")
        let expected = Double(n) == jumps ? x : x / jumps * Double(n)
        #expect(
          abs(v - expected) <= 4 * expected.magnitude.ulp, "\(steps) at \(x) = \(v), expected \(expected)")
      }
      #expect(steps.value(at: .infinity) == .infinity && steps.value(at: -.infinity) == -.infinity)
    }
  }
}
