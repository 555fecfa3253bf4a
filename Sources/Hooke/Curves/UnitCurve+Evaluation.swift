extension UnitCurve {
  /// The output progress (y) of the curve at input progress `progress` (x).
  ///
  /// * ``linear``: `progress` itself, **not clamped** (so `value(at: 1.5) == 1.5`, as in the
  ///   OpenSwiftUI reconstruction; unverified against SwiftUI, decided in favour of OpenSwiftUI).
  /// * Circular curves: `progress` is first clamped to `[0, 1]` (Apple's documented contract;
  ///   OpenSwiftUI does not clamp and yields NaN outside, which Hooke never returns), then
  ///   in `1 − √(1 − x²)`, out `√(1 − (1 − x)²)`, inOut `(1 − √(1 − 4x²))/2` for x < ½ and
  ///   `(√((8 − 4x)x − 3) + 1)/2` for x ≥ ½ (SwiftUI's operation order).
  /// * Béziers: `progress` is clamped to `[0, 1]`, both control points are clamped to the unit
  ///   square (x **and** y: the y clamp is unverified against SwiftUI; decided in favour of the
  ///   OpenSwiftUI reconstruction, which was audited against SwiftUICore's disassembly; so
  ///   `UnitCurve.bezier` never
  ///   overshoots, unlike a plain ``CubicBezier``), x(t) = progress is solved to |Δx| < 2⁻²⁰ by
  ///   Newton's method with a bisection fallback, and the result is **quantised**:
  ///   `round(y(t) · 2²⁰) · 2⁻²⁰`.
  ///
  /// Bad input: NaN `progress` is read as 0 for every curve (so the result is `value(at: 0)`,
  /// i.e. 0); ±∞ clamps to the nearest end except for ``linear`` which returns it unchanged.
  /// Cost: O(1) for analytic curves; at most ~8 Newton steps or ~25 bisection steps for Béziers.
  @inlinable
  public func value(at progress: Double) -> Double {
    let x = progress.isNaN ? 0 : progress
    switch _function {
    case .linear:
      return x
    case .circularEaseIn:
      let u = _clamp(x, 0, 1)
      return 1 - (1 - u * u).squareRoot()
    case .circularEaseOut:
      let u = _clamp(x, 0, 1)
      return (1 - (1 - u) * (1 - u)).squareRoot()
    case .circularEaseInOut:
      let u = _clamp(x, 0, 1)
      if u >= 0.5 {
        return (Swift.max(0, (8 - u * 4) * u - 3).squareRoot() + 1) * 0.5
      }
      return (1 - (1 - (u * 4) * u).squareRoot()) * 0.5
    case .bezier(let p1, let p2):
      let solver = _QuantizedBezierSolver(
        p1x: _clamp(p1.x, 0, 1), p1y: _clamp(p1.y, 0, 1),
        p2x: _clamp(p2.x, 0, 1), p2y: _clamp(p2.y, 0, 1))
      return solver.value(at: _clamp(x, 0, 1))
    }
  }

  /// The derivative d(output)/d(input) of the curve at input progress `progress`.
  ///
  /// * ``linear``: 1 everywhere (also outside `[0, 1]`).
  /// * Circular curves (progress clamped to `[0, 1]`): the magnitude of the analytic derivative,
  ///   in `|x/√(1 − x²)|`, out `|(x − 1)/√(x(2 − x))|`, inOut `|2x/√(1 − 4x²)|` (x < ½) and
  ///   `|(2x − 2)/√((8 − 4x)x − 3)|` (x ≥ ½). Where the circle is vertical the result is `+∞`
  ///   (in at 1, out at 0, inOut at ½): the true limit.
  /// * Béziers (progress clamped; control x clamped to `[0, 1]`, control y **not** clamped, so
  ///   an overshooting curve reports the slope of the unclamped curve while ``value(at:)``
  ///   reports the clamped one — SwiftUI's behaviour, required by its compatibility test
  ///   (−0.5, 2)–(1.5, −1) → velocity(0.5) = −1): with t solved as in ``value(at:)``,
  ///   `X = cx + (2bx + 3ax·t)·t`, `Y = cy + (2by + 3ay·t)·t` in that operation order; if
  ///   `X == Y` the result is 1 (SwiftUI quirk: `easeOut` reports 1 at 0 although the limit is
  ///   ≈ 1.72), if `X == 0` it is ±∞ by the sign of Y, else `round(Y/X · 2²⁰) · 2⁻²⁰`
  ///   (quantised; `easeIn` at 1 gives −0.0 because X evaluates to −2⁻⁵²).
  ///
  /// Bad input: NaN `progress` is read as 0. NaN control coordinates are read as 0 and control
  /// y coordinates are limited to ±2³² so that no NaN arises. O(1) / as ``value(at:)``.
  @inlinable
  public func velocity(at progress: Double) -> Double {
    let x = progress.isNaN ? 0 : progress
    switch _function {
    case .linear:
      return 1
    case .circularEaseIn:
      let u = _clamp(x, 0, 1)
      return (u / (1 - u * u).squareRoot()).magnitude
    case .circularEaseOut:
      let u = _clamp(x, 0, 1)
      return ((u - 1) / (-(u - 2) * u).squareRoot()).magnitude
    case .circularEaseInOut:
      let u = _clamp(x, 0, 1)
      if u >= 0.5 {
        return ((u + u - 2) / Swift.max(0, (u * -4 + 8) * u - 3).squareRoot()).magnitude
      }
      return ((u + u) / (u * -4 * u + 1).squareRoot()).magnitude
    case .bezier(let p1, let p2):
      let limit = 0x1p32
      let solver = _QuantizedBezierSolver(
        p1x: _clamp(p1.x, 0, 1), p1y: _clamp(p1.y, -limit, limit),
        p2x: _clamp(p2.x, 0, 1), p2y: _clamp(p2.y, -limit, limit))
      return solver.velocity(at: _clamp(x, 0, 1))
    }
  }
}

extension UnitCurve {
  /// ``value(at:)`` and ``velocity(at:)`` at once, bit for bit the two calls: a Bézier solves
  /// x(t) = progress once (both calls solve the same x polynomial; they differ only in how the
  /// control y coordinates are limited), the analytic curves evaluate both formulas. Cost: one
  /// solve instead of two.
  @inlinable
  public func valueAndVelocity(at progress: Double) -> (value: Double, velocity: Double) {
    guard case .bezier(let p1, let p2) = _function else {
      return (value(at: progress), velocity(at: progress))
    }
    let x = _clamp(progress.isNaN ? 0 : progress, 0, 1)
    let limit = 0x1p32
    let valueSolver = _QuantizedBezierSolver(
      p1x: _clamp(p1.x, 0, 1), p1y: _clamp(p1.y, 0, 1),
      p2x: _clamp(p2.x, 0, 1), p2y: _clamp(p2.y, 0, 1))
    let slopeSolver = _QuantizedBezierSolver(
      p1x: _clamp(p1.x, 0, 1), p1y: _clamp(p1.y, -limit, limit),
      p2x: _clamp(p2.x, 0, 1), p2y: _clamp(p2.y, -limit, limit))
    let t = valueSolver.solve(x)
    return (valueSolver.value(atParameter: t), slopeSolver.velocity(atParameter: t))
  }
}

/// SwiftUI's Bézier evaluation for ``UnitCurve``: polynomial coefficients in SwiftUI's order,
/// an x solve to 2⁻²⁰ and 2⁻²⁰ quantisation of the results. Internal; inputs already sanitised.
@usableFromInline
struct _QuantizedBezierSolver {
  @usableFromInline let ax, bx, cx, ay, by, cy: Double

  @inlinable
  init(p1x: Double, p1y: Double, p2x: Double, p2y: Double) {
    cx = p1x * 3
    bx = (p2x - p1x) * 3 - cx
    ax = 1 - cx - bx
    cy = p1y * 3
    by = (p2y - p1y) * 3 - cy
    ay = 1 - cy - by
  }

  @usableFromInline static let epsilon = 0x1p-20
  @usableFromInline static let quantum = 0x1p20

  @inlinable func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  @inlinable func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  @inlinable func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The parameter t with |x(t) − progress| < 2⁻²⁰, for progress in [0, 1]: Newton's method
  /// from t = progress (≤ 8 steps, abandoned when |x′| < 1e-6), then bisection on [0, 1].
  /// (SwiftUI's exact iteration is unknown; it matters only within one quantum.)
  @inlinable
  func solve(_ progress: Double) -> Double {
    var t = progress
    for _ in 0..<8 {
      let residual = x(t) - progress
      if residual.magnitude < Self.epsilon { return t }
      let slope = dx(t)
      if slope.magnitude < 1e-6 { break }
      t -= residual / slope
    }
    var lower = 0.0
    var upper = 1.0
    t = progress
    // x(t) is monotone for control x in [0, 1]; 64 halvings exhaust Double resolution.
    for _ in 0..<64 {
      let value = x(t)
      if (value - progress).magnitude < Self.epsilon { return t }
      if value < progress { lower = t } else { upper = t }
      t = lower + (upper - lower) * 0.5
    }
    return t
  }

  @inlinable
  func value(at progress: Double) -> Double { value(atParameter: solve(progress)) }

  @inlinable
  func velocity(at progress: Double) -> Double { velocity(atParameter: solve(progress)) }

  /// The quantised output at curve parameter `t`.
  @inlinable
  func value(atParameter t: Double) -> Double {
    (y(t) * Self.quantum)._roundedHalfAwayFromZero * Self.epsilon
  }

  /// The quantised slope dy/dx at curve parameter `t` (see ``UnitCurve/velocity(at:)``).
  @inlinable
  func velocity(atParameter t: Double) -> Double {
    let slopeX = cx + ((bx + bx) + (ax * 3 * t)) * t
    let slopeY = cy + ((by + by) + (ay * 3 * t)) * t
    if slopeX == slopeY { return 1 }
    if slopeX == 0 { return slopeY < 0 ? -.infinity : .infinity }
    return ((slopeY / slopeX) * Self.quantum)._roundedHalfAwayFromZero * Self.epsilon
  }
}
