import Hooke

/// A problem found while applying a transaction: the pitfalls of the seed articles (undefined
/// behaviour in SwiftUI) and bad input. Always returned, never trapped; the scene keeps
/// producing valid frames with the documented outcome of each case.
public enum SceneDiagnostic: Hashable, Sendable {
  /// More than one inserted element of a group has `isSource: true` (SwiftUI: undefined, layout
  /// loop). Outcome: the most recently inserted source (`chosen`) wins.
  case multipleSources(namespace: Namespace, id: MatchID, sources: [ElementID], chosen: ElementID)
  /// A group has members but no inserted source. Outcome: no member is modified.
  case noSource(namespace: Namespace, id: MatchID, members: [ElementID])
  /// An element with a non-identity transition was inserted or removed without animation.
  /// Outcome: it appears / disappears at once.
  case transitionWithoutAnimation(element: ElementID, direction: TransitionDirection)
  /// Two or more inserted members of a group are visible (opacity > 0) at once; both are drawn.
  case matchedMembersVisible(namespace: Namespace, id: MatchID, elements: [ElementID])
  /// A matched element's flight (start and end frames) leaves a clip rectangle of its container
  /// chain or its own (`clipRect`); the element is drawn clipped.
  case flightLeavesClip(element: ElementID, clipRect: Rect)
  /// A namespace made by another scene. Outcome: the attachment is ignored.
  case namespaceFromAnotherScene(element: ElementID, namespace: Namespace)
  /// A namespace this scene never made. Outcome: the attachment is ignored.
  case unknownNamespace(element: ElementID, namespace: Namespace)
  /// A zoom destination whose source id has no inserted element. Outcome: the destination uses
  /// its ordinary transition.
  case zoomSourceNotFound(element: ElementID, sourceID: MatchID)
  /// An insertion of an id already present (or twice in one transaction). Outcome: ignored.
  case duplicateElementID(ElementID)
  /// A removal or update of an id not in the scene. Outcome: ignored.
  case unknownElement(ElementID)
  /// A removal of an element already being removed. Outcome: ignored (the removal continues).
  case alreadyRemoved(ElementID)
  /// A frame with a NaN or infinite component. Outcome: the previous frame is kept (`Rect.zero` for a new element).
  case invalidFrame(ElementID)
  /// A frame with a negative width or height. Outcome: standardised.
  case negativeSize(ElementID)
  /// A non-finite style value (opacity, scale, offset, rotation, radii, z-index, clip). Outcome: its default.
  case invalidStyle(ElementID)
  /// An element placed in a container the scene does not have. Outcome: root.
  case unknownContainer(element: ElementID, container: ContainerID)
  /// A grid inserted with an id already present (or twice in one transaction). Outcome: ignored.
  case duplicateGridID(GridID)
  /// An update or removal of a grid not in the scene. Outcome: ignored.
  case unknownGrid(GridID)
  /// A grid with out-of-range values (see ``ElementGrid``), or an update changing its cards
  /// (``ElementGrid/firstElementID``, ``ElementGrid/count``, ``ElementGrid/matchedNamespace``,
  /// ``ElementGrid/firstMatchID``). Outcome: clamped; changed card fields keep their values.
  case invalidGrid(GridID)
  /// A grid layout change animated by an animation the grid cannot run (delays, repeats, speed,
  /// custom). Outcome: the cards move with `Animation.default`'s spring.
  case gridAnimationUnsupported(GridID)
  /// An element whose matched geometry names a grid card's group. Outcome: its matching is ignored.
  case matchedIDOwnedByGrid(element: ElementID, grid: GridID)
  /// A grid inserted with matched ids of which `id` (the lowest such) is already a group in its
  /// namespace: another grid's card or elements' group. Outcome: the grid is inserted unmatched.
  case gridMatchedIDInUse(grid: GridID, id: MatchID)
  /// A grid inserted with more cards than ``ElementGrid/maximumCount`` (`limit`), which would
  /// need more memory than a scene may take at once. Outcome: the grid is not inserted.
  case gridTooLarge(grid: GridID, count: Int, limit: Int)
  /// An animation that would keep values moving longer than ``Scene/maximumAnimationDuration``:
  /// `duration` seconds by its estimate (`Animation`'s settling bound; +∞ when it never ends by
  /// time — an undamped spring, one that never moves, an infinite duration or delay, a speed
  /// near zero). `element` is nil for the transaction's animation, else the element whose
  /// transition carries it. Outcome: the changes it would animate are applied without animation
  /// (as if it were nil), so no value of the scene stays in motion forever. A repeat without a
  /// count and custom animations are not judged.
  case animationTooLong(element: ElementID?, duration: Double)
}

/// The outcome of a transaction.
public struct TransactionResult: Sendable {
  /// Every diagnostic, in the order found.
  public var diagnostics: [SceneDiagnostic] = []
}
