/// A timing curve a batch channel can follow (``BatchDriver/curve(_:duration:)``): every curve
/// type of the package, each evaluated by its own `value(at:)` and `velocity(at:)`, so a channel
/// moves exactly as a per-property animation with the same curve does (a `CubicBezier` with its
/// own solver, a `UnitCurve` with SwiftUI's quantised one). An enum of concrete curves rather
/// than an existential: the step loop is specialised per case, and the type works under
/// Embedded Swift.
public enum BatchCurve: Hashable, Sendable {
  /// SwiftUI's `UnitCurve`.
  case unitCurve(UnitCurve)
  /// A CSS `cubic-bezier()` curve (SwiftUI's `Animation.timingCurve(_:_:_:_:duration:)`).
  case cubicBezier(CubicBezier)
  /// A named easing (Penner's families).
  case easing(Easing)
  /// A parameterised easing (poly, back, elastic).
  case parametric(ParametricEasing)
  /// A CSS `steps()` easing (velocity 0).
  case steps(StepsEasing)
  /// A CSS `linear()` easing.
  case cssLinear(CSSLinearEasing)

  /// The curve's output progress at `progress` (the wrapped curve's `value(at:)`).
  @inlinable
  public func value(at progress: Double) -> Double {
    switch self {
    case .unitCurve(let c): return c.value(at: progress)
    case .cubicBezier(let c): return c.value(at: progress)
    case .easing(let c): return c.value(at: progress)
    case .parametric(let c): return c.value(at: progress)
    case .steps(let c): return c.value(at: progress)
    case .cssLinear(let c): return c.value(at: progress)
    }
  }

  /// The curve's value and slope at `progress` (the wrapped curve's `valueAndVelocity(at:)`: one
  /// parameter solve for a `CubicBezier`).
  @inlinable
  public func valueAndVelocity(at progress: Double) -> (value: Double, velocity: Double) {
    switch self {
    case .unitCurve(let c): return c.valueAndVelocity(at: progress)
    case .cubicBezier(let c): return c.valueAndVelocity(at: progress)
    case .easing(let c): return c.valueAndVelocity(at: progress)
    case .parametric(let c): return c.valueAndVelocity(at: progress)
    case .steps(let c): return c.valueAndVelocity(at: progress)
    case .cssLinear(let c): return c.valueAndVelocity(at: progress)
    }
  }

  /// The curve's slope at `progress` (the wrapped curve's `velocity(at:)`).
  @inlinable
  public func velocity(at progress: Double) -> Double {
    switch self {
    case .unitCurve(let c): return c.velocity(at: progress)
    case .cubicBezier(let c): return c.velocity(at: progress)
    case .easing(let c): return c.velocity(at: progress)
    case .parametric(let c): return c.velocity(at: progress)
    case .steps(let c): return c.velocity(at: progress)
    case .cssLinear(let c): return c.velocity(at: progress)
    }
  }
}
