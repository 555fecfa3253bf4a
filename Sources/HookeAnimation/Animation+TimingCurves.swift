import Hooke

/// A cubic Bézier timing-curve animation (SwiftUI's `BezierAnimation`).
///
/// `animate` = `value × curve(clamp(time/duration, 0, 1))`, `nil` once `time > duration` (at
/// exactly `time == duration` it still returns `value × curve(1) = value`) and immediately when
/// `duration ≤ 0` or NaN. Control points are not clamped in y (overshoot allowed); the curve is
/// Hooke's unquantised `CubicBezier` (the `.linear` curve is evaluated as the identity, exactly).
/// No velocity, never merges: interruptions combine (``DefaultCombiningAnimation``). NaN time
/// reads as 0. An infinite duration never ends and shows progress 0, also at time +∞ (where
/// time/duration is NaN).
public struct BezierAnimation: CustomAnimation {
  /// The timing curve.
  public var curve: CubicBezier
  /// The duration in seconds.
  public var duration: Double

  /// A timing curve with control points (p1x, p1y), (p2x, p2y) over `duration` seconds.
  public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: Double) {
    self.curve = CubicBezier(p1x, p1y, p2x, p2y)
    self.duration = duration
  }

  var _isLinear: Bool {
    curve.startControlPoint == UnitPoint(x: 0, y: 0) && curve.endControlPoint == UnitPoint(x: 1, y: 1)
  }

  /// `value × curve(clamp(time/duration))`, or `nil` after `duration`; see the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    guard duration > 0, !(time > duration) else { return nil }
    let time = time.isNaN ? 0 : time
    let ratio = time / duration  // NaN only for ∞/∞ (infinite duration at time +∞): progress 0
    let progress = ratio.isNaN ? 0 : Swift.min(Swift.max(ratio, 0), 1)
    let y = _isLinear ? progress : curve.value(at: progress)
    return value.scaled(by: y)
  }
}

/// A `UnitCurve` animation (`Animation.timingCurve(_ curve: UnitCurve, duration:)`):
/// `value × curve.value(at: clamp(time/duration))`, ends after `duration` as ``BezierAnimation``;
/// velocity `value/duration × curve.velocity(at: progress)` (the only timing curve with one).
/// Never merges.
public struct UnitCurveAnimation: CustomAnimation {
  /// The curve (quantised to 2⁻²⁰ as SwiftUI's).
  public var curve: UnitCurve
  /// The duration in seconds.
  public var duration: Double

  /// `curve` over `duration` seconds.
  public init(curve: UnitCurve, duration: Double) {
    self.curve = curve
    self.duration = duration
  }

  func _progress(_ time: Double) -> Double {
    let time = time.isNaN ? 0 : time
    return Swift.min(Swift.max(time / duration, 0), 1)
  }

  /// See the type.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    guard duration > 0, !(time > duration) else { return nil }
    return value.scaled(by: curve.value(at: _progress(time)))
  }

  /// `value/duration × curve.velocity(at: progress)`; `nil` when `duration ≤ 0` or NaN, or
  /// when the velocity is not finite: a vertical tangent of the circular curves, a factor
  /// `slope/duration` that overflows (subnormal durations), or a component that overflows or
  /// is already non-finite in `value`.
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    guard duration > 0 else { return nil }
    let factor = curve.velocity(at: _progress(time)) / duration
    guard factor.isFinite else { return nil }
    let velocity = value.scaled(by: factor)
    return velocity - velocity == .zero ? velocity : nil  // x − x is zero only for finite x
  }
}

extension Animation {
  /// Linear over 0.35 s.
  public static let linear: Animation = Animation.linear(duration: 0.35)
  /// Linear over `duration` seconds: control points (0,0), (1,1).
  public static func linear(duration: Double) -> Animation {
    Animation(BezierAnimation(0, 0, 1, 1, duration: duration))
  }
  /// Ease-in over 0.35 s.
  public static let easeIn: Animation = Animation.easeIn(duration: 0.35)
  /// Ease-in over `duration` seconds: control points (0.42,0), (1,1).
  public static func easeIn(duration: Double) -> Animation {
    Animation(BezierAnimation(0.42, 0, 1, 1, duration: duration))
  }
  /// Ease-out over 0.35 s.
  public static let easeOut: Animation = Animation.easeOut(duration: 0.35)
  /// Ease-out over `duration` seconds: control points (0,0), (0.58,1).
  public static func easeOut(duration: Double) -> Animation {
    Animation(BezierAnimation(0, 0, 0.58, 1, duration: duration))
  }
  /// Ease-in-out over 0.35 s.
  public static let easeInOut: Animation = Animation.easeInOut(duration: 0.35)
  /// Ease-in-out over `duration` seconds: control points (0.42,0), (0.58,1).
  public static func easeInOut(duration: Double) -> Animation {
    Animation(BezierAnimation(0.42, 0, 0.58, 1, duration: duration))
  }
  /// A cubic Bézier timing curve (y not clamped; overshoot allowed), default 0.35 s.
  public static func timingCurve(
    _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: Double = 0.35
  ) -> Animation {
    Animation(BezierAnimation(p1x, p1y, p2x, p2y, duration: duration))
  }
  /// A `UnitCurve` timing curve (iOS 17), default 0.35 s; has a velocity.
  public static func timingCurve(_ curve: UnitCurve, duration: Double = 0.35) -> Animation {
    Animation(UnitCurveAnimation(curve: curve, duration: duration))
  }
}
