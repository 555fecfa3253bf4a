import Testing
import _TestSupport

@testable import Hooke

@Suite struct RoundingTests {
  /// The truncation-based rounding used instead of `rounded()` (which needs libm `round` on
  /// wasm32) must agree with it bit for bit.
  @Test func halfAwayFromZeroMatchesStandardLibrary() {
    let specials: [Double] = [
      0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
      0x1p52, 0x1p52 + 1, -0x1p53, 0x1.fffffffffffffp51, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      .infinity, -.infinity,
    ]
    for x in specials {
      #expect(x._roundedHalfAwayFromZero.bitPattern == x.rounded().bitPattern, "x = \(x)")
    }
    #expect(Double.nan._roundedHalfAwayFromZero.isNaN)
    var rng = SplitMix64(seed: 0x5EED_0001)
    for _ in 0..<100_000 {
      let x = Double(
        bitPattern: rng.next() & ~(0x7FF0 << 48) | (UInt64.random(in: 0x3F0...0x434, using: &rng) << 52))
      #expect(x._roundedHalfAwayFromZero.bitPattern == x.rounded().bitPattern, "x = \(x), seed \(rng.seed)")
      let f = Float(x)
      #expect(f._roundedHalfAwayFromZero.bitPattern == f.rounded().bitPattern, "x = \(f), seed \(rng.seed)")
    }
  }
}
