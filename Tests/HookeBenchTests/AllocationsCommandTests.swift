// `allocations` (heap allocations per frame under the LD_PRELOAD counter): without the counter it
// refuses to run and says how to get it; bad arguments are usage errors naming the argument.
import Foundation
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import hooke_bench

@Suite("hooke-bench allocations")
struct AllocationsCommandTests {
  /// The test process has no `hooke_malloc_count`: exit 1 with the build-and-run recipe, before
  /// any scenario is built.
  @Test func withoutTheCounterItExplainsAndFails() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(["allocations", "--scenario", "spring-field", "--elements", "10"], in: dir.path)
    #expect(r.code == ExitCode.failure.rawValue)
    #expect(r.stdout.isEmpty)
    #expect(
      r.stderr.hasPrefix(
        "hooke-bench allocations: not counted; run under LD_PRELOAD of Benchmarks/malloc-counter"))
    #expect(r.stderr.contains("cc -shared -fPIC -O2 -o /tmp/libmalloc_counter.so"))
  }

  /// Out-of-range or malformed values exit 64, naming what was wrong.
  @Test(arguments: [
    (["--elements", "0"], "option '--elements': '0' is not an integer in 1…100000000"),
    (["--elements", "1k,2k"], "option '--elements': give one element count"),
    (["--frames", "0"], "option '--frames': '0' is not an integer in 1…10000000"),
    (["--threads", "0"], "option '--threads': '0' is not an integer in 1…4096"),
    (["--scenario", "nope"], "option '--scenario': unknown scenario 'nope'"),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], message: String) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(["allocations"] + arguments, in: dir.path)
    #expect(r.code == ExitCode.usage.rawValue)
    #expect(r.stderr.hasPrefix("hooke-bench allocations: error: \(message)"), "\(r.stderr)")
  }
}
