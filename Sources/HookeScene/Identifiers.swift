import Synchronization

/// The stable identity of an element of a ``Scene`` (SwiftUI's view identity).
///
/// Two elements of one scene never share an id: inserting an id that is already present is
/// reported as ``SceneDiagnostic/duplicateElementID(_:)`` and ignored.
@frozen
public struct ElementID: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible
{
  /// The integer identity.
  public var rawValue: Int
  /// An id from an integer.
  @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// An id from an integer literal.
  @inlinable public init(integerLiteral value: Int) { self.rawValue = value }
  /// Orders by ``rawValue``.
  @inlinable public static func < (a: ElementID, b: ElementID) -> Bool { a.rawValue < b.rawValue }
  /// `#<rawValue>`, or `#<value>` for an id interned from a value (`#hero-card`).
  public var description: String { "#\(internedValue.map { "\($0.base)" } ?? "\(rawValue)")" }
}

/// The identity of a container: a group of elements sharing a z-order layer and an optional
/// clip rectangle (a `ZStack` layer, a `List`, a `ScrollView`). ``root`` always exists.
@frozen
public struct ContainerID: Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// The integer identity (0 is ``root``).
  public var rawValue: Int
  /// An id from an integer.
  @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// An id from an integer literal.
  @inlinable public init(integerLiteral value: Int) { self.rawValue = value }
  /// The window itself: no clip, z-index 0.
  @inlinable public static var root: ContainerID { ContainerID(0) }
}

/// The id of a matched-geometry group or of a zoom transition source inside a ``Namespace``
/// (SwiftUI's `id: some Hashable`): an integer or a string.
public enum MatchID: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  /// An integer id.
  case int(Int)
  /// A string id.
  case string(String)
  /// `.int(value)`.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// `.string(value)`.
  public init(stringLiteral value: String) { self = .string(value) }
}

/// A matched-geometry namespace (SwiftUI's `Namespace.ID`), created by ``Scene/makeNamespace()``.
///
/// A namespace belongs to the scene that made it. Using it in another scene, or using a
/// namespace the scene never made, is reported (``SceneDiagnostic/namespaceFromAnotherScene(element:namespace:)``,
/// ``SceneDiagnostic/unknownNamespace(element:namespace:)``) and the element's matching is ignored.
@frozen
public struct Namespace: Hashable, Sendable {
  /// The identity of the owning scene (unique per process).
  public var sceneToken: UInt64
  /// The index of the namespace inside its scene.
  public var rawValue: Int
  /// A namespace value; only ``Scene/makeNamespace()`` produces valid ones.
  @inlinable public init(sceneToken: UInt64, rawValue: Int) {
    self.sceneToken = sceneToken
    self.rawValue = rawValue
  }
}

/// Process-wide scene token source (an atomic counter: tokens are unique and deterministic
/// within a run for a fixed creation order).
let _sceneTokens = Atomic<UInt64>(0)

func _nextSceneToken() -> UInt64 {
  _sceneTokens.wrappingAdd(1, ordering: .relaxed).newValue
}
