// A client of the `FrameBudget` product only (plus Foundation, which FrameBudget itself uses):
// frame metrics of a recorded frame-time series, and the built-in spring-field workload traced on
// one and two threads.
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

// The harness self-test workload: the same checksums and counters on 1 and 2 threads.
let traces = try [1, 2].map { threads in
  try BenchmarkRunner.trace(
    scenario: SpringFieldWorkload.descriptor, engine: "hooke",
    setup: WorkloadSetup(elements: 1_000, hz: 120, seed: 42, threads: threads), totalFrames: 120,
    checksumInterval: 30)
}
check(traces[0] == traces[1], "spring-field differs between 1 and 2 threads")
check(traces[0].checksums.count == 4 && (traces[0].counters["retargets"] ?? 0) > 0, "trace \(traces[0])")

if !failures.isEmpty {
  FileHandle.standardError.write(Data("frame-budget-client: FAILED: \(failures)\n".utf8))
  exit(1)
}
print(
  "frame-budget-client: ok (HTR \(m.hitchTimeRatio) ms/s, grade \(m.hitchGradeWWDC20.rawValue), "
    + "1% low \(m.onePercentLowFps) fps; spring-field checksum \(traces[0].checksums.last!.checksum) on 1 and 2 threads)"
)
