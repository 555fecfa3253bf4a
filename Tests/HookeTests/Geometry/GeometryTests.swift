import Hooke
import Testing
import _TestSupport

@Suite struct GeometryTests {
  @Test func namedAnchorsMatchSwiftUI() {
    let expected: [(UnitPoint, Double, Double)] = [
      (.zero, 0, 0), (.center, 0.5, 0.5), (.leading, 0, 0.5), (.trailing, 1, 0.5), (.top, 0.5, 0),
      (.bottom, 0.5, 1), (.topLeading, 0, 0), (.topTrailing, 1, 0), (.bottomLeading, 0, 1),
      (.bottomTrailing, 1, 1),
    ]
    for (anchor, x, y) in expected {
      #expect(anchor.x == x && anchor.y == y)
    }
  }

  @Test func rectEdgesAndStandardization() {
    let r = Rect(x: 10, y: 20, width: -4, height: 6)
    #expect(r.minX == 6 && r.maxX == 10 && r.midX == 8)
    #expect(r.minY == 20 && r.maxY == 26 && r.midY == 23)
    #expect(r.standardized == Rect(x: 6, y: 20, width: 4, height: 6))
    #expect(r.point(at: .bottomTrailing) == Point(x: 6, y: 26))
    #expect(Rect.zero.isEmpty && !r.isEmpty)
    #expect(Rect(x: 0, y: 0, width: .nan, height: 1).isEmpty)
  }

  @Test func rectSetOperations() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 5, y: 5, width: 10, height: 10)
    #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
    #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)  // touching edges only
    #expect(a.contains(Point(x: 0, y: 9.99)) && !a.contains(Point(x: 10, y: 5)))
    #expect(a.insetBy(dx: 2, dy: 3) == Rect(x: 2, y: 3, width: 6, height: 4))
    #expect(a.insetBy(dx: 8, dy: -1) == Rect(x: 5, y: -1, width: 0, height: 12))
  }

  @Test func animatableDataRoundTrips() {
    var r = Rect(x: 1, y: 2, width: 3, height: 4)
    let data = r.animatableData
    r.animatableData = data.scaled(by: 2)
    #expect(r == Rect(x: 2, y: 4, width: 6, height: 8))
    var u = UnitPoint.center
    u.animatableData = AnimatablePair(0.25, 1)
    #expect(u == UnitPoint(x: 0.25, y: 1))
  }

  @Test func sharedFrameIsSourceAnchorPlusSize() {
    let source = Rect(x: 100, y: 200, width: 40, height: 20)
    let shared = MatchedGeometryFrame(frame: source, anchor: .bottomTrailing)
    #expect(shared.anchorPosition == Point(x: 140, y: 220))
    #expect(shared.size == Size(width: 40, height: 20))
    #expect(shared.rect(anchor: .bottomTrailing) == source)
    // A member matched at .center with the whole frame is centred on the source's anchor point.
    let member = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(
      shared.apply(to: member, anchor: .center, properties: .frame)
        == Rect(x: 120, y: 210, width: 40, height: 20))
    // Position only: own size, own anchor on the shared anchor point.
    #expect(
      shared.apply(to: member, anchor: .center, properties: .position)
        == Rect(x: 135, y: 215, width: 10, height: 10))
    // Size only: shared size around the member's own anchor point.
    #expect(
      shared.apply(to: member, anchor: .center, properties: .size)
        == Rect(x: -15, y: -5, width: 40, height: 20))
    #expect(shared.apply(to: member, anchor: .center, properties: []) == member)
  }

  @Test func matchedInterpolationMovesAnchorAndSizeLinearly() {
    // Red circle (small, top-left) becomes a large rectangle: the centre travels in a straight line.
    let circle = Rect(x: 0, y: 0, width: 100, height: 100)
    let card = Rect(x: 200, y: 400, width: 300, height: 200)
    for step in 0...8 {
      let t = Double(step) / 8
      let r = circle.matchedInterpolation(to: card, amount: t)
      #expect(r.midX == 50 + (350 - 50) * t)
      #expect(r.midY == 50 + (500 - 50) * t)
      #expect(r.width == 100 + 200 * t && r.height == 100 + 100 * t)
    }
    #expect(circle.matchedInterpolation(to: card, amount: 0) == circle)
    #expect(circle.matchedInterpolation(to: card, amount: 1) == card)
    // Overshoot extrapolates (springs), anchored at the top-leading corner.
    let over = circle.matchedInterpolation(to: card, amount: 1.1, anchor: .topLeading)
    #expect(isApproximatelyEqual(over.origin.x, 220, relativeTolerance: 1e-15))
    #expect(isApproximatelyEqual(over.origin.y, 440, relativeTolerance: 1e-15))
    #expect(isApproximatelyEqual(over.width, 320, relativeTolerance: 1e-15))
    // Position-only keeps the member's size while its centre flies.
    let p = circle.matchedInterpolation(to: card, amount: 0.5, properties: .position)
    #expect(p.size == circle.size && p.center == Point(x: 200, y: 275))
  }

  @Test func nanProgressLeavesMemberAtStart() {
    let a = Rect(x: 0, y: 0, width: 10, height: 10)
    let b = Rect(x: 100, y: 0, width: 20, height: 20)
    #expect(a.matchedInterpolation(to: b, amount: .nan) == a)
  }
}
