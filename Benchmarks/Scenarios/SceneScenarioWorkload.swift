// A scenario script on the full HookeScene (engine `hooke`), and the counters both paths share.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// A frame's script transactions, computed (and counted) by `prepareFrame` outside the timed
/// region, then applied by `performFrame`; a frame performed without preparation computes them
/// there, with the same result. Shared by both paths.
///
/// The transactions a frame applied are kept until the next preparation, so that freeing the
/// script's op arrays (the application's data, not the engine's) falls outside the timed frame.
struct _PreparedFrame {
  private var frame = -1
  private var transactions: [_PreparedTransaction] = []

  /// Computes frame `k`'s transactions and counts them (frees the previous frame's).
  mutating func prepare<S: SceneScript>(_ k: Int, _ script: inout S, _ counters: inout _ScriptCounters) {
    transactions = []
    var scripted = script.transactions(atFrame: k)
    for tx in scripted { counters.count(tx) }
    transactions.reserveCapacity(scripted.count)
    // Each op array is handed over and freed once prepared, so a frame never holds the script's
    // ops next to their flat copies beyond one transaction's.
    for i in scripted.indices {
      let ops = scripted[i].ops
      scripted[i].ops = []
      transactions.append(_PreparedTransaction(animation: scripted[i].animation, ops: ops))
    }
    frame = k
  }

  /// Frame `k`'s transactions: the prepared ones, or computed and counted now. They stay held
  /// here until the next ``prepare(_:_:_:)``.
  mutating func take<S: SceneScript>(_ k: Int, _ script: inout S, _ counters: inout _ScriptCounters)
    -> [_PreparedTransaction]
  {
    if frame != k { prepare(k, &script, &counters) }
    frame = -1
    return transactions
  }
}

/// Counters shared by both paths (definitions in ``SceneScenarioWorkload``).
struct _ScriptCounters {
  var channelsStepped: UInt64 = 0
  var retargets: UInt64 = 0
  var transitionsStarted: UInt64 = 0
  var transitionsFinished: UInt64 = 0
  var transactions: UInt64 = 0
  var frames: UInt64 = 0
  /// Elements inserted so far (grid cards included); not reported.
  var inserted = 0

  mutating func count(_ tx: ScriptTransaction) {
    transactions += 1
    for op in tx.ops {
      switch op {
      case .insert:
        inserted += 1
        if tx.animation != .none { transitionsStarted += 1 }
      case .remove: if tx.animation != .none { transitionsStarted += 1 }
      case .move, .opacity: retargets += 1
      case .insertGrid(let g, _):
        inserted += max(0, g.count)
        if tx.animation != .none { transitionsStarted += UInt64(max(0, g.count)) }
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

/// A scenario script on a full `HookeScene.Scene(threads: setup.threads)`: engine
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
package final class SceneScenarioWorkload<Script: SceneScript>: FrameWorkload, TransactionCounting {
  /// The setup.
  package let setup: WorkloadSetup
  /// The scene (read its `renderList` between frames).
  package private(set) var scene: Scene
  var script: Script
  var c = _ScriptCounters()
  var prepared = _PreparedFrame()
  /// The script transactions the last ``performFrame(_:)`` applied.
  package private(set) var lastFrameTransactionCount = 0

  /// Builds the scene and inserts the script's initial elements (O(N)).
  package init(setup: WorkloadSetup) {
    self.setup = setup
    scene = Scene(bounds: _Script.fullScreen, threads: max(1, setup.threads))
    let ns = scene.makeNamespace()
    script = Script(setup: setup, namespace: ns)
    let containers = script.initialContainers()
    let initial = script
    scene.withoutAnimation(at: 0) { tx in
      for container in containers { tx.setContainer(container) }
      tx.reserveCapacity(initial.initialOpCount)
      for i in 0..<initial.initialOpCount { Self.record(initial.initialOp(i), into: &tx) }
    }
    c.inserted = scene.elementCount
  }

  static func record(_ op: ScriptOp, into tx: inout SceneTransaction) {
    switch op {
    case .insert(let e, _, _): tx.insert(e)
    case .remove(let id, _, _): tx.remove(id)
    case .move(let id, let frame, let container, _):
      if let container {
        tx.setFrame(id, frame, in: container)
      } else {
        tx.setFrame(id, frame)
      }
    case .opacity(let id, let o, _): tx.setOpacity(id, o)
    case .insertGrid(let g, _): tx.insertGrid(g)
    case .updateGrid(let g, _): tx.updateGrid(g.id) { $0 = g }
    }
  }

  /// Computes and counts frame `k`'s script transactions (untimed; see `FrameWorkload`).
  package func prepareFrame(_ k: Int) throws { prepared.prepare(k, &script, &c) }

  /// Applies frame `k`'s transactions and advances the scene to `k/hz`.
  package func performFrame(_ k: Int) throws {
    let t = setup.seconds(atTick: setup.tick(ofFrame: k))
    let transactions = prepared.take(k, &script, &c)
    lastFrameTransactionCount = transactions.count
    for tx in transactions {
      scene.withAnimation(tx.animation.animation, at: t) { s in
        s.reserveCapacity(tx.flat.count)
        tx.forEachOp { Self.record($0, into: &s) }
      }
    }
    c.channelsStepped += UInt64(scene.activeBatchChannelCount + scene.gridActiveChannelCount)
    scene.advance(to: t)
    c.transitionsFinished = UInt64(max(0, c.inserted - scene.elementCount))
    c.frames += 1
  }

  /// FNV-1a over the render list (see the type).
  package func renderListChecksum() -> UInt64 {
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
  package var counters: WorkCounters { c.dictionary }
}
