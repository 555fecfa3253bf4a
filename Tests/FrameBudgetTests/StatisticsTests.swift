// Mann–Whitney U, bootstrap and Holm against hand-computed values.
import Testing

@testable import FrameBudget

@Suite("Compare statistics")
struct StatisticsTests {
  @Test func medians() {
    #expect(Statistics.median([3, 1, 2]) == 2)
    #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
    #expect(Statistics.median([]) == 0)
  }

  @Test func exactMannWhitneyForCompleteSeparation() {
    // All 5 of b above all 5 of a: U = 0, P(U ≤ 0) = 1 / C(10, 5) = 1/252; two-sided 2/252.
    let p = Statistics.mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])
    #expect(abs(p - 2.0 / 252) < 1e-12)
    // Symmetric.
    #expect(abs(Statistics.mannWhitneyU([6, 7, 8, 9, 10], [1, 2, 3, 4, 5]) - 2.0 / 252) < 1e-12)
  }

  @Test func exactMannWhitneySmallCase() {
    // a = {1, 3}, b = {2, 4}: U_a = #(a > b) = 1. Null distribution of U for (2, 2): counts
    // [1, 1, 2, 1, 1] over 6 orderings; P(U ≤ 1) = 2/6, P(U ≥ 1) = 5/6 → p = 2·2/6 = 2/3.
    #expect(abs(Statistics.mannWhitneyU([1, 3], [2, 4]) - 2.0 / 3) < 1e-12)
    #expect(Statistics._exactUDistribution(2, 2) == [1, 1, 2, 1, 1])
  }

  @Test func normalApproximationWithTies() {
    // Ties force the normal approximation; identical samples give p = 1.
    #expect(Statistics.mannWhitneyU([1, 1, 1], [1, 1, 1]) == 1)
    // 30 vs 30 fully separated with ties inside each group: far below 0.001.
    let a = [Double](repeating: 1, count: 15) + [Double](repeating: 2, count: 15)
    let b = [Double](repeating: 3, count: 15) + [Double](repeating: 4, count: 15)
    #expect(Statistics.mannWhitneyU(a, b) < 1e-6)
    #expect(Statistics.mannWhitneyU([], [1]) == 1)
  }

  @Test func holmAdjustment() {
    // p = [0.01, 0.04, 0.03] → sorted 0.01·3 = 0.03, 0.03·2 = 0.06, max(0.06, 0.04·1) = 0.06.
    let adjusted = Statistics.holm([0.01, 0.04, 0.03])
    #expect(abs(adjusted[0] - 0.03) < 1e-12)
    #expect(abs(adjusted[1] - 0.06) < 1e-12)
    #expect(abs(adjusted[2] - 0.06) < 1e-12)
    #expect(Statistics.holm([0.9, 0.8]) == [1, 1])
  }

  @Test func bootstrapIsSeededAndBracketsTheRatio() {
    let a: [Double] = [100, 101, 99, 100, 102, 98, 100]
    let b = a.map { $0 * 1.3 }
    let ci = Statistics.bootstrapMedianRatioCI(a, b, resamples: 2000, seed: 7)!
    #expect(ci.lower > 1.25 && ci.upper < 1.35 && ci.lower <= 1.3 && ci.upper >= 1.3)
    let again = Statistics.bootstrapMedianRatioCI(a, b, resamples: 2000, seed: 7)!
    #expect(ci == again)
    #expect(Statistics.bootstrapMedianRatioCI([0, 0, 0], [1, 2, 3], resamples: 100) == nil)
  }
}
