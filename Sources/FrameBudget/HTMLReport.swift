// A self-contained HTML report with inline SVG charts, and exporters for CI dashboards.
import Foundation
import Hooke

/// Builds the self-contained HTML report (no scripts, no external resources).
public enum HTMLReport {
  /// Escapes `&`, `<`, `>`, `"` and `'`.
  public static func escape(_ text: String) -> String {
    var out = ""
    for ch in text {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(ch)
      }
    }
    return out
  }

  static func f(_ x: Double) -> String { String(format: "%.1f", x.isFinite ? x : 0) }

  /// The report: a summary table; per result a frame-time percentile plot (nearest-rank
  /// percentiles from the histogram, log-scaled tail axis, deadline line) and a histogram; a
  /// capacity chart per Hz and engine when `capacity` is given; Hooke's spring step responses and
  /// unit-curve trajectories.
  public static func render(
    results: ResultsFile?, capacity: CapacityFile?, title: String = "Hooke frame-budget report"
  ) -> String {
    var body = "<h1>\(escape(title))</h1>\n"
    if let results {
      body +=
        "<p>Machine <code>\(escape(results.machine.id))</code> (\(escape(results.machine.cpu)), \(results.machine.cores) cores, "
      body +=
        "\(escape(results.machine.configuration)) build, Swift \(escape(results.machine.swift))); source "
      body +=
        "<code>\(escape(results.source.commit ?? "unknown"))</code>\(results.source.dirty == true ? " (dirty)" : ""); "
      body +=
        "created \(escape(results.createdAt)). Frame times are CPU-budget proxies (\(escape(results.config.clock)) clock), "
      body += "not presentation timings.</p>\n"
      body +=
        "<h2>Summary</h2>\n<table><tr><th>id</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th><th>on-time</th>"
      body += "<th>HTR ms/s</th><th>WWDC20</th><th>Organizer</th><th>1 % low fps</th><th>peak MB</th></tr>\n"
      for r in results.results {
        let m = r.metrics.frame
        if let failure = r.failure {
          body +=
            "<tr><td>\(escape(r.id))</td><td colspan=\"9\" class=\"bad\">failed: \(escape(failure))</td></tr>\n"
          continue
        }
        body +=
          "<tr><td>\(escape(r.id))</td><td>\(TextReports.ms(Double(m.p50Ns)))</td><td>\(TextReports.ms(Double(m.p99Ns)))</td>"
        body +=
          "<td>\(TextReports.ms(Double(m.maxNs)))</td><td>\(String(format: "%.2f %%", m.onTimeRate * 100))</td>"
        body +=
          "<td>\(String(format: "%.2f", m.hitchTimeRatio))</td><td class=\"\(m.hitchGradeWWDC20.rawValue)\">\(m.hitchGradeWWDC20.rawValue)</td>"
        body += "<td class=\"\(m.hitchGradeOrganizer.rawValue)\">\(m.hitchGradeOrganizer.rawValue)</td>"
        body +=
          "<td>\(String(format: "%.1f", m.onePercentLowFps))</td><td>\(String(format: "%.1f", Double(r.metrics.peakResidentBytes) / 1_048_576))</td></tr>\n"
      }
      body += "</table>\n<h2>Frame times per scenario</h2>\n"
      for r in results.results where r.failure == nil {
        body += "<section><h3>\(escape(r.id))</h3>\n<div class=\"charts\">"
        body += percentilePlot(r) + histogramPlot(r) + "</div></section>\n"
      }
    }
    if let capacity, !capacity.results.isEmpty {
      body += "<h2>Capacity (largest N with p99 ≤ deadline)</h2>\n" + capacityPlot(capacity)
    }
    body +=
      "<h2>Hooke trajectories</h2>\n<p>Spring step responses and unit curves, evaluated with Hooke.</p>\n"
    body += "<div class=\"charts\">" + springPlot() + curvePlot() + "</div>\n"
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
      <style>
      body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1200px}
      table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right;white-space:nowrap}
      td:first-child,th:first-child{text-align:left}.good{color:#1a7f37}.warning{color:#b35900}
      .critical,.severe,.bad{color:#c62828;font-weight:bold}.charts{display:flex;flex-wrap:wrap;gap:12px}
      svg{background:#fafafa;border:1px solid #ddd}svg text{font-size:11px;fill:#333}
      </style></head><body>
      \(body)</body></html>

      """
  }

  /// Axes frame, title and labels of a chart of size 420×260 with plot area (50…400, 20…220).
  static func _frame(_ title: String, x: String, y: String, yMax: String, xTicks: [(Double, String)])
    -> String
  {
    var s = "<rect x=\"50\" y=\"20\" width=\"350\" height=\"200\" fill=\"white\" stroke=\"#999\"/>"
    s += "<text x=\"225\" y=\"14\" text-anchor=\"middle\">\(escape(title))</text>"
    s += "<text x=\"225\" y=\"252\" text-anchor=\"middle\">\(escape(x))</text>"
    s +=
      "<text x=\"12\" y=\"120\" transform=\"rotate(-90 12 120)\" text-anchor=\"middle\">\(escape(y))</text>"
    s +=
      "<text x=\"46\" y=\"24\" text-anchor=\"end\">\(escape(yMax))</text><text x=\"46\" y=\"220\" text-anchor=\"end\">0</text>"
    for (px, label) in xTicks {
      s += "<text x=\"\(f(px))\" y=\"236\" text-anchor=\"middle\">\(escape(label))</text>"
    }
    return s
  }

  /// The y (or x) range of frame-time charts: up to 1.2·D so the deadline shows, unless every frame
  /// is under half the deadline; then up to 1.15·max so the distribution stays visible and the
  /// deadline is noted as off scale. Never below 1 ns (a file may carry a zero deadline and zero times).
  static func _timeScale(_ r: ScenarioResult) -> (top: Double, deadlineVisible: Bool) {
    let deadline = Double(r.deadlineNs)
    let largest = Double(r.histogram.buckets.last?[0] ?? 1)
    if largest < deadline / 2 { return (max(1, largest * 1.15), false) }
    return (max(1, deadline * 1.2, largest), true)
  }

  /// Frame time (ms) versus percentile, x = −log10(1 − q) so the tail (p90, p99, p99.9) is spread out.
  public static func percentilePlot(_ r: ScenarioResult) -> String {
    let buckets = r.histogram.buckets
    let total = buckets.reduce(UInt64(0)) { $0 + $1[1] }
    let deadline = Double(r.deadlineNs)
    let (top, deadlineVisible) = _timeScale(r)
    func px(_ q: Double) -> Double { 50 + 350 * min(1, -log10(max(1e-4, 1 - q)) / 4) }
    func py(_ ns: Double) -> Double { 220 - 200 * min(1, ns / top) }
    var points: [String] = []
    var cumulative: UInt64 = 0
    for b in buckets {
      let q0 = Double(cumulative) / Double(max(1, total))
      cumulative += b[1]
      let q1 = min(0.9999, Double(cumulative) / Double(max(1, total)))
      points.append("\(f(px(q0))),\(f(py(Double(b[0])))) \(f(px(q1))),\(f(py(Double(b[0]))))")
    }
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"260\" role=\"img\">"
    s += _frame(
      "frame time by percentile", x: "percentile", y: "ms", yMax: TextReports.ms(top),
      xTicks: [(px(0), "0"), (px(0.9), "90"), (px(0.99), "99"), (px(0.999), "99.9"), (px(0.9999), "99.99")])
    if deadlineVisible {
      s +=
        "<line x1=\"50\" x2=\"400\" y1=\"\(f(py(deadline)))\" y2=\"\(f(py(deadline)))\" stroke=\"#c62828\" stroke-dasharray=\"4 3\"/>"
      s +=
        "<text x=\"398\" y=\"\(f(py(deadline) - 3))\" text-anchor=\"end\" fill=\"#c62828\">deadline \(TextReports.ms(deadline)) ms</text>"
    } else {
      s +=
        "<text x=\"398\" y=\"34\" text-anchor=\"end\" fill=\"#c62828\">deadline \(TextReports.ms(deadline)) ms (off scale, above)</text>"
    }
    s +=
      "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/></svg>"
    return s
  }

  /// Histogram of frame times: 40 linear bins over the range of `_timeScale`, count on y.
  public static func histogramPlot(_ r: ScenarioResult) -> String {
    let deadline = Double(r.deadlineNs)
    let (top, deadlineVisible) = _timeScale(r)
    var bins = [UInt64](repeating: 0, count: 40)
    for b in r.histogram.buckets { bins[min(39, Int(Double(b[0]) / top * 40))] += b[1] }
    let peak = Double(max(1, bins.max() ?? 1))
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"260\" role=\"img\">"
    s += _frame(
      "frame time histogram", x: "ms", y: "frames", yMax: "\(Int(peak))",
      xTicks: [(50, "0"), (225, TextReports.ms(top / 2)), (400, TextReports.ms(top))])
    for (i, c) in bins.enumerated() where c > 0 {
      let h = 200 * Double(c) / peak
      s +=
        "<rect x=\"\(f(50 + Double(i) * 8.75))\" y=\"\(f(220 - h))\" width=\"8\" height=\"\(f(h))\" fill=\"#42a5f5\"/>"
    }
    if deadlineVisible {
      let dx = 50 + 350 * deadline / top
      s +=
        "<line x1=\"\(f(dx))\" x2=\"\(f(dx))\" y1=\"20\" y2=\"220\" stroke=\"#c62828\" stroke-dasharray=\"4 3\"/>"
    } else {
      s +=
        "<text x=\"398\" y=\"34\" text-anchor=\"end\" fill=\"#c62828\">deadline \(TextReports.ms(deadline)) ms (off scale, right)</text>"
    }
    return s + "</svg>"
  }

  /// Capacity bars, height log10(max elements): one group per (Hz, scenario) with one bar per
  /// engine, so Hooke's capacity stands next to each reference engine's from the same run. Group
  /// labels carry the full scenario name; each bar has a tooltip with its p99.
  public static func capacityPlot(_ file: CapacityFile) -> String {
    let rows = file.results.sorted { ($0.hz, $0.scenario, $0.engine) < ($1.hz, $1.scenario, $1.engine) }
    var groups: [(hz: Int, scenario: String, rows: [CapacityResult])] = []
    for r in rows {
      if let last = groups.last, last.hz == r.hz, last.scenario == r.scenario {
        groups[groups.count - 1].rows.append(r)
      } else {
        groups.append((r.hz, r.scenario, [r]))
      }
    }
    let bar = 64
    let gap = 28
    let width = max(420, 60 + rows.count * bar + max(0, groups.count - 1) * gap)
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"310\" role=\"img\">"
    s += "<text x=\"10\" y=\"14\">max elements with p99 ≤ deadline (log scale, 10² … 10⁷)</text>"
    let palette = ["#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a", "#c62828", "#00838f"]
    let engines = Array(Set(rows.map(\.engine))).sorted()
    var x = 50
    for group in groups {
      let start = x
      for r in group.rows {
        let v = log10(Double(max(100, r.maxElements)))
        let h = 200 * (min(v, 7) - 2) / 5
        let color = palette[(engines.firstIndex(of: r.engine) ?? 0) % palette.count]
        let tip =
          "\(r.scenario) · \(r.engine) · \(r.hz) Hz: \(r.maxElements) elements, p99 \(TextReports.ms(Double(r.p99NsAtMax))) ms"
        s +=
          "<rect x=\"\(x)\" y=\"\(f(230 - h))\" width=\"\(bar - 16)\" height=\"\(f(h))\" fill=\"\(color)\"><title>\(escape(tip))</title></rect>"
        s +=
          "<text x=\"\(x + (bar - 16) / 2)\" y=\"\(f(226 - h))\" text-anchor=\"middle\" font-size=\"11\">\(r.maxElements)</text>"
        s +=
          "<text x=\"\(x + (bar - 16) / 2)\" y=\"246\" text-anchor=\"middle\" font-size=\"10\">\(escape(r.engine))</text>"
        x += bar
      }
      let mid = (start + x - 16) / 2
      s += "<line x1=\"\(start)\" y1=\"254\" x2=\"\(x - 16)\" y2=\"254\" stroke=\"#999\"/>"
      s += "<text x=\"\(mid)\" y=\"270\" text-anchor=\"middle\">\(escape(group.scenario))</text>"
      s += "<text x=\"\(mid)\" y=\"286\" text-anchor=\"middle\">\(group.hz) Hz</text>"
      x += gap
    }
    return s + "</svg>\n"
  }

  /// Step responses (0 → 1) of Hooke's spring presets over 1.2 s.
  public static func springPlot() -> String {
    let springs: [(String, Spring)] = [("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy)]
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"260\" role=\"img\">"
    s += _frame(
      "Spring step response", x: "seconds (0 … 1.2)", y: "value", yMax: "1.5",
      xTicks: [(50, "0"), (400, "1.2")])
    let colors = ["#1565c0", "#ef6c00", "#2e7d32"]
    for (k, (name, spring)) in springs.enumerated() {
      var points: [String] = []
      for i in 0...120 {
        let t = Double(i) / 100
        let v: Double = spring.value(target: 1.0, time: t)
        points.append("\(f(50 + 350 * t / 1.2)),\(f(220 - 200 * min(1.5, max(0, v)) / 1.5))")
      }
      s +=
        "<polyline fill=\"none\" stroke=\"\(colors[k])\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
      s += "<text x=\"340\" y=\"\(150 + 14 * k)\" fill=\"\(colors[k])\">\(name)</text>"
    }
    return s + "</svg>"
  }

  /// Hooke's `UnitCurve` presets over progress 0…1.
  public static func curvePlot() -> String {
    let curves: [(String, UnitCurve)] = [
      ("easeInOut", .easeInOut), ("easeOut", .easeOut), ("linear", .linear),
    ]
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"420\" height=\"260\" role=\"img\">"
    s += _frame("UnitCurve", x: "progress", y: "value", yMax: "1", xTicks: [(50, "0"), (400, "1")])
    let colors = ["#6a1b9a", "#00838f", "#999"]
    for (k, (name, curve)) in curves.enumerated() {
      var points: [String] = []
      for i in 0...100 {
        let p = Double(i) / 100
        points.append("\(f(50 + 350 * p)),\(f(220 - 200 * curve.value(at: p)))")
      }
      s +=
        "<polyline fill=\"none\" stroke=\"\(colors[k])\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
      s += "<text x=\"60\" y=\"\(40 + 14 * k)\" fill=\"\(colors[k])\">\(name)</text>"
    }
    return s + "</svg>"
  }
}

/// Exporters for CI benchmark dashboards.
public enum ResultsExport {
  /// Export formats.
  public enum Format: String, Sendable, CaseIterable {
    /// Bencher Metric Format: `{id: {slug: {value, lower_value, upper_value}}}`.
    case bmf
    /// github-action-benchmark "customSmallerIsBetter": `[{name, unit, value, range, extra}]`.
    case githubActionBenchmark = "github-action-benchmark"
  }

  /// Exports the non-failed results. BMF: slugs `p50-ns`, `p99-ns` (value = pooled percentile,
  /// lower/upper = min/max over repetitions), `hitch-time-ratio` (ms/s) and `peak-resident-bytes`.
  /// github-action-benchmark: one entry per result and statistic (`id p50`, `id p99`) in ns, with
  /// the repetition range as `± half-width`.
  public static func export(_ file: ResultsFile, format: Format) throws -> Data {
    let ok = file.results.filter { $0.failure == nil }
    var object: Any
    switch format {
    case .bmf:
      var top: [String: Any] = [:]
      for r in ok {
        let m = r.metrics.frame
        let p50 = r.repetitions.map { Double($0.p50Ns) }
        let p99 = r.repetitions.map { Double($0.p99Ns) }
        top[r.id] = [
          "p50-ns": ["value": Double(m.p50Ns), "lower_value": p50.min() ?? 0, "upper_value": p50.max() ?? 0],
          "p99-ns": ["value": Double(m.p99Ns), "lower_value": p99.min() ?? 0, "upper_value": p99.max() ?? 0],
          "hitch-time-ratio": ["value": m.hitchTimeRatio],
          "peak-resident-bytes": ["value": Double(r.metrics.peakResidentBytes)],
        ]
      }
      object = top
    case .githubActionBenchmark:
      var entries: [[String: Any]] = []
      for r in ok {
        for (name, value, reps) in [
          ("p50", r.metrics.frame.p50Ns, r.repetitions.map(\.p50Ns)),
          ("p99", r.metrics.frame.p99Ns, r.repetitions.map(\.p99Ns)),
        ] {
          let half = Double((reps.max() ?? 0) - (reps.min() ?? 0)) / 2
          entries.append([
            "name": "\(r.id) \(name)", "unit": "ns", "value": Double(value),
            "range": "± \(_number(half))",
            "extra":
              "\(r.repetitions.count) repetitions × \(r.frames) frames, deadline \(r.deadlineNs) ns, \(r.clock) clock",
          ])
        }
      }
      object = entries
    }
    var data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    data.append(0x0A)
    return data
  }
}
