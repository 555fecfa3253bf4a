import Hooke
import HookeAnimation

/// Where an inserted or removed element is in its transition (SwiftUI's `TransitionPhase`).
/// Insertion animates ``willAppear`` → ``identity``; removal ``identity`` → ``didDisappear``.
public enum TransitionPhase: Hashable, Sendable {
  /// Before insertion (``value`` −1).
  case willAppear
  /// In the scene (``value`` 0).
  case identity
  /// After removal (``value`` +1).
  case didDisappear

  /// −1, 0 or +1.
  @inlinable public var value: Double {
    switch self {
    case .willAppear: -1
    case .identity: 0
    case .didDisappear: 1
    }
  }

  /// `true` for ``identity``.
  @inlinable public var isIdentity: Bool { self == .identity }
}

/// A screen edge (for ``AnyTransition/move(edge:)`` and ``AnyTransition/push(from:)``).
public enum Edge: Hashable, Sendable, CaseIterable {
  /// The top edge: displacement (0, −height).
  case top
  /// The leading (left) edge: (−width, 0).
  case leading
  /// The bottom edge: (0, +height).
  case bottom
  /// The trailing (right) edge: (+width, 0).
  case trailing

  /// The edge across.
  @inlinable public var opposite: Edge {
    switch self {
    case .top: .bottom
    case .bottom: .top
    case .leading: .trailing
    case .trailing: .leading
    }
  }
}

/// The animatable properties a transition sets on an element, on top of the element's own
/// (SwiftUI's transition `Content` with the effects it applies).
///
/// Composition at render time: the element's own scale/offset are applied first, then the
/// transition's scale about ``scaleAnchor`` of the element's frame, then ``offset``; opacities
/// multiply, blur radii and rotations add. At ``TransitionPhase/identity`` every built-in leaves
/// the defaults (opacity 1, scale 1, offset 0, rotation 0, blur 0).
public struct TransitionContent: Hashable, Sendable {
  /// Opacity multiplier (default 1).
  public var opacity: Double = 1
  /// Horizontal scale factor (default 1).
  public var scaleX: Double = 1
  /// Vertical scale factor (default 1).
  public var scaleY: Double = 1
  /// The point of the element's frame that stays fixed when scaling (default centre). Not
  /// animated: the anchor of the non-identity phase is used for the whole transition.
  public var scaleAnchor: UnitPoint = .center
  /// Translation in points (default 0).
  public var offset: Size = .zero
  /// Rotation in radians about the visual centre (default 0).
  public var rotation: Double = 0
  /// Gaussian blur radius in points (default 0).
  public var blurRadius: Double = 0
  /// The element's layout size (read-only input, used by ``AnyTransition/move(edge:)``).
  public internal(set) var size: Size

  /// Identity content for an element of `size`.
  public init(size: Size) { self.size = size }

  /// Sets both scale factors to `factor` (and the anchor).
  public mutating func scale(_ factor: Double, anchor: UnitPoint = .center) {
    scaleX = factor
    scaleY = factor
    scaleAnchor = anchor
  }

  /// The animatable vector `(opacity, scaleX, scaleY, offset.w, offset.h, rotation, blur, 0)`.
  var _vector: _Oct {
    _Oct(SIMD8(opacity, scaleX, scaleY, offset.width, offset.height, rotation, blurRadius, 0))
  }
}

/// A custom transition (SwiftUI's `Transition` protocol, iOS 17): ``body(content:phase:)``
/// returns the element's transition properties for a phase; the scene animates between the
/// phases' values with the transaction's animation.
public protocol Transition: Sendable {
  /// The properties at `phase`, starting from `content` (identity values and the element size).
  func body(content: TransitionContent, phase: TransitionPhase) -> TransitionContent
}

/// Whether a transition runs for an insertion or a removal.
public enum TransitionDirection: Hashable, Sendable {
  /// The element is inserted (willAppear → identity).
  case insertion
  /// The element is removed (identity → didDisappear).
  case removal
}

/// A type-erased transition with optional per-direction animations (SwiftUI's `AnyTransition`).
///
/// Built-ins follow SwiftUI's documented transitions. `combined(with:)` applies `self` then
/// `other` to the same phase; `asymmetric` shows the insertion transition only for `.willAppear`
/// and the removal one only for `.didDisappear`. ``animation(_:)`` fixes the animation of the
/// transition (ignoring the transaction's); for combinations the first non-`nil` animation
/// (self, then other) wins.
///
/// Storage: the body closure and, when the transition fixes an animation, one shared box holding
/// both (24 bytes in all). Every ``Element`` carries its transition inline and a scene copies
/// elements as it applies transactions: two inline `Animation?` existentials made the transition
/// 96 bytes of every element, each copied through a runtime witness call.
public struct AnyTransition: Transition {
  let _body: @Sendable (TransitionContent, TransitionPhase) -> TransitionContent
  /// The fixed animations, or `nil` when neither direction fixes one (the common case).
  var _animations: _TransitionAnimations?

  /// The animation used when the element is inserted (`nil`: the transaction's).
  public var insertionAnimation: Animation? {
    get { _animations?.insertion }
    set { _animations = _TransitionAnimations(insertion: newValue, removal: _animations?.removal) }
  }

  /// The animation used when the element is removed (`nil`: the transaction's).
  public var removalAnimation: Animation? {
    get { _animations?.removal }
    set { _animations = _TransitionAnimations(insertion: _animations?.insertion, removal: newValue) }
  }

  /// Wraps a custom transition.
  public init<T: Transition>(_ transition: T) {
    _body = { transition.body(content: $0, phase: $1) }
  }

  init(_ body: @escaping @Sendable (TransitionContent, TransitionPhase) -> TransitionContent) {
    _body = body
  }

  /// See ``Transition/body(content:phase:)``.
  public func body(content: TransitionContent, phase: TransitionPhase) -> TransitionContent {
    _body(content, phase)
  }

  /// The animation to use for `direction`: the fixed one, else `transactionAnimation`.
  public func animation(for direction: TransitionDirection, transactionAnimation: Animation?) -> Animation? {
    fixedAnimation(for: direction) ?? transactionAnimation
  }

  /// The animation fixed for `direction` (``insertionAnimation`` or ``removalAnimation``), or nil.
  func fixedAnimation(for direction: TransitionDirection) -> Animation? {
    guard let a = _animations else { return nil }
    return direction == .insertion ? a.insertion : a.removal
  }

  /// Whether the transition changes anything between `phase` and identity for an element of `size`.
  public func isIdentity(at phase: TransitionPhase, size: Size) -> Bool {
    let c = TransitionContent(size: size)
    return body(content: c, phase: phase)._vector == body(content: c, phase: .identity)._vector
  }

  /// No visual change.
  public static var identity: AnyTransition { AnyTransition { c, _ in c } }

  /// Opacity 0 when not identity.
  public static var opacity: AnyTransition {
    AnyTransition { c, p in
      var c = c
      if !p.isIdentity { c.opacity = 0 }
      return c
    }
  }

  /// `scale(1e-5)` (SwiftUI's `ScaleTransition(1e-5)`, never exactly 0).
  public static var scale: AnyTransition { scale(1e-5) }

  /// Scale `scale` about `anchor` when not identity.
  public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
    AnyTransition { c, p in
      var c = c
      if !p.isIdentity { c.scale(scale, anchor: anchor) } else { c.scaleAnchor = anchor }
      return c
    }
  }

  /// Offset `offset` in both non-identity phases.
  public static func offset(_ offset: Size) -> AnyTransition {
    AnyTransition { c, p in
      var c = c
      if !p.isIdentity { c.offset = offset }
      return c
    }
  }

  /// Offset `(x, y)` in both non-identity phases.
  public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition {
    offset(Size(width: x, height: y))
  }

  static func _displacement(_ edge: Edge, _ size: Size) -> Size {
    switch edge {
    case .top: Size(width: 0, height: -size.height)
    case .leading: Size(width: -size.width, height: 0)
    case .bottom: Size(width: 0, height: size.height)
    case .trailing: Size(width: size.width, height: 0)
    }
  }

  /// Displaced by the element's own size towards `edge` in both non-identity phases.
  public static func move(edge: Edge) -> AnyTransition {
    AnyTransition { c, p in
      var c = c
      if !p.isIdentity { c.offset = _displacement(edge, c.size) }
      return c
    }
  }

  /// Insertion from the leading edge, removal towards the trailing edge.
  public static var slide: AnyTransition {
    asymmetric(insertion: .move(edge: .leading), removal: .move(edge: .trailing))
  }

  /// Insertion from `edge`, removal towards `edge.opposite`, with opacity 0 when not identity.
  public static func push(from edge: Edge) -> AnyTransition {
    asymmetric(insertion: .move(edge: edge), removal: .move(edge: edge.opposite)).combined(with: .opacity)
  }

  /// The configurations of ``blurReplace(_:)``.
  public enum BlurReplaceConfiguration: Hashable, Sendable {
    /// Scale 0.9 on both sides.
    case downUp
    /// Scale 0.9 on insertion, 1.1 on removal.
    case upUp
  }

  /// Opacity 0, blur radius 7 and scale 0.9 on `willAppear`; on `didDisappear` the same with
  /// scale 0.9 (`.downUp`) or 1.1 (`.upUp`).
  public static func blurReplace(_ configuration: BlurReplaceConfiguration = .downUp) -> AnyTransition {
    AnyTransition { c, p in
      var c = c
      guard !p.isIdentity else { return c }
      c.opacity = 0
      c.blurRadius = 7
      c.scale(p == .didDisappear && configuration == .upUp ? 1.1 : 0.9)
      return c
    }
  }

  /// ``blurReplace(_:)`` with `.downUp`.
  public static var blurReplace: AnyTransition { blurReplace(.downUp) }

  /// `insertion` for `.willAppear`, `removal` for `.didDisappear`: applied as
  /// `removal(insertion(content))` with each seeing identity outside its own phase.
  public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
    var t = AnyTransition { c, p in
      let inner = insertion.body(content: c, phase: p == .willAppear ? .willAppear : .identity)
      return removal.body(content: inner, phase: p == .didDisappear ? .didDisappear : .identity)
    }
    t._animations = _TransitionAnimations(
      insertion: insertion.insertionAnimation, removal: removal.removalAnimation)
    return t
  }

  /// `other` applied on top of `self`, both with the same phase.
  public func combined(with other: AnyTransition) -> AnyTransition {
    let a = self
    var t = AnyTransition { c, p in other.body(content: a.body(content: c, phase: p), phase: p) }
    t._animations = _TransitionAnimations(
      insertion: insertionAnimation ?? other.insertionAnimation,
      removal: removalAnimation ?? other.removalAnimation)
    return t
  }

  /// This transition always animated with `animation` (ignoring the transaction's), in both directions.
  public func animation(_ animation: Animation?) -> AnyTransition {
    var t = self
    t._animations = _TransitionAnimations(insertion: animation, removal: animation)
    return t
  }
}

/// The animations an ``AnyTransition`` fixes, shared by its copies (immutable: a change makes a
/// new box).
final class _TransitionAnimations: Sendable {
  let insertion: Animation?
  let removal: Animation?

  /// A box of `insertion` and `removal`, or `nil` when both are `nil` (no box to keep).
  init?(insertion: Animation?, removal: Animation?) {
    guard insertion != nil || removal != nil else { return nil }
    self.insertion = insertion
    self.removal = removal
  }
}
