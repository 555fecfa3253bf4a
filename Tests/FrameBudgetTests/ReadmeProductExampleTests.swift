import FrameBudget
import Testing

/// The FrameBudget example of README.md's "Examples by product", kept compiling and checked.
@Suite struct ReadmeProductExampleTests {
  @Test func frameMetricsExample() {
    let frameTimes: [UInt64] =
      Array(repeating: 10_000_000, count: 594) + Array(repeating: 20_000_000, count: 6)
    let metrics = FrameMetrics(frameTimes: frameTimes, deadlineNs: frameDeadlineNanoseconds(hz: 60))
    // metrics.onTimeRate == 0.99; metrics.hitchTimeRatio, metrics.hitchGradeWWDC20, percentiles…

    // 594 of 600 frames within 16.67 ms.
    #expect(metrics.onTimeRate == 0.99)
    #expect(metrics.frameCount == 600 && metrics.overBudgetFrames == 6)
  }
}
