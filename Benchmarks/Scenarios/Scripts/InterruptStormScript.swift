// The `interrupt-storm` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `interrupt-storm`: N elements in a grid; every frame a seeded fifth of them (picked with
/// replacement) gets a random new frame (anywhere in the window, 20–80 points wide and high),
/// animated by one of three animations chosen per element — the exact spring, the SwiftUI spring
/// or an ease-in-out curve — so most animations are interrupted every few frames.
package struct InterruptStormScript: SceneScript {
  /// `interrupt-storm`.
  package static let name = "interrupt-storm"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "random retargets every few frames: exact springs, SwiftUI springs, timing curves"
  let s: _Script
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) { s = _Script(setup: setup) }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(Element(id: ElementID(i), frame: _Script.cell(i, columns: 8)), key: i, from: nil)
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    guard k > 0 else { return [] }
    let n = s.setup.elements
    var random = s.random(k)
    let hits = max(1, n / 5)
    // Each kind gets about a third of the hits: room for that plus a margin of several standard
    // deviations, so the lists do not grow by doubling (each doubling a fresh block while the old
    // one is still held). Capacity only: the ops are the same.
    let room = hits / 3 + 4 * Int(Double(hits).squareRoot()) + 8
    var byKind: [[ScriptOp]] = (0..<3).map { _ in
      var ops: [ScriptOp] = []
      ops.reserveCapacity(room)
      return ops
    }
    for _ in 0..<hits {
      let i = Int(random.next() % UInt64(n))
      let kind = Int(random.next() % 3)
      let frame = Rect(
        x: random.next(in: 0, 350), y: random.next(in: 0, 800), width: random.next(in: 20, 80),
        height: random.next(in: 20, 80))
      byKind[kind].append(.move(ElementID(i), frame, container: nil, key: i))
    }
    let animations = [_Motion.exact, _Motion.swiftUI, _Motion.curve]
    return (0..<3).filter { !byKind[$0].isEmpty }.map {
      ScriptTransaction(animation: animations[$0], ops: byKind[$0])
    }
  }
}
