import Hooke
import Testing
import _TestSupport

/// CubicBezier against 60-digit mpmath fixtures (`Tests/Fixtures/curves-bezier.txt`).
@Suite struct CubicBezierTests {
  struct Row {
    var curve: CubicBezier
    var x, value, slope: Double
    var wellConditioned: Bool
  }

  static let rows: [Row] = Fixture.rows("curves-bezier.txt").map { f in
    let d = f.map(Fixture.double)
    return Row(
      curve: CubicBezier(d[0], d[1], d[2], d[3]), x: d[4], value: d[5], slope: d[6],
      wellConditioned: d[7] == 1)
  }

  @Test func valueAndVelocityAgainstMpmath() {
    var worstValue = 0.0
    var worstSlope = 0.0
    for row in Self.rows {
      let v = row.curve.value(at: row.x)
      let s = row.curve.velocity(at: row.x)
      let context = "\(row.curve.startControlPoint) \(row.curve.endControlPoint) x \(row.x)"
      if row.wellConditioned {
        worstValue = max(worstValue, abs(v - row.value))
        worstSlope = max(worstSlope, abs(s - row.slope) / max(1, abs(row.slope)))
        #expect(abs(v - row.value) <= 1e-15, "\(context): \(v) vs \(row.value)")
        #expect(abs(s - row.slope) <= 1e-14 * max(1, abs(row.slope)), "\(context): \(s) vs \(row.slope)")
      } else if row.slope.isInfinite {
        #expect(s == row.slope, "\(context): \(s)")
        #expect(abs(v - row.value) <= 1e-7, "\(context): \(v) vs \(row.value)")
      } else {
        // Ill-conditioned: the value error is bounded by slope × (x residual ≈ 1e-15).
        #expect(abs(v - row.value) <= 1e-14 * max(1, abs(row.slope)) + 1e-15, "\(context)")
        #expect(abs(s - row.slope) <= 1e-6 * max(1, abs(row.slope)), "\(context): \(s) vs \(row.slope)")
      }
    }
    // Measured when written: 6.7e-16 and 3.9e-15.
    #expect(worstValue <= 1e-15 && worstSlope <= 1e-14)
  }

  @Test func batchMatchesScalarWithinItsDocumentedAccuracy() {
    var rng = SplitMix64(seed: 0xBA7C4)
    var curves: [(CubicBezier, Bool)] = []
    for row in Self.rows where !curves.contains(where: { $0.0 == row.curve }) {
      curves.append((row.curve, row.wellConditioned))
    }
    for (curve, wellConditioned) in curves {
      for _ in 0..<512 {
        var lanes = SIMD8<Double>()
        for i in 0..<8 {
          let u = Double(rng.next() >> 11) * 0x1p-53
          lanes[i] = u * 1.2 - 0.1
        }
        let values = curve.values(at: lanes)
        let slopes = curve.velocities(at: lanes)
        for i in 0..<8 {
          let reference = curve.value(at: lanes[i])
          let bound = wellConditioned ? 1e-12 : 1e-6
          #expect(
            abs(values[i] - reference) <= bound,
            "seed \(rng.seed) x \(lanes[i]): \(values[i]) vs \(reference)")
          if wellConditioned {
            let s = curve.velocity(at: lanes[i])
            #expect(abs(slopes[i] - s) <= 1e-9 * max(1, abs(s)), "seed \(rng.seed) x \(lanes[i])")
          }
        }
      }
    }
    // Batch fixture check too.
    for row in Self.rows where row.wellConditioned {
      let v = row.curve.values(at: SIMD2(row.x, row.x))
      #expect(abs(v[0] - row.value) <= 2e-15, "x \(row.x)")  // measured 7.8e-16
    }
  }

  @Test func solveParameterRoundTripsAndIsMonotone() {
    for row in Self.rows where row.x > 0 && row.x < 1 {
      let c = row.curve
      let t = c.solveParameter(x: row.x)
      let x1 = c.startControlPoint.x
      let x2 = c.endControlPoint.x
      let x = 3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t
      #expect(abs(x - row.x) <= 2e-15, "x \(row.x) t \(t)")
    }
    let c = CubicBezier.easeInOut
    var previous = -1.0
    for i in 0...1000 {
      let v = c.value(at: Double(i) / 1000)
      #expect(v >= previous)
      previous = v
    }
  }

  @Test func velocityMatchesCentralDifferences() {
    let h = 1e-5
    for curve in [CubicBezier.ease, .easeIn, .easeOut, .easeInOut, CubicBezier(0.68, -0.55, 0.265, 1.55)] {
      for i in 1...19 {
        let x = Double(i) / 20
        let fd = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
        #expect(
          isApproximatelyEqual(curve.velocity(at: x), fd, relativeTolerance: 1e-7, absoluteTolerance: 1e-9),
          "x \(x)")
      }
    }
  }

  @Test func extrapolationAndBadInput() {
    let ease = CubicBezier.ease
    #expect(ease.value(at: -1) == -0.4)  // gradient 0.1/0.25
    #expect(ease.velocity(at: 2) == 0)  // P2 = (0.25, 1): flat end tangent
    #expect(ease.value(at: 3) == 1)
    #expect(ease.value(at: .infinity) == 1)  // flat: no ∞·0 NaN
    #expect(ease.value(at: -.infinity) == -.infinity)
    #expect(ease.value(at: .nan) == 0 && ease.velocity(at: .nan) == ease.velocity(at: 0))
    let flatStart = CubicBezier(0, 0, 0, 1)  // P1 = P0 and P2x = 0: CSS says flat
    #expect(flatStart.value(at: -0.5) == 0)
    // Browsers' extension (Chromium's InitGradients, Gecko, web-platform tests): a control point
    // on the end point's vertical but not on the end point makes the tangent vertical: flat.
    #expect(CubicBezier(0.5, 0, 1, 0.5).value(at: 2) == 1)  // P2 = (1, 0.5) above P3's x
    #expect(CubicBezier(0.5, 0, 1, 0.5).velocity(at: 2) == 0)
    #expect(CubicBezier(0, 0.5, 0.5, 1).value(at: -1) == 0)  // P1 = (0, 0.5)
    #expect(CubicBezier(0, 0, 0.5, 1).value(at: -1) == -2)  // P1 = P0: the slope of P0–P2
    #expect(CubicBezier(0.5, 0, 1, 1).value(at: 2) == 3)  // P2 = P3: the slope of P1–P3
    // Both control points on an end point: the curve is y = x, and so is its extension.
    #expect(CubicBezier(0, 0, 0, 0).value(at: -1) == -1 && CubicBezier(0, 0, 0, 0).value(at: 2) == 2)
    #expect(CubicBezier(1, 1, 1, 1).value(at: -1) == -1 && CubicBezier(1, 1, 1, 1).value(at: 2) == 2)
    #expect(CubicBezier(0, 0, 1, 1).velocity(at: 0) == 1)  // 0/0 → third-derivative ratio
    #expect(CubicBezier(0, 0, 0.58, 1).velocity(at: 0) == 1 / 0.58)  // 0/0 → by/bx
    let broken = CubicBezier(.nan, .infinity, -.infinity, .nan)
    #expect(broken.startControlPoint == UnitPoint(x: 0, y: 0x1p32))
    for x in [-1.0, 0, 0.25, 0.5, 1, 2] {
      #expect(!broken.value(at: x).isNaN && !broken.velocity(at: x).isNaN, "x \(x)")
      #expect(!broken.values(at: SIMD2(x, x))[0].isNaN, "x \(x)")
    }
    let nanLanes = CubicBezier.ease.values(at: SIMD4(.nan, .infinity, -.infinity, 0.5))
    #expect(nanLanes[0] == 0 && nanLanes[1] == 1 && nanLanes[2] == -.infinity)
  }

  /// NaN control-point coordinates read as 0, as the type documents (a NaN y used to become the
  /// lower bound of the y limit, −2³²): the curve equals the one with zeros there.
  @Test func nanControlPointsReadAsZero() {
    let curve = CubicBezier(0.3, .nan, .nan, .nan)
    #expect(curve.startControlPoint == UnitPoint(x: 0.3, y: 0))
    #expect(curve.endControlPoint == UnitPoint(x: 0, y: 0))
    #expect(curve == CubicBezier(0.3, 0, 0, 0))
    for x in [0.1, 0.5, 0.9] { #expect(curve.value(at: x) == CubicBezier(0.3, 0, 0, 0).value(at: x)) }
  }
}
