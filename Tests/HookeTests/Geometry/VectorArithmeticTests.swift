import Hooke
import Testing

@Suite struct VectorArithmeticTests {
  @Test func pairArithmeticIsComponentWise() {
    let a = AnimatablePair(1.0, SIMD2<Float>(2, 3))
    let b = AnimatablePair(0.5, SIMD2<Float>(-1, 1))
    #expect((a + b) == AnimatablePair(1.5, SIMD2<Float>(1, 4)))
    #expect((a - b).magnitudeSquared == 0.25 + 9 + 4)
    #expect(a.scaled(by: 2) == AnimatablePair(2.0, SIMD2<Float>(4, 6)))
    #expect(AnimatablePair<Double, Double>.zero == AnimatablePair(0.0, 0.0))
  }

  @Test func simdMagnitudeIsSummedInDoubleInLaneOrder() {
    // Float lanes whose squares overflow Float but not Double.
    let v = SIMD4<Float>(1e20, -1e20, 3, 4)
    let lane = Double(Float(1e20))
    #expect(v.magnitudeSquared == lane * lane + lane * lane + 9 + 16)
    var w = SIMD8<Double>(repeating: 1)
    w.scale(by: 0.5)
    #expect(w == SIMD8<Double>(repeating: 0.5))
    #expect(w.magnitudeSquared == 2)
    #expect(SIMD3<Double>(1, 2, 3) + .zero == SIMD3<Double>(1, 2, 3))
  }

  /// SE-0364: a library must not add a conformance of a standard-library type to a
  /// standard-library protocol, because every client inherits it. SIMD vectors conform to Hooke's
  /// own protocol instead, so they stay exactly as `AdditiveArithmetic`-free as the standard
  /// library makes them, while Hooke's own pair types are `AdditiveArithmetic`.
  @Test func simdVectorsConformWithoutARetroactiveAdditiveArithmetic() {
    #expect(!(SIMD2<Double>.self is any AdditiveArithmetic.Type))
    #expect(!(SIMD4<Float>.self is any AdditiveArithmetic.Type))
    #expect(SIMD2<Double>.self is any VectorArithmetic.Type)
    #expect(AnimatablePair<Double, Float>.self is any AdditiveArithmetic.Type)
    #expect(EmptyAnimatableData.self is any AdditiveArithmetic.Type)
    var v = SIMD2<Double>(1, 2)
    v += SIMD2(0.5, 0.5)
    v -= SIMD2(1, 1)
    #expect(v == SIMD2(0.5, 1.5))
  }

  @Test func floatMagnitudeDoesNotOverflow() {
    let big: Float = 3e38
    #expect(big.magnitudeSquared == Double(big) * Double(big))
    #expect(big.magnitudeSquared.isFinite)
  }

  @Test func interpolationExtrapolatesOutsideUnitInterval() {
    #expect(2.0.interpolated(towards: 4.0, amount: 0.25) == 2.5)
    #expect(2.0.interpolated(towards: 4.0, amount: 1.5) == 5.0)
    #expect(2.0.interpolated(towards: 4.0, amount: -1) == 0.0)
    var p = SIMD2<Double>(0, 10)
    p.interpolate(towards: SIMD2(10, 0), amount: 0.5)
    #expect(p == SIMD2(5, 5))
  }

  @Test func emptyDataIsInert() {
    var e = EmptyAnimatableData()
    e.scale(by: .nan)
    #expect(e == .zero)
    #expect((e + e - e).magnitudeSquared == 0)
  }
}
