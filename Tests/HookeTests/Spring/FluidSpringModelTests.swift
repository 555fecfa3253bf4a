import Hooke
import Testing
import _TestSupport

@Suite struct FluidSpringModelTests {
  /// Bit-exact agreement with a plain-Python transcription of SwiftUI's integrator (the committed
  /// fixture Tests/Fixtures/fluid-spring.txt):
  /// offset, velocity, force, finished flag and cumulative substep count at every frame,
  /// 60 and 120 Hz, frame time t = n/Hz.
  @Test func matchesIndependentTranscription() {
    let rows = Fixture.rows("fluid-spring.txt").map { $0.map(Fixture.double) }
    #expect(rows.count > 1000)
    var state = FluidSpringState<Double>()
    var key: [Double] = []
    var total = 0
    for r in rows {
      let caseKey = Array(r[0..<4])
      if caseKey != key || r[4] == 0 {
        key = caseKey
        state = FluidSpringState()
        total = 0
      }
      let model = FluidSpringModel(response: r[0], dampingFraction: r[1])
      let t = r[4] / r[3]
      #expect(t == r[5])
      total += model.advance(&state, target: r[2], to: t)
      #expect(state.offset == r[6], "case \(key) frame \(r[4])")
      #expect(state.velocity == r[7], "case \(key) frame \(r[4])")
      #expect(state.force == r[8], "case \(key) frame \(r[4])")
      #expect(model.isFinished(state, target: r[2]) == (r[9] == 1), "case \(key) frame \(r[4])")
      #expect(total == Int(r[10]))
    }
  }

  /// As in SwiftUI, response 0.5 / 0.825 ends at ≈ 0.533 s for 0→1 but ≈ 0.983 s for 0→100.
  @Test func terminationDependsOnMagnitude() {
    func endTime(target: Double, hz: Double) -> Double {
      let model = FluidSpringModel(response: 0.5, dampingFraction: 0.825)
      var state = FluidSpringState<Double>()
      for n in 1...1000 {
        let t = Double(n) / hz
        model.advance(&state, target: target, to: t)
        if model.isFinished(state, target: target) { return t }
      }
      return .infinity
    }
    for hz in [60.0, 120.0] {
      #expect(abs(endTime(target: 1, hz: hz) - 0.533) < 0.001)
      #expect(abs(endTime(target: 100, hz: hz) - 0.983) < 0.001)
    }
  }

  @Test func parameters() {
    let m = FluidSpringModel(response: 0.5, dampingFraction: 0.825)
    let w = 2 * Double.pi / 0.5
    #expect(isApproximatelyEqual(m.stiffness, w * w, relativeTolerance: 1e-15))
    #expect(isApproximatelyEqual(m.damping, 2 * w * 0.825, relativeTolerance: 1e-15))
    for r in [0.0, -1, .nan, 0.001] {
      #expect(FluidSpringModel(response: r, dampingFraction: 1).stiffness == 45000)
    }
    #expect(FluidSpringModel(response: .infinity, dampingFraction: 1).stiffness == 0)
    #expect(FluidSpringModel.substepDuration == 1.0 / 300)
  }

  /// The first substep of a fresh animation does not move the offset (force starts at 0).
  @Test func firstSubstepDoesNotMove() {
    let m = FluidSpringModel(response: 0.5, dampingFraction: 1)
    var s = FluidSpringState<Double>()
    m.substep(&s, target: 1)
    #expect(s.offset == 0)
    #expect(s.force == m.stiffness)
    #expect(s.velocity == m.stiffness * (1.0 / 600))  // constants are multiplications
  }

  /// substeps/substepCount/clock match what advance does, including the stall rule and
  /// accumulation.
  @Test func substepCountMatchesAdvance() {
    var rng = SplitMix64(seed: 0xF1D5)
    let m = FluidSpringModel(response: 0.4, dampingFraction: 0.9)
    for _ in 0..<500 {
      let start = Double(rng.next() % 1000) / 97
      let end = start + Double(rng.next() % 400) / 150 - 0.2
      var s = FluidSpringState<Double>(offset: 0, velocity: 0, force: 0, clock: start)
      let n = m.advance(&s, target: 1, to: end)
      #expect(n == FluidSpringModel.substepCount(from: start, to: end), "start \(start) end \(end)")
      #expect(s.clock == FluidSpringModel.clock(afterAdvancingFrom: start, to: end))
      let (count, clock) = FluidSpringModel.substeps(from: start, to: end)
      #expect(count == n && clock.bitPattern == s.clock.bitPattern, "start \(start) end \(end)")
      #expect(n <= 301)
    }
    // Stall: 5 s late → one 60 Hz frame of substeps (5 or 6 depending on rounding).
    let stalled = FluidSpringModel.substepCount(from: 0, to: 5)
    #expect(stalled == 5 || stalled == 6)
  }

  /// Matrix power of substepMatrix reproduces n substeps up to rounding.
  @Test func substepMatrixMatchesSubsteps() {
    let m = FluidSpringModel(response: 0.5, dampingFraction: 0.7)
    let target = 3.0
    var s = FluidSpringState<Double>(offset: 0.5, velocity: 2, force: -1, clock: 0)
    var e = [s.offset - target, s.velocity, s.force]
    let matrix = m.substepMatrix
    #expect(matrix.count == 9)
    for _ in 0..<300 {
      m.substep(&s, target: target)
      e = [
        matrix[0] * e[0] + matrix[1] * e[1] + matrix[2] * e[2],
        matrix[3] * e[0] + matrix[4] * e[1] + matrix[5] * e[2],
        matrix[6] * e[0] + matrix[7] * e[1] + matrix[8] * e[2],
      ]
    }
    #expect(abs((s.offset - target) - e[0]) < 1e-12)
    #expect(abs(s.velocity - e[1]) < 1e-10)
    #expect(abs(s.force - e[2]) < 1e-8)
  }

  /// Bad times and parameters: no trap, no hang, no NaN leaking as "running".
  @Test func edgeCases() {
    let m = FluidSpringModel(response: 0.5, dampingFraction: 1)
    var s = FluidSpringState<Double>()
    #expect(m.advance(&s, target: 1, to: .nan) == 0)
    #expect(m.advance(&s, target: 1, to: -3) == 0)
    #expect(m.advance(&s, target: 1, to: .infinity) == 0)
    var far = FluidSpringState<Double>(offset: 0, velocity: 0, force: 0, clock: 1e17)
    #expect(m.advance(&far, target: 1, to: 1e17 + 1e3) == 0)  // 1/300 below an ulp: no hang
    // A zero target ends at once for a fresh state.
    #expect(m.isFinished(FluidSpringState<Double>(), target: 0))
    // Negative damping grows without bound and is then reported finished, not NaN forever.
    let unstable = FluidSpringModel(response: 0.5, dampingFraction: -1)
    var u = FluidSpringState<Double>()
    var ended = false
    for n in 1...200_000 {
      unstable.advance(&u, target: 1, to: Double(n) / 60)
      if unstable.isFinished(u, target: 1) {
        ended = true
        break
      }
    }
    #expect(ended)
    let nanModel = FluidSpringModel(response: 0.5, dampingFraction: .nan)
    var w = FluidSpringState<Double>()
    nanModel.advance(&w, target: 1, to: 0.1)
    #expect(nanModel.isFinished(w, target: 1))
  }

  /// Works for vector values: each lane of SIMD2 equals the scalar run (no coupling except the
  /// termination test, which uses the vector's length).
  @Test func vectorLanesMatchScalar() {
    let m = FluidSpringModel(response: 0.5, dampingFraction: 0.825)
    var v = FluidSpringState<SIMD2<Double>>()
    var a = FluidSpringState<Double>()
    var b = FluidSpringState<Double>()
    for n in 1...60 {
      let t = Double(n) / 60
      m.advance(&v, target: SIMD2(1, -40), to: t)
      m.advance(&a, target: 1, to: t)
      m.advance(&b, target: -40, to: t)
      #expect(v.offset == SIMD2(a.offset, b.offset))
      #expect(v.velocity == SIMD2(a.velocity, b.velocity))
    }
  }
}
