import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// Hostile animations on the scene, on the batch engine and on the per-property reference scene:
/// unstable, negative and zero damping, absurd and non-finite durations, delays and speeds. Each
/// gets its documented outcome — it snaps or settles (HookeAnimation's edge rules), or it would
/// keep a value moving longer than `Scene.maximumAnimationDuration` and is reported and applied
/// without animation — and no frame ever shows a non-finite value.
@Suite struct SceneHostileAnimationTests {
  /// An animation and whether the scene must refuse it as too long (its documented end is past an
  /// hour, or never).
  struct Case: CustomStringConvertible, Sendable {
    let name: String
    let animation: Animation
    let tooLong: Bool
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "negative damping fraction (unstable: snaps)",
      animation: .spring(response: 0.5, dampingFraction: -0.5), tooLong: false),
    Case(
      name: "damping fraction 100 (unstable: snaps)", animation: .spring(response: 0.5, dampingFraction: 100),
      tooLong: false),
    Case(
      name: "negative response (stiffest spring)", animation: .spring(response: -1, dampingFraction: 0.5),
      tooLong: false),
    Case(name: "NaN spring", animation: .spring(response: .nan, dampingFraction: .nan), tooLong: false),
    Case(
      name: "zero damping (undamped)", animation: .spring(response: 0.5, dampingFraction: 0), tooLong: true),
    Case(
      name: "infinite response (never moves)", animation: .spring(response: .infinity, dampingFraction: 1),
      tooLong: true),
    Case(name: "response 1e300", animation: .spring(response: 1e300, dampingFraction: 1), tooLong: true),
    Case(
      name: "interpolating, negative stiffness",
      animation: .interpolatingSpring(stiffness: -100, damping: -10), tooLong: false),
    Case(
      name: "interpolating, zero damping", animation: .interpolatingSpring(stiffness: 100, damping: 0),
      tooLong: true),
    Case(
      name: "interpolating, stiffness 1e-300",
      animation: .interpolatingSpring(stiffness: 1e-300, damping: 1e-300), tooLong: true),
    Case(name: "ease-in-out 1e9 s", animation: .easeInOut(duration: 1e9), tooLong: true),
    Case(name: "ease-in-out ∞", animation: .easeInOut(duration: .infinity), tooLong: true),
    Case(name: "linear NaN s", animation: .linear(duration: .nan), tooLong: false),
    Case(name: "linear −1 s", animation: .linear(duration: -1), tooLong: false),
    Case(name: "speed 0 (snaps)", animation: Animation.easeIn(duration: 0.3).speed(0), tooLong: false),
    Case(name: "speed 1e-300", animation: Animation.easeIn(duration: 0.3).speed(1e-300), tooLong: true),
    Case(name: "delay NaN", animation: Animation.spring.delay(.nan), tooLong: false),
    Case(name: "delay 1e300", animation: Animation.spring.delay(1e300), tooLong: true),
    Case(
      name: "repeat Int.max times", animation: Animation.linear(duration: 0.1).repeatCount(.max),
      tooLong: true),
  ]

  /// Every case on both scenes: the diagnostic exactly when documented, every frame valid, and
  /// within ten seconds every value on its model and nothing left in motion.
  @Test(arguments: cases, [true, false])
  func hostileAnimationsEndWithTheirDocumentedOutcome(_ c: Case, batch: Bool) {
    let scene = Scene.make(batch: batch)
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      $0.insert(
        Element(id: 2, frame: Rect(x: 0, y: 20, width: 10, height: 10)).matchedGeometry(id: "m", in: ns))
      $0.insert(Element(id: 3, frame: Rect(x: 0, y: 40, width: 10, height: 10)))
    }
    scene.advance(to: frameTime(1))
    let moved = (Rect(x: 100, y: 0, width: 20, height: 10), Rect(x: 100, y: 20, width: 20, height: 10))
    let result = scene.withAnimation(c.animation, at: frameTime(2)) {
      $0.setFrame(1, moved.0)
      $0.setFrame(2, moved.1)
      $0.update(3) { $0.opacity = 0.2 }
      $0.insert(Element(id: 4, frame: Rect(x: 0, y: 60, width: 10, height: 10)))
    }
    let reported = result.diagnostics.contains {
      if case .animationTooLong(element: nil, let d) = $0 { return d > Scene.maximumAnimationDuration }
      return false
    }
    #expect(reported == c.tooLong, "diagnostics \(result.diagnostics)")
    var idle = false
    var invalid = 0
    for k in Int64(3)...Int64(600) {
      scene.advance(to: frameTime(k))
      if !renderListIsValid(scene.renderList) { invalid += 1 }
      let counts = scene.structureCounts
      if counts.activeChannels == 0 && counts.combiningChannels == 0 && counts.generalPathMotion == 0 {
        idle = true
        break
      }
    }
    #expect(invalid == 0)
    #expect(idle, "still in motion after 10 s")
    #expect(scene.rendered(1) == moved.0 && scene.rendered(2) == moved.1)
    #expect(scene.renderedOpacity(3) == 0.2 && scene.renderedOpacity(4) == 1)
  }

  /// A transition's own animation is judged like the transaction's: an endless one is reported
  /// for its element, and the element appears (and later leaves) at once.
  @Test(arguments: [true, false]) func endlessTransitionAnimationIsReportedForItsElement(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let endless = AnyTransition.opacity.animation(.easeInOut(duration: .infinity))
    let inserted = scene.withAnimation(.default, at: 0) {
      $0.insert(Element(id: 7, frame: Rect(x: 0, y: 0, width: 10, height: 10)).transition(endless))
    }
    #expect(inserted.diagnostics == [.animationTooLong(element: 7, duration: .infinity)])
    scene.advance(to: frameTime(1))
    #expect(scene.renderedOpacity(7) == 1)
    let removed = scene.withAnimation(.default, at: frameTime(2)) { $0.remove(7) }
    #expect(removed.diagnostics == [.animationTooLong(element: 7, duration: .infinity)])
    scene.advance(to: frameTime(3))
    #expect(!scene.contains(7) && scene.renderedOpacity(7) == nil)
  }

  /// A repeat without a count runs until replaced, as asked (not judged, no diagnostic).
  @Test(arguments: [true, false]) func repeatForeverRunsAsAsked(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    let r = scene.withAnimation(Animation.linear(duration: 0.5).repeatForever(), at: 0) {
      $0.update(1) { $0.opacity = 0.5 }
    }
    #expect(r.diagnostics.isEmpty)
    for k in Int64(1)...Int64(600) { scene.advance(to: frameTime(k)) }
    #expect(scene.structureCounts.generalPathMotion + scene.structureCounts.activeChannels > 0)
    #expect(renderListIsValid(scene.renderList))
  }
}
