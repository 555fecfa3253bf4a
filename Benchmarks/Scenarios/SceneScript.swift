// The scenario scripts: deterministic, seeded, integer-frame timelines of transactions. One
// script drives both a full `HookeScene.Scene` (engine `hooke`) and the channel path (every
// `ChannelEngine`), see `SceneScenarioWorkload` and `ChannelScenarioWorkload`.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// The animation of a scripted transaction.
package enum ScriptAnimation: Hashable, Sendable {
  /// Not animated: changes apply at once.
  case none
  /// The exact spring (`FluidSpringAnimation` with model `.exact`).
  case spring(Spring)
  /// SwiftUI's animation spring `.spring(response:dampingFraction:)`.
  case swiftUISpring(response: Double, dampingFraction: Double)
  /// A timing curve (`.timingCurve(curve, duration:)`).
  case curve(UnitCurve, duration: Double)

  /// The HookeAnimation value (`nil` for ``none``).
  package var animation: Animation? {
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
  package var motion: ChannelMotion {
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
///
/// The element- and grid-carrying cases are boxed: an op is then about 50 bytes instead of an
/// inline `Element` (over 400), and every engine's workload, which reads each op of a frame,
/// copies a box reference per op instead of the whole element (the copies had become a third
/// of a frame that moves every element).
package enum ScriptOp {
  /// Inserts `element`; on the channel path its frame starts at `from` (zoom) or at its frame,
  /// and its opacity fades in from 0 when animated.
  indirect case insert(Element, key: Int, from: Rect?)
  /// Removes element `id`; on the channel path its opacity fades to 0 and its frame moves to
  /// `to` when given; the owner leaves when its channels rest.
  case remove(ElementID, key: Int, to: Rect?)
  /// Moves element `id` to `frame` (and into `container` when given).
  case move(ElementID, Rect, container: ContainerID?, key: Int)
  /// Sets element `id`'s opacity.
  case opacity(ElementID, Double, key: Int)
  /// Inserts `grid` (``ElementGrid``); on the channel path card `i` is owner `key + i`, inserted
  /// like an element at its cell.
  indirect case insertGrid(ElementGrid, key: Int)
  /// Changes grid `grid.id` to `grid` (same cards, new layout); on the channel path owner
  /// `key + i` moves to card `i`'s new cell.
  indirect case updateGrid(ElementGrid, key: Int)
}

/// A ``ScriptOp`` as a measured frame reads it: trivially copyable — the per-frame changes
/// (moves, fades, removals) inline, the boxed cases by their index in the transaction's boxed
/// ops. Copying a `ScriptOp` out of an array goes through the enum's value witness (its boxed
/// cases need retains): about 230 instructions per op with the destroy, as much as some engines'
/// whole work for the op, so workloads read frames through this form (see ``_PreparedFrame``).
/// A move's key sits before its optional container so the case tag fits the padding (64-byte
/// stride, not 72).
enum _FlatOp {
  case move(ElementID, Rect, key: Int, container: ContainerID?)
  case opacity(ElementID, Double, key: Int)
  case remove(ElementID, key: Int, to: Rect?)
  /// `boxed[index]`, a boxed case.
  case boxed(Int)
}

/// A script transaction prepared for a measured frame: its ops in ``_FlatOp`` form, and only the
/// boxed ones (inserts, grids) kept as ``ScriptOp``s. The script's own op array is not kept: a
/// frame that moves every element held it next to the flat copy (64 bytes per element more
/// while the frame ran).
struct _PreparedTransaction {
  let animation: ScriptAnimation
  private(set) var flat: [_FlatOp] = []
  private(set) var boxed: [ScriptOp] = []

  /// Prepares `ops` (consumed: the caller's array is freed when this returns, if it was the
  /// only reference).
  init(animation: ScriptAnimation, ops: consuming [ScriptOp]) {
    self.animation = animation
    flat.reserveCapacity(ops.count)
    for op in ops {
      switch op {
      case .move(let id, let frame, let container, let key):
        flat.append(.move(id, frame, key: key, container: container))
      case .opacity(let id, let opacity, let key): flat.append(.opacity(id, opacity, key: key))
      case .remove(let id, let key, let to): flat.append(.remove(id, key: key, to: to))
      case .insert, .insertGrid, .updateGrid:
        flat.append(.boxed(boxed.count))
        boxed.append(op)
      }
    }
  }

  /// Calls `body` with each op in order: the unboxed ones rebuilt from their flat form (no value
  /// witness copy), the boxed ones read from ``boxed``.
  @inline(__always)
  func forEachOp(_ body: (ScriptOp) throws -> Void) rethrows {
    for op in flat {
      switch op {
      case .move(let id, let frame, let key, let container):
        try body(.move(id, frame, container: container, key: key))
      case .opacity(let id, let opacity, let key): try body(.opacity(id, opacity, key: key))
      case .remove(let id, let key, let to): try body(.remove(id, key: key, to: to))
      case .boxed(let index): try body(boxed[index])
      }
    }
  }
}

/// A transaction of the script.
package struct ScriptTransaction {
  /// Its animation.
  package var animation: ScriptAnimation
  /// Its changes, applied in order.
  package var ops: [ScriptOp]
}

/// A scenario script: the initial elements and the transactions of each frame.
package protocol SceneScript: SendableMetatype {
  /// The scenario's stable name, used in result ids (`grid-reflow`).
  static var name: String { get }
  /// One-line description for `--help`, `list` and reports.
  static var summary: String { get }
  /// A script for `setup`; `namespace` is the scene's (a placeholder on the channel path).
  init(setup: WorkloadSetup, namespace: Namespace)
  /// Containers and elements present before frame 0 (inserted without animation).
  func initialContainers() -> [Container]
  /// How many ops build the elements present before frame 0 (see ``initialOp(_:)``).
  var initialOpCount: Int { get }
  /// Initial op `i` (`0 ≤ i < initialOpCount`, applied in index order): an insert. Made one at
  /// a time rather than as an array so a workload never holds every boxed insert at once (about
  /// 550 bytes per element, at setup, next to the engine's own storage).
  func initialOp(_ i: Int) -> ScriptOp
  /// The transactions of frame `k` (applied at frame k's time before the frame is advanced).
  mutating func transactions(atFrame k: Int) -> [ScriptTransaction]
}

extension SceneScript {
  /// No containers besides the root.
  package func initialContainers() -> [Container] { [] }
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
