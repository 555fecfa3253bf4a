// A client of the `FrameBudget` product only (plus Foundation, which FrameBudget itself uses):
// frame metrics of a recorded frame-time series, and a workload of the client's own traced on one
// and two threads.
import Foundation
import FrameBudget

var failures: [String] = []
@MainActor func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }

// 600 frames at 60 Hz, the first reference vector of the frame metrics: 594 of 10 ms, 5 of 20 ms,
// one of 40 ms.
let ms: [Double] = Array(repeating: 10, count: 594) + Array(repeating: 20, count: 5) + [40]
let frameTimes = ms.map { UInt64(($0 * 1_000_000).rounded()) }
let deadline = frameDeadlineNanoseconds(hz: 60)
let m = FrameMetrics(frameTimes: frameTimes, deadlineNs: deadline)
check(deadline == 16_666_667, "60 Hz deadline \(deadline) ns")
check(m.frameCount == 600 && m.onTimeRate == 0.99 && m.overBudgetFrames == 6, "counts \(m)")
check(m.p50Ns == 10_000_000 && m.maxNs == 40_000_000 && m.missedVsyncs == 7, "percentiles \(m)")
check(abs(m.hitchTimeRatio - 11.53) <= 0.005 && m.hitchGradeWWDC20 == .critical, "hitches \(m)")
check(m.headroomNs == 6_666_667, "headroom \(m.headroomNs)")

// A workload of the client's own (the harness knows no engine): N integer channels, frame k adds
// (i mod 7) + k to channel i. After frames 0…119 channel i holds 120·(i mod 7) + 7140.
final class CountingWorkload: FrameWorkload {
  var values: [UInt64]
  var stepped: UInt64 = 0
  init(_ setup: WorkloadSetup) { values = Array(repeating: 0, count: setup.elements) }
  func performFrame(_ k: Int) throws {
    for i in values.indices { values[i] &+= UInt64(i % 7 + k) }
    stepped += UInt64(values.count)
  }
  func renderListChecksum() -> UInt64 { fnv1a(values) }
  var counters: WorkCounters { ["channelsStepped": stepped] }
}
/// FNV-1a over the values' little-endian bytes.
func fnv1a(_ values: [UInt64]) -> UInt64 {
  var h: UInt64 = 0xcbf2_9ce4_8422_2325
  for v in values {
    for byte in 0..<8 { h = (h ^ ((v >> (8 * UInt64(byte))) & 0xff)) &* 0x100_0000_01b3 }
  }
  return h
}
let counting = ScenarioDescriptor(
  name: "counting", summary: "client-side counting workload", engines: ["mine"]
) {
  _, setup in CountingWorkload(setup)
}
let traces = try [1, 2].map { threads in
  try BenchmarkRunner.trace(
    scenario: counting, engine: "mine",
    setup: WorkloadSetup(elements: 1_000, hz: 120, seed: 42, threads: threads),
    totalFrames: 120, checksumInterval: 30)
}
let expected = checksumHex(fnv1a((0..<1_000).map { UInt64(120 * ($0 % 7) + 7140) }))
check(traces[0] == traces[1], "counting differs between 1 and 2 threads")
check(traces[0].checksums.map(\.frame) == [29, 59, 89, 119], "sampled frames \(traces[0].checksums)")
check(traces[0].checksums.last?.checksum == expected, "checksum \(traces[0].checksums) vs \(expected)")
check(traces[0].counters == ["channelsStepped": 120_000], "counters \(traces[0].counters)")

if !failures.isEmpty {
  FileHandle.standardError.write(Data("frame-budget-client: FAILED: \(failures)\n".utf8))
  exit(1)
}
print(
  "frame-budget-client: ok (HTR \(m.hitchTimeRatio) ms/s, grade \(m.hitchGradeWWDC20.rawValue), "
    + "1% low \(m.onePercentLowFps) fps; counting checksum \(traces[0].checksums.last!.checksum) on 1 and 2 threads)"
)
