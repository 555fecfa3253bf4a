// `export`.
import Foundation
import FrameBudget

/// `export RESULTS.json --format bmf|github-action-benchmark`.
struct ExportCommand: BenchCommand {
  /// `export`'s configuration.
  static let configuration = CommandConfiguration(
    name: "export",
    abstract: "Export a results or capacity file for Bencher (BMF) or github-action-benchmark.",
    discussion: """
      A hooke.results file exports p50/p99 (ns, smaller is better); a hooke.capacity file exports the
      largest element count per scenario, engine and Hz (bigger is better: github-action-benchmark's
      customBiggerIsBetter tool) and ns per element.
      """,
    arguments: [ArgumentSpec("file", "A hooke.results or hooke.capacity file.")],
    options: [
      .option("format", "format", "bmf or github-action-benchmark (required)."),
      .option("output", "file", "Write to this file instead of standard output."),
    ],
    examples: [
      ("hooke-bench export results/latest.json --format bmf --output bmf.json", "For 'bencher run --file'."),
      ("hooke-bench export results/capacity-120hz.json --format bmf", "Capacity (largest N) for Bencher."),
      (
        "hooke-bench export results/latest.json --format github-action-benchmark",
        "For github-action-benchmark."
      ),
    ])

  var results: String
  var format: ResultsExport.Format
  var output: String?

  /// Validates the arguments.
  init(_ a: ParsedArguments) throws {
    results = a.positionals[0]
    guard let raw = try a.choice("format", ResultsExport.Format.allCases.map(\.rawValue)) else {
      throw UsageError("missing option '--format <format>' (bmf or github-action-benchmark)")
    }
    format = ResultsExport.Format(rawValue: raw)!
    output = a.string("output")
  }

  /// Exports.
  func run(_ context: CommandContext) throws -> ExitCode {
    if let output { try ResultsIO.checkWritable(context.resolve(output)) }
    let path = context.resolve(results)
    let data: Data
    if try ResultsIO.kind(of: path) == CapacityFile.kindName {
      let file = try ResultsIO.read(CapacityFile.self, kind: CapacityFile.kindName, from: path)
      data = try ResultsExport.export(file, format: format)
    } else {
      data = try ResultsExport.export(try _readResults(path, baseline: false), format: format)
    }
    if let output {
      try ResultsIO.writeAtomically(data, to: context.resolve(output))
    } else {
      context.stdout.write(String(decoding: data, as: UTF8.self))
    }
    return .success
  }
}
