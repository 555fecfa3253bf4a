// `verify`.
import Foundation
import FrameBudget

/// `verify`: recompute checksums and counters and compare with `results/golden.json`.
struct VerifyCommand: BenchCommand {
  /// `verify`'s configuration.
  static let configuration = CommandConfiguration(
    name: "verify",
    abstract: "Recompute every scenario's checksums and counters and compare with results/golden.json.",
    discussion: """
      Runs each golden entry's script untimed (same scenario, engine, elements, Hz, frames and seed)
      and compares the render-list checksum at every sampled frame and every work counter exactly.
      A difference exits 1 and names the scenario and the first differing frame or counter; so does
      an entry whose elements, Hz or frames lie outside the ranges of --elements, --hz and --frames.
      --update rewrites the golden file from the current code: every registered scenario and engine
      at the default element counts and rates.
      """,
    options: [
      .option("golden", "file", "Golden file. Default: results/golden.json."),
      .option("threads", "n", "Worker threads (results must not depend on it). Default: all cores."),
      .flag("update", "Record the golden file instead of checking it."),
      .option("frames", "n", "With --update: frames per entry. Default: 240."),
    ],
    examples: [
      ("hooke-bench verify", "Check every golden entry (about 40 s in a release build)."),
      ("hooke-bench verify --update --frames 120", "Re-record the golden file after a deliberate change."),
    ])

  var golden: String
  var threads: Int
  var update: Bool
  var frames: Int

  /// Validates the options.
  init(_ a: ParsedArguments) throws {
    golden = a.string("golden") ?? "results/golden.json"
    threads = try a.int("threads", in: 1...4096) ?? Probe.cores
    update = a.flag("update")
    frames = try a.int("frames", in: 1...1_000_000) ?? 240
  }

  /// Checksums are sampled every 60 frames and after the last.
  static let interval = 60

  /// Verifies or updates.
  func run(_ context: CommandContext) throws -> ExitCode {
    let path = context.resolve(golden)
    if update {
      try ResultsIO.checkWritable(path)
      let seed: UInt64 = 42
      var entries: [GoldenEntry] = []
      // Every registered scenario (the self-test too: a debug test build checks its entries).
      let names = context.registry.scenarios.map(\.name)
      for scenario in names.compactMap({ context.registry.scenario(named: $0) }) {
        for engine in scenario.engines {
          for elements in context.registry.defaultElements {
            for hz in context.registry.defaultHz {
              let setup = WorkloadSetup(elements: elements, hz: hz, seed: seed, threads: threads)
              let trace = try BenchmarkRunner.trace(
                scenario: scenario, engine: engine, setup: setup, totalFrames: frames,
                checksumInterval: Self.interval)
              entries.append(
                GoldenEntry(
                  id: ScenarioResult.makeID(
                    scenario: scenario.name, engine: engine, elements: elements, hz: hz),
                  scenario: scenario.name, engine: engine, elements: elements, hz: hz, frames: frames,
                  checksums: trace.checksums, counters: trace.counters))
            }
          }
        }
      }
      try ResultsIO.write(GoldenFile(seed: seed, entries: entries), to: path)
      context.stdout.write("wrote \(entries.count) golden entries to \(golden)\n")
      return .success
    }
    // The reader refuses sizes the CLI would refuse (`GoldenFile.validate`) before anything runs.
    let file = try ResultsIO.read(GoldenFile.self, kind: GoldenFile.kindName, from: path)
    var mismatches = 0
    for entry in file.entries {
      guard let scenario = context.registry.scenario(named: entry.scenario) else {
        context.stderr.write("MISMATCH \(entry.id): scenario '\(entry.scenario)' is not registered\n")
        mismatches += 1
        continue
      }
      let setup = WorkloadSetup(elements: entry.elements, hz: entry.hz, seed: file.seed, threads: threads)
      let trace: WorkloadTrace
      do {
        trace = try BenchmarkRunner.trace(
          scenario: scenario, engine: entry.engine, setup: setup, totalFrames: entry.frames,
          checksumInterval: Self.interval)
      } catch {
        context.stderr.write("MISMATCH \(entry.id): the scenario failed: \(error)\n")
        mismatches += 1
        continue
      }
      if let message = entry.firstMismatch(trace) {
        context.stderr.write("MISMATCH \(entry.id) (scenario \(entry.scenario)): \(message)\n")
        mismatches += 1
      }
    }
    if mismatches > 0 {
      context.stdout.write("verify: \(mismatches) of \(file.entries.count) entries differ from \(golden)\n")
      return .failure
    }
    context.stdout.write("verify: all \(file.entries.count) entries match \(golden)\n")
    return .success
  }
}
