/// An axis-aligned rectangle: an origin (top-leading corner) and a size, like `CGRect`.
///
/// Edges are derived on demand: `minX = origin.x`, `maxX = origin.x + width` (and the same for
/// y); a rectangle with a negative width or height is read through ``standardized``, which
/// moves the origin so both extents are non-negative. ``animatableData`` interpolates origin
/// and size linearly, which for a fixed anchor is the same as interpolating the anchor point
/// and size (the rule `matchedGeometryEffect` follows; see ``MatchedGeometryFrame``).
@frozen
public struct Rect: Hashable, Sendable {
  /// The top-leading corner.
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  @inlinable
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its origin coordinates and extents.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The empty rectangle at the origin.
  @inlinable public static var zero: Rect { Rect(origin: .zero, size: .zero) }

  /// The width (as stored; may be negative).
  @inlinable public var width: Double { size.width }
  /// The height (as stored; may be negative).
  @inlinable public var height: Double { size.height }
  // The edges are always inlined: render loops read them per element per frame from other
  // modules, where the optimiser left them as calls (a call and its spills cost several times
  // the two instructions of the edge).
  /// The smallest x of the standardised rectangle.
  @inlinable @inline(__always) public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
  /// The x of the centre.
  @inlinable public var midX: Double { origin.x + size.width * 0.5 }
  /// The largest x of the standardised rectangle.
  @inlinable @inline(__always) public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
  /// The smallest y of the standardised rectangle.
  @inlinable @inline(__always) public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
  /// The y of the centre.
  @inlinable public var midY: Double { origin.y + size.height * 0.5 }
  /// The largest y of the standardised rectangle.
  @inlinable @inline(__always) public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
  /// The centre point.
  @inlinable public var center: Point { Point(x: midX, y: midY) }

  /// The same rectangle with non-negative width and height.
  @inlinable
  public var standardized: Rect {
    Rect(x: minX, y: minY, width: size.width.magnitude, height: size.height.magnitude)
  }

  /// `true` when the width or the height is zero (or NaN).
  @inlinable public var isEmpty: Bool { !(size.width.magnitude > 0 && size.height.magnitude > 0) }

  /// The point at `anchor` inside the rectangle: `origin + (anchor.x·width, anchor.y·height)`.
  /// Anchors outside `0...1` give points outside the rectangle, as in SwiftUI.
  // Always inlined: render loops call it per element per frame from other modules.
  @inlinable @inline(__always)
  public func point(at anchor: UnitPoint) -> Point {
    Point(x: origin.x + anchor.x * size.width, y: origin.y + anchor.y * size.height)
  }

  /// This rectangle moved by `(dx, dy)`.
  @inlinable
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// This rectangle (standardised) shrunk by `dx` on the left and right and `dy` on the top and
  /// bottom; negative insets grow it. Extents that would become negative are clamped to 0 around
  /// the centre.
  @inlinable
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let r = standardized
    let w = Swift.max(0, r.size.width - 2 * dx)
    let h = Swift.max(0, r.size.height - 2 * dy)
    return Rect(x: r.midX - w * 0.5, y: r.midY - h * 0.5, width: w, height: h)
  }

  /// Whether `point` lies inside the standardised rectangle (min edges inclusive, max exclusive).
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether the standardised rectangles overlap with a positive area: both have positive
  /// extents as computed (`minX < maxX`, `minY < maxY`, so a zero, NaN or absorbed width or
  /// height never intersects) and their open interiors overlap on both axes.
  @inlinable
  public func intersects(_ other: Rect) -> Bool {
    minX < maxX && minY < maxY && other.minX < other.maxX && other.minY < other.maxY
      && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// The overlap of the two standardised rectangles, or `nil` when they do not overlap with a
  /// positive area.
  @inlinable
  public func intersection(_ other: Rect) -> Rect? {
    guard intersects(other) else { return nil }
    let x0 = Swift.max(minX, other.minX)
    let y0 = Swift.max(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: Swift.min(maxX, other.maxX) - x0, height: Swift.min(maxY, other.maxY) - y0)
  }

  /// The smallest rectangle containing both standardised rectangles.
  @inlinable
  public func union(_ other: Rect) -> Rect {
    let x0 = Swift.min(minX, other.minX)
    let y0 = Swift.min(minY, other.minY)
    return Rect(
      x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
  }
}

extension Rect: Animatable {
  /// `((x, y), (width, height))`: origin and size interpolate linearly.
  @inlinable
  public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
    get { AnimatablePair(origin.animatableData, size.animatableData) }
    set {
      origin.animatableData = newValue.first
      size.animatableData = newValue.second
    }
  }
}
