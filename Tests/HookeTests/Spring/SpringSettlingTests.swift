import Hooke
import Testing
import _TestSupport

@Suite struct SpringSettlingTests {
  /// settlingDuration against spring-settling.txt: under-damped closed form (mpmath) within
  /// 1e-12 relative; critical/over-damped grid search bit-exact (the Python re-implementation
  /// accumulates `time += 0.1` in the same IEEE doubles).
  @Test func matchesIndependentDerivation() {
    let rows = Fixture.rows("spring-settling.txt").map { $0.map(Fixture.double) }
    #expect(rows.count == 8 * 3 * 3 * 3 * 2)
    var worstClosedForm = 0.0
    var gridRows = 0
    for r in rows {
      let spring = Spring(response: r[0], dampingRatio: r[1])
      let d = spring.settlingDuration(target: r[2], initialVelocity: r[3], epsilon: r[4])
      let comment: Comment = "r=\(r[0]) ζ=\(r[1]) target=\(r[2]) v0=\(r[3]) ε=\(r[4]): \(d) vs \(r[5])"
      if r[1] < 1 {
        let error = abs(d - r[5]) / r[5]
        #expect(error <= 1e-12, comment)
        worstClosedForm = max(worstClosedForm, error)
      } else {
        #expect(d == r[5], comment)
        gridRows += 1
      }
    }
    #expect(gridRows == 4 * 54)
    print("settlingDuration closed form vs mpmath: max relative error \(worstClosedForm)")
  }

  /// Critical/over-damped results lie on the accumulated 0.1 grid (0.1, 0.2, 0.30000000000000004,
  /// …, 0.7999999999999999, …), as SwiftUI's `time += 0.1` grid search produces them.
  @Test func gridValuesAreAccumulatedTenths() {
    var grid: Set<Double> = [0]
    var time = 0.0
    for _ in 0..<1024 {
      time += 0.1
      grid.insert(time)
    }
    #expect(Spring(response: 0.5, dampingRatio: 1).settlingDuration == 0.7999999999999999)
    var rng = SplitMix64(seed: 0x53)
    for _ in 0..<40 {
      let spring = Spring(
        response: Double.random(in: 0.1...2, using: &rng), dampingRatio: Double.random(in: 1...4, using: &rng)
      )
      let d = spring.settlingDuration(target: Double.random(in: -10...10, using: &rng))
      #expect(grid.contains(d), "seed 0x53 \(spring): \(d)")
    }
  }

  /// The `settlingDuration` property is the unit step with ε = 0.001 (Apple).
  @Test func propertyIsUnitStep() {
    for (response, zeta) in springRegimes where zeta > 0 {
      let s = Spring(response: response, dampingRatio: zeta)
      #expect(s.settlingDuration == s.settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001))
    }
  }

  /// Edge cases: undamped → ∞; ε NaN → 0.001; ε ≤ 0 → ∞; ε = ∞ → 0; nothing to do → 0;
  /// a critical spring that needs longer than the 1024-sample grid (≈ 102 s) → 0 (SwiftUI).
  @Test func edgeCases() {
    #expect(Spring(response: 0.5, dampingRatio: 0).settlingDuration == .infinity)
    #expect(Spring(duration: 0.5, bounce: 1).settlingDuration(target: 3.0) == .infinity)
    for (response, zeta) in springRegimes where zeta > 0 {
      let s = Spring(response: response, dampingRatio: zeta)
      let comment: Comment = "ζ=\(zeta)"
      #expect(s.settlingDuration(target: 2.0, epsilon: .nan) == s.settlingDuration(target: 2.0), comment)
      #expect(s.settlingDuration(target: 2.0, epsilon: 0) == .infinity, comment)
      #expect(s.settlingDuration(target: 2.0, epsilon: -1) == .infinity, comment)
      #expect(s.settlingDuration(target: 2.0, epsilon: .infinity) == 0, comment)
      #expect(s.settlingDuration(target: 0.0, initialVelocity: 0.0) == 0, comment)
    }
    // Critical, response 100 s: (1 + λt)e^(−λt) = 0.001 at λt ≈ 9.23, t ≈ 147 s > 102.4 s.
    #expect(Spring(response: 100, dampingRatio: 1).settlingDuration == 0)
  }

  /// init(settlingDuration:dampingRatio:epsilon:) finds the root of SwiftUI's settling
  /// equation (spring-settling-init.txt, mpmath). Newton stops once a step is ≤ ε, and
  /// converges quadratically, so the root is far more accurate than ε.
  @Test func initializerSolvesSettlingEquation() {
    var worst = 0.0
    for r in Fixture.rows("spring-settling-init.txt").map({ $0.map(Fixture.double) }) {
      let (d, zeta, eps, root) = (r[0], r[1], r[2], r[3])
      let spring = Spring(settlingDuration: d, dampingRatio: zeta, epsilon: eps)
      let comment: Comment = "d=\(d) ζ=\(zeta) ε=\(eps)"
      #expect(spring.mass == 1)
      if zeta == 1 {
        #expect(spring.angularFrequency == 0, comment)
        let error = abs(spring.decayConstant - root)
        #expect(error <= eps, comment)
        worst = max(worst, error / root)
        // Round trip: the unit step's distance (1 + λt)e^(−λt) reaches ε exactly at t = d, so the
        // grid search reports the first tenth at or after d.
        let settle = spring.settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: eps)
        #expect(settle >= d - 1e-6 && settle <= d + 0.1 + 1e-6, "\(comment): settles at \(settle)")
      } else {
        let omega0 =
          (spring.angularFrequency * spring.angularFrequency + spring.decayConstant * spring.decayConstant)
          .squareRoot()
        let error = abs(omega0 - root)
        #expect(error <= eps, comment)
        worst = max(worst, error / root)
        #expect(isApproximatelyEqual(spring.dampingRatio, zeta, relativeTolerance: 1e-14), comment)
      }
    }
    print("init(settlingDuration:) root vs mpmath: max relative error \(worst)")
  }

  /// Clamps of init(settlingDuration:…): ζ > 1 → 1 (never over-damped), d to [0.01, 10];
  /// a root that is not a positive frequency (ζ below ~ε: the envelope starts under ε) falls
  /// back to ω0 = 2π/d.
  @Test func initializerClamps() {
    #expect(Spring(settlingDuration: 1, dampingRatio: 3) == Spring(settlingDuration: 1, dampingRatio: 1))
    #expect(
      Spring(settlingDuration: 50, dampingRatio: 0.7) == Spring(settlingDuration: 10, dampingRatio: 0.7))
    #expect(
      Spring(settlingDuration: .infinity, dampingRatio: 0.7)
        == Spring(settlingDuration: 10, dampingRatio: 0.7))
    #expect(
      Spring(settlingDuration: 0.001, dampingRatio: 0.7) == Spring(settlingDuration: 0.01, dampingRatio: 0.7))
    #expect(
      Spring(settlingDuration: -1, dampingRatio: 0.7) == Spring(settlingDuration: 0.01, dampingRatio: 0.7))
    #expect(
      Spring(settlingDuration: .nan, dampingRatio: 0.7) == Spring(settlingDuration: 0.01, dampingRatio: 0.7))
    #expect(Spring(settlingDuration: 1, dampingRatio: .nan) == Spring(settlingDuration: 1, dampingRatio: 1))
    #expect(
      Spring(settlingDuration: 1, dampingRatio: 0.7, epsilon: .nan)
        == Spring(settlingDuration: 1, dampingRatio: 0.7))
    #expect(
      Spring(settlingDuration: 1, dampingRatio: 0.7, epsilon: 2)
        == Spring(settlingDuration: 1, dampingRatio: 0.7))
    #expect(
      Spring(settlingDuration: 1, dampingRatio: 0.7, epsilon: -2)
        == Spring(settlingDuration: 1, dampingRatio: 0.7))
    for zeta in [1e-4, 1e-8, 0, -1] {
      let s = Spring(settlingDuration: 2, dampingRatio: zeta)
      #expect(isApproximatelyEqual(s.response, 2, relativeTolerance: 1e-14), "ζ=\(zeta): \(s)")
      #expect(s.decayConstant > 0, "ζ=\(zeta)")
    }
  }
}
