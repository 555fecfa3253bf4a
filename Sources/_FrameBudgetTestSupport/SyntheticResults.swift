// Synthetic result files and a temporary directory for the FrameBudget and hooke-bench tests.
import Foundation
import FrameBudget
import Hooke
import Testing

/// A fresh temporary directory, removed by `cleanup()`.
package final class TempDirectory {
  package let path: String
  package init() {
    path = NSTemporaryDirectory() + "framebudget-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  package func cleanup() { try? FileManager.default.removeItem(atPath: path) }
  package func file(_ name: String) -> String { path + "/" + name }
  package func write(_ text: String, to name: String) {
    let full = file(name)
    try! FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! Data(text.utf8).write(to: URL(fileURLWithPath: full))
  }
  package func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }
}

/// A machine description with a fixed id.
package func syntheticMachine(configuration: String = "release", id: String = "test-machine") -> MachineInfo {
  MachineInfo(
    id: id, os: "Linux", arch: "x86_64", cpu: "test", cores: 2, memoryBytes: 1 << 30, swift: "6.3",
    configuration: configuration)
}

/// A result whose repetitions have frame times around `baseNs` with relative jitter `noise`,
/// drawn from a seeded generator (seed in the name of the failure message by callers).
package func syntheticResult(
  id scenario: String = "spring-field", elements: Int = 1000, hz: Int = 60, baseNs: Double, noise: Double,
  repetitions: Int = 10, seed: UInt64, checksum: UInt64 = 0xABCD, counters: WorkCounters = ["retargets": 10]
) -> ScenarioResult {
  var random = _SplitMix64(seed: seed)
  let deadline = frameDeadlineNanoseconds(hz: hz)
  var reps: [RepetitionSummary] = []
  var pooled: [UInt64] = []
  for _ in 0..<repetitions {
    let times = (0..<100).map { _ in UInt64(baseNs * (1 + noise * (2 * random.nextUnit() - 1))) }
    let m = FrameMetrics(frameTimes: times, deadlineNs: deadline)
    reps.append(
      RepetitionSummary(
        p50Ns: m.p50Ns, p90Ns: m.p90Ns, p99Ns: m.p99Ns, maxNs: m.maxNs, meanNs: m.meanNs,
        hitchTimeRatio: m.hitchTimeRatio, onTimeRate: m.onTimeRate, wallMeanNs: m.meanNs))
    pooled += times
  }
  let m = FrameMetrics(frameTimes: pooled, deadlineNs: deadline)
  return ScenarioResult(
    id: ScenarioResult.makeID(scenario: scenario, engine: "hooke", elements: elements, hz: hz),
    scenario: scenario, engine: "hooke", elements: elements, hz: hz, frames: 100, warmupFrames: 10,
    deadlineNs: deadline, model: "sequential-cpu", durationSource: "simulated", clock: "thread-cpu",
    metrics: ResultMetrics(frame: m, peakResidentBytes: 10 << 20), repetitions: reps,
    checksum: checksumHex(checksum), checksums: [SampledChecksum(frame: 59, checksum: checksumHex(checksum))],
    counters: counters, histogram: LogLinearHistogram(values: pooled), frameTimesNs: nil, failure: nil)
}

package func syntheticFile(
  _ results: [ScenarioResult], configuration: String = "release", machineID: String = "test-machine"
) -> ResultsFile {
  ResultsFile(
    createdAt: "2026-11-30T00:00:00Z", machine: syntheticMachine(configuration: configuration, id: machineID),
    source: SourceInfo(commit: nil, dirty: nil),
    config: RunConfigRecord(
      seed: 42, frames: 100, warmupFrames: 10, repetitions: 10, threads: 1, clock: "thread-cpu"),
    results: results)
}

/// Writes a valid synthetic results file to `name` after `edit` changed its JSON object tree.
package func writeEdited(_ dir: TempDirectory, _ name: String, _ edit: (inout [String: Any]) -> Void) throws {
  let data = try ResultsIO.encode(syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)]))
  var top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  edit(&top)
  try JSONSerialization.data(withJSONObject: top).write(to: URL(fileURLWithPath: dir.file(name)))
}

/// Edits `results[0]` of a results file's JSON object tree.
package func editResult(_ top: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
  var results = top["results"] as! [[String: Any]]
  edit(&results[0])
  top["results"] = results
}
