/// The result of ``CSSLinearEasing/approximating(tolerance:breakpoints:resolution:_:)``.
public struct CSSLinearExport: Hashable, Sendable {
  /// The easing with its outputs already rounded to ``outputDecimals`` (and inputs on the
  /// printed percentage grid), so it evaluates exactly like the text in ``css``.
  public var easing: CSSLinearEasing
  /// The CSS text `linear(…)`; parsing it back gives ``easing`` bit for bit.
  public var css: String
  /// The largest |easing(x) − f(x)| found over the verification grid (8 samples per candidate
  /// interval plus every stop input), measured on the rounded easing.
  public var maximumError: Double
  /// The tolerance actually requested after clamping (see the exporter).
  public var tolerance: Double
  /// The tolerance the minimal path was built against (smaller than ``tolerance`` to leave room
  /// for rounding and for the verification grid being finer than the construction grid).
  public var constructionTolerance: Double
  /// The number of candidate intervals used (stops lie on the grid k/resolution or on breakpoints).
  public var resolution: Int
  /// Fraction digits of the printed outputs.
  public var outputDecimals: Int
  /// Fraction digits of the printed percentages.
  public var percentDecimals: Int
  /// Whether ``maximumError`` ≤ ``tolerance``. False only when f has features narrower than the
  /// finest grid (a jump not declared as a breakpoint, say); the easing is then the best found.
  public var meetsTolerance: Bool { maximumError <= tolerance }
}

extension CSSLinearEasing {
  /// The smallest tolerance the exporter accepts; smaller, zero, negative or NaN requests use it.
  public static let minimumExportTolerance = 1e-6

  /// The largest grid the exporter refines to; the stop count never exceeds `maximumExportResolution + 1 + 64`.
  public static let maximumExportResolution = 10_000

  /// Approximates `f` on `[0, 1]` by a CSS `linear()` easing with the fewest stops whose maximum
  /// error stays within `tolerance`.
  ///
  /// Method: candidate stop inputs are the grid k/`resolution` (k = 0…resolution) plus the
  /// `breakpoints` (values in (0, 1), rounded to the printed percentage grid; at most 64 are
  /// used; NaN ones are ignored); each stop's output is f at its input. Between neighbouring
  /// candidates 3 more samples are taken. A chord between two candidates is admissible when it
  /// stays within the construction tolerance of f at every sample between them (a slope-cone
  /// test, O(1) per sample); the exporter then finds the **minimum number of stops** over all
  /// admissible chord chains by a shortest-path sweep, so the result is optimal among
  /// interpolating easings on that candidate set (not among all piecewise-linear functions).
  /// Outputs are rounded to d decimals with 10⁻ᵈ ≤ tolerance/20, inputs printed as percentages
  /// with 3 decimals (stop inputs are rounded to that grid, a no-op for resolutions dividing
  /// 100 000 such as the default 1000). The error is then measured on the rounded
  /// easing over a grid with 8 samples per candidate interval; if it exceeds `tolerance` the
  /// construction tolerance is halved (twice at most) and then the grid is refined ×10 (up to
  /// ``maximumExportResolution``).
  ///
  /// - Parameters:
  ///   - tolerance: maximum absolute error, default 0.001; clamped to
  ///     [``minimumExportTolerance``, 1]; NaN uses the minimum.
  ///   - breakpoints: inputs where f has a kink (or jump: the stop takes f's value there).
  ///   - resolution: initial candidate intervals, default 1000 (inputs on a 0.1 % grid);
  ///     clamped to [1, ``maximumExportResolution``].
  ///   - f: the function, called at most ~(9 × resolution + breakpoints) times per attempt; NaN
  ///     samples read as 0 and values are clamped to ±10⁶.
  /// - Returns: the easing, its CSS text and the achieved maximum error. Never loops unboundedly:
  ///   at most 3 tolerance attempts × 3 grid refinements, each O(samples × reach).
  public static func approximating(
    tolerance: Double = 0.001,
    breakpoints: [Double] = [],
    resolution: Int = 1000,
    _ f: (Double) -> Double
  ) -> CSSLinearExport {
    let tol = tolerance.isNaN ? minimumExportTolerance : _clamp(tolerance, minimumExportTolerance, 1)
    var outputDecimals = 0
    while 1 / _DecimalText.powerOfTen(outputDecimals) > tol / 20 {
      outputDecimals += 1
    }
    let percentDecimals = 3
    let inputQuantum = _DecimalText.powerOfTen(percentDecimals + 2)
    var grid = _clamp(Double(resolution), 1, Double(maximumExportResolution))
    var extraInputs: [Double] = []
    for b in breakpoints where b > 0 && b < 1 && extraInputs.count < 64 {
      extraInputs.append((b * inputQuantum).rounded() / inputQuantum)
    }
    let sample: (Double) -> Double = { x in
      let y = f(x)
      return y.isNaN ? 0 : _clamp(y, -1e6, 1e6)
    }
    let rounding = 0.5 / _DecimalText.powerOfTen(outputDecimals)
    var best: CSSLinearExport? = nil
    for _ in 0..<3 {
      var construction = tol * 0.9 - rounding
      for _ in 0..<3 {
        let result = _export(
          grid: Int(grid), extraInputs: extraInputs, constructionTolerance: construction,
          tolerance: tol, outputDecimals: outputDecimals, percentDecimals: percentDecimals, sample)
        if best == nil || result.maximumError < best!.maximumError
          || (result.meetsTolerance && result.easing.points.count < best!.easing.points.count)
        {
          best = result
        }
        if result.meetsTolerance { return result }
        construction *= 0.5
      }
      if grid >= Double(maximumExportResolution) { break }
      grid = Swift.min(grid * 10, Double(maximumExportResolution))
    }
    return best!
  }

  /// One attempt: minimal chain on a fixed candidate set, then rounding and verification.
  static func _export(
    grid: Int, extraInputs: [Double], constructionTolerance: Double, tolerance: Double,
    outputDecimals: Int, percentDecimals: Int, _ sample: (Double) -> Double
  ) -> CSSLinearExport {
    // Candidate inputs: the grid merged with the breakpoints, strictly increasing.
    var candidates: [Double] = []
    candidates.reserveCapacity(grid + 1 + extraInputs.count)
    for k in 0...grid { candidates.append(Double(k) / Double(grid)) }
    candidates.append(contentsOf: extraInputs)
    candidates.sort()
    var unique: [Double] = []
    for x in candidates where unique.last != x { unique.append(x) }
    candidates = unique
    // Samples: each candidate followed by 3 interior points; isCandidate maps to candidate index.
    let interior = 3
    var xs: [Double] = [], ys: [Double] = [], candidateSample: [Int] = []
    for (c, x) in candidates.enumerated() {
      candidateSample.append(xs.count)
      xs.append(x)
      ys.append(sample(x))
      if c + 1 < candidates.count {
        let next = candidates[c + 1]
        for k in 1...interior {
          let xi = x + (next - x) * (Double(k) / Double(interior + 1))
          xs.append(xi)
          ys.append(sample(xi))
        }
      }
    }
    // Shortest chain of admissible chords, candidates processed left to right.
    let count = candidates.count
    var links = [Int](repeating: Int.max, count: count)
    var previous = [Int](repeating: -1, count: count)
    links[0] = 0
    var budget = 60_000_000  // sample visits; beyond it only neighbour links are used (no hang)
    for i in 0..<count - 1 {
      if links[i] == Int.max {  // unreachable within tolerance: forced neighbour link
        links[i] = links[i - 1] + 1
        previous[i] = i - 1
      }
      let si = candidateSample[i]
      let x0 = xs[si], y0 = ys[si]
      var lowSlope = -Double.infinity, highSlope = Double.infinity
      var j = i + 1
      var s = si + 1
      while s < xs.count && budget > 0 {
        budget -= 1
        let dx = xs[s] - x0
        let low = (ys[s] - constructionTolerance - y0) / dx
        let high = (ys[s] + constructionTolerance - y0) / dx
        if s == candidateSample[j] {
          let slope = (ys[s] - y0) / dx
          if slope >= lowSlope && slope <= highSlope && links[i] + 1 < links[j] {
            links[j] = links[i] + 1
            previous[j] = i
          }
          j += 1
        }
        if low > lowSlope { lowSlope = low }
        if high < highSlope { highSlope = high }
        if lowSlope > highSlope { break }
        s += 1
      }
    }
    if links[count - 1] == Int.max {
      links[count - 1] = links[count - 2] + 1
      previous[count - 1] = count - 2
    }
    var chain: [Int] = []
    var k = count - 1
    while k >= 0 {
      chain.append(k)
      k = previous[k]
    }
    chain.reverse()
    // Round outputs as printed; inputs are already on the printed grid.
    let scale = _DecimalText.powerOfTen(outputDecimals)
    let inputQuantum = _DecimalText.powerOfTen(percentDecimals + 2)
    let points = chain.map { c -> Point in
      let y = ys[candidateSample[c]]
      let input = (candidates[c] * inputQuantum).rounded() / inputQuantum
      return Point(output: (y * scale).rounded() / scale, input: input)
    }
    let easing = CSSLinearEasing(points: points)
    // Verification on a finer grid plus every stop input.
    var maximumError = 0.0
    let verify = 8
    for c in 0..<count - 1 {
      let x = candidates[c], next = candidates[c + 1]
      for k in 0..<verify {
        let xv = x + (next - x) * (Double(k) / Double(verify))
        let error = (easing.value(at: xv) - sample(xv)).magnitude
        if error > maximumError { maximumError = error }
      }
    }
    let endError = (easing.value(at: 1) - sample(1)).magnitude
    if endError > maximumError { maximumError = endError }
    return CSSLinearExport(
      easing: easing,
      css: easing.cssString(outputDecimals: outputDecimals, percentDecimals: percentDecimals),
      maximumError: maximumError, tolerance: tolerance, constructionTolerance: constructionTolerance,
      resolution: grid, outputDecimals: outputDecimals, percentDecimals: percentDecimals)
  }
}

extension CSSLinearEasing {
  /// ``approximating(tolerance:breakpoints:resolution:_:)`` of a ``UnitCurve``'s `value(at:)`.
  public static func approximating(_ curve: UnitCurve, tolerance: Double = 0.001) -> CSSLinearExport {
    approximating(tolerance: tolerance) { curve.value(at: $0) }
  }

  /// ``approximating(tolerance:breakpoints:resolution:_:)`` of a ``CubicBezier``.
  public static func approximating(_ curve: CubicBezier, tolerance: Double = 0.001) -> CSSLinearExport {
    approximating(tolerance: tolerance) { curve.value(at: $0) }
  }

  /// ``approximating(tolerance:breakpoints:resolution:_:)`` of an ``Easing``; the bounce
  /// family passes its parabola joins as breakpoints.
  public static func approximating(_ easing: Easing, tolerance: Double = 0.001) -> CSSLinearExport {
    var breaks: [Double] = []
    if easing.family == .bounce {
      // Joins of the four parabolas of bounce-out at v = 1/d, 2/d, 2.5/d (d = 2.75), mapped to x.
      let joins = [1 / 2.75, 2 / 2.75, 2.5 / 2.75]
      for v in joins {
        switch easing.mode {
        case .out: breaks.append(v)
        case .in: breaks.append(1 - v)
        case .inOut:
          breaks.append((1 - v) * 0.5)
          breaks.append(0.5 + v * 0.5)
        }
      }
      if easing.mode == .inOut { breaks.append(0.5) }
    }
    return approximating(tolerance: tolerance, breakpoints: breaks) { easing.value(at: $0) }
  }
}
