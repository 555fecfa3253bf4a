import HookeAnimation
import Testing

@testable import HookeScene

/// The animations an `AnyTransition` fixes, per its documentation: `animation(_:)` fixes both
/// directions, a combination takes the first non-`nil` animation (self, then other) per direction,
/// `asymmetric` takes the insertion transition's insertion animation and the removal
/// transition's removal animation, and a direction without a fixed animation uses the
/// transaction's.
@Suite struct TransitionTests {
  let slow = Animation.linear(duration: 2)
  let fast = Animation.easeIn(duration: 0.1)

  @Test func builtInsFixNoAnimation() {
    for t in [AnyTransition.opacity, .identity, .scale, .slide] {
      #expect(t.insertionAnimation == nil && t.removalAnimation == nil)
      #expect(t.animation(for: .insertion, transactionAnimation: fast) == fast)
      #expect(t.animation(for: .removal, transactionAnimation: nil) == nil)
    }
  }

  @Test func animationFixesBothDirectionsAndNilClearsThem() {
    let t = AnyTransition.opacity.animation(slow)
    #expect(t.insertionAnimation == slow && t.removalAnimation == slow)
    #expect(t.animation(for: .removal, transactionAnimation: fast) == slow)
    let cleared = t.animation(nil)
    #expect(cleared.insertionAnimation == nil && cleared.removalAnimation == nil)
    #expect(cleared.animation(for: .insertion, transactionAnimation: fast) == fast)
  }

  @Test func settingOneDirectionKeepsTheOther() {
    var t = AnyTransition.opacity
    t.insertionAnimation = slow
    t.removalAnimation = fast
    #expect(t.insertionAnimation == slow && t.removalAnimation == fast)
    t.insertionAnimation = nil
    #expect(t.insertionAnimation == nil && t.removalAnimation == fast)
    t.removalAnimation = nil
    #expect(t.insertionAnimation == nil && t.removalAnimation == nil)
  }

  @Test func copiesAreIndependent() {
    let original = AnyTransition.opacity.animation(slow)
    var copy = original
    copy.removalAnimation = fast
    #expect(original.removalAnimation == slow)
    #expect(copy.insertionAnimation == slow && copy.removalAnimation == fast)
  }

  @Test func combinedTakesTheFirstFixedAnimationPerDirection() {
    var a = AnyTransition.opacity
    a.insertionAnimation = slow
    let b = AnyTransition.scale.animation(fast)
    let ab = a.combined(with: b)
    #expect(ab.insertionAnimation == slow && ab.removalAnimation == fast)
    let none = AnyTransition.opacity.combined(with: .scale)
    #expect(none.insertionAnimation == nil && none.removalAnimation == nil)
  }

  @Test func asymmetricTakesEachSidesOwnDirection() {
    let t = AnyTransition.asymmetric(insertion: .opacity.animation(slow), removal: .scale.animation(fast))
    #expect(t.insertionAnimation == slow && t.removalAnimation == fast)
  }
}
