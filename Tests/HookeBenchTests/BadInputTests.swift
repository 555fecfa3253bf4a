// Bad input to hooke-bench: malformed result files and empty or unknown selections get a typed
// error naming what was wrong (or a documented clamp), never a trap or NaN in the output.
import Foundation
import Hooke
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

@Suite("hooke-bench bad input")
struct BadInputTests {
  /// Histogram buckets that are not `[upper, count]` pairs in ascending order, or whose counts
  /// overflow, are a schema error naming the field (the HTML report used to trap on them).
  @Test(arguments: [
    ("short bucket", [[5]] as [[UInt64]]),
    ("long bucket", [[5, 1, 2]]),
    ("descending", [[UInt64.max, 1], [5, 1]]),
    ("count overflow", [[5, UInt64.max], [6, UInt64.max]]),
  ])
  func malformedHistogramIsASchemaError(label: String, buckets: [[UInt64]]) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try writeEdited(dir, "r.json") { top in
      editResult(&top) { r in
        var h = r["histogram"] as! [String: Any]
        h["buckets"] = buckets
        r["histogram"] = h
      }
    }
    let r = bench(["report", "r.json"], in: dir.path)
    #expect(r.code == 1, "\(label): \(r.stderr)")
    #expect(r.stderr.contains("field 'results[0].histogram.buckets'"), "\(label): \(r.stderr)")
    #expect(dir.read("r.html") == nil, "\(label)")
  }

  /// A zero deadline and a zero-time frame: the charts' time scale is clamped to ≥ 1 ns. Such a
  /// result cannot come from a file (the reader checks `deadlineNs = round(1e9/hz)`), so the
  /// renderer is called directly.
  @Test func zeroDeadlineReportRenders() throws {
    var result = syntheticResult(baseNs: 1e6, noise: 0.01, seed: 3)
    result.deadlineNs = 0
    result.histogram = LogLinearHistogram(values: [0, 0, 0])
    let html = HTMLReport.render(results: syntheticFile([result]), capacity: nil)
    #expect(html.contains("<svg"))
    #expect(!html.lowercased().contains("nan"))
  }

  /// A deadline that is not round(1e9/hz) is an inconsistent file: exit 1 naming the field.
  @Test func inconsistentDeadlineIsASchemaError() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try writeEdited(dir, "r.json") { top in editResult(&top) { r in r["deadlineNs"] = 0 } }
    let r = bench(["report", "r.json"], in: dir.path)
    #expect(r.code == 1)
    #expect(r.stderr.contains("r.json: field 'results[0].deadlineNs': 0 is not round(1e9/hz) = 16666667"))
    #expect(dir.read("r.html") == nil)
  }

  /// "NaN"/"Infinity" strings in place of numbers are a schema error naming the field, so they
  /// cannot leak into compare's statistics and output.
  @Test(arguments: ["NaN", "Infinity", "-Infinity"])
  func nonFiniteNumberIsASchemaError(value: String) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)]), to: dir.file("a.json"))
    try writeEdited(dir, "b.json") { top in
      editResult(&top) { r in
        var reps = r["repetitions"] as! [[String: Any]]
        reps[0]["hitchTimeRatio"] = value
        r["repetitions"] = reps
      }
    }
    let r = bench(["compare", "a.json", "b.json"], in: dir.path)
    #expect(r.code == 1, "\(value): \(r.stdout) \(r.stderr)")
    #expect(r.stderr.contains("field 'results[0].repetitions[0].hitchTimeRatio'"), "\(value): \(r.stderr)")
    #expect(!r.stdout.lowercased().contains("nan"))
  }

  /// Empty `--scenario`/`--engine` lists and engines no selected scenario offers are usage errors
  /// naming the flag (they used to run nothing and exit 0).
  @Test(arguments: [
    (["run", "--engine", ","], "option '--engine' needs at least one value"),
    (["run", "--scenario", ","], "option '--scenario' needs at least one value"),
    (["capacity", "--engine", ","], "option '--engine' needs at least one value"),
    (["capacity", "--scenario", ","], "option '--scenario' needs at least one value"),
    (["capacity", "--engine", "nope"], "option '--engine': no selected scenario offers engine 'nope'"),
  ])
  func emptyOrUnknownSelectionIsAUsageError(arguments: [String], message: String) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(
      arguments + ["--hz", "60", "--frames", "2", "--warmup", "0", "--threads", "1"], in: dir.path)
    #expect(r.code == 64, "\(arguments): \(r.stderr)")
    #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("results")), "\(arguments) wrote results")
  }
}

@Suite("hooke-bench verify: malformed golden entries")
struct GoldenBadInputTests {
  /// Golden entries whose elements, Hz or frames lie outside what the CLI accepts (the same
  /// ranges as `--elements`, `--hz` and `verify --frames`) are a schema error naming the field,
  /// before anything runs (a huge count would otherwise allocate or run without bound).
  @Test(arguments: [
    ("elements", -3, "entries[0].elements"), ("elements", 0, "entries[0].elements"),
    ("hz", 0, "entries[0].hz"), ("hz", 10_001, "entries[0].hz"),
    ("frames", 0, "entries[0].frames"), ("frames", -1, "entries[0].frames"),
  ])
  func outOfRangeEntryIsASchemaError(key: String, value: Int, field: String) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let registry = ScenarioRegistry.selfTest
    #expect(bench(["verify", "--update", "--frames", "3"], in: dir.path, registry: registry).code == 0)
    let path = dir.file("results/golden.json")
    var top = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    var entries = top["entries"] as! [[String: Any]]
    entries[0][key] = value
    top["entries"] = entries
    try JSONSerialization.data(withJSONObject: top).write(to: URL(fileURLWithPath: path))
    let r = bench(["verify"], in: dir.path, registry: registry)
    #expect(r.code == 1, "\(key) = \(value): \(r.stderr)")
    #expect(r.stderr.contains("field '\(field)'"), "\(key) = \(value): \(r.stderr)")
  }
}

@Suite("hooke-bench baseline: machine ids")
struct MachineIDBadInputTests {
  /// `--machine-id` names a folder under results/baselines: like a baseline name it may not be
  /// empty, contain '/' or start with '.', so it cannot write or read outside that folder.
  @Test(arguments: ["../escape", "", "a/b", ".hidden"])
  func pathLikeMachineIDIsAUsageError(id: String) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)]), to: dir.file("a.json"))
    for action in ["update", "check", "list"] {
      let r = bench(["baseline", action, "--from", "a.json", "--machine-id", id], in: dir.path)
      #expect(r.code == 64, "\(action) '\(id)': \(r.stdout) \(r.stderr)")
      #expect(
        r.stderr.contains("option '--machine-id': '\(id)' is not a valid machine id"),
        "\(action) '\(id)': \(r.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/escape")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/baselines/a")))
  }
}

@Suite("hooke-bench capacity: element bounds")
struct CapacityBoundsTests {
  /// `capacity` probes at most the element count `run --elements` accepts (10⁸): a larger
  /// `--max-elements` or `--start` is a usage error naming the flag, not a probe that allocates
  /// billions of elements. Checked at option validation, so nothing runs.
  @Test(arguments: [
    (
      ["--max-elements", "100000001"], "option '--max-elements': '100000001' is not an integer in 1…100000000"
    ),
    (["--max-elements", "1G"], "option '--max-elements': '1G' is not an integer"),
    (["--start", "1000000000"], "option '--start': '1000000000' is not an integer in 1…100000000"),
  ])
  func hugeElementCountsAreUsageErrors(arguments: [String], message: String) throws {
    let parsed = try ParsedArguments.parse(arguments, for: CapacityCommand.configuration)
    #expect(throws: UsageError.self, "\(arguments)") { _ = try CapacityCommand(parsed) }
    do { _ = try CapacityCommand(parsed) } catch let error as UsageError {
      #expect(error.message.contains(message), "\(arguments): \(error.message)")
    }
    #expect(
      try CapacityCommand(
        ParsedArguments.parse(["--max-elements", "100M"], for: CapacityCommand.configuration)
      ).maxElements == 100_000_000)
  }
}

@Suite("hooke-bench run: budgets checked first")
struct RunBudgetsFirstTests {
  /// A missing or corrupt --budgets file is reported before the suite runs: no results or HTML
  /// are written (it used to measure everything, write both, then fail).
  @Test(arguments: [nil, "{"] as [String?])
  func badBudgetsFileFailsBeforeMeasuring(content: String?) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    if let content { dir.write(content, to: "b.json") }
    let r = bench(["run", "--budgets", "b.json", "--no-compare"] + tinyRun, in: dir.path)
    #expect(r.code == 1, "\(String(describing: content)): \(r.stderr)")
    #expect(r.stderr.contains("b.json"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/latest.json")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/latest.html")))
  }
}
