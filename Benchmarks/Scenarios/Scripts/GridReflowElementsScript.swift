// The `grid-reflow-elements` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `grid-reflow-elements`: ``GridReflowScript``'s timeline with every card a plain ``Element``
/// (its own matched group) and every reflow N `setFrame` changes — the general scene path's
/// cost for the same motion.
package struct GridReflowElementsScript: SceneScript {
  /// `grid-reflow-elements`.
  package static let name = "grid-reflow-elements"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "grid-reflow with every card a plain element and every reflow N frame changes (the general scene path)"
  let s: _Script
  let ns: Namespace
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
  }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(
      Element(id: ElementID(i), frame: _Script.cell(i, columns: 4)).matchedGeometry(id: .int(i), in: ns),
      key: i, from: nil)
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let period = s.frames(0.3)
    guard k > 0, k % period == 0 else { return [] }
    let reflow = k / period
    let columns = GridReflowScript.columns[reflow % 4]
    let ops: [ScriptOp] = (0..<s.setup.elements).map { i in
      .move(ElementID(i), _Script.cell(i, columns: columns), container: nil, key: i)
    }
    return [ScriptTransaction(animation: reflow % 2 == 0 ? _Motion.exact : _Motion.swiftUI, ops: ops)]
  }
}
