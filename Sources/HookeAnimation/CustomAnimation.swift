import Hooke

/// An animation: a pure description of how a value moves from 0 to an interval over time
/// (SwiftUI's `CustomAnimation`, iOS 17).
///
/// The engine calls ``animate(value:time:context:)`` with the full interval to animate (`value`,
/// the new model value minus the old one) and the time elapsed since the animation began; it
/// returns the offset travelled so far (0 at the start, `value` at the end) or `nil` when done.
/// Per-run state lives in the `context` (``AnimationContext``), never in the animation itself,
/// so animations are `Hashable` values that can be compared and stored.
public protocol CustomAnimation: Hashable, Sendable {
  /// The offset travelled after `time` seconds towards `value`, or `nil` when finished (the
  /// displayed value then snaps to the model value). Set `context.isLogicallyComplete` once the
  /// animation is logically complete.
  func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V?

  /// The current velocity (units of `V` per second), or `nil` if the animation does not know it.
  /// Default: `nil`.
  func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V?

  /// Whether this animation, arriving while `previous` runs (interval `value`, elapsed `time`),
  /// takes over `previous`'s state instead of being combined with it (see
  /// ``DefaultCombiningAnimation``). May update `context` (the previous animation's context, which
  /// this animation then inherits).
  /// Default: `false` (combine).
  func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool
}

extension CustomAnimation {
  /// Default: no velocity.
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    nil
  }

  /// Default: never merge (interruptions combine).
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    false
  }

  /// Equality across existentials.
  func _isEqual(to other: any CustomAnimation) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A key for typed per-animation state in ``AnimationState`` (SwiftUI's `AnimationStateKey`).
///
/// The key type itself identifies the slot; ``defaultValue`` is read before anything is stored.
public protocol AnimationStateKey {
  /// The stored type.
  associatedtype Value
  /// The value a fresh state reports for this key.
  static var defaultValue: Value { get }
}

/// Type-keyed storage of an animation run's private state (SwiftUI's `AnimationState<Value>`).
///
/// A value type: copying a context copies the state (used by completion forks and merges), and a
/// copy never sees the other's later writes. Each key's value lives in a box of its own; a write
/// to a key that already has a box that no copy shares stores into it, so an animation that
/// rewrites its state every frame does not allocate once the state exists (a fresh box per
/// write would: values larger than three words do not fit an existential inline). The first key
/// ever written keeps its box inline (an animation's own state, usually the only key: read and
/// written per frame without hashing); further keys live in a dictionary. Cost: a key comparison
/// (or a dictionary lookup) and a class cast per access.
public struct AnimationState<Value: VectorArithmetic> {
  /// The first key written (never changes afterwards, so it is never also in `_storage`) and its
  /// box (`nil`: removed by `_take`, reads the default).
  var _firstKey: ObjectIdentifier?
  var _first: AnyObject?
  var _storage: [ObjectIdentifier: AnyObject] = [:]

  /// An empty state: every key reads its default value.
  public init() {}

  /// The value stored for `key`, or `key.defaultValue`.
  public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
    get {
      let id = ObjectIdentifier(key)
      if _firstKey == id { return Self._box(_first, key)?.value ?? K.defaultValue }
      guard !_storage.isEmpty else { return K.defaultValue }
      return Self._box(_storage[id], key)?.value ?? K.defaultValue
    }
    set {
      let id = ObjectIdentifier(key)
      if _firstKey == nil { _firstKey = id }
      if _firstKey == id {
        if isKnownUniquelyReferenced(&_first), let box = Self._box(_first, key) {
          box.value = newValue
        } else {
          _first = _StateBox(newValue)
        }
        return
      }
      if let i = _storage.index(forKey: id), isKnownUniquelyReferenced(&_storage.values[i]),
        let box = Self._box(_storage.values[i], key)
      {
        box.value = newValue
      } else {
        _storage[id] = _StateBox(newValue)
      }
    }
  }

  /// `object`, stored under `key`, as that key's box. Every write under a key stores a
  /// `_StateBox<K.Value>` (the key type fixes the value type), so no dynamic cast is needed:
  /// `as?` walked the runtime's type checks on every read, twice per spring frame.
  @inline(__always)
  static func _box<K: AnimationStateKey>(_ object: AnyObject?, _ key: K.Type) -> _StateBox<K.Value>? {
    guard let object else { return nil }
    // Safety: only the subscript's setter creates boxes, and under key `K` it stores a
    // `_StateBox<K.Value>` (keys are told apart by `ObjectIdentifier(K.self)`).
    return unsafeDowncast(object, to: _StateBox<K.Value>.self)
  }

  /// Removes and returns the value for `key` (or `key.defaultValue`), so a caller that writes
  /// it back after mutating holds the only reference and nothing inside is copied. An unshared
  /// box stays in place holding `key.defaultValue` (which reads as removed), ready for the
  /// write-back.
  mutating func _take<K: AnimationStateKey>(_ key: K.Type) -> K.Value {
    let id = ObjectIdentifier(key)
    if _firstKey == id {
      if isKnownUniquelyReferenced(&_first), let box = Self._box(_first, key) {
        let value = box.value
        box.value = K.defaultValue
        return value
      }
      defer { _first = nil }
      return Self._box(_first, key)?.value ?? K.defaultValue
    }
    guard let i = _storage.index(forKey: id) else { return K.defaultValue }
    if isKnownUniquelyReferenced(&_storage.values[i]), let box = Self._box(_storage.values[i], key) {
      let value = box.value
      box.value = K.defaultValue
      return value
    }
    return Self._box(_storage.remove(at: i).value, key)?.value ?? K.defaultValue
  }
}

/// One key's value in an ``AnimationState`` (a reference, so that an unshared state rewrites it in
/// place).
final class _StateBox<T> {
  var value: T
  init(_ value: T) { self.value = value }
}

/// What an animation knows about its run (SwiftUI's `AnimationContext<Value>`): its typed
/// ``state`` and whether it is ``isLogicallyComplete``.
///
/// `environment` is not modelled (Hooke has no view hierarchy).
public struct AnimationContext<Value: VectorArithmetic> {
  /// The animation's private state for this run.
  public var state: AnimationState<Value>
  /// Set by the animation once it is logically complete (springs: `time ≥ response`); the
  /// engine fires `.logicallyComplete` completions then. Never cleared by the engine.
  public var isLogicallyComplete: Bool

  /// A fresh context: empty state, not logically complete.
  public init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false) {
    self.state = state
    self.isLogicallyComplete = isLogicallyComplete
  }

  /// A context of another value type with `state` and this context's logical completion flag.
  public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
    AnimationContext<T>(state: state, isLogicallyComplete: isLogicallyComplete)
  }
}
