extension BatchEngine {
  /// Reads the current value (`target + displacement`) of `channels[k]` into `values[k]` for
  /// `k < min(channels.count, values.count)`; an invalid handle reads as `fallback`. Returns the
  /// number of invalid handles.
  ///
  /// For embedders that mirror many channels every frame (a scene writing its render list):
  /// one call per frame instead of one ``value(of:)`` per channel, specialised for `Double` and
  /// `Float` so the loop runs without generic dispatch. Allocation-free; reads only.
  @_specialize(exported: true, where Scalar == Double)
  @_specialize(exported: true, where Scalar == Float)
  @discardableResult
  public func readValues(
    of channels: UnsafeBufferPointer<BatchChannel>, into values: UnsafeMutableBufferPointer<Scalar>,
    fallback: Scalar = 0
  ) -> Int {
    var invalid = 0
    for k in 0..<Swift.min(channels.count, values.count) {
      let h = channels[k]
      let s = Int(h.index)
      guard s < _slotGroup.count, _generation[s] == h.generation, _slotGroup[s] >= 0 else {
        values[k] = fallback
        invalid += 1
        continue
      }
      let c = _groups[Int(_slotGroup[s])].columns
      let i = _slotIndex[s]
      values[k] = c.target[i] + c.y[i]
    }
    return invalid
  }
}
