// A scenario script on the channel path: any `ChannelEngine` runs the script's animated scalars.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

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
package final class ChannelScenarioWorkload<Script: SceneScript>: FrameWorkload {
  /// The setup.
  package let setup: WorkloadSetup
  /// The engine.
  package let engine: any ChannelEngine
  var script: Script
  var c = _ScriptCounters()
  var prepared = _PreparedFrame()
  /// An owner's five channel handles, stored in 32 bits: an entry of ``owners`` is then 32
  /// bytes instead of 56 (about 30 bytes per element). Handles are dense (see
  /// ``ChannelEngine``), so a handle beyond `Int32.max` (which traps here) would mean over two
  /// billion channels.
  struct Owner {
    var handles: (Int32, Int32, Int32, Int32, Int32)
    var removing: Bool

    init(channels c: (Int, Int, Int, Int, Int), removing: Bool) {
      handles = (Int32(c.0), Int32(c.1), Int32(c.2), Int32(c.3), Int32(c.4))
      self.removing = removing
    }

    var channels: (Int, Int, Int, Int, Int) {
      (Int(handles.0), Int(handles.1), Int(handles.2), Int(handles.3), Int(handles.4))
    }
  }
  var owners: [Int: Owner] = [:]
  var removing: Set<Int> = []

  /// Creates the workload on `engine` and inserts the script's initial elements.
  package init(setup: WorkloadSetup, engine: any ChannelEngine) {
    self.setup = setup
    self.engine = engine
    script = Script(setup: setup, namespace: Namespace(sceneToken: 0, rawValue: 0))
    owners.reserveCapacity(setup.elements)
    for i in 0..<script.initialOpCount { apply(script.initialOp(i), .none) }
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

  /// Computes and counts frame `k`'s script transactions (untimed; see `FrameWorkload`).
  package func prepareFrame(_ k: Int) throws { prepared.prepare(k, &script, &c) }

  /// Applies frame `k`'s transactions, advances the engine to frame `k`'s tick, and retires
  /// removed owners whose channels rest.
  package func performFrame(_ k: Int) throws {
    for tx in prepared.take(k, &script, &c) {
      tx.forEachOp { apply($0, tx.animation) }
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
  package func values(ofOwner key: Int) -> [Double]? {
    guard let o = owners[key] else { return nil }
    let ch = o.channels
    return [ch.0, ch.1, ch.2, ch.3, ch.4].map { engine.value(of: $0) }
  }

  /// FNV-1a over the live owners (see the type).
  package func renderListChecksum() -> UInt64 {
    var d = _FNV1a()
    d.combine(UInt64(owners.count))
    for key in owners.keys.sorted() {
      d.combine(UInt64(bitPattern: Int64(key)))
      for v in values(ofOwner: key)! { d.combine(v) }
    }
    return d.value
  }

  /// See the type.
  package var counters: WorkCounters { c.dictionary }
}
