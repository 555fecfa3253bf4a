// The HTML report: colours the stylesheet cannot override, responsive SVG, anchors, ticks and an
// always-drawn deadline.
import Foundation
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget

/// The SVG element names that carry their own `fill`/`stroke` attributes in the report.
private let svgElements: Set<String> = [
  "text", "tspan", "rect", "line", "polyline", "path", "circle", "g", "*",
]

/// An appendix section with one chart whose legend label carries its own colour (`hooke-bench`
/// appends Hooke's trajectories this way).
private let appendix = HTMLReport.Section(
  heading: "Appendix", caption: "One chart.",
  charts: [
    HTMLReport._svg(420, 260, label: "legend") + HTMLReport._legend("snappy", "#ef6c00", x: 64, y: 40)
      + "</svg>"
  ])

/// The CSS rules of `html`'s `<style>` as (selector, declarations).
private func cssRules(_ html: String) -> [(String, String)] {
  guard let open = html.range(of: "<style>"), let close = html.range(of: "</style>") else { return [] }
  var css = String(html[open.upperBound..<close.lowerBound])
  // Unwrap @media blocks: their inner rules count like any other.
  css = css.replacingOccurrences(of: #"@media[^{]*\{"#, with: "", options: .regularExpression)
  return css.split(separator: "}").compactMap { rule in
    let parts = rule.split(separator: "{", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    return (parts[0].trimmingCharacters(in: .whitespacesAndNewlines), String(parts[1]))
  }
}

private func capacityFile() -> CapacityFile {
  CapacityFile(
    createdAt: "t", machine: syntheticMachine(), source: SourceInfo(commit: nil, dirty: nil),
    results: [
      CapacityResult(
        scenario: "grid", engine: "hooke", hz: 120, maxElements: 1_115_500, p99NsAtMax: 8_000_000,
        deadlineNs: 8_333_333, reachedLimit: false, peakResidentBytes: 1, probes: [[1000, 10]]),
      CapacityResult(
        scenario: "grid", engine: "naive", hz: 120, maxElements: 18_500, p99NsAtMax: 8_000_000,
        deadlineNs: 8_333_333, reachedLimit: false, peakResidentBytes: 1, probes: [[1000, 10]]),
    ])
}

@Suite("HTML report")
struct HTMLReportTests {
  /// No stylesheet rule targets an SVG element that has its own `fill` or `stroke` (a rule such
  /// as `svg text{fill:#333}` would grey out every coloured legend and deadline label).
  @Test func noStylesheetRuleOverridesSVGColours() throws {
    let html = HTMLReport.render(
      results: syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.1, seed: 4)]), capacity: capacityFile(),
      appendix: [appendix])
    let rules = cssRules(html)
    #expect(!rules.isEmpty)
    for (selector, declarations) in rules {
      for single in selector.split(separator: ",") {
        // The element the rule applies to is the last compound of the selector.
        let last = single.split(whereSeparator: { " >+~".contains($0) }).last.map(String.init) ?? ""
        let element = String(last.prefix { $0.isLetter || $0 == "*" }).lowercased()
        if svgElements.contains(element) {
          #expect(
            !declarations.contains("fill") && !declarations.contains("stroke"), "\(selector){\(declarations)}"
          )
        }
      }
    }
    // The coloured labels carry their colour themselves.
    #expect(html.contains("fill=\"#c62828\">deadline 16.667 ms</text>"))
    #expect(html.contains("fill=\"#ef6c00\">snappy</text>"))
    // The rule that used to override them is gone.
    #expect(!html.contains("svg text{"))
  }

  /// Every chart scales: a viewBox on each `<svg>`, a meta viewport, and CSS letting SVGs shrink.
  @Test func chartsAreResponsive() {
    let html = HTMLReport.render(
      results: syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.1, seed: 4)]), capacity: capacityFile(),
      appendix: [appendix])
    let svgs = html.components(separatedBy: "<svg ").dropFirst()
    #expect(svgs.count == 4)  // percentile, histogram, capacity, the appendix's chart
    #expect(html.contains("<h2>Appendix</h2>\n<p>One chart.</p>"))
    for svg in svgs { #expect(svg.hasPrefix("xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ")) }
    #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
    #expect(html.contains("svg{background:#fafafa;border:1px solid #ddd;height:auto;max-width:100%"))
  }

  /// Each summary row links to its section; the summary has headroom and checksum columns.
  @Test func summaryRowsLinkToTheirPlots() {
    let a = syntheticResult(id: "alpha", baseNs: 2e6, noise: 0.1, seed: 4)
    let b = syntheticResult(id: "beta", elements: 10_000, hz: 120, baseNs: 9e6, noise: 0.1, seed: 5)
    let html = HTMLReport.render(results: syntheticFile([a, b]), capacity: nil)
    for r in [a, b] {
      let anchor = HTMLReport.anchor(r.id)
      #expect(html.contains("<a href=\"#\(anchor)\""), "\(r.id)")
      #expect(html.contains("<section id=\"\(anchor)\">"), "\(r.id)")
      #expect(html.contains("<td><code>\(r.checksum)</code></td>"))
    }
    #expect(HTMLReport.anchor("beta/hooke?elements=10000&hz=120") == "r-beta-hooke-elements-10000-hz-120")
    #expect(html.contains("<th>headroom ms</th>"))
    // beta: p99 ≈ 9.9 ms > D 8.333 ms — negative headroom, marked bad, counted in the verdict.
    #expect(html.contains("1 of 2 rows meet their deadline at p99; <span class=\"bad\">1 miss</span>"))
  }

  /// The deadline is drawn inside the plot area even when every frame is 1000× faster, and the
  /// time axis has ticks at 1-2-5 per decade (or per decade over more than three decades).
  @Test func deadlineIsAlwaysDrawnOnALogAxisWithTicks() throws {
    let fast = syntheticResult(baseNs: 16_000, noise: 0.1, seed: 9)  // 16 µs frames, D = 16.7 ms
    let plot = HTMLReport.percentilePlot(fast)
    #expect(!plot.contains("off scale"))
    let line = try #require(
      plot.range(of: #"<line x1="56.0" x2="404.0" y1="([0-9.]+)""#, options: .regularExpression))
    let y = Double(plot[line].split(separator: "\"")[5])!
    #expect(y >= 20 && y <= 216, "deadline at y = \(y)")
    #expect(plot.contains("fill=\"#c62828\">deadline 16.667 ms</text>"))
    // 16 µs … 16.7 ms spans more than three decades: one tick per power of ten, in ms.
    for label in [">0.1</text>", ">1</text>", ">10</text>"] { #expect(plot.contains(label), "\(label)") }
    let axis = HTMLReport.LogAxis(2e5, 9e6)
    #expect(axis.ticks() == [2e5, 5e5, 1e6, 2e6, 5e6])
    #expect(abs(axis.position(2e5)) < 1e-12)
    #expect(abs(axis.position(9e6) - 1) < 1e-12)
  }

  /// The capacity chart's log axis has a labelled tick at every power of ten from 100 to 10M and
  /// a legend per engine.
  @Test func capacityAxisHasTicksAndLegend() {
    let svg = HTMLReport.capacityPlot(capacityFile())
    for label in ["100", "1k", "10k", "100k", "1M", "10M"] {
      #expect(svg.contains("text-anchor=\"end\" fill=\"#333\">\(label)</text>"), "\(label)")
    }
    #expect(svg.contains(">hooke</text>") && svg.contains(">naive</text>"))
    #expect(svg.contains(">1.12M</text>") && svg.contains(">18.5k</text>"))
  }
}
