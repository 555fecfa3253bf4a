import Hooke

/// The table `hooke-bench` prints for Spring presets, rendered as fixed-width text.
struct SpringPresetTable {
  var presets: [(name: String, spring: Spring)]
  var columns: Int

  /// The step response of `spring` (0 → 1) sampled at the centre of each of `columns` cells of
  /// `[0, horizon]`.
  func samples(_ spring: Spring, horizon: Double) -> [Double] {
    (0..<columns).map { k in
      spring.value(target: 1.0, time: horizon * (Double(k) + 0.5) / Double(columns))
    }
  }

  /// The largest excursion past the target, as a fraction of the step (0 when none), from 2,000
  /// samples over `[0, horizon]`.
  func overshoot(_ spring: Spring, horizon: Double) -> Double {
    var peak = 1.0
    for k in 0...2000 {
      peak = max(peak, spring.value(target: 1.0, time: horizon * Double(k) / 2000))
    }
    return peak - 1
  }

  func render() -> String {
    let horizon = presets.map { $0.spring.settlingDuration }.filter(\.isFinite).max() ?? 1
    let curves = presets.map { samples($0.spring, horizon: horizon) }
    let low = min(0, curves.joined().min() ?? 0)
    let high = max(1, curves.joined().max() ?? 1)
    let header = [
      pad("preset", 36), pad("response", 9, right: true), pad("ζ", 7, right: true),
      pad("stiffness", 10, right: true), pad("damping", 8, right: true), pad("settle s", 9, right: true),
      pad("overshoot", 10, right: true),
      "  step response 0 → \(fixed(horizon, 2)) s",
    ].joined()
    var out = header + "\n" + String(repeating: "─", count: 89 + columns) + "\n"
    for (preset, curve) in zip(presets, curves) {
      let s = preset.spring
      out +=
        pad(preset.name, 36) + pad(fixed(s.response, 3), 9, right: true)
        + pad(fixed(s.dampingRatio, 3), 7, right: true) + pad(fixed(s.stiffness, 1), 10, right: true)
        + pad(fixed(s.damping, 2), 8, right: true) + pad(fixed(s.settlingDuration, 3), 9, right: true)
        + pad(fixed(overshoot(s, horizon: horizon) * 100, 1) + " %", 10, right: true)
        + "  " + sparkline(curve, low: low, high: high) + "\n"
    }
    out +=
      "\nSparkline rows span \(fixed(low, 2))…\(fixed(high, 2)); the target 1.0 is at level "
      + "\(level(1, low: low, high: high) + 1) of 8. Settling: within 0.001 of the target (Spring.settlingDuration).\n"
    return out
  }

  func level(_ v: Double, low: Double, high: Double) -> Int {
    let x = (v - low) / (high - low) * 8
    return min(7, max(0, Int(x.rounded(.down))))
  }

  func sparkline(_ values: [Double], low: Double, high: Double) -> String {
    let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    return String(values.map { bars[level($0, low: low, high: high)] })
  }
}

/// `value` with exactly `digits` decimals (no Foundation formatting needed).
func fixed(_ value: Double, _ digits: Int) -> String {
  guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "∞" : "-∞") }
  guard value.magnitude < 1e15 else { return "\(value)" }
  var scale = 1
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value.magnitude * Double(scale)).rounded())
  let whole = scaled / scale
  let frac = scaled % scale
  var fracText = String(frac)
  while fracText.count < digits { fracText = "0" + fracText }
  let sign = value < 0 && scaled != 0 ? "-" : ""
  return digits == 0 ? sign + String(whole) : sign + String(whole) + "." + fracText
}

/// `text` padded with spaces to `width` characters (left- or right-aligned).
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let fill = String(repeating: " ", count: max(0, width - text.count))
  return right ? fill + text : text + fill
}
