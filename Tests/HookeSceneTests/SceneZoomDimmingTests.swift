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

  /// The render list takes every listed zoom destination as having an overlay without reading
  /// its record (`Scene._writeRenderList`): the slots listed are, after every frame, ascending
  /// and exactly the live slots with a zoom source, each with its overlay channel. Seeded script
  /// of several destinations at once over shared sources, pushed with and without animation,
  /// popped, revived while leaving (inserted again under the same id), replaced, and sources
  /// removed and inserted again (a destination whose source is missing gets no zoom). The
  /// source slot and flag each entry caches for the next frame are the tables' while its epoch
  /// holds, and an element is hidden exactly while the last destination of it flies.
  @Test func listedDestinationsAreTheLiveOnesWithAnOverlay() {
    let seed: UInt64 = 0x7A6F_6F6D_6C69_7374
    var random = SplitMix64(seed: seed)
    let scene = Scene()
    let ns = scene.makeNamespace()
    func time(_ k: Int) -> Double {
      PropertyAnimator<Double>.time(tick: Int64(k), ticksPerSecond: Int64(Self.hz))
    }
    let rows = Layout.verticalList(count: 6, in: Rect(x: 0, y: 100, width: 390, height: 600), rowHeight: 44)
    func source(_ i: Int) -> Element {
      Element(id: ElementID(i), frame: rows[i]).matchedTransitionSource(id: .int(i), in: ns)
    }
    scene.withoutAnimation(at: 0) { tx in
      for i in rows.indices { tx.insert(source(i)) }
    }
    func detail(_ id: Int, row: Int) -> Element {
      Element(id: ElementID(id), frame: Layout.fullScreen(scene.bounds)).zIndex(5)
        .navigationTransition(.zoom(sourceID: .int(row), in: ns, dimmingOpacity: 0.4))
    }
    var details: [Int: Int] = [:]  // id → row
    var checked = 0
    for k in 1...1500 {
      let t = time(k)
      let id = 100 + Int(random.next() % 8)
      let row = Int(random.next() % UInt64(rows.count))
      let animated = random.next() % 4 != 0
      func apply(_ body: (inout SceneTransaction) -> Void) {
        if animated {
          scene.withAnimation(.spring(response: 0.3, dampingFraction: 0.8), at: t, body)
        } else {
          scene.withoutAnimation(at: t, body)
        }
      }
      switch random.next() % 6 {
      case 0, 1:
        // Pushed, or revived while still leaving.
        apply { $0.insert(detail(id, row: row)) }
        details[id] = row
      case 2: apply { $0.remove(ElementID(id)) }
      case 3:
        if let r = details[id] { apply { $0.replace(detail(id, row: r).with { $0.opacity = 0.9 }) } }
      case 4:
        if random.next() % 3 == 0 { apply { $0.remove(ElementID(row)) } }
      default:
        apply { $0.insert(source(row)) }
      }
      scene.advance(to: t)
      let listed = scene._zoomDestinationSlots
      #expect(
        listed == listed.sorted() && Set(listed).count == listed.count, "seed \(seed) frame \(k): \(listed)")
      var expected: [Int] = []
      for s in scene._records.indices where scene._records[s].live && scene._records[s].zoomSource != nil {
        expected.append(s)
      }
      #expect(listed == expected, "seed \(seed) frame \(k): listed \(listed), zoom destinations \(expected)")
      for s in listed {
        #expect(
          scene._records[s].live && scene._records[s].dimming != nil, "seed \(seed) frame \(k): slot \(s)")
      }
      // The destinations as the frame's source pass reads them: each listed slot once, with the
      // source its record's zoom state names.
      let entries = scene._zoomDestinations
      #expect(
        entries.map(\.slot).sorted() == listed,
        "seed \(seed) frame \(k): entries \(entries.map(\.slot)), listed \(listed)")
      for d in entries where d.slot < scene._records.count {
        #expect(
          scene._records[d.slot].zoomSource == d.source,
          "seed \(seed) frame \(k): slot \(d.slot) source \(d.source)")
        // What the entry caches for the next frame's pass, while its epoch holds: the slot the id
        // table gives the source now, and that record's flag.
        guard d.sourceEpoch == scene._zoomSourceEpoch else { continue }
        let slot = scene._slots[d.source] ?? -1
        #expect(
          d.sourceSlot == slot, "seed \(seed) frame \(k): cached source slot \(d.sourceSlot), table \(slot)")
        if slot >= 0, let hidden = d.sourceHidden {
          #expect(
            hidden == scene._records[slot].hidden,
            "seed \(seed) frame \(k): cached flag \(hidden) of source slot \(slot)")
        }
      }
      // Each element is hidden exactly while the last destination (in start order) naming it as
      // its source flies (is leaving, or its frame animates), derived afresh from the records
      // and the id table.
      var hiddenBy: [Int: Bool] = [:]
      for d in entries {
        let r = scene._records[d.slot]
        guard let src = scene._slots[d.source] else { continue }
        hiddenBy[src] = r.removing || r.frame.isAnimating(scene._fast)
      }
      for s in scene._records.indices where scene._records[s].live {
        #expect(
          scene._records[s].hidden == (hiddenBy[s] ?? false),
          "seed \(seed) frame \(k): slot \(s) hidden \(scene._records[s].hidden)")
      }
      checked += listed.count
    }
    #expect(checked > 1000, "\(checked) listed destinations checked")
  }

  @Test func scriptsAgreeWithThePerPropertyReference() {
    var compared = 0
    for seed in 0..<300 { compared += Self.run(seed: 20_261_203 &+ UInt64(seed)) }
    #expect(compared > 50_000, "\(compared) overlay-frames compared")
  }
}
