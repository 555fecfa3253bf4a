import Hooke

/// `Animation.delay(_:)`: the base sees `max(0, t − delay)`.
///
/// Edge cases: a negative delay starts the base `|delay|` seconds into its run (SwiftUI
/// arithmetic); NaN reads as 0; +∞ never starts (the value stays at its start until interrupted).
/// Merges only with an identical delay whose base merges (the base gets the delayed time).
public struct DelayAnimation: CustomAnimation {
  /// The wrapped animation.
  public var base: Animation
  /// The delay in seconds.
  public var delay: Double

  func _time(_ t: Double) -> Double {
    let d = delay.isNaN ? 0 : delay
    let u = t - d
    return u > 0 ? u : 0
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    base.animate(value: value, time: _time(time), context: &context)
  }
  /// See the type.
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    guard let p = previous.as(DelayAnimation.self), p.delay == delay else { return false }
    return base.shouldMerge(previous: p.base, value: value, time: _time(time), context: &context)
  }
}

/// `Animation.speed(_:)`: the base sees `t·speed`.
///
/// Edge cases (Hooke decision): a speed that is ≤ 0, NaN or infinite ends the animation at its
/// first evaluation (the value snaps to the model value). SwiftUI would freeze the animation at
/// its start forever (0) or feed the base negative/NaN time. Merges only with an equal speed.
public struct SpeedAnimation: CustomAnimation {
  /// The wrapped animation.
  public var base: Animation
  /// The factor on time.
  public var speed: Double

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    guard speed > 0, speed.isFinite else { return nil }
    return base.animate(value: value, time: time * speed, context: &context)
  }
  /// See the type.
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    guard let p = previous.as(SpeedAnimation.self), p.speed == speed, speed > 0, speed.isFinite else {
      return false
    }
    return base.shouldMerge(previous: p.base, value: value, time: time * speed, context: &context)
  }
}

/// `repeatCount(_:autoreverses:)` / `repeatForever(autoreverses:)`, with SwiftUI's semantics.
///
/// State {iteration i, timeOffset}. The base is evaluated at `t − timeOffset`; odd iterations
/// with `autoreverses` return `value − base`. When the base finishes: its state is reset,
/// `i += 1`, `timeOffset = t` (the frame time: each cycle loses up to one frame, as in SwiftUI);
/// if `i ≥ count` → `nil`, else this frame shows the cycle's end (`0` reversed, else `value`).
/// So `repeatCount(2, autoreverses: true)` plays forward, back, then snaps to the model value.
/// `count ≤ 1` (including 0 and negatives) plays exactly once (the count is only checked when
/// a cycle ends). `nil` count repeats forever. No velocity; merges only with equal parameters
/// (and only if the base merges). A base that finishes immediately (e.g. zero duration) makes
/// each call one cycle: repeatForever of it never ends but never loops either.
public struct RepeatAnimation: CustomAnimation {
  /// The wrapped animation.
  public var base: Animation
  /// The number of cycles, `nil` = forever.
  public var repeatCount: Int?
  /// Whether odd cycles play backwards.
  public var autoreverses: Bool

  struct _State: AnimationStateKey {
    var iteration = 0
    var timeOffset = 0.0
    static var defaultValue: _State { _State() }
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    var s = context.state[_State.self]
    let reversed = autoreverses && s.iteration % 2 == 1
    if let r = base.animate(value: value, time: time - s.timeOffset, context: &context) {
      return reversed ? value - r : r
    }
    // Cycle ended: reset the base's state, keep ours.
    let logical = context.isLogicallyComplete
    context.state = AnimationState()
    context.isLogicallyComplete = logical
    s.iteration += 1
    s.timeOffset = time.isNaN ? s.timeOffset : time
    context.state[_State.self] = s
    if let n = repeatCount, s.iteration >= n { return nil }
    return reversed ? .zero : value
  }

  /// See the type. The base merges on its own clock, the current cycle's `t − timeOffset`.
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    guard let p = previous.as(RepeatAnimation.self), p == self else { return false }
    let cycleTime = time - context.state[_State.self].timeOffset
    return base.shouldMerge(previous: p.base, value: value, time: cycleTime, context: &context)
  }
}

/// `logicallyComplete(after:)` (iOS 17): sets `isLogicallyComplete` once `t − start ≥ after`
/// (never clears it), where `start` is 0, or the time of the last merge: a merged animation
/// starts there, as a merged spring does; otherwise the base's values, velocity and merging.
public struct LogicallyCompleteAnimation: CustomAnimation {
  /// The wrapped animation.
  public var base: Animation
  /// Seconds after which the animation is logically complete.
  public var duration: Double

  struct _Start: AnimationStateKey {
    var time = 0.0
    static var defaultValue: _Start { _Start() }
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    if time - context.state[_Start.self].time >= duration { context.isLogicallyComplete = true }
    return base.animate(value: value, time: time, context: &context)
  }
  /// The base's velocity.
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    base.velocity(value: value, time: time, context: context)
  }
  /// Merges when the base merges with `previous` (unwrapped if it is the same modifier); the
  /// merged animation's duration then counts from `time`, and its completion flag restarts.
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    let p = previous.as(LogicallyCompleteAnimation.self)?.base ?? previous
    guard base.shouldMerge(previous: p, value: value, time: time, context: &context) else { return false }
    context.state[_Start.self] = _Start(time: time)
    context.isLogicallyComplete = false
    return true
  }
}

extension Animation {
  /// Delays the start by `delay` seconds; see ``DelayAnimation``.
  public func delay(_ delay: Double) -> Animation { Animation(DelayAnimation(base: self, delay: delay)) }
  /// Multiplies the speed; see ``SpeedAnimation`` (≤ 0, NaN, ∞ end at once).
  public func speed(_ speed: Double) -> Animation { Animation(SpeedAnimation(base: self, speed: speed)) }
  /// Repeats `repeatCount` times; see ``RepeatAnimation``.
  public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
    Animation(RepeatAnimation(base: self, repeatCount: repeatCount, autoreverses: autoreverses))
  }
  /// Repeats forever; see ``RepeatAnimation``.
  public func repeatForever(autoreverses: Bool = true) -> Animation {
    Animation(RepeatAnimation(base: self, repeatCount: nil, autoreverses: autoreverses))
  }
  /// Logically complete after `duration` seconds; see ``LogicallyCompleteAnimation``.
  public func logicallyComplete(after duration: Double) -> Animation {
    Animation(LogicallyCompleteAnimation(base: self, duration: duration))
  }
}
