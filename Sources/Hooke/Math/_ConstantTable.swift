// Constant tables of Doubles written as one integer literal each. The compiler stores the literal's
// words in read-only data and `StaticBigInt`'s word accessor reads one with a single load, so a
// lookup costs one load in every build, allocates nothing and needs no initialisation. Unlike a
// `switch` over the index, it adds no basic blocks to its callers, so the elementary functions
// that use a table stay small enough for the optimiser to inline both `exp` and `sincos` into one
// spring step (it refuses `@inline(__always)` callees of more than 64 blocks into a caller that
// already has 64).

/// A table of `Double`s given as an integer literal whose 64-bit word i (counting from the least
/// significant) is the bit pattern of entry i: written in hexadecimal with one 16-digit group per
/// entry, the last group is entry 0. Tests/Fixtures/scripts/math_constants.py prints the literals.
@frozen @usableFromInline
internal struct _ConstantTable: ExpressibleByIntegerLiteral {
  @usableFromInline internal let _words: StaticBigInt

  /// The table whose entries are the 64-bit words of `words`.
  @inlinable
  internal init(integerLiteral words: StaticBigInt) {
    _words = words
  }

  /// Entry `i`, for 0 ≤ i < the number of entries (entries past the literal's last nonzero word
  /// read as +0; a negative i traps in `StaticBigInt`). Where `UInt` has 32 bits (wasm32) the
  /// entry is assembled from two words.
  @inlinable @inline(__always)
  internal subscript(_ i: Int) -> Double {
    #if _pointerBitWidth(_32)
      let low = UInt64(_words[2 &* i])
      let high = UInt64(_words[2 &* i &+ 1])
      return Double(bitPattern: high &<< 32 | low)
    #else
      return Double(bitPattern: UInt64(_words[i]))
    #endif
  }
}
