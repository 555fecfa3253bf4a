import Hooke

/// Any `TimingCurve` — `UnitCurve`, `CubicBezier`, `Easing`, `ParametricEasing`,
/// `StepsEasing`, `CSSLinearEasing`, `CSSEasingFunction` — played over a duration
/// (`Animation.timingCurve(_:duration:)`).
///
/// `animate` = `value × curve.value(at: clamp(time/duration, 0, 1))`, `nil` once
/// `time > duration` (at exactly `duration` it still returns `value × curve.value(at: 1)`) and
/// immediately when `duration ≤ 0` or NaN. NaN time reads as 0; an infinite duration never ends
/// and shows progress 0. Velocity `value/duration × curve.velocity(at: progress)`, `nil` when it
/// is not finite (a vertical tangent). Never merges: interruptions combine
/// (``DefaultCombiningAnimation``). Never logically complete before it ends.
public struct TimingCurveAnimation<Curve: TimingCurve>: CustomAnimation {
  /// The curve.
  public var curve: Curve
  /// The duration in seconds.
  public var duration: Double

  /// `curve` over `duration` seconds.
  public init(curve: Curve, duration: Double) {
    self.curve = curve
    self.duration = duration
  }

  /// Progress in `[0, 1]`: `time/duration` clamped, NaN (∞/∞, NaN time) read as 0.
  func _progress(_ time: Double) -> Double {
    let ratio = (time.isNaN ? 0 : time) / duration
    return ratio.isNaN ? 0 : Swift.min(Swift.max(ratio, 0), 1)
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    guard duration > 0, !(time > duration) else { return nil }
    return value.scaled(by: curve.value(at: _progress(time)))
  }

  /// See the type.
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    guard duration > 0, duration.isFinite else { return nil }
    let slope = curve.velocity(at: _progress(time))
    guard slope.isFinite else { return nil }
    return value.scaled(by: slope / duration)
  }
}

extension Animation {
  /// Any `TimingCurve` over `duration` seconds (default 0.35 s, SwiftUI's); see
  /// ``TimingCurveAnimation``. A `UnitCurve` resolves to the concrete overload
  /// (``UnitCurveAnimation``), which behaves the same.
  public static func timingCurve<Curve: TimingCurve>(_ curve: Curve, duration: Double = 0.35) -> Animation {
    Animation(TimingCurveAnimation(curve: curve, duration: duration))
  }
}
