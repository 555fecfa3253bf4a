// `scene` (HookeScene's transaction and frame cost): the documented modes, defaults and report
// lines, and bad arguments as usage errors naming the argument.
import Foundation
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import hooke_bench

@Suite("hooke-bench scene")
struct SceneCommandTests {
  /// N matched elements give N render rows and no diagnostics; the budget line is the 60 Hz
  /// deadline round(1e9/60) = 16 666 667 ns shown, like every ms figure, truncated to µs.
  @Test func retargetReportsEveryDocumentedLine() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(["scene", "100", "5"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "path: batch engine, threads: 1, mode: retarget, 60 Hz")
    #expect(lines.contains("elements: 100, diagnostics: 0, render rows: 100"))
    #expect(
      lines.contains { $0.hasPrefix("transaction (retarget 100 matched groups, spring; median of 1): ") })
    #expect(
      lines.contains { $0.hasPrefix("frame (5 frames): median ") && $0.hasSuffix(", budget 16.666 ms") })
    // Not under the LD_PRELOAD counter (the test process has no `hooke_malloc_count`).
    #expect(
      lines.contains("heap allocations: not counted (run under LD_PRELOAD of Benchmarks/malloc-counter)"))
    #expect(lines.last?.hasPrefix("render-list hash: ") == true)
  }

  /// grid and grid-reflow default to 120 frames, with a transaction every 20th frame, on the
  /// requested path, threads and rate (120 Hz: deadline 8 333 333 ns).
  @Test(arguments: ["grid", "grid-reflow"])
  func gridModesUseTheirDefaults(mode: String) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(
      ["scene", "64", "--mode", mode, "--threads", "2", "--general", "--hz", "120"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.hasPrefix("path: per-property reference, threads: 2, mode: \(mode), 120 Hz\n"))
    #expect(r.stdout.contains("frame (120 frames): median "))
    #expect(r.stdout.contains(", budget 8.333 ms\n"))
    // Frames 3…122 hold the transactions at 20, 40, …, 120 (six), plus the first at tick 1.
    #expect(r.stdout.contains("spring; median of 7): "))
    #expect(r.stdout.contains("frames with a transaction (transaction + frame): max "))
  }

  /// Out-of-range or malformed values exit 64 before any scene is built, naming what was wrong.
  @Test(arguments: [
    (["0"], "argument <N>: '0' is not an integer in 1…100000000"),
    (["ten"], "argument <N>: 'ten' is not an integer in 1…100000000"),
    (["10", "0"], "argument <frames>: '0' is not an integer in 1…10000000"),
    (["10", "--threads", "0"], "option '--threads': '0' is not an integer in 1…4096"),
    (["10", "--hz", "20000"], "option '--hz': '20000' is not an integer in 1…10000"),
    (["10", "--mode", "grids"], "option '--mode': 'grids' is not one of retarget, grid-reflow, grid"),
    (["1", "2", "3"], "unexpected argument '3'"),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], message: String) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(["scene"] + arguments, in: dir.path)
    #expect(r.code == ExitCode.usage.rawValue)
    #expect(r.stderr.hasPrefix("hooke-bench scene: error: \(message)\n"), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }
}
