/// A spring exported as a CSS `linear()` easing together with the duration to play it over.
public struct CSSLinearSpringExport: Hashable, Sendable {
  /// The easing, its CSS text and the achieved maximum error (in fractions of the change).
  public var export: CSSLinearExport
  /// The animation duration the easing is meant for, in seconds (the CSS
  /// `animation-duration`/`transition-duration`).
  public var duration: Double
}

extension Spring {
  /// The longest horizon a `linear()` export covers: 10 s (the longest settling duration
  /// ``init(settlingDuration:dampingRatio:epsilon:)`` accepts). Springs that never settle
  /// (no damping) are cut there.
  public static let maximumCSSExportDuration: Double = 10

  /// This spring's step response (0 → 1, with `initialVelocity` in fractions of the change per
  /// second) as a CSS `linear()` easing with the fewest stops whose maximum error stays within
  /// `tolerance`, over its settling duration.
  ///
  /// The easing maps progress `x` to `value(target: 1, initialVelocity:, time: x·D)` where `D` is
  /// ``settlingDuration(target:initialVelocity:epsilon:)`` with `epsilon = tolerance`
  /// (so stopping there costs no more than the tolerance), clamped to
  /// `0.01…`​``maximumCSSExportDuration``; the last stop is exactly 1, as an animation ends on
  /// its target. The method and its limits are those of
  /// ``CSSLinearEasing/approximating(tolerance:breakpoints:resolution:_:)``.
  ///
  /// - Parameters:
  ///   - initialVelocity: in fractions of the change per second; NaN or ±∞ count as 0.
  ///   - tolerance: maximum absolute error in fractions of the change, default 0.001; clamped as
  ///     the exporter documents.
  /// - Returns: the export and the duration `D` to play it over. Cost: a few hundred thousand
  ///   spring evaluations at most.
  public func cssLinear(initialVelocity: Double = 0, tolerance: Double = 0.001) -> CSSLinearSpringExport {
    let v0 = initialVelocity.isFinite ? initialVelocity : 0
    let epsilon =
      tolerance.isNaN
      ? CSSLinearEasing.minimumExportTolerance
      : Swift.min(Swift.max(tolerance, CSSLinearEasing.minimumExportTolerance), 1)
    var horizon = settlingDuration(target: 1.0, initialVelocity: v0, epsilon: epsilon)
    if !(horizon <= Spring.maximumCSSExportDuration) { horizon = Spring.maximumCSSExportDuration }
    horizon = Swift.max(horizon, 0.01)
    let export = CSSLinearEasing.approximating(tolerance: tolerance) { x in
      x >= 1 ? 1 : value(target: 1.0, initialVelocity: v0, time: x * horizon)
    }
    return CSSLinearSpringExport(export: export, duration: horizon)
  }
}
