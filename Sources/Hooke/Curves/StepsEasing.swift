/// CSS `steps(n, <step-position>)` (CSS Easing Level 1 §3.3): a staircase of `n` steps.
///
/// Evaluation follows the CSS algorithm: `step = ⌊x·n⌋`; +1 for jump-start/jump-both
/// (and `start`); −1 when the before flag is set and `x·n` is an integer; `jumps` = n
/// (jump-start, jump-end, start, end), n − 1 (jump-none), n + 1 (jump-both); the step is
/// raised to 0 when x ≥ 0 and lowered to `jumps` when x ≤ 1; the output is `step / jumps`.
/// Inputs outside `[0, 1]` are not clamped (as in CSS, so x < 0 can give negative output);
/// NaN reads as 0; ±∞ gives ±∞ (the limit of the unclamped staircase); a finite input whose
/// product x·n overflows gives `x/jumps·n` (x itself when jumps = n), ±∞ only where that
/// exceeds the `Double` range. No Int conversion of the input happens,
/// so huge inputs never trap.
///
/// `n` validation: CSS rejects `n < 1` (and `n < 2` for jump-none) as a parse error; Hooke
/// instead clamps `n` up to that minimum (1, or 2 for jump-none) at construction.
/// `stepCount` reports the clamped value; counts above 2⁵³ are used rounded to `Double`. Cost: O(1).
public struct StepsEasing: Hashable, Sendable {
  /// Where the jumps sit (CSS `<step-position>`). `start` ≡ `jumpStart`, `end` ≡ `jumpEnd` in
  /// evaluation; they are kept distinct so that ``cssString`` prints `start` or `jump-start` as
  /// asked for (both end positions are the default and print as `steps(n)`).
  public enum Position: Hashable, Sendable, CaseIterable {
    /// The first jump happens at x = 0: outputs 1/n … 1.
    case jumpStart
    /// The last jump happens at x = 1: outputs 0 … (n − 1)/n (the CSS default).
    case jumpEnd
    /// No jump at either end: outputs 0, 1/(n − 1), …, 1, each held for 1/n.
    case jumpNone
    /// Jumps at both ends: outputs 1/(n + 1) … n/(n + 1) inside (0, 1).
    case jumpBoth
    /// Alias of jumpStart (CSS `start`).
    case start
    /// Alias of jumpEnd (CSS `end`).
    case end

    @inlinable var _jumpsAtStart: Bool { self == .jumpStart || self == .jumpBoth || self == .start }

    /// The CSS keyword.
    public var cssKeyword: String {
      switch self {
      case .jumpStart: return "jump-start"
      case .jumpEnd: return "jump-end"
      case .jumpNone: return "jump-none"
      case .jumpBoth: return "jump-both"
      case .start: return "start"
      case .end: return "end"
      }
    }
  }

  /// The number of steps after clamping (≥ 1, ≥ 2 for jump-none).
  public let stepCount: Int
  /// The step position.
  public let position: Position

  /// Creates `steps(stepCount, position)`; `stepCount` is clamped as described on the type.
  @inlinable
  public init(_ stepCount: Int, _ position: Position = .jumpEnd) {
    let minimum = position == .jumpNone ? 2 : 1
    self.stepCount = Swift.max(stepCount, minimum)
    self.position = position
  }

  /// CSS `step-start` = steps(1, start).
  public static let stepStart = StepsEasing(1, .start)
  /// CSS `step-end` = steps(1, end).
  public static let stepEnd = StepsEasing(1, .end)

  /// The output for input progress `progress`; see the type documentation. `beforeFlag` is the
  /// CSS before flag (set while an animation is in its before phase); default false.
  @inlinable
  public func value(at progress: Double, beforeFlag: Bool = false) -> Double {
    let x = progress.isNaN ? 0 : progress
    let n = Double(stepCount)
    let scaled = x * n
    var step = scaled.rounded(.down)
    if position._jumpsAtStart { step += 1 }
    if beforeFlag && scaled == scaled.rounded(.down) { step -= 1 }
    let jumps: Double
    switch position {
    case .jumpStart, .jumpEnd, .start, .end: jumps = n
    case .jumpNone: jumps = n - 1
    case .jumpBoth: jumps = n + 1
    }
    // Finite x with x·n beyond the Double range: x·n is an integer there (|x| ≥ 2⁵³), so the
    // staircase value is x·n/jumps, evaluated without the overflowing product.
    if scaled.isInfinite && x.isFinite { return n == jumps ? x : x / jumps * n }
    if x >= 0 && step < 0 { step = 0 }
    if x <= 1 && step > jumps { step = jumps }
    return step / jumps
  }

  /// The derivative: 0 everywhere (the jumps are not differentiable; 0 is reported there too).
  @inlinable
  public func velocity(at progress: Double) -> Double { 0 }
}

extension StepsEasing {
  /// The CSS text as browsers serialize it (CSSOM): the default position, `end` or `jump-end`, is
  /// omitted (`steps(4)`; `step-end` reads `steps(1)`), any other keyword is kept as given
  /// (`steps(1, start)`, `steps(3, jump-none)`). Parsing the text back gives the same staircase.
  public var cssString: String {
    var text = "steps("
    text += _DecimalText.format(stepCount)
    if position != .end && position != .jumpEnd {
      text += ", "
      text += position.cssKeyword
    }
    text += ")"
    return text
  }
}
