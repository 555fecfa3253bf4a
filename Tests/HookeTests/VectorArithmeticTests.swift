import Hooke
import Testing

@Suite struct VectorArithmeticTests {
  @Test func pairArithmeticIsComponentWise() {
    let a = AnimatablePair(1.0, SIMD2<Float>(2, 3))
    let b = AnimatablePair(0.5, SIMD2<Float>(-1, 1))
    #expect((a + b) == AnimatablePair(1.5, SIMD2<Float>(1, 4)))
    #expect((a - b).magnitudeSquared == 0.25 + 9 + 4)
    #expect(a.scaled(by: 2) == AnimatablePair(2.0, SIMD2<Float>(4, 6)))
  }
}
