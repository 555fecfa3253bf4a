/// A point in a unit coordinate space: (0, 0) is the top-leading corner of a rectangle and (1, 1)
/// its bottom-trailing corner, as in SwiftUI. Used for anchors and Bézier control points.
/// Values outside `0...1` are allowed and mean points outside the rectangle.
@frozen
public struct UnitPoint: Hashable, Sendable {
  /// The horizontal coordinate, as a fraction of a width.
  public var x: Double
  /// The vertical coordinate, as a fraction of a height.
  public var y: Double

  /// Creates a unit point from its coordinates.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
