/// An unquantised cubic Bézier timing curve from (0, 0) to (1, 1) — CSS `cubic-bezier(x1, y1, x2, y2)`
/// — with a solver of WebKit `UnitBezier` quality.
///
/// Construction precomputes the power-basis coefficients (`x(t) = ((ax·t + bx)·t + cx)·t`,
/// likewise y), an 11-entry table of x at t = 0, 0.1, …, 1 and the two end gradients.
/// ``solveParameter(x:)`` brackets x in the table, starts from the linear interpolation inside
/// the bracket, takes up to 4 Newton steps (stopping when a step is below 2⁻⁵²) and falls back to
/// bisection on the bracket when Newton leaves it or has not reached |x(t) − x| ≤ 1e-15.
///
/// Outside `[0, 1]` the curve is extended by straight lines along its end tangents, as Chromium,
/// Gecko and the web-platform tests do. Left of 0: the slope of P0–P1 when P1.x > 0; else, when
/// P1 is P0 itself, of P0–P2 (P2.x > 0) or 1 (P2 also at P0: the curve is linear); else 0 —
/// P1 straight above or below P0 makes the tangent vertical, and the extension is flat. Right
/// of 1, mirrored: P2–P3 when P2.x < 1; else, when P2 is P3, P1–P3 (P1.x < 1) or 1; else 0. (CSS
/// Easing Level 1's prose takes P0–P2 whenever P1.x = 0, which browsers and their tests do not.)
///
/// Accuracy (measured against 60-digit mpmath fixtures, `Tests/Fixtures/curves-bezier.txt`):
/// ≤ 1e-15 absolute in value (6.7e-16 measured) and ≤ 1e-14 relative in velocity (3.9e-15
/// measured) for well-conditioned curves, including overshooting y; near a vertical tangent the
/// value error is bounded by slope × 1e-15 and the velocity by 1e-6 relative. Unlike ``UnitCurve``, nothing is quantised and y may overshoot.
///
/// Control points: x coordinates are clamped to `[0, 1]` (so x(t) is monotone and the curve is
/// a function), y coordinates are kept (overshoot allowed) but limited to ±2³²; NaN
/// coordinates read as 0. Equality and hashing use the sanitised control points. Cost: init
/// ~30 flops; evaluation typically 1 table scan + 2–3 Newton steps.
public struct CubicBezier: Hashable, Sendable {
  /// The first control point, after sanitising (x in `[0, 1]`, y finite).
  public let startControlPoint: UnitPoint
  /// The second control point, after sanitising (x in `[0, 1]`, y finite).
  public let endControlPoint: UnitPoint

  @usableFromInline let ax, bx, cx, ay, by, cy: Double
  /// dy/dx used for the straight-line extension left of 0 and right of 1.
  @usableFromInline let startGradient, endGradient: Double
  /// x(i/10) for i = 0…10 in lanes 0…10 (lanes 11…15 unused, 1).
  @usableFromInline let samples: SIMD16<Double>

  /// Creates the curve `cubic-bezier(x1, y1, x2, y2)` with control points (x1, y1) and (x2, y2).
  /// See the type documentation for the clamping of bad control points.
  @inlinable
  public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.init(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
  }

  /// Creates the curve with the given control points. See the type documentation for clamping.
  @inlinable
  public init(startControlPoint p1: UnitPoint, endControlPoint p2: UnitPoint) {
    let limit = 0x1p32
    let p1x = _clamp(p1.x, 0, 1)
    let p2x = _clamp(p2.x, 0, 1)
    // NaN reads as 0 (documented); `_clamp` alone would map it to the lower bound, −2³².
    let p1y = p1.y.isNaN ? 0 : _clamp(p1.y, -limit, limit)
    let p2y = p2.y.isNaN ? 0 : _clamp(p2.y, -limit, limit)
    startControlPoint = UnitPoint(x: p1x, y: p1y)
    endControlPoint = UnitPoint(x: p2x, y: p2y)
    cx = 3 * p1x
    bx = 3 * (p2x - p1x) - cx
    ax = 1 - cx - bx
    cy = 3 * p1y
    by = 3 * (p2y - p1y) - cy
    ay = 1 - cy - by
    // The extension's slopes, as browsers compute them (see the type's documentation).
    if p1x > 0 {
      startGradient = p1y / p1x
    } else if p1y == 0 && p2x > 0 {
      startGradient = p2y / p2x
    } else if p1y == 0 && p2y == 0 {
      startGradient = 1
    } else {
      startGradient = 0
    }
    if p2x < 1 {
      endGradient = (p2y - 1) / (p2x - 1)
    } else if p2y == 1 && p1x < 1 {
      endGradient = (p1y - 1) / (p1x - 1)
    } else if p2y == 1 && p1y == 1 {
      endGradient = 1
    } else {
      endGradient = 0
    }
    var table = SIMD16<Double>(repeating: 1)
    for i in 0...10 {
      let t = Double(i) * 0.1
      table[i] = ((ax * t + bx) * t + cx) * t
    }
    table[0] = 0
    table[10] = 1
    samples = table
  }

  /// Equality of the sanitised control points.
  @inlinable
  public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
    lhs.startControlPoint == rhs.startControlPoint && lhs.endControlPoint == rhs.endControlPoint
  }

  /// Hashes the sanitised control points.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(startControlPoint)
    hasher.combine(endControlPoint)
  }

  /// CSS `ease`: (0.25, 0.1)–(0.25, 1).
  public static let ease = CubicBezier(0.25, 0.1, 0.25, 1)
  /// CSS `ease-in` / SwiftUI `easeIn`: (0.42, 0)–(1, 1).
  public static let easeIn = CubicBezier(0.42, 0, 1, 1)
  /// CSS `ease-out` / SwiftUI `easeOut`: (0, 0)–(0.58, 1).
  public static let easeOut = CubicBezier(0, 0, 0.58, 1)
  /// CSS `ease-in-out` / SwiftUI `easeInOut`: (0.42, 0)–(0.58, 1).
  public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

  @inlinable func _x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  @inlinable func _y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  @inlinable func _dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
  @inlinable func _dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

  /// The curve parameter t in `[0, 1]` with x(t) = `x`: Newton until the step is below 2⁻⁵²
  /// (rounding level), else bisection down to adjacent doubles. `x` ≤ 0 (and NaN) gives 0, `x` ≥ 1 gives 1. Cost: ≤ 10 comparisons,
  /// ≤ 4 Newton steps, rarely ≤ 60 bisection steps.
  @inlinable
  public func solveParameter(x: Double) -> Double {
    if !(x > 0) { return 0 }
    if x >= 1 { return 1 }
    // Bracket: samples[i-1] < x <= samples[i].
    var i = 1
    while i < 10 && samples[i] < x { i += 1 }
    var lower = Double(i - 1) * 0.1
    var upper = Double(i) * 0.1
    let x0 = samples[i - 1]
    let x1 = samples[i]
    var t = x1 > x0 ? lower + (upper - lower) * ((x - x0) / (x1 - x0)) : lower
    var residual = _x(t) - x
    for _ in 0..<4 {
      if residual == 0 { return t }
      let slope = _dx(t)
      if slope.magnitude < 1e-9 { break }
      let next = t - residual / slope
      if !(next >= lower && next <= upper) { break }  // left the bracket: bisect instead
      let step = (next - t).magnitude
      t = next
      residual = _x(t) - x
      if step <= 0x1p-52 { return t }  // converged to rounding level
    }
    if residual.magnitude <= 1e-15 { return t }
    // Bisection on the bracket down to adjacent doubles.
    t = lower + (upper - lower) * 0.5
    for _ in 0..<64 {
      let value = _x(t)
      if value == x { return t }
      if value < x { lower = t } else { upper = t }
      let mid = lower + (upper - lower) * 0.5
      if mid == lower || mid == upper { break }
      t = mid
    }
    return t
  }

  /// The output y for input `x`: y(t) with x(t) = `x` inside `[0, 1]` (exactly 0 at 0 and 1 at
  /// 1), `startGradient · x` left of 0 and `1 + endGradient · (x − 1)` right of 1 (±∞ input
  /// gives ±∞·gradient, or the end value when the gradient is 0). NaN input reads as 0.
  @inlinable
  public func value(at x: Double) -> Double {
    if x.isNaN || x == 0 { return 0 }
    if x < 0 { return startGradient == 0 ? 0 : startGradient * x }
    if x >= 1 { return x == 1 || endGradient == 0 ? 1 : 1 + endGradient * (x - 1) }
    return _y(solveParameter(x: x))
  }

  /// The slope dy/dx at input `x`: y′(t)/x′(t) inside `[0, 1]`; the end gradient outside.
  ///
  /// Where x′(t) = 0 (a control point on the x = 0 or x = 1 line, or two control x values that
  /// make the curve vertical) the result is the limit: ±∞ by the sign of y′ if y′ ≠ 0, else the
  /// ratio of the second derivatives, else of the third (1 for `cubic-bezier(0, 0, 1, 1)`).
  /// NaN input reads as 0. Cost: as ``value(at:)``.
  @inlinable
  public func velocity(at x: Double) -> Double {
    let x = x.isNaN ? 0 : x
    if x < 0 { return startGradient }
    if x > 1 { return endGradient }
    return _slope(atParameter: solveParameter(x: x))
  }

  /// ``value(at:)`` and ``velocity(at:)`` together, bit for bit, solving for the curve parameter
  /// once (half the cost of the two calls inside `(0, 1)`).
  @inlinable
  public func valueAndVelocity(at x: Double) -> (value: Double, velocity: Double) {
    guard x > 0 && x < 1 else { return (value(at: x), velocity(at: x)) }
    let t = solveParameter(x: x)
    return (_y(t), _slope(atParameter: t))
  }

  /// dy/dx at curve parameter `t` (see ``velocity(at:)``).
  @inlinable
  func _slope(atParameter t: Double) -> Double {
    let p1 = startControlPoint
    let p2 = endControlPoint
    // First and second derivatives (÷3 and ÷6): exact control-point forms at the ends, where
    // the power basis would leave a rounding residue instead of an exact 0.
    let slopeX: Double
    let slopeY: Double
    let curveX: Double
    let curveY: Double
    if t == 0 {
      slopeX = p1.x
      slopeY = p1.y
      curveX = p2.x - 2 * p1.x
      curveY = p2.y - 2 * p1.y
    } else if t == 1 {
      slopeX = 1 - p2.x
      slopeY = 1 - p2.y
      curveX = p1.x - 2 * p2.x + 1
      curveY = p1.y - 2 * p2.y + 1
    } else {
      slopeX = _dx(t)
      slopeY = _dy(t)
      curveX = 2 * bx + 6 * ax * t
      curveY = 2 * by + 6 * ay * t
    }
    if slopeX != 0 { return slopeY / slopeX }
    if slopeY != 0 { return slopeY < 0 ? -.infinity : .infinity }
    // 0/0: L'Hôpital with the second derivatives, then the third (6·ax, 6·ay).
    if curveX != 0 { return curveY / curveX }
    if curveY != 0 { return curveY < 0 ? -.infinity : .infinity }
    return ax != 0 ? ay / ax : 1
  }
}
