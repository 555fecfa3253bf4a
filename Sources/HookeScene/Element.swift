import Hooke
import HookeAnimation

/// A `matchedGeometryEffect(id:in:properties:anchor:isSource:)` attached to an element.
public struct MatchedGeometry: Hashable, Sendable {
  /// The group id inside ``namespace``.
  public var id: MatchID
  /// The namespace.
  public var namespace: Namespace
  /// Which parts of the shared frame the element takes (default `.frame`).
  public var properties: MatchedGeometryProperties
  /// The anchor matched between members (default `.center`).
  public var anchor: UnitPoint
  /// Whether this element may be the group's source (default `true`).
  public var isSource: Bool

  /// The attachment; see the properties.
  public init(
    id: MatchID, namespace: Namespace, properties: MatchedGeometryProperties = .frame,
    anchor: UnitPoint = .center, isSource: Bool = true
  ) {
    self.id = id
    self.namespace = namespace
    self.properties = properties
    self.anchor = anchor
    self.isSource = isSource
  }
}

/// The iOS 18 zoom navigation transition, `.navigationTransition(.zoom(sourceID:in:))`, on a
/// destination element.
///
/// When the destination is inserted its frame animates from the source's presented frame to
/// its own, its corner radius from the source's to its own, and a full-window dimming overlay
/// from opacity 0 to ``dimmingOpacity``; the source is hidden while the destination flies. On
/// removal everything runs back to the source, then the destination leaves. Timing (owned by UIKit on
/// Apple platforms and undocumented): the transaction's animation, or `Animation.default` when
/// the transaction is not animated (a navigation push always animates).
public struct ZoomNavigationTransition: Hashable, Sendable {
  /// The id of the source, tagged with ``Element/matchedTransitionSource(id:in:)-(MatchID,_)``.
  public var sourceID: MatchID
  /// The namespace of the source.
  public var namespace: Namespace
  /// The dimming overlay's opacity when the destination is presented (default 0.2; clamped to [0, 1], NaN → 0).
  public var dimmingOpacity: Double

  /// `.zoom(sourceID:in:)`.
  public static func zoom(sourceID: MatchID, in namespace: Namespace, dimmingOpacity: Double = 0.2)
    -> ZoomNavigationTransition
  {
    ZoomNavigationTransition(sourceID: sourceID, namespace: namespace, dimmingOpacity: dimmingOpacity)
  }
}

/// One element of a ``Scene``: identity, layout frame in window space, style, transition and
/// geometry-matching attachments.
///
/// Style values are the element's own (its modifiers); transitions and matched geometry act on
/// top. Bad values are sanitised when the element enters a transaction (see ``Scene``):
/// non-finite frame components → the previous frame (`Rect.zero` for a new element),
/// negative sizes → standardised, non-finite style values → their defaults; each is reported.
///
/// Memory: a scene keeps an element's identity, frame, opacity and shape inline in its
/// per-element record (256 bytes with the frame and style channels); its other style values and
/// z-index (80 bytes) in a side table only when one differs from its default, and each attachment
/// — ``clipRect``, ``transition``, ``matchedGeometry``, ``transitionSource``,
/// ``navigationTransition`` — only when the element has it (a matched-geometry attachment: 72
/// bytes). A transition effect that has left its neutral values (an animated insertion or
/// removal) or a zoom destination's state takes about 180 bytes more while the element has it.
public struct Element: Sendable {
  /// The stable identity.
  public var id: ElementID
  /// The container (z layer and clip); default ``ContainerID/root``.
  public var container: ContainerID
  /// The layout frame in window space (points).
  public var frame: Rect
  /// Opacity in [0, 1] (clamped at render time; default 1).
  public var opacity: Double = 1
  /// Uniform scale factor (default 1).
  public var scale: Double = 1
  /// The point of the frame fixed by ``scale`` (default centre; not animated).
  public var scaleAnchor: UnitPoint = .center
  /// Translation in points (default 0).
  public var offset: Size = .zero
  /// Rotation in radians about the visual centre (default 0).
  public var rotation: Double = 0
  /// Corner radius in points (≥ 0 at render time; default 0). Rendered at most half the shorter
  /// side of the visual rectangle; ignored while ``shape`` is round.
  public var cornerRadius: Double = 0
  /// The outline (default ``ElementShape/rectangle``): a ``ElementShape/circle`` or
  /// ``ElementShape/capsule`` renders with corner radius min(width, height)/2 in every frame.
  public var shape: ElementShape = .rectangle
  /// Blur radius in points (≥ 0 at render time; default 0).
  public var blurRadius: Double = 0
  /// Order inside the container: higher draws later (on top); ties keep insertion order.
  public var zIndex: Double = 0
  /// A window-space clip rectangle for this element, or `nil`.
  public var clipRect: Rect?
  /// The explicit insertion/removal transition; `nil` (default) means SwiftUI's implicit
  /// ``AnyTransition/opacity``. Only explicit transitions are reported by
  /// ``SceneDiagnostic/transitionWithoutAnimation(element:direction:)``.
  public var transition: AnyTransition?
  /// The transition in effect: ``transition`` or ``AnyTransition/opacity``.
  public var effectiveTransition: AnyTransition { transition ?? .opacity }
  /// The matched-geometry attachment, if any.
  public var matchedGeometry: MatchedGeometry?
  /// The zoom-source tag (`matchedTransitionSource(id:in:)`), if any.
  public var transitionSource: (id: MatchID, namespace: Namespace)?
  /// The zoom navigation transition of a destination, if any.
  public var navigationTransition: ZoomNavigationTransition?

  /// An element with default style.
  public init(id: ElementID, frame: Rect, container: ContainerID = .root) {
    self.id = id
    self.frame = frame
    self.container = container
  }

  /// This element with a matched-geometry attachment.
  public func matchedGeometry(
    id: MatchID, in namespace: Namespace, properties: MatchedGeometryProperties = .frame,
    anchor: UnitPoint = .center, isSource: Bool = true
  ) -> Element {
    var e = self
    e.matchedGeometry = MatchedGeometry(
      id: id, namespace: namespace, properties: properties, anchor: anchor, isSource: isSource)
    return e
  }

  /// This element with `transition`.
  public func transition(_ transition: AnyTransition) -> Element {
    var e = self
    e.transition = transition
    return e
  }

  /// This element tagged as the source of zoom transitions with `id` in `namespace`.
  public func matchedTransitionSource(id: MatchID, in namespace: Namespace) -> Element {
    var e = self
    e.transitionSource = (id, namespace)
    return e
  }

  /// This element presented with a zoom navigation transition.
  public func navigationTransition(_ transition: ZoomNavigationTransition) -> Element {
    var e = self
    e.navigationTransition = transition
    return e
  }

  /// This element with its style set by `body` (convenience for building elements).
  public func with(_ body: (inout Element) -> Void) -> Element {
    var e = self
    body(&e)
    return e
  }

  /// `(opacity, scale, offset.w, offset.h, rotation, cornerRadius, blur, 0)`.
  var _styleVector: _Oct {
    Self._styleVector(
      opacity: opacity, scale: scale, offset: offset, rotation: rotation,
      renderedCornerRadius: _renderedCornerRadius, blurRadius: blurRadius)
  }

  /// The style vector of these values (one owner for ``_styleVector`` and
  /// `_StoredElement._styleVector`).
  @inline(__always)
  static func _styleVector(
    opacity: Double, scale: Double, offset: Size, rotation: Double, renderedCornerRadius: Double,
    blurRadius: Double
  ) -> _Oct {
    _Oct(SIMD8(opacity, scale, offset.width, offset.height, rotation, renderedCornerRadius, blurRadius, 0))
  }
}

/// A container: a z layer with an optional clip rectangle (a `List`, a `ScrollView`, a
/// `ZStack` layer) and an optional parent container.
public struct Container: Hashable, Sendable {
  /// The identity (not ``ContainerID/root``, which always exists unclipped).
  public var id: ContainerID
  /// The window-space clip rectangle, or `nil`.
  public var clipRect: Rect?
  /// The layer order: elements of a container with a higher z-index draw above all elements
  /// of containers with lower ones.
  public var zIndex: Double
  /// The parent (its clip also applies); default root.
  public var parent: ContainerID

  /// A container.
  public init(id: ContainerID, clipRect: Rect? = nil, zIndex: Double = 0, parent: ContainerID = .root) {
    self.id = id
    self.clipRect = clipRect
    self.zIndex = zIndex
    self.parent = parent
  }
}
