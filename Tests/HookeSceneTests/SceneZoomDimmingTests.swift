import HookeAnimation
import Testing
import _TestSupport

@testable import Hooke
@testable import HookeScene

/// A zoom destination's dimming overlay against a per-property reference written from
/// HookeAnimation's public API alone: one `PropertyAnimator<Double>` per overlay, fed the same
/// pushes and pops at the same times. Seeded random scripts push a detail from one of five list
/// rows (dimming opacities in and out of [0, 1], NaN included), often pop it while it still
/// flies (a spring merges, a curve combines), with the animations of ``SceneDifferentialTests``:
/// exact and SwiftUI springs, `.default`, Bézier and `UnitCurve` timing curves, and no animation
/// (the zoom's default spring).
///
/// Each frame the overlay's row shows the reference's value clamped to [0, 1], to 1e-12 (the
/// overlay is a scalar, so the spring's settle rule sees the same magnitude on both sides), and
/// the overlay animates exactly while the reference does.
@Suite struct SceneZoomDimmingTests {
  static let hz = SceneDifferentialTests.hz
  /// The frame differential's animations (`nil`: the zoom's default spring).
  static let animations = SceneDifferentialTests.animations
  /// Requested dimming opacities and what the scene presents for them (clamped, NaN → 0).
  static let opacities: [(requested: Double, presented: Double)] = [
    (0.2, 0.2), (0.55, 0.55), (1, 1), (1.5, 1), (-0.3, 0), (.nan, 0),
  ]

  /// Runs script `seed`; returns the overlay-frames compared.
  static func run(seed: UInt64) -> Int {
    var random = SplitMix64(seed: seed)
    let scene = Scene()
    let ns = scene.makeNamespace()
    func time(_ k: Int) -> Double { PropertyAnimator<Double>.time(tick: Int64(k), ticksPerSecond: Int64(hz)) }
    let rows = Layout.verticalList(count: 5, in: Rect(x: 0, y: 100, width: 390, height: 600), rowHeight: 44)
    scene.withoutAnimation(at: 0) { tx in
      for (i, r) in rows.enumerated() {
        tx.insert(
          Element(id: ElementID(i), frame: r).matchedTransitionSource(id: .int(i), in: ns)
            .with { $0.cornerRadius = Double(2 * i) })
      }
    }
    let detailFrame = Layout.fullScreen(scene.bounds)
    var detail: ElementID?
    var popped = false
    var reference = PropertyAnimator<Double>(0)
    var nextID = 100
    var compared = 0
    for k in 1...480 {
      let t = time(k)
      if detail == nil, random.next() % 12 == 0 {
        let animation = animations[Int(random.next() % UInt64(animations.count))]
        let (requested, presented) = opacities[Int(random.next() % UInt64(opacities.count))]
        let row = Int(random.next() % 5)
        let id = ElementID(nextID)
        nextID += 1
        let element = Element(id: id, frame: detailFrame).zIndex(5)
          .navigationTransition(.zoom(sourceID: .int(row), in: ns, dimmingOpacity: requested))
        if let animation {
          scene.withAnimation(animation, at: t) { $0.insert(element) }
        } else {
          scene.withoutAnimation(at: t) { $0.insert(element) }
        }
        reference = PropertyAnimator(0, time: t)
        reference.set(presented, animation: animation ?? .default, at: t)
        (detail, popped) = (id, false)
      } else if let id = detail, !popped, random.next() % 20 == 0 {
        let animation = animations[Int(random.next() % UInt64(animations.count))]
        // A frame at t first, as the scene's transaction samples before it changes anything.
        scene.advance(to: t)
        _ = reference.sample(at: t)
        if let animation {
          scene.withAnimation(animation, at: t) { $0.remove(id) }
        } else {
          scene.withoutAnimation(at: t) { $0.remove(id) }
        }
        reference.set(0, animation: animation ?? .default, at: t)
        popped = true
      }
      scene.advance(to: t)
      guard let id = detail else { continue }
      let expected = reference.sample(at: t)
      guard let s = scene._slots[id], let row = scene.renderList.index(of: id, kind: .dimming) else {
        // The destination leaves once popped and at rest (its frame too): never before.
        #expect(popped && !reference.isAnimating, "seed \(seed) frame \(k): overlay of \(id.rawValue) gone")
        detail = nil
        continue
      }
      let got = scene.renderList.opacity[row]
      #expect(
        close(got, Swift.min(Swift.max(expected, 0), 1), 1e-12),
        "seed \(seed) frame \(k): overlay \(got), reference \(expected)")
      let moving = scene._records[s].dimming?.isAnimating(scene._fast) ?? false
      #expect(
        moving == reference.isAnimating,
        "seed \(seed) frame \(k): overlay animating \(moving), reference \(reference.isAnimating)")
      compared += 1
    }
    return compared
  }

  @Test func scriptsAgreeWithThePerPropertyReference() {
    var compared = 0
    for seed in 0..<300 { compared += Self.run(seed: 20_261_203 &+ UInt64(seed)) }
    #expect(compared > 50_000, "\(compared) overlay-frames compared")
  }
}
