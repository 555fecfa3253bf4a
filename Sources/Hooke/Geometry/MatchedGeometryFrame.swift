/// Which parts of the shared frame a matched-geometry member takes, as in SwiftUI's
/// `MatchedGeometryProperties`: ``position`` (1), ``size`` (2) and ``frame`` (both).
@frozen
public struct MatchedGeometryProperties: OptionSet, Hashable, Sendable {
  /// The bit mask (SwiftUI's raw values: position 1, size 2).
  public var rawValue: UInt32

  /// Creates the set from its bit mask; unknown bits are kept and ignored.
  @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The member's anchor point is placed on the shared anchor point (window space).
  @inlinable public static var position: Self { Self(rawValue: 1) }
  /// The member takes the shared size.
  @inlinable public static var size: Self { Self(rawValue: 2) }
  /// Position and size: the member takes the whole shared frame (SwiftUI's default).
  @inlinable public static var frame: Self { Self(rawValue: 3) }
}

/// The frame a `matchedGeometryEffect` group shares: the window-space position of the source's
/// anchor point and the source's size.
///
/// SwiftUI keeps exactly this pair per (id, namespace) and animates it as
/// `(Δx, Δy, Δwidth, Δheight)` when the source changes, so a matched flight interpolates the
/// *anchor point* and the size linearly — with a `.center` anchor the centre travels in a
/// straight line while the size changes around it. Members then read it back through
/// ``apply(to:anchor:properties:)``.
@frozen
public struct MatchedGeometryFrame: Hashable, Sendable {
  /// Window-space position of the source's anchor point.
  public var anchorPosition: Point
  /// The source's size.
  public var size: Size

  /// Creates a shared frame from an anchor position and a size.
  @inlinable
  public init(anchorPosition: Point, size: Size) {
    self.anchorPosition = anchorPosition
    self.size = size
  }

  /// The shared frame of a source whose window-space frame is `frame`, matched at `anchor`.
  @inlinable
  public init(frame: Rect, anchor: UnitPoint) {
    self.init(anchorPosition: frame.point(at: anchor), size: frame.size)
  }

  /// The rectangle of size ``size`` whose `anchor` point lies on ``anchorPosition``.
  @inlinable @inline(__always)
  public func rect(anchor: UnitPoint) -> Rect {
    let offset = anchor.point(in: size)
    return Rect(
      origin: Point(x: anchorPosition.x - offset.x, y: anchorPosition.y - offset.y), size: size)
  }

  /// The frame of a member whose own (layout) frame is `frame`, matched with its own `anchor`.
  ///
  /// - ``MatchedGeometryProperties/size`` in `properties`: the member takes the shared size;
  ///   otherwise it keeps its own.
  /// - ``MatchedGeometryProperties/position``: the member's `anchor` point is placed on
  ///   ``anchorPosition``; otherwise the member's own `anchor` point stays where layout put it
  ///   (so a size-only match grows or shrinks around that point).
  /// - A set without ``MatchedGeometryProperties/position`` and
  ///   ``MatchedGeometryProperties/size`` (empty, or unknown bits only) returns `frame` bit for
  ///   bit (no round trip through the anchor point).
  // Always inlined: render loops call it per matched element per frame from other modules.
  @inlinable @inline(__always)
  public func apply(to frame: Rect, anchor: UnitPoint, properties: MatchedGeometryProperties) -> Rect {
    guard !properties.isDisjoint(with: .frame) else { return frame }
    let newSize = properties.contains(.size) ? size : frame.size
    let pinned = properties.contains(.position) ? anchorPosition : frame.point(at: anchor)
    return MatchedGeometryFrame(anchorPosition: pinned, size: newSize).rect(anchor: anchor)
  }
}

extension MatchedGeometryFrame: Animatable {
  /// `((anchor x, anchor y), (width, height))` — SwiftUI's animated interval layout.
  @inlinable
  public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
    get { AnimatablePair(anchorPosition.animatableData, size.animatableData) }
    set {
      anchorPosition.animatableData = newValue.first
      size.animatableData = newValue.second
    }
  }
}

extension Rect {
  /// The in-flight frame of a matched-geometry transition from `self` to `destination`, a fraction
  /// `amount` of the way (not clamped: spring overshoot extrapolates; NaN reads as 0, so a
  /// broken progress value leaves the member at its start instead of poisoning the frame), for a
  /// member matched at `anchor` with `properties`.
  ///
  /// The anchor point and the size are interpolated linearly in window space, exactly as SwiftUI
  /// animates the shared frame; properties the member does not take are read from `self`.
  @inlinable
  public func matchedInterpolation(
    to destination: Rect, amount: Double, anchor: UnitPoint = .center,
    properties: MatchedGeometryProperties = .frame
  ) -> Rect {
    let from = MatchedGeometryFrame(frame: self, anchor: anchor)
    let to = MatchedGeometryFrame(frame: destination, anchor: anchor)
    var shared = from
    shared.animatableData = from.animatableData.interpolated(
      towards: to.animatableData, amount: amount.isNaN ? 0 : amount)
    return shared.apply(to: self, anchor: anchor, properties: properties)
  }
}
