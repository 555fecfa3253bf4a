// Runs a workload frame by frame, timing each frame's work, and summarises the repetitions.

/// How a measurement runs. Defaults are the CLI's defaults.
public struct RunOptions: Sendable, Equatable {
  /// Measured frames per repetition (default 300: 5 s at 60 Hz, 2.5 s at 120 Hz). Clamped to ≥ 1.
  public var frames: Int = 300
  /// Warm-up frames per repetition, run and discarded (default 60). Clamped to ≥ 0.
  public var warmupFrames: Int = 60
  /// In-process repetitions (default 10). Clamped to ≥ 1. Compare tests rows with ≥ 5 per side;
  /// with m and n repetitions the smallest exact Mann–Whitney p-value is 2/C(m+n, m) — 2/252 ≈
  /// 0.008 for 5 and 5, which Holm correction over more than 6 tests can never make significant;
  /// 10 and 10 give 2/184 756 ≈ 1.1e-5, enough for the quick suite's 144 tests (see
  /// `Statistics.minimumMannWhitneyP`).
  public var repetitions: Int = 10
  /// Worker threads for workloads (default: all cores). Clamped to ≥ 1.
  public var threads: Int = Probe.cores
  /// Scenario seed (default 42).
  public var seed: UInt64 = 42
  /// A checksum is sampled after every `checksumInterval`-th frame and after the last (default 60).
  /// Sampling is untimed, but it reads the whole render list, evicting the engine's own state
  /// from the caches: the frame after a sample runs cold. With few measured frames those frames
  /// can set the p99 (two in 120 frames are more than 1 %); 1 makes every frame such a frame.
  public var checksumInterval: Int = 60
  /// Keep raw frame times in the result (`--raw-frames`).
  public var keepRawFrameTimes = false
  /// Janky multiplier (default 2 → `t > 2·D`).
  public var jankyMultiplier = 2
  /// Frame clock; nil chooses thread CPU time for 1 thread and wall time otherwise.
  public var clock: FrameClock?

  /// Creates the default options.
  public init() {}

  /// The clock actually used.
  public var effectiveClock: FrameClock { clock ?? (threads <= 1 ? .threadCPU : .wall) }

  /// Frames run per repetition, warm-up included.
  public var totalFrames: Int { max(0, warmupFrames) + max(1, frames) }
}

/// The deterministic outputs of running a scenario's script.
public struct WorkloadTrace: Sendable, Equatable {
  /// Checksums at sampled frames.
  public var checksums: [SampledChecksum]
  /// Counters after the last frame.
  public var counters: WorkCounters
}

/// Measures workloads.
public enum BenchmarkRunner {
  /// Runs `options.repetitions` fresh instances of `scenario`/`engine` with N = `elements` at `hz`.
  ///
  /// Each repetition runs `warmupFrames` unmeasured frames, then `frames` frames each timed with
  /// the thread CPU clock and the monotonic clock around `performFrame` only (each frame's
  /// `prepareFrame` runs just before, untimed). Checksums are sampled between frames (untimed). A workload that throws, or whose checksums or counters
  /// differ between repetitions, yields a result with `failure` set (exit code 3).
  /// `progress` is called after each repetition with (done, total).
  public static func run(
    scenario: ScenarioDescriptor, engine: String, elements: Int, hz: Int, options: RunOptions,
    progress: ((Int, Int) -> Void)? = nil
  ) -> ScenarioResult {
    let setup = WorkloadSetup(elements: elements, hz: hz, seed: options.seed, threads: options.threads)
    let deadline = frameDeadlineNanoseconds(hz: setup.hz)
    let clock = options.effectiveClock
    let repetitions = max(1, options.repetitions)
    var summaries: [RepetitionSummary] = []
    var pooled: [UInt64] = []
    var raw: [[UInt64]] = []
    var reference: WorkloadTrace?
    var failure: String?
    Probe.resetPeakResident()
    repetitionLoop: for r in 0..<repetitions {
      let cpu: [UInt64]
      let wall: [UInt64]
      let trace: WorkloadTrace
      do {
        (cpu, wall, trace) = try _measure(scenario: scenario, engine: engine, setup: setup, options: options)
      } catch {
        failure = "repetition \(r + 1): \(error)"
        break repetitionLoop
      }
      if let reference {
        if let message = _firstDifference(reference, trace) {
          failure = "not deterministic: repetition \(r + 1) differs from repetition 1 at \(message)"
          break repetitionLoop
        }
      } else {
        reference = trace
      }
      let times = clock == .threadCPU ? cpu : wall
      let m = FrameMetrics(frameTimes: times, deadlineNs: deadline, jankyMultiplier: options.jankyMultiplier)
      var wallTotal = 0.0
      for w in wall { wallTotal += Double(w) }
      summaries.append(
        RepetitionSummary(
          p50Ns: m.p50Ns, p90Ns: m.p90Ns, p99Ns: m.p99Ns, maxNs: m.maxNs, meanNs: m.meanNs,
          hitchTimeRatio: m.hitchTimeRatio, onTimeRate: m.onTimeRate,
          wallMeanNs: wall.isEmpty ? 0 : wallTotal / Double(wall.count)))
      pooled += times
      if options.keepRawFrameTimes { raw.append(times) }
      progress?(r + 1, repetitions)
    }
    let metrics = FrameMetrics(
      frameTimes: pooled, deadlineNs: deadline, jankyMultiplier: options.jankyMultiplier)
    let trace = reference ?? WorkloadTrace(checksums: [], counters: [:])
    var result = ScenarioResult(
      id: ScenarioResult.makeID(
        scenario: scenario.name, engine: engine, elements: setup.elements, hz: setup.hz),
      scenario: scenario.name, engine: engine, elements: setup.elements, hz: setup.hz,
      frames: max(1, options.frames), warmupFrames: max(0, options.warmupFrames), deadlineNs: deadline,
      model: "sequential-cpu", durationSource: "simulated", clock: clock.rawValue,
      metrics: ResultMetrics(frame: metrics, peakResidentBytes: Probe.peakResidentBytes()),
      repetitions: summaries, checksum: trace.checksums.last?.checksum ?? checksumHex(0),
      checksums: trace.checksums, counters: trace.counters,
      histogram: LogLinearHistogram(values: pooled),
      frameTimesNs: options.keepRawFrameTimes ? raw : nil, failure: failure)
    result.repetitionP50CV = coefficientOfVariation(summaries.map { Double($0.p50Ns) })
    return result
  }

  /// Population standard deviation / mean; nil for fewer than 2 values or a zero mean.
  public static func coefficientOfVariation(_ values: [Double]) -> Double? {
    guard values.count >= 2 else { return nil }
    var sum = 0.0
    for v in values { sum += v }
    let mean = sum / Double(values.count)
    guard mean != 0 else { return nil }
    var squares = 0.0
    for v in values { squares += (v - mean) * (v - mean) }
    return (squares / Double(values.count)).squareRoot() / mean
  }

  /// Runs the script once without timing and returns its checksums and counters (for `verify`).
  public static func trace(
    scenario: ScenarioDescriptor, engine: String, setup: WorkloadSetup, totalFrames: Int,
    checksumInterval: Int
  ) throws -> WorkloadTrace {
    var options = RunOptions()
    options.warmupFrames = 0
    options.frames = totalFrames
    options.checksumInterval = checksumInterval
    return try _measure(scenario: scenario, engine: engine, setup: setup, options: options).2
  }

  /// One repetition: per-frame CPU and wall times of the measured frames, and the trace.
  static func _measure(
    scenario: ScenarioDescriptor, engine: String, setup: WorkloadSetup, options: RunOptions
  ) throws -> ([UInt64], [UInt64], WorkloadTrace) {
    let workload = try scenario.makeWorkload(engine, setup)
    let warmup = max(0, options.warmupFrames)
    let total = options.totalFrames
    let interval = max(1, options.checksumInterval)
    var cpu: [UInt64] = []
    var wall: [UInt64] = []
    cpu.reserveCapacity(total - warmup)
    wall.reserveCapacity(total - warmup)
    var checksums: [SampledChecksum] = []
    for k in 0..<total {
      try workload.prepareFrame(k)
      if k < warmup {
        try workload.performFrame(k)
      } else {
        let c0 = Probe.threadCPUNanoseconds()
        let w0 = Probe.monotonicNanoseconds()
        try workload.performFrame(k)
        let w1 = Probe.monotonicNanoseconds()
        let c1 = Probe.threadCPUNanoseconds()
        cpu.append(c1 &- c0)
        wall.append(w1 &- w0)
      }
      if (k + 1) % interval == 0 || k == total - 1 {
        checksums.append(SampledChecksum(frame: k, checksum: checksumHex(workload.renderListChecksum())))
      }
    }
    return (cpu, wall, WorkloadTrace(checksums: checksums, counters: workload.counters))
  }

  /// Where two traces first differ ("frame K checksum" or "counter NAME"), or nil if equal.
  static func _firstDifference(_ a: WorkloadTrace, _ b: WorkloadTrace) -> String? {
    for (x, y) in zip(a.checksums, b.checksums) where x != y {
      return "frame \(x.frame) checksum \(x.checksum) vs \(y.checksum)"
    }
    if a.checksums.count != b.checksums.count { return "sampled frame count" }
    for key in Set(a.counters.keys).union(b.counters.keys).sorted() where a.counters[key] != b.counters[key] {
      return
        "counter \(key) \(a.counters[key].map(String.init) ?? "absent") vs \(b.counters[key].map(String.init) ?? "absent")"
    }
    return nil
  }
}

/// The capacity search: the largest N whose p99 frame time meets the deadline.
public enum CapacitySearch {
  /// Finds the largest N in `start…maxElements` with `measure(N) ≤ deadlineNs`.
  ///
  /// Exponential phase: N = start, 2·start, 4·start, … until a probe misses the deadline or N
  /// reaches `maxElements` (probed exactly). Binary phase between the last passing and first
  /// failing N until they are within `max(1, lo/precisionDivisor)` (default 1/64 ≈ 1.6 %).
  /// If `start` itself fails, the binary phase searches 1…start. A probe that misses is measured
  /// up to `confirmations` more times (default 1) and passes with the smallest p99 if any of them
  /// meets the deadline, so one stalled probe (host noise) does not end the search early. Assumes
  /// p99 grows with N (noise can violate this; the result is then one of the passing probes,
  /// never a failing one). Returns the best passing N (0 if none passed), its p99, whether the
  /// limit was reached, and every measurement `[N, p99]` in order (repeats included).
  /// Probes: O((1 + confirmations)·(log(max/start) + log(64))).
  public static func search(
    start: Int = 1_000, maxElements: Int, deadlineNs: UInt64, precisionDivisor: Int = 64,
    confirmations: Int = 1, measure: (Int) throws -> UInt64
  ) rethrows -> (elements: Int, p99Ns: UInt64, reachedLimit: Bool, probes: [[UInt64]]) {
    let limit = max(1, maxElements)
    var n = min(max(1, start), limit)
    var probes: [[UInt64]] = []
    func probe(_ n: Int) throws -> UInt64 {
      var p99 = try measure(n)
      probes.append([UInt64(n), p99])
      var again = 0
      while p99 > deadlineNs && again < max(0, confirmations) {
        let retry = try measure(n)
        probes.append([UInt64(n), retry])
        p99 = min(p99, retry)
        again += 1
      }
      return p99
    }
    var best = 0
    var bestP99: UInt64 = 0
    var failing: Int?
    while true {
      let p99 = try probe(n)
      if p99 <= deadlineNs {
        best = n
        bestP99 = p99
        if n == limit { return (best, bestP99, true, probes) }
        n = min(limit, n * 2)
      } else {
        failing = n
        break
      }
    }
    guard var hi = failing else { return (best, bestP99, false, probes) }
    var lo = best
    while hi - lo > max(1, lo / max(1, precisionDivisor)) {
      let mid = lo + (hi - lo) / 2
      let p99 = try probe(mid)
      if p99 <= deadlineNs {
        lo = mid
        best = mid
        bestP99 = p99
      } else {
        hi = mid
      }
    }
    return (best, bestP99, false, probes)
  }
}
