import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// A record holds a `_TransitionState` (transition effect, its anchor, a zoom destination's
/// state) only while its effect has left the neutral value at the centre: elements inserted
/// without animation carry none, an animated insertion or removal gets one, an eviction drops
/// it, and a transition whose identity phase is not neutral keeps one — and its effect shows.
@Suite struct TransitionStateTests {
  /// A custom transition whose identity phase rotates by a quarter radian.
  struct Tilted: Transition {
    func body(content: TransitionContent, phase: TransitionPhase) -> TransitionContent {
      var c = content
      c.rotation = 0.25
      if !phase.isIdentity { c.opacity = 0 }
      return c
    }
  }

  func card(_ id: ElementID) -> Element { Element(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10)) }

  @Test(arguments: [false, true]) func unanimatedInsertionsHoldNoState(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<10 { tx.insert(card(ElementID(i))) }
    }
    #expect(scene._records.allSatisfy { $0._transition == nil })
  }

  @Test(arguments: [false, true]) func animatedInsertionAndRemovalHoldOneUntilEviction(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withAnimation(.easeInOut(duration: 0.2), at: 0) { $0.insert(card(1)) }
    let s = scene._slots[1]!
    #expect(scene._records[s]._transition != nil, "an animated opacity insertion")
    scene.advance(to: 0.5)
    scene.withAnimation(.easeInOut(duration: 0.2), at: 0.5) { $0.remove(1) }
    #expect(scene._records[s]._transition != nil, "an animated removal")
    scene.advance(to: 1)
    #expect(scene.element(1) == nil, "the removal ended")
    #expect(scene._records[s]._transition == nil, "the eviction dropped the state")
    scene.withoutAnimation(at: 1) { $0.insert(card(2)) }
    #expect(scene._slots[2] == s && scene._records[s]._transition == nil, "the reused slot holds none")
  }

  @Test(arguments: [false, true]) func nonNeutralIdentityKeepsItsState(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) { $0.insert(card(1).transition(AnyTransition(Tilted()))) }
    let s = scene._slots[1]!
    #expect(scene._records[s]._transition != nil)
    scene.advance(to: 0.1)
    let row = scene.renderList.index(of: 1)
    #expect(row.map { scene.renderList.rotation[$0] } == 0.25, "the identity phase's rotation is drawn")
  }

  /// Evicted states are reused (`Scene._takeTransition`): cards that keep leaving and coming
  /// back with animated transitions make no more states than are alive at once.
  @Test(arguments: [false, true]) func releasedStatesAreReused(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let cards = 16
    var t = 0.0
    var next = 0
    for cycle in 0..<20 {
      scene.withAnimation(.easeInOut(duration: 0.1), at: t) { tx in
        for k in 0..<cards {
          if cycle > 0 { tx.remove(ElementID(next - cards + k)) }
          tx.insert(card(ElementID(next + k)))
        }
      }
      next += cards
      for _ in 0..<12 {
        t += 1.0 / 60
        scene.advance(to: t)
      }
    }
    #expect(scene._transitionsMade <= 2 * cards, "states made: \(scene._transitionsMade)")
    let held = scene._records.filter { $0.live && $0._transition != nil }.count
    #expect(held + scene._spareTransitions.count == scene._transitionsMade, "each state is held or pooled")
  }
}
