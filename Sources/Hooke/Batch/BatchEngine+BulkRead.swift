extension BatchEngine {
  /// Reads the current value (`target + displacement`) of `channels[k]` into `values[k]` for
  /// `k < min(channels.count, values.count)`; an invalid handle reads as `fallback`. Returns the
  /// number of invalid handles.
  ///
  /// For embedders that mirror many channels every frame (a scene writing its render list):
  /// one call per frame instead of one ``value(of:)`` per channel, specialised for `Double` and
  /// `Float` so the loop runs without generic dispatch. Allocation-free; reads only.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func readValues(
    of channels: UnsafeBufferPointer<BatchChannel>, into values: UnsafeMutableBufferPointer<Scalar>,
    fallback: Scalar = 0
  ) -> Int {
    // Safety: the caller's buffers must be valid for their counts; only `k` below both is used, and
    // positions come from the slot tables of live handles.
    var invalid = 0
    for k in 0..<Swift.min(channels.count, values.count) {
      let h = channels[k]
      let s = Int(h.index)
      guard s < _slotGroup.count, _generation[s] == h.generation, _slotGroup[s] >= 0 else {
        values[k] = fallback
        invalid += 1
        continue
      }
      values[k] = _presentedValue(slot: s, group: Int(_slotGroup[s]), index: _slotIndex[s])
    }
    return invalid
  }
}

extension BatchEngine {
  /// Adds one channel per `k < min(values.count, targets.count, velocities.count, handles.count)`
  /// to `group`, as ``addChannel(to:value:target:velocity:)``, writing the handles. On the first
  /// rejected triple the channels added by this call are removed again and the error is thrown
  /// (the engine is then as before). Specialised for `Double` and `Float`.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func addChannels(
    to group: BatchGroup, values: UnsafeBufferPointer<Scalar>, targets: UnsafeBufferPointer<Scalar>,
    velocities: UnsafeBufferPointer<Scalar>, into handles: UnsafeMutableBufferPointer<BatchChannel>
  ) throws(BatchError) {
    // Safety: the caller's buffers must be valid for their counts; only `k` below all four is used.
    let n = Swift.min(values.count, targets.count, velocities.count, handles.count)
    for k in 0..<n {
      do throws(BatchError) {
        handles[k] = try addChannel(to: group, value: values[k], target: targets[k], velocity: velocities[k])
      } catch {
        for j in 0..<k { try? removeChannel(handles[j]) }
        throw error
      }
    }
  }

  /// Retargets `channels[k]` to `targets[k]` and moves it to `group` (velocities kept), as
  /// ``retarget(_:to:velocity:group:)``; rejected pairs are skipped and counted (returned).
  /// Specialised for `Double` and `Float`.
  ///
  /// A channel already in `group` is retargeted in place (same state, bit for bit, as the
  /// per-channel call: displacement shifted, velocity and acceleration kept, a timing curve
  /// restarted at ``now``; it only moves between the active and settled ranges when its rest
  /// state changes), so retargeting many channels within their group costs O(1) each without
  /// the remove-and-append of a group move.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func retarget(
    _ channels: UnsafeBufferPointer<BatchChannel>, to targets: UnsafeBufferPointer<Scalar>, group: BatchGroup
  ) -> Int {
    // Safety: the caller's buffers must be valid for their counts; only `k` below both is used, and
    // positions come from the slot tables of live handles.
    let n = Swift.min(channels.count, targets.count)
    guard _groups.indices.contains(group.index) else { return n }
    var rejected = 0
    for k in 0..<n {
      let h = channels[k]
      let s = Int(h.index)
      guard s < _slotGroup.count, _generation[s] == h.generation, _slotGroup[s] >= 0, targets[k].isFinite
      else {
        rejected += 1
        continue
      }
      guard Int(_slotGroup[s]) == group.index, _combinations.isEmpty || _liveCombination(slot: s) == nil
      else {
        do throws(BatchError) { try retarget(h, to: targets[k], group: group) } catch { rejected += 1 }
        continue
      }
      _retargetInPlace(group: group.index, index: _slotIndex[s], to: targets[k])
    }
    return rejected
  }

  /// Retargets the channel at storage position `i` of group `g` without moving it to another
  /// group (see ``retarget(_:to:group:)``).
  func _retargetInPlace(group g: Int, index i: Int, to newTarget: Scalar) {
    // Safety: callers pass a live channel's position in group `g` (below its count).
    _dropCombination(slot: Int(_groups[g].columns.owner[i]))  // a finished one, swept early
    let c = _groups[g].columns
    let value = c.target[i] + c.y[i]
    var v = c.v[i]
    let y: Scalar
    if let shifted = _displacement(keeping: value, target: newTarget) {
      y = shifted
    } else {
      y = 0
      v = 0
    }
    // The acceleration is kept.
    _rewrite(group: g, index: i, y: y, v: v, target: newTarget, a: c.hasAcceleration ? c.a[i] : 0)
  }

  /// Removes every channel of `channels` (invalid handles are skipped and counted, returned).
  /// Specialised for `Double` and `Float`.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func removeChannels(_ channels: UnsafeBufferPointer<BatchChannel>) -> Int {
    // Safety: the caller's buffer must be valid for its count.
    var rejected = 0
    for h in channels {
      do throws(BatchError) { try removeChannel(h) } catch { rejected += 1 }
    }
    return rejected
  }
}
