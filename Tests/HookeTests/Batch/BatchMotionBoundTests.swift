import Hooke
import Testing
import _TestSupport

/// The batch engine's overflow clamp: a channel whose motion in its group could leave the
/// scalar's finite range snaps to its target at rest when it enters that state (added,
/// retargeted or moved), and every admitted motion stays finite.
@Suite struct BatchMotionBoundTests {
  /// The fuzz's case (`hooke-fuzz case 6 11 117 1`, reduced): a channel moved between a very
  /// stiff undamped spring and a slow SwiftUI spring, keeping its velocity, gains a factor of
  /// about ω_stiff/ω_slow per round trip. Without the clamp its Float state reached ±∞ and then
  /// NaN; with it every value and velocity stays finite, and the move that would overflow
  /// leaves the channel at its target, at rest.
  @Test func velocityPumpedBetweenGroupsStaysFinite() throws {
    let engine = BatchEngine<Float>()
    let stiff = engine.addGroup(.spring(Spring(response: 1e-6, dampingRatio: 0)), restRule: .never)
    let slow = engine.addGroup(
      .fluidSpring(FluidSpringModel(response: 5.65, dampingFraction: 1.61)), restRule: .never)
    let h = try engine.addChannel(to: stiff, value: 0, target: 1e30)
    var log: [String] = []
    func check(_ what: String) throws {
      let value = try #require(engine.value(of: h))
      let velocity = try #require(engine.velocity(of: h))
      log.append("\(what): \(value), \(velocity)")
      #expect(value.isFinite && velocity.isFinite, "\(log)")
    }
    // One tick: the stiff spring turns its displacement of 1e30 into a velocity near 6e36.
    engine.step(ticks: 1)
    try check("stiff, 1 tick")
    #expect(try #require(engine.velocity(of: h)).magnitude > 1e36)
    // The slow spring turns that velocity into a displacement of about 1e35 in a few frames...
    try engine.retarget(h, to: 1e30, group: slow)
    for k in 0..<3 {
      engine.step(ticks: 30_240)
      try check("slow, frame \(k)")
    }
    let displacement = Double(try #require(engine.value(of: h))) - 1e30
    #expect(displacement.magnitude > 1e34, "\(log)")
    // ...which the stiff spring would turn into a speed of ω·1e35 ≈ 6e41 > Float's 3.4e38.
    try engine.retarget(h, to: 1e30, group: stiff)
    #expect(engine.value(of: h) == 1e30 && engine.velocity(of: h) == 0 && engine.isSettled(h) == true)
    for k in 0..<10 {
      engine.step(ticks: 30_240)
      try check("stiff again, frame \(k)")
    }
  }

  /// Where the line runs for an exact spring at rest: with ω0 = 2π·10⁶ rad/s a Float
  /// displacement y is admitted when its speed ω0·|y| is at most half of Float's largest
  /// magnitude (y ≤ about 2.7e31), and each admitted one stays finite over steps of every
  /// length; one beyond the line starts at its target, at rest.
  @Test func stiffSpringAdmitsDisplacementsWhoseSpeedFits() throws {
    let omega = 2 * Double.pi * 1e6
    let line = Double(Float.greatestFiniteMagnitude) / 2 / omega
    let engine = BatchEngine<Float>()
    let g = engine.addGroup(.spring(Spring(response: 1e-6, dampingRatio: 0)), restRule: .never)
    var admitted: [BatchChannel] = []
    for fraction in [0.01, 0.5, 0.99, 1.01, 2, 100] {
      let target = Float(line * fraction)
      let h = try engine.addChannel(to: g, value: 0, target: target)
      if fraction < 1 {
        #expect(engine.isSettled(h) == false && engine.value(of: h) == 0, "fraction \(fraction)")
        admitted.append(h)
      } else {
        #expect(
          engine.isSettled(h) == true && engine.value(of: h) == target && engine.velocity(of: h) == 0,
          "fraction \(fraction)")
      }
    }
    var random = SplitMix64(seed: 7)
    for step in 0..<2000 {
      engine.step(ticks: Int64(1 + random.next() % 60_480))
      for h in admitted {
        let v = try #require(engine.velocity(of: h))
        let x = try #require(engine.value(of: h))
        #expect(v.isFinite && x.isFinite, "seed 7, step \(step)")
      }
    }
  }

  /// Soundness on the SwiftUI model, whose discrete integrator's energy is not exactly the
  /// continuous spring's: states just inside the bound, on random stable models from the
  /// softest to the stiffness cap and from no damping to over-damped, stay finite in Float over
  /// five seconds of frames, and the largest speed reached stays below half the range.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func swiftUIModelStaysFiniteFromTheEdgeOfTheBound(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    func uniform(_ a: Double, _ b: Double) -> Double {
      a + (b - a) * Double(random.next() >> 11) / Double(1 << 53)
    }
    let greatest = Double(Float.greatestFiniteMagnitude)
    for trial in 0..<40 {
      let model = FluidSpringModel(response: uniform(0.02, 5), dampingFraction: uniform(0, 1.2))
      guard model.isStable else { continue }
      let engine = BatchEngine<Float>()
      let g = engine.addGroup(.fluidSpring(model), restRule: .never)
      // Speed e = √(k·y² + v²) just under the tightest of the clamp's limits.
      let root = model.stiffness.squareRoot()
      let limit = greatest / 2 / Swift.max(1, 1 / root, root + model.damping) * 0.999
      let angle = uniform(0, 2 * .pi)
      let y = limit * Deterministic.cos(angle) / root
      let v = limit * Deterministic.sin(angle)
      let h = try engine.addChannel(to: g, value: Float(y), target: 0, velocity: Float(v))
      #expect(engine.isSettled(h) == false, "seed \(seed) trial \(trial): \(model) was clamped")
      var fastest = 0.0
      for frame in 0..<600 {
        engine.step(ticks: 30_240)
        let x = try #require(engine.value(of: h))
        let w = try #require(engine.velocity(of: h))
        #expect(x.isFinite && w.isFinite, "seed \(seed) trial \(trial) frame \(frame): \(model)")
        fastest = Swift.max(fastest, Double(w.magnitude))
      }
      #expect(fastest <= greatest / 2, "seed \(seed) trial \(trial): \(model) reached \(fastest)")
    }
  }

  /// A force stored on a SwiftUI-model channel is held to the same bound: at the stiffness cap
  /// (ω0 ≈ 212 rad/s, damping 339/s at fraction 0.8) a Float force of 3e38 kicks the speed to
  /// about 5e35, and a motion of speed e carries forces up to e·(ω0 + c) ≈ 2.8e38, past half of
  /// Float's range: the channel stays at its target, at rest. A force of 1e30 is stored and
  /// moves it.
  @Test func aStoredForceBeyondTheBoundLeavesTheChannelAtRest() throws {
    let engine = BatchEngine<Float>()
    let g = engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.03, dampingFraction: 0.8)))
    let huge = try engine.addChannel(to: g, value: 5, target: 5)
    let large = try engine.addChannel(to: g, value: 5, target: 5)
    engine._setForce(huge, 3e38)
    engine._setForce(large, 1e30)
    #expect(engine._velocityAndForce(of: huge).map { $0.force } == 0 && engine.isSettled(huge) == true)
    #expect(engine._velocityAndForce(of: large).map { $0.force } == 1e30 && engine.isSettled(large) == false)
    for _ in 0..<10 {
      engine.step(ticks: 30_240)
      #expect(engine.value(of: huge) == 5 && engine.value(of: large)!.isFinite)
    }
  }

  /// Timing curves and unstable SwiftUI models admit every state: a curve's value runs from its
  /// start to its target, and an unstable model's frame matrix reads as zero, so its channels
  /// arrive on their first step.
  @Test func curvesAndUnstableModelsAreNotClamped() throws {
    let engine = BatchEngine<Float>()
    let curve = engine.addGroup(.timingCurve(.easeInOut, duration: 0.5))
    let unstable = engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: -1)))
    // Powers of two: the displacement −1.5·2¹²⁷ is exact (and far beyond any spring's bound).
    let c = try engine.addChannel(to: curve, value: -0x1p127, target: 0x1p126)
    let u = try engine.addChannel(to: unstable, value: -3e38, target: 0, velocity: 3e38)
    #expect(engine.value(of: c) == -0x1p127 && engine.isSettled(c) == false)
    #expect(engine.value(of: u) == -3e38 && engine.isSettled(u) == false)
    engine.step(ticks: 30_240)
    #expect(engine.value(of: c)!.isFinite && engine.value(of: u) == 0 && engine.velocity(of: u) == 0)
  }
}
