// The three reference frame-time vectors (10/20/40 ms at 60 Hz, the same shape halved at 120 Hz,
// and 20 mixed frames), with expected metrics computed independently of this code, plus edges.
import Testing

@testable import FrameBudget

private func ms(_ values: [Double]) -> [UInt64] { values.map { UInt64(($0 * 1_000_000).rounded()) } }
private func repeated(_ value: Double, _ count: Int) -> [Double] { Array(repeating: value, count: count) }
private func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

@Suite("Frame metrics (reference test vectors)")
struct FrameMetricsTests {
  @Test func deadlines() {
    #expect(frameDeadlineNanoseconds(hz: 60) == 16_666_667)
    #expect(frameDeadlineNanoseconds(hz: 120) == 8_333_333)
    #expect(frameDeadlineNanoseconds(hz: 90) == 11_111_111)
    #expect(frameDeadlineNanoseconds(hz: 144) == 6_944_444)
    #expect(frameDeadlineNanoseconds(hz: 0) == 1_000_000_000)
    #expect(frameDeadlineNanoseconds(hz: -5) == 1_000_000_000)
  }

  @Test func vector1At60Hz() {
    let times = ms(repeated(10, 594) + repeated(20, 5) + [40])
    let m = FrameMetrics(frameTimes: times, deadlineNs: frameDeadlineNanoseconds(hz: 60))
    #expect(m.frameCount == 600)
    #expect(m.onTimeRate == 0.99)
    #expect(m.overBudgetFrames == 6)
    #expect(m.missedVsyncs == 7)
    #expect(near(Double(m.hitchTimeNs) / 1e6, 116.67, 0.005))
    #expect(near(Double(m.durationNs) / 1e6, 10_116.7, 0.05))
    #expect(near(m.hitchTimeRatio, 11.53, 0.005))
    #expect(m.hitchGradeWWDC20 == .critical)
    #expect(m.hitchGradeOrganizer == .warning)
    #expect(m.jankyFrames == 1)
    #expect(near(m.throughput, 0.9885, 0.00005))
    #expect(m.p99Ns == 10_000_000)
    #expect(near(m.onePercentLowFps, 42.86, 0.005))
    #expect(m.longestMissStreak == 6)
    #expect(m.jankCount == 2)
    #expect(m.frozenFrames == 0)
    // RAIL budget 0.6·D = 10 ms: the 10 ms frames are within it, the six slow ones are not.
    #expect(m.workBudgetExceeded == 6)
    #expect(m.headroomNs == 6_666_667)
  }

  @Test func vector2At120HzHasTheSameRatio() {
    let times = ms(repeated(5, 594) + repeated(10, 5) + [20])
    let m = FrameMetrics(frameTimes: times, deadlineNs: frameDeadlineNanoseconds(hz: 120))
    #expect(m.missedVsyncs == 7)
    #expect(near(Double(m.hitchTimeNs) / 1e6, 58.33, 0.005))
    #expect(near(Double(m.durationNs) / 1e6, 5_058.3, 0.05))
    #expect(near(m.hitchTimeRatio, 11.53, 0.005))
    #expect(near(m.onePercentLowFps, 85.71, 0.005))
  }

  static let vector3: [Double] = [
    8, 9, 10, 12, 15, 16, 16.5, 17, 20, 33, 34, 40, 8, 9, 10, 11, 12, 70, 9, 10,
  ]

  @Test(arguments: [
    // hz, over, missed, hitch ms, HTR, janky, jank, streak
    (60, 6, 11, 183.33, 354.84, 3, 3, 5),
    (120, 18, 35, 291.67, 636.36, 6, 6, 11),
  ])
  func vector3(
    hz: Int, over: Int, missed: Int, hitchMs: Double, ratio: Double, janky: Int, jank: Int, streak: Int
  ) {
    let m = FrameMetrics(frameTimes: ms(Self.vector3), deadlineNs: frameDeadlineNanoseconds(hz: hz))
    #expect(m.overBudgetFrames == over)
    #expect(m.missedVsyncs == missed)
    #expect(near(Double(m.hitchTimeNs) / 1e6, hitchMs, 0.005))
    #expect(near(m.hitchTimeRatio, ratio, 0.005))
    #expect(m.jankyFrames == janky)
    #expect([m.p50Ns, m.p90Ns, m.p95Ns, m.p99Ns] == ms([12, 34, 40, 70]))
    #expect(near(m.onePercentLowFps, 14.29, 0.005))
    #expect(m.jankCount == jank)
    #expect(m.longestMissStreak == streak)
  }

  @Test func steadyThirtyFramesPerSecondHasNoChromiumJank() {
    let m = FrameMetrics(frameTimes: ms(repeated(30, 100)), deadlineNs: frameDeadlineNanoseconds(hz: 60))
    #expect(m.jankCount == 0)
    #expect(m.missedVsyncs == 100)
    #expect(m.longestMissStreak == 100)
  }

  @Test func onTimeIsInclusiveAtTheDeadline() {
    let d = frameDeadlineNanoseconds(hz: 60)
    let m = FrameMetrics(frameTimes: [d, d + 1], deadlineNs: d)
    #expect(m.overBudgetFrames == 1)
    #expect(m.missedVsyncs == 1)
  }

  @Test func frozenAndUnrealHitchesAreAbsolute() {
    // 800 ms is frozen at any rate; 100 ms after 10 ms is an Unreal hitch; a second one inside
    // the 200 ms dead window (frame time after the hitch: 10 + 90 + 10×10 ms) is not counted.
    let m = FrameMetrics(
      frameTimes: ms([10, 100, 10, 90, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 800]), deadlineNs: 8_333_333)
    #expect(m.frozenFrames == 1)
    #expect(m.unrealHitches == 2)
  }

  @Test func emptyAndZeroInputsGiveFiniteValues() {
    let empty = FrameMetrics(frameTimes: [], deadlineNs: 0)
    #expect(empty.onTimeRate == 1)
    #expect(empty.hitchTimeRatio == 0)
    #expect(empty.onePercentLowFps == 0)
    #expect(empty.deadlineNs == 1)
    let zeros = FrameMetrics(frameTimes: [0, 0], deadlineNs: 16_666_667)
    #expect(zeros.missedVsyncs == 0)
    #expect(zeros.p1Fps == 0)
    #expect(zeros.meanNs == 0)
  }

  @Test func percentilesUseExactIntegerRanks() {
    // ceil(0.99·600) = 594 exactly; a float computation could round to 595.
    let times = (1...600).map { UInt64($0) }
    let m = FrameMetrics(frameTimes: times.reversed(), deadlineNs: 1000)
    #expect(m.p99Ns == 594)
    #expect(m.p999Ns == 600)
    #expect(m.p50Ns == 300)
  }

  @Test func histogramRoundsUpToThreeSignificantDigits() {
    #expect(LogLinearHistogram.bucketUpperBound(999) == 999)
    #expect(LogLinearHistogram.bucketUpperBound(1000) == 1000)
    #expect(LogLinearHistogram.bucketUpperBound(1001) == 1010)
    #expect(LogLinearHistogram.bucketUpperBound(16_666_667) == 16_700_000)
    #expect(LogLinearHistogram.bucketUpperBound(UInt64.max) == UInt64.max)
    let h = LogLinearHistogram(values: [1001, 1009, 1010, 5])
    #expect(h.buckets == [[5, 1], [1010, 3]])
  }

  @Test func hitchGrades() {
    #expect(HitchGrade.wwdc20(5) == .good)
    #expect(HitchGrade.wwdc20(10) == .warning)
    #expect(HitchGrade.organizer(50) == .critical)
    #expect(HitchGrade.organizer(50.1) == .severe)
  }
}
