// Coefficient of variation across repetitions (a per-scenario frame-budget distribution metric).
import Testing

@testable import FrameBudget

@Suite("Repetition statistics")
struct RepetitionStatisticsTests {
  @Test func coefficientOfVariation() {
    // mean 5, population variance ((−3)² + 3²)/2 = 9 → stddev 3 → CV 0.6.
    #expect(BenchmarkRunner.coefficientOfVariation([2, 8]) == 0.6)
    #expect(BenchmarkRunner.coefficientOfVariation([4, 4, 4]) == 0)
    #expect(BenchmarkRunner.coefficientOfVariation([4]) == nil)
    #expect(BenchmarkRunner.coefficientOfVariation([0, 0]) == nil)
  }
}
