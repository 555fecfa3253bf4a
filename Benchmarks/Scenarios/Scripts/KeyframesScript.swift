// The `keyframes` scenario.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene

/// The pose a keyframe timeline animates: offset and scale of a card.
package struct KeyframePose: Hashable, Sendable {
  /// Horizontal offset in points.
  package var dx: Double = 0
  /// Vertical offset in points.
  package var dy: Double = 0
  /// Scale factor about the card's centre.
  package var scale: Double = 1
  /// The identity pose.
  package init() {}
}

/// `keyframes`: N cards, each running a looping `KeyframeTimeline` (tracks: a linear then spring
/// horizontal offset, a cubic vertical bounce, a spring scale pulse; 1.2 s) with one of 16 phase
/// offsets; every frame every card's frame is set, without animation, to its cell moved and
/// scaled by the timeline's value at the card's looped time (keyframe-driven properties, as
/// `keyframeAnimator` does).
package struct KeyframesScript: SceneScript {
  /// `keyframes`.
  package static let name = "keyframes"
  /// One line for `--help`, `list` and reports.
  package static let summary =
    "a looping keyframe timeline drives every element's frame"
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
  package init(setup: WorkloadSetup, namespace: Namespace) { s = _Script(setup: setup) }
  /// One insert per element.
  package var initialOpCount: Int { s.setup.elements }
  /// Initial element `i` (see the type).
  package func initialOp(_ i: Int) -> ScriptOp {
    .insert(Element(id: ElementID(i), frame: _Script.cell(i, columns: 6)), key: i, from: nil)
  }
  /// Card `i`'s frame at frame `k`: its cell offset and scaled about its centre by the timeline
  /// at `(t + phase·duration/16) mod duration`, `t = k/hz` from integer ticks.
  package static func frame(card i: Int, frame k: Int, setup: WorkloadSetup) -> Rect {
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
  package mutating func transactions(atFrame k: Int) -> [ScriptTransaction] {
    let poses = (0..<Self.phases).map { Self.pose(phase: $0, frame: k, setup: s.setup) }
    let ops: [ScriptOp] = (0..<s.setup.elements).map { i in
      .move(ElementID(i), Self.pose(Self.frame(card: i), at: poses[i % Self.phases]), container: nil, key: i)
    }
    return [ScriptTransaction(animation: .none, ops: ops)]
  }
}
