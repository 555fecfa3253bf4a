/// A point in a unit coordinate space, as in SwiftUI: (0, 0) is the top-leading corner of a
/// rectangle and (1, 1) its bottom-trailing corner; `x` grows to the right, `y` downwards in
/// layout, upwards (output progress) when used as a timing-curve control point. Used for
/// anchors (see the named anchors such as ``center``) and Bézier control points.
///
/// Coordinates are plain `Double`s and are not validated or clamped here; the consumers document
/// what they do with values outside `[0, 1]`, NaN or infinities (for example
/// ``UnitCurve/bezier(startControlPoint:endControlPoint:)``). Storage only: zero cost.
@frozen
public struct UnitPoint: Hashable, Sendable {
  /// The horizontal coordinate (0 = leading/start, 1 = trailing/end).
  public var x: Double
  /// The vertical coordinate (0 = top/start, 1 = bottom/end).
  public var y: Double

  /// Creates a point with the given coordinates, stored unchanged.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
