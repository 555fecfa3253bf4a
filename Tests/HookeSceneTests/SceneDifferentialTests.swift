import HookeAnimation
import Testing
import _TestSupport

@testable import Hooke
@testable import HookeScene

/// The scene's engine against a per-property reference written from HookeAnimation's public API
/// alone: one `PropertyAnimator` per element for its frame and one for its opacity, fed the same
/// transactions at the same times. Seeded random scripts mix exact springs, SwiftUI springs,
/// `.default` (driven as the spring it forwards to), Bézier and `UnitCurve` timing curves and
/// unanimated changes, interrupting running animations
/// (springs merge, curves combine), with insertions and removals.
///
/// Every element-frame agrees: while either side animates an element, both do, and its row
/// equals the reference to 1e-9 (relative above 1 point) — the engine ends a spring by SwiftUI's
/// rule on the whole value (the frame's four lanes; the style's eight, of which only opacity moves
/// here), as the reference's animators do; at rest both show the model value (to 1e-13: the row
/// stores its frame's edges, which round the width and height by an ulp). The reference's opacity
/// is clamped to [0, 1] and its frame standardised, as the render list does.
@Suite struct SceneDifferentialTests {
  static let hz = 120

  static let animations: [Animation?] = [
    .spring(response: 0.4, dampingFraction: 0.75).exact,
    .spring(response: 0.5, dampingFraction: 0.825),
    .spring(response: 0.3, dampingFraction: 1.0),
    .easeInOut(duration: 0.3),
    .timingCurve(.easeOut, duration: 0.25),
    .linear(duration: 0.4),
    .easeIn(duration: 0.2),
    .default,
    nil,
  ]

  struct Reference {
    var frame: PropertyAnimator<SIMD4<Double>>
    var opacity: PropertyAnimator<Double>
  }

  static func lanes(_ r: Rect) -> SIMD4<Double> { SIMD4(r.minX, r.minY, r.width, r.height) }

  /// Runs script `seed`; returns the element-frames compared. `repeated`: a changed element may
  /// take two or three frames in one transaction (a second `setFrame`, then an `update` of its
  /// frame), each retargeting from the one before at the same time, as the reference's `set`s do.
  static func run(seed: UInt64, repeated: Bool = false) -> Int {
    var random = SplitMix64(seed: seed)
    func uniform(_ r: ClosedRange<Double>) -> Double {
      r.lowerBound + (r.upperBound - r.lowerBound) * Double(random.next() >> 11) * 0x1p-53
    }
    func randomFrame() -> Rect {
      Rect(x: uniform(-200...400), y: uniform(-200...800), width: uniform(0...300), height: uniform(0...300))
    }
    let scene = Scene()
    var refs: [ElementID: Reference] = [:]
    var nextID = 1
    func time(_ k: Int) -> Double { PropertyAnimator<Double>.time(tick: Int64(k), ticksPerSecond: Int64(hz)) }
    let initial = 2 + Int(random.next() % 5)
    scene.withoutAnimation(at: 0) { tx in
      for _ in 0..<initial {
        let f = randomFrame()
        tx.insert(Element(id: ElementID(nextID), frame: f))
        refs[ElementID(nextID)] = Reference(frame: PropertyAnimator(lanes(f)), opacity: PropertyAnimator(1))
        nextID += 1
      }
    }
    var compared = 0
    let frames = 240
    for k in 1...(frames + 1) {
      let t = k <= frames ? time(k) : 30
      if k <= frames, random.next() % 10 == 0 {
        let animation = animations[Int(random.next() % UInt64(animations.count))]
        let ids = refs.keys.sorted { $0.rawValue < $1.rawValue }
        var changes: [(ElementID, Rect?, Double?)] = []
        var extra: [ElementID: (again: Rect?, updated: Rect?)] = [:]
        for id in ids where random.next() % 2 == 0 {
          let frame = random.next() % 4 != 0 ? randomFrame() : nil
          let opacity = random.next() % 3 == 0 ? uniform(0...1) : nil
          changes.append((id, frame, opacity))
          if repeated {
            extra[id] = (
              random.next() % 2 == 0 ? randomFrame() : nil, random.next() % 3 == 0 ? randomFrame() : nil
            )
          }
        }
        let remove =
          ids.count > 1 && random.next() % 6 == 0 ? ids[Int(random.next() % UInt64(ids.count))] : nil
        let insert = random.next() % 6 == 0 ? randomFrame() : nil
        let body: (inout SceneTransaction) -> Void = { tx in
          for (id, frame, opacity) in changes {
            if let frame { tx.setFrame(id, frame) }
            if let again = extra[id]?.again { tx.setFrame(id, again) }
            if let opacity { tx.update(id) { $0.opacity = opacity } }
            if let updated = extra[id]?.updated { tx.update(id) { $0.frame = updated } }
          }
        }
        // A frame at t first, as the scene's transaction samples before it changes anything.
        scene.advance(to: t)
        for (id, _, _) in changes {
          _ = refs[id]!.frame.sample(at: t)
          _ = refs[id]!.opacity.sample(at: t)
        }
        if let animation {
          scene.withAnimation(animation, at: t, body)
        } else {
          scene.withoutAnimation(at: t, body)
        }
        for (id, frame, opacity) in changes {
          if let frame { refs[id]!.frame.set(lanes(frame), animation: animation, at: t) }
          if let again = extra[id]?.again { refs[id]!.frame.set(lanes(again), animation: animation, at: t) }
          if let opacity { refs[id]!.opacity.set(opacity, animation: animation, at: t) }
          if let updated = extra[id]?.updated {
            refs[id]!.frame.set(lanes(updated), animation: animation, at: t)
          }
        }
        // Insertions and removals without animation: no transition runs.
        if let remove {
          scene.withoutAnimation(at: t) { $0.remove(remove) }
          refs[remove] = nil
        }
        if let insert {
          scene.withoutAnimation(at: t) { $0.insert(Element(id: ElementID(nextID), frame: insert)) }
          refs[ElementID(nextID)] = Reference(
            frame: PropertyAnimator(lanes(insert), time: t), opacity: PropertyAnimator(1, time: t))
          nextID += 1
        }
      }
      scene.advance(to: t)
      let list = scene.renderList
      #expect(list.count == refs.count, "seed \(seed) frame \(k): \(list.count) rows, \(refs.count) elements")
      for id in refs.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
        guard let row = list.index(of: id) else {
          Issue.record("seed \(seed) frame \(k): element \(id.rawValue) has no row")
          continue
        }
        // The render list stores standardised rectangles (an overshoot past zero size flips).
        let raw = refs[id]!.frame.sample(at: t)
        let expectedFrame = SIMD4(
          Swift.min(raw[0], raw[0] + raw[2]), Swift.min(raw[1], raw[1] + raw[3]), abs(raw[2]), abs(raw[3]))
        // The render list clamps opacity to [0, 1] (a spring may overshoot it).
        let expectedOpacity = Swift.min(Swift.max(refs[id]!.opacity.sample(at: t), 0), 1)
        let got = lanes(list.frame(at: row))
        let gotOpacity = list.opacity[row]
        let s = scene._slots[id]!
        let engineMoving =
          scene._records[s].frame.isAnimating(scene._fast) || scene._records[s].style.isAnimating(scene._fast)
        let referenceMoving = refs[id]!.frame.isAnimating || refs[id]!.opacity.isAnimating
        func agrees(_ tolerance: Double) -> Bool {
          (0..<4).allSatisfy { close(got[$0], expectedFrame[$0], tolerance) }
            && close(gotOpacity, expectedOpacity, tolerance)
        }
        #expect(
          engineMoving == referenceMoving,
          "seed \(seed) frame \(k) id \(id.rawValue): engine moving \(engineMoving), reference \(referenceMoving)"
        )
        // Both at rest: on the model value (to the rounding of the row's width and height).
        let tolerance = engineMoving || referenceMoving ? 1e-9 : 1e-13
        #expect(
          agrees(tolerance),
          "seed \(seed) frame \(k) id \(id.rawValue): \(got) \(gotOpacity) vs \(expectedFrame) \(expectedOpacity)"
        )
        compared += 1
      }
    }
    return compared
  }

  @Test func thousandScriptsAgreeWithThePerPropertyReference() {
    var compared = 0
    for seed in 0..<1_000 { compared += Self.run(seed: 20_261_201 &+ UInt64(seed)) }
    #expect(compared > 900_000, "\(compared) element-frames compared")
  }

  /// Elements changed two or three times in one transaction (the scene defers a transaction's
  /// spring merges and applies them together; a second change of the same frame starts from the
  /// first one's state): the same agreement, on 200 scripts.
  @Test func repeatedChangesInOneTransactionAgreeWithTheReference() {
    var compared = 0
    for seed in 0..<200 { compared += Self.run(seed: 20_261_203 &+ UInt64(seed), repeated: true) }
    #expect(compared > 180_000, "\(compared) element-frames compared")
  }
}
