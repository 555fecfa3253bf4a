/// One timing curve of a combination (``BatchEngine/combine(_:to:group:)``): the shift of the
/// target it animates, `δ = target − previous target`, its timing, its curve (an entry of the
/// engine's curve table) and the next newer curve of the same combination (−1: none; in the
/// free list, the next free entry). Plain data, pooled in the engine: interrupting a channel
/// allocates nothing once the pool has grown, and stepping copies no reference.
struct _CombinedCurve {
  var shift: Double
  var start: Int64
  var durationTicks: Int64
  /// The first tick at which it has ended (`_Group.curveEndTick`).
  var end: Int64
  var curve: Int32
  var next: Int32
}

/// What the combination step reads of one record before evaluating it (see `_stepCombinations`):
/// its base channel's storage position, the base motion's displacement and velocity, and its
/// oldest curve.
struct _CombinationGather {
  var group: Int32 = 0
  var index = 0
  var e = 0.0
  var de = 0.0
  var head = _CombinedCurve(shift: 0, start: 0, durationTicks: 0, end: 0, curve: -1, next: -1)
}

/// One remembered curve evaluation of a combination step (see `_stepCombinations`).
struct _CurveMemo {
  var curve: Int32 = -1
  var start: Int64 = 0
  var durationTicks: Int64 = 0
  var value = 0.0
  var slope = 0.0
}

/// A channel whose running motion was interrupted by a timing curve: the motion it had (the
/// *base*, still stepped in the channel's group towards the old target) and the curves added on
/// top, oldest first, as a linked list in the engine's curve pool. See
/// ``BatchEngine/combine(_:to:group:)``.
struct _Combination<Scalar: BatchScalar> {
  var slot: UInt32
  /// The newest target.
  var target: Scalar
  /// The presented value and velocity as of the last step (or the combine).
  var value: Scalar
  var velocity: Scalar
  /// The tick the animation began (SwiftUI measures its curves' time from there; see
  /// `_Group.curveEndTick`).
  var origin: Int64 = 0
  /// Whether the base motion still contributes (false once a curve above it has finished).
  var baseLive = true
  /// The newest curve has finished: the channel is at rest on ``target``; the record is swept at
  /// the next step.
  var finished = false
  /// The oldest and the newest of its curves in the pool (−1 when it has none), and their number.
  var oldest: Int32
  var newest: Int32
  var curveCount: Int32
}

extension BatchEngine {
  /// Combines a new timing-curve animation with the channel's running motion, as SwiftUI combines
  /// an animation that does not merge (a timing curve) with the animation it interrupts: the
  /// running motion keeps going towards its own target, and the new curve chases the gap between
  /// the new target and that motion's current position. With the running motion's displacement
  /// `e₀` from its target (0 once it has settled) and curves `i = 1…k` added at ticks `sᵢ`, each
  /// shifting the target by `δᵢ`, the presented displacement from the newest target is
  ///
  ///     eᵢ = (eᵢ₋₁ − δᵢ)·(1 − curveᵢ(pᵢ)),   pᵢ = (now − sᵢ)/durationᵢ,
  ///
  /// and `eᵢ = 0` once `pᵢ ≥ 1`, so a finished curve cuts off everything older (those are then
  /// dropped: the state is bounded by the curves still running, not by how often the channel was
  /// interrupted). This is SwiftUI's combining rule (each entry animates `targetᵢ − acc`, `acc`
  /// the sum so far) written as displacements. The combination ends, and the channel rests
  /// exactly on the newest target with zero velocity, when the newest curve finishes.
  ///
  /// `group` must hold a ``BatchDriver/timingCurve(_:duration:)`` or ``BatchDriver/curve(_:duration:)``
  /// driver (it gives the curve and
  /// the duration; the channel itself stays where its running motion is stepped). A settled
  /// channel has no running motion: it is retargeted into `group` as
  /// ``retarget(_:to:velocity:group:)`` does (the curve starts from the current value). A later
  /// ``retarget(_:to:velocity:group:)`` (a spring merging in) ends the combination at its
  /// presented value; its velocity is the derivative of the expression above
  /// (``velocity(of:)``), 0 where a curve's slope is infinite.
  ///
  /// Throws (the engine unchanged) ``BatchError/nonFiniteTarget``, ``BatchError/invalidChannel``,
  /// or ``BatchError/invalidGroup`` (out of range, or not a timing-curve group). A shift that
  /// overflows the scalar snaps the channel to the new target. Cost: O(1) here; each step costs
  /// one curve evaluation per running curve of each combined channel, on the calling thread.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func combine(_ channel: BatchChannel, to newTarget: Scalar, group: BatchGroup) throws(BatchError) {
    let (g, i) = try _locate(channel)
    guard newTarget.isFinite else { throw .nonFiniteTarget }
    guard _groups.indices.contains(group.index), _groups[group.index].curveID >= 0 else {
      throw .invalidGroup
    }
    let curve = _groups[group.index]
    _combineLocated(
      slot: Int(channel.index), group: g, index: i, to: newTarget, curveGroup: group.index,
      durationTicks: curve.durationTicks, curveID: curve.curveID)
  }

  /// ``combine(_:to:group:)`` of the live channel of handle slot `s` at storage position `i` of
  /// group `g`, once its arguments are checked (finite target; `curveGroup` a valid curve group
  /// with `durationTicks` and curve table entry `curveID`): the one body of the per-channel and
  /// the bulk call, which checks its group once for all its channels.
  func _combineLocated(
    slot s: Int, group g: Int, index i: Int, to newTarget: Scalar, curveGroup: Int, durationTicks: Int64,
    curveID: Int32
  ) {
    func end(origin: Int64) -> Int64 {
      _groups[curveGroup].curveEndTick(start: now, origin: origin, ticksPerSecond: ticksPerSecond)
    }
    if let k = _liveCombination(slot: s) {
      let shift = Double(newTarget) - Double(_combinations[k].target)
      guard shift.isFinite, (Double(_combinations[k].value) - Double(newTarget)).isFinite else {
        // A curve group keeps no substep clock (clock 0).
        return _retargetLocated(
          slot: s, group: g, index: i, to: newTarget, velocity: 0, into: curveGroup, clock: 0)
      }
      let j = _newCombinedCurve(
        shift: shift, durationTicks: durationTicks, end: end(origin: _combinations[k].origin), curve: curveID)
      _layers[Int(_combinations[k].newest)].next = j
      _combinations[k].newest = j
      _combinations[k].curveCount += 1
      _combinations[k].target = newTarget
      return
    }
    _dropCombination(slot: s)
    // Safety: callers pass a live channel's storage position, below its group's count.
    let c = _groups[g].columns
    let value = c.target[i] + c.y[i]
    let shift = Double(newTarget) - Double(c.target[i])
    guard i < c.activeCount, shift.isFinite, (Double(value) - Double(newTarget)).isFinite else {
      // At rest (nothing to combine with) or an overflowing shift: a plain curve from here.
      return _retargetLocated(
        slot: s, group: g, index: i, to: newTarget, velocity: i < c.activeCount ? nil : 0, into: curveGroup,
        clock: 0)
    }
    if s >= _combinationOf.count {
      _combinationOf.append(contentsOf: repeatElement(-1, count: s + 1 - _combinationOf.count))
    }
    if _combinationGather.count != Self._combinationBlock {
      // The combination step's block and curve memo (see `_stepCombinations`), allocated with
      // the first combination rather than in the step: steady frames do not allocate.
      _combinationGather = Array(repeating: _CombinationGather(), count: Self._combinationBlock)
    }
    if _curveMemo.count != Self._curveMemoSize {
      _curveMemo = Array(repeating: _CurveMemo(), count: Self._curveMemoSize)
    }
    let origin = _curveOrigin
    let j = _newCombinedCurve(
      shift: shift, durationTicks: durationTicks, end: end(origin: origin), curve: curveID)
    _combinationOf[s] = Int32(_combinations.count)
    _runningCombinations += 1
    _combinations.append(
      _Combination(
        slot: UInt32(s), target: newTarget, value: value, velocity: c.v[i], origin: origin, oldest: j,
        newest: j,
        curveCount: 1))
  }

  /// Combines `channels[k]` with a curve to `targets[k]` (``combine(_:to:group:)``); rejected
  /// pairs are skipped and counted (returned). Extra elements of the longer buffer are ignored.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func combine(
    _ channels: UnsafeBufferPointer<BatchChannel>, to targets: UnsafeBufferPointer<Scalar>,
    with group: BatchGroup
  ) -> Int {
    // Safety: the caller's buffers must be valid for their counts; only `k` below both is read, and
    // positions come from the slot tables of live handles.
    let n = Swift.min(channels.count, targets.count)
    // An invalid group rejects every pair (the per-channel call's checks, hoisted).
    guard _groups.indices.contains(group.index), _groups[group.index].curveID >= 0 else { return n }
    let curve = _groups[group.index]
    let (durationTicks, curveID) = (curve.durationTicks, curve.curveID)
    var rejected = 0
    for k in 0..<n {
      let h = channels[k]
      guard let e = _live(h), targets[k].isFinite else {
        rejected += 1
        continue
      }
      _combineLocated(
        slot: Int(h.index), group: Int(e.group), index: e.row, to: targets[k], curveGroup: group.index,
        durationTicks: durationTicks, curveID: curveID)
    }
    return rejected
  }

  /// Channels whose motion is a running combination (``combine(_:to:group:)``). They are not
  /// counted in ``activeCount`` unless their interrupted motion is still stepped in its group.
  public var combiningCount: Int { _runningCombinations }

  /// Whether `channel` is running a combination (nil for an invalid handle).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules (see `step(ticks:)`):
    // a scene asks per channel of every merging retarget, and unspecialised each call
    // instantiates the combination record's generic metadata (about 400 instructions).
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func isCombining(_ channel: BatchChannel) -> Bool? {
    guard (try? _locate(channel)) != nil else { return nil }
    return _liveCombination(slot: Int(channel.index)) != nil
  }

  /// Writes the presented value of every channel that was combining at the start of the last
  /// step into `values[map[h]]` (`h` its handle index), as ``scatterValues(group:range:through:into:)``
  /// does for the channels of a group — call it after those, because the group's storage holds
  /// the interrupted motion, not the presented value. Entries outside `map` or `values` are
  /// skipped and counted (returned). Allocation-free; reads only.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func scatterCombinedValues(
    through map: UnsafeBufferPointer<Int32>, into values: UnsafeMutableBufferPointer<Scalar>
  ) -> Int {
    // Safety: `map` and `values` must be valid for their counts (the caller's); they are read and
    // written only at indices checked against them.
    var skipped = 0
    _combinations.withUnsafeBufferPointer { records in
      for k in records.indices {
        let h = Int(records[k].slot)
        guard h < map.count, map[h] >= 0, Int(map[h]) < values.count else {
          skipped += 1
          continue
        }
        values[Int(map[h])] = records[k].value
      }
    }
    return skipped
  }

  // MARK: Internals

  /// The index of the running combination of handle slot `s`, if any.
  @inline(__always)
  func _liveCombination(slot s: Int) -> Int? {
    guard s < _combinationOf.count else { return nil }
    let k = Int(_combinationOf[s])
    return k >= 0 && !_combinations[k].finished ? k : nil
  }

  /// The index of the combination record of handle slot `s`, running or finished, if any.
  @inline(__always)
  func _combinationRecord(slot s: Int) -> Int? {
    // No records at all (the common case of an engine without timing-curve combinations).
    guard !_combinations.isEmpty, s < _combinationOf.count else { return nil }
    let k = Int(_combinationOf[s])
    return k >= 0 ? k : nil
  }

  /// Removes the combination record of handle slot `s` (running or finished), if any. O(1).
  func _dropCombination(slot s: Int) {
    guard let k = _combinationRecord(slot: s) else { return }
    if !_combinations[k].finished { _runningCombinations -= 1 }
    _freeCombinedCurves(from: _combinations[k].oldest)
    _combinationOf[s] = -1
    let last = _combinations.count - 1
    if k != last {
      _combinations.swapAt(k, last)
      _combinationOf[Int(_combinations[k].slot)] = Int32(k)
    }
    _combinations.removeLast()
  }

  /// A pooled curve entry (``_CombinedCurve``) starting at ``now``, holding a reference to curve
  /// table entry `curve`. O(1); allocates only when the pool grows.
  func _newCombinedCurve(shift: Double, durationTicks: Int64, end: Int64, curve: Int32) -> Int32 {
    _retainCurve(curve)
    let entry = _CombinedCurve(
      shift: shift, start: now, durationTicks: durationTicks, end: end, curve: curve, next: -1)
    if _freeLayer >= 0 {
      let j = _freeLayer
      _freeLayer = _layers[Int(j)].next
      _layers[Int(j)] = entry
      return j
    }
    _layers.append(entry)
    return Int32(_layers.count - 1)
  }

  /// Returns the pooled curves from `first` on (following `next`) to the free list and releases
  /// their curve table entries.
  func _freeCombinedCurves(from first: Int32) {
    var j = first
    while j >= 0 {
      let next = _layers[Int(j)].next
      _releaseCurve(_layers[Int(j)].curve)
      _layers[Int(j)].next = _freeLayer
      _freeLayer = j
      j = next
    }
  }

  /// A new curve table entry holding `curve`, referenced once (by the group that drives it).
  func _allocateCurve(_ curve: BatchCurve) -> Int32 {
    if let id = _freeCurves.popLast() {
      _curveTable[Int(id)] = curve
      _curveRefs[Int(id)] = 1
      return id
    }
    _curveTable.append(curve)
    _curveRefs.append(1)
    return Int32(_curveTable.count - 1)
  }

  @inline(__always)
  func _retainCurve(_ id: Int32) {
    _curveRefs[Int(id)] += 1
  }

  /// Drops one reference to curve table entry `id`; the last one returns it to the free list (its
  /// curve stays in place until the entry is reused, so the table never shrinks under a reader).
  @inline(__always)
  func _releaseCurve(_ id: Int32) {
    guard id >= 0 else { return }
    _curveRefs[Int(id)] -= 1
    if _curveRefs[Int(id)] == 0 { _freeCurves.append(id) }
  }

  /// Points ``_groupRows`` at every group's displacement and velocity columns (they move only
  /// when a group grows, never during a step).
  func _refreshGroupRows() {
    if _groupRows.count > _groups.count { _groupRows.removeLast(_groupRows.count - _groups.count) }
    var g = 0
    while g < _groups.count {
      // Safety: `_groups` owns the group and its columns, and the loop does not change the table.
      unowned(unsafe) let c = _groups[g].columns
      if g < _groupRows.count {
        _groupRows[g] = (c.y, c.v)
      } else {
        _groupRows.append((c.y, c.v))
      }
      g += 1
    }
  }

  /// Drops the records of combinations that finished in an earlier step (in record order, so
  /// the order of the records does not depend on threading).
  func _sweepFinishedCombinations() {
    var k = 0
    while k < _combinations.count {
      if _combinations[k].finished {
        _dropCombination(slot: Int(_combinations[k].slot))
      } else {
        k += 1
      }
    }
  }

  /// Evaluates every running combination at ``now`` (after the groups were stepped: the base
  /// motion is read from its group's storage). A combination whose newest curve finished puts
  /// its channel at rest on the newest target; one where an older curve finished stops its base
  /// motion (snapped to rest) and drops the curves before it. Returns the number of channels
  /// snapped to rest in the groups' active ranges (for ``finishStep(snapped:)``).
  func _stepCombinations() -> Int {
    // The records and the curve pool are taken out of the engine for the loop (moved, not
    // copied) and walked through buffer pointers: plain data, so nothing is retained per record.
    var combinations: [_Combination<Scalar>] = []
    var layers: [_CombinedCurve] = []
    swap(&combinations, &_combinations)
    swap(&layers, &_layers)
    defer {
      swap(&combinations, &_combinations)
      swap(&layers, &_layers)
    }
    _refreshGroupRows()
    // Curves combined in the same transaction share their curve, start and duration (a quad's
    // four channels, and every channel an interaction retargeted with that animation), so they
    // evaluate the same curve at the same progress: remember results in a small direct-mapped
    // table keyed by those three (a pure function of them, so the values are the same bits) and
    // evaluate each distinct curve about once per step instead of once per channel. Keyed by
    // the inputs, not by the records' order, it keeps hitting after removals reorder the records.
    if _curveMemo.count != Self._curveMemoSize {
      _curveMemo = Array(repeating: _CurveMemo(), count: Self._curveMemoSize)
    }
    for m in _curveMemo.indices { _curveMemo[m].curve = -1 }
    if _combinationGather.count != Self._combinationBlock {
      _combinationGather = Array(repeating: _CombinationGather(), count: Self._combinationBlock)
    }
    let tps = Double(ticksPerSecond)
    let now = self.now
    let clockEnded = _clockEnded
    var snapped = 0
    var freeLayer = _freeLayer
    // Safety: the buffers live for the closures only; a record's slot is a live handle, so the slot
    // tables give its group and a position below that group's count (and `_groupRows` was
    // refreshed above, so its columns are the groups' current ones); a pooled curve's index is
    // below the pool's count and its curve entry below the table's; a memo slot is below
    // `_curveMemoSize`, the memo's count. Single-threaded.
    // The records are visited in blocks, each read in two gathering passes before it is
    // evaluated: the positions of their base channels (slot tables), then the base motions and
    // oldest curves there. A record's reads are a chain of dependent cache misses (its slot's
    // position, then the row at that position) in tables indexed at random; evaluated one record
    // at a time the chain of the next record waits behind the arithmetic of this one, gathered
    // each pass's loads are independent of each other and overlap. Evaluating a record writes only
    // its own row and curves, never what another record of the block gathered.
    let slots = _slots.entries
    _groupRows.withUnsafeBufferPointer { groupRows in
      _curveTable.withUnsafeBufferPointer { curveTable in
        _curveMemo.withUnsafeMutableBufferPointer { memo in
          _combinationGather.withUnsafeMutableBufferPointer { gather in
            layers.withUnsafeMutableBufferPointer { layers in
              combinations.withUnsafeMutableBufferPointer { records in
                var k0 = 0
                while k0 < records.count {
                  let k1 = Swift.min(k0 + gather.count, records.count)
                  for k in k0..<k1 where !records[k].finished {
                    let s = Int(records[k].slot)
                    gather[k &- k0].group = slots[s].group
                    gather[k &- k0].index = slots[s].row
                  }
                  for k in k0..<k1 where !records[k].finished {
                    var x = gather[k &- k0]
                    if records[k].baseLive {
                      let rows = groupRows[Int(x.group)]
                      x.e = Double(rows.y[x.index])
                      x.de = Double(rows.v[x.index])
                    } else {
                      (x.e, x.de) = (0, 0)
                    }
                    // A running combination has at least one curve.
                    x.head = layers[Int(records[k].oldest)]
                    gather[k &- k0] = x
                  }
                  for k in k0..<k1 where !records[k].finished {
                    let s = Int(records[k].slot)
                    let i = gather[k &- k0].index
                    var e = gather[k &- k0].e
                    var de = gather[k &- k0].de
                    // The newest curve that has finished (its position in the list, and its entry).
                    var finishedPosition: Int32 = -1
                    var finishedEntry: Int32 = -1
                    var position: Int32 = 0
                    var j = records[k].oldest
                    var curve = gather[k &- k0].head
                    while true {
                      let elapsed = now &- curve.start
                      // Finished once past its duration (`_Group.curveEndTick`).
                      if now >= curve.end || clockEnded {
                        (e, de) = (0, 0)
                        finishedPosition = position
                        finishedEntry = j
                      } else {
                        let duration = Double(curve.durationTicks)
                        let p = Double(elapsed) / duration
                        let gap = e - curve.shift
                        let value: Double
                        let slope: Double
                        let m = Self._curveMemoSlot(curve)
                        if memo[m].curve == curve.curve, memo[m].start == curve.start,
                          memo[m].durationTicks == curve.durationTicks
                        {
                          (value, slope) = (memo[m].value, memo[m].slope)
                        } else {
                          (value, slope) = curveTable[Int(curve.curve)].valueAndVelocity(at: p)
                          memo[m] = _CurveMemo(
                            curve: curve.curve, start: curve.start, durationTicks: curve.durationTicks,
                            value: value,
                            slope: slope)
                        }
                        let remaining = 1 - value
                        e = gap * remaining
                        de = de * remaining - gap * slope * (tps / duration)
                        if !de.isFinite { de = 0 }
                      }
                      j = curve.next
                      position += 1
                      if j < 0 { break }
                      curve = layers[Int(j)]
                    }
                    if finishedPosition < 0 {
                      records[k].value = records[k].target + Scalar(e)
                      records[k].velocity = Scalar(de)
                      continue
                    }
                    // Everything up to the newest finished curve no longer contributes: back to
                    // the pool.
                    let remaining = layers[Int(finishedEntry)].next
                    var f = records[k].oldest
                    while true {
                      let next = layers[Int(f)].next
                      layers[Int(f)].next = freeLayer
                      freeLayer = f
                      _releaseCurve(layers[Int(f)].curve)
                      if f == finishedEntry { break }
                      f = next
                    }
                    records[k].oldest = remaining
                    records[k].curveCount -= finishedPosition + 1
                    let c = _groups[Int(slots[s].group)].columns
                    if remaining < 0 {
                      // The newest curve has arrived: the combination ends on its target, at rest.
                      records[k].newest = -1
                      if _restBase(c, i) { snapped += 1 }
                      c.target[i] = records[k].target
                      records[k].value = records[k].target
                      records[k].velocity = 0
                      records[k].finished = true
                      _runningCombinations -= 1
                      continue
                    }
                    if records[k].baseLive {
                      records[k].baseLive = false
                      if _restBase(c, i) { snapped += 1 }
                    }
                    records[k].value = records[k].target + Scalar(e)
                    records[k].velocity = Scalar(de)
                  }
                  k0 = k1
                }
              }
            }
          }
        }
      }
    }
    _freeLayer = freeLayer
    return snapped
  }

  /// Records per block of the combination step's gathering passes: enough loads in flight to
  /// cover a miss, few enough that the gathered block stays in the first-level cache.
  static var _combinationBlock: Int { 64 }

  /// Entries of the combination step's curve memo (a power of two).
  static var _curveMemoSize: Int { 256 }

  /// The memo entry of `curve`'s evaluation: a hash of its curve, start and duration, below
  /// ``_curveMemoSize``.
  @inline(__always)
  static func _curveMemoSlot(_ curve: _CombinedCurve) -> Int {
    var h = UInt64(bitPattern: curve.start) &* 0x9E37_79B9_7F4A_7C15
    h ^= UInt64(bitPattern: curve.durationTicks) &* 0xC2B2_AE3D_27D4_EB4F
    h ^= UInt64(UInt32(bitPattern: curve.curve)) &* 0x1656_67B1_9E37_79F9
    return Int(truncatingIfNeeded: h >> 56)
  }

  /// Puts the base row `i` of `c` at rest (zero displacement, velocity and force); returns
  /// whether it was moving in the active range (so the compaction must run). Touches row `i` only.
  @inline(__always)
  func _restBase(_ c: _BatchColumns<Scalar>, _ i: Int) -> Bool {
    // Safety: callers pass a live base position of `c` (below its count).
    let moving = i < c.activeCount && !(c.y[i] == 0 && c.v[i] == 0 && (!c.hasAcceleration || c.a[i] == 0))
    c.y[i] = 0
    c.v[i] = 0
    if c.hasAcceleration { c.a[i] = 0 }
    if c.hasCurveState { c.y0[i] = 0 }
    return moving
  }
}
