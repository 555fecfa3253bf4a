import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

@testable import HookeScene

/// `SceneTransaction.setOpacity(_:_:)` is documented as the same change as
/// `update(id) { $0.opacity = opacity }`. Two scenes run one seeded script — matched groups with
/// several members, zoom sources, removals still on screen, interruptions by springs, SwiftUI
/// springs, curves and unanimated changes, unknown ids and non-finite opacities — one scene
/// fading through `update`, the other through `setOpacity`; after every transaction and frame
/// their render lists must be equal bit for bit, and every transaction's diagnostics equal.
@Suite struct SceneSetOpacityTests {
  static let animations: [Animation?] = [
    .spring(response: 0.4, dampingFraction: 0.75).exact, .spring(response: 0.5, dampingFraction: 0.825),
    .easeInOut(duration: 0.3), .linear(duration: 0.2), nil,
  ]

  static func rows(_ scene: Scene) -> [UInt64] {
    let r = scene.renderList
    var bits: [UInt64] = []
    for i in 0..<r.count {
      let s = r.style(at: i)
      bits += [UInt64(bitPattern: Int64(r.ids[i].rawValue)), UInt64(r.kinds[i].rawValue)]
      bits += [r.x[i], r.y[i], r.width[i], r.height[i]].map(\.bitPattern)
      bits += [s.opacity, s.rotation, s.cornerRadius, s.blurRadius, s.clipMinX, s.clipMaxY].map(\.bitPattern)
    }
    return bits
  }

  /// The diagnostics as text with the scene's token replaced (namespaces name their scene).
  static func diagnostics(_ r: TransactionResult, _ scene: Scene) -> [String] {
    r.diagnostics.map {
      String(describing: $0).replacingOccurrences(of: "sceneToken: \(scene.token)", with: "sceneToken: T")
    }
  }

  @Test(arguments: [false, true]) func setOpacityEqualsAnOpacityUpdate(fast: Bool) {
    for seed: UInt64 in 1...12 {
      let seed = seed &* 0x9E37_79B9 &+ (fast ? 1 : 0)
      var rng = SplitMix64(seed: seed)
      let viaUpdate = Scene.make(batch: fast)
      let viaSetOpacity = Scene.make(batch: fast)
      let namespaces = (viaUpdate.makeNamespace(), viaSetOpacity.makeNamespace())
      var nextID = 0
      func element(_ id: Int, _ ns: Namespace) -> Element {
        var e = Element(
          id: ElementID(id),
          frame: Rect(x: Double(id % 7) * 40, y: Double(id / 7) * 30, width: 30, height: 20))
        // Every third element shares a matched group with two others; every fifth is a zoom source.
        if id % 3 == 0 { e = e.matchedGeometryEffect(id: .int(id % 9), in: ns, isSource: id % 2 == 0) }
        if id % 5 == 0 { e = e.matchedTransitionSource(id: id, in: ns) }
        return e
      }
      func insert(_ count: Int, animation: Animation?, at t: Double) {
        let first = nextID
        nextID += count
        let a = viaUpdate.withAnimation(animation, at: t) { tx in
          for i in first..<(first + count) { tx.insert(element(i, namespaces.0)) }
        }
        let b = viaSetOpacity.withAnimation(animation, at: t) { tx in
          for i in first..<(first + count) { tx.insert(element(i, namespaces.1)) }
        }
        #expect(a.diagnostics.count == b.diagnostics.count, "seed \(seed)")
      }
      insert(40, animation: nil, at: 0)
      for k in Int64(1)...90 {
        let t = frameTime(k)
        if k % 3 == 0 {
          let animation = Self.animations[Int(rng.next() % UInt64(Self.animations.count))]
          var changes: [(ElementID, Double)] = []
          for _ in 0..<(1 + rng.next() % 12) {
            // Ids beyond the inserted ones are unknown; a few opacities are not finite.
            let id = ElementID(Int(rng.next() % UInt64(nextID + 3)))
            let choices: [Double] = [0, 1, 0.25, 0.6, -0.5, 1.5, .nan, .infinity]
            changes.append((id, choices[Int(rng.next() % UInt64(choices.count))]))
          }
          let removals = (0..<(rng.next() % 3)).map { _ in ElementID(Int(rng.next() % UInt64(nextID))) }
          let a = viaUpdate.withAnimation(animation, at: t) { tx in
            for (id, o) in changes { tx.update(id) { $0.opacity = o } }
            for id in removals { tx.remove(id) }
          }
          let b = viaSetOpacity.withAnimation(animation, at: t) { tx in
            for (id, o) in changes { tx.setOpacity(id, o) }
            for id in removals { tx.remove(id) }
          }
          #expect(
            Self.diagnostics(a, viaUpdate) == Self.diagnostics(b, viaSetOpacity), "seed \(seed), frame \(k)")
        }
        if k % 17 == 0 { insert(5, animation: .easeInOut(duration: 0.2), at: t) }
        viaUpdate.advance(to: t)
        viaSetOpacity.advance(to: t)
        guard Self.rows(viaUpdate) == Self.rows(viaSetOpacity) else {
          Issue.record("render lists differ: seed \(seed), frame \(k)")
          return
        }
      }
    }
  }
}
