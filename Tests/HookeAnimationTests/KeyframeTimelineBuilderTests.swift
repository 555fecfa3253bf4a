import Hooke
import Testing

@testable import HookeAnimation

/// `KeyframeTimeline(initialValue:) { KeyframeTrack … }` with several tracks of different types.
@Suite struct KeyframeTimelineBuilderTests {
  struct Values {
    var scale = 1.0
    var offset = SIMD2<Double>.zero
    var angle = 0.0
  }

  /// Linear keyframes are exact: values at chosen times are the hand-computed interpolations,
  /// and the duration is the longest track.
  @Test func severalTracksOfDifferentTypes() {
    let timeline = KeyframeTimeline(initialValue: Values()) {
      KeyframeTrack(\.scale) {
        LinearKeyframe(2.0, duration: 0.5)
        LinearKeyframe(1.0, duration: 0.5)
      }
      KeyframeTrack(\.offset) {
        LinearKeyframe(SIMD2(40, -20), duration: 2)
      }
      KeyframeTrack(\.angle) { MoveKeyframe(3.0) }
    }
    #expect(timeline.duration == 2)
    let quarter = timeline.value(time: 0.25)
    #expect(quarter.scale == 1.5 && quarter.offset == SIMD2(5, -2.5) && quarter.angle == 3)
    let late = timeline.value(time: 1.5)
    #expect(late.scale == 1 && late.offset == SIMD2(30, -15))
  }

  /// `if`, `else` and `for` select and repeat tracks; the last track on a property wins.
  @Test func controlFlowAndOrder() {
    func timeline(bounce: Bool) -> KeyframeTimeline<Values> {
      KeyframeTimeline(initialValue: Values()) {
        if bounce {
          KeyframeTrack(\.scale) { LinearKeyframe(3.0, duration: 1) }
        } else {
          KeyframeTrack(\.angle) { LinearKeyframe(1.0, duration: 1) }
        }
        for target in [10.0, 20.0] {
          KeyframeTrack(\.offset) { LinearKeyframe(SIMD2(target, 0), duration: 1) }
        }
      }
    }
    #expect(timeline(bounce: true).value(time: 0.5).scale == 2)
    #expect(timeline(bounce: true).value(time: 0.5).angle == 0)
    #expect(timeline(bounce: false).value(time: 0.5).angle == 0.5)
    #expect(timeline(bounce: false).value(time: 0.5).offset.x == 10)  // the 20-point track wins
    let empty = KeyframeTimeline(initialValue: Values()) {}
    #expect(empty.duration == 0 && empty.value(time: 1).scale == 1)
  }
}
