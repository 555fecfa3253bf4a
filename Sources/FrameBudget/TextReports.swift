// Text and Markdown renderings of results and compare reports.
import Foundation

/// Renders results and compare reports as tables.
public enum TextReports {
  /// Milliseconds with 3 decimals.
  package static func ms(_ ns: Double) -> String { String(format: "%.3f", ns / 1e6) }

  static func table(_ header: [String], _ rows: [[String]], markdown: Bool) -> String {
    if markdown {
      var out = "| " + header.joined(separator: " | ") + " |\n"
      out += "|" + header.map { _ in " --- |" }.joined() + "\n"
      for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
      return out
    }
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { i, c in
        i == 0
          ? c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[i] - c.count) + c
      }.joined(separator: "  ")
    }
    var out =
      line(header) + "\n" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
    for row in rows { out += line(row) + "\n" }
    return out
  }

  /// The `run` table: one row per result. The compact default (≤ 100 columns for the quick
  /// suite's ids) has p50/p99 (ms of CPU time per frame), on-time rate, hitch time ratio (ms/s)
  /// with the WWDC20 grade and headroom; `wide` adds max, 1 % low FPS, peak memory and checksum.
  /// Ids are shortened to `scenario/engine N@Hz` (`1k`, `10k`, `1M`).
  public static func results(_ file: ResultsFile, markdown: Bool = false, wide: Bool = false) -> String {
    let header =
      wide
      ? [
        "id", "p50 ms", "p99 ms", "max ms", "on-time", "HTR ms/s", "grade", "1% low fps", "headroom ms",
        "peak MB", "checksum",
      ]
      : ["scenario/engine N@Hz", "p50 ms", "p99 ms", "on-time", "HTR ms/s", "grade", "headroom ms"]
    let rows = file.results.map { r -> [String] in
      let name = wide ? r.id : shortID(r)
      if let failure = r.failure {
        return [name, "FAILED: \(failure)"] + Array(repeating: "", count: header.count - 2)
      }
      let m = r.metrics.frame
      if !wide {
        return [
          name, ms(Double(m.p50Ns)), ms(Double(m.p99Ns)), String(format: "%.1f%%", m.onTimeRate * 100),
          String(format: "%.2f", m.hitchTimeRatio), m.hitchGradeWWDC20.rawValue, ms(Double(m.headroomNs)),
        ]
      }
      return [
        r.id, ms(Double(m.p50Ns)), ms(Double(m.p99Ns)), ms(Double(m.maxNs)),
        String(format: "%.2f%%", m.onTimeRate * 100), String(format: "%.2f", m.hitchTimeRatio),
        m.hitchGradeWWDC20.rawValue, String(format: "%.1f", m.onePercentLowFps), ms(Double(m.headroomNs)),
        String(format: "%.1f", Double(r.metrics.peakResidentBytes) / 1_048_576), r.checksum,
      ]
    }
    var out = table(header, rows, markdown: markdown)
    let clock = file.config.clock == FrameClock.threadCPU.rawValue ? "thread CPU time" : "wall time"
    out += "\nCPU-budget proxy: \(clock) of each frame's work judged against "
    out += "D = round(1e9/Hz); \(file.config.repetitions) repetitions × \(file.config.frames) frames after "
    out +=
      "\(file.config.warmupFrames) warm-up frames, seed \(file.config.seed), \(file.config.threads) thread(s), "
    out += "\(file.machine.configuration) build on \(file.machine.id)"
    if let load = file.hostLoad {
      // Rounded to hundredths, as `uptime` prints it.
      func r(_ v: Double) -> Double { (v * 100).rounded() / 100 }
      out += ", host load average \(r(load.start)) → \(r(load.end))"
    }
    out += "."
    out += wide ? "\n" : " --wide shows every column.\n"
    return out
  }

  /// `scenario/engine 10k@120` for `scenario/engine?elements=10000&hz=120`.
  public static func shortID(_ r: ScenarioResult) -> String {
    "\(r.scenario)/\(r.engine) \(count(r.elements))@\(r.hz)"
  }

  /// `1k`, `10k`, `1.5M`, or the plain number when it is not a round thousand.
  public static func count(_ n: Int) -> String {
    if n >= 1_000_000 && n % 100_000 == 0 {
      return n % 1_000_000 == 0 ? "\(n / 1_000_000)M" : "\(Double(n) / 1e6)M"
    }
    if n >= 1_000 && n % 1_000 == 0 { return "\(n / 1_000)k" }
    return "\(n)"
  }

  /// The budget verdict closing a run: how many results meet their deadline at p99, and which
  /// do not (`id p99 X ms > D Y ms`; at most `limit` named, then `and K more`). Failed results are
  /// counted separately.
  public static func budgetVerdict(_ file: ResultsFile, limit: Int = 8) -> String {
    let ran = file.results.filter { $0.failure == nil }
    let missed = ran.filter { $0.metrics.frame.p99Ns > $0.deadlineNs }
    let failed = file.results.count - ran.count
    var line = "budget: \(ran.count - missed.count) of \(ran.count) rows meet their deadline at p99"
    if failed > 0 { line += " (\(failed) failed, not counted)" }
    if missed.isEmpty { return line + ".\n" }
    let named = missed.prefix(limit).map {
      "\(shortID($0)) p99 \(ms(Double($0.metrics.frame.p99Ns))) ms > D \(ms(Double($0.deadlineNs))) ms"
    }
    line += "; \(missed.count) miss: " + named.joined(separator: ", ")
    if missed.count > limit { line += ", and \(missed.count - limit) more" }
    return line + ".\n"
  }

  /// The capacity table: largest N per (scenario, engine, Hz) and ns per element.
  public static func capacity(_ file: CapacityFile, markdown: Bool = false) -> String {
    let rows = file.results.map { r in
      [
        r.scenario, r.engine, "\(r.hz)", (r.reachedLimit ? "≥ " : "") + "\(r.maxElements)",
        ms(Double(r.p99NsAtMax)), String(format: "%.2f", r.nsPerElement),
        String(format: "%.1f", Double(r.peakResidentBytes) / 1_048_576),
      ]
    }
    return table(
      ["scenario", "engine", "Hz", "max elements", "p99 ms", "ns/element", "peak MB"], rows,
      markdown: markdown)
  }

  /// The compare report: warnings, failures, behaviour changes and budget violations, then every
  /// statistic whose verdict is not `unchanged` or that a confirmation re-run measured (ids
  /// shortened as in the run table), a legend with the floors, the confirmation line and a
  /// summary line. In Markdown every part is a paragraph, a list or a table of its own.
  public static func compare(_ r: CompareReport, markdown: Bool = false) -> String {
    var out = markdown ? "## Benchmark comparison\n\n" : ""
    out +=
      markdown
      ? "- baseline: `\(r.baselinePath)`\n- candidate: `\(r.candidatePath)`\n\n"
      : "baseline:  \(r.baselinePath)\ncandidate: \(r.candidatePath)\n\n"
    if !r.warnings.isEmpty {
      out += markdown ? "**Warnings**\n\n" : ""
      for w in r.warnings { out += markdown ? "- \(w)\n" : "warning: \(w)\n" }
      out += "\n"
    }
    if !r.failed.isEmpty {
      out += (markdown ? "**Failed scenarios**\n\n" : "FAILED scenarios:\n")
      out += r.failed.map { markdown ? "- \($0)\n" : "  \($0)\n" }.joined() + "\n"
    }
    if !r.behaviourChanges.isEmpty {
      out +=
        markdown
        ? "**Behaviour changes** (checksums/counters differ; the simulation itself changed)\n\n"
        : "BEHAVIOUR CHANGES (checksums/counters differ; the simulation itself changed):\n"
      out +=
        table(
          ["id", "field", "baseline", "candidate"],
          r.behaviourChanges.map { [$0.id, $0.field, $0.baseline ?? "absent", $0.candidate ?? "absent"] },
          markdown: markdown) + "\n"
    }
    if !r.budgetViolations.isEmpty {
      out += markdown ? "**Static budget violations**\n\n" : "STATIC BUDGET VIOLATIONS:\n"
      out +=
        table(
          ["id", "metric", "value", "limit"],
          r.budgetViolations.map { [$0.id, $0.metric, _number($0.value), $0.limit] }, markdown: markdown)
        + "\n"
    }
    // Statistics a confirmation re-run refuted stay listed, so the report says which ones.
    let interesting = r.comparisons.filter { $0.verdict != .unchanged || $0.confirmations != nil }
    if !interesting.isEmpty {
      // One engine throughout: name it once and leave it out of the ids, so rows fit 100 columns.
      let engines = Set(interesting.map { _engine(of: $0.id) })
      let commonEngine = engines.count == 1 ? engines.first! : nil
      if let commonEngine { out += "engine: \(commonEngine)\n" + (markdown ? "\n" : "") }
      out +=
        table(
          ["id", "stat", "base", "new", "Δ%", "ratio CI", "p Holm", "verdict"],
          interesting.map { c in
            [
              _shortID(c.id, dropping: commonEngine), _statisticName(c.statistic) + " " + _unitName(c.unit),
              _format(c.baseline, c.unit), _format(c.candidate, c.unit),
              c.deltaPercent.map { String(format: abs($0) < 100 ? "%+.1f" : "%+.0f", $0) } ?? "n/a",
              c.ciLower.flatMap { lo in c.ciUpper.map { _ratio(lo) + "–" + _ratio($0) } } ?? "n/a",
              String(format: "%.2g", c.pAdjusted), c.verdict.rawValue,
            ]
          }, markdown: markdown) + "\n"
      let notes = Dictionary(grouping: interesting.compactMap { c in c.note.map { ($0, c.id) } }, by: \.0)
      for (note, ids) in notes.sorted(by: { $0.key < $1.key }) {
        out +=
          (markdown ? "- " : "note: ")
          + "\(note) (\(ids.count == 1 ? _shortID(ids[0].1) : "\(ids.count) statistics"))\n"
      }
      if !notes.isEmpty { out += "\n" }
      out +=
        "Δ% = candidate/baseline − 1 (positive: the value grew); larger is better only for on-time, "
        + "so a negative on-time Δ% is worse. CI: bootstrap 95 % CI of the median ratio.\n"
      if let floors = _floors(r) { out += floors + "\n" }
      out += "\n"
    }
    if let line = _confirmation(r) { out += line + "\n" + (markdown ? "\n" : "") }
    let inconclusive = r.comparisons.filter { $0.verdict == .inconclusive }.count
    if inconclusive > 0 {
      out += "\(inconclusive) inconclusive statistic(s): rerun with more --repetitions.\n"
      if markdown { out += "\n" }
    }
    var counts: [String] = []
    for v in Verdict.allCases {
      let n = r.comparisons.filter { $0.verdict == v }.count
      if n > 0 { counts.append("\(n) \(v.rawValue)") }
    }
    out +=
      "\(r.comparisons.count) statistic(s): \(counts.isEmpty ? "none" : counts.joined(separator: ", ")); "
    out += "\(r.behaviourChanges.count) behaviour change(s); missing \(r.missing.count), new \(r.new.count); "
    out += "noise band ±\(_number(r.noise * 100)) %, α \(r.alpha) (Holm). exit \(r.exitCode)\n"
    return out
  }

  /// `Floors (…): p50 5 µs, p99 5 % of D (0.833 ms at 60 Hz, …), HTR 0.5 ms/s, on-time 0.1 %.`,
  /// the rates those of the report's rows; nil for a report without a tolerance.
  static func _floors(_ r: CompareReport) -> String? {
    guard let t = r.tolerance else { return nil }
    var parts: [String] = []
    if let v = t.p50FloorNs { parts.append("p50 \(_number(v / 1000)) µs") }
    if let pct = t.p99FloorDeadlinePct {
      let rates = Set(
        r.comparisons.compactMap { c -> Int? in
          guard let q = c.id.range(of: "hz=") else { return nil }
          return Int(c.id[q.upperBound...].prefix { $0.isNumber })
        }
      ).sorted()
      let at = rates.map { hz in
        ms(pct / 100 * Double(frameDeadlineNanoseconds(hz: hz))) + " ms at \(hz) Hz"
      }
      parts.append("p99 \(_number(pct)) % of D" + (at.isEmpty ? "" : " (" + at.joined(separator: ", ") + ")"))
    }
    if let v = t.hitchTimeRatioFloor { parts.append("HTR \(_number(v)) ms/s") }
    if let v = t.onTimeRateFloor { parts.append("on-time \(_number(v * 100)) %") }
    guard !parts.isEmpty else { return nil }
    return "Floors (the CI of the change must clear them too): " + parts.joined(separator: ", ") + "."
  }

  /// `Confirmation: 3 regressed statistic(s) re-measured …`, or nil when nothing was re-run.
  static func _confirmation(_ r: CompareReport) -> String? {
    let rerun = r.comparisons.filter { $0.confirmations != nil }
    guard let runs = r.confirmRuns, runs > 0, !rerun.isEmpty else { return nil }
    let kept = rerun.filter { $0.verdict == .regressed }.count
    return
      "Confirmation (\(runs) re-run(s) with this build): \(rerun.count) regressed statistic(s) re-measured, "
      + "\(kept) reproduced every time (still regressed), \(rerun.count - kept) not reproduced."
  }

  /// The engine part of `scenario/engine?…` (empty when the id has another shape).
  static func _engine(of id: String) -> String {
    guard let slash = id.firstIndex(of: "/") else { return "" }
    let rest = id[id.index(after: slash)...]
    return String(rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)])
  }

  /// `scenario/engine 10k@120` for a result id of the standard shape (`scenario 10k@120` when
  /// the engine is `dropping`), else the id unchanged.
  static func _shortID(_ id: String, dropping engine: String? = nil) -> String {
    guard let q = id.firstIndex(of: "?") else { return id }
    var elements: Int?
    var hz: Int?
    for part in id[id.index(after: q)...].split(separator: "&") {
      let kv = part.split(separator: "=", maxSplits: 1)
      guard kv.count == 2 else { return id }
      if kv[0] == "elements" {
        elements = Int(kv[1])
      } else if kv[0] == "hz" {
        hz = Int(kv[1])
      } else {
        return id
      }
    }
    guard let elements, let hz else { return id }
    var name = String(id[..<q])
    if let engine, name.hasSuffix("/" + engine) { name.removeLast(engine.count + 1) }
    return "\(name) \(count(elements))@\(hz)"
  }

  static func _statisticName(_ s: String) -> String {
    switch s {
    case "p50Ns": return "p50"
    case "p99Ns": return "p99"
    case "hitchTimeRatio": return "HTR"
    case "onTimeRate": return "on-time"
    default: return s
    }
  }

  /// A compared value in the unit `_unitName` shows: ms for ns, ms/s, percent for ratios.
  static func _format(_ value: Double, _ unit: String) -> String {
    switch unit {
    case "ns": return ms(value)
    case "ms/s": return String(format: "%.2f", value)
    default: return String(format: "%.2f", value * 100)
    }
  }

  /// A CI bound with three significant digits at most (`0.95`, `14.3`, `189`).
  static func _ratio(_ x: Double) -> String {
    guard x.isFinite else { return "∞" }
    return String(format: x < 10 ? "%.2f" : x < 100 ? "%.1f" : "%.0f", x)
  }

  static func _unitName(_ unit: String) -> String {
    switch unit {
    case "ns": return "ms"
    case "ms/s": return "ms/s"
    default: return "%"
    }
  }
}
