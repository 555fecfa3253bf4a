// Comparing two result files: behaviour (exact) and timing (statistics), plus static budgets.

/// The verdict of one timing statistic, from its Holm-adjusted p-value and where its bootstrap CI
/// lies relative to the ±noise band.
public enum Verdict: String, Codable, Sendable, CaseIterable {
  /// p < α (Holm-adjusted), the ratio CI beyond the noise band in the worse direction and the CI
  /// of the difference beyond the statistic's absolute floor (``CompareOptions/floor(of:deadlineNs:)``).
  case regressed
  /// The symmetric case in the better direction.
  case improved
  /// The whole ratio CI lies within ±noise, or the whole CI of the difference within ± the
  /// statistic's absolute floor, or both samples are identical. Equal medians alone are not enough.
  case unchanged
  /// Significant, but not beyond the noise band.
  case noise
  /// Anything else: not enough evidence either way.
  case inconclusive
}

/// Compare tolerances and switches.
public struct CompareOptions: Sendable, Equatable {
  /// Relative noise band (default 0.05 = 5 %).
  public var noise: Double = 0.05
  /// Absolute floor of a p50 change, ns (default ``defaultP50FloorNs``): a p50 is `regressed`
  /// or `improved` only when the bootstrap CI of its median difference lies wholly beyond it,
  /// and `unchanged` when that CI lies within ± it. Any floor ≤ 0 or NaN means none.
  public var p50FloorNs: Double = CompareOptions.defaultP50FloorNs
  /// Absolute floor of a p99 change as a fraction of the row's frame deadline D (default
  /// ``defaultP99FloorDeadlineFraction``), applied like ``p50FloorNs``.
  public var p99FloorDeadlineFraction: Double = CompareOptions.defaultP99FloorDeadlineFraction
  /// Absolute floor of a hitch-time-ratio change, ms/s (default 0.5).
  public var hitchTimeRatioFloor: Double = 0.5
  /// Absolute floor of an on-time-rate change, a ratio (default 0.001 = 0.1 percentage points).
  public var onTimeRateFloor: Double = 0.001
  /// Significance level after Holm correction (default 0.05).
  public var alpha: Double = 0.05
  /// Bootstrap resamples (default 10 000).
  public var resamples: Int = 10_000
  /// Bootstrap seed (fixed so reruns reproduce).
  public var seed: UInt64 = 0x5EED_B007
  /// Minimum repetitions per side for a test (default 5); fewer → inconclusive.
  public var minimumRepetitions: Int = 5
  /// `--strict`: inconclusive → exit 8, behaviour changes → exit 2, machine mismatch → error.
  public var strict = false
  /// `--fail-on-improvement`: improvements only → exit 4.
  public var failOnImprovement = false

  /// Creates the default options.
  public init() {}
}

/// A compared per-repetition statistic.
public struct StatisticComparison: Codable, Sendable, Equatable {
  /// Result id.
  public var id: String
  /// Statistic name (`p50Ns`, `p99Ns`, `hitchTimeRatio`, `onTimeRate`).
  public var statistic: String
  /// Unit (`ns`, `ms/s`, `ratio`).
  public var unit: String
  /// Median over the baseline's repetitions.
  public var baseline: Double
  /// Median over the candidate's repetitions.
  public var candidate: Double
  /// `(candidate/baseline − 1)·100`, the plain change (positive: the value grew, whether that is
  /// better or worse — see `largerIsBetter`); nil when the baseline median is 0.
  public var deltaPercent: Double?
  /// Whether a larger value is better (`onTimeRate`); false for times and the hitch time ratio.
  public var largerIsBetter: Bool = false
  /// Bootstrap 95 % CI of the median ratio candidate/baseline; nil when undefined.
  public var ciLower: Double?
  /// Upper CI bound.
  public var ciUpper: Double?
  /// Raw two-sided Mann–Whitney p-value.
  public var p: Double
  /// Holm-adjusted p-value.
  public var pAdjusted: Double
  /// The verdict.
  public var verdict: Verdict
  /// Extra context (too few repetitions, zero baseline…).
  public var note: String?
  /// Bootstrap 95 % CI of the median difference candidate − baseline, in `unit`; nil when untested.
  public var differenceLower: Double? = nil
  /// Upper bound of the difference CI.
  public var differenceUpper: Double? = nil
  /// The statistic's absolute floor in `unit` (0 for none); nil in files written before it existed.
  public var floor: Double? = nil
  /// The verdicts of the confirmation re-runs, in order, when this statistic was `regressed` and
  /// the compare re-measured it (``Comparator/folding(_:into:)``); nil when it was not re-run.
  /// A re-run that did not reproduce `regressed` ends the list.
  public var confirmations: [Verdict]? = nil
}

/// A checksum or counter difference: the simulation itself changed.
public struct BehaviourChange: Codable, Sendable, Equatable {
  /// Result id.
  public var id: String
  /// `checksum`, `checksum@frame K` or `counter NAME`.
  public var field: String
  /// Baseline value (nil when absent).
  public var baseline: String?
  /// Candidate value (nil when absent).
  public var candidate: String?
}

/// A static budget violation.
public struct BudgetViolation: Codable, Sendable, Equatable {
  /// Result id.
  public var id: String
  /// Metric key.
  public var metric: String
  /// Measured value.
  public var value: Double
  /// The violated limit as text (`≤ 8333333`).
  public var limit: String
}

/// What a compare found that a CI gate can fail on (``Comparator/findings(_:options:)``), most
/// severe first. A tool maps each to its exit status (`hooke-bench`: 3, 2, 7, 8, 4).
public enum CompareFinding: String, Sendable, CaseIterable {
  /// A candidate result failed (threw, or was not deterministic).
  case scenarioFailed
  /// A timing statistic regressed, or (with `strict`) the behaviour changed.
  case regression
  /// A static budget of the budgets file was violated.
  case budgetViolated
  /// A statistic was inconclusive (reported only with `strict`).
  case inconclusive
  /// A statistic improved (reported only with `failOnImprovement`).
  case improvements
}

/// The outcome of a compare, written as `hooke.compare` JSON.
public struct CompareReport: Codable, Sendable, Equatable {
  /// Always 1.
  public var schemaVersion = frameBudgetSchemaVersion
  /// Always `hooke.compare`.
  public var kind = "hooke.compare"
  /// Baseline file path.
  public var baselinePath: String
  /// Candidate file path.
  public var candidatePath: String
  /// Noise band used.
  public var noise: Double
  /// α used.
  public var alpha: Double
  /// Every tolerance used (noise band and absolute floors), all fields set; nil in files written
  /// before it existed.
  public var tolerance: CompareTolerance? = nil
  /// Confirmation re-runs made (at most `--confirm N`: they stop once nothing is left to
  /// confirm; 0 for none); nil in files written before it existed.
  public var confirmRuns: Int? = nil
  /// Every statistic compared.
  public var comparisons: [StatisticComparison]
  /// Checksum and counter differences.
  public var behaviourChanges: [BehaviourChange]
  /// Ids only in the baseline.
  public var missing: [String]
  /// Ids only in the candidate.
  public var new: [String]
  /// Candidate results that failed (exit 3).
  public var failed: [String]
  /// Static budget violations of the candidate.
  public var budgetViolations: [BudgetViolation]
  /// Warnings (machine mismatch, too few repetitions), one per kind with the number of rows.
  public var warnings: [String]
  /// The exit status of the tool that ran the compare, from ``Comparator/findings(_:options:)``
  /// (`hooke-bench`: 3 a result failed > 2 regression > 7 budget violated > 8 inconclusive > 4
  /// improvements only > 0 pass). ``Comparator/compare(baseline:candidate:baselinePath:candidatePath:budgets:options:)``
  /// leaves it 0; the tool sets it before it prints or writes the report.
  public var exitCode: Int32
}

/// The compare algorithm: results are paired by id; checksum and counter differences are
/// behaviour changes; each timing statistic (per-repetition values, compared by their medians)
/// gets a two-sided Mann–Whitney U test, a percentile-bootstrap 95 % CI of the median ratio
/// (10 000 seeded resamples) and, after Holm correction across all tests, a verdict against the
/// noise band (default ±5 %) and the statistic's absolute floor; static budgets are checked on
/// the candidate alone. Regressions can be confirmed by re-runs (``folding(_:into:)``).
public enum Comparator {
  /// The statistics compared per result: (name, unit, larger is better). Each has an absolute
  /// floor (``CompareOptions/floor(of:deadlineNs:)``): it is `unchanged` when the bootstrap CI
  /// of its median difference lies within ± the floor, and `regressed`/`improved` only beyond it.
  public static let statistics: [(name: String, unit: String, largerIsBetter: Bool)] = [
    ("p50Ns", "ns", false), ("p99Ns", "ns", false), ("hitchTimeRatio", "ms/s", false),
    ("onTimeRate", "ratio", true),
  ]

  static func _values(_ r: ScenarioResult, _ name: String) -> [Double] {
    r.repetitions.map { rep in
      switch name {
      case "p50Ns": return Double(rep.p50Ns)
      case "p99Ns": return Double(rep.p99Ns)
      case "hitchTimeRatio": return rep.hitchTimeRatio
      default: return rep.onTimeRate
      }
    }
  }

  /// A host counts as busy above this load average per core (``HostLoad/peakPerCore(cores:)``):
  /// the measured process then shared its cores with other work.
  public static let busyLoadPerCore = 1.0
  /// How much busier (load average per core) one side's host must have been than the other's
  /// for ``hostLoadWarning(baseline:candidate:)`` to warn.
  public static let loadDifferencePerCore = 0.5

  /// The warning `compare` prints when the two files were measured under different host load,
  /// or nil: when one side's host was busy (peak load average per core ≥ ``busyLoadPerCore``)
  /// and at least ``loadDifferencePerCore`` per core busier than the other's — then a timing
  /// regression (busier candidate) or improvement (busier baseline) may be the host's, not the
  /// code's. A file without a load record counts as unknown: a busy candidate is still named.
  public static func hostLoadWarning(baseline: ResultsFile, candidate: ResultsFile) -> String? {
    func describe(_ load: HostLoad, _ cores: Int) -> String {
      let peak = (load.peak * 100).rounded() / 100
      return "load average up to \(peak) on \(cores) core\(cores == 1 ? "" : "s")"
    }
    let c = candidate.hostLoad.map { ($0, $0.peakPerCore(cores: candidate.machine.cores)) }
    let b = baseline.hostLoad.map { ($0, $0.peakPerCore(cores: baseline.machine.cores)) }
    switch (b, c) {
    case (let b?, let c?) where c.1 >= busyLoadPerCore && c.1 - b.1 >= loadDifferencePerCore:
      return "the candidate ran on a busier host (\(describe(c.0, candidate.machine.cores))) than the "
        + "baseline (\(describe(b.0, baseline.machine.cores))): timing regressions may be host load, not "
        + "code; re-run both on a quiet host"
    case (let b?, let c?) where b.1 >= busyLoadPerCore && b.1 - c.1 >= loadDifferencePerCore:
      return "the baseline ran on a busier host (\(describe(b.0, baseline.machine.cores))) than the "
        + "candidate (\(describe(c.0, candidate.machine.cores))): timing improvements may be host load, not "
        + "code; re-record the baseline on a quiet host"
    case (nil, let c?) where c.1 >= busyLoadPerCore:
      return "the candidate ran on a busy host (\(describe(c.0, candidate.machine.cores))); the baseline "
        + "has no load record: timing regressions may be host load, not code"
    default:
      return nil
    }
  }

  /// Compares `candidate` with `baseline`. `budgets` (optional) are checked on the candidate.
  /// `options` are used as given: a baseline's ``ResultsFile/tolerance`` applies only through
  /// ``CompareOptions/applying(_:)`` (as `hooke-bench` does: defaults < baseline < flags).
  public static func compare(
    baseline: ResultsFile, candidate: ResultsFile, baselinePath: String, candidatePath: String,
    budgets: BudgetsFile? = nil, options: CompareOptions = CompareOptions()
  ) -> CompareReport {
    var warnings: [String] = []
    if baseline.machine.id != candidate.machine.id {
      warnings.append(
        "machine differs: baseline '\(baseline.machine.id)', candidate '\(candidate.machine.id)'")
    }
    if candidate.machine.configuration != "release" || baseline.machine.configuration != "release" {
      warnings.append("a file was measured in a debug build: timings are not representative")
    }
    if let w = hostLoadWarning(baseline: baseline, candidate: candidate) { warnings.append(w) }
    let byID = Dictionary(baseline.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let candidateIDs = Set(candidate.results.map(\.id))
    var behaviour: [BehaviourChange] = []
    var pending: [(StatisticComparison, needsTest: Bool)] = []
    var failed: [String] = []
    // (baseline, candidate) repetition counts → ids, for one warning per kind.
    var sampleSizes: [String: (Int, Int)] = [:]
    var order: [String] = []
    for c in candidate.results {
      if let failure = c.failure {
        failed.append("\(c.id): \(failure)")
        continue
      }
      guard let a = byID[c.id] else { continue }
      behaviour += _behaviour(a, c)
      sampleSizes[c.id] = (a.repetitions.count, c.repetitions.count)
      order.append(c.id)
      for s in statistics {
        pending.append(
          _compareStatistic(
            id: c.id, s, floor: options.floor(of: s.name, deadlineNs: c.deadlineNs), _values(a, s.name),
            _values(c, s.name), options))
      }
    }
    let tested = pending.indices.filter { pending[$0].needsTest }
    let adjusted = Statistics.holm(tested.map { pending[$0].0.p })
    for (k, index) in tested.enumerated() {
      pending[index].0.pAdjusted = adjusted[k]
      let (verdict, heldByFloor) = _verdict(pending[index].0, options: options)
      pending[index].0.verdict = verdict
      if heldByFloor && pending[index].0.note == nil { pending[index].0.note = heldByFloorNote }
    }
    let comparisons = pending.map(\.0)
    warnings += _powerWarnings(order, sampleSizes, tests: max(1, tested.count), options: options)
    let violations = budgets.map { check(budgets: $0, results: candidate.results) } ?? []
    return CompareReport(
      baselinePath: baselinePath, candidatePath: candidatePath, noise: options.noise, alpha: options.alpha,
      tolerance: options.tolerance, confirmRuns: 0, comparisons: comparisons, behaviourChanges: behaviour,
      missing: baseline.results.map(\.id).filter { !candidateIDs.contains($0) },
      new: candidate.results.map(\.id).filter { byID[$0] == nil },
      failed: failed, budgetViolations: violations, warnings: warnings, exitCode: 0)
  }

  /// One warning per kind of under-powered row, naming how many rows and what to do:
  /// rows with fewer than `minimumRepetitions` per side (not tested), and rows whose smallest
  /// attainable Holm-adjusted p-value, `tests · 2 / C(m + n, m)` for m and n repetitions, is not
  /// below α — those rows can never be reported as regressed, however large the change.
  static func _powerWarnings(
    _ ids: [String], _ sizes: [String: (Int, Int)], tests: Int, options: CompareOptions
  ) -> [String] {
    var tooFew: [String: [String]] = [:]
    var powerless: [String: [String]] = [:]
    for id in ids {
      guard let (m, n) = sizes[id] else { continue }
      let key = "\(m) baseline and \(n) candidate"
      if min(m, n) < options.minimumRepetitions {
        tooFew[key, default: []].append(id)
      } else if Double(tests) * Statistics.minimumMannWhitneyP(m, n) >= options.alpha {
        powerless[key, default: []].append(id)
      }
    }
    var out: [String] = []
    func rows(_ list: [String]) -> String {
      list.count == 1 ? "1 row (\(list[0])) has" : "\(list.count) rows (e.g. \(list[0])) have"
    }
    for (key, list) in tooFew.sorted(by: { $0.key < $1.key }) {
      out.append(
        "\(rows(list)) only \(key) repetitions (fewer than \(options.minimumRepetitions)): not tested; record both files with --repetitions 10 or more"
      )
    }
    for (key, list) in powerless.sorted(by: { $0.key < $1.key }) {
      let sizes = sizes[list[0]]!
      let floor = Double(tests) * Statistics.minimumMannWhitneyP(sizes.0, sizes.1)
      out.append(
        "\(rows(list)) only \(key) repetitions: over \(tests) tests the smallest Holm-adjusted p attainable is \(String(format: "%.3g", min(1, floor))) ≥ α \(options.alpha), so no change can be reported as a regression; record both files with --repetitions 10 or more"
      )
    }
    return out
  }

  /// What `r` found that a gate can fail on, most severe first: a candidate result failed, a
  /// regression (or, with `--strict`, a behaviour change), a budget violation, an inconclusive
  /// statistic (only with `strict`), an improvement (only with `failOnImprovement`). Empty: the
  /// compare passes.
  public static func findings(_ r: CompareReport, options: CompareOptions) -> [CompareFinding] {
    let verdicts = r.comparisons.map(\.verdict)
    var out: [CompareFinding] = []
    if !r.failed.isEmpty { out.append(.scenarioFailed) }
    if verdicts.contains(.regressed) || (options.strict && !r.behaviourChanges.isEmpty) {
      out.append(.regression)
    }
    if !r.budgetViolations.isEmpty { out.append(.budgetViolated) }
    if options.strict && verdicts.contains(.inconclusive) { out.append(.inconclusive) }
    if options.failOnImprovement && verdicts.contains(.improved) { out.append(.improvements) }
    return out
  }

  static func _behaviour(_ a: ScenarioResult, _ c: ScenarioResult) -> [BehaviourChange] {
    var changes: [BehaviourChange] = []
    if a.checksum != c.checksum {
      changes.append(
        BehaviourChange(id: c.id, field: "checksum", baseline: a.checksum, candidate: c.checksum))
    }
    let sampledA = Dictionary(a.checksums.map { ($0.frame, $0.checksum) }, uniquingKeysWith: { x, _ in x })
    for s in c.checksums {
      if let old = sampledA[s.frame], old != s.checksum {
        changes.append(
          BehaviourChange(id: c.id, field: "checksum@frame \(s.frame)", baseline: old, candidate: s.checksum))
        break  // the first differing frame locates the change; later ones follow from it
      }
    }
    for key in Set(a.counters.keys).union(c.counters.keys).sorted() where a.counters[key] != c.counters[key] {
      changes.append(
        BehaviourChange(
          id: c.id, field: "counter \(key)", baseline: a.counters[key].map { String($0) },
          candidate: c.counters[key].map { String($0) }))
    }
    return changes
  }

  static func _compareStatistic(
    id: String, _ s: (name: String, unit: String, largerIsBetter: Bool), floor: Double,
    _ a: [Double], _ b: [Double], _ options: CompareOptions
  ) -> (StatisticComparison, needsTest: Bool) {
    let ma = Statistics.median(a)
    let mb = Statistics.median(b)
    var result = StatisticComparison(
      id: id, statistic: s.name, unit: s.unit, baseline: ma, candidate: mb,
      deltaPercent: ma == 0 ? nil : (mb / ma - 1) * 100, largerIsBetter: s.largerIsBetter,
      ciLower: nil, ciUpper: nil, p: 1, pAdjusted: 1, verdict: .inconclusive, note: nil)
    result.floor = floor
    // Zero spread on both sides and equal values: nothing to test.
    if Set(a).count == 1 && Set(b).count == 1 && ma == mb {
      result.verdict = .unchanged
      result.ciLower = 1
      result.ciUpper = 1
      return (result, false)
    }
    if a.count < options.minimumRepetitions || b.count < options.minimumRepetitions {
      result.note =
        "fewer than \(options.minimumRepetitions) repetitions per side; rerun with more --repetitions"
      return (result, false)
    }
    result.p = Statistics.mannWhitneyU(a, b)
    if let ci = Statistics.bootstrapMedianIntervals(a, b, resamples: options.resamples, seed: options.seed) {
      result.differenceLower = ci.difference.lower
      result.differenceUpper = ci.difference.upper
      if let ratio = ci.ratio {
        result.ciLower = ratio.lower
        result.ciUpper = ratio.upper
      } else if ma == 0 {
        result.note = "baseline median is 0: ratio undefined"
      } else {
        result.note = "the resampled baseline median is 0 in more than 2.5 % of resamples: ratio undefined"
      }
    }
    return (result, true)
  }

  /// The note a statistic gets when only its absolute floor kept it from `regressed` or
  /// `improved`.
  public static let heldByFloorNote =
    "significant and beyond the noise band, but the CI of the change does not clear the absolute floor"

  /// The verdict of `c` (its p-value already adjusted) and whether the absolute floor alone kept
  /// it from `regressed`/`improved` (significant, ratio CI beyond the band, difference CI not
  /// wholly beyond the floor).
  static func _verdict(_ c: StatisticComparison, options: CompareOptions) -> (Verdict, heldByFloor: Bool) {
    let significant = c.pAdjusted < options.alpha
    let worseAbove = !c.largerIsBetter
    let floor = c.floor ?? 0
    // Beyond the absolute floor (always true without one) and inside it.
    var aboveFloor = true
    var belowFloor = true
    var withinFloor = false
    if let lo = c.differenceLower, let hi = c.differenceUpper, floor > 0 {
      aboveFloor = lo > floor
      belowFloor = hi < -floor
      withinFloor = lo >= -floor && hi <= floor
    }
    guard let lo = c.ciLower, let hi = c.ciUpper else {
      // Ratio undefined (a zero baseline): judge by the difference alone.
      let up = significant && (c.differenceLower ?? 0) > 0
      let down = significant && (c.differenceUpper ?? 0) < 0
      if up && aboveFloor { return (worseAbove ? .regressed : .improved, false) }
      if down && belowFloor { return (worseAbove ? .improved : .regressed, false) }
      let held = up || down
      if withinFloor { return (.unchanged, held) }
      return (significant ? .noise : .inconclusive, held)
    }
    let up = significant && lo > 1 + options.noise
    let down = significant && hi < 1 - options.noise
    if up && aboveFloor { return (worseAbove ? .regressed : .improved, false) }
    if down && belowFloor { return (worseAbove ? .improved : .regressed, false) }
    let held = up || down
    if (lo >= 1 - options.noise && hi <= 1 + options.noise) || withinFloor { return (.unchanged, held) }
    return (significant ? .noise : .inconclusive, held)
  }

  /// Checks `budgets` against `results` (failed results are skipped).
  public static func check(budgets: BudgetsFile, results: [ScenarioResult]) -> [BudgetViolation] {
    var violations: [BudgetViolation] = []
    for r in results where r.failure == nil {
      for rule in budgets.budgets {
        guard rule.scenario == "*" || rule.scenario == r.scenario,
          rule.engine == nil || rule.engine == r.engine,
          rule.hz == nil || rule.hz == r.hz,
          let value = metricValue(rule.metric, of: r)
        else { continue }
        if let max = rule.max, value > max {
          violations.append(
            BudgetViolation(id: r.id, metric: rule.metric, value: value, limit: "≤ \(_number(max))"))
        }
        if let min = rule.min, value < min {
          violations.append(
            BudgetViolation(id: r.id, metric: rule.metric, value: value, limit: "≥ \(_number(min))"))
        }
        if let fraction = rule.maxDeadlineFraction, value > fraction * Double(r.deadlineNs) {
          violations.append(
            BudgetViolation(
              id: r.id, metric: rule.metric, value: value,
              limit: "≤ \(_number(fraction))·D = \(_number(fraction * Double(r.deadlineNs)))"))
        }
      }
    }
    return violations
  }

  /// The metric keys `metricValue` and budget rules accept, sorted.
  public static var metricKeys: [String] {
    _metricTable(FrameMetrics(frameTimes: [1], deadlineNs: 1), 0).keys.sorted()
  }

  /// The value of metric `key` of a result (any key of the `metrics` object), or nil if unknown.
  public static func metricValue(_ key: String, of r: ScenarioResult) -> Double? {
    _metricTable(r.metrics.frame, r.metrics.peakResidentBytes)[key]
  }

  static func _metricTable(_ m: FrameMetrics, _ peak: UInt64) -> [String: Double] {
    [
      "p50Ns": Double(m.p50Ns), "p90Ns": Double(m.p90Ns), "p95Ns": Double(m.p95Ns),
      "p99Ns": Double(m.p99Ns), "p999Ns": Double(m.p999Ns), "maxNs": Double(m.maxNs), "meanNs": m.meanNs,
      "onTimeRate": m.onTimeRate, "overBudgetFrames": Double(m.overBudgetFrames),
      "jankyFrames": Double(m.jankyFrames), "frozenFrames": Double(m.frozenFrames),
      "workBudgetExceeded": Double(m.workBudgetExceeded), "missedVsyncs": Double(m.missedVsyncs),
      "hitchTimeRatio": m.hitchTimeRatio, "longestMissStreak": Double(m.longestMissStreak),
      "jankCount": Double(m.jankCount), "onePercentLowFps": m.onePercentLowFps,
      "pointOnePercentLowFps": m.pointOnePercentLowFps, "headroomNs": Double(m.headroomNs),
      "peakResidentBytes": Double(peak),
    ]
  }
}

/// A number without a trailing `.0` when integral.
package func _number(_ x: Double) -> String {
  if x.isFinite && x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
  return String(x)
}
