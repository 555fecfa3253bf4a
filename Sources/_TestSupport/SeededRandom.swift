import Hooke

/// A seeded `RandomNumberGenerator` for tests: SplitMix64, the same generator the determinism
/// digests use (`_SplitMix64`). Tests use only seeded randomness and print the seed when they
/// fail, so every failure can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The seed the generator started from (print it on failure).
  public let seed: UInt64
  private var generator: _SplitMix64

  /// Creates a generator whose whole output is determined by `seed`.
  public init(seed: UInt64) {
    self.seed = seed
    self.generator = _SplitMix64(seed: seed)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 { generator.next() }
}
