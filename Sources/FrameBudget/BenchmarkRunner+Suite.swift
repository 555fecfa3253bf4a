// A whole suite: every (scenario, engine, elements, Hz) measured in order into one results file.

/// One measurement of a suite: a scenario, one of its engines, an element count and a rate.
public struct BenchmarkItem: Sendable {
  /// The scenario.
  public var scenario: ScenarioDescriptor
  /// The engine (one of `scenario.engines`).
  public var engine: String
  /// Element count N (clamped to ≥ 1 by ``WorkloadSetup``).
  public var elements: Int
  /// Refresh rate in Hz (clamped to 1…10 000 by ``WorkloadSetup``).
  public var hz: Int

  /// An item.
  public init(scenario: ScenarioDescriptor, engine: String, elements: Int, hz: Int) {
    self.scenario = scenario
    self.engine = engine
    self.elements = elements
    self.hz = hz
  }
}

extension BenchmarkRunner {
  /// Runs every item in order with ``run(scenario:engine:elements:hz:options:progress:)`` and
  /// assembles the results file: `createdAt` now, `machine` and `source` as given, the run
  /// configuration from `options`, one result per item (a failed item keeps its `failure`), and
  /// the host's load average before and after (``ResultsFile/hostLoad``).
  /// `progress` receives (repetitions done, repetitions in all, the current result id) after each
  /// repetition.
  public static func runSuite(
    _ items: [BenchmarkItem], options: RunOptions, machine: MachineInfo, source: SourceInfo,
    progress: ((_ done: Int, _ total: Int, _ id: String) -> Void)? = nil
  ) -> ResultsFile {
    let repetitions = max(1, options.repetitions)
    let loadAtStart = Probe.loadAverage()
    var results: [ScenarioResult] = []
    for (index, item) in items.enumerated() {
      let id = ScenarioResult.makeID(
        scenario: item.scenario.name, engine: item.engine, elements: item.elements, hz: item.hz)
      results.append(
        run(
          scenario: item.scenario, engine: item.engine, elements: item.elements, hz: item.hz, options: options
        ) {
          done, _ in progress?(index * repetitions + done, items.count * repetitions, id)
        })
    }
    var file = ResultsFile(
      createdAt: Probe.timestamp(), machine: machine, source: source,
      config: RunConfigRecord(
        seed: options.seed, frames: max(1, options.frames), warmupFrames: max(0, options.warmupFrames),
        repetitions: repetitions, threads: options.threads, clock: options.effectiveClock.rawValue),
      results: results)
    if let start = loadAtStart, let end = Probe.loadAverage() {
      file.hostLoad = HostLoad(start: start, end: end)
    }
    return file
  }
}
