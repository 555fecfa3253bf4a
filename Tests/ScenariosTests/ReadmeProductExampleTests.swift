// The engine example of README.md's "Benchmarking your own engine", kept compiling and checked.
import Foundation
import FrameBudget
import Scenarios
import Testing

/// The README's `MyEngine`: any `ChannelEngine`; here the test's forwarding engine.
typealias MyEngine = ForwardingEngine

@Suite struct ReadmeEngineExampleTests {
  @Test func benchmarkYourOwnEngineExample() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "my-engine-\(UUID().uuidString).json"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: path) }

    let results = try EngineBenchmark.run(
      ChannelEngineFactory("my-engine") { _ in MyEngine() }, scenarios: ["grid-reflow", "interrupt-storm"],
      elements: [1_000], hz: [120])
    try ResultsIO.write(results, to: path)  // hooke-bench report / compare read it
    let table = TextReports.results(results)

    // Both scenarios, the engine next to Hooke's batch engine, the quick suite's 10 × 60 frames.
    #expect(
      results.results.map(\.id) == [
        "grid-reflow/my-engine?elements=1000&hz=120", "grid-reflow/hooke-channels?elements=1000&hz=120",
        "interrupt-storm/my-engine?elements=1000&hz=120",
        "interrupt-storm/hooke-channels?elements=1000&hz=120",
      ])
    #expect(results.results.allSatisfy { $0.failure == nil && $0.repetitions.count == 10 && $0.frames == 60 })
    #expect(table.contains("grid-reflow/my-engine 1k@120"))
    #expect(try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path).results.count == 4)
  }
}
