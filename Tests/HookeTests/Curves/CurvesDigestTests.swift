import Hooke
import Testing

@Suite struct CurvesDigestTests {
  /// No golden constant yet (the math underneath is interim); the digest must at least be a
  /// pure function of its fixed inputs and must see the curves it claims to cover.
  @Test func digestIsReproducible() {
    let first = _DeterminismDigest.curves()
    let second = _DeterminismDigest.curves()
    #expect(first == second)
    #expect(first != _FNV1a().value)  // something was folded in
  }
}
