// The `staggered-transitions` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `staggered-transitions`: N grid slots, all filled at start; every 0.1 s a wave toggles the next
/// block of N/20 slots (removing the elements there, or inserting new ones), staggered over five
/// consecutive frames (a fifth of the block per frame). Transitions are asymmetric (insertion:
/// move from the leading edge; removal: scale down); waves alternate an ease-out curve and the
/// SwiftUI spring.
package struct StaggeredTransitionsScript: SceneScript {
  /// `staggered-transitions`.
  package static let name = "staggered-transitions"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "waves of asymmetric insert/remove transitions, staggered over frames"
  let s: _Script
  var occupant: [Int]  // element id per slot, −1 when empty
  var nextID: Int
  static let transition = AnyTransition.asymmetric(insertion: .move(edge: .leading), removal: .scale(0.5))
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    occupant = Array(0..<setup.elements)
    nextID = setup.elements
  }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(
      Element(id: ElementID(i), frame: _Script.cell(i, columns: 4)).transition(Self.transition), key: i,
      from: nil)
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let period = s.frames(0.1)
    let n = s.setup.elements
    let block = max(1, n / 20)
    let wave = k / period
    let phase = k % period
    guard k > 0, phase < 5 else { return [] }
    let part = max(1, (block + 4) / 5)
    let lower = phase * part
    let upper = min(block, (phase + 1) * part)
    guard lower < upper else { return [] }
    var ops: [ScriptOp] = []
    for j in lower..<upper {
      let slot = (wave * block + j) % n
      if occupant[slot] >= 0 {
        ops.append(.remove(ElementID(occupant[slot]), key: occupant[slot], to: nil))
        occupant[slot] = -1
      } else {
        let id = nextID
        nextID += 1
        occupant[slot] = id
        ops.append(
          .insert(
            Element(id: ElementID(id), frame: _Script.cell(slot, columns: 4)).transition(Self.transition),
            key: id, from: nil))
      }
    }
    return [
      ScriptTransaction(
        animation: wave % 2 == 0 ? .curve(.easeOut, duration: 0.3) : _Motion.swiftUI, ops: ops)
    ]
  }
}
