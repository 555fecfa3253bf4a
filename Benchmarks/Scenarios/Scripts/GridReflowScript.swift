// The `grid-reflow` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `grid-reflow`: N cards in a grid — one ``ElementGrid`` (SwiftUI's `LazyVGrid` over a
/// `ForEach`, each card matched in a namespace as its own group's source); every 0.3 s the grid
/// changes column count (4 → 6 → 3 → 5 → …) and every card moves — re-triggered before the
/// 0.5 s springs settle. Reflows alternate SwiftUI-model and exact springs. The layout is
/// `_Script.cell` (390 points wide, 8-point spacing, 60-point rows), so the channel path's
/// per-card moves land on exactly the scene's frames.
package struct GridReflowScript: SceneScript {
  /// `grid-reflow`.
  package static let name = "grid-reflow"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "all cards of a grid move to a new column count via matched-geometry springs, re-triggered before settling"
  let s: _Script
  let ns: Namespace
  static let columns = [4, 6, 3, 5]
  /// The script for `setup` (O(1) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
  }
  func grid(columns: Int) -> ElementGrid {
    ElementGrid(
      id: 0, firstElementID: 0, count: s.setup.elements, columns: columns,
      bounds: Rect(x: 0, y: 0, width: 390, height: 0), rowHeight: 60, spacing: 8
    ).matchedGeometry(in: ns)
  }
  /// One op: the grid.
  package var initialOpCount: Int { 1 }
  /// The initial grid (see the type).
  package func initialOp(_ i: Int) -> ScriptOp { .insertGrid(grid(columns: 4), key: 0) }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let period = s.frames(0.3)
    guard k > 0, k % period == 0 else { return [] }
    let reflow = k / period
    let ops: [ScriptOp] = [.updateGrid(grid(columns: Self.columns[reflow % 4]), key: 0)]
    return [ScriptTransaction(animation: reflow % 2 == 0 ? _Motion.exact : _Motion.swiftUI, ops: ops)]
  }
}
