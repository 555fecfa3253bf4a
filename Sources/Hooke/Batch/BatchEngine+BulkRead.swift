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

extension BatchEngine {
  /// Adds one channel per `k < min(values.count, targets.count, velocities.count, handles.count)`
  /// to `group`, as ``addChannel(to:value:target:velocity:)``, writing the handles. On the first
  /// rejected triple the channels added by this call are removed again and the error is thrown
  /// (the engine is then as before). Specialised for `Double` and `Float`.
  @_specialize(exported: true, where Scalar == Double)
  @_specialize(exported: true, where Scalar == Float)
  public func addChannels(
    to group: BatchGroup, values: UnsafeBufferPointer<Scalar>, targets: UnsafeBufferPointer<Scalar>,
    velocities: UnsafeBufferPointer<Scalar>, into handles: UnsafeMutableBufferPointer<BatchChannel>
  ) throws(BatchError) {
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
  @_specialize(exported: true, where Scalar == Double)
  @_specialize(exported: true, where Scalar == Float)
  @discardableResult
  public func retarget(
    _ channels: UnsafeBufferPointer<BatchChannel>, to targets: UnsafeBufferPointer<Scalar>, group: BatchGroup
  ) -> Int {
    var rejected = 0
    for k in 0..<Swift.min(channels.count, targets.count) {
      do throws(BatchError) { try retarget(channels[k], to: targets[k], group: group) } catch { rejected += 1 }
    }
    return rejected
  }

  /// Removes every channel of `channels` (invalid handles are skipped and counted, returned).
  /// Specialised for `Double` and `Float`.
  @_specialize(exported: true, where Scalar == Double)
  @_specialize(exported: true, where Scalar == Float)
  @discardableResult
  public func removeChannels(_ channels: UnsafeBufferPointer<BatchChannel>) -> Int {
    var rejected = 0
    for h in channels {
      do throws(BatchError) { try removeChannel(h) } catch { rejected += 1 }
    }
    return rejected
  }
}
