// Text and Markdown renderings of results and compare reports.
import Foundation

/// Output formats of `run` and `compare`.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// Aligned plain-text table.
  case text
  /// GitHub-flavoured Markdown (PR step summaries).
  case markdown
  /// The JSON file format.
  case json
}

/// Renders results and compare reports as tables.
public enum TextReports {
  /// Milliseconds with 3 decimals.
  static func ms(_ ns: Double) -> String { String(format: "%.3f", ns / 1e6) }

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

  /// The `run` table: one row per result with p50/p99/max (ms of CPU time per frame), on-time
  /// rate, hitch time ratio (ms/s) with the WWDC20 grade, 1 % low FPS, headroom and peak memory.
  public static func results(_ file: ResultsFile, markdown: Bool = false) -> String {
    let header = [
      "id", "p50 ms", "p99 ms", "max ms", "on-time", "HTR ms/s", "grade", "1% low fps",
      "headroom ms", "peak MB", "checksum",
    ]
    let rows = file.results.map { r -> [String] in
      if let failure = r.failure { return [r.id, "FAILED: \(failure)", "", "", "", "", "", "", "", "", ""] }
      let m = r.metrics.frame
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
    out += "\(file.machine.configuration) build on \(file.machine.id).\n"
    return out
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

  /// The compare report: behaviour changes, failures, budget violations, then every statistic
  /// whose verdict is not `unchanged`, then a summary line.
  public static func compare(_ r: CompareReport, markdown: Bool = false) -> String {
    var out = markdown ? "## Benchmark comparison\n\n" : ""
    out += "baseline:  \(r.baselinePath)\ncandidate: \(r.candidatePath)\n\n"
    for w in r.warnings { out += "warning: \(w)\n" }
    if !r.warnings.isEmpty { out += "\n" }
    if !r.failed.isEmpty {
      out += "FAILED scenarios:\n" + r.failed.map { "  \($0)\n" }.joined() + "\n"
    }
    if !r.behaviourChanges.isEmpty {
      out += "BEHAVIOUR CHANGES (checksums/counters differ; the simulation itself changed):\n"
      out +=
        table(
          ["id", "field", "baseline", "candidate"],
          r.behaviourChanges.map { [$0.id, $0.field, $0.baseline ?? "absent", $0.candidate ?? "absent"] },
          markdown: markdown) + "\n"
    }
    if !r.budgetViolations.isEmpty {
      out += "STATIC BUDGET VIOLATIONS:\n"
      out +=
        table(
          ["id", "metric", "value", "limit"],
          r.budgetViolations.map { [$0.id, $0.metric, _number($0.value), $0.limit] }, markdown: markdown)
        + "\n"
    }
    let interesting = r.comparisons.filter { $0.verdict != .unchanged }
    if !interesting.isEmpty {
      out +=
        table(
          ["id", "statistic", "baseline", "candidate", "Δ%", "95% CI (ratio)", "p (Holm)", "verdict"],
          interesting.map { c in
            [
              c.id, c.statistic, _format(c.baseline, c.unit), _format(c.candidate, c.unit),
              c.deltaPercent.map { String(format: "%+.1f", $0) } ?? "n/a",
              c.ciLower.flatMap { lo in c.ciUpper.map { String(format: "[%.3f, %.3f]", lo, $0) } } ?? "n/a",
              String(format: "%.4f", c.pAdjusted), c.verdict.rawValue + (c.note.map { " (\($0))" } ?? ""),
            ]
          }, markdown: markdown) + "\n"
    }
    let inconclusive = r.comparisons.filter { $0.verdict == .inconclusive }.count
    if inconclusive > 0 {
      out += "\(inconclusive) inconclusive statistic(s): rerun with more --repetitions.\n"
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

  static func _format(_ value: Double, _ unit: String) -> String {
    switch unit {
    case "ns": return ms(value) + " ms"
    case "ms/s": return String(format: "%.2f ms/s", value)
    default: return String(format: "%.4f", value)
    }
  }
}
