/// A point in a two-dimensional coordinate space (points, not pixels), like `CGPoint`.
///
/// Coordinates are `Double`, stored as given: geometry types do not validate (NaN and infinities
/// propagate through arithmetic as IEEE says, like `CGFloat`); the animation and layout APIs that
/// consume them document their own handling. ``animatableData`` is the pair `(x, y)`, so a
/// `Point` animates component-wise.
@frozen
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (grows downwards, as in SwiftUI).
  public var y: Double

  /// Creates a point from its coordinates.
  @inlinable
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin (0, 0).
  @inlinable public static var zero: Point { Point(x: 0, y: 0) }

  /// This point moved by `(dx, dy)`.
  @inlinable
  public func offsetBy(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }
}

extension Point: Animatable {
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

/// A width and a height, like `CGSize`. Negative values are kept as given (SwiftUI does the
/// same); ``Rect`` normalises them where a rectangle needs it.
@frozen
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its extents.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size (0, 0).
  @inlinable public static var zero: Size { Size(width: 0, height: 0) }
}

extension Size: Animatable {
  /// `(width, height)` as an ``AnimatablePair``.
  @inlinable
  public var animatableData: AnimatablePair<Double, Double> {
    get { AnimatablePair(width, height) }
    set {
      width = newValue.first
      height = newValue.second
    }
  }
}
