import Hooke

/// What a keyframe does (the payload of the four SwiftUI keyframe types).
public enum KeyframeKind<Value: VectorArithmetic> {
  /// ``LinearKeyframe``.
  case linear(to: Value, duration: Double, timingCurve: UnitCurve)
  /// ``CubicKeyframe``.
  case cubic(to: Value, duration: Double, startVelocity: Value?, endVelocity: Value?)
  /// ``SpringKeyframe``.
  case spring(to: Value, duration: Double?, spring: Spring, startVelocity: Value?)
  /// ``MoveKeyframe``.
  case move(to: Value)
}

/// A keyframe of a ``KeyframeTrack``.
public protocol Keyframe<Value> {
  /// The animated value type.
  associatedtype Value: VectorArithmetic
  /// What the keyframe does.
  var kind: KeyframeKind<Value> { get }
}

/// Interpolates from the previous value to `to` over `duration` seconds along `timingCurve`:
/// `from + (to − from)·curve.value(at: u)`, u = local progress. Start/end velocities (for
/// chaining) are `(to − from)/duration × curve.velocity(at: 0/1)`.
public struct LinearKeyframe<Value: VectorArithmetic>: Keyframe {
  /// See ``Keyframe/kind``.
  public let kind: KeyframeKind<Value>
  /// The keyframe; negative or NaN durations read as 0.
  public init(_ to: Value, duration: Double, timingCurve: UnitCurve = .linear) {
    kind = .linear(to: to, duration: duration, timingCurve: timingCurve)
  }
}

/// A cubic Hermite segment to `to` over `duration` seconds.
///
/// Velocities (units of `Value` per second) chain as Apple documents and, where Apple is silent
/// (tangents with unequal durations, chaining with other keyframe kinds), as Hooke decides:
/// - between two cubic keyframes: the explicit end velocity of the first, else the explicit start
///   velocity of the second, else the **non-uniform Catmull-Rom tangent**
///   `(p₊ − p₋)/(t₊ − t₋)` over the neighbouring keyframe values and times (each side uses its
///   own explicit velocity if given) — with nil velocities the curve is C¹;
/// - after a non-cubic keyframe: that keyframe's end velocity; before a linear or spring
///   keyframe: that keyframe's start velocity (a spring with nil start velocity after a cubic one
///   takes the cubic's secant `(to − from)/duration`); before a move: 0;
/// - at the start and the end of the track: 0 (the track starts and ends at rest).
///
/// Any keyframe velocity with a non-finite component — given explicitly, or derived as
/// change/duration and overflowing (e.g. over a subnormal duration, whose reciprocal is ∞) —
/// reads as zero, so values stay finite.
public struct CubicKeyframe<Value: VectorArithmetic>: Keyframe {
  /// See ``Keyframe/kind``.
  public let kind: KeyframeKind<Value>
  /// The keyframe; negative or NaN durations read as 0.
  public init(_ to: Value, duration: Double, startVelocity: Value? = nil, endVelocity: Value? = nil) {
    kind = .cubic(to: to, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity)
  }
}

/// A `Spring` from the previous value towards `to`.
///
/// `duration` nil = the spring's settling duration for this segment's change and start
/// velocity (ε = 0.001, `Spring.settlingDuration(target:initialVelocity:epsilon:)`; an infinite
/// settling duration is capped at 60 s). `startVelocity` nil = the previous segment's end velocity
/// (continuity); a non-finite start velocity reads as zero (see ``CubicKeyframe``).
/// **Decision (Apple does not document this case):** when the duration is shorter than the
/// settling time the spring is cut there and the next keyframe starts from the value (and velocity) actually
/// reached — no jump; the same holds for nil durations (the residual is below ε of the change).
public struct SpringKeyframe<Value: VectorArithmetic>: Keyframe {
  /// See ``Keyframe/kind``.
  public let kind: KeyframeKind<Value>
  /// The keyframe.
  public init(_ to: Value, duration: Double? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
    kind = .spring(to: to, duration: duration, spring: spring, startVelocity: startVelocity)
  }
}

/// Jumps to `to` immediately (zero duration; velocity 0 on both sides).
public struct MoveKeyframe<Value: VectorArithmetic>: Keyframe {
  /// See ``Keyframe/kind``.
  public let kind: KeyframeKind<Value>
  /// The keyframe.
  public init(_ to: Value) { kind = .move(to: to) }
}

/// Builds the keyframe list of a track.
@resultBuilder
public enum KeyframeTrackBuilder<Value: VectorArithmetic> {
  /// One keyframe.
  public static func buildExpression<K: Keyframe>(_ keyframe: K) -> [any Keyframe<Value>]
  where K.Value == Value {
    [keyframe]
  }
  /// Concatenation.
  public static func buildBlock(_ parts: [any Keyframe<Value>]...) -> [any Keyframe<Value>] {
    parts.flatMap { $0 }
  }
  /// `if` without `else`.
  public static func buildOptional(_ part: [any Keyframe<Value>]?) -> [any Keyframe<Value>] { part ?? [] }
  /// `if`/`else`, first branch.
  public static func buildEither(first: [any Keyframe<Value>]) -> [any Keyframe<Value>] { first }
  /// `if`/`else`, second branch.
  public static func buildEither(second: [any Keyframe<Value>]) -> [any Keyframe<Value>] { second }
  /// `for` loops.
  public static func buildArray(_ parts: [[any Keyframe<Value>]]) -> [any Keyframe<Value>] {
    parts.flatMap { $0 }
  }
}

/// The keyframes of one property (key path) of a ``KeyframeTimeline``'s value.
public struct KeyframeTrack<Root, Value: VectorArithmetic> {
  /// The animated property.
  public let keyPath: WritableKeyPath<Root, Value>
  /// The keyframes in order.
  public let keyframes: [any Keyframe<Value>]

  /// A track from a list.
  public init(_ keyPath: WritableKeyPath<Root, Value>, keyframes: [any Keyframe<Value>]) {
    self.keyPath = keyPath
    self.keyframes = keyframes
  }

  /// A track from a builder: `KeyframeTrack(\.x) { LinearKeyframe(1, duration: 0.5) … }`.
  public init(
    _ keyPath: WritableKeyPath<Root, Value>,
    @KeyframeTrackBuilder<Value> _ content: () -> [any Keyframe<Value>]
  ) {
    self.init(keyPath, keyframes: content())
  }
}

/// A resolved segment: absolute times, endpoint values and velocities.
struct _Segment<Value: VectorArithmetic> {
  enum Shape {
    case linear(UnitCurve)
    case cubic
    case spring(Spring)
    case move
  }
  var shape: Shape
  var start: Double
  var duration: Double
  var from: Value
  var to: Value  // the target (the reached value may differ for a cut spring)
  var end: Value  // the value at start + duration
  var startVelocity: Value
  var endVelocity: Value

  func value(at t: Double) -> Value {
    let local = t - start
    switch shape {
    case .move:
      return to
    case .linear(let curve):
      guard duration > 0 else { return to }
      return from + (to - from).scaled(by: curve.value(at: local / duration))
    case .cubic:
      guard duration > 0 else { return to }
      let u = local / duration
      let u2 = u * u
      let u3 = u2 * u
      let h00 = 2 * u3 - 3 * u2 + 1
      let h10 = u3 - 2 * u2 + u
      let h01 = -2 * u3 + 3 * u2
      let h11 = u3 - u2
      return from.scaled(by: h00) + startVelocity.scaled(by: h10 * duration)
        + to.scaled(by: h01) + endVelocity.scaled(by: h11 * duration)
    case .spring(let spring):
      return from + spring.value(target: to - from, initialVelocity: startVelocity, time: local)
    }
  }
}

/// A type-erased resolved track.
struct _ResolvedTrack<Root> {
  var duration: Double
  var apply: (inout Root, Double) -> Void
}

/// A keyframe timeline (SwiftUI's `KeyframeTimeline`): tracks of keyframes on key paths
/// of an initial value, evaluated at any time.
///
/// - Tracks are applied to the initial value **in declaration order; the last track wins** where
///   two animate the same property. Each track starts from the initial value's property.
/// - ``duration`` = the longest track (sum of its keyframe durations, spring nil durations
///   resolved). An empty timeline (no tracks, or only empty tracks) has duration 0 and always
///   shows the initial value.
/// - ``value(time:)`` **clamps** time to `[0, duration]` (Hooke's choice, Apple does not document
///   it; NaN reads as 0): before the start it shows the start, after the end the final values. A
///   track shorter than the timeline holds its last value.
/// - Each track's value at a keyframe's time is that keyframe's value exactly (the segment
///   starting there evaluates to its `from` at local time 0; a move shows its target from its
///   time on; a cut spring shows the value reached).
/// Cost: resolution at init (one settling-duration search per nil-duration spring); evaluation
/// is a linear scan of a track's segments plus one segment evaluation per track.
public struct KeyframeTimeline<Value> {
  /// The value before any keyframe.
  public let initialValue: Value
  let _tracks: [_ResolvedTrack<Value>]
  /// The duration in seconds: the longest track.
  public let duration: Double

  /// A timeline with no tracks: always `initialValue`.
  public init(initialValue: Value) {
    self.initialValue = initialValue
    self._tracks = []
    self.duration = 0
  }

  /// A timeline with one track.
  public init<P: VectorArithmetic>(initialValue: Value, _ track: KeyframeTrack<Value, P>) {
    self.init(initialValue: initialValue, tracks: [_resolve(track, initial: initialValue)])
  }

  /// A timeline with two tracks (applied in order).
  public init<P: VectorArithmetic, Q: VectorArithmetic>(
    initialValue: Value, _ t1: KeyframeTrack<Value, P>, _ t2: KeyframeTrack<Value, Q>
  ) {
    self.init(
      initialValue: initialValue,
      tracks: [_resolve(t1, initial: initialValue), _resolve(t2, initial: initialValue)])
  }

  /// A timeline with three tracks (applied in order).
  public init<P: VectorArithmetic, Q: VectorArithmetic, R: VectorArithmetic>(
    initialValue: Value, _ t1: KeyframeTrack<Value, P>, _ t2: KeyframeTrack<Value, Q>,
    _ t3: KeyframeTrack<Value, R>
  ) {
    self.init(
      initialValue: initialValue,
      tracks: [
        _resolve(t1, initial: initialValue), _resolve(t2, initial: initialValue),
        _resolve(t3, initial: initialValue),
      ])
  }

  /// A timeline with any number of tracks of one property type (applied in order).
  public init<P: VectorArithmetic>(initialValue: Value, tracks: [KeyframeTrack<Value, P>]) {
    self.init(initialValue: initialValue, tracks: tracks.map { _resolve($0, initial: initialValue) })
  }

  init(initialValue: Value, tracks: [_ResolvedTrack<Value>]) {
    self.initialValue = initialValue
    self._tracks = tracks
    self.duration = tracks.reduce(0) { Swift.max($0, $1.duration) }
  }

  /// The value at `time` seconds (clamped to `[0, duration]`, NaN → 0).
  public func value(time: Double) -> Value {
    let t = time.isNaN ? 0 : Swift.min(Swift.max(time, 0), duration)
    var v = initialValue
    for track in _tracks { track.apply(&v, t) }
    return v
  }

  /// The value at `progress · duration`; progress clamped to `[0, 1]` (NaN → 0).
  public func value(progress: Double) -> Value {
    let p = progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1)
    return value(time: p == 1 ? duration : p * duration)
  }
}

func _sanitizedDuration(_ d: Double) -> Double { d > 0 ? (d.isFinite ? d : 0) : 0 }

func _resolve<Root, P: VectorArithmetic>(_ track: KeyframeTrack<Root, P>, initial: Root) -> _ResolvedTrack<
  Root
> {
  let segments = _resolveSegments(track.keyframes.map { $0.kind }, initial: initial[keyPath: track.keyPath])
  let keyPath = track.keyPath
  let duration = segments.last.map { $0.start + $0.duration } ?? 0
  return _ResolvedTrack(duration: duration) { root, t in
    guard let last = segments.last else { return }
    for s in segments where t < s.start + s.duration {
      root[keyPath: keyPath] = s.value(at: t)
      return
    }
    root[keyPath: keyPath] = last.end
  }
}

/// Resolves a track's keyframes into timed segments with chained velocities (see CubicKeyframe).
func _resolveSegments<V: VectorArithmetic>(_ kinds: [KeyframeKind<V>], initial: V) -> [_Segment<V>] {
  // Pass 1: durations and end values of non-spring segments (targets); spring durations need
  // their start velocity, so they are resolved in pass 2 in order.
  // Non-finite explicit velocities read as zero (they would make NaN in the Hermite terms).
  let kinds = kinds.map { kind -> KeyframeKind<V> in
    switch kind {
    case .cubic(let to, let d, let sv, let ev):
      return .cubic(
        to: to, duration: d, startVelocity: sv.map(_finiteOrZero), endVelocity: ev.map(_finiteOrZero))
    case .spring(let to, let d, let spring, let sv):
      return .spring(to: to, duration: d, spring: spring, startVelocity: sv.map(_finiteOrZero))
    case .linear, .move:
      return kind
    }
  }
  var segments: [_Segment<V>] = []
  var time = 0.0
  var from = initial
  var previousEndVelocity = V.zero
  for (i, kind) in kinds.enumerated() {
    switch kind {
    case .move(let to):
      segments.append(
        _Segment(
          shape: .move, start: time, duration: 0, from: from, to: to, end: to,
          startVelocity: .zero, endVelocity: .zero))
      from = to
      previousEndVelocity = .zero
    case .linear(let to, let d, let curve):
      let d = _sanitizedDuration(d)
      let rate = d > 0 ? (to - from).scaled(by: 1 / d) : V.zero
      let v0 = _finiteOrZero(_finiteScale(rate, curve.velocity(at: 0)))
      let v1 = _finiteOrZero(_finiteScale(rate, curve.velocity(at: 1)))
      segments.append(
        _Segment(
          shape: .linear(curve), start: time, duration: d, from: from, to: to, end: to,
          startVelocity: v0, endVelocity: v1))
      time += d
      from = to
      previousEndVelocity = v1
    case .cubic(let to, let d, let sv, let ev):
      let d = _sanitizedDuration(d)
      // Velocities fixed in pass 2; provisional ones here.
      segments.append(
        _Segment(
          shape: .cubic, start: time, duration: d, from: from, to: to, end: to,
          startVelocity: sv ?? .zero, endVelocity: ev ?? .zero))
      time += d
      from = to
      previousEndVelocity = ev ?? .zero
    case .spring(let to, let d, let spring, let sv):
      var v0 = sv ?? previousEndVelocity
      if sv == nil, i > 0, case .cubic(_, _, _, nil) = kinds[i - 1] {
        let p = segments[i - 1]
        v0 = p.duration > 0 ? _finiteOrZero((p.to - p.from).scaled(by: 1 / p.duration)) : .zero
      }
      var duration =
        d.map(_sanitizedDuration) ?? spring.settlingDuration(target: to - from, initialVelocity: v0)
      if !(duration <= 60) { duration = 60 }
      let end = from + spring.value(target: to - from, initialVelocity: v0, time: duration)
      let v1 = spring.velocity(target: to - from, initialVelocity: v0, time: duration)
      segments.append(
        _Segment(
          shape: .spring(spring), start: time, duration: duration, from: from, to: to, end: end,
          startVelocity: v0, endVelocity: v1))
      time += duration
      from = end
      previousEndVelocity = v1
    }
  }
  // Pass 2: cubic velocities.
  for i in segments.indices {
    guard case .cubic(_, _, let sv, let ev) = kinds[i] else { continue }
    if sv == nil {
      if i == 0 {
        segments[i].startVelocity = .zero
      } else if case .cubic(_, _, _, let pev) = kinds[i - 1] {
        segments[i].startVelocity = pev ?? _catmullRom(segments[i - 1], segments[i])
      } else {
        segments[i].startVelocity = segments[i - 1].endVelocity
      }
    }
    if ev == nil {
      if i == segments.count - 1 {
        segments[i].endVelocity = .zero
      } else if case .cubic(_, _, let nsv, _) = kinds[i + 1] {
        segments[i].endVelocity = nsv ?? _catmullRom(segments[i], segments[i + 1])
      } else {
        segments[i].endVelocity = segments[i + 1].startVelocity
      }
    }
  }
  return segments
}

/// The non-uniform Catmull-Rom tangent at the keyframe between `a` and `b`:
/// `(b.to − a.from)/(a.duration + b.duration)` (zero for zero total duration or a non-finite
/// result).
func _catmullRom<V: VectorArithmetic>(_ a: _Segment<V>, _ b: _Segment<V>) -> V {
  let span = a.duration + b.duration
  return span > 0 ? _finiteOrZero((b.to - a.from).scaled(by: 1 / span)) : .zero
}

func _finiteScale<V: VectorArithmetic>(_ v: V, _ s: Double) -> V { s.isFinite ? v.scaled(by: s) : .zero }

/// `v` when every component is finite, else `.zero` (a component is finite exactly when it
/// times 0 is ±0; ∞·0 and NaN·0 are NaN).
func _finiteOrZero<V: VectorArithmetic>(_ v: V) -> V { v.scaled(by: 0) == .zero ? v : .zero }
