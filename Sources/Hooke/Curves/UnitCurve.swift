/// A function defined by a two-dimensional curve that maps an input progress in `[0, 1]` to an
/// output progress (SwiftUI's `UnitCurve`, iOS 17 / macOS 14).
///
/// Named curves: ``linear``, ``easeIn``, ``easeOut``, ``easeInOut`` (cubic Béziers),
/// ``circularEaseIn``, ``circularEaseOut``, ``circularEaseInOut`` (analytic quarter circles) and
/// any ``bezier(startControlPoint:endControlPoint:)``. Evaluate with ``value(at:)`` and
/// ``velocity(at:)``; swap the axes with ``inverse``.
///
/// Semantics follow the OpenSwiftUI reconstruction of SwiftUICore, including its
/// quirks: Bézier results are quantised to multiples of 2⁻²⁰, the Bézier velocity returns 1 when
/// the two derivatives compare equal, and ``linear`` is not clamped. See ``value(at:)``.
///
/// Hashable: two curves are equal when they are the same named analytic curve or Béziers with
/// bit-equal control points (so `.easeIn == .bezier(startControlPoint: (0.42, 0), endControlPoint: (1, 1))`).
public struct UnitCurve: Hashable, Sendable {
  @usableFromInline
  enum _Function: Hashable, Sendable {
    case linear
    case circularEaseIn
    case circularEaseOut
    case circularEaseInOut
    case bezier(UnitPoint, UnitPoint)
  }

  @usableFromInline var _function: _Function

  @inlinable init(function: _Function) { self._function = function }

  /// A cubic Bézier curve from (0, 0) to (1, 1) with the given control points.
  ///
  /// Control points are stored unchanged (so ``inverse`` and equality see them as given). When
  /// the curve is evaluated their x coordinates are clamped to `[0, 1]`; ``value(at:)`` also
  /// clamps their y coordinates to `[0, 1]`, ``velocity(at:)`` does not (SwiftUI behaviour as
  /// reconstructed by OpenSwiftUI; see ``value(at:)``). NaN coordinates are read as 0.
  @inlinable
  public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
    UnitCurve(function: .bezier(startControlPoint, endControlPoint))
  }

  /// The identity curve: value = progress (not clamped), velocity = 1 everywhere.
  public static let linear = UnitCurve(function: .linear)

  /// Bézier (0.42, 0)–(1, 1): starts slowly, speeds up towards the end.
  public static let easeIn = UnitCurve.bezier(
    startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))

  /// Bézier (0, 0)–(0.58, 1): starts quickly, slows down towards the end.
  public static let easeOut = UnitCurve.bezier(
    startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

  /// Bézier (0.42, 0)–(0.58, 1): slow, fast, slow.
  public static let easeInOut = UnitCurve.bezier(
    startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

  /// Deprecated SwiftUI spelling of ``easeInOut``.
  @available(*, deprecated, renamed: "easeInOut")
  public static var easeInEaseOut: UnitCurve { .easeInOut }

  /// The lower-right quarter of a unit circle: `1 − √(1 − x²)`.
  public static let circularEaseIn = UnitCurve(function: .circularEaseIn)

  /// The upper-left quarter of a unit circle: `√(1 − (1 − x)²)`.
  public static let circularEaseOut = UnitCurve(function: .circularEaseOut)

  /// ``circularEaseIn`` on `[0, ½]` joined to ``circularEaseOut`` on `[½, 1]`, each scaled by ½.
  public static let circularEaseInOut = UnitCurve(function: .circularEaseInOut)

  /// The curve with x and y swapped, i.e. the functional inverse (reflection about y = x):
  /// linear ↔ linear, circularEaseIn ↔ circularEaseOut, circularEaseInOut ↔ itself, and a Bézier
  /// with control points (x₁, y₁), (x₂, y₂) ↦ the Bézier with (y₁, x₁), (y₂, x₂).
  ///
  /// Two exceptions, both SwiftUI behaviour kept on purpose: `circularEaseInOut` maps
  /// to itself, which is *not* its functional inverse (that would be an "out-in" circle), and
  /// for a Bézier whose control y coordinates lie outside `[0, 1]` the swapped x coordinates are
  /// clamped on evaluation. O(1).
  @inlinable
  public var inverse: UnitCurve {
    switch _function {
    case .linear: return .linear
    case .circularEaseIn: return .circularEaseOut
    case .circularEaseOut: return .circularEaseIn
    case .circularEaseInOut: return .circularEaseInOut
    case .bezier(let p1, let p2):
      return .bezier(
        startControlPoint: UnitPoint(x: p1.y, y: p1.x), endControlPoint: UnitPoint(x: p2.y, y: p2.x))
    }
  }
}

/// `x` clamped to `[lower, upper]`; NaN maps to `lower` (never propagates).
@inlinable @inline(__always)
func _clamp(_ x: Double, _ lower: Double, _ upper: Double) -> Double {
  if x >= lower { return x <= upper ? x : upper }
  return lower  // x < lower or NaN
}
