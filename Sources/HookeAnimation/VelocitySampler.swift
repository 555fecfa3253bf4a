import Hooke

/// Tracks the velocity of a value from timed samples, the way SwiftUI does for gestures and
/// velocity-tracking transactions, so that a spring released from a drag starts at the drag's
/// speed.
///
/// Keeps the three most recent samples. With two, the velocity is their difference quotient;
/// with three it blends the two quotients, `0.75 · v(older pair) + 0.25 · v(newer pair)`, which
/// smooths frame-to-frame noise (SwiftUI's observable behaviour: samples 1 @ 1 s and 2 @ 2 s
/// give 1.0; adding 4 @ 3 s gives 1.25). A sample less than `Double.ulpOfOne` seconds after the
/// last one replaces it; a sample earlier than the last one, or with a NaN or infinite time, is
/// ignored. Fewer than two samples give `.zero`. Velocities are in units of `Value` per second.
///
/// Feeding a spring: ``velocity`` is the initial velocity of `Spring`'s
/// `value(target:initialVelocity:time:)` for the gap still to travel;
/// ``unitVelocity(from:to:)`` is the fraction-of-the-change form SwiftUI's
/// `interpolatingSpring(…initialVelocity:)` takes. Cost: O(1) per call.
public struct VelocitySampler<Value: VectorArithmetic> {
  /// The kept samples, oldest first (at most three).
  var _samples: [(value: Value, time: Double)] = []

  /// The weight of the older pair's velocity when three samples are kept (SwiftUI's 0.75).
  public static var previousSampleWeight: Double { 0.75 }

  /// An empty sampler.
  public init() {}

  /// Whether no sample has been added since creation or ``reset()``.
  public var isEmpty: Bool { _samples.isEmpty }

  /// The time of the last accepted sample, nil when empty.
  public var lastTime: Double? { _samples.last?.time }

  /// Adds `value` observed at `time` (seconds on any clock); see the type for the rules.
  public mutating func addSample(_ value: Value, time: Double) {
    guard time.isFinite else { return }
    if let last = _samples.last {
      if time < last.time { return }
      if time - last.time < Double.ulpOfOne {
        _samples[_samples.count - 1] = (value, time)
        return
      }
    }
    if _samples.count == 3 { _samples.removeFirst() }
    _samples.append((value, time))
  }

  /// Forgets every sample.
  public mutating func reset() { _samples.removeAll() }

  /// The tracked velocity (units per second); see the type.
  public var velocity: Value {
    let n = _samples.count
    guard n >= 2 else { return .zero }
    let newer = Self._quotient(_samples[n - 2], _samples[n - 1])
    guard n == 3 else { return newer }
    let older = Self._quotient(_samples[0], _samples[1])
    let w = Self.previousSampleWeight
    return older.scaled(by: w) + newer.scaled(by: 1 - w)
  }

  /// The velocity as a fraction of the change from `current` to `target` per second: the
  /// component of ``velocity`` along `target − current`, divided by its length,
  /// `(v · d) / |d|²` (the dot product from `magnitudeSquared`: `(|v + d|² − |v − d|²) / 4`).
  /// 0 when `target == current`. Pass it as `initialVelocity` of
  /// `Animation.interpolatingSpring` (which takes fractions of the change per second).
  public func unitVelocity(from current: Value, to target: Value) -> Double {
    let d = target - current
    let length = d.magnitudeSquared
    guard length > 0, length.isFinite else { return 0 }
    let v = velocity
    let dot = ((v + d).magnitudeSquared - (v - d).magnitudeSquared) / 4
    let fraction = dot / length
    return fraction.isFinite ? fraction : 0
  }

  static func _quotient(_ a: (value: Value, time: Double), _ b: (value: Value, time: Double)) -> Value {
    (b.value - a.value).scaled(by: 1 / (b.time - a.time))
  }
}

extension VelocitySampler: Sendable where Value: Sendable {}
