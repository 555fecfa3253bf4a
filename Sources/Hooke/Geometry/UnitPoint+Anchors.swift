extension UnitPoint {
  /// (0, 0): the top-leading corner.
  @inlinable public static var zero: UnitPoint { UnitPoint(x: 0, y: 0) }
  /// (0.5, 0.5): the centre.
  @inlinable public static var center: UnitPoint { UnitPoint(x: 0.5, y: 0.5) }
  /// (0, 0.5): the middle of the leading edge.
  @inlinable public static var leading: UnitPoint { UnitPoint(x: 0, y: 0.5) }
  /// (1, 0.5): the middle of the trailing edge.
  @inlinable public static var trailing: UnitPoint { UnitPoint(x: 1, y: 0.5) }
  /// (0.5, 0): the middle of the top edge.
  @inlinable public static var top: UnitPoint { UnitPoint(x: 0.5, y: 0) }
  /// (0.5, 1): the middle of the bottom edge.
  @inlinable public static var bottom: UnitPoint { UnitPoint(x: 0.5, y: 1) }
  /// (0, 0): the top-leading corner.
  @inlinable public static var topLeading: UnitPoint { UnitPoint(x: 0, y: 0) }
  /// (1, 0): the top-trailing corner.
  @inlinable public static var topTrailing: UnitPoint { UnitPoint(x: 1, y: 0) }
  /// (0, 1): the bottom-leading corner.
  @inlinable public static var bottomLeading: UnitPoint { UnitPoint(x: 0, y: 1) }
  /// (1, 1): the bottom-trailing corner.
  @inlinable public static var bottomTrailing: UnitPoint { UnitPoint(x: 1, y: 1) }

  /// The point at this anchor in a rectangle of `size` whose origin is (0, 0):
  /// `(x·width, y·height)` (SwiftUI's `anchor.in(size)`).
  @inlinable
  public func point(in size: Size) -> Point { Point(x: x * size.width, y: y * size.height) }
}

extension UnitPoint: Animatable {
  /// `(x, y)` as an ``AnimatablePair``.
  @inlinable
  public var animatableData: AnimatablePair<Double, Double> {
    get { AnimatablePair(x, y) }
    set {
      x = newValue.first
      y = newValue.second
    }
  }
}
