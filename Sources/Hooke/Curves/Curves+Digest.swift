extension _DeterminismDigest {
  /// Digest of every curve family over fixed inputs: ``UnitCurve`` (all named curves and two
  /// Béziers, value and velocity), ``CubicBezier`` (scalar value/velocity/solveParameter and the
  /// SIMD4 batch path, including overshooting control points and out-of-range inputs),
  /// every ``Easing`` case, every ``StepsEasing`` position, and a ``CSSLinearEasing`` evaluated
  /// from stack storage. Inputs: 33 evenly spaced points on [−0.125, 1.125] plus 64 seeded
  /// `_SplitMix64` points and the specials 0, 1, NaN, ±∞. Bit patterns are folded into
  /// ``_FNV1a``. Allocation-free; a few tens of thousands of flops.
  package static func curves() -> UInt64 {
    var hash = _FNV1a()
    var random = _SplitMix64(seed: 0x4355_5256_4553)  // "CURVES"
    let unitCurves = (
      UnitCurve.linear, UnitCurve.easeIn, UnitCurve.easeOut, UnitCurve.easeInOut, UnitCurve.circularEaseIn,
      UnitCurve.circularEaseOut, UnitCurve.circularEaseInOut,
      UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9)),
      UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 2), endControlPoint: UnitPoint(x: 1.5, y: -1))
    )
    let beziers = (
      CubicBezier.ease, CubicBezier(0.68, -0.55, 0.265, 1.55), CubicBezier(0, 0, 1, 1),
      CubicBezier(1, 0, 0, 1)
    )
    let linearPoints = (
      CSSLinearEasing.Point(output: 0, input: 0), CSSLinearEasing.Point(output: 0.6, input: 0.3),
      CSSLinearEasing.Point(output: 0.4, input: 0.3), CSSLinearEasing.Point(output: 1.2, input: 0.7),
      CSSLinearEasing.Point(output: 1, input: 1)
    )

    func foldUnitCurve(_ curve: UnitCurve, _ x: Double) {
      hash.combine(curve.value(at: x))
      hash.combine(curve.velocity(at: x))
      hash.combine(curve.inverse.value(at: x))
    }
    func foldBezier(_ bezier: CubicBezier, _ x: Double) {
      hash.combine(bezier.value(at: x))
      hash.combine(bezier.velocity(at: x))
      hash.combine(bezier.solveParameter(x: x))
      let lanes = SIMD4<Double>(x, x * 0.5, 1 - x, x * x)
      let batch = bezier.values(at: lanes)
      let slopes = bezier.velocities(at: lanes)
      for i in 0..<4 {
        hash.combine(batch[i])
        hash.combine(slopes[i])
      }
    }
    func fold(_ x: Double) {
      foldUnitCurve(unitCurves.0, x)
      foldUnitCurve(unitCurves.1, x)
      foldUnitCurve(unitCurves.2, x)
      foldUnitCurve(unitCurves.3, x)
      foldUnitCurve(unitCurves.4, x)
      foldUnitCurve(unitCurves.5, x)
      foldUnitCurve(unitCurves.6, x)
      foldUnitCurve(unitCurves.7, x)
      foldUnitCurve(unitCurves.8, x)
      foldBezier(beziers.0, x)
      foldBezier(beziers.1, x)
      foldBezier(beziers.2, x)
      foldBezier(beziers.3, x)
      // Enumerate cases without `allCases` (an array, i.e. an allocation).
      for f in 0..<10 {
        let family: Easing.Family
        switch f {
        case 0: family = .quad
        case 1: family = .cubic
        case 2: family = .quart
        case 3: family = .quint
        case 4: family = .sine
        case 5: family = .expo
        case 6: family = .circ
        case 7: family = .back
        case 8: family = .elastic
        default: family = .bounce
        }
        for mode in 0..<3 {
          let easing = Easing(family, mode == 0 ? .in : (mode == 1 ? .out : .inOut))
          hash.combine(easing.value(at: x))
          hash.combine(easing.velocity(at: x))
        }
      }
      for p in 0..<6 {
        let position: StepsEasing.Position
        switch p {
        case 0: position = .jumpStart
        case 1: position = .jumpEnd
        case 2: position = .jumpNone
        case 3: position = .jumpBoth
        case 4: position = .start
        default: position = .end
        }
        hash.combine(StepsEasing(5, position).value(at: x))
        hash.combine(StepsEasing(5, position).value(at: x, beforeFlag: true))
      }
      // Safety: all five points are initialised before they are read; the buffer lives for the
      // closure only (trivial elements: no deinitialisation needed).
      withUnsafeTemporaryAllocation(of: CSSLinearEasing.Point.self, capacity: 5) { points in
        points.initialize(repeating: linearPoints.0)
        points[1] = linearPoints.1
        points[2] = linearPoints.2
        points[3] = linearPoints.3
        points[4] = linearPoints.4
        hash.combine(CSSLinearEasing._value(points, at: x))
      }
    }

    for i in 0...32 { fold(-0.125 + Double(i) * (1.25 / 32)) }
    for _ in 0..<64 { fold(random.next(in: -0.1, 1.1)) }
    fold(0)
    fold(1)
    fold(.nan)
    fold(.infinity)
    fold(-.infinity)
    return hash.value
  }
}
