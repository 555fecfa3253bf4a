// The scenario scripts: deterministic, seeded, integer-frame timelines of transactions. One
// script drives both a full `HookeScene.Scene` (engine `hooke`) and the channel path (every
// `ChannelEngine`), see `SceneScenarioWorkload` and `ChannelScenarioWorkload`.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// The animation of a scripted transaction.
public enum ScriptAnimation: Hashable, Sendable {
  /// Not animated: changes apply at once.
  case none
  /// The exact spring (`FluidSpringAnimation` with model `.exact`).
  case spring(Spring)
  /// SwiftUI's animation spring `.spring(response:dampingFraction:)`.
  case swiftUISpring(response: Double, dampingFraction: Double)
  /// A timing curve (`.timingCurve(curve, duration:)`).
  case curve(UnitCurve, duration: Double)

  /// The HookeAnimation value (`nil` for ``none``).
  public var animation: Animation? {
    switch self {
    case .none: return nil
    case .spring(let s):
      return Animation(
        FluidSpringAnimation(
          response: s.response, dampingFraction: s.dampingRatio, blendDuration: 0, model: .exact))
    case .swiftUISpring(let r, let f): return .spring(response: r, dampingFraction: f)
    case .curve(let c, let d): return .timingCurve(c, duration: d)
    }
  }

  /// The channel motion (``none`` becomes a zero-duration curve: arrive on the next step).
  public var motion: ChannelMotion {
    switch self {
    case .none: return .timingCurve(.linear, duration: 0)
    case .spring(let s): return .spring(s)
    case .swiftUISpring(let r, let f): return .swiftUISpring(response: r, dampingFraction: f)
    case .curve(let c, let d): return .timingCurve(c, duration: d)
    }
  }
}

/// One scripted change. `key` names the channel owner on the channel path: the element's id, or
/// for matched-geometry members a key shared by the group (so a matched hop is a retarget).
public enum ScriptOp {
  /// Inserts `element`; on the channel path its frame starts at `from` (zoom) or at its frame,
  /// and its opacity fades in from 0 when animated.
  case insert(Element, key: Int, from: Rect?)
  /// Removes element `id`; on the channel path its opacity fades to 0 and its frame moves to
  /// `to` when given; the owner leaves when its channels rest.
  case remove(ElementID, key: Int, to: Rect?)
  /// Moves element `id` to `frame` (and into `container` when given).
  case move(ElementID, Rect, container: ContainerID?, key: Int)
  /// Sets element `id`'s opacity.
  case opacity(ElementID, Double, key: Int)
  /// Inserts `grid` (``ElementGrid``); on the channel path card `i` is owner `key + i`, inserted
  /// like an element at its cell.
  case insertGrid(ElementGrid, key: Int)
  /// Changes grid `grid.id` to `grid` (same cards, new layout); on the channel path owner
  /// `key + i` moves to card `i`'s new cell.
  case updateGrid(ElementGrid, key: Int)
}

/// A transaction of the script.
public struct ScriptTransaction {
  /// Its animation.
  public var animation: ScriptAnimation
  /// Its changes, applied in order.
  public var ops: [ScriptOp]
}

/// A scenario script: the initial elements and the transactions of each frame.
public protocol SceneScript: SendableMetatype {
  /// A script for `setup`; `namespace` is the scene's (a placeholder on the channel path).
  init(setup: WorkloadSetup, namespace: Namespace)
  /// Containers and elements present before frame 0 (inserted without animation).
  func initialContainers() -> [Container]
  /// The elements present before frame 0 (as insert ops).
  func initialOps() -> [ScriptOp]
  /// The transactions of frame `k` (applied at frame k's time before the frame is advanced).
  mutating func transactions(atFrame k: Int) -> [ScriptTransaction]
}

extension SceneScript {
  /// No containers besides the root.
  public func initialContainers() -> [Container] { [] }
}

// MARK: - Shared script vocabulary

/// Springs and curves the scripts use (all springs under-damped, see `ReferenceChannelEngine`).
enum _Motion {
  static let exact = ScriptAnimation.spring(Spring(response: 0.5, dampingRatio: 0.8))
  static let swiftUI = ScriptAnimation.swiftUISpring(response: 0.5, dampingFraction: 0.825)
  static let curve = ScriptAnimation.curve(.easeInOut, duration: 0.35)
}

/// Deterministic helpers shared by the scripts.
struct _Script {
  let setup: WorkloadSetup
  /// Frames in `seconds` at the setup's rate (≥ 1), so scripts behave alike at any Hz.
  func frames(_ seconds: Double) -> Int { max(1, Int((seconds * Double(setup.hz)).rounded())) }
  /// The random stream of frame `k` (independent of earlier frames' draws).
  func random(_ k: Int, _ salt: UInt64 = 0) -> _SplitMix64 {
    _SplitMix64(
      seed: setup.seed ^ (UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9_7F4A_7C15)
        ^ (salt &* 0xD6E8_FEB8_6659_FD93))
  }
  /// Cell `i` of a grid of `columns` columns, 390 points wide, 8-point spacing, 60-point rows.
  static func cell(_ i: Int, columns: Int) -> Rect {
    let w = (390 - Double(columns - 1) * 8) / Double(columns)
    return Rect(x: Double(i % columns) * (w + 8), y: Double(i / columns) * 68, width: w, height: 60)
  }
  static let fullScreen = Rect(x: 0, y: 0, width: 390, height: 844)
}

// MARK: - grid-reflow

/// `grid-reflow`: N cards in a grid — one ``ElementGrid`` (SwiftUI's `LazyVGrid` over a
/// `ForEach`, each card matched in a namespace as its own group's source); every 0.3 s the grid
/// changes column count (4 → 6 → 3 → 5 → …) and every card moves — re-triggered before the
/// 0.5 s springs settle. Reflows alternate SwiftUI-model and exact springs. The layout is
/// `_Script.cell` (390 points wide, 8-point spacing, 60-point rows), so the channel path's
/// per-card moves land on exactly the scene's frames.
public struct GridReflowScript: SceneScript {
  let s: _Script
  let ns: Namespace
  static let columns = [4, 6, 3, 5]
  /// The script for `setup` (O(1) state).
  public init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
  }
  func grid(columns: Int) -> ElementGrid {
    ElementGrid(
      id: 0, firstElementID: 0, count: s.setup.elements, columns: columns,
      bounds: Rect(x: 0, y: 0, width: 390, height: 0), rowHeight: 60, spacing: 8
    ).matchedGeometry(in: ns)
  }
  /// The initial grid (see the type).
  public func initialOps() -> [ScriptOp] { [.insertGrid(grid(columns: 4), key: 0)] }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let period = s.frames(0.3)
    guard k > 0, k % period == 0 else { return [] }
    let reflow = k / period
    let ops: [ScriptOp] = [.updateGrid(grid(columns: Self.columns[reflow % 4]), key: 0)]
    return [ScriptTransaction(animation: reflow % 2 == 0 ? _Motion.exact : _Motion.swiftUI, ops: ops)]
  }
}

/// `grid-reflow-elements`: ``GridReflowScript``'s timeline with every card a plain ``Element``
/// (its own matched group) and every reflow N `setFrame` changes — the general scene path's
/// cost for the same motion.
public struct GridReflowElementsScript: SceneScript {
  let s: _Script
  let ns: Namespace
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
  }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(
        Element(id: ElementID(i), frame: _Script.cell(i, columns: 4)).matchedGeometry(id: .int(i), in: ns),
        key: i, from: nil)
    }
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
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

// MARK: - hero-grid

/// `hero-grid`: an adaptive grid of N cards in lanes of 1000; per lane a card opens into a
/// detail (the card leaves, a detail background with the card's match id takes its place and
/// grows full screen, a title fades in, the lane's other cards fade to 0), then closes after a
/// seeded 0.2–0.8 s — often before the 0.5 s spring settles (an interruption mid-flight) — and
/// the next card opens after a seeded 0.1–0.5 s pause.
public struct HeroGridScript: SceneScript {
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
  public init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
    lanes = Array(repeating: Lane(), count: (setup.elements + Self.lane - 1) / Self.lane)
    nextID = setup.elements
  }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(
        Element(id: ElementID(i), frame: _Script.cell(i, columns: 3)).matchedGeometry(id: .int(i), in: ns),
        key: i, from: nil)
    }
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    var ops: [ScriptOp] = []
    let n = s.setup.elements
    for l in lanes.indices where lanes[l].nextEvent == k {
      var random = s.random(k, UInt64(l + 1))
      let range = l * Self.lane..<min(n, (l + 1) * Self.lane)
      ops.reserveCapacity(ops.count + range.count + 3)
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

// MARK: - shuffle

/// `shuffle`: two clipped containers (left and right half) each listing half of the N items in
/// 44-point rows; every 0.25 s, N/32 seeded pairs (one item of each side) exchange places and
/// containers. Waves alternate an ease-in-out curve and the SwiftUI spring.
public struct ShuffleScript: SceneScript {
  let s: _Script
  var slotOf: [Int]  // item → slot (slots < half are left)
  var itemAt: [Int]
  let half: Int
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) {
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
  public func initialContainers() -> [Container] {
    [
      Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 195, height: 844)),
      Container(id: 2, clipRect: Rect(x: 195, y: 0, width: 195, height: 844)),
    ]
  }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(
        Element(id: ElementID(i), frame: frame(ofSlot: i), container: container(ofSlot: i)), key: i, from: nil
      )
    }
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
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

// MARK: - tab-indicator

/// `tab-indicator`: N/6 tab bars of five tabs and one selection indicator; the indicator is
/// a matched-geometry source per bar (match id = bar) that hops the SwiftUI way — the old
/// indicator is removed and a new one inserted under the newly selected tab (identity
/// transition), so the shared frame springs across. Each frame about 1/30 of the bars (seeded)
/// select a new tab; the spring is SwiftUI's (response 0.35 s, fraction 0.8).
public struct TabIndicatorScript: SceneScript {
  let s: _Script
  let ns: Namespace
  let bars: Int
  var indicator: [Int]  // current indicator element id per bar
  var selected: [Int]
  var nextID: Int
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) {
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
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    var ops: [ScriptOp] = []
    for b in 0..<bars {
      for t in 0..<5 {
        ops.append(
          .insert(Element(id: ElementID(b * 6 + t), frame: Self.tab(b, t)), key: b * 6 + t, from: nil))
      }
      ops.append(.insert(indicatorElement(b * 6 + 5, bar: b, tab: 0), key: b * 6 + 5, from: nil))
    }
    return ops
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
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

// MARK: - staggered-transitions

/// `staggered-transitions`: N grid slots, all filled at start; every 0.1 s a wave toggles the next
/// block of N/20 slots (removing the elements there, or inserting new ones), staggered over five
/// consecutive frames (a fifth of the block per frame). Transitions are asymmetric (insertion:
/// move from the leading edge; removal: scale down); waves alternate an ease-out curve and the
/// SwiftUI spring.
public struct StaggeredTransitionsScript: SceneScript {
  let s: _Script
  var occupant: [Int]  // element id per slot, −1 when empty
  var nextID: Int
  static let transition = AnyTransition.asymmetric(insertion: .move(edge: .leading), removal: .scale(0.5))
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    occupant = Array(0..<setup.elements)
    nextID = setup.elements
  }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(
        Element(id: ElementID(i), frame: _Script.cell(i, columns: 4)).transition(Self.transition), key: i,
        from: nil)
    }
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
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

// MARK: - zoom-navigation

/// `zoom-navigation`: N list rows (44 points), each a zoom transition source (match id = row);
/// in lanes of 1000 rows one row at a time zooms into a full-screen detail (navigation zoom
/// transition, SwiftUI spring 0.45 s / 0.85) and back after a seeded 0.3–0.9 s, then the next
/// row opens after 0.1–0.4 s.
public struct ZoomNavigationScript: SceneScript {
  let s: _Script
  let ns: Namespace
  static let lane = 1000
  struct Lane {
    var row = -1
    var nextEvent = 1
  }
  var lanes: [Lane]
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) {
    s = _Script(setup: setup)
    ns = namespace
    lanes = Array(repeating: Lane(), count: (setup.elements + Self.lane - 1) / Self.lane)
  }
  static func row(_ i: Int) -> Rect { Rect(x: 0, y: Double(i) * 44, width: 390, height: 44) }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(
        Element(id: ElementID(i), frame: Self.row(i)).matchedTransitionSource(id: .int(i), in: ns), key: i,
        from: nil)
    }
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
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

// MARK: - interrupt-storm

/// `interrupt-storm`: N elements in a grid; every frame a seeded fifth of them (picked with
/// replacement) gets a random new frame (anywhere in the window, 20–80 points wide and high),
/// animated by one of three animations chosen per element — the exact spring, the SwiftUI spring
/// or an ease-in-out curve — so most animations are interrupted every few frames.
public struct InterruptStormScript: SceneScript {
  let s: _Script
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) { s = _Script(setup: setup) }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(Element(id: ElementID(i), frame: _Script.cell(i, columns: 8)), key: i, from: nil)
    }
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    guard k > 0 else { return [] }
    let n = s.setup.elements
    var random = s.random(k)
    var byKind: [[ScriptOp]] = [[], [], []]
    for _ in 0..<max(1, n / 5) {
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

// MARK: - keyframes

/// The pose a keyframe timeline animates: offset and scale of a card.
public struct KeyframePose: Hashable, Sendable {
  /// Horizontal offset in points.
  public var dx: Double = 0
  /// Vertical offset in points.
  public var dy: Double = 0
  /// Scale factor about the card's centre.
  public var scale: Double = 1
  /// The identity pose.
  public init() {}
}

/// `keyframes`: N cards, each running a looping `KeyframeTimeline` (tracks: a linear then spring
/// horizontal offset, a cubic vertical bounce, a spring scale pulse; 1.2 s) with one of 16 phase
/// offsets; every frame every card's frame is set, without animation, to its cell moved and
/// scaled by the timeline's value at the card's looped time (keyframe-driven properties, as
/// `keyframeAnimator` does).
public struct KeyframesScript: SceneScript {
  let s: _Script
  static let phases = 16
  /// The looping timeline.
  nonisolated(unsafe) public static let timeline: KeyframeTimeline<KeyframePose> = KeyframeTimeline(
    initialValue: KeyframePose(),
    KeyframeTrack(\KeyframePose.dx) {
      LinearKeyframe(24.0, duration: 0.4, timingCurve: .easeInOut)
      SpringKeyframe(0.0, duration: 0.8, spring: .bouncy)
    },
    KeyframeTrack(\KeyframePose.dy) {
      CubicKeyframe(-18.0, duration: 0.5)
      CubicKeyframe(0.0, duration: 0.7)
    },
    KeyframeTrack(\KeyframePose.scale) {
      SpringKeyframe(1.15, duration: 0.3, spring: .snappy)
      LinearKeyframe(1.0, duration: 0.9)
    })
  /// The script for `setup` (O(N) state).
  public init(setup: WorkloadSetup, namespace: Namespace) { s = _Script(setup: setup) }
  /// The initial elements (see the type).
  public func initialOps() -> [ScriptOp] {
    (0..<s.setup.elements).map { i in
      .insert(Element(id: ElementID(i), frame: _Script.cell(i, columns: 6)), key: i, from: nil)
    }
  }
  /// Card `i`'s frame at frame `k`: its cell offset and scaled about its centre by the timeline
  /// at `(t + phase·duration/16) mod duration`, `t = k/hz` from integer ticks.
  public static func frame(card i: Int, frame k: Int, setup: WorkloadSetup) -> Rect {
    pose(frame(card: i), at: pose(phase: i % phases, frame: k, setup: setup))
  }
  static func frame(card i: Int) -> Rect { _Script.cell(i, columns: 6) }
  static func pose(phase: Int, frame k: Int, setup: WorkloadSetup) -> KeyframePose {
    let d = timeline.duration
    let t = setup.seconds(atTick: setup.tick(ofFrame: k)) + Double(phase) * d / Double(phases)
    let looped = t - (t / d).rounded(.down) * d
    return timeline.value(time: looped)
  }
  static func pose(_ cell: Rect, at p: KeyframePose) -> Rect {
    let w = cell.size.width * p.scale
    let h = cell.size.height * p.scale
    return Rect(
      x: cell.origin.x + p.dx + (cell.size.width - w) / 2,
      y: cell.origin.y + p.dy + (cell.size.height - h) / 2,
      width: w, height: h)
  }
  /// Frame `k`'s transactions (see the type).
  public mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let poses = (0..<Self.phases).map { Self.pose(phase: $0, frame: k, setup: s.setup) }
    let ops: [ScriptOp] = (0..<s.setup.elements).map { i in
      .move(ElementID(i), Self.pose(Self.frame(card: i), at: poses[i % Self.phases]), container: nil, key: i)
    }
    return [ScriptTransaction(animation: .none, ops: ops)]
  }
}
