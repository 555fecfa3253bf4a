import Hooke
import Testing
import _TestSupport

/// `UnitCurve.valueAndVelocity(at:)` is documented as the two calls, bit for bit (one solve for
/// a Bézier): control points inside and outside the unit square (the value clamps control y,
/// the slope does not), the named curves and the analytic ones, at edge and random inputs.
@Suite struct UnitCurveValueAndVelocityTests {
  @Test func matchesTheTwoCallsBitForBit() {
    var random = SplitMix64(seed: 43)
    func unit() -> Double { Double(random.next() >> 11) * 0x1p-53 }
    let edges: [Double] = [0, 1, 0.5, -0.5, 1.5, .nan, .infinity, -.infinity, 0x1p-1074, 1 - 0x1p-53]
    var curves: [UnitCurve] = [
      .linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
      .bezier(startControlPoint: .init(x: -0.5, y: 2), endControlPoint: .init(x: 1.5, y: -1)),
    ]
    for _ in 0..<200 {
      curves.append(
        .bezier(
          startControlPoint: .init(x: unit() * 1.4 - 0.2, y: unit() * 3 - 1),
          endControlPoint: .init(x: unit() * 1.4 - 0.2, y: unit() * 3 - 1)))
    }
    for curve in curves {
      for x in edges + (0..<50).map({ _ in unit() }) {
        expectValueAndVelocityMatchesTheTwoCalls(curve, at: x, seed: 43)
      }
    }
  }
}
