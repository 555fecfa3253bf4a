/// SplitMix64: a tiny, fast, seeded generator. Tests use only seeded randomness and print the
/// seed when they fail, so every failure can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The seed the generator started from (print it on failure).
  public let seed: UInt64
  private var state: UInt64

  /// Creates a generator whose whole output is determined by `seed`.
  public init(seed: UInt64) {
    self.seed = seed
    self.state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
