import Hooke
import Testing
import _TestSupport

/// CSS `linear()` (CSS Easing Level 2): canonicalisation and evaluation per the CSS
/// algorithms, parse-back, deterministic number text, and the minimal-stop exporter.
@Suite struct CSSLinearEasingTests {
  typealias P = CSSLinearEasing.Point
  typealias S = CSSLinearEasing.Stop

  @Test func canonicalisationFollowsTheSpec() {
    // Missing inputs: first 0, last 1, runs spread evenly between neighbours.
    #expect(
      CSSLinearEasing(stops: [S(0), S(0.25), S(1)]).points
        == [P(output: 0, input: 0), P(output: 0.25, input: 0.5), P(output: 1, input: 1)])
    // An input smaller than an earlier one is raised to it.
    #expect(
      CSSLinearEasing(stops: [S(0, at: 0.2), S(0.5, at: 0.1), S(1)]).points
        == [P(output: 0, input: 0.2), P(output: 0.5, input: 0.2), P(output: 1, input: 1)])
    let run = CSSLinearEasing(stops: [S(0), S(0.1), S(0.2, at: 0.5), S(0.3), S(0.4), S(1, at: 1)]).points
    #expect(run.map(\.input) == [0, 0.25, 0.5, 0.5 + 0.5 * (1.0 / 3), 0.5 + 0.5 * (2.0 / 3), 1])
    #expect(CSSLinearEasing(stops: []).points == [P(output: 0, input: 0), P(output: 1, input: 1)])
    #expect(CSSLinearEasing(stops: [S(.nan, at: .nan)]).points == [P(output: 0, input: 0)])
  }

  @Test func evaluationFollowsTheSpec() {
    let identity = CSSLinearEasing(stops: [S(0), S(1)])
    #expect(identity.value(at: 0.5) == 0.5)
    #expect(identity.value(at: 1.5) == 1.5 && identity.value(at: -0.5) == -0.5)  // extrapolation
    #expect(identity.value(at: .nan) == 0)
    // A jump: at the shared input the *last* point wins.
    let jump = CSSLinearEasing(stops: [S(0), S(0, at: 0.5), S(1, at: 0.5), S(1)])
    #expect(jump.value(at: 0.5) == 1 && jump.value(at: 0.49) == 0 && jump.value(at: 0.51) == 1)
    // Before the first / after the last input with coincident pairs: flat.
    let flatStart = CSSLinearEasing(stops: [S(0.2, at: 0.1), S(0.4, at: 0.1), S(1)])
    #expect(flatStart.value(at: 0) == 0.2 && flatStart.value(at: -.infinity) == 0.2)
    let flatEnd = CSSLinearEasing(stops: [S(0), S(0.5, at: 0.9), S(0.8, at: 0.9)])
    #expect(flatEnd.value(at: 1) == 0.8 && flatEnd.value(at: .infinity) == 0.8)
    let spring = CSSLinearEasing(stops: [S(0), S(1.2, at: 0.4), S(0.9, at: 0.7), S(1)])
    #expect(abs(spring.value(at: 0.55) - 1.05) < 1e-15)
    #expect(abs(spring.value(at: 0.2) - 0.6) < 1e-15)
    #expect(CSSLinearEasing(stops: [S(0.3)]).value(at: 0.9) == 0.3)
  }

  @Test func textIsDeterministicAndParsesBack() {
    let easing = CSSLinearEasing(stops: [
      S(0), S(0.123456, at: 0.25), S(-0.5, at: 0.5), S(1e-7, at: 0.75), S(1),
    ])
    #expect(easing.cssString() == "linear(0, 0.12346 25%, -0.5 50%, 0 75%, 1)")
    #expect(
      easing.cssString(outputDecimals: 2, percentDecimals: 0) == "linear(0, 0.12 25%, -0.5 50%, 0 75%, 1)")
    #expect(
      CSSLinearEasing(stops: [S(-1e-9), S(12.5, at: 0.33333)]).cssString()
        == "linear(0, 12.5 33.333%)")
    let parsed = CSSLinearEasing(parsing: "  linear( 0 , 0.25 25% 75% ,1 ) ")
    #expect(parsed == CSSLinearEasing(stops: [S(0), S(0.25, at: 0.25), S(0.25, at: 0.75), S(1)]))
    #expect(CSSLinearEasing(parsing: "linear(0, 1.5e-1 10%, 1)")?.points[1].output == 0.15)
    for bad in ["", "linear()", "linear(0, 1", "linear(0,, 1)", "ease", "linear(0, 1) x", "linear(a)"] {
      #expect(CSSLinearEasing(parsing: bad) == nil, "\(bad)")
    }
  }

  /// Construction-criterion error of the chain through `f` at `inputs` over the exporter's
  /// construction samples: each candidate plus 3 evenly spaced points inside each candidate interval.
  func constructionError(_ f: (Double) -> Double, inputs: [Double], candidates: [Double]) -> Double {
    var worst = 0.0
    var segment = 0
    for k in 0..<(candidates.count - 1) {
      let a0 = candidates[k]
      let b0 = candidates[k + 1]
      for j in 0..<4 {
        let x = a0 + (b0 - a0) * (Double(j) / 4)
        while segment + 1 < inputs.count - 1 && inputs[segment + 1] <= x { segment += 1 }
        let a = inputs[segment]
        let b = inputs[segment + 1]
        let fa = f(a)
        let fb = f(b)
        let chord = fa + (fb - fa) * ((x - a) / (b - a))
        worst = max(worst, abs(chord - f(x)))
      }
    }
    return worst
  }

  @Test func exporterIsOptimalOnSmallCasesByExhaustiveSearch() {
    let curves: [(String, (Double) -> Double)] = [
      ("easeInOut", { CubicBezier.easeInOut.value(at: $0) }),
      ("backOut", { Easing.backOut.value(at: $0) }),
      ("sine wave", { 0.5 - 0.5 * Deterministic.cos(3 * Double.pi * $0) }),
    ]
    let grid = (0...10).map { Double($0) / 10 }
    for (name, f) in curves {
      let export = CSSLinearEasing.approximating(tolerance: 0.08, resolution: 10, f)
      #expect(export.candidateInputs == grid && export.meetsTolerance, "\(name)")
      let tol = export.constructionTolerance
      // Exhaustive: every subset of the 9 interior candidates.
      var best = Int.max
      for mask in 0..<(1 << 9) {
        var inputs = [0.0]
        for k in 1...9 where mask & (1 << (k - 1)) != 0 { inputs.append(Double(k) / 10) }
        inputs.append(1)
        if inputs.count < best && constructionError(f, inputs: inputs, candidates: grid) <= tol {
          best = inputs.count
        }
      }
      #expect(export.easing.points.count == best, "\(name): \(export.easing.points.count) vs optimum \(best)")
    }
  }

  @Test func exporterMeetsToleranceMinimallyAndParsesBack() {
    let cases: [(String, CSSLinearExport, (Double) -> Double)] = [
      (
        "UnitCurve.easeInOut", CSSLinearEasing.approximating(UnitCurve.easeInOut),
        { UnitCurve.easeInOut.value(at: $0) }
      ),
      (
        "CubicBezier back", CSSLinearEasing.approximating(CubicBezier(0.68, -0.55, 0.265, 1.55)),
        { CubicBezier(0.68, -0.55, 0.265, 1.55).value(at: $0) }
      ),
      ("elasticOut", CSSLinearEasing.approximating(Easing.elasticOut), { Easing.elasticOut.value(at: $0) }),
      ("bounceOut", CSSLinearEasing.approximating(Easing.bounceOut), { Easing.bounceOut.value(at: $0) }),
      (
        "sineInOut 1e-4", CSSLinearEasing.approximating(Easing.sineInOut, tolerance: 1e-4),
        { Easing.sineInOut.value(at: $0) }
      ),
      // Vertical tangent at 0: needs local refinement below the 0.1 % grid.
      (
        "circularEaseOut", CSSLinearEasing.approximating(UnitCurve.circularEaseOut),
        { UnitCurve.circularEaseOut.value(at: $0) }
      ),
    ]
    for (name, export, f) in cases {
      #expect(
        export.meetsTolerance && export.maximumError <= export.tolerance, "\(name): \(export.maximumError)")
      #expect(CSSLinearEasing(parsing: export.css) == export.easing, "\(name): \(export.css)")
      #expect(export.css.hasPrefix("linear(0, ") && export.css.hasSuffix(", 1)"), "\(name): \(export.css)")
      // Independent dense re-measurement (not the exporter's grid).
      var worst = 0.0
      for i in 0...20_000 {
        let x = Double(i) / 20_000
        worst = max(worst, abs(export.easing.value(at: x) - f(x)))
      }
      #expect(worst <= export.tolerance, "\(name): dense error \(worst)")
      // Minimality evidence: removing any interior stop breaks the construction tolerance.
      do {
        let inputs = export.easing.points.map(\.input)
        for k in 1..<(inputs.count - 1) {
          var fewer = inputs
          fewer.remove(at: k)
          let error = constructionError(f, inputs: fewer, candidates: export.candidateInputs)
          #expect(error > export.constructionTolerance, "\(name): stop \(k) is removable")
        }
      }
    }
  }

  @Test func badExportInputIsClampedAndTerminates() {
    for tolerance in [0, -1, Double.nan, 1e-300] {
      let export = CSSLinearEasing.approximating(tolerance: tolerance) { $0 * $0 }
      #expect(export.tolerance == CSSLinearEasing.minimumExportTolerance)
      #expect(export.meetsTolerance, "tolerance \(tolerance): \(export.maximumError)")
    }
    let loose = CSSLinearEasing.approximating(tolerance: 5) { $0 * $0 }
    #expect(loose.tolerance == 1 && loose.easing.points.count == 2 && loose.css == "linear(0, 1)")
    let nanFunction = CSSLinearEasing.approximating { _ in Double.nan }
    #expect(nanFunction.easing.points.allSatisfy { $0.output == 0 })
    // A jump narrower than the finest grid: terminates, reports honestly, stays bounded in size.
    let step = CSSLinearEasing.approximating(tolerance: 1e-3) { $0 < 0.123_456_7 ? 0 : 1 }
    #expect(!step.meetsTolerance && step.maximumError > 1e-3)
    #expect(step.easing.points.count <= CSSLinearEasing.maximumExportCandidates)
    // Declaring the kink of a piecewise-linear function as a breakpoint gives 3 stops.
    let kink = CSSLinearEasing.approximating(breakpoints: [0.3]) {
      $0 < 0.3 ? 2 * $0 : 0.6 + ($0 - 0.3) * (0.4 / 0.7)
    }
    #expect(kink.easing.points.count == 3 && kink.css == "linear(0, 0.6 30%, 1)", "\(kink.css)")
  }

  @Test func infiniteStopsAreClampedSoEvaluationStaysFinite() {
    let easing = CSSLinearEasing(stops: [
      .init(-.infinity), .init(.infinity, at: 0.5), .init(1, at: .infinity),
    ])
    #expect(easing.points.map(\.output) == [-1e6, 1e6, 1])
    #expect(easing.points.map(\.input) == [0, 0.5, 1e6])
    for x in [-Double.infinity, -1, 0, 0.25, 0.5, 0.75, 1, 2, .infinity, .nan] {
      #expect(!easing.value(at: x).isNaN, "x = \(x)")
    }
  }
}
