// The `shuffle` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `shuffle`: two clipped containers (left and right half) each listing half of the N items in
/// 44-point rows; every 0.25 s, N/32 seeded pairs (one item of each side) exchange places and
/// containers. Waves alternate an ease-in-out curve and the SwiftUI spring.
package struct ShuffleScript: SceneScript {
  /// `shuffle`.
  package static let name = "shuffle"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "items exchange places between two clipped containers"
  let s: _Script
  var slotOf: [Int]  // item → slot (slots < half are left)
  var itemAt: [Int]
  let half: Int
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    slotOf = Array(0..<setup.elements)
    itemAt = slotOf
    half = max(1, setup.elements / 2)
  }
  func frame(ofSlot slot: Int) -> Rect {
    let left = slot < half
    let row = left ? slot : slot - half
    return Rect(x: left ? 0 : 195, y: Double(row) * 44, width: 195, height: 44)
  }
  func container(ofSlot slot: Int) -> ContainerID { slot < half ? 1 : 2 }
  /// The two clipped halves of the window.
  package func initialContainers() -> [Container] {
    [
      Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 195, height: 844)),
      Container(id: 2, clipRect: Rect(x: 195, y: 0, width: 195, height: 844)),
    ]
  }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(
      Element(id: ElementID(i), frame: frame(ofSlot: i), container: container(ofSlot: i)), key: i, from: nil
    )
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let period = s.frames(0.25)
    let n = s.setup.elements
    guard k > 0, k % period == 0, n >= 2 else { return [] }
    var random = s.random(k)
    var ops: [ScriptOp] = []
    for _ in 0..<max(1, n / 32) {
      let a = Int(random.next() % UInt64(half))
      let b = half + Int(random.next() % UInt64(n - half))
      let ia = itemAt[a]
      let ib = itemAt[b]
      itemAt[a] = ib
      itemAt[b] = ia
      slotOf[ia] = b
      slotOf[ib] = a
      ops.append(.move(ElementID(ia), frame(ofSlot: b), container: container(ofSlot: b), key: ia))
      ops.append(.move(ElementID(ib), frame(ofSlot: a), container: container(ofSlot: a), key: ib))
    }
    return [ScriptTransaction(animation: (k / period) % 2 == 0 ? _Motion.curve : _Motion.swiftUI, ops: ops)]
  }
}
