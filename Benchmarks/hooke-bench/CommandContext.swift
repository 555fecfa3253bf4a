// What a command may touch: output sinks, scenarios, paths and environment.
import Foundation
import FrameBudget

/// Everything a command may touch: output sinks, scenarios, paths and environment.
struct CommandContext: @unchecked Sendable {
  /// Standard output (tables, JSON).
  var stdout: TextSink
  /// Standard error (errors, warnings, progress).
  var stderr: TextSink
  /// The scenarios to benchmark.
  var registry: ScenarioRegistry
  /// Build configuration of the executable (baselines refuse `debug`).
  var configuration: BuildConfiguration
  /// Directory relative paths (`results/…`) are resolved against.
  var workingDirectory: String
  /// Environment (`HOOKE_BENCH_MACHINE_ID` overrides the machine id).
  var environment: [String: String]
  /// Whether stderr is a terminal (progress bar) — silent otherwise.
  var isTerminal: Bool
  /// Test hook run between writing a baseline's temp file and renaming it over the old file.
  var beforeBaselineRename: (() throws -> Void)?
  /// Test hook that replaces ``BenchmarkRunner/runSuite(_:options:machine:source:progress:)``
  /// for every measurement a command makes (the suite and confirmation re-runs), so a test can
  /// inject a slowdown without timing anything; nil measures.
  var measureSuite: ((_ items: [BenchmarkItem], _ options: RunOptions) -> ResultsFile)?

  /// Creates a context.
  init(
    stdout: TextSink, stderr: TextSink, registry: ScenarioRegistry, configuration: BuildConfiguration,
    workingDirectory: String, environment: [String: String], isTerminal: Bool
  ) {
    self.stdout = stdout
    self.stderr = stderr
    self.registry = registry
    self.configuration = configuration
    self.workingDirectory = workingDirectory
    self.environment = environment
    self.isTerminal = isTerminal
  }

  /// `path` if absolute, else resolved against `workingDirectory`.
  func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : URL(fileURLWithPath: workingDirectory).appendingPathComponent(path).path
  }

  /// This machine's description.
  var machine: MachineInfo { Probe.machine(configuration: configuration, environment: environment) }

  /// `results/baselines/<machine-id>/<name>.json`.
  func baselinePath(name: String, machineID: String? = nil) -> String {
    resolve("results/baselines/\(machineID ?? machine.id)/\(name).json")
  }

  /// Measures `items` with `options` on this machine (through ``measureSuite`` when set).
  func runSuite(
    _ items: [BenchmarkItem], options: RunOptions, progress: ((Int, Int, String) -> Void)? = nil
  ) -> ResultsFile {
    if let measureSuite { return measureSuite(items, options) }
    return BenchmarkRunner.runSuite(
      items, options: options, machine: machine, source: Probe.source(directory: workingDirectory),
      progress: progress)
  }

  /// A progress reporter: a bar on stderr when it is a terminal, nothing otherwise.
  func progress(total: Int) -> (Int, String) -> Void {
    guard isTerminal, total > 0 else { return { _, _ in } }
    let sink = stderr
    return { done, label in
      let width = 30
      let filled = width * min(done, total) / total
      let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
      sink.write("\r\u{1B}[K[\(bar)] \(done)/\(total) \(label.prefix(60))")
      if done >= total { sink.write("\r\u{1B}[K") }
    }
  }
}
