import Hooke

/// The presentation of a frame: a flat, z-ordered structure of arrays, one row per visible
/// item (elements, and the dimming overlays of zoom transitions), back to front.
///
/// Row `i` describes item ``ids``[i] of kind ``kinds``[i]: the visual rectangle (the frame after
/// scale and offset, axis-aligned, non-negative extents) in ``x``, ``y``, ``width``, ``height``,
/// and its look in ``styles``[``styleIndices``[i]]: ``Style/rotation`` (radians, about the
/// rectangle's centre), ``Style/opacity`` in [0, 1], ``Style/cornerRadius`` and
/// ``Style/blurRadius`` (≥ 0) and the clip rectangle (``Style/clipMinX``… ; ±∞ when unclipped).
/// The per-row views ``opacity``, ``rotation``, ``cornerRadius``, ``blurRadius`` and
/// ``clipMinX``… read through the index (`list.opacity[i]`). Values are always finite except the
/// unclipped bounds.
///
/// Memory: 45 bytes per row (id, kind, four Doubles, a 4-byte style index) plus one 64-byte
/// ``Style`` per general element row; the cards of an ``ElementGrid`` share one style entry, so a
/// million-card grid costs 45 MB of render list. The arrays are reused between frames (no
/// allocation once their capacity has grown to the scene's size).
public struct RenderList: Sendable {
  /// What a row draws.
  public enum Kind: UInt8, Sendable {
    /// An element.
    case element
    /// The full-window dimming overlay of a zoom destination (row id = the destination).
    case dimming
  }

  /// The look of one or more rows: everything but the rectangle.
  public struct Style: Hashable, Sendable {
    /// Opacity in [0, 1].
    public var opacity: Double
    /// Rotation in radians about the rectangle's centre.
    public var rotation: Double
    /// Corner radius (≥ 0; for an element row at most half the shorter side of its rectangle,
    /// so a round ``Element/shape`` reports half the shorter side).
    public var cornerRadius: Double
    /// Blur radius (≥ 0).
    public var blurRadius: Double
    /// Clip minimum x (−∞ when unclipped).
    public var clipMinX: Double
    /// Clip minimum y (−∞ when unclipped).
    public var clipMinY: Double
    /// Clip maximum x (+∞ when unclipped).
    public var clipMaxX: Double
    /// Clip maximum y (+∞ when unclipped).
    public var clipMaxY: Double

    /// A style with the render list's clamps applied: opacity into [0, 1] (NaN → 0), a
    /// non-finite rotation → 0, negative or non-finite radii → 0; `clip` `nil` → ±∞ bounds.
    public init(opacity: Double, rotation: Double, cornerRadius: Double, blurRadius: Double, clip: Rect?) {
      // Plain comparisons, the same values bit for bit as `isNaN`/`isFinite` with `min`/`max`
      // (NaN and −0 give +0; +∞ gives 1 for opacity, 0 for the radii): the row writer runs
      // this per row per frame, and the generic forms compiled to a dozen branches each.
      self.opacity = Self._clampedOpacity(opacity)
      self.rotation = rotation.isFinite ? rotation : 0
      self.cornerRadius = Self._nonNegativeFinite(cornerRadius)
      self.blurRadius = Self._nonNegativeFinite(blurRadius)
      if let c = clip {
        clipMinX = c.minX
        clipMinY = c.minY
        clipMaxX = c.maxX
        clipMaxY = c.maxY
      } else {
        clipMinX = -.infinity
        clipMinY = -.infinity
        clipMaxX = .infinity
        clipMaxY = .infinity
      }
    }

    /// `opacity` clamped into [0, 1] (NaN and −0 give +0; +∞ gives 1), as a style stores it.
    @inline(__always)
    static func _clampedOpacity(_ opacity: Double) -> Double { opacity > 0 ? (opacity < 1 ? opacity : 1) : 0 }

    /// `v` when it is finite and positive, else +0 (NaN, ±∞, negative values and −0).
    @inline(__always)
    static func _nonNegativeFinite(_ v: Double) -> Double { v > 0 && v < .infinity ? v : 0 }
  }

  /// A per-row view of one ``Style`` field (`list.opacity[i]` is
  /// `list.styles[Int(list.styleIndices[i])].opacity`). O(1) subscript; no copy of the columns.
  public struct StyleColumn: RandomAccessCollection, Sendable {
    /// Which field.
    @usableFromInline enum _Field: Sendable {
      case opacity, rotation, cornerRadius, blurRadius, clipMinX, clipMinY, clipMaxX, clipMaxY
    }
    @usableFromInline let _indices: [UInt32]
    @usableFromInline let _styles: [Style]
    @usableFromInline let _field: _Field
    @usableFromInline let _count: Int
    @usableFromInline init(_ list: RenderList, _ field: _Field) {
      _indices = list.styleIndices
      _styles = list.styles
      _field = field
      _count = list.count
    }
    /// 0.
    public var startIndex: Int { 0 }
    /// The row count.
    public var endIndex: Int {
      _count
    }
    /// The field of row `i`'s style (traps when `i` is out of range, like an array).
    public subscript(i: Int) -> Double {
      let s = _styles[Int(_indices[i])]
      switch _field {
      case .opacity: return s.opacity
      case .rotation: return s.rotation
      case .cornerRadius: return s.cornerRadius
      case .blurRadius: return s.blurRadius
      case .clipMinX: return s.clipMinX
      case .clipMinY: return s.clipMinY
      case .clipMaxX: return s.clipMaxX
      case .clipMaxY: return s.clipMaxY
      }
    }
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
  /// The entry of ``styles`` per row.
  public internal(set) var styleIndices: [UInt32] = []
  /// The looks rows refer to (entries no row refers to may exist; their contents are unspecified).
  public internal(set) var styles: [Style] = []

  /// Opacity in [0, 1] per row.
  public var opacity: StyleColumn { StyleColumn(self, .opacity) }
  /// Rotation in radians per row.
  public var rotation: StyleColumn { StyleColumn(self, .rotation) }
  /// Corner radius (≥ 0) per row.
  public var cornerRadius: StyleColumn { StyleColumn(self, .cornerRadius) }
  /// Blur radius (≥ 0) per row.
  public var blurRadius: StyleColumn { StyleColumn(self, .blurRadius) }
  /// Clip minimum x (−∞ when unclipped) per row.
  public var clipMinX: StyleColumn { StyleColumn(self, .clipMinX) }
  /// Clip minimum y (−∞ when unclipped) per row.
  public var clipMinY: StyleColumn { StyleColumn(self, .clipMinY) }
  /// Clip maximum x (+∞ when unclipped) per row.
  public var clipMaxX: StyleColumn { StyleColumn(self, .clipMaxX) }
  /// Clip maximum y (+∞ when unclipped) per row.
  public var clipMaxY: StyleColumn { StyleColumn(self, .clipMaxY) }

  /// The visual rectangle of row `i`.
  public func frame(at i: Int) -> Rect { Rect(x: x[i], y: y[i], width: width[i], height: height[i]) }

  /// The style of row `i`.
  public func style(at i: Int) -> Style { styles[Int(styleIndices[i])] }

  /// The first row of element `id` of `kind`, or `nil` (linear search; for tests and tools).
  public func index(of id: ElementID, kind: Kind = .element) -> Int? {
    for i in 0..<count where ids[i] == id && kinds[i] == kind { return i }
    return nil
  }

  @inline(__always)
  static func _finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }

  /// Drops the rows from `n` on and the style entries from `m` on (capacity kept).
  mutating func _truncate(rows n: Int, styles m: Int) {
    count = n
    if ids.count > n {
      ids.removeLast(ids.count - n)
      kinds.removeLast(kinds.count - n)
      x.removeLast(x.count - n)
      y.removeLast(y.count - n)
      width.removeLast(width.count - n)
      height.removeLast(height.count - n)
      styleIndices.removeLast(styleIndices.count - n)
    }
    if styles.count > m { styles.removeLast(styles.count - m) }
  }

  /// Sets every row column to `n` rows and ``styles`` to `styleCount` entries (contents
  /// unspecified until written; no allocation once the capacity has grown) and hands their
  /// storage to `body`, which must write all `n` rows and every style entry they use.
  mutating func _withColumns(count n: Int, styleCount m: Int, _ body: (_RenderColumns) -> Void) {
    func fit<T>(_ a: inout [T], _ n: Int, _ fill: T) {
      if a.count > n {
        a.removeLast(a.count - n)
      } else if a.count < n {
        // Exactly n on the first frame of a big scene (no doubling); 1/8 headroom after that, so
        // that a scene growing by a few rows per frame does not reallocate every column each time.
        if a.capacity < n { a.reserveCapacity(a.isEmpty ? n : n + n / 8) }
        a.append(contentsOf: repeatElement(fill, count: n - a.count))
      }
    }
    count = n
    fit(&ids, n, ElementID(0))
    fit(&kinds, n, .element)
    fit(&x, n, 0)
    fit(&y, n, 0)
    fit(&width, n, 0)
    fit(&height, n, 0)
    fit(&styleIndices, n, 0)
    fit(&styles, m, Style(opacity: 0, rotation: 0, cornerRadius: 0, blurRadius: 0, clip: nil))
    // Safety: every row column now holds `n` rows and `styles` `m` entries; with `n > 0` the row
    // columns are non-empty, so their `baseAddress!` is non-nil (`styles`, possibly empty, stays
    // optional). The arrays are distinct stored properties (no overlapping access), and the
    // pointers are valid only while `body` runs, which writes through them and keeps none.
    ids.withUnsafeMutableBufferPointer { ids in
      kinds.withUnsafeMutableBufferPointer { kinds in
        x.withUnsafeMutableBufferPointer { x in
          y.withUnsafeMutableBufferPointer { y in
            width.withUnsafeMutableBufferPointer { width in
              height.withUnsafeMutableBufferPointer { height in
                styleIndices.withUnsafeMutableBufferPointer { styleIndices in
                  styles.withUnsafeMutableBufferPointer { styles in
                    guard n > 0 else { return }
                    body(
                      _RenderColumns(
                        ids: ids.baseAddress!, kinds: kinds.baseAddress!, x: x.baseAddress!,
                        y: y.baseAddress!,
                        width: width.baseAddress!, height: height.baseAddress!,
                        styleIndices: styleIndices.baseAddress!,
                        styles: styles.baseAddress))
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

/// The storage of a ``RenderList``'s columns while a frame writes it (rows written by index, so
/// disjoint row ranges can be written by different workers).
struct _RenderColumns: @unchecked Sendable {
  let ids: UnsafeMutablePointer<ElementID>
  let kinds: UnsafeMutablePointer<RenderList.Kind>
  let x, y, width, height: UnsafeMutablePointer<Double>
  let styleIndices: UnsafeMutablePointer<UInt32>
  let styles: UnsafeMutablePointer<RenderList.Style>?

  /// Copies rows `from..<from + count` to `to..<to + count` (the ranges may overlap), style
  /// indices included: the rows keep their style entries.
  @inline(__always)
  func moveRows(from: Int, to: Int, count: Int) {
    // Safety: the caller passes row ranges inside the columns' extent; `update(from:count:)`
    // copies overlapping ranges correctly (memmove).
    (ids + to).update(from: ids + from, count: count)
    (kinds + to).update(from: kinds + from, count: count)
    (x + to).update(from: x + from, count: count)
    (y + to).update(from: y + from, count: count)
    (width + to).update(from: width + from, count: count)
    (height + to).update(from: height + from, count: count)
    (styleIndices + to).update(from: styleIndices + from, count: count)
  }

  /// Copies row `row`'s style entry to entry `entry`, which the row then refers to.
  @inline(__always)
  func moveStyle(ofRow row: Int, to entry: Int) {
    // Safety: `row` and `entry` lie inside the columns' extent and style count.
    styles![entry] = styles![Int(styleIndices[row])]
    styleIndices[row] = UInt32(truncatingIfNeeded: entry)
  }

  /// Row `i` with its own style entry `style` (the rectangle standardised, non-finite → 0).
  @inline(__always)
  func write(
    _ i: Int, style: Int, _ id: ElementID, _ kind: RenderList.Kind, _ r: Rect, opacity o: Double,
    rotation rot: Double,
    cornerRadius cr: Double, blurRadius b: Double, clip: Rect?
  ) {
    ids[i] = id
    kinds[i] = kind
    _storeRectangle(i, r)
    styleIndices[i] = UInt32(truncatingIfNeeded: style)
    styles![style] = RenderList.Style(
      opacity: o, rotation: rot, cornerRadius: _radius(cr, row: i), blurRadius: b, clip: clip)
  }

  /// Rewrites row `i`'s rectangle (as ``write(_:style:_:_:_:opacity:rotation:cornerRadius:blurRadius:clip:)``
  /// stores it) and, when the corner radius `cr` is positive, its style entry `style`'s corner
  /// radius, which depends on the rectangle there; the rest of the row and its style entry
  /// stand. A non-positive or NaN radius is stored as 0 whatever the rectangle, so it is left.
  @inline(__always)
  func writeGeometry(_ i: Int, style: Int, _ r: Rect, cornerRadius cr: Double) {
    _storeRectangle(i, r)
    if cr > 0 { styles![style].cornerRadius = RenderList.Style._nonNegativeFinite(_radius(cr, row: i)) }
  }

  /// Stores `r` as row `i`'s rectangle: standardised, a non-finite coordinate as 0.
  @inline(__always)
  func _storeRectangle(_ i: Int, _ r: Rect) {
    let s = r.standardized
    x[i] = RenderList._finite(s.origin.x, 0)
    y[i] = RenderList._finite(s.origin.y, 0)
    width[i] = RenderList._finite(s.size.width, 0)
    height[i] = RenderList._finite(s.size.height, 0)
  }

  /// Corner radius `cr` as row `i` (its rectangle stored) draws it: a radius beyond half the
  /// shorter side draws as that (SwiftUI's rounded rectangles; round shapes ask for more than any
  /// side, see `Element.shape`). Before the style's clamps.
  @inline(__always)
  func _radius(_ cr: Double, row i: Int) -> Double { Swift.min(cr, Swift.min(width[i], height[i]) / 2) }
}
