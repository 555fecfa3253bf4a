import Hooke
import Testing
import _TestSupport

/// `BatchRestRule.disabled` selects kernels without the per-channel rest test. They must do the
/// very same arithmetic: against `.never` (whose test only snaps channels exactly at rest) every
/// channel that is not exactly at rest has the same bits after every frame.
@Suite struct BatchRestRuleDisabledTests {
  func run<S: BatchScalar>(_: S.Type, driver: BatchDriver, rule: BatchRestRule, seed: UInt64) throws -> [S] {
    let engine = BatchEngine<S>()
    let group = engine.addGroup(driver, restRule: rule)
    var random = SplitMix64(seed: seed)
    var handles: [BatchChannel] = []
    for _ in 0..<37 {  // not a multiple of 8: vector body and scalar tail both run
      let value = S(Double(random.next() % 2000) - 1000)
      let target = S(Double(random.next() % 2000) - 1000) + 0.5
      handles.append(try engine.addChannel(to: group, value: value, target: target, velocity: 3))
    }
    var trace: [S] = []
    for _ in 0..<90 {
      engine.step(ticks: ticks120)
      for h in handles {
        trace.append(engine.value(of: h)!)
        trace.append(engine.velocity(of: h)!)
      }
    }
    return trace
  }

  @Test(arguments: [
    BatchDriver.spring(Spring(response: 0.5, dampingRatio: 0.8)),
    BatchDriver.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.825)),
  ])
  func disabledKernelsMatchTheTestedKernels(driver: BatchDriver) throws {
    #expect(
      try run(Double.self, driver: driver, rule: .disabled, seed: 7)
        == run(Double.self, driver: driver, rule: .never, seed: 7))
    #expect(
      try run(Float.self, driver: driver, rule: .disabled, seed: 7)
        == run(Float.self, driver: driver, rule: .never, seed: 7))
  }

  @Test func disabledNeverSettlesSprings() throws {
    let engine = BatchEngine<Double>()
    let group = engine.addGroup(.spring(.smooth), restRule: .disabled)
    _ = try engine.addChannel(to: group, value: 0, target: 1)
    for _ in 0..<1200 { engine.step(ticks: ticks120) }  // 10 s: far below any threshold by now
    #expect(engine.activeCount(of: group) == 1)
    #expect(BatchRestRule.disabled.isDisabled && !BatchRestRule.never.isDisabled)
    #expect(!BatchRestRule(displacement: -1, speed: -1).isDisabled)  // bad input reads as 0
  }
}
