// SwiftUI's `KeyframeTimeline(initialValue:) { KeyframeTrack(\.a) { … }; KeyframeTrack(\.b) { … } }`:
// any number of tracks, of any property types, in one builder.
import Hooke

/// A ``KeyframeTrack`` of any property type of `Root`, as a ``KeyframeTimelineBuilder`` collects
/// it (type-erased: resolved against the timeline's initial value when the timeline is made).
public struct AnyKeyframeTrack<Root> {
  let _resolved: (Root) -> _ResolvedTrack<Root>

  /// Erases `track`'s property type.
  public init<P: VectorArithmetic>(_ track: KeyframeTrack<Root, P>) {
    _resolved = { HookeAnimation._resolve(track, initial: $0) }
  }
}

/// Builds the tracks of a ``KeyframeTimeline``: each statement is a ``KeyframeTrack`` (of any
/// property type); `if`, `if`/`else` and `for` work as in SwiftUI's builders. Tracks keep their
/// order (the last one wins where two animate the same property).
@resultBuilder
public enum KeyframeTimelineBuilder<Root> {
  /// One track.
  public static func buildExpression<P: VectorArithmetic>(_ track: KeyframeTrack<Root, P>)
    -> [AnyKeyframeTrack<Root>]
  {
    [AnyKeyframeTrack(track)]
  }
  /// An already erased track.
  public static func buildExpression(_ track: AnyKeyframeTrack<Root>) -> [AnyKeyframeTrack<Root>] { [track] }
  /// Concatenation, in order.
  public static func buildBlock(_ parts: [AnyKeyframeTrack<Root>]...) -> [AnyKeyframeTrack<Root>] {
    parts.flatMap { $0 }
  }
  /// `if` without `else`.
  public static func buildOptional(_ part: [AnyKeyframeTrack<Root>]?) -> [AnyKeyframeTrack<Root>] {
    part ?? []
  }
  /// `if`/`else`, first branch.
  public static func buildEither(first: [AnyKeyframeTrack<Root>]) -> [AnyKeyframeTrack<Root>] { first }
  /// `if`/`else`, second branch.
  public static func buildEither(second: [AnyKeyframeTrack<Root>]) -> [AnyKeyframeTrack<Root>] { second }
  /// `for` loops.
  public static func buildArray(_ parts: [[AnyKeyframeTrack<Root>]]) -> [AnyKeyframeTrack<Root>] {
    parts.flatMap { $0 }
  }
}

extension KeyframeTimeline {
  /// A timeline from a builder of tracks, as SwiftUI writes it:
  ///
  ///     KeyframeTimeline(initialValue: Values()) {
  ///       KeyframeTrack(\.scale) { SpringKeyframe(1.2, duration: 0.2); CubicKeyframe(1, duration: 0.3) }
  ///       KeyframeTrack(\.offset) { LinearKeyframe(-20, duration: 0.25); LinearKeyframe(0, duration: 0.25) }
  ///     }
  ///
  /// Tracks apply in order (see the type); no tracks give a timeline of duration 0 that always
  /// shows `initialValue`.
  public init(initialValue: Value, @KeyframeTimelineBuilder<Value> content: () -> [AnyKeyframeTrack<Value>]) {
    self.init(initialValue: initialValue, tracks: content().map { $0._resolved(initialValue) })
  }
}
