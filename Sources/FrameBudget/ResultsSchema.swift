// The versioned JSON result files (`hooke.results`, `hooke.capacity`, `hooke.golden`,
// `hooke.budgets`), documented in results/README.md.

/// The schema version every file this module writes carries; readers refuse other versions.
public let frameBudgetSchemaVersion = 1

/// The machine a result was measured on.
public struct MachineInfo: Codable, Sendable, Equatable {
  /// Machine kind id, e.g. `linux-x86_64-2c-amd-epyc-7763`; names the baseline folder.
  public var id: String
  /// Operating system and version, e.g. `Linux 6.8.0`.
  public var os: String
  /// CPU architecture, e.g. `x86_64`.
  public var arch: String
  /// CPU model name (`unknown` when not readable).
  public var cpu: String
  /// Logical cores.
  public var cores: Int
  /// Physical memory in bytes (0 when unknown).
  public var memoryBytes: UInt64
  /// Swift compiler version the harness was built with, e.g. `6.3`.
  public var swift: String
  /// Build configuration, `release` or `debug`.
  public var configuration: String

  /// Creates a machine description.
  public init(
    id: String, os: String, arch: String, cpu: String, cores: Int, memoryBytes: UInt64,
    swift: String, configuration: String
  ) {
    self.id = id
    self.os = os
    self.arch = arch
    self.cpu = cpu
    self.cores = cores
    self.memoryBytes = memoryBytes
    self.swift = swift
    self.configuration = configuration
  }
}

/// The source revision measured: both fields are `null` when git is unavailable.
public struct SourceInfo: Codable, Sendable, Equatable {
  /// `git rev-parse HEAD`, or nil.
  public var commit: String?
  /// Whether `git status --porcelain` reported changes, or nil.
  public var dirty: Bool?

  /// Creates a source description.
  public init(commit: String?, dirty: Bool?) {
    self.commit = commit
    self.dirty = dirty
  }

  /// Encodes absent values as explicit JSON `null`s.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(commit, forKey: .commit)
    try c.encode(dirty, forKey: .dirty)
  }
}

/// The run configuration shared by all results of a file.
public struct RunConfigRecord: Codable, Sendable, Equatable {
  /// Seed of the scenario scripts.
  public var seed: UInt64
  /// Measured frames per repetition.
  public var frames: Int
  /// Warm-up frames per repetition (run, not measured).
  public var warmupFrames: Int
  /// In-process repetitions per result.
  public var repetitions: Int
  /// Worker threads given to workloads.
  public var threads: Int
  /// Frame clock the metrics use: `thread-cpu` or `wall`.
  public var clock: String

  /// Creates a configuration record.
  public init(seed: UInt64, frames: Int, warmupFrames: Int, repetitions: Int, threads: Int, clock: String) {
    self.seed = seed
    self.frames = frames
    self.warmupFrames = warmupFrames
    self.repetitions = repetitions
    self.threads = threads
    self.clock = clock
  }
}

/// The statistics of one repetition (the unit of `compare`'s statistics).
public struct RepetitionSummary: Codable, Sendable, Equatable {
  /// Median frame time, ns.
  public var p50Ns: UInt64
  /// 90th percentile, ns.
  public var p90Ns: UInt64
  /// 99th percentile, ns.
  public var p99Ns: UInt64
  /// Largest frame time, ns.
  public var maxNs: UInt64
  /// Mean frame time, ns.
  public var meanNs: Double
  /// Hitch time ratio, ms/s.
  public var hitchTimeRatio: Double
  /// On-time rate, 0…1.
  public var onTimeRate: Double
  /// Mean wall time per frame, ns.
  public var wallMeanNs: Double

  /// Creates a summary.
  public init(
    p50Ns: UInt64, p90Ns: UInt64, p99Ns: UInt64, maxNs: UInt64, meanNs: Double,
    hitchTimeRatio: Double, onTimeRate: Double, wallMeanNs: Double
  ) {
    self.p50Ns = p50Ns
    self.p90Ns = p90Ns
    self.p99Ns = p99Ns
    self.maxNs = maxNs
    self.meanNs = meanNs
    self.hitchTimeRatio = hitchTimeRatio
    self.onTimeRate = onTimeRate
    self.wallMeanNs = wallMeanNs
  }
}

/// The render-list checksum at one sampled frame.
public struct SampledChecksum: Codable, Sendable, Equatable {
  /// Frame index `k` (warm-up frames included in the numbering), read after frame `k`'s work.
  public var frame: Int
  /// The checksum as 16 lower-case hex digits (a string: JSON numbers lose bits above 2⁵³).
  public var checksum: String

  /// Creates a sample.
  public init(frame: Int, checksum: String) {
    self.frame = frame
    self.checksum = checksum
  }
}

/// The metrics block of one result: every frame-budget metric (``FrameMetrics``) plus the peak
/// resident memory.
public struct ResultMetrics: Codable, Sendable, Equatable {
  /// The frame metrics over all measured frames of all repetitions (pooled).
  public var frame: FrameMetrics
  /// Peak resident set size of the process during the result's repetitions, bytes (0 if unknown).
  public var peakResidentBytes: UInt64

  /// Creates a metrics block.
  public init(frame: FrameMetrics, peakResidentBytes: UInt64) {
    self.frame = frame
    self.peakResidentBytes = peakResidentBytes
  }

  /// Decodes the flat `metrics` object: the frame metrics' keys sit next to `peakResidentBytes`.
  public init(from decoder: any Decoder) throws {
    frame = try FrameMetrics(from: decoder)
    let c = try decoder.container(keyedBy: _PeakKey.self)
    peakResidentBytes = try c.decode(UInt64.self, forKey: .peakResidentBytes)
  }

  /// Encodes the frame metrics and `peakResidentBytes` as one flat object.
  public func encode(to encoder: any Encoder) throws {
    try frame.encode(to: encoder)
    var c = encoder.container(keyedBy: _PeakKey.self)
    try c.encode(peakResidentBytes, forKey: .peakResidentBytes)
  }

  private enum _PeakKey: String, CodingKey { case peakResidentBytes }
}

/// One (scenario, engine, elements, hz) measurement.
public struct ScenarioResult: Codable, Sendable, Equatable {
  /// Stable key `scenario/engine?elements=N&hz=H` (parameters sorted by name).
  public var id: String
  /// Scenario name.
  public var scenario: String
  /// Engine name.
  public var engine: String
  /// Element count N.
  public var elements: Int
  /// Refresh rate, Hz.
  public var hz: Int
  /// Measured frames per repetition.
  public var frames: Int
  /// Warm-up frames per repetition.
  public var warmupFrames: Int
  /// Frame deadline `round(1e9/hz)`, ns.
  public var deadlineNs: UInt64
  /// `sequential-cpu` (the CPU-budget proxy model).
  public var model: String
  /// `simulated` (duration from Σq·D).
  public var durationSource: String
  /// Frame clock: `thread-cpu` or `wall`.
  public var clock: String
  /// Pooled metrics and peak memory.
  public var metrics: ResultMetrics
  /// One summary per repetition.
  public var repetitions: [RepetitionSummary]
  /// Coefficient of variation (population stddev / mean) of the repetitions' p50, a ratio; nil
  /// with fewer than 2 repetitions or a zero mean.
  public var repetitionP50CV: Double? = nil
  /// Render-list checksum after the last frame (16 hex digits).
  public var checksum: String
  /// Checksums at sampled frames.
  public var checksums: [SampledChecksum]
  /// Work counters after the last frame of a repetition (equal across repetitions).
  public var counters: WorkCounters
  /// Log-linear histogram of all measured frame times.
  public var histogram: LogLinearHistogram
  /// Raw measured frame times of every repetition (ns), only with `--raw-frames`.
  public var frameTimesNs: [[UInt64]]?
  /// Why the scenario failed (threw, or was not deterministic across repetitions); nil if it ran.
  public var failure: String?

  /// A result with every field given (``repetitionP50CV`` unset); the runner and synthetic test
  /// files build results this way.
  package init(
    id: String, scenario: String, engine: String, elements: Int, hz: Int, frames: Int, warmupFrames: Int,
    deadlineNs: UInt64, model: String, durationSource: String, clock: String, metrics: ResultMetrics,
    repetitions: [RepetitionSummary], checksum: String, checksums: [SampledChecksum], counters: WorkCounters,
    histogram: LogLinearHistogram, frameTimesNs: [[UInt64]]?, failure: String?
  ) {
    self.id = id
    self.scenario = scenario
    self.engine = engine
    self.elements = elements
    self.hz = hz
    self.frames = frames
    self.warmupFrames = warmupFrames
    self.deadlineNs = deadlineNs
    self.model = model
    self.durationSource = durationSource
    self.clock = clock
    self.metrics = metrics
    self.repetitions = repetitions
    self.checksum = checksum
    self.checksums = checksums
    self.counters = counters
    self.histogram = histogram
    self.frameTimesNs = frameTimesNs
    self.failure = failure
  }

  /// The stable id of a parameter set.
  public static func makeID(scenario: String, engine: String, elements: Int, hz: Int) -> String {
    "\(scenario)/\(engine)?elements=\(elements)&hz=\(hz)"
  }
}

/// A `hooke.results` file.
public struct ResultsFile: Codable, Sendable, Equatable {
  /// Always 1.
  public var schemaVersion: Int = frameBudgetSchemaVersion
  /// Always `hooke.results`.
  public var kind: String = ResultsFile.kindName
  /// ISO 8601 UTC creation time.
  public var createdAt: String
  /// Measuring machine.
  public var machine: MachineInfo
  /// Measured source revision.
  public var source: SourceInfo
  /// Run configuration.
  public var config: RunConfigRecord
  /// One entry per measured parameter set.
  public var results: [ScenarioResult]
  /// Compare tolerances this file sets when it is the baseline (hand-edited; absent by
  /// default): they replace the built-in noise band and floors, and a command line's flags
  /// replace them in turn. Ignored in a candidate.
  public var tolerance: CompareTolerance? = nil
  /// The host's load while the file was measured (nil in files written before it existed, or
  /// where the system does not report a load average). `compare` warns when the candidate ran on
  /// a markedly busier host than the baseline: other processes' work inflates even thread CPU
  /// times (shared caches, memory bandwidth, a sibling hyperthread), so a timing "regression"
  /// measured under load may be the host, not the code.
  public var hostLoad: HostLoad? = nil

  /// `hooke.results`.
  public static let kindName = "hooke.results"

  /// Creates a results file.
  public init(
    createdAt: String, machine: MachineInfo, source: SourceInfo, config: RunConfigRecord,
    results: [ScenarioResult]
  ) {
    self.createdAt = createdAt
    self.machine = machine
    self.source = source
    self.config = config
    self.results = results
  }
}

/// The host's 1-minute load average (runnable processes, averaged over a minute, as `uptime`
/// shows it) when a measurement began and when it ended. Compare it with the machine's cores:
/// above about one per core, the measured processes shared their cores with other work.
public struct HostLoad: Codable, Sendable, Equatable {
  /// The load average when the measurement began.
  public var start: Double
  /// The load average when it ended.
  public var end: Double

  /// A load record (non-finite or negative values read as 0).
  public init(start: Double, end: Double) {
    self.start = start.isFinite ? Swift.max(start, 0) : 0
    self.end = end.isFinite ? Swift.max(end, 0) : 0
  }

  /// The larger of the two readings.
  public var peak: Double { Swift.max(start, end) }

  /// ``peak`` per core (`cores` < 1 reads as 1).
  public func peakPerCore(cores: Int) -> Double { peak / Double(Swift.max(cores, 1)) }
}

/// One capacity search result.
public struct CapacityResult: Codable, Sendable, Equatable {
  /// Scenario name.
  public var scenario: String
  /// Engine name.
  public var engine: String
  /// Refresh rate, Hz.
  public var hz: Int
  /// Largest N found with p99 ≤ deadline (0 if even the smallest probe missed it).
  public var maxElements: Int
  /// p99 frame time at `maxElements`, ns.
  public var p99NsAtMax: UInt64
  /// `p99NsAtMax / maxElements`, ns per element (0 when `maxElements` is 0).
  public var nsPerElement: Double
  /// The deadline, ns.
  public var deadlineNs: UInt64
  /// Whether the search stopped at `--max-elements` (so the capacity is at least `maxElements`).
  public var reachedLimit: Bool
  /// Peak resident memory over the search, bytes.
  public var peakResidentBytes: UInt64
  /// Every probe `[elements, p99Ns]` in search order.
  public var probes: [[UInt64]]

  /// Creates a capacity result.
  public init(
    scenario: String, engine: String, hz: Int, maxElements: Int, p99NsAtMax: UInt64, deadlineNs: UInt64,
    reachedLimit: Bool, peakResidentBytes: UInt64, probes: [[UInt64]]
  ) {
    self.scenario = scenario
    self.engine = engine
    self.hz = hz
    self.maxElements = maxElements
    self.p99NsAtMax = p99NsAtMax
    self.nsPerElement = maxElements == 0 ? 0 : Double(p99NsAtMax) / Double(maxElements)
    self.deadlineNs = deadlineNs
    self.reachedLimit = reachedLimit
    self.peakResidentBytes = peakResidentBytes
    self.probes = probes
  }
}

/// A `hooke.capacity` file.
public struct CapacityFile: Codable, Sendable, Equatable {
  /// Always 1.
  public var schemaVersion: Int = frameBudgetSchemaVersion
  /// Always `hooke.capacity`.
  public var kind: String = CapacityFile.kindName
  /// ISO 8601 UTC creation time.
  public var createdAt: String
  /// Measuring machine.
  public var machine: MachineInfo
  /// Measured source revision.
  public var source: SourceInfo
  /// One entry per (scenario, engine, hz).
  public var results: [CapacityResult]

  /// `hooke.capacity`.
  public static let kindName = "hooke.capacity"

  /// Creates a capacity file.
  public init(createdAt: String, machine: MachineInfo, source: SourceInfo, results: [CapacityResult]) {
    self.createdAt = createdAt
    self.machine = machine
    self.source = source
    self.results = results
  }
}

/// One golden entry: the deterministic outputs of a parameter set.
public struct GoldenEntry: Codable, Sendable, Equatable {
  /// Result id (`scenario/engine?elements=N&hz=H`).
  public var id: String
  /// Scenario name.
  public var scenario: String
  /// Engine name.
  public var engine: String
  /// Element count.
  public var elements: Int
  /// Refresh rate, Hz.
  public var hz: Int
  /// Total frames run (warm-up included), numbered from 0.
  public var frames: Int
  /// Checksums at sampled frames.
  public var checksums: [SampledChecksum]
  /// Counters after the last frame.
  public var counters: WorkCounters

  /// An entry with every field given.
  public init(
    id: String, scenario: String, engine: String, elements: Int, hz: Int, frames: Int,
    checksums: [SampledChecksum], counters: WorkCounters
  ) {
    self.id = id
    self.scenario = scenario
    self.engine = engine
    self.elements = elements
    self.hz = hz
    self.frames = frames
    self.checksums = checksums
    self.counters = counters
  }
}

/// A `hooke.golden` file (`results/golden.json`).
public struct GoldenFile: Codable, Sendable, Equatable {
  /// Always 1.
  public var schemaVersion: Int = frameBudgetSchemaVersion
  /// Always `hooke.golden`.
  public var kind: String = GoldenFile.kindName
  /// Seed of every entry.
  public var seed: UInt64
  /// Golden entries.
  public var entries: [GoldenEntry]

  /// A golden file of `entries`, all traced with `seed`.
  public init(seed: UInt64, entries: [GoldenEntry]) {
    self.seed = seed
    self.entries = entries
  }

  /// `hooke.golden`.
  public static let kindName = "hooke.golden"
}

/// One static budget: an absolute gate on a metric of matching results.
public struct BudgetRule: Codable, Sendable, Equatable {
  /// Scenario name or `*` for all.
  public var scenario: String
  /// Engine name; nil for all.
  public var engine: String?
  /// Refresh rate; nil for all.
  public var hz: Int?
  /// Metric key of the `metrics` object (e.g. `p99Ns`, `hitchTimeRatio`, `frozenFrames`,
  /// `onTimeRate`, `peakResidentBytes`).
  public var metric: String
  /// Largest allowed value (inclusive); nil for none.
  public var max: Double?
  /// Smallest allowed value (inclusive); nil for none.
  public var min: Double?
  /// Largest allowed value as a fraction of the result's deadline (e.g. 1 for `p99Ns ≤ D`).
  public var maxDeadlineFraction: Double?
}

/// A `hooke.budgets` file (`results/budgets.json`, hand-edited).
public struct BudgetsFile: Codable, Sendable, Equatable {
  /// Always 1.
  public var schemaVersion: Int = frameBudgetSchemaVersion
  /// Always `hooke.budgets`.
  public var kind: String = BudgetsFile.kindName
  /// The rules.
  public var budgets: [BudgetRule]

  /// `hooke.budgets`.
  public static let kindName = "hooke.budgets"
}

/// 16 lower-case hex digits of `value`.
public func checksumHex(_ value: UInt64) -> String {
  let digits = String(value, radix: 16)
  return String(repeating: "0", count: 16 - digits.count) + digits
}
