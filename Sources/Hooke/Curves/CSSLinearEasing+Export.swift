/// The result of ``CSSLinearEasing/approximating(tolerance:breakpoints:resolution:_:)``.
public struct CSSLinearExport: Hashable, Sendable {
  /// The easing with its outputs already rounded to ``outputDecimals`` and inputs on the printed
  /// decimal grid, so it evaluates exactly like the text in ``css``.
  public var easing: CSSLinearEasing
  /// The CSS text `linear(…)`; parsing it back gives ``easing`` bit for bit.
  public var css: String
  /// The largest |easing(x) − f(x)| found over the verification grid (8 samples per candidate
  /// interval plus x = 1), measured on the rounded easing.
  public var maximumError: Double
  /// The tolerance actually requested after clamping (see the exporter).
  public var tolerance: Double
  /// The tolerance the minimal chain was built against: below ``tolerance`` to leave room for
  /// output rounding and for the verification grid being finer than the construction samples.
  public var constructionTolerance: Double
  /// The candidate stop inputs of the final attempt, increasing (the initial grid, the
  /// breakpoints and any local refinements). Stops are a minimal subset of these.
  public var candidateInputs: [Double]
  /// Fraction digits of the printed outputs.
  public var outputDecimals: Int
  /// Whether ``maximumError`` ≤ ``tolerance``. False only when f has a feature narrower than the
  /// finest refinement (10⁻¹⁰), e.g. an undeclared jump; the easing is then the best found.
  public var meetsTolerance: Bool { maximumError <= tolerance }
}

extension CSSLinearEasing {
  /// The smallest tolerance the exporter accepts; smaller, zero, negative or NaN requests use it.
  public static let minimumExportTolerance = 1e-6

  /// The largest number of candidate inputs (and so of stops) the exporter ever considers.
  public static let maximumExportCandidates = 20_001

  /// Approximates `f` on `[0, 1]` by a CSS `linear()` easing with the fewest stops whose maximum
  /// error stays within `tolerance`.
  ///
  /// Method: candidate stop inputs start as the grid k/`resolution` plus the `breakpoints`
  /// (values in (0, 1) rounded to 10⁻⁵, i.e. to 0.001 %; at most 64; NaN ignored); each stop's
  /// output is f at its input. Between neighbouring candidates 3 more samples are taken. A
  /// chord between two candidates is admissible when it stays within the construction tolerance
  /// of f at every sample between them (a slope-cone test, O(1) per sample); a left-to-right
  /// shortest-path sweep then picks the **minimum number of stops** over all admissible chains —
  /// optimal among easings interpolating f at candidate inputs (not among all piecewise-linear
  /// functions). Where even neighbouring candidates are too far apart (a vertical tangent such
  /// as the circular curves', a sharp kink) that interval is split into 10, repeatedly, down to
  /// 10⁻¹⁰. Outputs are rounded to d decimals with 10⁻ᵈ ≤ tolerance/20; inputs are exact
  /// decimals (printed as percentages with up to 8 decimals, trailing zeros trimmed). The error
  /// is measured on the rounded easing over 8 samples per candidate interval; when it exceeds
  /// `tolerance` the construction tolerance (initially 0.9·tolerance − rounding) is halved.
  ///
  /// - Parameters:
  ///   - tolerance: maximum absolute error, default 0.001; clamped to
  ///     [``minimumExportTolerance``, 1]; NaN uses the minimum.
  ///   - breakpoints: inputs where f has a kink (or jump: the stop takes f's value there).
  ///   - resolution: initial grid intervals, default 1000 (0.1 % steps); clamped to [1, 10 000].
  ///   - f: the function; NaN samples read as 0 and values are clamped to ±10⁶.
  /// - Returns: the easing, its CSS text and the achieved maximum error. Bounded work: at most
  ///   10 refinement rounds × 3 tolerance attempts over ≤ ``maximumExportCandidates``
  ///   candidates, each O(samples × reach) with a hard cap on sample visits.
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
    // Candidate inputs as integers on the scale 10¹⁰ (exact decimals, exact in Double).
    let scale: Int64 = 10_000_000_000
    let grid = Int64(Swift.min(Swift.max(resolution, 1), 10_000))
    var keys: [Int64] = []
    for k in 0...grid { keys.append((k * scale + grid / 2) / grid) }
    var breakpointCount = 0
    for b in breakpoints where b > 0 && b < 1 && breakpointCount < 64 {
      keys.append(Int64((b * 100_000)._roundedHalfAwayFromZero) * 100_000)
      breakpointCount += 1
    }
    keys.sort()
    var unique: [Int64] = []
    for k in keys where unique.last != k { unique.append(k) }
    keys = unique

    let sample: (Double) -> Double = { x in
      let y = f(x)
      return y.isNaN ? 0 : _clamp(y, -1e6, 1e6)
    }
    let rounding = 0.5 / _DecimalText.powerOfTen(outputDecimals)
    var best: CSSLinearExport? = nil
    for _ in 0..<10 {
      var construction = tol * 0.9 - rounding
      var unresolved: [Int] = []
      for _ in 0..<3 {
        let attempt = _export(
          keys: keys, scale: scale, constructionTolerance: construction, tolerance: tol,
          outputDecimals: outputDecimals, sample)
        let result = attempt.result
        if best == nil || (result.meetsTolerance && !best!.meetsTolerance)
          || (!best!.meetsTolerance && result.maximumError < best!.maximumError)
        {
          best = result
        }
        if result.meetsTolerance { return result }
        unresolved = attempt.unresolvedIntervals
        if !unresolved.isEmpty { break }  // a finer grid is needed, not a smaller tolerance
        construction *= 0.5
      }
      // Split each unresolved candidate interval into 10.
      var refined: [Int64] = []
      var next = 0
      for (i, key) in keys.enumerated() {
        refined.append(key)
        if next < unresolved.count && unresolved[next] == i {
          next += 1
          let width = keys[i + 1] - key
          if width >= 10 {
            for j in 1..<10 { refined.append(key + width * Int64(j) / 10) }
          }
        }
      }
      if refined.count == keys.count || refined.count > maximumExportCandidates { break }
      keys = refined
    }
    return best!
  }

  /// One attempt: minimal chain on a fixed candidate set, then rounding and verification.
  /// Also returns the candidate intervals whose own chord is not admissible.
  static func _export(
    keys: [Int64], scale: Int64, constructionTolerance: Double, tolerance: Double,
    outputDecimals: Int, _ sample: (Double) -> Double
  ) -> (result: CSSLinearExport, unresolvedIntervals: [Int]) {
    let candidates = keys.map { Double($0) / Double(scale) }
    // Samples: each candidate followed by 3 interior points.
    let interior = 3
    var xs: [Double] = []
    var ys: [Double] = []
    var candidateSample: [Int] = []
    xs.reserveCapacity(candidates.count * (interior + 1))
    ys.reserveCapacity(candidates.count * (interior + 1))
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
    var unresolved: [Int] = []
    links[0] = 0
    var budget = 40_000_000  // sample visits; past it only neighbour links remain (no hang)
    for i in 0..<count - 1 {
      if links[i] == Int.max {  // not reachable within tolerance: forced neighbour link
        links[i] = links[i - 1] + 1
        previous[i] = i - 1
      }
      let si = candidateSample[i]
      let x0 = xs[si]
      let y0 = ys[si]
      var lowSlope = -Double.infinity
      var highSlope = Double.infinity
      var j = i + 1
      var s = si + 1
      var reachedNeighbour = false
      while s < xs.count && budget > 0 {
        budget -= 1
        let dx = xs[s] - x0
        if s == candidateSample[j] {
          let slope = (ys[s] - y0) / dx
          if slope >= lowSlope && slope <= highSlope {
            if j == i + 1 { reachedNeighbour = true }
            if links[i] + 1 < links[j] {
              links[j] = links[i] + 1
              previous[j] = i
            }
          }
          j += 1
        }
        let low = (ys[s] - constructionTolerance - y0) / dx
        let high = (ys[s] + constructionTolerance - y0) / dx
        if low > lowSlope { lowSlope = low }
        if high < highSlope { highSlope = high }
        if lowSlope > highSlope { break }
        s += 1
      }
      if !reachedNeighbour && budget > 0 { unresolved.append(i) }
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
    // Round outputs as printed; inputs are already exact decimals.
    let outputScale = _DecimalText.powerOfTen(outputDecimals)
    let points = chain.map { c -> Point in
      let y = ys[candidateSample[c]]
      return Point(output: (y * outputScale)._roundedHalfAwayFromZero / outputScale, input: candidates[c])
    }
    let easing = CSSLinearEasing(points: points)
    // Verification on a finer grid plus x = 1, on the rounded easing.
    var maximumError = 0.0
    let verify = 8
    for c in 0..<count - 1 {
      let x = candidates[c]
      let next = candidates[c + 1]
      for k in 0..<verify {
        let xv = x + (next - x) * (Double(k) / Double(verify))
        let error = (easing.value(at: xv) - sample(xv)).magnitude
        if error > maximumError { maximumError = error }
      }
    }
    let endError = (easing.value(at: 1) - sample(1)).magnitude
    if endError > maximumError { maximumError = endError }
    let result = CSSLinearExport(
      easing: easing,
      css: easing.cssString(outputDecimals: outputDecimals, percentDecimals: 8),
      maximumError: maximumError, tolerance: tolerance, constructionTolerance: constructionTolerance,
      candidateInputs: candidates, outputDecimals: outputDecimals)
    return (result, unresolved)
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
