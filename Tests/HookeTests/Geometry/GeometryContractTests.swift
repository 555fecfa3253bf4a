import Hooke
import Testing
import _TestSupport

/// The documented contracts of intersection and matched geometry on degenerate input.
@Suite struct GeometryContractTests {
  /// "Overlap with a positive area": a zero-width (or NaN, or absorbed) rectangle inside
  /// another intersects nothing, and `intersection` is nil.
  @Test func zeroAreaNeverIntersects() {
    let big = Rect(x: 0, y: 0, width: 10, height: 10)
    for thin in [
      Rect(x: 5, y: 2, width: 0, height: 3), Rect(x: 5, y: 2, width: 3, height: -0.0),
      Rect(x: 5, y: 2, width: .nan, height: 3), Rect(x: 5, y: 2, width: 1e-320, height: 3),
    ] {
      #expect(!big.intersects(thin) && !thin.intersects(big), "\(thin)")
      #expect(big.intersection(thin) == nil && thin.intersection(big) == nil, "\(thin)")
    }
    #expect(big.intersects(Rect(x: 5, y: 2, width: 1, height: 3)))
    #expect(big.intersection(Rect(x: 5, y: 2, width: -1, height: 3)) == Rect(x: 4, y: 2, width: 1, height: 3))
  }

  /// Seeded: whenever `intersects` is true the intersection has a positive area, and it is
  /// symmetric.
  @Test func intersectionHasPositiveArea() {
    var random = SplitMix64(seed: 0x1A7E_5EC7)
    func coordinate() -> Double {
      Bool.random(using: &random)
        ? [0, -0.0, 5, 1e-320][Int.random(in: 0..<4, using: &random)]
        : Double.random(in: -20...20, using: &random)
    }
    for _ in 0..<20_000 {
      let a = Rect(x: coordinate(), y: coordinate(), width: coordinate(), height: coordinate())
      let b = Rect(x: coordinate(), y: coordinate(), width: coordinate(), height: coordinate())
      #expect(a.intersects(b) == b.intersects(a), "seed \(random.seed): \(a) \(b)")
      if let o = a.intersection(b) {
        #expect(o.width > 0 && o.height > 0, "seed \(random.seed): \(a) ∩ \(b) = \(o)")
      }
    }
  }

  /// An empty property set (or unknown bits only) returns the member's frame bit for bit; it
  /// used to round-trip through the anchor point and move x by an ulp.
  @Test func emptyPropertiesLeaveTheFrameUnchanged() {
    var random = SplitMix64(seed: 0x3A7C4ED)
    for _ in 0..<10_000 {
      let frame = Rect(
        x: Double.random(in: -1000...1000, using: &random),
        y: Double.random(in: -1000...1000, using: &random),
        width: Double.random(in: -500...500, using: &random),
        height: Double.random(in: 0...500, using: &random))
      let shared = MatchedGeometryFrame(anchorPosition: Point(x: 3, y: 4), size: Size(width: 7, height: 8))
      let anchor = UnitPoint(
        x: Double.random(in: 0...1, using: &random), y: Double.random(in: 0...1, using: &random))
      for properties in [MatchedGeometryProperties(), MatchedGeometryProperties(rawValue: 4)] {
        let result = shared.apply(to: frame, anchor: anchor, properties: properties)
        #expect(
          result.origin.x.bitPattern == frame.origin.x.bitPattern
            && result.origin.y.bitPattern == frame.origin.y.bitPattern && result.size == frame.size,
          "seed \(random.seed): \(frame) → \(result)")
      }
    }
  }
}
