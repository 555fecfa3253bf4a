// Growing a slot-indexed table to cover a new slot.
extension Array {
  /// Grows the array with `fill` until index `i` is valid (no-op when it is). Appending one
  /// element is the common case (a table indexed by a slot that was just allocated; or four, a
  /// table of lanes), and a plain `append` costs a fraction of `append(contentsOf: repeatElement(…))`.
  /// Amortised O(1) per element added.
  @inline(__always)
  mutating func _cover(_ i: Int, with fill: Element) {
    guard i >= count else { return }
    if i == count {
      append(fill)
    } else if i < count + 4 {
      // A few (the four lanes of a quad): plain appends, without the sequence append's overhead.
      for _ in count...i { append(fill) }
    } else {
      append(contentsOf: repeatElement(fill, count: i + 1 - count))
    }
  }
}

extension Array {
  /// Makes room for `n` elements in all, at least doubling the capacity when it grows (a plain
  /// `reserveCapacity` to a count that creeps up would reallocate at every call).
  @inline(__always)
  mutating func _reserveGrowing(_ n: Int) {
    if capacity < n { reserveCapacity(Swift.max(n, 2 * capacity)) }
  }
}
