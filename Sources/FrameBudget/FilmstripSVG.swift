// Frames of a scenario drawn as inline SVG: the report's filmstrips and the preview's poster.
import Foundation

/// Draws recorded frames as small SVG panels side by side.
public enum FilmstripSVG {
  /// The bounding box of every drawn rectangle over `frames` as (minX, minY, maxX, maxY), padded
  /// by 4 % (at least 1 pt); a 100 × 100 box at the origin when nothing is drawn.
  public static func bounds(_ frames: [FilmFrame]) -> (Double, Double, Double, Double) {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for f in frames {
      for r in f.snapshot.rects {
        minX = min(minX, r.x)
        minY = min(minY, r.y)
        maxX = max(maxX, r.x + r.width)
        maxY = max(maxY, r.y + r.height)
      }
    }
    guard minX <= maxX, minY <= maxY else { return (0, 0, 100, 100) }
    let pad = max(1, 0.04 * max(maxX - minX, maxY - minY))
    return (minX - pad, minY - pad, maxX + pad, maxY + pad)
  }

  /// One `<svg>` with a panel per frame (`panelHeight` px tall, width by the bounds' aspect ratio
  /// clamped to 0.4…2.5, at least 64 px), each captioned with its time `k/hz` and, on a second
  /// line when elements were left out, "drawn/total". Rectangles are filled with their opacity; the last one drawn in each panel
  /// is emphasised (the front-most element).
  public static func render(_ frames: [FilmFrame], hz: Int, panelHeight: Double = 96) -> String {
    let (minX, minY, maxX, maxY) = bounds(frames)
    let aspect = min(2.5, max(0.4, (maxX - minX) / max(1e-9, maxY - minY)))
    let panelWidth = max(64, (panelHeight * aspect).rounded())
    let gap = 8.0
    let caption = 26.0
    let width = Double(frames.count) * (panelWidth + gap) - gap
    let scale = panelWidth / (maxX - minX)
    var svg =
      "<svg class=\"filmstrip\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(_n(max(1, width))) \(_n(panelHeight + caption))\" width=\"\(_n(max(1, width)))\" height=\"\(_n(panelHeight + caption))\" role=\"img\" aria-label=\"\(frames.count) sampled frames\">"
    for (p, f) in frames.enumerated() {
      let ox = Double(p) * (panelWidth + gap)
      svg += "<g transform=\"translate(\(_n(ox)) 0)\">"
      svg +=
        "<rect width=\"\(_n(panelWidth))\" height=\"\(_n(panelHeight))\" rx=\"4\" fill=\"#f6f8fa\" stroke=\"#d0d7de\"/>"
      svg += "<svg x=\"0\" y=\"0\" width=\"\(_n(panelWidth))\" height=\"\(_n(panelHeight))\" "
      svg +=
        "viewBox=\"\(_n(minX)) \(_n(minY)) \(_n(maxX - minX)) \(_n(maxY - minY))\" preserveAspectRatio=\"xMidYMid meet\">"
      let rects = f.snapshot.rects
      for (i, r) in rects.enumerated() {
        let front = i == rects.count - 1
        svg +=
          "<rect x=\"\(_n(r.x))\" y=\"\(_n(r.y))\" width=\"\(_n(r.width))\" height=\"\(_n(r.height))\" fill=\"\(front ? "#d9480f" : "#1f6feb")\" fill-opacity=\"\(_n(0.15 + 0.6 * r.opacity))\" stroke=\"#0b3d91\" stroke-opacity=\"\(_n(0.5 * r.opacity))\" stroke-width=\"\(_n(1 / scale))\"/>"
      }
      svg += "</svg>"
      let t = Double(f.frame) / Double(max(1, hz))
      svg +=
        "<text x=\"\(_n(panelWidth / 2))\" y=\"\(_n(panelHeight + 11))\" text-anchor=\"middle\" font-size=\"10\" fill=\"#57606a\">\(_n(t)) s</text>"
      if f.snapshot.elementCount > rects.count {
        svg +=
          "<text x=\"\(_n(panelWidth / 2))\" y=\"\(_n(panelHeight + 23))\" text-anchor=\"middle\" font-size=\"9\" fill=\"#57606a\">\(rects.count)/\(f.snapshot.elementCount)</text>"
      }
      svg += "</g>"
    }
    return svg + "</svg>"
  }

  /// The frame indices a filmstrip of `count` panels samples from `frames` frames: evenly spaced
  /// from 0 to the last frame (clamped: at least 1 panel, at most `frames`).
  public static func sampledFrames(count: Int, frames: Int) -> [Int] {
    let frames = max(1, frames)
    let count = min(frames, max(1, count))
    guard count > 1 else { return [0] }
    return (0..<count).map { ($0 * (frames - 1)) / (count - 1) }
  }
}

/// A coordinate for SVG: at most two decimals, no trailing zeros, "-0" as "0".
func _n(_ v: Double) -> String {
  let r = (v * 100).rounded() / 100
  if r == 0 { return "0" }
  if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
  return String(format: "%.2f", r).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
}

extension FilmstripSVG {
  /// A filmstrip (`render`, `panels` panels) for every row of `results` that ran, keyed by
  /// result id: the row's scenario re-run once from a fresh instance with the row's elements,
  /// Hz, seed and warm-up + measured frame count, sampled evenly. Rows whose engine has no render
  /// list (the reference channel engines) show the scenario's first engine's frames, the same
  /// script; rows sharing scenario, elements and Hz share one recording. Rows whose scenario is
  /// not registered or cannot be drawn get no entry (the report says so).
  public static func strips(for results: ResultsFile, registry: ScenarioRegistry, panels: Int = 6) -> [String:
    String]
  {
    var cache: [String: String?] = [:]
    var out: [String: String] = [:]
    for r in results.results where r.failure == nil {
      guard let descriptor = registry.scenarios.first(where: { $0.name == r.scenario }) else { continue }
      let frames = max(1, r.warmupFrames + r.frames)
      let key = "\(r.scenario)/\(r.elements)/\(r.hz)"
      if cache[key] == nil {
        let setup = WorkloadSetup(elements: r.elements, hz: r.hz, seed: results.config.seed, threads: 1)
        let sampled = Set(sampledFrames(count: panels, frames: frames))
        var strip: String?
        for engine in [r.engine] + descriptor.engines where strip == nil {
          if let film = try? FilmRecorder.record(
            scenario: descriptor, engine: engine, setup: setup, frames: frames, sampled: sampled)
          {
            var html = render(film, hz: r.hz, panelHeight: 96)
            if engine != r.engine {
              html += "<p>Frames of engine <code>\(HTMLReport.escape(engine))</code>, the same script.</p>"
            }
            strip = html
          }
        }
        cache[key] = .some(strip)
      }
      if let strip = cache[key] ?? nil { out[r.id] = strip }
    }
    return out
  }
}
