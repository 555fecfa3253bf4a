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

  static func options(frames: Int, warmup: Int) -> RunOptions {
    var o = RunOptions()
    o.frames = frames
    o.warmupFrames = warmup
    o.repetitions = 1
    o.threads = 1
    return o
  }

  @Test func everyFrameIsPreparedRightBeforeItIsPerformed() {
    nonisolated(unsafe) var made: [Recorder] = []
    let scenario = ScenarioDescriptor(name: "recorder", summary: "x", engines: ["e"]) { _, _ in
      let r = Recorder()
      made.append(r)
      return r
    }
    let result = BenchmarkRunner.run(
      scenario: scenario, engine: "e", elements: 1, hz: 60, options: Self.options(frames: 4, warmup: 2))
    #expect(result.failure == nil)
    #expect(made.count == 1)
    let expected = (0..<6).flatMap { ["prepare \($0)", "perform \($0)"] }
    #expect(made.first?.calls == expected)
  }

  @Test func aWorkloadWithoutPreparationRunsEveryFrame() {
    nonisolated(unsafe) var made: [Unprepared] = []
    let scenario = ScenarioDescriptor(name: "unprepared", summary: "x", engines: ["e"]) { _, _ in
      let w = Unprepared()
      made.append(w)
      return w
    }
    let result = BenchmarkRunner.run(
      scenario: scenario, engine: "e", elements: 1, hz: 60, options: Self.options(frames: 3, warmup: 1))
    #expect(result.failure == nil)
    #expect(made.first?.performed == [0, 1, 2, 3])
  }
}
