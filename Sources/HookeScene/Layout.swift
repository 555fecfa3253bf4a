import Hooke

/// Layout helpers for the scenarios (the caller owns layout; these produce window-space frames).
///
/// All helpers sanitise input: non-finite or negative spacing/extents read as 0, a negative
/// count as 0, an empty or non-finite container as `Rect.zero` (frames then collapse to
/// zero size, never NaN), a non-finite anchor component as 0.5; coordinates that would overflow
/// clamp to ±`Double.greatestFiniteMagnitude`, so every output is finite.
public enum Layout {
  static func _clean(_ v: Double) -> Double { v.isFinite ? Swift.max(v, 0) : 0 }
  static func _clean(_ r: Rect) -> Rect {
    let s = r.standardized
    return s.origin.x.isFinite && s.origin.y.isFinite && s.size.width.isFinite && s.size.height.isFinite
      ? s : .zero
  }
  /// `v` clamped to ±greatestFiniteMagnitude (huge extents overflow to ±∞; `0·∞` would be NaN).
  static func _finite(_ v: Double) -> Double {
    Swift.min(Swift.max(v, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
  }

  /// The number of columns of SwiftUI's `GridItem(.adaptive(minimum:))`:
  /// `max(1, floor((width + spacing) / (minimum + spacing)))` (1 when `minimum + spacing ≤ 0`).
  public static func adaptiveColumnCount(width: Double, minimum: Double, spacing: Double) -> Int {
    let w = _clean(width)
    let m = _clean(minimum)
    let s = _clean(spacing)
    guard m + s > 0 else { return 1 }
    let c = ((w + s) / (m + s)).rounded(.down)
    return c >= 1 ? Int(Swift.min(c, 1_000_000)) : 1
  }

  /// `count` cells of an adaptive grid filling `bounds`' width row by row from its top:
  /// columns per ``adaptiveColumnCount(width:minimum:spacing:)``, cell width
  /// `(width − (columns − 1)·spacing) / columns`, rows of `rowHeight` separated by `spacing`.
  public static func adaptiveGrid(
    count: Int, in bounds: Rect, minimumWidth: Double, rowHeight: Double, spacing: Double = 8
  ) -> [Rect] {
    let b = _clean(bounds)
    let h = _clean(rowHeight)
    let s = _clean(spacing)
    let columns = adaptiveColumnCount(width: b.width, minimum: minimumWidth, spacing: s)
    let cellWidth = Swift.max(0, (b.width - Double(columns - 1) * s) / Double(columns))
    let stepX = _finite(cellWidth + s)
    let stepY = _finite(h + s)
    return (0..<Swift.max(count, 0)).map { i in
      let row = Double(i / columns)
      let col = Double(i % columns)
      return Rect(
        x: _finite(b.minX + col * stepX), y: _finite(b.minY + row * stepY), width: cellWidth, height: h)
    }
  }

  /// `count` full-width rows of `rowHeight` from the top of `bounds`, separated by `spacing`.
  public static func verticalList(count: Int, in bounds: Rect, rowHeight: Double, spacing: Double = 0)
    -> [Rect]
  {
    let b = _clean(bounds)
    let h = _clean(rowHeight)
    let s = _clean(spacing)
    let step = _finite(h + s)
    return (0..<Swift.max(count, 0)).map { i in
      Rect(x: b.minX, y: _finite(b.minY + Double(i) * step), width: b.width, height: h)
    }
  }

  /// `count` equal cells side by side filling `bounds`, separated by `spacing` (a tab bar).
  public static func horizontalStack(count: Int, in bounds: Rect, spacing: Double = 0) -> [Rect] {
    let b = _clean(bounds)
    let s = _clean(spacing)
    let n = Swift.max(count, 0)
    guard n > 0 else { return [] }
    let w = Swift.max(0, (b.width - Double(n - 1) * s) / Double(n))
    let step = _finite(w + s)
    return (0..<n).map { i in
      Rect(x: _finite(b.minX + Double(i) * step), y: b.minY, width: w, height: b.height)
    }
  }

  /// A frame of `size` whose `anchor` point is on `bounds`' `anchor` point (centring a child in a cell).
  public static func place(_ size: Size, in bounds: Rect, anchor: UnitPoint = .center) -> Rect {
    let b = _clean(bounds)
    let w = _clean(size.width)
    let h = _clean(size.height)
    let ax = anchor.x.isFinite ? anchor.x : 0.5
    let ay = anchor.y.isFinite ? anchor.y : 0.5
    let px = _finite(b.minX + ax * b.width)
    let py = _finite(b.minY + ay * b.height)
    return Rect(x: _finite(px - ax * w), y: _finite(py - ay * h), width: w, height: h)
  }

  /// The full-screen detail frame: `bounds` (sanitised).
  public static func fullScreen(_ bounds: Rect) -> Rect {
    _clean(bounds)
  }
}
