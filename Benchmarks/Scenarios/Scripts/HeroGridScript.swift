// The `hero-grid` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `hero-grid`: an adaptive grid of N cards in lanes of 1000; per lane a card opens into a
/// detail (the card leaves, a detail background with the card's match id takes its place and
/// grows full screen, a title fades in, the lane's other cards fade to 0), then closes after a
/// seeded 0.2–0.8 s — often before the 0.5 s spring settles (an interruption mid-flight) — and
/// the next card opens after a seeded 0.1–0.5 s pause.
package struct HeroGridScript: SceneScript {
  /// `hero-grid`.
  package static let name = "hero-grid"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "cards open into a detail (matched background, fading rest) and close, often mid-flight"
  let s: _Script
  let ns: Namespace
  static let lane = 1000
  struct Lane {
    var card = -1
    var nextEvent = 1
    var detail = 0
  }
  var lanes: [Lane]
  var nextID: Int
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
    lanes = Array(repeating: Lane(), count: (setup.elements + Self.lane - 1) / Self.lane)
    nextID = setup.elements
  }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(
      Element(id: ElementID(i), frame: _Script.cell(i, columns: 3)).matchedGeometry(id: .int(i), in: ns),
      key: i, from: nil)
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    var ops: [ScriptOp] = []
    let n = s.setup.elements
    // One reservation for every lane that fires: reserving per lane reallocated (and copied) the
    // whole list once per lane, quadratic in the lanes firing together.
    var firing = 0
    for lane in lanes where lane.nextEvent == k { firing += 1 }
    ops.reserveCapacity(firing * (Self.lane + 3))
    for l in lanes.indices where lanes[l].nextEvent == k {
      var random = s.random(k, UInt64(l + 1))
      let range = l * Self.lane..<min(n, (l + 1) * Self.lane)
      if lanes[l].card < 0 {
        let card = range.lowerBound + Int(random.next() % UInt64(range.count))
        let detail = nextID
        nextID += 2
        lanes[l] = Lane(card: card, nextEvent: k + s.frames(random.next(in: 0.2, 0.8)), detail: detail)
        ops.append(.remove(ElementID(card), key: card, to: nil))
        ops.append(
          .insert(
            Element(id: ElementID(detail), frame: _Script.fullScreen).matchedGeometry(id: .int(card), in: ns)
              .with { $0.zIndex = 2 },
            key: card, from: nil))
        ops.append(
          .insert(
            Element(id: ElementID(detail + 1), frame: Rect(x: 16, y: 60, width: 358, height: 40)).with {
              $0.zIndex = 3
            },
            key: detail + 1, from: nil))
        for i in range where i != card { ops.append(.opacity(ElementID(i), 0, key: i)) }
      } else {
        let card = lanes[l].card
        let detail = lanes[l].detail
        ops.append(.remove(ElementID(detail + 1), key: detail + 1, to: nil))
        ops.append(.remove(ElementID(detail), key: card, to: nil))
        ops.append(
          .insert(
            Element(id: ElementID(card), frame: _Script.cell(card, columns: 3)).matchedGeometry(
              id: .int(card), in: ns),
            key: card, from: nil))
        for i in range where i != card { ops.append(.opacity(ElementID(i), 1, key: i)) }
        lanes[l] = Lane(card: -1, nextEvent: k + s.frames(random.next(in: 0.1, 0.5)), detail: 0)
      }
    }
    return ops.isEmpty ? [] : [ScriptTransaction(animation: _Motion.swiftUI, ops: ops)]
  }
}
