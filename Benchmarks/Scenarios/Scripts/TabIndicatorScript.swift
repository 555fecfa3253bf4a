// The `tab-indicator` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// `tab-indicator`: N/6 tab bars of five tabs and one selection indicator; the indicator is
/// a matched-geometry source per bar (match id = bar) that hops the SwiftUI way — the old
/// indicator is removed and a new one inserted under the newly selected tab (identity
/// transition), so the shared frame springs across. Each frame about 1/30 of the bars (seeded)
/// select a new tab; the spring is SwiftUI's (response 0.35 s, fraction 0.8).
package struct TabIndicatorScript: SceneScript {
  /// `tab-indicator`.
  package static let name = "tab-indicator"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "many tab bars; the matched selection indicator hops"
  let s: _Script
  let ns: Namespace
  let bars: Int
  var indicator: [Int]  // current indicator element id per bar
  var selected: [Int]
  var nextID: Int
  /// The script for `setup` (O(N) state).
  package init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
    bars = max(1, setup.elements / 6)
    indicator = (0..<bars).map { $0 * 6 + 5 }
    selected = Array(repeating: 0, count: bars)
    nextID = bars * 6
  }
  static func tab(_ bar: Int, _ t: Int) -> Rect {
    Rect(x: Double(t) * 78, y: Double(bar) * 50, width: 78, height: 44)
  }
  static func underline(_ bar: Int, _ t: Int) -> Rect {
    Rect(x: Double(t) * 78 + 8, y: Double(bar) * 50 + 44, width: 62, height: 3)
  }
  func indicatorElement(_ id: Int, bar: Int, tab: Int) -> Element {
    Element(id: ElementID(id), frame: Self.underline(bar, tab)).matchedGeometry(id: .int(bar), in: ns)
      .transition(.identity)
  }
  /// Six inserts per bar.
  package var initialOpCount: Int { bars * 6 }
  /// Initial element `i` (see the type): bar `i / 6`'s five tabs, then its indicator under tab 0.
  package func initialOp(_ i: Int) -> ScriptOp {
    let b = i / 6
    let t = i % 6
    if t < 5 { return .insert(Element(id: ElementID(i), frame: Self.tab(b, t)), key: i, from: nil) }
    return .insert(indicatorElement(i, bar: b, tab: 0), key: i, from: nil)
  }
  /// Frame `k`'s transactions (see the type).
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    guard k > 0 else { return [] }
    var random = s.random(k)
    var ops: [ScriptOp] = []
    let hops = max(1, bars / 30)
    for _ in 0..<hops {
      let b = Int(random.next() % UInt64(bars))
      let t = (selected[b] + 1 + Int(random.next() % 4)) % 5
      selected[b] = t
      ops.append(.remove(ElementID(indicator[b]), key: b * 6 + 5, to: nil))
      indicator[b] = nextID
      nextID += 1
      ops.append(.insert(indicatorElement(indicator[b], bar: b, tab: t), key: b * 6 + 5, from: nil))
    }
    return [ScriptTransaction(animation: .swiftUISpring(response: 0.35, dampingFraction: 0.8), ops: ops)]
  }
}
