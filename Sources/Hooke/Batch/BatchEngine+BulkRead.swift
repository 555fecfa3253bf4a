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
      guard let e = _live(h) else {
        values[k] = fallback
        invalid += 1
        continue
      }
      values[k] = _presentedValue(slot: Int(h.index), group: Int(e.group), index: e.row)
    }
    return invalid
  }
}

extension BatchEngine {
  /// Adds one channel per `k < min(values.count, targets.count, velocities.count, handles.count)`
  /// to `group`, as ``addChannel(to:value:target:velocity:)``, writing the handles. Every triple
  /// is checked before any channel is added: a rejected call throws the error of the first
  /// rejected triple (the per-channel call's checks, in index order) and leaves the engine and
  /// `handles` unchanged. The group's storage grows once per call. Specialised for `Double` and
  /// `Float`.
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
    try _addChannels(
      to: group, values: values, targets: targets, velocities: velocities, into: handles, presented: nil)
  }

  /// ``addChannels(to:values:targets:velocities:into:)``, also writing each added channel's
  /// presented value to `presented[k]` when given (see
  /// ``addChannels(to:values:targets:velocities:into:presented:)``).
  @inline(__always)
  func _addChannels(
    to group: BatchGroup, values: UnsafeBufferPointer<Scalar>, targets: UnsafeBufferPointer<Scalar>,
    velocities: UnsafeBufferPointer<Scalar>, into handles: UnsafeMutableBufferPointer<BatchChannel>,
    presented: UnsafeMutablePointer<Scalar>?
  ) throws(BatchError) {
    // Safety: the caller's buffers must be valid for their counts, `presented` (when given) for
    // `n` elements; only `k` below all of them is used.
    let n = Swift.min(values.count, targets.count, velocities.count, handles.count)
    guard n > 0 else { return }
    // Everything is checked first, in the per-channel call's order, so a rejected call leaves
    // the engine as it was.
    guard _groups.indices.contains(group.index) else { throw .invalidGroup }
    for k in 0..<n {
      guard values[k].isFinite, targets[k].isFinite else { throw .nonFiniteTarget }
      guard velocities[k].isFinite else { throw .nonFiniteVelocity }
    }
    let c = _groups[group.index].columns
    _reserve(c, c.count + n)
    _addRows(
      to: group.index, clock: group._clock, columns: c, values: values, targets: targets,
      velocities: velocities, into: handles,
      presented: presented, n)
  }

  /// ``_add(to:columns:value:target:velocity:)`` for `n` channels at once: the same slots in the
  /// same order (popped from the free list, then never-used ones (``_takeFreshSlots(_:)``)) and the
  /// same rows; `presented[k]`, when given, gets channel `k`'s presented value (target plus the
  /// displacement stored). `c` has room for `n`.
  func _addRows(
    to g: Int, clock: Int32, columns c: _BatchColumns<Scalar>, values: UnsafeBufferPointer<Scalar>,
    targets: UnsafeBufferPointer<Scalar>, velocities: UnsafeBufferPointer<Scalar>,
    into handles: UnsafeMutableBufferPointer<BatchChannel>, presented: UnsafeMutablePointer<Scalar>?, _ n: Int
  ) {
    let bound = _groups[g].motionBound
    let reused = Swift.min(n, _free.count)
    let fresh = n - reused
    let firstFresh = fresh > 0 ? _takeFreshSlots(fresh) : 0
    let freeEnd = _free.count
    // Safety: `k < n`, within the caller's buffers; reused slots are free-list entries (handle
    // slots below the tables' counts) and fresh ones were appended above; `c` has room for `n`
    // rows (`_appendRow`).
    _free.withUnsafeBufferPointer { free in
      for k in 0..<n {
        let slot: UInt32
        if k < reused {
          slot = free[freeEnd &- 1 &- k]
          _slots[Int(slot)].generation &+= 1
        } else {
          slot = UInt32(firstFresh + k - reused)
        }
        let (y, v, _) = _shifted(
          keeping: values[k], target: targets[k], velocity: velocities[k], force: 0, bound: bound)
        _slots[Int(slot)].group = Int32(g)
        _appendRow(slot: slot, into: g, clock: clock, columns: c, y: y, v: v, target: targets[k], a: 0)
        handles[k] = BatchChannel(index: slot, generation: _slots[Int(slot)].generation)
        presented?[k] = targets[k] + y
      }
    }
    _free.removeLast(reused)
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
    let d = group.index
    let destination = _groups[d].columns
    let bound = _groups[d].motionBound
    var reserved = false
    // The source group of the previous move and what a move out of it needs, resolved once per
    // run of channels from the same group (a transaction moves whole groups).
    var source = _MoveSource?.none
    var rejected = 0
    for k in 0..<n {
      let h = channels[k]
      let s = Int(h.index)
      guard let e = _live(h), targets[k].isFinite else {
        rejected += 1
        continue
      }
      let g = Int(e.group)
      if g == d {
        _retargetInPlace(
          destination, group: d, bound: bound, index: e.row, clock: group._clock, to: targets[k])
        continue
      }
      if !reserved {
        // Room for every channel that may still move in, once, at the first move.
        _reserve(destination, destination.count + n - k)
        reserved = true
      }
      if source?.group != g {
        source = _moveSource(g, into: destination)
      }
      _move(
        slot: s, index: e.row, from: source!, to: d, clock: group._clock, columns: destination, bound: bound,
        target: targets[k])
    }
    return rejected
  }

  /// Moves the channel of handle slot `s`, at row `i` of `source`, to group `d`
  /// (whose columns are `columns`, with room reserved) retargeted to `newTarget`, with `velocity`
  /// when given: the state ``retarget(_:to:velocity:group:)`` gives it, without its per-call
  /// look-ups. Returns what it wrote (``_Written``).
  @discardableResult
  @inline(__always)
  func _move(
    slot s: Int, index i: Int, from source: _MoveSource, to d: Int, clock: Int32,
    columns: _BatchColumns<Scalar>, bound: _MotionBound,
    target newTarget: Scalar,
    velocity: Scalar? = nil
  ) -> _Written {
    // Safety: `s` is a live handle slot at row `i` of group `source.group` (the caller's look-up),
    // so `i` is below that group's count; `columns` has room for one more channel.
    let c = source.columns
    let start = _retargetStart(
      slot: s, columns: c, index: i, springForce: source.springForce, velocity: velocity)
    let (y, v, a) = _shifted(
      keeping: start.value, target: newTarget, velocity: start.velocity, force: start.force, bound: bound)
    _slots[s].group = Int32(d)
    _detach(c, index: i)
    _appendRow(slot: UInt32(s), into: d, clock: clock, columns: columns, y: y, v: v, target: newTarget, a: a)
    return _Written(value: newTarget + y, y: y, v: v, a: a)
  }

  /// The state a retarget wrote into a row — displacement `y`, velocity `v`, force `a` (stored
  /// where the columns have a force) — and the presented value it leaves (`target + y`).
  struct _Written {
    let value: Scalar
    let y: Scalar
    let v: Scalar
    let a: Scalar
  }

  /// Retargets the channel at storage position `i` of group `g` without moving it to another
  /// group, with `velocity` when given (see ``retarget(_:to:group:)``). Returns what it wrote
  /// (``_Written``).
  @discardableResult
  func _retargetInPlace(
    group g: Int, index i: Int, clock: Int32, to newTarget: Scalar, velocity: Scalar? = nil
  ) -> _Written {
    _retargetInPlace(
      _groups[g].columns, group: g, bound: _groups[g].motionBound, index: i, clock: clock, to: newTarget,
      velocity: velocity)
  }

  /// ``_retargetInPlace(group:index:clock:to:velocity:)`` with group `g`'s columns `c` passed in
  /// (a bulk retarget resolves them once for all its channels, not per channel).
  @discardableResult
  @inline(__always)
  func _retargetInPlace(
    _ c: _BatchColumns<Scalar>, group g: Int, bound: _MotionBound, index i: Int, clock: Int32,
    to newTarget: Scalar, velocity: Scalar? = nil
  ) -> _Written {
    // Safety: callers pass a live channel's position in group `g` (below its count).
    // No spring force within a group: only an exact spring has one, and only a SwiftUI-model
    // spring's columns take it. The acceleration is kept.
    let start = _retargetStart(
      slot: Int(c.owner[i]), columns: c, index: i, springForce: nil, velocity: velocity)
    let (y, v, a) = _shifted(
      keeping: start.value, target: newTarget, velocity: start.velocity, force: start.force, bound: bound)
    _rewrite(c, group: g, index: i, clock: clock, y: y, v: v, target: newTarget, a: a)
    return _Written(value: newTarget + y, y: y, v: v, a: a)
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
