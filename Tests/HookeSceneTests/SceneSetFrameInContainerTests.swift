import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

@testable import HookeScene

/// `SceneTransaction.setFrame(_:_:in:)` is documented as the same change as
/// `update(id) { $0.frame = frame; $0.container = container }`. Two scenes run one seeded script —
/// clipped containers at different z-indices, an id that names no container, elements with their
/// own clip, matched groups with
/// several members, removals still on screen, interruptions by springs, SwiftUI springs, curves
/// and unanimated changes, unknown ids, non-finite and negative-size frames, moves within the same
/// container — one scene moving elements through `update`, the other through `setFrame(_:_:in:)`;
/// after every transaction and frame their render lists (order, frames, clips) must be equal bit
/// for bit, and every transaction's diagnostics equal.
@Suite struct SceneSetFrameInContainerTests {
  static let animations: [Animation?] = [
    .spring(response: 0.4, dampingFraction: 0.75).exact, .spring(response: 0.5, dampingFraction: 0.825),
    .easeInOut(duration: 0.3), .linear(duration: 0.2), nil,
  ]
  /// Containers 1 and 2 exist (clipped, at different z-indices); 7 is never added.
  static let containers: [ContainerID] = [.root, 1, 2, 7]

  @Test(arguments: [false, true]) func setFrameInContainerEqualsAnUpdate(fast: Bool) {
    for seed: UInt64 in 1...12 {
      let seed = seed &* 0x2545_F491 &+ (fast ? 1 : 0)
      var rng = SplitMix64(seed: seed)
      let viaUpdate = Scene.make(batch: fast)
      let viaSetFrame = Scene.make(batch: fast)
      let namespaces = (viaUpdate.makeNamespace(), viaSetFrame.makeNamespace())
      for scene in [viaUpdate, viaSetFrame] {
        scene.withoutAnimation(at: 0) { tx in
          tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 200, height: 300), zIndex: 1))
          tx.setContainer(Container(id: 2, clipRect: Rect(x: 150, y: 50, width: 200, height: 300)))
        }
      }
      var nextID = 0
      func element(_ id: Int, _ ns: Namespace) -> Element {
        var e = Element(
          id: ElementID(id),
          frame: Rect(x: Double(id % 7) * 40, y: Double(id / 7) * 30, width: 30, height: 20),
          container: Self.containers[id % 3])
        // Every third element shares a matched group with two others; every fifth has its own
        // clip (a container change keeps it, intersected with the new container's).
        if id % 3 == 0 { e = e.matchedGeometryEffect(id: .int(id % 9), in: ns, isSource: id % 2 == 0) }
        if id % 5 == 0 { e.clipRect = Rect(x: 20, y: 10, width: 120, height: 200) }
        return e
      }
      func insert(_ count: Int, animation: Animation?, at t: Double) {
        let first = nextID
        nextID += count
        let a = viaUpdate.withAnimation(animation, at: t) { tx in
          for i in first..<(first + count) { tx.insert(element(i, namespaces.0)) }
        }
        let b = viaSetFrame.withAnimation(animation, at: t) { tx in
          for i in first..<(first + count) { tx.insert(element(i, namespaces.1)) }
        }
        #expect(a.diagnostics.count == b.diagnostics.count, "seed \(seed)")
      }
      insert(40, animation: nil, at: 0)
      for k in Int64(1)...90 {
        let t = frameTime(k)
        if k % 3 == 0 {
          let animation = Self.animations[Int(rng.next() % UInt64(Self.animations.count))]
          var moves: [(ElementID, Rect, ContainerID)] = []
          for _ in 0..<(1 + rng.next() % 12) {
            // Ids beyond the inserted ones are unknown; a few frames are not finite or negative.
            let id = ElementID(Int(rng.next() % UInt64(nextID + 3)))
            let x = Double(rng.next() % 300)
            let frames: [Rect] = [
              Rect(x: x, y: 40, width: 30, height: 20), Rect(x: x, y: x, width: 60, height: 10),
              Rect(x: x, y: 0, width: -20, height: 15), Rect(x: .nan, y: 0, width: 30, height: 20),
              Rect(x: 0, y: 0, width: .infinity, height: 20),
            ]
            moves.append(
              (
                id, frames[Int(rng.next() % UInt64(frames.count))],
                Self.containers[Int(rng.next() % UInt64(Self.containers.count))]
              ))
          }
          let removals = (0..<(rng.next() % 3)).map { _ in ElementID(Int(rng.next() % UInt64(nextID))) }
          let a = viaUpdate.withAnimation(animation, at: t) { tx in
            for (id, frame, container) in moves {
              tx.update(id) {
                $0.frame = frame
                $0.container = container
              }
            }
            for id in removals { tx.remove(id) }
          }
          let b = viaSetFrame.withAnimation(animation, at: t) { tx in
            for (id, frame, container) in moves { tx.setFrame(id, frame, in: container) }
            for id in removals { tx.remove(id) }
          }
          #expect(
            SceneSetOpacityTests.diagnostics(a, viaUpdate)
              == SceneSetOpacityTests.diagnostics(b, viaSetFrame),
            "seed \(seed), frame \(k)")
        }
        if k % 17 == 0 { insert(5, animation: .easeInOut(duration: 0.2), at: t) }
        viaUpdate.advance(to: t)
        viaSetFrame.advance(to: t)
        guard SceneSetOpacityTests.rows(viaUpdate) == SceneSetOpacityTests.rows(viaSetFrame) else {
          Issue.record("render lists differ: seed \(seed), frame \(k)")
          return
        }
      }
    }
  }
}
