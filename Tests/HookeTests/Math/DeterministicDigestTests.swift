import Hooke
import Testing

/// The golden digest of the elementary functions. The value was recorded once the functions
/// passed the mpmath fixtures and the reference sweeps, and was checked to be the same natively
/// in debug, natively with -O and as Embedded wasm32 (-O) under wasmkit. It is a regression
/// guard here; the wasm32 determinism program evaluates the same function on every CI run.
@Suite struct DeterministicDigestTests {
  static let golden: UInt64 = 0x7dfa_6ba7_1454_b596

  @Test func elementaryFunctionsDigestIsGolden() {
    let digest = _DeterminismDigest.elementaryFunctions()
    print("elementaryFunctions digest: 0x\(String(digest, radix: 16))")
    #expect(digest == Self.golden, "digest 0x\(String(digest, radix: 16))")
    // Evaluating twice gives the same bits (no hidden state).
    #expect(_DeterminismDigest.elementaryFunctions() == digest)
  }
}
