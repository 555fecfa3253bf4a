// The report's appendix of Hooke trajectories: spring step responses and unit curves, drawn with
// the report's chart frame (the harness draws; Hooke's values come from here).
import Foundation
import FrameBudget
import Hooke

/// Hooke's spring presets and unit curves as an `HTMLReport` appendix section.
enum HookeTrajectories {
  /// `Hooke trajectories`: ``springPlot()`` and ``curvePlot()``.
  static var section: HTMLReport.Section {
    HTMLReport.Section(
      heading: "Hooke trajectories", caption: "Spring step responses and unit curves, evaluated with Hooke.",
      charts: [springPlot(), curvePlot()])
  }

  static let left = HTMLReport.left
  static let right = HTMLReport.right
  static let top = HTMLReport.top
  static let bottom = HTMLReport.bottom

  /// Step responses (0 → 1) of Hooke's spring presets over 1.2 s.
  static func springPlot() -> String {
    let springs: [(String, Spring)] = [("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy)]
    var s = HTMLReport._svg(420, 260, label: "Spring step responses")
    s += HTMLReport._frame(
      "Spring step response", x: "time (s)", y: "value",
      xTicks: stride(from: 0.0, through: 1.2, by: 0.2).map { ($0 / 1.2, String(format: "%.1f", $0)) },
      yTicks: stride(from: 0.0, through: 1.5, by: 0.25).map { ($0 / 1.5, String(format: "%g", $0)) })
    let colors = ["#1565c0", "#ef6c00", "#2e7d32"]
    for (k, (name, spring)) in springs.enumerated() {
      var points: [String] = []
      for i in 0...120 {
        let t = Double(i) / 100
        let v: Double = spring.value(target: 1.0, time: t)
        points.append(
          "\(HTMLReport.f(left + (right - left) * t / 1.2)),\(HTMLReport.f(bottom - (bottom - top) * min(1.5, max(0, v)) / 1.5))"
        )
      }
      s +=
        "<polyline fill=\"none\" stroke=\"\(colors[k])\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
      s += HTMLReport._legend(name, colors[k], x: 320, y: 160 + 14 * Double(k))
    }
    return s + "</svg>"
  }

  /// Hooke's `UnitCurve` presets over progress 0…1.
  static func curvePlot() -> String {
    let curves: [(String, UnitCurve)] = [
      ("easeInOut", .easeInOut), ("easeOut", .easeOut), ("linear", .linear),
    ]
    var s = HTMLReport._svg(420, 260, label: "UnitCurve presets")
    let quarter = stride(from: 0.0, through: 1, by: 0.25).map { ($0, String(format: "%g", $0)) }
    s += HTMLReport._frame("UnitCurve", x: "progress", y: "value", xTicks: quarter, yTicks: quarter)
    let colors = ["#6a1b9a", "#00838f", "#757575"]
    for (k, (name, curve)) in curves.enumerated() {
      var points: [String] = []
      for i in 0...100 {
        let p = Double(i) / 100
        points.append(
          "\(HTMLReport.f(left + (right - left) * p)),\(HTMLReport.f(bottom - (bottom - top) * curve.value(at: p)))"
        )
      }
      s +=
        "<polyline fill=\"none\" stroke=\"\(colors[k])\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
      s += HTMLReport._legend(name, colors[k], x: 64, y: 40 + 14 * Double(k))
    }
    return s + "</svg>"
  }
}
