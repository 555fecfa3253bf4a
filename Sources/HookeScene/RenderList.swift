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

  /// Sets every column to `n` rows (contents unspecified until written; no allocation once the
  /// capacity has grown) and hands their storage to `body`, which must write all `n` rows.
  mutating func _withColumns(count n: Int, _ body: (_RenderColumns) -> Void) {
    func fit<T>(_ a: inout [T], _ fill: T) {
      if a.count > n { a.removeLast(a.count - n) } else if a.count < n { a.append(contentsOf: repeatElement(fill, count: n - a.count)) }
    }
    count = n
    fit(&ids, ElementID(0)); fit(&kinds, .element)
    fit(&x, 0); fit(&y, 0); fit(&width, 0); fit(&height, 0); fit(&opacity, 0); fit(&rotation, 0)
    fit(&cornerRadius, 0); fit(&blurRadius, 0); fit(&clipMinX, 0); fit(&clipMinY, 0); fit(&clipMaxX, 0); fit(&clipMaxY, 0)
    ids.withUnsafeMutableBufferPointer { ids in
    kinds.withUnsafeMutableBufferPointer { kinds in
    x.withUnsafeMutableBufferPointer { x in
    y.withUnsafeMutableBufferPointer { y in
    width.withUnsafeMutableBufferPointer { width in
    height.withUnsafeMutableBufferPointer { height in
    opacity.withUnsafeMutableBufferPointer { opacity in
    rotation.withUnsafeMutableBufferPointer { rotation in
    cornerRadius.withUnsafeMutableBufferPointer { cornerRadius in
    blurRadius.withUnsafeMutableBufferPointer { blurRadius in
    clipMinX.withUnsafeMutableBufferPointer { clipMinX in
    clipMinY.withUnsafeMutableBufferPointer { clipMinY in
    clipMaxX.withUnsafeMutableBufferPointer { clipMaxX in
    clipMaxY.withUnsafeMutableBufferPointer { clipMaxY in
      guard n > 0 else { return }
      body(
        _RenderColumns(
          ids: ids.baseAddress!, kinds: kinds.baseAddress!, x: x.baseAddress!, y: y.baseAddress!,
          width: width.baseAddress!, height: height.baseAddress!, opacity: opacity.baseAddress!,
          rotation: rotation.baseAddress!, cornerRadius: cornerRadius.baseAddress!,
          blurRadius: blurRadius.baseAddress!, clipMinX: clipMinX.baseAddress!, clipMinY: clipMinY.baseAddress!,
          clipMaxX: clipMaxX.baseAddress!, clipMaxY: clipMaxY.baseAddress!))
    }}}}}}}}}}}}}}
  }
}

/// The storage of a ``RenderList``'s columns while a frame writes it (rows written by index, so
/// disjoint row ranges can be written by different workers).
struct _RenderColumns: @unchecked Sendable {
  let ids: UnsafeMutablePointer<ElementID>
  let kinds: UnsafeMutablePointer<RenderList.Kind>
  let x, y, width, height, opacity, rotation, cornerRadius, blurRadius: UnsafeMutablePointer<Double>
  let clipMinX, clipMinY, clipMaxX, clipMaxY: UnsafeMutablePointer<Double>

  /// Row `i`, with the same clamps as `RenderList._append`.
  @inline(__always)
  func write(
    _ i: Int, _ id: ElementID, _ kind: RenderList.Kind, _ r: Rect, opacity o: Double, rotation rot: Double,
    cornerRadius cr: Double, blurRadius b: Double, clip: Rect?
  ) {
    let s = r.standardized
    ids[i] = id
    kinds[i] = kind
    x[i] = RenderList._finite(s.origin.x, 0)
    y[i] = RenderList._finite(s.origin.y, 0)
    width[i] = RenderList._finite(s.size.width, 0)
    height[i] = RenderList._finite(s.size.height, 0)
    opacity[i] = o.isNaN ? 0 : Swift.min(Swift.max(o, 0), 1)
    rotation[i] = RenderList._finite(rot, 0)
    cornerRadius[i] = cr.isFinite ? Swift.max(cr, 0) : 0
    blurRadius[i] = b.isFinite ? Swift.max(b, 0) : 0
    if let c = clip {
      clipMinX[i] = c.minX; clipMinY[i] = c.minY; clipMaxX[i] = c.maxX; clipMaxY[i] = c.maxY
    } else {
      clipMinX[i] = -.infinity; clipMinY[i] = -.infinity; clipMaxX[i] = .infinity; clipMaxY[i] = .infinity
    }
  }
}
