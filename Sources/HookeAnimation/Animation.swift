import Hooke

/// A type-erased animation (SwiftUI's `Animation`): wraps any ``CustomAnimation`` and forwards
/// `animate`, `velocity` and `shouldMerge` to it.
///
/// Equality and hashing are those of the wrapped animation (two animations of different types
/// are unequal). ``description`` prints the wrapped value, e.g. `Animation.default.description
/// == "DefaultAnimation()"`.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// The wrapped animation.
  public var base: any CustomAnimation { _box.base }

  /// The wrapped animation, boxed once: copying an `Animation` (a transaction's, a transition's,
  /// a running channel's) retains one reference instead of copying an existential container
  /// through its payload's value witnesses, about a hundred instructions per copy of an
  /// `Animation?`, several per inserted element of a transaction.
  let _box: _AnimationBox

  /// Wraps `base`. Cost: one allocation for the box (plus, as for any existential, one for a
  /// wrapped value larger than three words); copies are then a retain each. The parameterless
  /// presets (`.default`, `.spring`, `.linear`, …) are created once.
  public init<A: CustomAnimation>(_ base: A) {
    _box = _AnimationBox(base)
  }

  /// Forwards to the base; see ``CustomAnimation/animate(value:time:context:)``.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    base.animate(value: value, time: time, context: &context)
  }

  /// Forwards to the base; see ``CustomAnimation/velocity(value:time:context:)``.
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    base.velocity(value: value, time: time, context: context)
  }

  /// Forwards to the base; see ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    base.shouldMerge(previous: previous, value: value, time: time, context: &context)
  }

  /// Equal when the wrapped animations have the same type and are equal.
  public static func == (lhs: Animation, rhs: Animation) -> Bool {
    lhs.base._isEqual(to: rhs.base)
  }

  /// Hashes the wrapped animation (its own `hash(into:)`, opened from the existential: boxing it
  /// in an `AnyHashable` would allocate per hash).
  public func hash(into hasher: inout Hasher) {
    func combine<A: CustomAnimation>(_ a: A) { hasher.combine(a) }
    combine(base)
  }

  /// The wrapped animation's description (`String(describing:)`).
  public var description: String { String(describing: base) }

  /// Whether `other` is a copy of this value (the same wrapped box): then the two are equal
  /// without comparing the wrapped animations (a dynamic cast of each existential). A cheap first
  /// test for callers that keep the last animation they saw.
  @inline(__always)
  package func _isCopy(of other: Animation) -> Bool { _box === other._box }

  /// The wrapped animation as `A`, if it is one.
  public func `as`<A: CustomAnimation>(_ type: A.Type) -> A? { base as? A }
}

/// The immutable storage of an ``Animation``: one reference per copy (see `Animation._box`).
final class _AnimationBox: Sendable {
  let base: any CustomAnimation
  init(_ base: some CustomAnimation) { self.base = base }
}
