// `capacity`.
import Foundation
import FrameBudget

/// `capacity`: the largest N with p99 ≤ deadline per (scenario, engine, Hz).
struct CapacityCommand: BenchCommand {
  /// `capacity`'s configuration.
  static let configuration = CommandConfiguration(
    name: "capacity",
    abstract: "Find the largest element count whose p99 frame time meets the deadline.",
    discussion: """
      Exponential search from --start (doubling) until p99 > D or --max-elements, then binary search
      to within 1/64. Each probe runs --warmup + --frames frames once; a probe that misses the
      deadline is measured once more and counts as missing only if both runs miss (a single stalled
      probe does not end the search). Reports N, p99 at N, ns per element (p99 / N) and peak
      memory. ">= N" means the limit was reached without missing.
      """,
    options: [
      .option(
        "scenario", "name",
        "Scenario name or glob; repeatable, comma lists allowed. Default: the tool's quick-suite scenarios.",
        repeating: true),
      .option("hz", "list", "Refresh rates in Hz. Default: 60,120."),
      .option("engine", "list", "Engines. Default: every engine of each scenario."),
      .option(
        "max-elements", "n",
        "Largest N probed, 1…100000000 (the range of run's --elements). Default: 2000000."),
      .option("start", "n", "First N probed, 1…100000000. Default: 1000."),
      .option("frames", "n", "Measured frames per probe. Default: 120."),
      .option("warmup", "n", "Warm-up frames per probe. Default: 30."),
      .option("threads", "n", "Worker threads. Default: all cores."),
      .option("seed", "n", "Seed. Default: 42."),
      .option("format", "format", "text or json (the hooke.capacity file). Default: text."),
      .option("output", "file", "Capacity file to write. Default: results/latest-capacity.json."),
    ],
    examples: [
      (
        "hooke-bench capacity --scenario grid-reflow --hz 120 --engine hooke,naive",
        "The largest grid Hooke and the naive engine animate within 8.333 ms."
      )
    ])

  var scenarios: [String]?
  var hz: [Int]
  var engines: [String]?
  var maxElements: Int
  var start: Int
  var options = RunOptions()
  var json: Bool
  var output: String

  /// Validates the options.
  init(_ a: ParsedArguments) throws {
    scenarios = try a.nonEmptyList("scenario")
    hz = try a.ints("hz", in: 1...10_000) ?? [60, 120]
    engines = try a.nonEmptyList("engine")
    // The element range `run --elements` accepts: larger probes would allocate without bound.
    maxElements = try a.int("max-elements", in: 1...100_000_000) ?? 2_000_000
    start = try a.int("start", in: 1...100_000_000) ?? 1_000
    options.frames = try a.int("frames", in: 1...10_000_000) ?? 120
    options.warmupFrames = try a.int("warmup", in: 0...10_000_000) ?? 30
    options.repetitions = 1
    if let t = try a.int("threads", in: 1...4096) { options.threads = t }
    if let raw = a.string("seed") {
      guard let seed = UInt64(raw) else {
        throw UsageError("option '--seed': '\(raw)' is not an unsigned 64-bit integer")
      }
      options.seed = seed
    }
    json = try OutputFormat.parse(a, allowed: [.text, .json]) == .json
    output = a.string("output") ?? "results/latest-capacity.json"
    guard start <= maxElements else {
      throw UsageError("option '--start': \(start) is larger than --max-elements \(maxElements)")
    }
  }

  /// Runs the searches.
  func run(_ context: CommandContext) throws -> ExitCode {
    // Validate every name and the output path before the first (slow) probe, as `run` does.
    let chosen = try _chooseScenarios(scenarios, engines: engines, in: context.registry)
    try ResultsIO.checkWritable(context.resolve(output))
    var results: [CapacityResult] = []
    for s in chosen {
      let list = engines.map { $0.filter { s.engines.contains($0) } } ?? s.engines
      for engine in list {
        for rate in hz {
          let deadline = frameDeadlineNanoseconds(hz: rate)
          Probe.resetPeakResident()
          var peak: UInt64 = 0
          let found = try CapacitySearch.search(start: start, maxElements: maxElements, deadlineNs: deadline)
          { n in
            let r = BenchmarkRunner.run(scenario: s, engine: engine, elements: n, hz: rate, options: options)
            peak = max(peak, r.metrics.peakResidentBytes)
            if let failure = r.failure { throw CommandFailure(.scenarioFailed, "\(r.id): \(failure)") }
            if context.isTerminal {
              context.stderr.write(
                "\r\u{1B}[K\(s.name)/\(engine) \(rate) Hz: N = \(n), p99 \(TextReports.ms(Double(r.metrics.frame.p99Ns))) ms"
              )
            }
            return r.metrics.frame.p99Ns
          }
          if context.isTerminal { context.stderr.write("\r\u{1B}[K") }
          results.append(
            CapacityResult(
              scenario: s.name, engine: engine, hz: rate, maxElements: found.elements,
              p99NsAtMax: found.p99Ns,
              deadlineNs: deadline, reachedLimit: found.reachedLimit, peakResidentBytes: peak,
              probes: found.probes))
        }
      }
    }
    let file = CapacityFile(
      createdAt: Probe.timestamp(), machine: context.machine,
      source: Probe.source(directory: context.workingDirectory), results: results)
    try ResultsIO.write(file, to: context.resolve(output))
    context.stdout.write(
      json ? String(decoding: try ResultsIO.encode(file), as: UTF8.self) : TextReports.capacity(file))
    return .success
  }
}
