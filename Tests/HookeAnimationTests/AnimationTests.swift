import HookeAnimation
import Testing

/// `Animation` values: a copy shares the wrapped box (`_isCopy(of:)`, the cheap first test of a
/// caller that keeps the last animation it saw), while equal animations built apart are equal
/// but not copies, and different ones are neither.
@Suite struct AnimationTests {
  @Test func copiesShareTheirBoxEqualValuesNeedNot() {
    let a = Animation.easeInOut(duration: 0.3)
    let copy = a
    let twin = Animation.easeInOut(duration: 0.3)
    let other = Animation.easeInOut(duration: 0.4)
    #expect(copy._isCopy(of: a) && copy == a)
    #expect(!twin._isCopy(of: a) && twin == a)
    #expect(!other._isCopy(of: a) && other != a)
  }
}
