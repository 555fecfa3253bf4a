import Hooke
import Testing
import _TestSupport

/// `valueAndVelocity(at:)` is documented as the two calls, bit for bit, with one solve.
@Suite struct CubicBezierValueAndVelocityTests {
  @Test func matchesTheTwoCallsBitForBit() {
    var random = SplitMix64(seed: 41)
    func unit() -> Double { Double(random.next() >> 11) * 0x1p-53 }
    let edges: [Double] = [0, 1, -0.5, 1.5, .nan, .infinity, -.infinity, 0x1p-1074, 1 - 0x1p-53]
    for _ in 0..<200 {
      let curve = CubicBezier(unit(), unit() * 3 - 1, unit(), unit() * 3 - 1)
      for x in edges + (0..<50).map({ _ in unit() }) {
        expectValueAndVelocityMatchesTheTwoCalls(curve, at: x, seed: 41)
      }
    }
  }
}
