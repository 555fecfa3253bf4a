// The `zoom-navigation` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `zoom-navigation`: N list rows (44 points), each a zoom transition source (match id = row);
/// in lanes of 1000 rows one row at a time zooms into a full-screen detail (navigation zoom
/// transition, SwiftUI spring 0.45 s / 0.85) and back after a seeded 0.3–0.9 s, then the next
/// row opens after 0.1–0.4 s.
package struct ZoomNavigationScript: SceneScript {
  /// `zoom-navigation`.
  package static let name = "zoom-navigation"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "list rows zoom into a detail (navigation zoom transition) and back"
  let s: _Script
  let ns: Namespace
  static let lane = 1000
  struct Lane {
    var row = -1
    var nextEvent = 1
  }
  var lanes: [Lane]
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
    lanes = Array(repeating: Lane(), count: (setup.elements + Self.lane - 1) / Self.lane)
  }
  static func row(_ i: Int) -> Rect { Rect(x: 0, y: Double(i) * 44, width: 390, height: 44) }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(
      Element(id: ElementID(i), frame: Self.row(i)).matchedTransitionSource(id: .int(i), in: ns), key: i,
      from: nil)
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    var ops: [ScriptOp] = []
    let n = s.setup.elements
    for l in lanes.indices where lanes[l].nextEvent == k {
      var random = s.random(k, UInt64(l + 1))
      let detail = n + l
      if lanes[l].row < 0 {
        let range = l * Self.lane..<min(n, (l + 1) * Self.lane)
        let row = range.lowerBound + Int(random.next() % UInt64(range.count))
        lanes[l] = Lane(row: row, nextEvent: k + s.frames(random.next(in: 0.3, 0.9)))
        ops.append(
          .insert(
            Element(id: ElementID(detail), frame: _Script.fullScreen)
              .navigationTransition(.zoom(sourceID: .int(row), in: ns)).with { $0.zIndex = 5 },
            key: detail, from: Self.row(row)))
      } else {
        ops.append(.remove(ElementID(detail), key: detail, to: Self.row(lanes[l].row)))
        lanes[l] = Lane(row: -1, nextEvent: k + s.frames(random.next(in: 0.1, 0.4)))
      }
    }
    return ops.isEmpty
      ? [] : [ScriptTransaction(animation: .swiftUISpring(response: 0.45, dampingFraction: 0.85), ops: ops)]
  }
}
