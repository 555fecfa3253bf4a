import HookeAnimation
import Testing
import _TestSupport

@testable import Hooke
@testable import HookeScene

/// The scene's batch engine against the per-property reference scene on the same stories.
@Suite struct FastPathTests {
  /// A new animation per transaction (a distinct spring each time) used to add a batch group per
  /// animation for ever, so each frame stepped more groups. Groups whose channels all left are now
  /// recycled between frames: the group count stays bounded, and a recycled group moves its
  /// channels exactly as a fresh one (the exact spring agrees with the general path to 1e-6 pt
  /// every frame).
  @Test func distinctAnimationsRecycleTheirGroups() {
    func run(fast: Bool) -> (frames: [Rect], groups: Int) {
      let scene = Scene.make(batch: fast)
      scene.withoutAnimation(at: 0) {
        $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 40, height: 40)))
      }
      var frames: [Rect] = []
      var k: Int64 = 0
      for n in 0..<400 {
        let spring = Animation.spring(response: 0.2 + Double(n) / 1000, dampingFraction: 0.8).exact
        scene.withAnimation(spring, at: frameTime(k)) {
          $0.setFrame(1, Rect(x: Double(n % 7) * 30, y: Double(n % 5) * 20, width: 40, height: 40))
        }
        for _ in 0..<3 {
          k += 1
          scene.advance(to: frameTime(k))
          frames.append(scene.rendered(1)!)
        }
      }
      return (frames, scene._fast?.engine.groupCount ?? 0)
    }
    let fast = run(fast: true)
    let general = run(fast: false)
    #expect(fast.groups <= 40, "\(fast.groups) groups for 400 animations")
    for (k, (a, b)) in zip(fast.frames, general.frames).enumerated() {
      let d = max(
        abs(a.minX - b.minX), abs(a.minY - b.minY), abs(a.width - b.width), abs(a.height - b.height))
      #expect(d <= 1e-6, "frame \(k): \(a) vs \(b)")
    }
  }

  /// Every step visits every engine group, and a SwiftUI spring's group advances its substep clock;
  /// groups kept for reuse must not cost a spring's matrix work too (nor be re-parked on another
  /// driver, which swapped their storage twice per reuse): on a stream of transactions with a new
  /// SwiftUI spring each (a group per transaction, recycled), after every frame each free group is
  /// empty and its last step computed no matrix for it, and the spring groups whose step did are at
  /// most those of the animation tables plus the group of resting channels. Seeded.
  @Test func freeGroupsCarryNoSpringWork() {
    let seed: UInt64 = 0x6672_6565_6772_7073
    var rng = SplitMix64(seed: seed)
    let scene = Scene()
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<40 {
        tx.insert(
          Element(
            id: ElementID(i), frame: Rect(x: Double(i % 8) * 45, y: Double(i / 8) * 80, width: 40, height: 70)
          ))
      }
    }
    let fast = scene._fast!
    let engine = fast.engine
    var freeSeen = 0
    var skippedSeen = 0
    for frame in 1...600 {
      // The frame's step runs first (a transaction brings the scene to its time): groups freed
      // after it had channels when it computed their matrices, so only those already free when
      // the frame began must have been skipped.
      let freeBefore = Set(fast.freeGroups.map(\.index))
      if rng.next() % 5 != 0 {
        let spring = Animation.spring(response: 0.2 + Double(frame % 100) / 100, dampingFraction: 0.8)
        scene.withAnimation(spring, at: frameTime(Int64(frame))) { tx in
          for _ in 0..<5 {
            let id = ElementID(Int(rng.next() % 40))
            if rng.next() % 2 == 0 {
              tx.setFrame(
                id, Rect(x: Double(rng.next() % 350), y: Double(rng.next() % 770), width: 40, height: 70))
            } else {
              let opacity = Double(rng.next() % 1000) / 1000
              tx.update(id) { $0.opacity = opacity }
            }
          }
        }
      }
      scene.advance(to: frameTime(Int64(frame)))
      freeSeen = max(freeSeen, fast.freeGroups.count)
      var freedDuringFrame = 0
      for g in fast.freeGroups {
        #expect(
          engine.channelCount(of: g) == 0, "seed \(seed) frame \(frame): free group \(g.index) has channels")
        guard freeBefore.contains(g.index) else {
          if !engine._groups[g.index].matrixStale { freedDuringFrame += 1 }
          continue
        }
        switch engine._groups[g.index].driver {
        case .timingCurve, .curve: break
        case .spring, .fluidSpring:
          #expect(
            engine._groups[g.index].matrixStale,
            "seed \(seed) frame \(frame): free group \(g.index) had its spring matrix computed")
          skippedSeen += 1
        }
      }
      var springGroups = -freedDuringFrame
      for g in 0..<engine.groupCount where !engine._groups[g].matrixStale {
        switch engine._groups[g].driver {
        case .spring, .fluidSpring: springGroups += 1
        case .timingCurve, .curve: break
        }
      }
      let inUse = fast.groups.count + fast.styleGroups.count + 1
      #expect(
        springGroups <= inUse, "seed \(seed) frame \(frame): \(springGroups) spring groups, \(inUse) in use")
    }
    // The stream did recycle groups (else the checks above were empty).
    #expect(freeSeen > 0, "seed \(seed): no group was ever free")
    #expect(skippedSeen > 0, "seed \(seed): no free spring group was ever stepped")
  }

  /// Exact springs: the batch's transition-matrix spring and `FluidSpringAnimation.exact`'s closed
  /// form describe the same motion; the matched tab indicator agrees to 1e-6 points every frame,
  /// and a mid-flight retarget keeps position and velocity on the fast path.
  @Test func exactSpringMatchesTheGeneralPath() {
    func run(fast: Bool) -> [Rect] {
      let scene = Scene.make(batch: fast)
      let ns = scene.makeNamespace()
      let tabs = Layout.horizontalStack(count: 4, in: Rect(x: 8, y: 784, width: 374, height: 52))
      func element(_ i: Int) -> Element {
        Element(id: ElementID(200 + i), frame: Layout.place(Size(width: 48, height: 36), in: tabs[i]))
          .matchedGeometry(id: "tab", in: ns)
      }
      let spring = Animation.spring(response: 0.3, dampingFraction: 0.7).exact
      scene.withoutAnimation(at: 0) { $0.insert(element(0)) }
      scene.withAnimation(spring, at: frameTime(10)) {
        $0.remove(200)
        $0.insert(element(2))
      }
      let g = scene._groupIndex[_GroupKey(namespace: ns, id: "tab")]!
      #expect((scene._groups[g].shared!.isBatched) == fast)
      var out: [Rect] = []
      for k in Int64(10)...Int64(16) {
        scene.advance(to: frameTime(k))
        out.append(scene.rendered(202)!)
      }
      let before = scene.sharedFrame(id: "tab", in: ns)!
      let v = scene.frameVelocity(of: 202)!
      scene.withAnimation(spring, at: frameTime(16)) {
        $0.remove(202)
        $0.insert(element(3))
      }
      #expect(scene.sharedFrame(id: "tab", in: ns)! == before)
      #expect(scene.frameVelocity(of: 203)! == v)
      for k in Int64(17)...Int64(40) {
        scene.advance(to: frameTime(k))
        out.append(scene.rendered(203)!)
      }
      return out
    }
    let general = run(fast: false)
    let fast = run(fast: true)
    #expect(general.count == fast.count)
    for (i, (g, f)) in zip(general, fast).enumerated() {
      #expect(close(g, f, 1e-6), "frame \(i): \(g) vs \(f)")
    }
  }

  /// SwiftUI's integrator on the batch (same substep clock from the transaction) follows the
  /// general path while both are moving; then both land on the target.
  @Test func swiftUISpringMatchesWhileMoving() {
    func run(fast: Bool) -> [Rect?] {
      let scene = Scene.make(batch: fast)
      scene.withoutAnimation(at: 0) {
        $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      }
      scene.withAnimation(.spring(response: 0.5, dampingFraction: 0.8), at: 0) {
        $0.setFrame(1, Rect(x: 300, y: 100, width: 40, height: 20))
      }
      #expect((scene._records[scene._slots[1]!].frame.isBatched) == fast)
      return (1...30).map { k in
        scene.advance(to: frameTime(Int64(k)))
        return scene.rendered(1)
      }
    }
    let general = run(fast: false)
    let fast = run(fast: true)
    for k in 0..<30 { #expect(close(general[k]!, fast[k]!, 1e-9), "frame \(k + 1)") }
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: .zero)) }
    scene.withAnimation(.easeInOut(duration: 0.5), at: 0) {
      $0.setFrame(1, Rect(x: 100, y: 0, width: 0, height: 0))
    }
    for k in 1...60 { scene.advance(to: frameTime(Int64(k))) }
    #expect(scene.rendered(1) == Rect(x: 100, y: 0, width: 0, height: 0))
  }

  /// Styles and transition effects animated by springs run on the batch too (eight channels per
  /// style or effect): an exact-spring restyle (opacity, scale, corner radius, rotation) and a
  /// scale transition's insertion follow the general path's closed form to 1e-6 every frame, and
  /// a mid-flight restyle keeps the presented value.
  @Test func exactSpringStylesAndEffectsMatchTheGeneralPath() {
    func run(fast: Bool) -> [[Double]] {
      let scene = Scene.make(batch: fast)
      let spring = Animation.spring(response: 0.4, dampingFraction: 0.75).exact
      scene.withoutAnimation(at: 0) {
        $0.insert(Element(id: 1, frame: Rect(x: 20, y: 20, width: 100, height: 60)))
      }
      scene.withAnimation(spring, at: frameTime(1)) {
        $0.update(1) {
          $0.opacity = 0.25
          $0.scale = 1.5
          $0.cornerRadius = 12
          $0.rotation = 0.5
        }
        $0.insert(Element(id: 2, frame: Rect(x: 200, y: 300, width: 80, height: 80)).transition(.scale))
      }
      let s1 = scene._slots[1]!
      let s2 = scene._slots[2]!
      #expect(scene._records[s1].style.isBatched == fast)
      #expect(scene._records[s2].effect.isBatched == fast)
      var out: [[Double]] = []
      func sample() {
        let l = scene.renderList
        for id: ElementID in [1, 2] {
          let i = l.index(of: id)!
          let f = l.frame(at: i)
          out.append([f.minX, f.minY, f.width, f.height, l.opacity[i], l.cornerRadius[i], l.rotation[i]])
        }
      }
      for k in Int64(1)...Int64(12) {
        scene.advance(to: frameTime(k))
        sample()
      }
      let before = scene.renderList.opacity[scene.renderList.index(of: 1)!]
      scene.withAnimation(spring, at: frameTime(12)) { $0.update(1) { $0.opacity = 1 } }
      scene.advance(to: frameTime(12))
      #expect(close(scene.renderList.opacity[scene.renderList.index(of: 1)!], before, 1e-12))
      for k in Int64(13)...Int64(90) {
        scene.advance(to: frameTime(k))
        sample()
      }
      return out
    }
    let general = run(fast: false)
    let fast = run(fast: true)
    #expect(general.count == fast.count)
    // While moving (first 0.5 s) to 1e-6; later the batch's rest rules may stop a channel within
    // their tolerance (1/64 point for frames, 1/65,536 for style lanes, which scale with the
    // 150-point element) while the closed form still moves by less than that.
    for (i, (g, f)) in zip(general, fast).enumerated() {
      let tolerance = i < 60 ? 1e-6 : 1.0 / 64
      #expect(zip(g, f).allSatisfy { close($0, $1, tolerance) }, "sample \(i): \(g) vs \(f)")
    }
    // Both end on the model: opacity 1, scale 1.5 about the centre, radius 12, rotation 0.5.
    let last = fast[fast.count - 2]
    #expect(close(last[4], 1, 1e-3) && close(last[5], 12, 1e-3) && close(last[6], 0.5, 1e-3))
    #expect(close(last[2], 150, 1e-3) && close(last[0], 20 - 25, 1e-3))
  }

  /// A removal's fade (the implicit opacity transition) with a timing curve on the batch follows
  /// the curve (opacity 1 − easeInOut(t/d), the CSS `cubic-bezier(0.42, 0, 0.58, 1)` that a
  /// per-property `BezierAnimation` evaluates) and the element leaves once the curve ends.
  @Test func curveFadeOutOnTheBatchFollowsTheCurveAndLeaves() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    scene.withAnimation(.easeInOut(duration: 0.5), at: 0) { $0.remove(1) }
    #expect(scene._records[scene._slots[1]!].effect.isBatched)
    for k in Int64(1)...Int64(29) {
      scene.advance(to: frameTime(k))
      let expected = 1 - CubicBezier.easeInOut.value(at: frameTime(k) / 0.5)
      #expect(close(scene.renderedOpacity(1)!, expected, 1e-9), "frame \(k)")
    }
    scene.advance(to: frameTime(30))
    scene.advance(to: frameTime(31))
    #expect(!scene.contains(1))
    #expect(scene.renderList.index(of: 1) == nil)
  }

  /// Custom animations fall back to the general path, even mid-flight on the fast path.
  @Test func customAnimationsFallBack() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: .zero)) }
    scene.withAnimation(.spring, at: 0) { $0.setFrame(1, Rect(x: 100, y: 0, width: 0, height: 0)) }
    scene.advance(to: 0.1)
    let p = scene.rendered(1)!
    #expect(scene._records[0].frame.isBatched)
    scene.withAnimation(.linear(duration: 1).delay(0.1), at: 0.1) { $0.setFrame(1, .zero) }
    #expect(scene._records[0].frame.isBatched == false)
    scene.advance(to: 0.1)
    #expect(scene.rendered(1)! == p)
    for k in 7...120 { scene.advance(to: frameTime(Int64(k))) }
    #expect(scene.rendered(1) == .zero)
  }

  /// Multi-threaded fast-path frames (stepping and the value scatter split across workers) give
  /// render lists bit-identical to one thread, through retargets that interrupt flights, and the
  /// one-thread fast path still follows the general path's exact spring.
  @Test func threadCountDoesNotChangeFrames() {
    let n = 3_000  // 24,000 channels; the stepper's own chunks are 16,384 channels
    func columns(_ c: Int) -> [Rect] {
      (0..<n).map { i in Rect(x: Double(i % c) * 12, y: Double(i / c) * 12, width: 10, height: 10) }
    }
    func run(threads: Int) -> [[UInt64]] {
      let scene = Scene(bounds: Rect(x: 0, y: 0, width: 2000, height: 4000), threads: threads)
      scene._fast!.chunk = 500  // several chunks per worker for the scatter and the rows
      let ns = scene.makeNamespace()
      let start = columns(40)
      scene.withoutAnimation(at: 0) { tx in
        for i in 0..<n {
          tx.insert(Element(id: ElementID(i), frame: start[i]).matchedGeometry(id: .int(i), in: ns))
        }
      }
      var out: [[UInt64]] = []
      var frame: Int64 = 0
      for (wave, c) in [30, 55, 20].enumerated() {
        let layout = columns(c)
        let spring: Animation =
          wave == 1
          ? .spring(response: 0.4, dampingFraction: 0.75).exact : .spring(response: 0.5, dampingFraction: 0.8)
        scene.withAnimation(spring, at: frameTime(frame)) { tx in
          for i in 0..<n { tx.setFrame(ElementID(i), layout[i]) }
        }
        for _ in 0..<12 {
          frame += 1
          scene.advance(to: frameTime(frame))
          let l = scene.renderList
          out.append(
            (0..<l.count).flatMap {
              [l.x[$0].bitPattern, l.y[$0].bitPattern, l.width[$0].bitPattern, l.height[$0].bitPattern]
            })
        }
      }
      return out
    }
    let one = run(threads: 1)
    let two = run(threads: 2)
    let three = run(threads: 3)
    #expect(one.count == 36)
    for k in one.indices {
      #expect(one[k] == two[k], "frame \(k + 1): 2 threads differ")
      #expect(one[k] == three[k], "frame \(k + 1): 3 threads differ")
    }
    #expect(one[0] != one[11])  // the frames do move
  }

  /// A retarget keeps the value only as the engine stores it, `target + displacement`: when no
  /// representable displacement reproduces the old value (a value with a fine ulp retargeted
  /// towards a far target) it moves by rounding. The row of the retarget's frame must show that
  /// stored value, the one the next step evolves from (SwiftUI likewise shows
  /// `newModel − interval + offset`), not a cached copy of the value before the retarget.
  @Test(arguments: [false, true]) func retargetFrameShowsTheStoredValue(swiftUIModel: Bool) {
    let scene = Scene()
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    let spring: Animation =
      swiftUIModel
      ? .spring(response: 0.5, dampingFraction: 0.8) : .spring(response: 0.5, dampingFraction: 0.8).exact
    var moved = 0
    for k in Int64(1)...40 {
      scene.advance(to: frameTime(k))
      let before = scene.rendered(1)!.minX
      // Alternate between a near and a far target so that values carry full precision.
      let x = k % 2 == 0 ? 0.1 : 1000.3
      scene.withAnimation(spring, at: frameTime(k)) {
        $0.setFrame(1, Rect(x: x, y: 0, width: 10, height: 10))
      }
      scene.advance(to: frameTime(k))
      let fast = scene._fast!
      let q = scene._records[scene._slots[1]!].frame._quad
      #expect(q >= 0, "frame \(k): the frame runs on the batch")
      guard q >= 0 else { return }
      let h = fast.handles[4 * q]
      let stored = fast.engine.target(of: h)! + fast.engine.displacement(of: h)!
      #expect(fast.engine.target(of: h)! == x)
      #expect(
        scene.rendered(1)!.minX.bitPattern == stored.bitPattern,
        "frame \(k): \(scene.rendered(1)!.minX) vs \(stored)")
      if stored != before { moved += 1 }
    }
    // The story must contain retargets whose stored value differs from the previous one.
    #expect(moved > 0)
  }

  /// A batch group is found by the animation's equality: a copy of the animation, an equal one
  /// built apart, and the first again after a different one all get the same group (the last
  /// animation's cache tests for a copy first, a shortcut and not a different key); a different
  /// animation gets another. For frame and for style groups.
  @Test func batchGroupsAreKeyedByAnimationEquality() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    let fast = scene._fast!
    let a = Animation.easeInOut(duration: 0.3)
    for style in [false, true] {
      func group(_ x: Animation) -> BatchGroup? { style ? fast.styleGroup(for: x) : fast.group(for: x) }
      let g = group(a)
      #expect(g != nil, "style \(style)")
      #expect(group(a) == g, "style \(style): a copy")
      #expect(group(Animation.easeInOut(duration: 0.3)) == g, "style \(style): an equal animation")
      #expect(group(Animation.easeInOut(duration: 0.4)) != g, "style \(style): a different animation")
      #expect(group(a) == g, "style \(style): the first again")
    }
  }
}

@Suite("Scene bad input: far-future times and huge frames")
struct SceneBadTimeTests {
  /// A time beyond the batch engine's tick range (t·ticksPerSecond ≥ 2⁶³) used to trap converting
  /// to Int64; later, adopting such a time settled everything but parked the clock there, so no
  /// later animation could run. Times beyond `Scene.maximumTime` are now ignored (the scene acts at
  /// its last time): the frame is where it was at 0.1 s, and ordinary times then settle it.
  @Test(arguments: [false, true], [1e13, 1e300, Double.greatestFiniteMagnitude, .infinity])
  func farFutureTimeIsIgnored(batch: Bool, time: Double) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: .zero)) }
    scene.withAnimation(.spring(response: 0.5, dampingFraction: 0.8).exact, at: 0) {
      $0.setFrame(1, Rect(x: 100, y: 50, width: 10, height: 20))
    }
    scene.advance(to: 0.1)
    let atTenth = scene.rendered(1)
    scene.advance(to: time)
    #expect(scene.currentTime == 0.1 && scene.rendered(1) == atTenth, "time \(time) batch \(batch)")
    scene.advance(to: 10)
    #expect(
      scene.rendered(1) == Rect(x: 100, y: 50, width: 10, height: 20), "time \(time) batch \(batch)")
  }

  /// A transaction at t = +∞ (or a huge time) followed by frames at +∞ renders finite values.
  @Test(arguments: [false, true], [Double.infinity, 1e300])
  func transactionAtInfiniteTimeStaysFinite(batch: Bool, time: Double) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: .zero)) }
    scene.withAnimation(.spring(response: 0.5, dampingFraction: 0.8), at: time) {
      $0.setFrame(1, Rect(x: 100, y: 50, width: 10, height: 20))
    }
    scene.advance(to: time)
    scene.advance(to: .infinity)
    let r = scene.rendered(1)
    let finite =
      r.map {
        $0.origin.x.isFinite && $0.origin.y.isFinite && $0.size.width.isFinite && $0.size.height.isFinite
      } ?? false
    #expect(finite, "batch \(batch) time \(time): \(String(describing: r))")
    #expect(renderListIsValid(scene.renderList), "batch \(batch) time \(time)")
  }

  /// `reserveCapacity` is a hint: a negative or absurd count (Int.max used to trap allocating)
  /// reserves at most 2²⁴ changes and the transaction still applies.
  @Test(arguments: [-1, Int.max])
  func absurdReserveCapacityIsAHint(n: Int) {
    let scene = Scene()
    let result = scene.withoutAnimation(at: 0) { tx in
      tx.reserveCapacity(n)
      tx.insert(Element(id: 1, frame: Rect(x: 1, y: 2, width: 3, height: 4)))
    }
    #expect(result.diagnostics.isEmpty, "\(n)")
    scene.advance(to: 0)
    #expect(scene.rendered(1) == Rect(x: 1, y: 2, width: 3, height: 4), "\(n)")
  }

  /// Style values near the largest finite Double (and an opposite-signed retarget, whose
  /// displacement overflows) animate on both paths without NaN or ∞ in the render list; opacity
  /// stays in [0, 1] and radii non-negative, as the render list documents; the element ends on
  /// its model values. A displacement of ~1e308 decays below the batch rest rule only after
  /// about 43 s with this spring (decay rate ζω₀ ≈ 16.8/s), so the run covers 60 s.
  @Test(arguments: [false, true])
  func hugeStylesStayFinite(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let big = Double.greatestFiniteMagnitude / 2
    scene.withoutAnimation(at: 0) {
      $0.insert(
        Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)).with {
          $0.rotation = -big
          $0.cornerRadius = big
        })
    }
    scene.withAnimation(.spring(response: 0.3, dampingFraction: 0.8), at: 0) {
      $0.update(1) {
        $0.rotation = big
        $0.cornerRadius = -big
        $0.blurRadius = big
        $0.opacity = 1e300
        $0.offset = Size(width: big, height: -big)
      }
    }
    for k in 1...3600 {
      scene.advance(to: frameTime(Int64(k)))
      let l = scene.renderList
      guard let i = l.index(of: 1) else {
        Issue.record("element missing at frame \(k)")
        break
      }
      let values = [
        l.x[i], l.y[i], l.width[i], l.height[i], l.rotation[i], l.cornerRadius[i], l.blurRadius[i],
      ]
      let ok =
        values.allSatisfy(\.isFinite) && (0...1).contains(l.opacity[i]) && l.cornerRadius[i] >= 0
        && l.blurRadius[i] >= 0
      #expect(ok, "frame \(k) batch \(batch): \(values), opacity \(l.opacity[i])")
      if !ok { break }
    }
    let l = scene.renderList
    let i = l.index(of: 1)!
    #expect(
      l.rotation[i] == big && l.cornerRadius[i] == 0 && l.opacity[i] == 1,
      "batch \(batch): rotation \(l.rotation[i]) radius \(l.cornerRadius[i]) blur \(l.blurRadius[i])")
  }

  /// Frames near the largest finite Double animate without producing NaN or ∞ on either path.
  @Test(arguments: [false, true])
  func hugeFramesStayFinite(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let big = Double.greatestFiniteMagnitude / 2
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: -big, y: 0, width: 0, height: 0)))
    }
    scene.withAnimation(.spring(response: 0.5, dampingFraction: 0.5).exact, at: 0) {
      $0.setFrame(1, Rect(x: big, y: 0, width: big, height: 0))
    }
    // A 1e308 displacement decays below a rest rule only after about two minutes with this
    // spring (decay rate ζω₀ ≈ 6.3/s): run 130 s, then the frame must be the model's, exactly.
    for k in 1...7800 {
      scene.advance(to: frameTime(Int64(k)))
      let r = scene.rendered(1)
      let finite =
        r.map {
          $0.origin.x.isFinite && $0.origin.y.isFinite && $0.size.width.isFinite && $0.size.height.isFinite
        } ?? false
      #expect(finite, "frame \(k) batch \(batch): \(String(describing: r))")
      if !finite { break }
    }
    #expect(scene.rendered(1) == Rect(x: big, y: 0, width: big, height: 0), "batch \(batch)")
  }
}

/// The batch engine's group table after a burst of animations: every step visits every group, so
/// the groups a burst added must not stay in the table once they are free. Seeded.
@Suite struct FastPathGroupTableTests {
  /// A burst of 200 frames with two new SwiftUI springs per frame, each on ten elements that no
  /// other transaction of the burst moves (each spring a batch group of its own until its
  /// elements settle, so the table grows to hundreds), then a quiet stretch with one spring
  /// transaction every 20 frames on two elements. Once the burst's animations have ended and the
  /// recycling sweeps have run, the table must come down to the order of the groups in use: the
  /// animation tables' groups, the resting group and free groups left between them, bounded by
  /// twice the groups in use plus the sweep's threshold of 16 — not the burst's size.
  @Test func groupTableShrinksAfterABurst() {
    let seed: UInt64 = 0x6275_7273_7432_3032
    var rng = SplitMix64(seed: seed)
    let scene = Scene()
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<4_000 {
        tx.insert(Element(id: ElementID(i), frame: Rect(x: Double(i % 10) * 40, y: 0, width: 30, height: 30)))
      }
    }
    let fast = scene._fast!
    // Transaction `k` moves `ids(k)` with a spring of its own (SwiftUI's springs of one
    // animation share a group, whatever their clocks: distinct animations make the groups).
    func animate(_ frame: Int, _ k: Int, _ ids: [Int]) {
      let spring = Animation.spring(response: 0.3 + Double(k % 400) / 400, dampingFraction: 0.8)
      scene.withAnimation(spring, at: frameTime(Int64(frame))) { tx in
        for i in ids {
          tx.setFrame(
            ElementID(i),
            Rect(x: Double(rng.next() % 400), y: Double(rng.next() % 800), width: 30, height: 30))
        }
      }
    }
    var peak = 0
    for frame in 1...200 {
      for k in 0..<2 {
        let first = 20 * (frame - 1) + 10 * k
        animate(frame, 2 * frame + k, Array(first..<first + 10))
      }
      scene.advance(to: frameTime(Int64(frame)))
      peak = max(peak, fast.engine.groupCount)
    }
    for frame in 201...2_000 {
      if frame % 20 == 0 { animate(frame, frame, [Int(rng.next() % 4_000), Int(rng.next() % 4_000)]) }
      scene.advance(to: frameTime(Int64(frame)))
    }
    let inUse = fast.groups.count + fast.styleGroups.count + 1
    #expect(peak >= 100, "seed \(seed): the burst made only \(peak) groups")
    #expect(
      fast.engine.groupCount <= 2 * inUse + 16,
      "seed \(seed): \(fast.engine.groupCount) groups after the burst (peak \(peak)), \(inUse) in use")
    #expect(
      fast.groupInfo.count == fast.engine.groupCount && fast.activeBefore.count == fast.engine.groupCount)
  }
}

/// The moving list against the engine: after every frame, a quad is listed moving exactly when
/// one of its channels is not settled, as the engine answers for it alone.
@Suite struct FastPathMovingListTests {
  /// The sweep over the moving list takes a quad the last step left active as moving without
  /// asking the engine (`_FastPath.activeMarks`); a transaction after that step — at the same
  /// time, before the frame's render list — may bring the quad to rest (a spring
  /// animation's end rule snaps a slow value merged close to its target, a removal frees it) or
  /// start it anew. Seeded script of springs, timing curves (which combine), unanimated changes,
  /// repeated targets, opacity changes, removals and insertions, each frame's
  /// transaction applied after the frame's step and the frame then rendered at the same time; a
  /// dozen elements keep the list below the size at which every row is rewritten anyway.
  @Test func listedQuadsAreExactlyTheUnsettledOnes() {
    let seed: UInt64 = 0x6D61_726B_7321
    var rng = SplitMix64(seed: seed)
    let scene = Scene()
    let count = 12
    func element(_ i: Int) -> Element {
      Element(
        id: ElementID(i), frame: Rect(x: Double(i % 4) * 90, y: Double(i / 4) * 90, width: 80, height: 80)
      )
      .transition(.opacity)
    }
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<count { tx.insert(element(i)) }
    }
    var present = Set(0..<count)
    var targets = (0..<count).map { element($0).frame }
    // Quads the transaction brought to rest after their step (listed moving after the frame's
    // step, not after the transaction at the same time): the case the marks must not hide.
    var restedAfterStep = 0
    for frame in 1...400 {
      let t = frameTime(Int64(frame))
      scene.advance(to: t)
      let movingAfterStep = Set(scene._fast?.moving ?? [])
      let choice = rng.next() % 6
      let id = Int(rng.next() % UInt64(count))
      let target = Rect(x: Double(rng.next() % 300), y: Double(rng.next() % 500), width: 80, height: 80)
      func change(_ tx: inout SceneTransaction) {
        guard present.contains(id) else {
          tx.insert(element(id))
          present.insert(id)
          targets[id] = element(id).frame
          return
        }
        switch choice {
        case 0, 1:
          tx.setFrame(ElementID(id), target)
          targets[id] = target
        case 2: tx.setOpacity(ElementID(id), Double(rng.next() % 3) / 2)
        case 3:
          tx.remove(ElementID(id))
          present.remove(id)
        default:
          // The same target again: a spring merging into a value close to it and slow ends
          // there (SwiftUI's end rule at the transaction's sample).
          tx.setFrame(ElementID(id), targets[id])
        }
      }
      switch rng.next() % 4 {
      case 0: scene.withoutAnimation(at: t) { change(&$0) }
      case 1: scene.withAnimation(.easeInOut(duration: 0.3), at: t) { change(&$0) }
      default: scene.withAnimation(.spring(response: 0.3, dampingFraction: 0.7), at: t) { change(&$0) }
      }
      scene.advance(to: t)
      guard let f = scene._fast else {
        Issue.record("no batch engine")
        return
      }
      for q in 0..<f.quadCount where f.quadOwner[q] != Int32.min {
        let listed = f.isListedMoving[q]
        let moves = f.isAnimating(q)
        #expect(
          listed == moves, "frame \(frame), quad \(q): listed \(listed), engine \(moves) (seed \(seed))")
        if movingAfterStep.contains(Int32(q)) && !moves { restedAfterStep += 1 }
      }
    }
    #expect(restedAfterStep > 0, "\(restedAfterStep) quads brought to rest after their step (seed \(seed))")
  }

  /// Every batched own frame's quad is claimed with the frame role, and every batched style low
  /// quad with the low-style role, after insertions, springs and curves that start and
  /// interrupt motion (the paths that move a frame onto the engine and retarget it there), fades
  /// and jumps: the row refresh reads only the quad's role to rewrite a row's rectangle alone or
  /// patch its opacity, so a frame's quad claimed with another role rewrites its row whole.
  @Test func batchedFramesAndStylesAreClaimedWithTheirRoles() {
    let scene = Scene(threads: 1)
    func cell(_ i: Int, _ k: Int) -> Rect {
      Rect(x: Double((i + k) % 7) * 30, y: Double(i / 7) * 30 + Double(k), width: 20, height: 20)
    }
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<60 { tx.insert(Element(id: ElementID(i), frame: cell(i, 0))) }
    }
    let animations: [Animation] = [
      .spring(response: 0.3, dampingFraction: 0.8), .easeInOut(duration: 0.2),
      .spring(response: 0.3, dampingFraction: 0.8).exact,
    ]
    for k in 1..<12 {
      scene.withAnimation(animations[k % 3], at: frameTime(Int64(3 * k))) { tx in
        for i in stride(from: k % 2, to: 60, by: 2) { tx.setFrame(ElementID(i), cell(i, k)) }
        for i in stride(from: k % 5, to: 60, by: 5) { tx.setOpacity(ElementID(i), Double(k % 3) / 2) }
      }
      if k % 4 == 0 { scene.withoutAnimation(at: frameTime(Int64(3 * k))) { $0.setFrame(7, cell(7, 50)) } }
      for j in 0..<3 {
        scene.advance(to: frameTime(Int64(3 * k + j)))
        let f = scene._fast!
        var frames = 0
        for id in 0..<60 {
          let s = scene._slots[ElementID(id)]!
          let q = Int(scene._records[s].frame._lo)
          if q >= 0 {
            frames += 1
            #expect(f.quadRole[q] == .frame, "element \(id) frame quad \(q), round \(k)")
          }
          let lo = Int(scene._records[s].style._lo)
          if lo >= 0 {
            #expect(f.quadRole[lo] == .lowStyle, "element \(id) style quad \(lo), round \(k)")
          }
        }
        if j == 0 { #expect(frames > 0, "round \(k): no frame on the engine") }
      }
    }
  }
}
