/// Bit-exact digests of Hooke's outputs over fixed, seeded inputs.
///
/// Each numeric family (elementary functions, springs, curves, …) adds a static function in an
/// extension that evaluates a fixed input set and folds the *bit patterns* of the results into a
/// ``_FNV1a`` hash. The same functions run in `swift test` (against committed golden values) and
/// in the Embedded/wasm32 determinism program that `.ci/run` builds, so a hash that differs
/// between platforms, build modes or thread counts is caught.
///
/// Underscored and `package`: shared with the package's tests, harness and determinism program, not
/// API.
package enum _DeterminismDigest {}

/// 64-bit FNV-1a, fed byte by byte (little-endian order of each word), so the hash of a sequence
/// of words is the same on every platform.
package struct _FNV1a: Sendable {
  /// The current hash (settable only to restart from a saved state).
  package var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Creates a hasher in the FNV-1a offset-basis state.
  @inlinable package init() {}

  /// Folds the eight bytes of `word` in, least significant first.
  @inlinable
  package mutating func combine(_ word: UInt64) {
    var w = word
    for _ in 0..<8 {
      value = (value ^ (w & 0xFF)) &* 0x0000_0100_0000_01B3
      w >>= 8
    }
  }

  /// Folds in the bit pattern of `x`.
  @inlinable package mutating func combine(_ x: Double) { combine(x.bitPattern) }

  /// Folds in the bit pattern of `x` (widened to 64 bits without conversion).
  @inlinable package mutating func combine(_ x: Float) { combine(UInt64(x.bitPattern)) }
}

/// SplitMix64, the input generator of the digests: a fixed seed gives the same inputs everywhere.
package struct _SplitMix64: Sendable {
  @usableFromInline var state: UInt64

  /// Creates a generator whose whole output is determined by `seed`.
  @inlinable package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  @inlinable
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly distributed `Double` in `[0, 1)` with 53 random bits.
  @inlinable
  package mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A uniformly distributed `Double` in `[lower, upper)`.
  @inlinable
  package mutating func next(in lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * nextUnit()
  }
}
