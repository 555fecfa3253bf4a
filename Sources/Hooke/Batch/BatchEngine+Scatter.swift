extension BatchEngine {
  /// Number of channels stored in `group`, active and settled (0 for an invalid group). Storage
  /// positions `0..<activeCount(of:)` hold the active channels, the rest the settled ones; right
  /// after a step, the channels that settled in it occupy `activeCount(of:) ..< a` where `a` is
  /// the group's active count before the step (the compaction only swaps inside the old active
  /// range).
  public func storedCount(of group: BatchGroup) -> Int {
    _groups.indices.contains(group.index) ? _groups[group.index].columns.count : 0
  }

  /// Writes the value (`target + displacement`) of the channels at storage positions `range` of
  /// `group` (clamped to `0..<storedCount(of:)`) into `values[map[h]]`, where `h` is the
  /// channel's handle index (``BatchChannel/index``). Channels whose handle index is outside
  /// `map`, or whose map entry is negative or outside `values`, are skipped and counted
  /// (returned).
  ///
  /// For embedders that mirror channel values in their own table: after a step, scattering
  /// `0 ..< (active count before the step)` of each group refreshes exactly the values that
  /// changed, in storage order (sequential reads), instead of one handle lookup per mirrored
  /// channel. Reads the engine only; calls for disjoint ranges may run concurrently when `map`
  /// is injective (each call writes only its channels' entries). Allocation-free; specialised
  /// for `Double` and `Float`.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func scatterValues(
    group: BatchGroup, range: Range<Int>, through map: UnsafeBufferPointer<Int32>,
    into values: UnsafeMutableBufferPointer<Scalar>
  ) -> Int {
    guard _groups.indices.contains(group.index) else { return 0 }
    let c = _groups[group.index].columns
    let lower = Swift.max(0, range.lowerBound)
    let upper = Swift.min(c.count, range.upperBound)
    guard lower < upper else { return 0 }
    // Safety: `i` is clamped to the group's `0..<count`; `map` and `values` must be valid for their
    // counts (the caller's), and are read and written only at indices checked against them.
    var skipped = 0
    for i in lower..<upper {
      let h = Int(c.owner[i])
      guard h < map.count else {
        skipped += 1
        continue
      }
      let k = Int(map[h])
      guard k >= 0, k < values.count else {
        skipped += 1
        continue
      }
      values[k] = c.target[i] + c.y[i]
    }
    return skipped
  }
}

extension BatchEngine {
  /// Sets `marks[map[h] >> 2] = stamp` for each active channel of `group` (storage positions
  /// `0..<activeCount(of:)`), where `h` is the channel's handle index: for an embedder that
  /// mirrors its values in runs of four (one run per value, laid out as
  /// ``_anyUnsettled(quads:handles:into:)`` reads them), right after a step, the runs that still
  /// move — without asking the engine run by run, which reads each channel's handle, slot entry
  /// and group at random. A run not marked may still be unsettled: a running combination keeps a
  /// channel unsettled outside its group's active range. Channels whose handle index is outside
  /// `map`, whose map entry is negative, or whose run is outside `marks` are skipped.
  ///
  /// Reads the group's owner column and `map` only, in storage order; writes `marks`. O(active
  /// channels of `group`), allocation-free.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `scatterValues`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _markActiveRuns(
    group: BatchGroup, through map: UnsafeBufferPointer<Int32>,
    into marks: UnsafeMutableBufferPointer<UInt32>,
    stamp: UInt32
  ) {
    guard _groups.indices.contains(group.index) else { return }
    let c = _groups[group.index].columns
    // Safety: `i` is below the group's active count, inside its owner column; `map` and `marks`
    // are read and written only at indices checked against their counts.
    for i in 0..<c.activeCount {
      let h = Int(c.owner[i])
      guard h < map.count else { continue }
      let k = Int(map[h])
      guard k >= 0, k >> 2 < marks.count else { continue }
      marks[k >> 2] = stamp
    }
  }
}
