/// The policy and entry writes the scene's direct-mapped tables share (``_SlotTable`` for element
/// ids, ``_GroupTable`` for matched ids): a non-negative integer key below a bound lives in a dense
/// array of `Int32` values (−1: absent), every other key in a dictionary, and a key is in exactly
/// one of the two.
enum _DenseIndex {
  /// Whether a dense part may grow to cover `raw` in a table of `keys` keys: below twice the keys
  /// (or 4,096), so that a far-off id cannot make the array larger than a dictionary of the keys.
  @inline(__always)
  static func admits(_ raw: Int, keys: Int) -> Bool {
    raw >= 0 && raw < Swift.max(4096, 2 * (keys + 1))
  }

  /// The length a dense part of length `old` grows to when it must cover `raw`: at least doubling
  /// (within the bound of ``admits(_:keys:)``), at least 64.
  @inline(__always)
  static func grownCount(from old: Int, toCover raw: Int, keys: Int) -> Int {
    Swift.max(raw + 1, Swift.min(2 * old, Swift.max(4096, 2 * (keys + 1))), 64)
  }

  /// Writes `value` (nil: absent) at `raw` of `dense`, which covers it; returns the change in the
  /// number of keys (−1, 0 or 1). Values stay below 2³¹ (slots and groups are counted in the
  /// table's elements, each of them over a hundred bytes).
  @inline(__always)
  static func write(_ value: Int?, at raw: Int, in dense: inout [Int32]) -> Int {
    let had = dense[raw] >= 0
    if let value {
      dense[raw] = Int32(truncatingIfNeeded: value)
      return had ? 0 : 1
    }
    guard had else { return 0 }
    dense[raw] = -1
    return -1
  }

  /// Writes `value` (nil: removes the key) for `key` in `sparse`; returns the change in the number
  /// of keys (−1, 0 or 1).
  @inline(__always)
  static func write<Key: Hashable>(_ value: Int?, for key: Key, in sparse: inout [Key: Int]) -> Int {
    if let value { return sparse.updateValue(value, forKey: key) == nil ? 1 : 0 }
    return sparse.removeValue(forKey: key) != nil ? -1 : 0
  }
}
