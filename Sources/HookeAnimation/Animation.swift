import Hooke

/// A type-erased animation (SwiftUI's `Animation`): wraps any ``CustomAnimation`` and forwards
/// `animate`, `velocity` and `shouldMerge` to it.
///
/// Equality and hashing are those of the wrapped animation (two animations of different types
/// are unequal). ``description`` prints the wrapped value, e.g. `Animation.default.description
/// == "DefaultAnimation()"`.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
  /// The wrapped animation.
  public let base: any CustomAnimation

  /// Wraps `base`.
  public init<A: CustomAnimation>(_ base: A) {
    self.base = base
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

  /// The wrapped animation as `A`, if it is one.
  public func `as`<A: CustomAnimation>(_ type: A.Type) -> A? { base as? A }
}
