// The eight scene scenarios of the benchmark suite (plus grid-reflow-elements) as FrameBudget
// workloads, on the full scene and on the channel path.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// Counters shared by both paths (definitions in ``SceneScenarioWorkload``).
struct _ScriptCounters {
  var channelsStepped: UInt64 = 0
  var retargets: UInt64 = 0
  var transitionsStarted: UInt64 = 0
  var transitionsFinished: UInt64 = 0
  var transactions: UInt64 = 0
  var frames: UInt64 = 0

  mutating func count(_ tx: ScriptTransaction) {
    transactions += 1
    for op in tx.ops {
      switch op {
      case .insert, .remove: if tx.animation != .none { transitionsStarted += 1 }
      case .move, .opacity: retargets += 1
      case .insertGrid(let g, _): if tx.animation != .none { transitionsStarted += UInt64(max(0, g.count)) }
      case .updateGrid(let g, _): retargets += UInt64(max(0, g.count))
      }
    }
  }

  var dictionary: WorkCounters {
    [
      "channelsStepped": channelsStepped, "retargets": retargets, "transitionsStarted": transitionsStarted,
      "transitionsFinished": transitionsFinished, "transactions": transactions, "frames": frames,
    ]
  }
}

/// A scenario script on a full `HookeScene.Scene(fastPath: true, threads: setup.threads)`: engine
/// `hooke` (the scene's frame work runs on `setup.threads` workers; results do not depend on it).
///
/// Before frame 0 the script's containers and elements are inserted without animation. Frame
/// `k` applies the script's transactions of frame `k` at time `k/hz` (from integer ticks), then
/// advances the scene to that time (render list written). Counters: `channelsStepped` — batch
/// channels animating on the fast path at each advance plus the moving grids' channels
/// (`Scene.gridActiveChannelCount`; general-path style/effect animators are not counted); `retargets` — move and opacity changes; `transitionsStarted` — animated
/// insertions and removals; `transitionsFinished` — elements that left the scene after their
/// removal transition; `transactions`, `frames`. Checksum: FNV-1a over the render list's row
/// count and every row's id, kind, x, y, width, height, opacity, rotation and blur radius.
/// Single-threaded (HookeScene steps on one thread), so results cannot depend on `threads`.
public final class SceneScenarioWorkload<Script: SceneScript>: FrameWorkload {
  /// The setup.
  public let setup: WorkloadSetup
  /// The scene (read its `renderList` between frames).
  public private(set) var scene: Scene
  var script: Script
  var c = _ScriptCounters()
  var inserted = 0

  /// Builds the scene and inserts the script's initial elements (O(N)).
  public init(setup: WorkloadSetup) {
    self.setup = setup
    scene = Scene(bounds: _Script.fullScreen, fastPath: true, threads: max(1, setup.threads))
    let ns = scene.makeNamespace()
    script = Script(setup: setup, namespace: ns)
    let containers = script.initialContainers()
    let ops = script.initialOps()
    scene.withoutAnimation(at: 0) { tx in
      for container in containers { tx.setContainer(container) }
      tx.reserveCapacity(ops.count)
      for op in ops { Self.record(op, into: &tx) }
    }
    inserted = scene.elementCount
  }

  static func record(_ op: ScriptOp, into tx: inout SceneTransaction) {
    switch op {
    case .insert(let e, _, _): tx.insert(e)
    case .remove(let id, _, _): tx.remove(id)
    case .move(let id, let frame, let container, _):
      if let container {
        tx.update(id) {
          $0.frame = frame
          $0.container = container
        }
      } else {
        tx.setFrame(id, frame)
      }
    case .opacity(let id, let o, _): tx.update(id) { $0.opacity = o }
    case .insertGrid(let g, _): tx.insertGrid(g)
    case .updateGrid(let g, _): tx.updateGrid(g.id) { $0 = g }
    }
  }

  /// Applies frame `k`'s transactions and advances the scene to `k/hz`.
  public func performFrame(_ k: Int) throws {
    let t = setup.seconds(atTick: setup.tick(ofFrame: k))
    for tx in script.transactions(atFrame: k) {
      c.count(tx)
      for op in tx.ops {
        if case .insert = op { inserted += 1 }
        if case .insertGrid(let g, _) = op { inserted += max(0, g.count) }
      }
      scene.withAnimation(tx.animation.animation, at: t) { s in
        s.reserveCapacity(tx.ops.count)
        for op in tx.ops { Self.record(op, into: &s) }
      }
    }
    c.channelsStepped += UInt64(scene.fastPathActiveChannelCount + scene.gridActiveChannelCount)
    scene.advance(to: t)
    c.transitionsFinished = UInt64(max(0, inserted - scene.elementCount))
    c.frames += 1
  }

  /// FNV-1a over the render list (see the type).
  public func renderListChecksum() -> UInt64 {
    let r = scene.renderList
    var d = _FNV1a()
    d.combine(UInt64(r.count))
    for i in 0..<r.count {
      d.combine(UInt64(bitPattern: Int64(r.ids[i].rawValue)))
      d.combine(UInt64(r.kinds[i].rawValue))
      d.combine(r.x[i])
      d.combine(r.y[i])
      d.combine(r.width[i])
      d.combine(r.height[i])
      let style = r.style(at: i)
      d.combine(style.opacity)
      d.combine(style.rotation)
      d.combine(style.blurRadius)
    }
    return d.value
  }

  /// See the type.
  public var counters: WorkCounters { c.dictionary }
}

/// The same scenario script at channel level, on any ``ChannelEngine`` (engines `hooke-channels`,
/// `naive`, `euler`, `rk4`, or a user's).
///
/// Why a channel path: the reference engines are scalar spring steppers and cannot run inside
/// HookeScene, so every engine — Hooke's batch engine included, as `hooke-channels` — runs the
/// script's *animated scalars* directly: each channel owner (an element, or a matched group,
/// keyed by the op's `key`) is five channels (x, y, width, height, opacity). An insert creates
/// an owner at its frame (or at `from`, for zoom) with opacity fading 0 → 1 (immediately 1 when
/// not animated), or — if the key's owner exists (a matched hop) — retargets its frame; a
/// remove fades opacity to 0 (and moves the frame to `to`), and the owner leaves once all five
/// channels rest; moves and opacity changes retarget. Transition shapes, matched-geometry
/// resolution, clipping and render order are not modelled: compare engines with each other on
/// this path, and Hooke's full scene (`hooke`) for the cost of the whole scene model.
///
/// Counters: as ``SceneScenarioWorkload`` (`channelsStepped` from the engine's advance,
/// `transitionsFinished` = owners that left). Checksum: FNV-1a over the live owners in key order
/// (key and five channel values). Deterministic per engine; `hooke-channels` is bit-identical
/// for any thread count.
public final class ChannelScenarioWorkload<Script: SceneScript>: FrameWorkload {
  /// The setup.
  public let setup: WorkloadSetup
  /// The engine.
  public let engine: any ChannelEngine
  var script: Script
  var c = _ScriptCounters()
  struct Owner {
    var channels: (Int, Int, Int, Int, Int)
    var removing: Bool
  }
  var owners: [Int: Owner] = [:]
  var removing: Set<Int> = []

  /// Creates the workload on `engine` and inserts the script's initial elements.
  public init(setup: WorkloadSetup, engine: any ChannelEngine) {
    self.setup = setup
    self.engine = engine
    script = Script(setup: setup, namespace: Namespace(sceneToken: 0, rawValue: 0))
    owners.reserveCapacity(setup.elements)
    for op in script.initialOps() { apply(op, .none) }
  }

  func add(_ key: Int, frame: Rect, from: Rect?, opacity: Double, target: Double, _ m: ChannelMotion) {
    let f = from ?? frame
    let e = engine
    owners[key] = Owner(
      channels: (
        e.addChannel(value: f.origin.x, target: frame.origin.x, motion: m),
        e.addChannel(value: f.origin.y, target: frame.origin.y, motion: m),
        e.addChannel(value: f.size.width, target: frame.size.width, motion: m),
        e.addChannel(value: f.size.height, target: frame.size.height, motion: m),
        e.addChannel(value: opacity, target: target, motion: m)
      ),
      removing: false)
  }

  func retarget(_ o: Owner, frame: Rect, _ m: ChannelMotion) {
    engine.retarget(o.channels.0, to: frame.origin.x, motion: m)
    engine.retarget(o.channels.1, to: frame.origin.y, motion: m)
    engine.retarget(o.channels.2, to: frame.size.width, motion: m)
    engine.retarget(o.channels.3, to: frame.size.height, motion: m)
  }

  func apply(_ op: ScriptOp, _ animation: ScriptAnimation) {
    let m = animation.motion
    switch op {
    case .insert(let e, let key, let from):
      if var o = owners[key] {
        retarget(o, frame: e.frame, m)
        if o.removing {
          o.removing = false
          owners[key] = o
          removing.remove(key)
          engine.retarget(o.channels.4, to: 1, motion: m)
        }
      } else {
        add(
          key, frame: e.frame, from: animation == .none ? nil : from, opacity: animation == .none ? 1 : 0,
          target: 1, m)
      }
    case .remove(_, let key, let to):
      guard var o = owners[key] else { return }
      if animation == .none {
        removeOwner(key, o)
        return
      }
      o.removing = true
      owners[key] = o
      removing.insert(key)
      engine.retarget(o.channels.4, to: 0, motion: m)
      if let to { retarget(o, frame: to, m) }
    case .move(_, let frame, _, let key):
      guard let o = owners[key] else { return }
      retarget(o, frame: frame, m)
    case .opacity(_, let value, let key):
      guard let o = owners[key] else { return }
      engine.retarget(o.channels.4, to: value, motion: m)
    case .insertGrid(let grid, let key):
      for i in 0..<max(0, grid.count) {
        apply(
          .insert(
            Element(id: grid.elementID(ofCard: i), frame: grid.frame(ofCard: i)), key: key + i, from: nil),
          animation)
      }
    case .updateGrid(let grid, let key):
      for i in 0..<max(0, grid.count) {
        guard let o = owners[key + i] else { continue }
        retarget(o, frame: grid.frame(ofCard: i), m)
      }
    }
  }

  func removeOwner(_ key: Int, _ o: Owner) {
    engine.removeChannel(o.channels.0)
    engine.removeChannel(o.channels.1)
    engine.removeChannel(o.channels.2)
    engine.removeChannel(o.channels.3)
    engine.removeChannel(o.channels.4)
    owners[key] = nil
    removing.remove(key)
  }

  /// Applies frame `k`'s transactions, advances the engine to frame `k`'s tick, and retires
  /// removed owners whose channels rest.
  public func performFrame(_ k: Int) throws {
    for tx in script.transactions(atFrame: k) {
      c.count(tx)
      for op in tx.ops { apply(op, tx.animation) }
    }
    c.channelsStepped += UInt64(
      engine.advance(toTick: setup.tick(ofFrame: k), ticksPerSecond: setup.ticksPerSecond))
    if !removing.isEmpty {
      for key in removing.sorted() {
        guard let o = owners[key] else { continue }
        let ch = o.channels
        if engine.isAtRest(ch.0) && engine.isAtRest(ch.1) && engine.isAtRest(ch.2) && engine.isAtRest(ch.3)
          && engine.isAtRest(ch.4)
        {
          removeOwner(key, o)
          c.transitionsFinished += 1
        }
      }
    }
    c.frames += 1
  }

  /// The five channel values of owner `key` (x, y, width, height, opacity), or `nil`.
  public func values(ofOwner key: Int) -> [Double]? {
    guard let o = owners[key] else { return nil }
    let ch = o.channels
    return [ch.0, ch.1, ch.2, ch.3, ch.4].map { engine.value(of: $0) }
  }

  /// FNV-1a over the live owners (see the type).
  public func renderListChecksum() -> UInt64 {
    var d = _FNV1a()
    d.combine(UInt64(owners.count))
    for key in owners.keys.sorted() {
      d.combine(UInt64(bitPattern: Int64(key)))
      for v in values(ofOwner: key)! { d.combine(v) }
    }
    return d.value
  }

  /// See the type.
  public var counters: WorkCounters { c.dictionary }
}

/// The eight scene scenarios of the benchmark suite (hero-grid, grid-reflow, shuffle, tab-indicator,
/// staggered-transitions, zoom-navigation, interrupt-storm, keyframes), plus `grid-reflow-elements`
/// (the general-path variant of `grid-reflow`), as FrameBudget descriptors.
public enum SceneScenarios {
  /// Engines every scenario offers: `hooke` (full HookeScene, fast path) first, then the channel
  /// engines (`hooke-channels`, `naive`, `euler`, `rk4`, plus any registered with
  /// ``ChannelEngineRegistry``).
  public static var engines: [String] { ["hooke"] + ChannelEngineRegistry.names }

  static func descriptor<S: SceneScript>(_ name: String, _ summary: String, _ script: S.Type)
    -> ScenarioDescriptor
  {
    let engines = Self.engines
    return ScenarioDescriptor(name: name, summary: summary, engines: engines) { engine, setup in
      if engine == "hooke" { return SceneScenarioWorkload<S>(setup: setup) }
      guard let e = ChannelEngineRegistry.make(engine, threads: setup.threads) else {
        throw WorkloadError.unknownEngine(scenario: name, engine: engine, available: engines)
      }
      return ChannelScenarioWorkload<S>(setup: setup, engine: e)
    }
  }

  /// All nine: the eight scene scenarios in their canonical order, then `grid-reflow-elements`.
  public static var all: [ScenarioDescriptor] {
    [
      descriptor(
        "hero-grid", "cards open into a detail (matched background, fading rest) and close, often mid-flight",
        HeroGridScript.self),
      descriptor(
        "grid-reflow",
        "all cards of a grid move to a new column count via matched-geometry springs, re-triggered before settling",
        GridReflowScript.self),
      descriptor("shuffle", "items exchange places between two clipped containers", ShuffleScript.self),
      descriptor(
        "tab-indicator", "many tab bars; the matched selection indicator hops", TabIndicatorScript.self),
      descriptor(
        "staggered-transitions", "waves of asymmetric insert/remove transitions, staggered over frames",
        StaggeredTransitionsScript.self),
      descriptor(
        "zoom-navigation", "list rows zoom into a detail (navigation zoom transition) and back",
        ZoomNavigationScript.self),
      descriptor(
        "interrupt-storm", "random retargets every few frames: exact springs, SwiftUI springs, timing curves",
        InterruptStormScript.self),
      descriptor(
        "keyframes", "a looping keyframe timeline drives every element's frame", KeyframesScript.self),
      descriptor(
        "grid-reflow-elements",
        "grid-reflow with every card a plain element and every reflow N frame changes (the general scene path)",
        GridReflowElementsScript.self),
    ]
  }

  /// `registry` plus the nine scenarios; the default quick suite runs them (not the self-test).
  public static func register(into registry: inout ScenarioRegistry) {
    for d in all { registry.register(d) }
    registry.defaultScenarios = all.map(\.name)
    // The quick suite (32 runs of the full scene) must finish in ≤ 90 s on 2 cores: 5
    // repetitions (compare's minimum) of 15 warm-up + 60 measured frames.
    registry.defaultFrames = 60
    registry.defaultWarmupFrames = 15
    registry.defaultRepetitions = 5
  }
}
