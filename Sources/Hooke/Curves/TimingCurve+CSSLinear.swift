extension Easing {
  /// ``CSSLinearEasing/approximating(_:tolerance:)-(Easing,_)``: the bounce family passes its
  /// parabola joins as breakpoints. Default tolerance 0.001.
  public func cssLinear(tolerance: Double = 0.001) -> CSSLinearExport {
    CSSLinearEasing.approximating(self, tolerance: tolerance)
  }
}

extension StepsEasing {
  /// The staircase on `[0, 1]` as `linear()` points, with no approximation in the outputs
  /// beyond printing: each step is a flat segment and each jump two points with one input (the
  /// later point wins at the jump, as CSS evaluates both), outputs rounded to d decimals with
  /// 10⁻ᵈ ≤ tolerance/20 (``CSSLinearExport/maximumError`` is that rounding). The jump inputs
  /// are k/n rounded to 10⁻¹⁰ (percentages with 8 decimals), so an input within 5·10⁻¹¹ of a
  /// jump may read the neighbouring step. The before flag is not modelled. Cost: O(n); counts
  /// above half of ``CSSLinearEasing/maximumExportCandidates`` use the general exporter.
  public func cssLinear(tolerance: Double = 0.001) -> CSSLinearExport {
    let n = stepCount
    guard n <= CSSLinearEasing.maximumExportCandidates / 2 else {
      return CSSLinearEasing.approximating(tolerance: tolerance) { value(at: $0) }
    }
    var points: [CSSLinearEasing.Point] = []
    points.reserveCapacity(2 * n + 1)
    for k in 0..<n {
      let level = value(at: (Double(k) + 0.5) / Double(n))
      points.append(CSSLinearEasing.Point(output: level, input: Double(k) / Double(n)))
      points.append(CSSLinearEasing.Point(output: level, input: Double(k + 1) / Double(n)))
    }
    points.append(CSSLinearEasing.Point(output: value(at: 1), input: 1))
    return CSSLinearEasing._printedExport(points, tolerance: tolerance) { value(at: $0) }
  }
}

extension CSSLinearEasing {
  /// This easing itself, its points on the printed grid: outputs rounded to d decimals with
  /// 10⁻ᵈ ≤ tolerance/20, inputs to 10⁻¹⁰; ``CSSLinearExport/maximumError`` measures the
  /// rounding at 7 samples inside each segment and at 0 and 1. Default tolerance 0.001.
  /// Cost: O(points).
  public func cssLinear(tolerance: Double = 0.001) -> CSSLinearExport {
    Self._printedExport(points, tolerance: tolerance) { value(at: $0) }
  }

  /// `points` rounded to the exporter's printed grid, with the error against `f` measured.
  static func _printedExport(
    _ points: [Point], tolerance: Double, _ f: (Double) -> Double
  ) -> CSSLinearExport {
    let tol = tolerance.isNaN ? minimumExportTolerance : _clamp(tolerance, minimumExportTolerance, 1)
    var outputDecimals = 0
    while 1 / _DecimalText.powerOfTen(outputDecimals) > tol / 20 { outputDecimals += 1 }
    let outputScale = _DecimalText.powerOfTen(outputDecimals)
    let inputScale = 1e10
    let rounded = points.map { p in
      Point(
        output: (p.output * outputScale)._roundedHalfAwayFromZero / outputScale,
        input: (p.input * inputScale)._roundedHalfAwayFromZero / inputScale)
    }
    let easing = CSSLinearEasing(points: rounded)
    // Errors inside each segment and at the ends; not at the points, where a jump of f sits a
    // rounding away from the easing's.
    var maximumError = 0.0
    var samples = [0.0, 1.0]
    for i in rounded.indices.dropFirst() where rounded[i].input > rounded[i - 1].input {
      let a = rounded[i - 1].input
      let b = rounded[i].input
      for k in 1..<8 { samples.append(a + (b - a) * (Double(k) / 8)) }
    }
    for x in samples {
      let error = (easing.value(at: x) - f(x)).magnitude
      if error > maximumError { maximumError = error }
    }
    return CSSLinearExport(
      easing: easing, css: easing.cssString(outputDecimals: outputDecimals, percentDecimals: 8),
      maximumError: maximumError, tolerance: tol, constructionTolerance: tol,
      candidateInputs: rounded.map { $0.input }, outputDecimals: outputDecimals)
  }
}
