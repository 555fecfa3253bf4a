import Hooke
import Testing

@Suite struct CurvesDigestTests {
  /// The golden digest, recorded once the curve tests passed against their independent
  /// references with the deterministic elementary functions underneath, and checked equal in a
  /// native release build, a native debug build and an Embedded wasm32 build under wasmkit
  /// (`.ci/determinism.sh`). A change here means results changed somewhere: find out why.
  static let golden: UInt64 = 0x9e07_17b3_d418_93a8

  @Test func digestIsGolden() {
    let digest = _DeterminismDigest.curves()
    #expect(digest == Self.golden, "digest 0x\(String(digest, radix: 16))")
  }

  /// The digest must also be reproducible within a process and sensitive to the inputs.
  @Test func digestIsReproducible() {
    let first = _DeterminismDigest.curves()
    let second = _DeterminismDigest.curves()
    #expect(first == second)
    #expect(first != _FNV1a().value)  // something was folded in
  }
}
