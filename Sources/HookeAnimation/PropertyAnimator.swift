import Hooke

/// When an animation completion callback fires (SwiftUI's `AnimationCompletionCriteria`).
public enum AnimationCompletionCriteria: Hashable, Sendable {
  /// When the animation that was started reports `isLogicallyComplete` (springs: `t ≥ response`;
  /// interpolating springs: `t ≥ 2π/√k`; timing curves: only when they end), or when it ends.
  /// Later animations that merge or combine on the property do not delay it: it fires exactly
  /// when a private fork of the animation as it was when the callback was registered (SwiftUI's
  /// rule) would report it — see ``PropertyAnimator`` for how that is done without a copy.
  case logicallyComplete
  /// When the running animation of the property — including anything merged or combined into it
  /// later — is removed (it ends, or a non-animated change cuts it).
  case removed
}

/// The animation engine for one property, as a renderer embeds it (SwiftUI's per-attribute
/// animator: animated value changes, merging or combining on interruption, completion callbacks).
///
/// Holds the ``modelValue`` (the latest value set), the ``presentationValue`` (what is on
/// screen), and the running animation with its context, interval and begin time. Displayed value
/// = `model − interval + offset`, with `offset = animation.animate(interval, time − beginTime)`.
///
/// Time: seconds as `Double` on any clock, computed by the caller from an integer frame
/// counter (`Double(frame) / hz`, never `t += dt`). The animator never goes backwards: a time
/// earlier than the last one used is treated as the last one (nothing moves), and NaN times
/// are ignored (the call acts at the last time). SwiftUI's frame-scheduling quirks (first
/// frames not advanced) are not modelled: animations are evaluated at exactly the times given.
///
/// Non-finite motion: an evaluation whose offset has a NaN or infinite component (parameters
/// that overflow, e.g. an interpolating spring with an initial velocity of 1e308) ends the
/// running animation at once — the presentation snaps to the model and the completions fire —
/// so the presentation stays finite whenever the model and the interval are.
///
/// The end of time: a time of +∞, or any time at or after ``endOfTime`` (2⁵² s), finishes
/// every running animation — the presentation snaps to the model and every pending completion
/// fires — and a `set` at such a time changes the value without animation. The clock does not
/// move there, so later ordinary times animate as usual (one stray far-future call never
/// freezes the property at a time no later frame can reach).
///
/// Completions: each ``set(_:animation:at:completionCriteria:completion:)`` may register a
/// callback; every callback fires exactly once. Within one call, `.logicallyComplete` callbacks
/// fire before `.removed` ones (registration order inside each group). If nothing animates (no
/// animation, or no change) the callback fires immediately, inside `set`.
///
/// `.logicallyComplete` forks without copies: a fork registered by a `set` is the running
/// animation as it was then, whose newest entry (``DefaultCombiningAnimation``) is the one that
/// `set` added, or the whole animation when it was not combined. That entry evaluates in the
/// running animation exactly as in the fork — an entry depends only on the entries before it,
/// and later combines only append — so the completion fires when that entry reports
/// `isLogicallyComplete` or ends, read from the running animation's own evaluation. Only a merge
/// (which replaces the running animation) and pruning (which drops entries older than the newest
/// finished one) take away entries a pending completion still waits on; those entries are then
/// kept aside as a retired run, evaluated once per sample and cut to the entries still waited
/// on, until their completions fire.
///
/// Cost: one `animate` of the running animation per ``sample(at:)`` (of each entry still
/// running in a combination), plus one of each retired run; pending completions add no
/// evaluations. Memory: O(entries still running + pending completions), however often the
/// property was animated.
public struct PropertyAnimator<Value: VectorArithmetic> {
  /// The latest value set.
  public private(set) var modelValue: Value
  /// The value to display, as of the last ``sample(at:)`` or `set`.
  public private(set) var presentationValue: Value
  /// The running animation, `nil` when idle.
  public internal(set) var animation: Animation?
  /// The running animation's context.
  public internal(set) var context: AnimationContext<Value>
  /// The running animation's interval (accumulated across merges and combines).
  public private(set) var interval: Value
  /// The time the running animation began (not reset by merges or combines).
  public private(set) var beginTime: Double
  /// The last time used (the animator's clock).
  public private(set) var currentTime: Double

  struct _Listener {
    var id: Int
    var criteria: AnimationCompletionCriteria
    var callback: (() -> Void)?
  }
  /// Pending completions, in registration (= id) order.
  var _listeners: [_Listener] = []
  var _nextID = 0
  /// The ids of the pending `.logicallyComplete` completions; each waits on the entry its `set`
  /// created (in the running animation or in a retired run).
  var _pendingLogical: Set<Int> = []
  /// For each entry of the running animation (one when it is not a combination): the id of the
  /// `set` that created it.
  var _entryIDs: [Int] = []
  /// Entries taken from the running animation while completions still wait on them.
  var _retired: [_RetiredRun] = []

  /// The ids of the completions fired by the last call, in firing order (for engines that poll
  /// instead of using callbacks).
  public private(set) var firedCompletions: [Int] = []

  /// An idle animator showing `value`, its clock at `time` (NaN, ±∞ and times at or after
  /// ``endOfTime`` start it at 0).
  public init(_ value: Value, time: Double = 0) {
    modelValue = value
    presentationValue = value
    animation = nil
    context = AnimationContext()
    interval = .zero
    beginTime = time.isFinite && time < Self.endOfTime ? time : 0
    currentTime = beginTime
  }

  /// 2⁵² s (about 1.4·10⁸ years): from here on a `Double` time no longer resolves fractions of
  /// a second, so the animator reads such times, and +∞, as the end of time (see the type).
  public static var endOfTime: Double { 0x1p52 }

  /// The time in seconds of integer tick `tick` on a clock of `ticksPerSecond`:
  /// `Double(tick) / Double(ticksPerSecond)`, the correctly rounded quotient, so the same instant
  /// expressed at different rates (2/60, 8/240) is the same `Double`. Use it to derive frame
  /// times from a frame counter instead of accumulating `t += dt`. A non-positive rate gives 0.
  public static func time(tick: Int64, ticksPerSecond: Int64) -> Double {
    ticksPerSecond > 0 ? Double(tick) / Double(ticksPerSecond) : 0
  }

  /// Whether an animation is running.
  // Inlinable, and a case test: per frame a client asks each running property, and `!= nil`
  // resolves to the `Equatable` optionals' `!=`, which copies the animation existential twice
  // over and calls `Animation.==`.
  @inlinable
  public var isAnimating: Bool {
    if case .some = animation { return true }
    return false
  }

  /// The velocity of the running animation at the last sample (units of `Value` per second):
  /// `.zero` when idle, `nil` when the running animation does not report one (timing curves,
  /// combinations, modifiers other than `logicallyComplete`).
  public var velocity: Value? {
    guard let animation else { return .zero }
    return animation.velocity(value: interval, time: currentTime - beginTime, context: context)
  }

  /// The velocity at `time`: samples there first (see ``sample(at:)``) and returns ``velocity``.
  public mutating func velocity(at time: Double) -> Value? {
    _ = sample(at: time)
    return velocity
  }

  mutating func _clock(_ time: Double) -> Double {
    if time.isNaN || time < currentTime { return currentTime }
    currentTime = time
    return time
  }

  /// Advances to `time` (at the end of time: finishes everything, see the type) and returns the
  /// presentation value. Fires the completions that became
  /// due (`.logicallyComplete` first). Ends the animation when it returns `nil`.
  // Exported specialisation for scalar properties (a scene's dimming overlays): the unspecialised
  // body looks up generic metadata and calls the arithmetic through witness tables per frame.
  @_specialize(exported:true,where Value == Double)
  @discardableResult
  public mutating func sample(at time: Double) -> Value {
    firedCompletions.removeAll(keepingCapacity: true)
    if time >= Self.endOfTime {
      _remove()
    } else {
      _advance(to: _clock(time))
    }
    return presentationValue
  }

  mutating func _advance(to t: Double) {
    var due: [Int] = []
    var removed = false
    if let animation {
      // A non-finite offset (x − x ≠ 0) ends the animation: the model shows instead of ±∞/NaN.
      let offset = animation.animate(value: interval, time: t - beginTime, context: &context)
      if let offset, offset - offset == .zero {
        presentationValue = modelValue - interval + offset
      } else {
        removed = true
      }
      _collectDue(animation, context, ended: offset == nil, _entryIDs, into: &due)
    }
    _advanceRetiredRuns(to: t, collectingDueInto: &due)
    _fire(logical: due)
    if removed {
      _remove()
    } else {
      _pruneRunningAnimation()
    }
  }

  /// Fires the `.logicallyComplete` completions `ids` (in registration order).
  mutating func _fire(logical ids: [Int]) {
    guard !ids.isEmpty else { return }
    for id in ids.sorted() {
      guard _pendingLogical.remove(id) != nil,
        let i = _listeners.firstIndex(where: { $0.id == id })
      else { continue }
      let l = _listeners.remove(at: i)
      firedCompletions.append(l.id)
      l.callback?()
    }
  }

  /// Ends the running animation: snaps to the model and fires every pending callback
  /// (`.logicallyComplete` ones first, then `.removed`).
  mutating func _remove() {
    animation = nil
    context = AnimationContext()
    interval = .zero
    presentationValue = modelValue
    // Emptied with their capacity: an animator that animates again (or reports its completions
    // next frame) does not reallocate them.
    _entryIDs.removeAll(keepingCapacity: true)
    _retired.removeAll(keepingCapacity: true)
    _pendingLogical.removeAll(keepingCapacity: true)
    var pending = _listeners
    _listeners = []
    for l in pending where l.criteria == .logicallyComplete {
      firedCompletions.append(l.id)
      l.callback?()
    }
    for l in pending where l.criteria == .removed {
      firedCompletions.append(l.id)
      l.callback?()
    }
    pending.removeAll(keepingCapacity: true)
    _listeners = pending
  }

  /// Sets the model value at `time`, animated by `animation` (or immediately when `nil`).
  ///
  /// First samples at `time`. Then, if an animation runs and `animation` is not `nil`: the new
  /// animation merges (`shouldMerge` → it takes over the running context) or combines
  /// (``DefaultCombiningAnimation``); the interval accumulates and the begin time stays (as in
  /// SwiftUI). With no running animation it starts at `time`. A `nil` animation cuts the running one
  /// (its callbacks fire). At the end of time (+∞ or ≥ ``endOfTime``) running animations finish
  /// first and the change is applied without animation. Returns an id for the completion (also
  /// reported in ``firedCompletions``); `completion` fires exactly once per call.
  @_specialize(exported:true,where Value == Double)
  @discardableResult
  public mutating func set(
    _ newValue: Value, animation newAnimation: Animation?, at time: Double,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    completion: (() -> Void)? = nil
  ) -> Int {
    firedCompletions.removeAll(keepingCapacity: true)
    let endOfTime = time >= Self.endOfTime
    let t = endOfTime ? currentTime : _clock(time)
    if endOfTime { _remove() } else { _advance(to: t) }
    let id = _nextID
    _nextID += 1
    let delta = newValue - modelValue
    guard let newAnimation, delta != .zero, !endOfTime else {
      // Nothing animates: an unanimated change cuts the running animation (its callbacks fire
      // first); an unchanged value leaves everything as it is.
      modelValue = newValue
      if delta != .zero {
        if animation != nil { _remove() }
        presentationValue = newValue
      }
      firedCompletions.append(id)
      completion?()
      return id
    }
    modelValue = newValue
    if let running = animation {
      var ctx = context
      let elapsed = t - beginTime
      if newAnimation.shouldMerge(previous: running, value: interval, time: elapsed, context: &ctx) {
        // The replaced animation, as it was before the merge, for the completions waiting on it.
        _retire(
          _RetiredRun(
            animation: running, context: context, interval: interval, begin: beginTime, entryIDs: _entryIDs))
        animation = newAnimation
        context = ctx
        _entryIDs = [id]
      } else {
        let (combined, combinedContext) = DefaultCombiningAnimation.combining(
          previous: running, context: context, value: interval, with: newAnimation, delta: delta, at: elapsed)
        animation = combined
        context = combinedContext
        // `_advance` has just pruned: the combination keeps every entry and appends one.
        let count = combined.as(DefaultCombiningAnimation.self)?.entries.count ?? 1
        _entryIDs.removeFirst(Swift.max(0, _entryIDs.count + 1 - count))
        _entryIDs.append(id)
      }
      interval = interval + delta
    } else {
      animation = newAnimation
      context = AnimationContext()
      interval = delta
      beginTime = t
      _entryIDs = [id]
    }
    _listeners.append(_Listener(id: id, criteria: completionCriteria, callback: completion))
    // Room to report every pending completion, grown here (a transaction) rather than by the
    // frame in which they fire.
    if firedCompletions.capacity < _listeners.count {
      firedCompletions.reserveCapacity(Swift.max(2 * firedCompletions.capacity, _listeners.count))
    }
    if completionCriteria == .logicallyComplete { _pendingLogical.insert(id) }
    // Shown value is unchanged at the moment of the change.
    return id
  }
}
