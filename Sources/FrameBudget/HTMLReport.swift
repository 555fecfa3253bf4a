// A self-contained HTML report with inline SVG charts, and exporters for CI dashboards.
import Foundation

/// Builds the self-contained HTML report (no scripts, no external resources).
///
/// Every chart is an SVG with a `viewBox` that scales to the page width (a meta viewport makes
/// phones lay it out at their width). Colours are presentation attributes on the elements; the
/// stylesheet never sets `fill` or `stroke` on SVG elements, so legends match their curves.
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

  package static func f(_ x: Double) -> String { String(format: "%.1f", x.isFinite ? x : 0) }

  /// The anchor of a result's plots: `r-` and the id with every character outside `[A-Za-z0-9-]`
  /// replaced by `-`.
  public static func anchor(_ id: String) -> String {
    "r-" + String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
  }

  /// `1.12M`, `18.5k`, `940`: three significant digits.
  static func _compact(_ n: Int) -> String {
    if n >= 1_000_000 { return String(format: "%.3gM", Double(n) / 1e6) }
    if n >= 1_000 { return String(format: "%.3gk", Double(n) / 1e3) }
    return "\(n)"
  }

  /// The stylesheet. No rule names an SVG element other than the root `svg` (and none sets
  /// `fill` or `stroke`).
  public static let stylesheet = """
    body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1240px}
    .scroll{overflow-x:auto}.scroll>svg{max-width:none}table{border-collapse:collapse;font-size:13px}
    td,th{border:1px solid #ccc;padding:2px 5px;text-align:right;white-space:nowrap}
    td:first-child,th:first-child{text-align:left}.good{color:#1a7f37}.warning{color:#b35900}
    .critical,.severe,.bad{color:#c62828;font-weight:bold}
    .charts{display:flex;flex-wrap:wrap;gap:12px}.charts>svg{flex:1 1 380px;max-width:520px}
    svg{background:#fafafa;border:1px solid #ddd;height:auto;max-width:100%;font-size:11px}
    a{color:#1565c0}section{scroll-margin-top:8px}
    @media (max-width:600px){body{margin:8px}h1{font-size:1.4em}}
    """

  /// A section after the report's own: a heading, a caption (both escaped) and inline SVG charts
  /// (inserted as they are, side by side).
  public struct Section: Sendable {
    /// The `h2` heading.
    public var heading: String
    /// One paragraph under the heading.
    public var caption: String
    /// Complete `<svg>` elements.
    public var charts: [String]

    /// Creates a section.
    public init(heading: String, caption: String, charts: [String]) {
      self.heading = heading
      self.caption = caption
      self.charts = charts
    }
  }

  /// The report: a summary table whose ids link to each result's plots; per result a frame-time
  /// percentile plot (log time axis, the deadline always drawn) and a histogram on the same time
  /// axis; a capacity chart per Hz and engine when `capacity` is given; then each `appendix`
  /// section (`hooke-bench` adds Hooke's spring step responses and unit curves). With two or
  /// more `history` files (oldest first), a
  /// trend section after the summary plots each id's p50 and p99 across them (`trendPlot`).
  /// `filmstrips` (result id → SVG, from `FilmstripSVG.strips`) adds a strip of sampled frames
  /// above each row's plots, so a reader sees what was animated; rows without one say why.
  public static func render(
    results: ResultsFile?, capacity: CapacityFile?, history: [ResultsFile] = [],
    title: String = "Hooke frame-budget report", filmstrips: [String: String]? = nil,
    appendix: [Section] = []
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
        "created \(escape(results.createdAt)). Frame times are CPU-budget proxies (\(escape(results.config.clock)) clock, "
      body +=
        "\(results.config.repetitions) repetitions × \(results.config.frames) frames), not presentation timings.</p>\n"
      let ran = results.results.filter { $0.failure == nil }
      let missed = ran.filter { $0.metrics.frame.p99Ns > $0.deadlineNs }.count
      body +=
        "<p id=\"summary\"><b>Budget:</b> \(ran.count - missed) of \(ran.count) rows meet their deadline at p99"
      body += missed > 0 ? "; <span class=\"bad\">\(missed) miss</span>.</p>\n" : ".</p>\n"
      body +=
        "<h2>Summary</h2>\n<div class=\"scroll\"><table><tr><th>id</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th>"
      body +=
        "<th>deadline ms</th><th>headroom ms</th><th>on-time</th><th>HTR ms/s</th><th>WWDC20</th><th>Organizer</th>"
      body += "<th>1 % low fps</th><th>peak MB</th><th>checksum</th></tr>\n"
      for r in results.results {
        let m = r.metrics.frame
        if let failure = r.failure {
          body +=
            "<tr><td>\(escape(r.id))</td><td colspan=\"12\" class=\"bad\">failed: \(escape(failure))</td></tr>\n"
          continue
        }
        body +=
          "<tr><td><a href=\"#\(anchor(r.id))\" title=\"\(escape(r.id))\">\(escape(TextReports.shortID(r)))</a></td>"
        body += "<td>\(TextReports.ms(Double(m.p50Ns)))</td><td>\(TextReports.ms(Double(m.p99Ns)))</td>"
        body += "<td>\(TextReports.ms(Double(m.maxNs)))</td><td>\(TextReports.ms(Double(r.deadlineNs)))</td>"
        body +=
          "<td class=\"\(m.headroomNs < 0 ? "bad" : "good")\">\(TextReports.ms(Double(m.headroomNs)))</td>"
        body += "<td>\(String(format: "%.2f %%", m.onTimeRate * 100))</td>"
        body +=
          "<td>\(String(format: "%.2f", m.hitchTimeRatio))</td><td class=\"\(m.hitchGradeWWDC20.rawValue)\">\(m.hitchGradeWWDC20.rawValue)</td>"
        body += "<td class=\"\(m.hitchGradeOrganizer.rawValue)\">\(m.hitchGradeOrganizer.rawValue)</td>"
        body +=
          "<td>\(String(format: "%.1f", m.onePercentLowFps))</td><td>\(String(format: "%.1f", Double(r.metrics.peakResidentBytes) / 1_048_576))</td>"
        body += "<td><code>\(escape(r.checksum))</code></td></tr>\n"
      }
      body += "</table></div>\n"
      if history.count >= 2 {
        body +=
          "<h2>Trend over \(history.count) results files</h2>\n<p>p50 and p99 of each id, oldest file first "
        body +=
          "(labelled by commit, else by position); the dashed line is the deadline.</p>\n<div class=\"charts\">"
        for r in ran { body += trendPlot(id: r.id, history: history) ?? "" }
        body += "</div>\n"
      }
      body += "<h2>Frame times per scenario</h2>\n"
      for r in ran {
        body += "<section id=\"\(anchor(r.id))\"><h3>\(escape(r.id)) <a href=\"#summary\">↑</a></h3>\n"
        if let filmstrips {
          if let strip = filmstrips[r.id] {
            body += "<div class=\"scroll\">" + strip + "</div>\n"
          } else {
            body +=
              "<p>No filmstrip: scenario <code>\(escape(r.scenario))</code> has no render list here.</p>\n"
          }
        }
        body += "<div class=\"charts\">" + percentilePlot(r) + histogramPlot(r) + "</div></section>\n"
      }
    }
    if let capacity, !capacity.results.isEmpty {
      body +=
        "<h2>Capacity (largest N with p99 ≤ deadline)</h2>\n<div class=\"scroll\">" + capacityPlot(capacity)
        + "</div>\n"
    }
    for section in appendix {
      body += "<h2>\(escape(section.heading))</h2>\n<p>\(escape(section.caption))</p>\n"
      body += "<div class=\"charts\">" + section.charts.joined() + "</div>\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(title))</title>
      <style>
      \(stylesheet)
      </style></head><body>
      \(body)</body></html>

      """
  }

  // MARK: Chart geometry: a 420 × 260 view box, plot area x 56…404, y 20…216.

  package static let left = 56.0
  package static let right = 404.0
  package static let top = 20.0
  package static let bottom = 216.0

  /// `<svg>` with a view box of `width` × `height` that scales to its container.
  package static func _svg(_ width: Int, _ height: Int, label: String) -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" role=\"img\" aria-label=\"\(escape(label))\">"
  }

  /// Plot frame, title, axis titles, and ticks: `xTicks`/`yTicks` are (position in 0…1, label),
  /// each drawn as a grid line, a tick mark and its label.
  package static func _frame(
    _ title: String, x: String, y: String, xTicks: [(Double, String)], yTicks: [(Double, String)]
  ) -> String {
    let w = right - left
    let h = bottom - top
    var s =
      "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"white\" stroke=\"#999\"/>"
    for (t, label) in xTicks {
      let px = left + w * t
      s +=
        "<line x1=\"\(f(px))\" x2=\"\(f(px))\" y1=\"\(f(top))\" y2=\"\(f(bottom + 4))\" stroke=\"#e0e0e0\"/>"
      s +=
        "<line x1=\"\(f(px))\" x2=\"\(f(px))\" y1=\"\(f(bottom))\" y2=\"\(f(bottom + 4))\" stroke=\"#666\"/>"
      s +=
        "<text x=\"\(f(px))\" y=\"\(f(bottom + 15))\" text-anchor=\"middle\" fill=\"#333\">\(escape(label))</text>"
    }
    for (t, label) in yTicks {
      let py = bottom - h * t
      s +=
        "<line x1=\"\(f(left - 4))\" x2=\"\(f(right))\" y1=\"\(f(py))\" y2=\"\(f(py))\" stroke=\"#e0e0e0\"/>"
      s += "<line x1=\"\(f(left - 4))\" x2=\"\(f(left))\" y1=\"\(f(py))\" y2=\"\(f(py))\" stroke=\"#666\"/>"
      s +=
        "<text x=\"\(f(left - 6))\" y=\"\(f(py + 4))\" text-anchor=\"end\" fill=\"#333\">\(escape(label))</text>"
    }
    s +=
      "<text x=\"\(f((left + right) / 2))\" y=\"13\" text-anchor=\"middle\" fill=\"#222\" font-weight=\"bold\">\(escape(title))</text>"
    s +=
      "<text x=\"\(f((left + right) / 2))\" y=\"252\" text-anchor=\"middle\" fill=\"#333\">\(escape(x))</text>"
    s +=
      "<text x=\"12\" y=\"\(f((top + bottom) / 2))\" transform=\"rotate(-90 12 \(f((top + bottom) / 2)))\" text-anchor=\"middle\" fill=\"#333\">\(escape(y))</text>"
    return s
  }

  /// Linear ticks at 1-2-5 steps covering 0…`maximum` (4 to 8 of them), as (value, label).
  static func _linearTicks(_ maximum: Double, format: (Double) -> String) -> [(Double, String)] {
    guard maximum > 0, maximum.isFinite else { return [(0, format(0))] }
    let raw = maximum / 5
    let magnitude = pow(10, floor(log10(raw)))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
    var ticks: [(Double, String)] = []
    var v = 0.0
    while v <= maximum * (1 + 1e-9) {
      ticks.append((v, format(v)))
      v += step
    }
    return ticks
  }

  /// A logarithmic axis over `lo…hi` (both > 0), with ticks at 1, 2 and 5 per decade when it
  /// spans at most three decades, else at each power of ten.
  struct LogAxis {
    var lo: Double
    var hi: Double

    init(_ lo: Double, _ hi: Double) {
      self.lo = max(1e-300, min(lo, hi))
      self.hi = max(self.lo * 10, hi)
    }

    /// 0…1 along the axis (clamped).
    func position(_ v: Double) -> Double {
      min(1, max(0, (log10(max(v, lo)) - log10(lo)) / (log10(hi) - log10(lo))))
    }

    func ticks() -> [Double] {
      let first = Int(floor(log10(lo)))
      let last = Int(ceil(log10(hi)))
      let multipliers: [Double] = last - first <= 3 ? [1, 2, 5] : [1]
      var out: [Double] = []
      for e in first...last {
        for m in multipliers {
          let v = m * pow(10, Double(e))
          if v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) { out.append(v) }
        }
      }
      return out
    }
  }

  /// Nanoseconds as a short millisecond label (`0.005`, `0.1`, `2`, `50`).
  static func _msLabel(_ ns: Double) -> String {
    let ms = ns / 1e6
    if ms >= 1 { return String(format: "%g", (ms * 1000).rounded() / 1000) }
    return String(format: "%g", Double(String(format: "%.3g", ms)) ?? ms)
  }

  /// The time axis of a result's charts: from just below the fastest frame to above both the
  /// slowest frame and the deadline, so the deadline is always inside. Never below 1 ns (a
  /// result may carry a zero deadline and zero times).
  static func _timeAxis(_ r: ScenarioResult) -> LogAxis {
    let deadline = Double(max(1, r.deadlineNs))
    let fastest = Double(max(1, r.histogram.buckets.first?[0] ?? 1))
    let slowest = Double(max(1, r.histogram.buckets.last?[0] ?? 1))
    return LogAxis(min(fastest, deadline) / 1.5, max(slowest, deadline) * 1.5)
  }

  /// Frame time (ms, log axis) versus percentile, x = −log10(1 − q) so the tail (p90, p99,
  /// p99.9) is spread out; the deadline is a dashed red line with its value.
  public static func percentilePlot(_ r: ScenarioResult) -> String {
    let buckets = r.histogram.buckets
    let total = buckets.reduce(UInt64(0)) { $0 + $1[1] }
    let deadline = Double(r.deadlineNs)
    let axis = _timeAxis(r)
    func qx(_ q: Double) -> Double { min(1, -log10(max(1e-4, 1 - q)) / 4) }
    func px(_ q: Double) -> Double { left + (right - left) * qx(q) }
    func py(_ ns: Double) -> Double { bottom - (bottom - top) * axis.position(ns) }
    var points: [String] = []
    var cumulative: UInt64 = 0
    for b in buckets {
      let q0 = Double(cumulative) / Double(max(1, total))
      cumulative += b[1]
      let q1 = min(0.9999, Double(cumulative) / Double(max(1, total)))
      points.append("\(f(px(q0))),\(f(py(Double(b[0])))) \(f(px(q1))),\(f(py(Double(b[0]))))")
    }
    var s = _svg(420, 260, label: "frame time by percentile for \(r.id)")
    s += _frame(
      "frame time by percentile", x: "percentile (%)", y: "frame time (ms, log)",
      xTicks: [(qx(0), "0"), (qx(0.9), "90"), (qx(0.99), "99"), (qx(0.999), "99.9"), (qx(0.9999), "99.99")],
      yTicks: axis.ticks().map { (axis.position($0), _msLabel($0)) })
    let dy = py(deadline)
    s +=
      "<line x1=\"\(f(left))\" x2=\"\(f(right))\" y1=\"\(f(dy))\" y2=\"\(f(dy))\" stroke=\"#c62828\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
    s +=
      "<text x=\"\(f(left + 4))\" y=\"\(f(dy - 4))\" fill=\"#c62828\">deadline \(TextReports.ms(deadline)) ms</text>"
    s +=
      "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/></svg>"
    return s
  }

  /// The p50 and p99 of result `id` in each of `history` (oldest first) on a log time axis, with
  /// the deadline; x labels are the files' short commits (else `#1`, `#2`, …). A file without the
  /// id (or where it failed) leaves a gap. Nil when fewer than two files have the id.
  public static func trendPlot(id: String, history: [ResultsFile]) -> String? {
    let points = history.map { file in file.results.first { $0.id == id && $0.failure == nil } }
    let present = points.compactMap { $0 }
    guard present.count >= 2, let deadlineNs = present.last?.deadlineNs else { return nil }
    let deadline = Double(deadlineNs)
    let values = present.flatMap { [Double($0.metrics.frame.p50Ns), Double($0.metrics.frame.p99Ns)] }
    let axis = LogAxis(
      max(1, min(values.min() ?? 1, deadline)) / 1.5, max(values.max() ?? 1, deadline) * 1.5)
    let n = history.count
    func px(_ i: Int) -> Double { left + (right - left) * (n == 1 ? 0.5 : Double(i) / Double(n - 1)) }
    func py(_ ns: Double) -> Double { bottom - (bottom - top) * axis.position(ns) }
    let labels = history.enumerated().map { i, f in
      f.source.commit.map { String($0.prefix(7)) } ?? "#\(i + 1)"
    }
    // At most 8 x labels, evenly spread.
    let every = max(1, Int((Double(n) / 8).rounded(.up)))
    let xTicks = (0..<n).filter { $0 % every == 0 || $0 == n - 1 }.map {
      (n == 1 ? 0.5 : Double($0) / Double(n - 1), labels[$0])
    }
    var s = _svg(420, 260, label: "trend of \(id)")
    s += _frame(
      TextReports._shortID(id), x: "results file (oldest → newest)", y: "frame time (ms, log)",
      xTicks: xTicks, yTicks: axis.ticks().map { (axis.position($0), _msLabel($0)) })
    let dy = py(deadline)
    s +=
      "<line x1=\"\(f(left))\" x2=\"\(f(right))\" y1=\"\(f(dy))\" y2=\"\(f(dy))\" stroke=\"#c62828\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
    for (name, color, value) in [
      ("p50", "#1565c0", { (r: ScenarioResult) in Double(r.metrics.frame.p50Ns) }),
      ("p99", "#ef6c00", { (r: ScenarioResult) in Double(r.metrics.frame.p99Ns) }),
    ] {
      // Consecutive present points form one polyline; a gap starts a new one.
      var runs: [[String]] = [[]]
      for (i, r) in points.enumerated() {
        guard let r else {
          runs.append([])
          continue
        }
        let point = "\(f(px(i))),\(f(py(value(r))))"
        runs[runs.count - 1].append(point)
        s +=
          "<circle cx=\"\(f(px(i)))\" cy=\"\(f(py(value(r))))\" r=\"2.5\" fill=\"\(color)\"><title>\(name) \(TextReports.ms(value(r))) ms (\(escape(labels[i])))</title></circle>"
      }
      for run in runs where run.count >= 2 {
        s +=
          "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(run.joined(separator: " "))\"/>"
      }
    }
    s += _legend("p50", "#1565c0", x: 64, y: 40) + _legend("p99", "#ef6c00", x: 64, y: 54)
    return s + "</svg>"
  }

  /// Histogram of frame times: 40 bins evenly spaced on the same log time axis as the percentile
  /// plot, frame count on a linear axis, the deadline as a dashed red line with its value.
  public static func histogramPlot(_ r: ScenarioResult) -> String {
    let deadline = Double(r.deadlineNs)
    let axis = _timeAxis(r)
    var bins = [UInt64](repeating: 0, count: 40)
    for b in r.histogram.buckets { bins[min(39, Int(axis.position(Double(max(1, b[0]))) * 40))] += b[1] }
    let peak = Double(max(1, bins.max() ?? 1))
    let yTicks = _linearTicks(peak) { String(Int($0)) }
    let yTop = max(peak, yTicks.last?.0 ?? peak)
    var s = _svg(420, 260, label: "frame time histogram for \(r.id)")
    s += _frame(
      "frame time histogram", x: "frame time (ms, log)", y: "frames",
      xTicks: axis.ticks().map { (axis.position($0), _msLabel($0)) },
      yTicks: yTicks.map { ($0.0 / yTop, $0.1) })
    let binWidth = (right - left) / 40
    for (i, c) in bins.enumerated() where c > 0 {
      let h = (bottom - top) * Double(c) / yTop
      s +=
        "<rect x=\"\(f(left + Double(i) * binWidth))\" y=\"\(f(bottom - h))\" width=\"\(f(binWidth - 0.75))\" height=\"\(f(h))\" fill=\"#42a5f5\"><title>\(c) frames</title></rect>"
    }
    let dx = left + (right - left) * axis.position(deadline)
    s +=
      "<line x1=\"\(f(dx))\" x2=\"\(f(dx))\" y1=\"\(f(top))\" y2=\"\(f(bottom))\" stroke=\"#c62828\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
    s +=
      "<text x=\"\(f(dx - 4))\" y=\"\(f(top + 12))\" text-anchor=\"end\" fill=\"#c62828\">deadline \(TextReports.ms(deadline)) ms</text>"
    return s + "</svg>"
  }

  /// Capacity bars on a log axis from 10² to 10⁷ elements with ticks at every power of ten: one
  /// group per (Hz, scenario) with one bar per engine, so Hooke's capacity stands next to each
  /// reference engine's from the same run, and a legend of the engines' colours. Group labels
  /// carry the full scenario name; each bar has a tooltip with its p99. The chart keeps its
  /// natural width (it scrolls on narrow screens instead of shrinking its labels).
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
    let width = max(420, 70 + rows.count * bar + max(0, groups.count - 1) * gap)
    let axisTop = 40.0
    let axisBottom = 230.0
    func py(_ n: Double) -> Double {
      axisBottom - (axisBottom - axisTop) * (min(7, max(2, log10(n))) - 2) / 5
    }
    var s = _svg(width, 310, label: "capacity per scenario, engine and refresh rate")
    s +=
      "<text x=\"10\" y=\"14\" fill=\"#222\" font-weight=\"bold\">max elements with p99 ≤ deadline (log scale)</text>"
    let palette = ["#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a", "#c62828", "#00838f"]
    let engines = Array(Set(rows.map(\.engine))).sorted()
    for (k, engine) in engines.enumerated() {
      let lx = 10 + 110 * k
      s += "<rect x=\"\(lx)\" y=\"21\" width=\"10\" height=\"10\" fill=\"\(palette[k % palette.count])\"/>"
      s += "<text x=\"\(lx + 14)\" y=\"30\" fill=\"#333\">\(escape(engine))</text>"
    }
    for e in 2...7 {
      let y = py(pow(10, Double(e)))
      let label = ["100", "1k", "10k", "100k", "1M", "10M"][e - 2]
      s += "<line x1=\"56\" x2=\"\(width - 6)\" y1=\"\(f(y))\" y2=\"\(f(y))\" stroke=\"#e0e0e0\"/>"
      s += "<text x=\"50\" y=\"\(f(y + 4))\" text-anchor=\"end\" fill=\"#333\">\(label)</text>"
    }
    var x = 64
    for group in groups {
      let start = x
      for r in group.rows {
        let y = py(Double(max(100, r.maxElements)))
        let color = palette[(engines.firstIndex(of: r.engine) ?? 0) % palette.count]
        let tip =
          "\(r.scenario) · \(r.engine) · \(r.hz) Hz: \(r.reachedLimit ? "≥ " : "")\(r.maxElements) elements, p99 \(TextReports.ms(Double(r.p99NsAtMax))) ms"
        s +=
          "<rect x=\"\(x)\" y=\"\(f(y))\" width=\"\(bar - 16)\" height=\"\(f(axisBottom - y))\" fill=\"\(color)\"><title>\(escape(tip))</title></rect>"
        s +=
          "<text x=\"\(x + (bar - 16) / 2)\" y=\"\(f(y - 4))\" text-anchor=\"middle\" fill=\"#222\">\(r.reachedLimit ? "≥" : "")\(_compact(r.maxElements))</text>"
        s +=
          "<text x=\"\(x + (bar - 16) / 2)\" y=\"246\" text-anchor=\"middle\" font-size=\"10\" fill=\"#333\">\(escape(r.engine))</text>"
        x += bar
      }
      let mid = (start + x - 16) / 2
      s += "<line x1=\"\(start)\" y1=\"254\" x2=\"\(x - 16)\" y2=\"254\" stroke=\"#999\"/>"
      s +=
        "<text x=\"\(mid)\" y=\"270\" text-anchor=\"middle\" fill=\"#222\">\(escape(group.scenario))</text>"
      s += "<text x=\"\(mid)\" y=\"286\" text-anchor=\"middle\" fill=\"#333\">\(group.hz) Hz</text>"
      x += gap
    }
    return s + "</svg>\n"
  }

  /// A legend entry: a short line in `color` and its label, at (x, y).
  package static func _legend(_ name: String, _ color: String, x: Double, y: Double) -> String {
    "<line x1=\"\(f(x))\" x2=\"\(f(x + 16))\" y1=\"\(f(y - 4))\" y2=\"\(f(y - 4))\" stroke=\"\(color)\" stroke-width=\"2.5\"/>"
      + "<text x=\"\(f(x + 20))\" y=\"\(f(y))\" fill=\"\(color)\">\(escape(name))</text>"
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

  /// Exports capacity results, keyed `scenario/engine?hz=H`. BMF: slugs `max-elements` (the
  /// largest N meeting the deadline; `lower_value` = N too, `upper_value` absent when the search
  /// stopped at its limit) and `ns-per-element`. github-action-benchmark (its
  /// `customBiggerIsBetter` tool): one entry per result, unit `elements`, with the p99 at N and
  /// whether the limit was reached in `extra`.
  public static func export(_ file: CapacityFile, format: Format) throws -> Data {
    func key(_ r: CapacityResult) -> String { "\(r.scenario)/\(r.engine)?hz=\(r.hz)" }
    var object: Any
    switch format {
    case .bmf:
      var top: [String: Any] = [:]
      for r in file.results {
        top[key(r)] = [
          "max-elements": ["value": Double(r.maxElements)],
          "ns-per-element": ["value": r.nsPerElement],
        ]
      }
      object = top
    case .githubActionBenchmark:
      object = file.results.map { r -> [String: Any] in
        [
          "name": "\(key(r)) max elements", "unit": "elements", "value": Double(r.maxElements),
          "extra":
            "p99 \(r.p99NsAtMax) ns at N, deadline \(r.deadlineNs) ns\(r.reachedLimit ? ", search limit reached (N is a lower bound)" : "")",
        ]
      }
    }
    var data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    data.append(0x0A)
    return data
  }
}
