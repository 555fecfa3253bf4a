import Hooke

/// The animation an interrupted, non-merging animation becomes (SwiftUI's
/// `DefaultCombiningAnimation`): a list of entries (animation, start time, target),
/// each newer one chasing the gap between its target and the older ones' current position.
///
/// Evaluation at time T: `acc = 0`; for each entry in order: if finished, `acc = target`; else
/// `r = animate(target − acc, T − start)`; `nil` marks it finished and sets `acc = target`, else
/// `acc += r`. Returns `acc`; ends (`nil`) when the last entry ends; logically complete when the
/// last entry is. Targets and per-entry contexts are kept in the context's state. No velocity,
/// never merges (a further interruption appends an entry, see ``combining(previous:context:value:with:delta:at:)``).
///
/// Bounded state: once an entry is finished it sets `acc` to its target at every later
/// evaluation, so nothing before it can contribute again. ``combining(previous:context:value:with:delta:at:)``
/// and ``PropertyAnimator`` (after each evaluation) therefore drop every entry older than the
/// newest finished one. The presented values are bit for bit those of the full list; the
/// memory and the cost of an evaluation depend on how many entries are still running, not on
/// how often the property was animated.
public struct DefaultCombiningAnimation: CustomAnimation {
  /// One animation of the combination and the elapsed time at which it joined.
  public struct Entry: Hashable, Sendable {
    /// The animation.
    public var animation: Animation
    /// The elapsed time (on the combination's clock) at which it started.
    public var start: Double
  }

  /// The entries, oldest first.
  public internal(set) var entries: [Entry]

  struct _EntryState<V: VectorArithmetic> {
    var target: V
    var context: AnimationContext<V>
    var finished = false
  }

  struct _State<V: VectorArithmetic>: AnimationStateKey {
    var entries: [_EntryState<V>] = []
    static var defaultValue: _State { _State() }
  }

  /// A combination of `previous` (running with `context` on interval `value`) and `next`, which
  /// starts at elapsed `time` and animates to `value + delta`. If `previous` is already a
  /// combination the new entry is appended. Returns the animation and its context.
  public static func combining<V: VectorArithmetic>(
    previous: Animation, context: AnimationContext<V>, value: V,
    with next: Animation, delta: V, at time: Double
  ) -> (Animation, AnimationContext<V>) {
    var combined: DefaultCombiningAnimation
    var state: _State<V>
    if let c = previous.as(DefaultCombiningAnimation.self) {
      combined = c
      state = context.state[_State<V>.self]
    } else {
      combined = DefaultCombiningAnimation(entries: [Entry(animation: previous, start: 0)])
      state = _State(entries: [_EntryState(target: value, context: context)])
    }
    combined._dropEntriesBeforeNewestFinished(&state)
    combined.entries.append(Entry(animation: next, start: time))
    state.entries.append(_EntryState(target: value + delta, context: AnimationContext()))
    var newContext = AnimationContext<V>()
    newContext.state[_State<V>.self] = state
    return (Animation(combined), newContext)
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    // Taken out of the context (and written back below) so the entries are mutated in place.
    var state = context.state._take(_State<V>.self)
    guard state.entries.count == entries.count, !entries.isEmpty else {
      context.state[_State<V>.self] = state
      return nil
    }
    var acc = V.zero
    for i in entries.indices {
      if state.entries[i].finished {
        acc = state.entries[i].target
        continue
      }
      let target = state.entries[i].target
      if let r = entries[i].animation.animate(
        value: target - acc, time: time - entries[i].start, context: &state.entries[i].context)
      {
        acc += r
      } else {
        state.entries[i].finished = true
        acc = target
      }
    }
    let last = state.entries[state.entries.count - 1]
    if last.context.isLogicallyComplete { context.isLogicallyComplete = true }
    context.state[_State<V>.self] = state
    return last.finished ? nil : acc
  }
}

extension DefaultCombiningAnimation {
  /// Drops the entries older than the newest finished one (see the type: they can no longer
  /// change the result), from both the list and `state`. O(entries).
  mutating func _dropEntriesBeforeNewestFinished<V: VectorArithmetic>(_ state: inout _State<V>) {
    guard state.entries.count == entries.count,
      let newest = state.entries.lastIndex(where: { $0.finished }), newest > 0
    else { return }
    entries.removeFirst(newest)
    state.entries.removeFirst(newest)
  }

  /// `animation` with its finished prefix dropped when it is a combination, with `context`
  /// updated to match; any other animation is returned unchanged.
  static func _pruned<V: VectorArithmetic>(_ animation: Animation, context: inout AnimationContext<V>)
    -> Animation
  {
    guard var combined = animation.as(DefaultCombiningAnimation.self) else { return animation }
    var state = context.state._take(_State<V>.self)
    let count = combined.entries.count
    combined._dropEntriesBeforeNewestFinished(&state)
    context.state[_State<V>.self] = state
    return combined.entries.count == count ? animation : Animation(combined)
  }

  /// The per-entry state (finished, context) of the combination `animation` running with
  /// `context`, oldest first; `nil` when `animation` is not a combination or `context` does not
  /// hold its state.
  static func _entryStates<V: VectorArithmetic>(of animation: Animation, context: AnimationContext<V>)
    -> [_EntryState<V>]?
  {
    guard let combined = animation.as(DefaultCombiningAnimation.self) else { return nil }
    let states = context.state[_State<V>.self].entries
    return states.count == combined.entries.count ? states : nil
  }

  /// `animation` (a combination) cut to the entries `range`, with `context` cut to match. Entries
  /// only depend on the older ones, so every kept entry evaluates as before when `range` starts
  /// at 0 or at a finished entry. Any other animation is returned unchanged.
  static func _slice<V: VectorArithmetic>(
    _ animation: Animation, context: inout AnimationContext<V>, to range: Range<Int>
  ) -> Animation {
    guard var combined = animation.as(DefaultCombiningAnimation.self) else { return animation }
    var state = context.state._take(_State<V>.self)
    defer { context.state[_State<V>.self] = state }
    guard state.entries.count == combined.entries.count, range != combined.entries.indices,
      range.clamped(to: combined.entries.indices) == range
    else { return animation }
    combined.entries = Array(combined.entries[range])
    state.entries = Array(state.entries[range])
    return Animation(combined)
  }
}
