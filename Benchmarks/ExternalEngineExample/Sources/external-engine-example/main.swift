// Benchmarks `EulerEngine` on two of Hooke's scenarios next to Hooke's batch engine, prints the
// table `hooke-bench run` prints and writes the results file (`hooke-bench report FILE` draws it,
// `hooke-bench compare A B` compares two). Usage: external-engine-example [RESULTS_FILE].
import Foundation
import FrameBudget
import Scenarios

let output = CommandLine.arguments.dropFirst().first ?? "external-engine.json"
let results = try EngineBenchmark.run(
  ChannelEngineFactory("my-euler") { _ in EulerEngine() }, references: [.hookeChannels],
  scenarios: ["grid-reflow", "interrupt-storm"], elements: [1_000], hz: [120])
try ResultsIO.write(results, to: output)
print(TextReports.results(results), terminator: "")

let failed = results.results.filter { $0.failure != nil }
if !failed.isEmpty {
  for r in failed { FileHandle.standardError.write(Data("FAILED \(r.id): \(r.failure!)\n".utf8)) }
  exit(3)
}
print("external-engine-example: ok (\(results.results.count) rows written to \(output))")
