import HookeAnimation
import Testing
import _TestSupport

@testable import Hooke
@testable import HookeScene

/// A matched source's own frame rides its group's shared frame on the batch engine (it rests
/// while the shared frame moves, and takes the shared frame's motion back when it could be
/// seen again); the per-property reference scene animates both frames all along. Seeded random
/// scripts of matched sources (various anchors) move them with springs, timing curves and
/// unanimated changes, and — while they fly — unmatch and rematch them, cover them with a new
/// source (a hero destination) and uncover them, and remove them with their transition: every
/// row of every frame agrees with the reference to 1e-9 (relative above 1 point).
@Suite struct SceneRidingFrameTests {
  static let hz: Int64 = 120

  static let animations: [Animation?] = [
    .spring(response: 0.4, dampingFraction: 0.75).exact,
    .spring(response: 0.5, dampingFraction: 0.825),
    .default,
    .spring(response: 0.3, dampingFraction: 1.0),
    .easeInOut(duration: 0.3),
    nil,
  ]

  static let anchors: [UnitPoint] = [.center, .topLeading, .bottomTrailing, UnitPoint(x: 0.3, y: 0.8)]

  struct Outcome {
    var compared = 0
    /// Frames with a riding element, and rides ended while the shared frame moved.
    var riding = 0
    var rebuiltInFlight = 0
  }

  static func run(seed: UInt64) -> Outcome {
    var random = SplitMix64(seed: seed)
    func uniform(_ r: ClosedRange<Double>) -> Double {
      r.lowerBound + (r.upperBound - r.lowerBound) * Double(random.next() >> 11) * 0x1p-53
    }
    func randomFrame() -> Rect {
      Rect(
        x: uniform(-100...300), y: uniform(-100...700), width: uniform(10...200), height: uniform(10...200))
    }
    let batch = Scene()
    let reference = Scene(perPropertyReference: batch.bounds)
    let scenes = [batch, reference]
    let namespaces = scenes.map { $0.makeNamespace() }
    let count = 3 + Int(random.next() % 4)
    let anchors = (0..<count).map { _ in Self.anchors[Int(random.next() % UInt64(Self.anchors.count))] }
    func matched(_ e: Element, _ i: Int, _ s: Int) -> Element {
      e.matchedGeometryEffect(id: MatchID(i), in: namespaces[s], anchor: anchors[i])
    }
    for (s, scene) in scenes.enumerated() {
      scene.withoutAnimation(at: 0) { tx in
        for i in 0..<count {
          tx.insert(matched(Element(id: ElementID(i), frame: Rect(x: 0, y: 0, width: 50, height: 50)), i, s))
        }
      }
    }
    var live = Set(0..<count)
    var isMatched = Array(repeating: true, count: count)
    var covered = Set<Int>()
    var outcome = Outcome()
    for k in 1...240 {
      let t = PropertyAnimator<Double>.time(tick: Int64(k), ticksPerSecond: hz)
      if random.next() % 5 == 0 {
        let animation = animations[Int(random.next() % UInt64(animations.count))]
        var moves: [(Int, Rect)] = []
        for i in live.sorted() where random.next() % 2 == 0 { moves.append((i, randomFrame())) }
        let event = random.next() % 8
        let pick = live.sorted().isEmpty ? nil : live.sorted()[Int(random.next() % UInt64(live.count))]
        let coverFrame = randomFrame()
        // Riders whose shared frame moves now: a ride this transaction ends is rebuilt in flight.
        let flying = live.filter { i in
          guard let s = batch._slots[ElementID(i)], batch._records[s].ridesShared,
            let g = batch._records[s].group
          else { return false }
          return batch._groups[g].shared?.isAnimating(batch._fast) == true
        }
        for (s, scene) in scenes.enumerated() {
          scene.advance(to: t)
          scene.withAnimation(animation, at: t) { tx in
            for (i, frame) in moves { tx.setFrame(ElementID(i), frame) }
            guard let i = pick else { return }
            switch event {
            case 0:
              let match = !isMatched[i]
              tx.update(ElementID(i)) { e in
                e = match ? matched(e, i, s) : Element(id: e.id, frame: e.frame)
              }
            case 1:
              if covered.contains(i) {
                tx.remove(ElementID(1000 + i))
              } else {
                tx.insert(matched(Element(id: ElementID(1000 + i), frame: coverFrame), i, s))
              }
            case 2 where live.count > 1:
              tx.remove(ElementID(i))
            default:
              break
            }
          }
        }
        if let i = pick {
          switch event {
          case 0: isMatched[i].toggle()
          case 1: if covered.contains(i) { covered.remove(i) } else { covered.insert(i) }
          case 2 where live.count > 1: live.remove(i)
          default: break
          }
        }
        outcome.rebuiltInFlight +=
          flying.filter { i in
            guard let s = batch._slots[ElementID(i)] else { return false }
            return !batch._records[s].ridesShared
          }.count
      }
      for scene in scenes { scene.advance(to: t) }
      if batch._records.contains(where: { $0.live && $0.ridesShared }) { outcome.riding += 1 }
      let a = batch.renderList
      let b = reference.renderList
      #expect(a.count == b.count, "seed \(seed) frame \(k): \(a.count) rows, reference \(b.count)")
      guard a.count == b.count else { return outcome }
      for row in 0..<a.count {
        #expect(
          a.ids[row] == b.ids[row] && a.kinds[row] == b.kinds[row], "seed \(seed) frame \(k) row \(row)")
        let (x, y) = (a.frame(at: row), b.frame(at: row))
        #expect(
          close(x, y) && close(a.opacity[row], b.opacity[row]),
          "seed \(seed) frame \(k) id \(a.ids[row].rawValue): \(x) \(a.opacity[row]) vs \(y) \(b.opacity[row])"
        )
        outcome.compared += 1
      }
    }
    return outcome
  }

  /// A rebuilt frame ends by SwiftUI's rule on its edges' interval. A centre-matched source grows
  /// 40 points wide while its anchor moves 20 to the right — its leading edge stays put — on a
  /// slow, heavily damped SwiftUI spring (response 10 s, fraction 22: the slow mode decays at
  /// about 0.0143 s⁻¹, so position, not speed, decides the end). Unmatched in flight, its own
  /// frame takes the motion back. The rule's tolerance is 1 % of the interval: on the edges
  /// (0, 0, 40, 0) the spring runs until the width is within 0.4 points of its target (about 322
  /// s in); on the anchor and size it would stop within 0.447 points, about 8 s earlier. The
  /// frame agrees with the reference scene, which animated the edges all along, at every frame.
  @Test func aRebuiltFrameEndsByItsEdgesInterval() {
    let hz: Int64 = 60
    let batch = Scene()
    let reference = Scene(perPropertyReference: batch.bounds)
    let scenes = [batch, reference]
    let spring = Animation.spring(response: 10, dampingFraction: 22)
    let start = Rect(x: 100, y: 100, width: 40, height: 40)
    // Anchor (centre) +20, width +40: the leading edge stays at x = 100.
    let end = Rect(x: 100, y: 100, width: 80, height: 40)
    for scene in scenes {
      let ns = scene.makeNamespace()
      scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: start).matchedGeometry(id: 1, in: ns)) }
      scene.advance(to: PropertyAnimator<Double>.time(tick: 1, ticksPerSecond: hz))
      scene.withAnimation(spring, at: PropertyAnimator<Double>.time(tick: 2, ticksPerSecond: hz)) {
        $0.setFrame(1, end)
      }
    }
    #expect(batch._slots[1].map { batch._records[$0].ridesShared } == true, "the source rides")
    var settledAt: Int64?
    var worst = 0.0
    for k in Int64(3)...Int64(hz * 360) {
      let t = PropertyAnimator<Double>.time(tick: k, ticksPerSecond: hz)
      if k == 30 {
        for scene in scenes {
          scene.withoutAnimation(at: t) { $0.update(1) { $0.matchedGeometry = nil } }
        }
      }
      for scene in scenes { scene.advance(to: t) }
      guard let a = batch.rendered(1), let b = reference.rendered(1) else {
        Issue.record("frame \(k): element 1 not rendered")
        return
      }
      worst = Swift.max(worst, abs(a.width - b.width), abs(a.minX - b.minX))
      if settledAt == nil && b == end { settledAt = k }
    }
    #expect(worst <= 1e-9, "largest difference \(worst) points")
    // The reference ends when the width is within 0.4 points: f = 0.01 of the slow mode.
    let ended = Double(settledAt ?? 0) / Double(hz)
    #expect(ended > 300 && ended < 345, "the reference settled at \(ended) s")
  }

  @Test func ridingSourcesAgreeWithTheReferenceScene() {
    var total = Outcome()
    for seed in 0..<300 {
      let o = Self.run(seed: 20_261_204 &+ UInt64(seed))
      total.compared += o.compared
      total.riding += o.riding
      total.rebuiltInFlight += o.rebuiltInFlight
    }
    #expect(total.compared > 200_000, "\(total.compared) rows compared")
    // The scripts exercise what they are for: frames ride, and rides end mid-flight.
    #expect(total.riding > 10_000, "\(total.riding) frames with a riding element")
    #expect(total.rebuiltInFlight > 100, "\(total.rebuiltInFlight) rides ended in flight")
  }
}
