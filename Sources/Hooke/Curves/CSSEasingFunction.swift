/// A CSS `<easing-function>` (CSS Easing Level 1 and 2): a keyword, `cubic-bezier()`,
/// `steps()` or `linear()`, read from CSS text with ``init(parsing:)`` and written back with
/// ``cssText``.
///
/// The keywords stay keywords (CSSOM serializes `ease` as `ease`, not as its `cubic-bezier()`);
/// `step-start` and `step-end` read as the ``steps(_:)`` they stand for and serialize as
/// `steps(1, start)` and `steps(1)` (CSS Easing 1, serialization of step easing functions).
/// Evaluation (``value(at:)``, ``velocity(at:)``) is that of the curve each case names:
/// ``CubicBezier`` for the Bézier keywords and `cubic-bezier()`, ``StepsEasing``,
/// ``CSSLinearEasing``, and the identity for `linear`.
public enum CSSEasingFunction: Hashable, Sendable {
  /// `linear`: output = input (also outside `[0, 1]`).
  case linear
  /// `ease` = `cubic-bezier(0.25, 0.1, 0.25, 1)`.
  case ease
  /// `ease-in` = `cubic-bezier(0.42, 0, 1, 1)`.
  case easeIn
  /// `ease-out` = `cubic-bezier(0, 0, 0.58, 1)`.
  case easeOut
  /// `ease-in-out` = `cubic-bezier(0.42, 0, 0.58, 1)`.
  case easeInOut
  /// `cubic-bezier(x1, y1, x2, y2)`.
  case cubicBezier(CubicBezier)
  /// `steps(n[, position])`, also `step-start` and `step-end`.
  case steps(StepsEasing)
  /// `linear(stops…)`.
  case linearFunction(CSSLinearEasing)

  /// The Bézier a keyword stands for, or the `cubic-bezier()` itself; nil for the other cases.
  public var cubicBezier: CubicBezier? {
    switch self {
    case .ease: return .ease
    case .easeIn: return .easeIn
    case .easeOut: return .easeOut
    case .easeInOut: return .easeInOut
    case .cubicBezier(let curve): return curve
    case .linear, .steps, .linearFunction: return nil
    }
  }

  /// The CSS text as CSSOM serializes it: keywords as themselves; `cubic-bezier(x1, y1, x2, y2)`
  /// and `linear()` outputs as numbers rounded to at most `decimals` fraction digits (CSSOM: at
  /// most 6), trailing zeros trimmed; `steps(n)` without the default `end`/`jump-end`, else
  /// `steps(n, position)` with the keyword as given; `linear()` with every canonical point and
  /// its input as a percentage (`linear(0 0%, 0.5 25%, 1 100%)`: CSS Easing 2's serialization of
  /// its control points). ``init(parsing:)`` of this text gives back an equal value whenever
  /// every number is a decimal with at most `decimals` fraction digits (inputs: as percentages).
  /// `decimals` is limited to 0…15.
  public func cssText(decimals: Int = 6) -> String {
    switch self {
    case .linear: return "linear"
    case .ease: return "ease"
    case .easeIn: return "ease-in"
    case .easeOut: return "ease-out"
    case .easeInOut: return "ease-in-out"
    case .cubicBezier(let curve): return curve.cssString(decimals: decimals)
    case .steps(let steps): return steps.cssString
    case .linearFunction(let easing):
      var text = "linear("
      for (i, point) in easing.points.enumerated() {
        if i > 0 { text += ", " }
        text += _DecimalText.format(point.output, decimals: decimals)
        text += " "
        text += _DecimalText.format(point.input * 100, decimals: decimals)
        text += "%"
      }
      return text + ")"
    }
  }

  /// ``cssText(decimals:)`` with CSSOM's 6 decimals.
  public var cssText: String { cssText() }
}

extension CSSEasingFunction: TimingCurve {
  /// The output of the easing at `progress`; see the type. NaN reads as 0.
  public func value(at progress: Double) -> Double {
    switch self {
    case .linear: return progress.isNaN ? 0 : progress
    case .steps(let steps): return steps.value(at: progress)
    case .linearFunction(let easing): return easing.value(at: progress)
    case .ease, .easeIn, .easeOut, .easeInOut, .cubicBezier: return cubicBezier!.value(at: progress)
    }
  }

  /// The easing on `[0, 1]` as a CSS `linear()` easing: `steps()` and `linear()` export their
  /// own points (``StepsEasing/cssLinear(tolerance:)``, ``CSSLinearEasing/cssLinear(tolerance:)``),
  /// the others the minimal-stop approximation of ``value(at:)``. Default tolerance 0.001.
  public func cssLinear(tolerance: Double = 0.001) -> CSSLinearExport {
    switch self {
    case .steps(let steps): return steps.cssLinear(tolerance: tolerance)
    case .linearFunction(let easing): return easing.cssLinear(tolerance: tolerance)
    default: return CSSLinearEasing.approximating(tolerance: tolerance) { value(at: $0) }
    }
  }

  /// The slope of the easing at `progress`; see the type (1 for `linear`).
  public func velocity(at progress: Double) -> Double {
    switch self {
    case .linear: return 1
    case .steps(let steps): return steps.velocity(at: progress)
    case .linearFunction(let easing): return easing.velocity(at: progress)
    case .ease, .easeIn, .easeOut, .easeInOut, .cubicBezier: return cubicBezier!.velocity(at: progress)
    }
  }
}

extension CubicBezier {
  /// `cubic-bezier(x1, y1, x2, y2)` of the sanitised control points, each rounded to at most
  /// `decimals` fraction digits (default 6, CSSOM's limit; 0…15), trailing zeros trimmed:
  /// `CubicBezier.ease.cssString() == "cubic-bezier(0.25, 0.1, 0.25, 1)"`.
  public func cssString(decimals: Int = 6) -> String {
    var text = "cubic-bezier("
    let numbers = [startControlPoint.x, startControlPoint.y, endControlPoint.x, endControlPoint.y]
    for (i, number) in numbers.enumerated() {
      if i > 0 { text += ", " }
      text += _DecimalText.format(number, decimals: decimals)
    }
    return text + ")"
  }
}
