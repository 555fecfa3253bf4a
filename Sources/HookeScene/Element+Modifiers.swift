import Hooke
import HookeAnimation

/// The outline of an element, for the corner radius the render list reports (SwiftUI's
/// `Rectangle`/`RoundedRectangle`, `Circle` and `Capsule`, as a view's shape or a `clipShape`).
///
/// The render list describes rounded rectangles, so a round shape is reported as the capsule of
/// its visual rectangle: corner radius min(width, height)/2 in every frame, also while its frame
/// flies (a matched circle flying into a 200 × 100 frame ends with radius 50). For a square
/// frame that is exactly SwiftUI's `Circle`; in a non-square frame SwiftUI draws the inscribed
/// circle, which the list cannot express.
public enum ElementShape: Hashable, Sendable {
  /// A rectangle with the element's ``Element/cornerRadius`` (at most half the shorter side).
  case rectangle
  /// SwiftUI's `Circle`: corner radius min(width, height)/2.
  case circle
  /// SwiftUI's `Capsule`: corner radius min(width, height)/2.
  case capsule
}

extension Element {
  /// A corner radius above half of any side a frame can have: what a round shape asks for, so
  /// that the render list's clamp to half the shorter side makes it round (10⁹ points: finite,
  /// so an animation from or to it stays finite).
  static var _roundCornerRadius: Double { 1e9 }

  /// The corner radius the style animates: ``cornerRadius``, or more than any half side when
  /// the shape is round. A shape change on the same element jumps (as a SwiftUI view that
  /// changes its shape type is a new view).
  var _renderedCornerRadius: Double { shape == .rectangle ? cornerRadius : Element._roundCornerRadius }

  /// An element with default style whose id is any hashable value (``ElementID/init(_:)-(ID)``:
  /// integers as they are, other values interned), as SwiftUI identifies views.
  public init<ID: Hashable & Sendable>(id: ID, frame: Rect, container: ContainerID = .root) {
    self.init(id: ElementID(id), frame: frame, container: container)
  }

  /// This element with opacity `opacity` (SwiftUI's `opacity(_:)`; clamped to [0, 1] at render
  /// time, NaN → 1 as the transaction sanitises it).
  public func opacity(_ opacity: Double) -> Element {
    var e = self
    e.opacity = opacity
    return e
  }

  /// This element drawn in order `zIndex` inside its container (SwiftUI's `zIndex(_:)`; higher
  /// draws later, ties keep insertion order; NaN → 0).
  public func zIndex(_ zIndex: Double) -> Element {
    var e = self
    e.zIndex = zIndex
    return e
  }

  /// This element with corner radius `radius` in points (SwiftUI's `cornerRadius(_:)`; rendered
  /// at most half the shorter side, negative → 0; ignored while ``shape`` is round).
  public func cornerRadius(_ radius: Double) -> Element {
    var e = self
    e.cornerRadius = radius
    return e
  }

  /// This element with outline `shape` (SwiftUI's `clipShape(.circle)`, `.capsule`, `.rect`).
  public func clipShape(_ shape: ElementShape) -> Element {
    var e = self
    e.shape = shape
    return e
  }

  /// This element scaled by `scale` about `anchor` (SwiftUI's `scaleEffect(_:anchor:)`; default
  /// anchor the centre).
  public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> Element {
    var e = self
    e.scale = scale
    e.scaleAnchor = anchor
    return e
  }

  /// This element translated by `offset` points (SwiftUI's `offset(_:)`).
  public func offset(_ offset: Size) -> Element {
    var e = self
    e.offset = offset
    return e
  }

  /// This element translated by (`x`, `y`) points (SwiftUI's `offset(x:y:)`; defaults 0).
  public func offset(x: Double = 0, y: Double = 0) -> Element {
    offset(Size(width: x, height: y))
  }

  /// This element rotated by `radians` about its visual centre (SwiftUI's `rotationEffect(_:)`
  /// with `.radians(_:)`).
  public func rotationEffect(radians: Double) -> Element {
    var e = self
    e.rotation = radians
    return e
  }

  /// This element blurred with radius `radius` points (SwiftUI's `blur(radius:)`; negative → 0
  /// at render time).
  public func blur(radius: Double) -> Element {
    var e = self
    e.blurRadius = radius
    return e
  }

  /// This element clipped to the window-space rectangle `rect` (`nil`: unclipped).
  public func clipped(to rect: Rect?) -> Element {
    var e = self
    e.clipRect = rect
    return e
  }

  /// SwiftUI's `matchedGeometryEffect(id:in:properties:anchor:isSource:)`: the same attachment
  /// as ``matchedGeometry(id:in:properties:anchor:isSource:)``. `id` is a ``MatchID``: an integer,
  /// a string literal or an interpolation (`"\(item)-bg"`).
  public func matchedGeometryEffect(
    id: MatchID, in namespace: Namespace, properties: MatchedGeometryProperties = .frame,
    anchor: UnitPoint = .center, isSource: Bool = true
  ) -> Element {
    matchedGeometry(id: id, in: namespace, properties: properties, anchor: anchor, isSource: isSource)
  }

  /// `matchedGeometryEffect` with any hashable id (``MatchID/init(_:)-(ID)``: integers and
  /// strings as themselves, other values interned).
  public func matchedGeometryEffect<ID: Hashable & Sendable>(
    id: ID, in namespace: Namespace, properties: MatchedGeometryProperties = .frame,
    anchor: UnitPoint = .center, isSource: Bool = true
  ) -> Element {
    matchedGeometry(
      id: MatchID(id), in: namespace, properties: properties, anchor: anchor, isSource: isSource)
  }

  /// This element with a custom transition, without wrapping (SwiftUI's `transition(_:)` with
  /// `some Transition`): an ``AnyTransition`` is kept as it is (its fixed animations too), any
  /// other ``Transition`` is wrapped.
  public func transition<T: Transition>(_ transition: T) -> Element {
    var e = self
    e.transition = (transition as? AnyTransition) ?? AnyTransition(transition)
    return e
  }

  /// This element tagged as a zoom source with any hashable id (``MatchID/init(_:)-(ID)``).
  public func matchedTransitionSource<ID: Hashable & Sendable>(id: ID, in namespace: Namespace) -> Element {
    matchedTransitionSource(id: MatchID(id), in: namespace)
  }
}

extension ZoomNavigationTransition {
  /// `.zoom(sourceID:in:)` with any hashable id (``MatchID/init(_:)-(ID)``).
  public static func zoom<ID: Hashable & Sendable>(
    sourceID: ID, in namespace: Namespace, dimmingOpacity: Double = 0.2
  ) -> ZoomNavigationTransition {
    zoom(sourceID: MatchID(sourceID), in: namespace, dimmingOpacity: dimmingOpacity)
  }
}
