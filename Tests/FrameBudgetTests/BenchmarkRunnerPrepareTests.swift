import FrameBudget
import Testing

/// `FrameWorkload.prepareFrame(_:)`: the runner prepares every frame, in order, right before
/// performing it, as the protocol documents; a workload that does not implement it is unaffected.
@Suite struct BenchmarkRunnerPrepareTests {
  final class Recorder: FrameWorkload {
    var calls: [String] = []
    func prepareFrame(_ k: Int) throws { calls.append("prepare \(k)") }
    func performFrame(_ k: Int) throws { calls.append("perform \(k)") }
    func renderListChecksum() -> UInt64 { UInt64(calls.count) }
    var counters: WorkCounters { ["frames": UInt64(calls.count / 2)] }
  }

  final class Unprepared: FrameWorkload {
    var performed: [Int] = []
    func performFrame(_ k: Int) throws { performed.append(k) }
    func renderListChecksum() -> UInt64 { UInt64(performed.count) }
    var counters: WorkCounters { [:] }
  }

  /// Runs a scenario whose only engine hands out `workload` once; returns whether it succeeded.
  static func run(_ workload: any FrameWorkload, frames: Int, warmup: Int) -> Bool {
    nonisolated(unsafe) let made = workload
    let scenario = ScenarioDescriptor(name: "probe", summary: "x", engines: ["e"]) { _, _ in made }
    var options = RunOptions()
    options.frames = frames
    options.warmupFrames = warmup
    options.repetitions = 1
    options.threads = 1
    return BenchmarkRunner.run(scenario: scenario, engine: "e", elements: 1, hz: 60, options: options).failure
      == nil
  }

  @Test func everyFrameIsPreparedRightBeforeItIsPerformed() {
    let recorder = Recorder()
    #expect(Self.run(recorder, frames: 4, warmup: 2))
    #expect(recorder.calls == (0..<6).flatMap { ["prepare \($0)", "perform \($0)"] })
  }

  @Test func aWorkloadWithoutPreparationRunsEveryFrame() {
    let workload = Unprepared()
    #expect(Self.run(workload, frames: 3, warmup: 1))
    #expect(workload.performed == [0, 1, 2, 3])
  }
}
