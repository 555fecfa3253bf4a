extension UnsafeMutablePointer {
  /// Grows a manually allocated block: moves its first `count` elements into a new block of
  /// `capacity` elements (`capacity ≥ count`), frees this one, and returns the new block, whose
  /// elements past `count` are uninitialised. The one growth step of the engine's raw tables
  /// (`_BatchColumns`, `_HandleSlots`) and of the scene's. O(count).
  ///
  /// For trivial element types only (floating point, integers, plain structs of them): callers
  /// then assign into the uninitialised part as into initialised memory, and free the block
  /// without deinitialising it.
  package func _regrown(count: Int, capacity: Int) -> UnsafeMutablePointer<Pointee> {
    // Safety: this block holds at least `count` initialised elements (the caller's count) and is
    // not used after it is freed here; the new block holds `capacity ≥ count`.
    let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: capacity)
    grown.moveInitialize(from: self, count: count)
    deallocate()
    return grown
  }
}
