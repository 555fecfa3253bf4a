import Testing
import _TestSupport

@testable import Hooke

/// `step(ticks:)` is documented as `prepareStep(ticks:)`, `stepChannels(group:range:)` over every
/// group's active range, `stepCombinations()` and `finishStep(snapped:)`. Without combinations it
/// compacts from the list of channels its spring kernels snapped instead of searching the
/// columns; this checks the two ways against each other, slot for slot: two engines with the same
/// seeded groups (rest rules that snap few or many channels per step, `.never`, `.disabled`, a
/// timing curve, SwiftUI-model springs) and channels near and far from their targets, retargeted
/// every few frames, one stepped by `step(ticks:)`, the other phase by phase. After every step
/// the snapped counts, every group's active count, every handle's slot and every channel's value
/// and velocity bits must agree, including steps that snap more channels than the list holds.
@Suite struct BatchStepCompactionTests {
  /// The same bits: equal with the same sign (0 and −0 differ), or both NaN.
  func same<S: BatchScalar>(_ a: S?, _ b: S?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return (a == b && a.sign == b.sign) || (a.isNaN && b.isNaN)
  }

  func check<S: BatchScalar>(_: S.Type, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let drivers: [(BatchDriver, BatchRestRule)] = [
      (.spring(Spring(response: 0.4, dampingRatio: 0.7)), .pixel),
      (.spring(Spring(response: 0.2, dampingRatio: 1)), BatchRestRule(minimumVisibleChange: 8)),
      (.spring(Spring(response: 0.3, dampingRatio: 0.9)), .never),
      (.spring(Spring(response: 0.3, dampingRatio: 0.9)), .disabled),
      (.fluidSpring(FluidSpringModel(response: 0.3, dampingFraction: 0.8)), .pixel),
      (.timingCurve(.easeInOut, duration: 0.1), .pixel),
    ]
    let engines = [BatchEngine<S>(), BatchEngine<S>()]
    var handles: [[BatchChannel]] = [[], []]
    for (driver, rule) in drivers {
      for e in engines { _ = e.addGroup(driver, restRule: rule) }
    }
    let count = 400 + Int(random.next() % 1600)
    for _ in 0..<count {
      let group = BatchGroup(index: Int(random.next() % UInt64(drivers.count)))
      let near = random.next() % 3 == 0
      let value = S(Double(random.next() % 4000) / (near ? 4000 : 2) - (near ? 0.5 : 1000))
      let velocity = S(near ? 0 : Double(random.next() % 200) - 100)
      for e in 0..<2 {
        handles[e].append(try engines[e].addChannel(to: group, value: value, target: 0, velocity: velocity))
      }
    }
    let ticks = engines[0].ticksPerSecond / 120
    for frame in 0..<120 {
      if frame % 7 == 3 {
        for k in handles[0].indices where random.next() % 4 == 0 {
          let target = S(Double(random.next() % 2000) / (random.next() % 2 == 0 ? 4000 : 1) - 1)
          for e in 0..<2 { try engines[e].retarget(handles[e][k], to: target) }
        }
      }
      let snapped = engines[0].step(ticks: ticks)
      var phased = 0
      #expect(engines[1].prepareStep(ticks: ticks))
      for g in 0..<engines[1].groupCount {
        phased += engines[1].stepChannels(group: BatchGroup(index: g), range: 0..<Int.max)
      }
      phased += engines[1].stepCombinations()
      engines[1].finishStep(snapped: phased)
      let label = "seed \(seed), \(S.self), frame \(frame)"
      #expect(snapped == phased, "\(label)")
      #expect(engines[0]._slots.snapshot == engines[1]._slots.snapshot, "\(label)")
      for g in 0..<drivers.count {
        #expect(
          engines[0].activeCount(of: BatchGroup(index: g))
            == engines[1].activeCount(of: BatchGroup(index: g)),
          "\(label), group \(g)")
      }
      for k in handles[0].indices {
        let (a, b) = (handles[0][k], handles[1][k])
        #expect(same(engines[0].value(of: a), engines[1].value(of: b)), "\(label), \(k)")
        #expect(same(engines[0].velocity(of: a), engines[1].velocity(of: b)), "\(label), \(k)")
      }
    }
  }

  @Test func listedCompactionMatchesTheSearch() throws {
    for seed in UInt64(1)...6 {
      try check(Float.self, seed: seed)
      try check(Double.self, seed: seed)
    }
  }

  /// A group with no channels at `prepareStep(ticks:)` gets no matrix then; a channel added to it
  /// before the step's kernels run still takes this step's matrix: for an exact spring and a
  /// SwiftUI-model spring, every frame, the channel added between the phases has the value and
  /// velocity bits of the same channel added before `prepareStep` in a second engine (in
  /// Float and Double), and the group that stays empty is marked as having no matrix.
  @Test func channelAddedToAnEmptyGroupAfterPrepareTakesThisStepsMatrix() throws {
    func check<S: BatchScalar>(_: S.Type, _ driver: BatchDriver) throws {
      let (late, early) = (BatchEngine<S>(), BatchEngine<S>())
      let g = late.addGroup(driver, restRule: .disabled)
      _ = early.addGroup(driver, restRule: .disabled)
      let idle = late.addGroup(driver, restRule: .disabled)
      let ticks = late.ticksPerSecond / 120
      // A few frames with the group empty, so that its clock and cache have moved on.
      for _ in 0..<5 {
        late.step(ticks: ticks)
        early.step(ticks: ticks)
      }
      let reference = try early.addChannel(to: g, value: 100, target: 0, velocity: 40)
      #expect(late.prepareStep(ticks: ticks))
      #expect(late._groups[g.index].matrixStale, "\(S.self) \(driver): an empty group got a matrix")
      let added = try late.addChannel(to: g, value: 100, target: 0, velocity: 40)
      let snapped = late.stepChannels(group: g, range: 0..<Int.max)
      late.finishStep(snapped: snapped)
      early.step(ticks: ticks)
      for frame in 0..<30 {
        let label = "\(S.self) \(driver), frame \(frame)"
        #expect(same(late.value(of: added), early.value(of: reference)), "\(label)")
        #expect(same(late.velocity(of: added), early.velocity(of: reference)), "\(label)")
        #expect(late._groups[idle.index].matrixStale, "\(label): the empty group got a matrix")
        late.step(ticks: ticks)
        early.step(ticks: ticks)
      }
    }
    for driver in [
      BatchDriver.spring(Spring(response: 0.3, dampingRatio: 0.7)),
      .fluidSpring(FluidSpringModel(response: 0.3, dampingFraction: 0.7)),
    ] {
      try check(Float.self, driver)
      try check(Double.self, driver)
    }
  }
}
