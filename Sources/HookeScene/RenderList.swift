import Hooke

/// The presentation of a frame: a flat, z-ordered structure of arrays, one row per visible
/// item (elements, and the dimming overlays of zoom transitions), back to front.
///
/// Row `i` describes item ``ids``[i] of kind ``kinds``[i]: the visual rectangle (the frame after
/// scale and offset, axis-aligned, non-negative extents), ``rotation`` (radians, about the
/// rectangle's centre), ``opacity`` in [0, 1], ``cornerRadius`` and ``blurRadius`` (≥ 0) and the
/// clip rectangle (``clipMinX``… ; ±∞ when unclipped). Values are always finite except the
/// unclipped bounds. The arrays are reused between frames (no allocation once their capacity
/// has grown to the scene's size).
public struct RenderList: Sendable {
  /// What a row draws.
  public enum Kind: UInt8, Sendable {
    /// An element.
    case element
    /// The full-window dimming overlay of a zoom destination (row id = the destination).
    case dimming
  }
  /// Number of rows.
  public internal(set) var count = 0
  /// Element id per row.
  public internal(set) var ids: [ElementID] = []
  /// Kind per row.
  public internal(set) var kinds: [Kind] = []
  /// Visual rectangle: minimum x.
  public internal(set) var x: [Double] = []
  /// Visual rectangle: minimum y.
  public internal(set) var y: [Double] = []
  /// Visual rectangle: width.
  public internal(set) var width: [Double] = []
  /// Visual rectangle: height.
  public internal(set) var height: [Double] = []
  /// Opacity in [0, 1].
  public internal(set) var opacity: [Double] = []
  /// Rotation in radians.
  public internal(set) var rotation: [Double] = []
  /// Corner radius (≥ 0).
  public internal(set) var cornerRadius: [Double] = []
  /// Blur radius (≥ 0).
  public internal(set) var blurRadius: [Double] = []
  /// Clip minimum x (−∞ when unclipped).
  public internal(set) var clipMinX: [Double] = []
  /// Clip minimum y (−∞ when unclipped).
  public internal(set) var clipMinY: [Double] = []
  /// Clip maximum x (+∞ when unclipped).
  public internal(set) var clipMaxX: [Double] = []
  /// Clip maximum y (+∞ when unclipped).
  public internal(set) var clipMaxY: [Double] = []

  /// The visual rectangle of row `i`.
  public func frame(at i: Int) -> Rect { Rect(x: x[i], y: y[i], width: width[i], height: height[i]) }

  /// The first row of element `id` of `kind`, or `nil` (linear search; for tests and tools).
  public func index(of id: ElementID, kind: Kind = .element) -> Int? {
    for i in 0..<count where ids[i] == id && kinds[i] == kind { return i }
    return nil
  }

  mutating func _reset(reserving n: Int) {
    count = 0
    ids.removeAll(keepingCapacity: true)
    kinds.removeAll(keepingCapacity: true)
    x.removeAll(keepingCapacity: true)
    y.removeAll(keepingCapacity: true)
    width.removeAll(keepingCapacity: true)
    height.removeAll(keepingCapacity: true)
    opacity.removeAll(keepingCapacity: true)
    rotation.removeAll(keepingCapacity: true)
    cornerRadius.removeAll(keepingCapacity: true)
    blurRadius.removeAll(keepingCapacity: true)
    clipMinX.removeAll(keepingCapacity: true)
    clipMinY.removeAll(keepingCapacity: true)
    clipMaxX.removeAll(keepingCapacity: true)
    clipMaxY.removeAll(keepingCapacity: true)
    if ids.capacity < n {
      ids.reserveCapacity(n); kinds.reserveCapacity(n); x.reserveCapacity(n); y.reserveCapacity(n)
      width.reserveCapacity(n); height.reserveCapacity(n); opacity.reserveCapacity(n)
      rotation.reserveCapacity(n); cornerRadius.reserveCapacity(n); blurRadius.reserveCapacity(n)
      clipMinX.reserveCapacity(n); clipMinY.reserveCapacity(n); clipMaxX.reserveCapacity(n); clipMaxY.reserveCapacity(n)
    }
  }

  @inline(__always)
  static func _finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }

  mutating func _append(
    _ id: ElementID, _ kind: Kind, _ r: Rect, opacity o: Double, rotation rot: Double,
    cornerRadius cr: Double, blurRadius b: Double, clip: Rect?
  ) {
    let s = r.standardized
    count += 1
    ids.append(id)
    kinds.append(kind)
    x.append(Self._finite(s.origin.x, 0))
    y.append(Self._finite(s.origin.y, 0))
    width.append(Self._finite(s.size.width, 0))
    height.append(Self._finite(s.size.height, 0))
    opacity.append(o.isNaN ? 0 : Swift.min(Swift.max(o, 0), 1))
    rotation.append(Self._finite(rot, 0))
    cornerRadius.append(cr.isFinite ? Swift.max(cr, 0) : 0)
    blurRadius.append(b.isFinite ? Swift.max(b, 0) : 0)
    if let c = clip {
      clipMinX.append(c.minX); clipMinY.append(c.minY); clipMaxX.append(c.maxX); clipMaxY.append(c.maxY)
    } else {
      clipMinX.append(-.infinity); clipMinY.append(-.infinity); clipMaxX.append(.infinity); clipMaxY.append(.infinity)
    }
  }
}
