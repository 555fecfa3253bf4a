/// A timing curve: a function from input progress to output progress, with its slope.
///
/// Every curve type of Hooke conforms — ``UnitCurve``, ``CubicBezier``, ``Easing``,
/// ``ParametricEasing``, ``StepsEasing`` and ``CSSLinearEasing`` — so any of them can drive an
/// animation (`Animation.timingCurve(_:duration:)` in HookeAnimation) or be exported as a CSS
/// `linear()` easing (``cssLinear(tolerance:)``).
///
/// Contract for conformers: `value(at:)` is defined for every `Double` (NaN reads as 0, as
/// each type documents) and never traps; `value(at: 0)` is 0 and `value(at: 1)` is 1 for the
/// curves an animation starts and ends on (all of Hooke's, except `linear()` and `steps()`
/// texts that say otherwise). `velocity(at:)` is d(output)/d(input), possibly ±∞ at a vertical
/// tangent and 0 on flat pieces and at jumps.
public protocol TimingCurve: Hashable, Sendable {
  /// The output progress at input progress `progress`.
  func value(at progress: Double) -> Double
  /// The derivative d(output)/d(input) at input progress `progress`.
  func velocity(at progress: Double) -> Double
  /// ``value(at:)`` and ``velocity(at:)`` at once, bit for bit the two calls; curves that solve
  /// for a parameter (``CubicBezier``) solve once. Default: the two calls.
  func valueAndVelocity(at progress: Double) -> (value: Double, velocity: Double)
  /// The curve on `[0, 1]` as a CSS `linear()` easing within `tolerance` (absolute, in output
  /// progress; clamped as ``CSSLinearEasing/approximating(tolerance:breakpoints:resolution:_:)``
  /// documents). Default: that exporter applied to ``value(at:)``; ``Easing`` passes its
  /// bounce joins as breakpoints, ``StepsEasing`` and ``CSSLinearEasing`` export their own
  /// points (see their implementations).
  func cssLinear(tolerance: Double) -> CSSLinearExport
}

extension TimingCurve {
  /// The two calls, ``value(at:)`` then ``velocity(at:)``.
  public func valueAndVelocity(at progress: Double) -> (value: Double, velocity: Double) {
    (value(at: progress), velocity(at: progress))
  }

  /// The minimal-stop approximation of ``value(at:)`` on `[0, 1]`; default tolerance 0.001.
  public func cssLinear(tolerance: Double = 0.001) -> CSSLinearExport {
    CSSLinearEasing.approximating(tolerance: tolerance) { value(at: $0) }
  }
}

extension UnitCurve: TimingCurve {}
extension CubicBezier: TimingCurve {}
extension Easing: TimingCurve {}

extension StepsEasing: TimingCurve {
  /// The output at `progress` outside the CSS before phase: ``value(at:beforeFlag:)`` with
  /// `beforeFlag` false.
  @inlinable
  public func value(at progress: Double) -> Double { value(at: progress, beforeFlag: false) }
}

extension CSSLinearEasing: TimingCurve {
  /// The slope of the segment `progress` falls on: `(b.output − a.output) / (b.input − a.input)`
  /// for the segment the evaluation interpolates or extrapolates on (the first two points
  /// before the first input, the last two after the last); 0 on flat segments, at a jump (two
  /// points with one input) and for a single point. At an input shared with a point the slope
  /// of the segment to its right is reported (the last segment's at and after the last input).
  /// NaN reads as 0. Cost: O(log points).
  public func velocity(at progress: Double) -> Double {
    let x = progress.isNaN ? 0 : progress
    let n = points.count
    guard n >= 2 else { return 0 }
    // upper = number of points with input <= x.
    var low = 0
    var high = n
    while low < high {
      let mid = (low + high) / 2
      if points[mid].input <= x { low = mid + 1 } else { high = mid }
    }
    let i = Swift.min(Swift.max(low, 1), n - 1)
    let a = points[i - 1]
    let b = points[i]
    guard b.input > a.input, a.output != b.output else { return 0 }
    return (b.output - a.output) / (b.input - a.input)
  }
}

extension ParametricEasing: TimingCurve {}
