import Hooke
import Testing
import _TestSupport

/// Extra substep clocks of a SwiftUI-model group (`BatchEngine._addSubstepClock(to:origin:)`):
/// channels of one group that follow different clocks step as they would each in a group of its
/// own, and clocks no channel follows are given back.
@Suite struct BatchSubstepClockTests {
  static let frame: Int64 = 30_240  // 1/120 s at the default 3,628,800 ticks per second
  static let model = FluidSpringModel(response: 0.35, dampingFraction: 0.8)

  /// Channels merged at different ticks, on the time scales of animations that began at
  /// different ticks, share one group with a clock each. Every channel's value equals, bit for
  /// bit, that of the same channel in a group of its own added at the same tick with the same
  /// origin, and stays within 1e-9 (relative) of `FluidSpringModel.advance` on the animation's
  /// time scale — at 120 Hz, where every other frame ends exactly on a substep boundary and the
  /// clocks' rounding decides the substep count, and over irregular intervals.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func clocksOfOneGroupStepAsSeparateGroups(seed: UInt64) throws {
    try Self.checkClocksAgainstSeparateGroups(seed: seed) { step, random in
      step % 7 == 3 ? Self.frame + Int64(random.next() % 9_000) : Self.frame
    }
  }

  /// As above, with every fifth step lasting about a second: SwiftUI's integrator caps its
  /// catch-up after a stall of more than a second (it restarts one frame before the time), so
  /// in such a step clocks at different phases take a capped count and two uncapped ones — more
  /// than two counts in one group, the path that steps each run of channels with its clock's
  /// own matrix.
  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func clocksTakingMoreThanTwoCountsStepAsSeparateGroups(seed: UInt64) throws {
    try Self.checkClocksAgainstSeparateGroups(seed: seed) { step, random in
      // One second, give or take two 1/300 s substeps (12,096 ticks each).
      step % 5 == 4 ? 3_628_800 - 24_192 + Int64(random.next() % 48_384) : Self.frame
    }
  }

  static func checkClocksAgainstSeparateGroups(
    seed: UInt64, ticks nextTicks: (Int, inout SplitMix64) -> Int64
  ) throws {
    var random = SplitMix64(seed: seed)
    let shared = BatchEngine<Double>()
    let separate = BatchEngine<Double>()
    let group = shared.addGroup(.fluidSpring(Self.model), restRule: .disabled)
    struct Lane {
      var inShared: BatchChannel
      var alone: BatchChannel
      var state: FluidSpringState<Double>
      var begin: Int64
      var target: Double
    }
    var lanes: [Lane] = []
    for step in 0..<120 {
      // A few channels join per step, each on a clock started now from a beginning up to a
      // second back.
      if step < 60 {
        for _ in 0..<Int(random.next() % 3) {
          let now = shared.now
          let begin = Swift.max(0, now - Int64(random.next() % 121) * Self.frame / 3)
          let target = Double(random.next() % 2001) - 1000
          let clocked = try #require(shared._addSubstepClock(to: group, origin: begin), "seed \(seed)")
          let own = separate.addGroup(
            .fluidSpring(Self.model), restRule: .disabled, substepClockOrigin: begin)
          let clock = Double(now) / 3_628_800 - Double(begin) / 3_628_800
          lanes.append(
            Lane(
              inShared: try shared.addChannel(to: clocked, value: 0, target: target),
              alone: try separate.addChannel(to: own, value: 0, target: target),
              state: FluidSpringState(offset: 0, velocity: 0, force: 0, clock: clock), begin: begin,
              target: target))
          #expect(shared.group(of: lanes.last!.inShared) == clocked, "seed \(seed)")
        }
      }
      let ticks = nextTicks(step, &random)
      shared.step(ticks: ticks)
      separate.step(ticks: ticks)
      let now = shared.now
      for k in lanes.indices {
        let time = Double(now) / 3_628_800 - Double(lanes[k].begin) / 3_628_800
        Self.model.advance(&lanes[k].state, target: lanes[k].target, to: time)
        let value = try #require(shared.value(of: lanes[k].inShared))
        #expect(
          value.bitPattern == separate.value(of: lanes[k].alone)!.bitPattern,
          "seed \(seed), step \(step), lane \(k)")
        #expect(
          abs(value - lanes[k].state.offset) <= 1e-9 * Swift.max(1, abs(lanes[k].target)),
          "seed \(seed), step \(step), lane \(k)")
      }
    }
    #expect(lanes.count > 40, "seed \(seed)")
  }

  /// A retarget through another clock's handle moves the channel onto that clock within its
  /// group (position and velocity kept, as a merge keeps them), and it then steps on that clock.
  @Test func aRetargetMovesAChannelToTheHandlesClock() throws {
    let engine = BatchEngine<Double>()
    let reference = BatchEngine<Double>()
    let group = engine.addGroup(.fluidSpring(Self.model), restRule: .disabled)
    let first = try #require(engine._addSubstepClock(to: group, origin: 0))
    let h = try engine.addChannel(to: first, value: 0, target: 100)
    let r = try reference.addChannel(
      to: reference.addGroup(.fluidSpring(Self.model), restRule: .disabled), value: 0, target: 100)
    for _ in 0..<5 {
      engine.step(ticks: Self.frame)
      reference.step(ticks: Self.frame)
    }
    let begin: Int64 = Self.frame
    let second = try #require(engine._addSubstepClock(to: group, origin: begin))
    try engine.retarget(h, to: 40, group: second)
    try reference.retarget(
      r, to: 40,
      group: reference.addGroup(.fluidSpring(Self.model), restRule: .disabled, substepClockOrigin: begin))
    #expect(engine.group(of: h) == second && engine.channelCount(of: group) == 1)
    for step in 0..<30 {
      engine.step(ticks: Self.frame)
      reference.step(ticks: Self.frame)
      #expect(engine.value(of: h)!.bitPattern == reference.value(of: r)!.bitPattern, "step \(step)")
    }
  }

  /// Only a SwiftUI-model group without a rest test takes extra clocks; other groups and
  /// invalid ones get none.
  @Test func onlySwiftUIModelGroupsWithoutARestTestTakeClocks() {
    let engine = BatchEngine<Float>()
    let spring = engine.addGroup(.spring(Spring()), restRule: .disabled)
    let curve = engine.addGroup(.timingCurve(.easeInOut, duration: 0.3), restRule: .disabled)
    let tested = engine.addGroup(.fluidSpring(Self.model), restRule: .pixel)
    let fluid = engine.addGroup(.fluidSpring(Self.model), restRule: .disabled)
    #expect(engine._addSubstepClock(to: spring, origin: 0) == nil)
    #expect(engine._addSubstepClock(to: curve, origin: 0) == nil)
    #expect(engine._addSubstepClock(to: tested, origin: 0) == nil)
    #expect(engine._addSubstepClock(to: BatchGroup(index: 9), origin: 0) == nil)
    #expect(engine._substepClockCount == 0)
    let clocked = engine._addSubstepClock(to: fluid, origin: 0)
    #expect(clocked?.index == fluid.index && clocked?._clock != 0 && engine._substepClockCount == 1)
  }

  /// Giving back unused clocks keeps those a channel follows (active or settled) and those
  /// started at the current tick, frees the rest for reuse (lowest id first), and a replaced
  /// group gives back all of its clocks.
  @Test func unusedClocksAreGivenBack() throws {
    let engine = BatchEngine<Double>()
    let group = engine.addGroup(.fluidSpring(Self.model), restRule: .disabled)
    let a = try #require(engine._addSubstepClock(to: group, origin: 0))
    let b = try #require(engine._addSubstepClock(to: group, origin: 0))
    let h = try engine.addChannel(to: a, value: 0, target: 10)
    // Both started at the current tick: kept.
    engine._releaseUnusedSubstepClocks(of: group)
    #expect(engine._substepClockCount == 2)
    engine.step(ticks: Self.frame)
    engine._releaseUnusedSubstepClocks(of: group)
    #expect(engine._substepClockCount == 1 && engine._substepClockOrigin(of: a) == 0)
    #expect(engine._substepClockOrigin(of: b) == nil)
    // The freed id is handed out again.
    let c = try #require(engine._addSubstepClock(to: group, origin: engine.now))
    #expect(c._clock == b._clock && engine._substepClockOrigin(of: c) == engine.now)
    try engine.removeChannel(h)
    engine.step(ticks: Self.frame)
    try engine.replaceGroup(group, driver: .fluidSpring(Self.model), restRule: .disabled)
    #expect(engine._substepClockCount == 0)
  }
}
