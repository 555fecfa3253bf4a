/// A point in a unit coordinate space, as in SwiftUI: `x` grows to the right, `y` downwards in
/// layout, upwards (output progress) when used as a timing-curve control point.
///
/// Coordinates are plain `Double`s and are not validated or clamped here; the consumers document
/// what they do with values outside `[0, 1]`, NaN or infinities (for example
/// ``UnitCurve/bezier(startControlPoint:endControlPoint:)``). Storage only: zero cost.
public struct UnitPoint: Hashable, Sendable {
  /// The horizontal coordinate (0 = leading/start, 1 = trailing/end).
  public var x: Double
  /// The vertical coordinate (0 = top/start, 1 = bottom/end).
  public var y: Double

  /// Creates a point with the given coordinates, stored unchanged.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}
