import Hooke
import Testing

/// Group lifecycle and the SwiftUI-model substep clock's origin.
@Suite struct BatchGroupClockTests {
  static let frame: Int64 = 30_240  // 1/120 s at the default 3,628,800 ticks per second

  /// A SwiftUI-model group whose animation began 13 frames before the group was added follows
  /// `FluidSpringModel.advance` on the animation's own time scale (`t − begin`, in seconds) with
  /// the clock restarted at the merge, as a per-property animation merged at that time does.
  @Test func substepClockReadsTheTimeSinceTheAnimationBegan() throws {
    let model = FluidSpringModel(response: 0.35, dampingFraction: 0.8)
    let engine = BatchEngine<Double>()
    for _ in 0..<20 { engine.step(ticks: Self.frame) }
    let begin: Int64 = 7 * Self.frame
    let group = engine.addGroup(.fluidSpring(model), restRule: .never, substepClockOrigin: begin)
    let h = try engine.addChannel(to: group, value: 0, target: 100)
    func seconds(_ frames: Int) -> Double { Double(frames) / 120 - 7.0 / 120 }
    var state = FluidSpringState<Double>(offset: 0, velocity: 0, force: 0, clock: seconds(20))
    for k in 21...80 {
      engine.step(ticks: Self.frame)
      model.advance(&state, target: 100, to: seconds(k))
      #expect(abs(engine.value(of: h)! - state.offset) <= 1e-9 * 100, "frame \(k)")
    }
  }

  /// Settled channels leave a group (values, handles and rest kept), so the group can take
  /// another driver; active ones stay.
  @Test func settledChannelsMoveOutOfAGroup() throws {
    let engine = BatchEngine<Double>()
    let a = engine.addGroup(.spring(Spring()), restRule: .pixel)
    let rest = engine.addGroup(.spring(Spring()), restRule: .pixel)
    let settled = try (0..<5).map { try engine.addChannel(to: a, value: Double($0), target: Double($0)) }
    let moving = try engine.addChannel(to: a, value: 0, target: 50)
    #expect(engine.moveSettledChannels(of: a, to: rest) == 5)
    #expect(engine.channelCount(of: a) == 1 && engine.activeCount(of: a) == 1)
    for (k, h) in settled.enumerated() {
      #expect(engine.value(of: h) == Double(k) && engine.isSettled(h) == true && engine.group(of: h) == rest)
    }
    #expect(throws: BatchError.groupNotEmpty) { try engine.replaceGroup(a, driver: .spring(Spring())) }
    for _ in 0..<600 { engine.step(ticks: Self.frame) }
    #expect(engine.moveSettledChannels(of: a, to: rest) == 1 && engine.value(of: moving) == 50)
    try engine.replaceGroup(a, driver: .timingCurve(.linear, duration: 1))
    #expect(
      engine.moveSettledChannels(of: a, to: a) == 0
        && engine.moveSettledChannels(of: BatchGroup(index: 9), to: a) == 0)
  }
}
