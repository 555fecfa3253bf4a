/// CSS `linear()` easing (CSS Easing Level 2 §2): a piecewise-linear function through a list of
/// points (output, input), evaluated exactly as the specification's algorithm.
///
/// Points are canonical: inputs (fractions, `0.25` = `25%`) are non-decreasing; two points with
/// the same input make a jump. Evaluation of input x (NaN reads as 0):
/// one point → its output; x equal to some inputs → the output of the *last* such point;
/// x before the first input / after the last → extrapolate the line through the first / last
/// two points (their output if those two share an input); otherwise interpolate between the last
/// point with input < x and the first with input > x. Flat segments return their output exactly
/// even for infinite x (no NaN). The CSS before flag is not modelled. Cost: O(log points).
public struct CSSLinearEasing: Hashable, Sendable {
  /// One canonical point of the easing.
  public struct Point: Hashable, Sendable {
    /// The output progress (any finite value; overshoot allowed).
    public var output: Double
    /// The input progress as a fraction (CSS percentage / 100).
    public var input: Double

    /// Creates a point.
    @inlinable
    public init(output: Double, input: Double) {
      self.output = output
      self.input = input
    }
  }

  /// A CSS `<linear-stop>` before canonicalisation: an output with an optional input.
  /// (A CSS stop with two percentages is two `Stop`s with the same output.)
  public struct Stop: Hashable, Sendable {
    /// The output progress.
    public var output: Double
    /// The input progress as a fraction, or nil to let canonicalisation place it.
    public var input: Double?

    /// Creates a stop.
    @inlinable
    public init(_ output: Double, at input: Double? = nil) {
      self.output = output
      self.input = input
    }
  }

  /// The canonical points, in order.
  public private(set) var points: [Point]

  /// Creates the easing from CSS stops, canonicalised per CSS: a missing input on the first
  /// stop is 0, on the last stop 1; each input is raised to the largest input before it; runs of
  /// missing inputs are spread evenly between their neighbours. NaN inputs count as missing and
  /// NaN outputs read as 0; infinite or huge inputs and outputs are clamped to ±10⁶ (the
  /// exporter's range) so evaluation never produces NaN. No stops gives the identity
  /// `linear(0, 1)`. Cost: O(stops).
  public init(stops: [Stop]) {
    if stops.isEmpty {
      points = [Point(output: 0, input: 0), Point(output: 1, input: 1)]
      return
    }
    var inputs: [Double?] = stops.map { stop in
      if let x = stop.input, !x.isNaN { return _clamp(x, -1e6, 1e6) }
      return nil
    }
    if inputs[0] == nil { inputs[0] = 0 }
    if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
    var largest = -Double.infinity
    for i in inputs.indices {
      if let x = inputs[i] {
        largest = Swift.max(largest, x)
        inputs[i] = largest
      }
    }
    var result: [Point] = []
    result.reserveCapacity(stops.count)
    var i = 0
    while i < stops.count {
      if let x = inputs[i] {
        result.append(Point(output: stops[i].output.isNaN ? 0 : _clamp(stops[i].output, -1e6, 1e6), input: x))
        i += 1
        continue
      }
      // A run i..<j without inputs between known inputs[i - 1] and inputs[j].
      var j = i
      while inputs[j] == nil { j += 1 }
      let start = inputs[i - 1]!
      let end = inputs[j]!
      let count = Double(j - i + 1)
      for k in i..<j {
        let x = start + (end - start) * (Double(k - i + 1) / count)
        result.append(Point(output: stops[k].output.isNaN ? 0 : _clamp(stops[k].output, -1e6, 1e6), input: x))
      }
      i = j
    }
    points = result
  }

  /// Creates the easing from already-canonical points (inputs are made non-decreasing and NaNs
  /// replaced as in ``init(stops:)``).
  public init(points: [Point]) {
    self.init(stops: points.map { Stop($0.output, at: $0.input) })
  }

  /// The output at input progress `progress`; see the type documentation.
  public func value(at progress: Double) -> Double {
    Self._value(points, at: progress)
  }

  /// The CSS evaluation over any random-access run of canonical points (at least one), so that
  /// allocation-free callers (the determinism digest) can use stack storage.
  @inlinable
  static func _value<C: RandomAccessCollection>(_ points: C, at progress: Double) -> Double
  where C.Element == Point, C.Index == Int {
    let x = progress.isNaN ? 0 : progress
    let first = points.startIndex
    let n = points.count
    if n == 1 { return points[first].output }
    // upper = number of points with input <= x.
    var low = 0
    var high = n
    while low < high {
      let mid = (low + high) / 2
      if points[first + mid].input <= x { low = mid + 1 } else { high = mid }
    }
    let upper = low
    if upper > 0 && points[first + upper - 1].input == x { return points[first + upper - 1].output }
    let a: Point
    let b: Point
    if upper == 0 {
      a = points[first]
      b = points[first + 1]
      if a.input == b.input { return a.output }
    } else if upper == n {
      a = points[first + n - 2]
      b = points[first + n - 1]
      if a.input == b.input { return b.output }
    } else {
      a = points[first + upper - 1]
      b = points[first + upper]
    }
    if a.output == b.output { return a.output }
    return a.output + (b.output - a.output) * ((x - a.input) / (b.input - a.input))
  }

  /// The CSS text `linear(…)`: outputs rounded to `outputDecimals` fraction digits and inputs as
  /// percentages rounded to `percentDecimals`, trailing zeros trimmed, by Hooke's deterministic
  /// formatter. The input is omitted on the first point when it is 0% and on the last when it is
  /// 100% (the values canonicalisation gives them back). Decimals are limited to 0…15.
  public func cssString(outputDecimals: Int = 5, percentDecimals: Int = 3) -> String {
    var text = "linear("
    for (i, point) in points.enumerated() {
      if i > 0 { text += ", " }
      text += _DecimalText.format(point.output, decimals: outputDecimals)
      let implied = (i == 0 && point.input == 0) || (i == points.count - 1 && point.input == 1)
      if !implied {
        text += " "
        text += _DecimalText.format(point.input * 100, decimals: percentDecimals)
        text += "%"
      }
    }
    text += ")"
    return text
  }

  /// Parses CSS `linear(<stop>, …)` text with the full CSS Easing 2 grammar (see
  /// ``CSSEasingFunction/init(parsing:)``): each stop is a number with up to two percentages
  /// on one side of it; the function name is case-insensitive; white space is free. Returns nil
  /// for anything else (other easing functions, the `linear` keyword, missing numbers, units,
  /// trailing text); ``CSSEasingFunction/init(parsing:)`` names the reason. Inputs are read as
  /// percentage / 100 with the division done on the exact decimal (`N / 10^(k+2)`), so text
  /// printed by ``cssString(outputDecimals:percentDecimals:)`` reads back to bit-identical
  /// points. Cost: O(text length).
  public init?(parsing text: String) {
    guard case .linearFunction(let easing)? = try? CSSEasingFunction(parsing: text) else { return nil }
    self = easing
  }
}
