import Hooke

/// An animation exported as a CSS `linear()` easing with the duration to play it over.
public struct CSSLinearAnimationExport: Hashable, Sendable {
  /// The easing, its CSS text and the achieved maximum error (in fractions of the change).
  public var export: CSSLinearExport
  /// The CSS `animation-duration`/`transition-duration` in seconds: the animation's own end.
  public var duration: Double
}

extension Animation {
  /// The longest animation ``cssLinear(tolerance:maximumDuration:)`` follows by default: 10 s.
  public static let maximumCSSExportDuration: Double = 10

  /// This animation's progress from 0 to 1 as a CSS `linear()` easing within `tolerance`, or
  /// nil when it does not end within `maximumDuration` seconds (a repeat-forever, an undamped
  /// spring).
  ///
  /// Timing curves (``BezierAnimation``, ``UnitCurveAnimation``, ``TimingCurveAnimation``) with
  /// a finite positive duration export their curve (`TimingCurve.cssLinear(tolerance:)`) over
  /// that duration. Any other animation is run as a renderer runs it, on `value = 1.0` from a
  /// fresh context: its end `D` is the first time on a 1 ms grid at which `animate` returns
  /// `nil`, and the easing maps `x` to `animate(1.0, x·D)` (1 at and after the end), evaluated
  /// in increasing time (the run restarts from a fresh context when the exporter goes back), so
  /// stateful animations (SwiftUI's spring integrator, repeats) show the values a renderer would.
  /// The method and limits are those of
  /// `CSSLinearEasing.approximating(tolerance:breakpoints:resolution:_:)`.
  ///
  /// - Parameters:
  ///   - tolerance: maximum absolute error in fractions of the change, default 0.001.
  ///   - maximumDuration: the longest run followed, default 10 s; NaN or ≤ 0 gives nil.
  public func cssLinear(tolerance: Double = 0.001, maximumDuration: Double = maximumCSSExportDuration)
    -> CSSLinearAnimationExport?
  {
    guard maximumDuration > 0 else { return nil }
    if let (curve, duration) = _timingCurve, duration > 0, duration <= maximumDuration {
      return CSSLinearAnimationExport(export: curve.cssLinear(tolerance: tolerance), duration: duration)
    }
    // The end: the first 1 ms grid time at which the animation returns nil.
    let limit = Swift.min(maximumDuration, 1e6)
    var context = AnimationContext<Double>()
    var end: Double? = nil
    var tick: Int64 = 0
    while Double(tick) / 1000 <= limit {
      let t = Double(tick) / 1000
      if animate(value: 1.0, time: t, context: &context) == nil {
        end = t
        break
      }
      tick += 1
    }
    guard let end else { return nil }
    guard end > 0 else {
      // Ends at once: a jump to the end value.
      return CSSLinearAnimationExport(
        export: CSSLinearEasing(points: []).cssLinear(tolerance: tolerance), duration: 0)
    }
    var runContext = AnimationContext<Double>()
    var lastTime = -Double.infinity
    var ended = false
    let export = CSSLinearEasing.approximating(tolerance: tolerance) { x in
      if x >= 1 { return 1 }
      let t = x * end
      if t < lastTime {
        runContext = AnimationContext()
        ended = false
      }
      lastTime = t
      if ended { return 1 }
      guard let offset = animate(value: 1.0, time: t, context: &runContext) else {
        ended = true
        return 1
      }
      return offset
    }
    return CSSLinearAnimationExport(export: export, duration: end)
  }

  /// The curve and duration of a plain timing-curve animation, else nil.
  var _timingCurve: (curve: any TimingCurve, duration: Double)? {
    if let a = self.as(BezierAnimation.self) {
      return (a._isLinear ? CSSEasingFunction.linear : CSSEasingFunction.cubicBezier(a.curve), a.duration)
    }
    if let a = self.as(UnitCurveAnimation.self) { return (a.curve, a.duration) }
    if let a = base as? any _TimingCurveAnimationProtocol { return (a._anyCurve, a._duration) }
    return nil
  }
}

/// Type-erased access to a ``TimingCurveAnimation``'s curve and duration.
protocol _TimingCurveAnimationProtocol {
  var _anyCurve: any TimingCurve { get }
  var _duration: Double { get }
}

extension TimingCurveAnimation: _TimingCurveAnimationProtocol {
  var _anyCurve: any TimingCurve { curve }
  var _duration: Double { duration }
}
