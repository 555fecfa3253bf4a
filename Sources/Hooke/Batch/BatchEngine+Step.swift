extension BatchEngine {
  /// Advances every active channel by `ticks` (one frame). Intervals ≤ 0 are no-ops.
  /// Equivalent to ``prepareStep(ticks:)``, ``stepChannels(group:range:)`` over every group's
  /// whole active range, ``stepCombinations()`` and ``finishStep(snapped:)``. Returns the number of channels that
  /// settled in this step. Cost: one matrix per group and new interval (cached), then per active
  /// spring channel 4 multiplications, 2 additions and the rest test; no allocation.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules: without them a client
    // with a concrete BatchEngine<Float> runs the generic bodies (measured from an outside
    // package: ~15 ns instead of ~0.5 ns per channel-step with the default rest rule). Embedded
    // Swift specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func step(ticks: Int64) -> Int {
    guard prepareStep(ticks: ticks) else { return 0 }
    var snapped = 0
    if _combinations.isEmpty {
      // One pass over the columns: the spring kernels list the channels they snap, and the
      // compaction swaps those out instead of searching every active channel again (which cost
      // about a third of the kernel's time when a few channels of a large group settled).
      // Safety: `_snapLog` keeps its 512 entries (never resized, so `baseAddress!` is non-nil)
      // for the closure, which reaches it only through `log`; the kernels write it only below
      // `log.count`.
      _snapLog.withUnsafeMutableBufferPointer { log in
        var logged = 0
        for g in _groups.indices {
          snapped += _stepListingSnaps(g, log: log, logged: &logged)
        }
        guard snapped > 0 else { return }
        for g in _groups.indices {
          let group = _groups[g]
          if group.snapLogCount >= 0 {
            // Safety: the entries `snapLogStart..<snapLogStart + snapLogCount` were written by
            // `_stepListingSnaps` in this step, inside the buffer.
            _compact(group, listed: log.baseAddress! + group.snapLogStart, count: group.snapLogCount)
          } else {
            _compact(group)
          }
        }
      }
      return snapped
    }
    for g in _groups.indices {
      snapped += stepChannels(group: BatchGroup(index: g), range: 0..<_groups[g].columns.activeCount)
    }
    snapped += stepCombinations()
    finishStep(snapped: snapped)
    return snapped
  }

  /// ``stepChannels(group:range:)`` over the whole active range of `g`, for ``step(ticks:)``
  /// without combinations: a spring or SwiftUI-model group with a rest test lists the channels it
  /// snaps in `log` from `logged` on and records that part of the log in the group
  /// (`snapLogStart`, `snapLogCount`); every other group, and one whose list did not fit, records
  /// `snapLogCount = −1` (search its columns). Returns the number of channels snapped.
  func _stepListingSnaps(_ gi: Int, log: UnsafeMutableBufferPointer<Int>, logged: inout Int) -> Int {
    // Safety: the kernels step `0..<activeCount` of the group's columns and write `log` only
    // below `log.count` (its capacity).
    let g = _groups[gi]
    let c = g.columns
    let count = c.activeCount
    let start = logged
    g.snapLogStart = start
    g.snapLogCount = -1
    guard count > 0 else {
      g.snapLogCount = 0
      return 0
    }
    let snapped: Int
    switch g.kind {
    case .spring where g.rest.0 >= 0:
      snapped = Scalar._stepLinear2(
        c.y, c.v, count: count, _stepMatrix(g), rest: g.rest, log: log.baseAddress!, logCapacity: log.count,
        logged: &logged)
    case .fluidSpring where g.rest.0 >= 0:
      snapped = Scalar._stepLinear3(
        c.y, c.v, c.a, count: count, _stepMatrix3(g), rest: g.rest, log: log.baseAddress!,
        logCapacity: log.count,
        logged: &logged)
    default:
      return stepChannels(group: BatchGroup(index: gi), range: 0..<count)
    }
    // After a spring kernel with a rest test, the channels exactly at rest in the active range
    // are the ones it snapped (any other stepped state fails `!(y² > ry² || v² > rv²)` only with
    // a nonzero y or v), so a complete list is all the compaction needs.
    if logged - start == snapped { g.snapLogCount = snapped }
    return snapped
  }

  /// Advances by `deltaTime` seconds, rounded to the nearest tick (see ``step(ticks:)``).
  /// NaN or ≤ 0 (or < ½ tick) is a no-op; huge values are clamped to 2⁶² ticks, which settles
  /// every damped spring and finishes every timing curve.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func step(deltaTime: Double) -> Int {
    guard deltaTime > 0 else { return 0 }  // also NaN
    let ticks = deltaTime * Double(ticksPerSecond)
    return step(ticks: ticks < 0x1p62 ? Int64(ticks._roundedHalfAwayFromZero) : 1 << 62)
  }

  /// First phase of a step: advances the clock and computes (or finds in the cache) each group's
  /// transition matrix for `ticks`. Returns false, changing nothing, if `ticks ≤ 0`. Must not run
  /// concurrently with anything else on the engine. Allocation-free (the cache is a fixed tuple).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func prepareStep(ticks: Int64) -> Bool {
    guard ticks > 0 else { return false }
    if !_combinations.isEmpty { _sweepFinishedCombinations() }
    _preparedTicks = ticks
    // The end of the clock (Int64.max ticks, about 80,000 years at the default rate): timing
    // curves and SwiftUI-model springs measure time on it and could not advance any more, so on
    // a step that reaches it they arrive (as for any huge interval); exact springs go on.
    _clockEnded = now > Int64.max - ticks
    now = _clockEnded ? Int64.max : now + ticks
    for group in _groups {
      // A group without channels gets no matrix (an embedder's groups kept for reuse, a scene's
      // free groups: a look-up per group and step otherwise); its clock still advances. A channel
      // added to it before this step's kernels run finds the matrix computed then
      // (``_stepMatrix(_:)``).
      let empty = group.columns.count == 0
      group.matrixStale = empty
      switch group.kind {
      case .spring:
        guard !empty else { break }
        group.matrix = _cachedMatrix(group, ticks: ticks) {
          guard case .spring(let spring) = group.driver else { return group.matrix }
          return _springMatrix(spring, ticks: ticks)
        }
      case .curve:
        break
      case .fluidSpring:
        let time = _Group.seconds(now, since: group.origin, ticksPerSecond: ticksPerSecond)
        let (n, clock) = FluidSpringModel.substeps(from: group.fluidClock, to: time)
        group.fluidClock = clock
        group.preparedSubsteps = n
        guard !empty else { break }
        group.matrix3 = _clockEnded ? Self._zero3 : _cachedMatrix3(group, substeps: n)
      }
    }
    _prepareSubstepClocks()
    return true
  }

  /// The exact spring's transition matrix over `ticks`.
  @inline(__always)
  func _springMatrix(_ spring: Spring, ticks: Int64) -> _Matrix2 {
    let m = SpringTransitionMatrix(spring: spring, deltaTime: Double(ticks) / Double(ticksPerSecond))
    return (Scalar(m.m00), Scalar(m.m01), Scalar(m.m10), Scalar(m.m11))
  }

  /// Group `g`'s spring matrix for the prepared step: the one ``prepareStep(ticks:)`` stored, or,
  /// for a group that had no channels then (`matrixStale`), the same matrix computed here without
  /// storing it (kernels of one group may run on several threads at once).
  @inline(__always)
  func _stepMatrix(_ g: _Group) -> _Matrix2 {
    guard g.matrixStale, case .spring(let spring) = g.driver else { return g.matrix }
    return _springMatrix(spring, ticks: _preparedTicks)
  }

  /// ``_stepMatrix(_:)`` for a SwiftUI-model group.
  @inline(__always)
  func _stepMatrix3(_ g: _Group) -> _Matrix3 {
    guard g.matrixStale, case .fluidSpring(let model) = g.driver else { return g.matrix3 }
    return _clockEnded ? Self._zero3 : Self._fluidMatrix(model, substeps: g.preparedSubsteps)
  }

  /// Second phase: steps the active channels `range` of `group` (clamped to
  /// `0..<activeCount(of: group)`). Calls for disjoint ranges may run concurrently on different
  /// threads between ``prepareStep(ticks:)`` and ``finishStep(snapped:)``; results do not depend
  /// on how the active range is split. Returns the number of channels snapped to rest.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func stepChannels(group: BatchGroup, range: Range<Int>) -> Int {
    guard _groups.indices.contains(group.index) else { return 0 }
    // Safety: the range is clamped to `0..<activeCount`, so the kernels' pointers (columns offset by
    // `lower`, `upper − lower` channels) stay inside the columns; ranges of concurrent calls are
    // disjoint, so no channel is touched by two threads.
    let g = _groups[group.index]
    let c = g.columns
    let lower = max(0, range.lowerBound)
    let upper = min(c.activeCount, range.upperBound)
    guard lower < upper else { return 0 }
    switch g.kind {
    case .spring:
      return Scalar._stepLinear2(c.y + lower, c.v + lower, count: upper - lower, _stepMatrix(g), rest: g.rest)
    case .fluidSpring:
      if g.clockCount > 0 { return _stepClocked(g, c, lower, upper) }
      return Scalar._stepLinear3(
        c.y + lower, c.v + lower, c.a + lower, count: upper - lower, _stepMatrix3(g), rest: g.rest)
    case .curve:
      // A curve group's curve (`_Group.curve`: a `.timingCurve` driver's is `.unitCurve`).
      switch g.curve {
      case .unitCurve(let c): return _stepCurve(g, curve: c, lower, upper)
      case .cubicBezier(let c): return _stepCurve(g, curve: c, lower, upper)
      case .easing(let c): return _stepCurve(g, curve: c, lower, upper)
      case .parametric(let c): return _stepCurve(g, curve: c, lower, upper)
      case .steps(let c): return _stepCurve(g, curve: c, lower, upper)
      case .cssLinear(let c): return _stepCurve(g, curve: c, lower, upper)
      case nil: return 0
      }
    }
  }

  /// Third phase, on one thread after every ``stepChannels(group:range:)`` call of this step
  /// has returned: evaluates the running combinations (``combine(_:to:group:)``), which read the
  /// interrupted motion their groups just stepped. Returns the number of channels it snapped to
  /// rest (add it to the sum passed to ``finishStep(snapped:)``). O(running curves); nothing
  /// when no channel is combining.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func stepCombinations() -> Int {
    _combinations.isEmpty ? 0 : _stepCombinations()
  }

  /// Last phase: compacts channels that settled out of the active ranges (skipped when
  /// `snapped` is 0, the sum of the ``stepChannels(group:range:)`` results). Order of the
  /// compaction is fixed (ascending scan), so slots and handles do not depend on threading.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func finishStep(snapped: Int) {
    guard snapped > 0 else { return }
    for k in _groups.indices {
      // Safety: `_groups` owns the group and the compaction does not change the table.
      unowned(unsafe) let group = _groups[k]
      // A group without active channels has nothing to compact (a call per group otherwise:
      // a scene under an interrupt storm has thousands, most with few or no active channels).
      if group.columns.activeCount > 0 { _compact(group) }
    }
  }

  /// Compacts the channels exactly at rest out of the active range of `group`, searching its
  /// columns (``finishStep(snapped:)``'s work for one group).
  func _compact(_ group: _Group) {
    let c = group.columns
    // The scan reads through local pointers and a local count: through the class's stored
    // properties every iteration reloads them (the stores in a swap may alias), which cost
    // more than the kernel itself per channel-step. It passes over moving channels eight at a
    // time (`_firstRestingIndex`): a scalar pass cost about as much again as the rest test.
    // Order: each channel found at rest is swapped with the last active one, and the search
    // resumes at the same index (which now holds that channel), exactly as an ascending
    // one-by-one scan does.
    // Safety: the search and the swaps stay below `active` ≤ the group's count; single-threaded.
    let y = c.y
    let v = c.v
    // A timing curve's channel rests once its start displacement is cleared too (`_stepCurve`).
    let a = c.restColumn
    let owner = c.owner
    var active = c.activeCount
    var i = Scalar._firstRestingIndex(y, v, a, from: 0, count: active)
    while i < active {
      let last = active - 1
      c.swapAt(i, last)
      _slots[Int(owner[i])].row = i
      _slots[Int(owner[last])].row = last
      active -= 1
      i = Scalar._firstRestingIndex(y, v, a, from: i, count: active)
    }
    c.activeCount = active
  }

  /// ``_compact(_:)`` for a group whose channels exactly at rest are all among the `count`
  /// ascending active indices at `listed` (the channels its kernel snapped in this step): the
  /// same swaps in the same order, without the search. The ascending search finds the first
  /// listed channel at rest, swaps it with the last active channel and looks again at the same
  /// index, which holds a channel at rest exactly when that last channel was one; so the scan
  /// advances through the list from the front while the swaps consume it from the back.
  /// Overwrites the list.
  func _compact(_ group: _Group, listed: UnsafeMutablePointer<Int>, count: Int) {
    // Safety: `listed` holds `count` ascending indices below the group's active count, written by
    // the kernel in this step; the swaps stay below `active`; single-threaded.
    let c = group.columns
    let y = c.y
    let v = c.v
    let a = c.restColumn
    let owner = c.owner
    // The listed channels exactly at rest (`_firstRestingIndex`'s test), kept in order.
    var resting = 0
    for k in 0..<count {
      let i = listed[k]
      if y[i] == 0 && v[i] == 0 && (a == nil || a.unsafelyUnwrapped[i] == 0) {
        listed[resting] = i
        resting += 1
      }
    }
    var active = c.activeCount
    var first = 0
    var last = resting - 1
    while first <= last {
      let i = listed[first]
      let end = active - 1
      c.swapAt(i, end)
      _slots[Int(owner[i])].row = i
      _slots[Int(owner[end])].row = end
      active -= 1
      if listed[last] == end { last -= 1 } else { first += 1 }
    }
    c.activeCount = active
  }

  func _cachedMatrix(_ g: _Group, ticks: Int64, _ make: () -> _Matrix2) -> _Matrix2 {
    if g.cacheTicks.0 == ticks { return g.cache.0 }
    if g.cacheTicks.1 == ticks { return g.cache.1 }
    if g.cacheTicks.2 == ticks { return g.cache.2 }
    if g.cacheTicks.3 == ticks { return g.cache.3 }
    let m = make()
    switch g.cacheNext {
    case 0:
      g.cacheTicks.0 = ticks
      g.cache.0 = m
    case 1:
      g.cacheTicks.1 = ticks
      g.cache.1 = m
    case 2:
      g.cacheTicks.2 = ticks
      g.cache.2 = m
    default:
      g.cacheTicks.3 = ticks
      g.cache.3 = m
    }
    g.cacheNext = (g.cacheNext + 1) & 3
    return m
  }

  func _cachedMatrix3(_ g: _Group, substeps n: Int) -> _Matrix3 {
    if g.cache3Counts.0 == n { return g.cache3.0 }
    if g.cache3Counts.1 == n { return g.cache3.1 }
    if g.cache3Counts.2 == n { return g.cache3.2 }
    if g.cache3Counts.3 == n { return g.cache3.3 }
    // The model is read out of the driver on a miss only (see `_Group.kind`).
    guard case .fluidSpring(let model) = g.driver else { return g.matrix3 }
    let m = Self._fluidMatrix(model, substeps: n)
    switch g.cacheNext {
    case 0:
      g.cache3Counts.0 = n
      g.cache3.0 = m
    case 1:
      g.cache3Counts.1 = n
      g.cache3.1 = m
    case 2:
      g.cache3Counts.2 = n
      g.cache3.2 = m
    default:
      g.cache3Counts.3 = n
      g.cache3.3 = m
    }
    g.cacheNext = (g.cacheNext + 1) & 3
    return m
  }

  /// The SwiftUI model's `n`-substep matrix in `Scalar`.
  static func _fluidMatrix(_ model: FluidSpringModel, substeps n: Int) -> _Matrix3 {
    let p = model._substepMatrixPower(n)
    var m: _Matrix3 = (
      Scalar(p.0), Scalar(p.1), Scalar(p.2), Scalar(p.3), Scalar(p.4), Scalar(p.5),
      Scalar(p.6), Scalar(p.7), Scalar(p.8)
    )
    // A non-finite entry (non-finite damping, or a power overflowing the scalar) would make
    // every channel NaN (∞·0), and an unstable model (`FluidSpringModel.isStable` false) grows
    // without bound: either reads as the zero matrix, so the channels arrive at their targets on
    // this step, as the per-property animation of such a model ends at its first frame.
    if !model.isStable
      || !(m.0.isFinite && m.1.isFinite && m.2.isFinite && m.3.isFinite && m.4.isFinite
        && m.5.isFinite && m.6.isFinite && m.7.isFinite && m.8.isFinite)
    {
      m = Self._zero3
    }
    return m
  }

  /// Timing curves: `y = y₀·(1 − curve(p))`, `v = −y₀·curve′(p)/duration` (0 where that is not
  /// finite) with
  /// `p = (now − start)/durationTicks` in Double; past its end (`_Group.curveEndTick`: p > 1, or
  /// p = 1 where SwiftUI's time arithmetic rounds past the duration) the channel arrives.
  /// The curve evaluation is arithmetic and square roots only (Newton on the Bézier).
  @inline(__always)
  func _stepCurve<Curve: TimingCurve>(_ g: _Group, curve: Curve, _ lower: Int, _ upper: Int) -> Int {
    // Safety: `lower..<upper` is inside `0..<activeCount` (clamped by `stepChannels`).
    let c = g.columns
    let duration = Double(g.durationTicks)
    let seconds = duration / Double(ticksPerSecond)
    var snapped = 0
    // The curve at a channel's progress depends on its start tick only (one duration per group),
    // and channels started together (a quad's four, a transaction's) sit next to each other:
    // the last start's evaluation is reused while it repeats — the same bits, once per run
    // instead of once per channel.
    var lastStart = Int64.min
    var value = 0.0
    var slope = 0.0
    for i in lower..<upper {
      let start = c.start[i]
      let elapsed = now &- start
      // SwiftUI's timing curves end once the time is past the duration: at exactly the end
      // tick the channel shows its target and still moves (with the curve's end velocity, which a
      // merging spring takes), and it settles on the next step. A zero start displacement marks
      // an ended channel for the compaction (`finishStep`), as y and v alone can be 0 at the end
      // tick.
      if now >= c.end[i] || _clockEnded {
        c.y[i] = 0
        c.v[i] = 0
        c.y0[i] = 0
        snapped += 1
        continue
      }
      let y0 = Double(c.y0[i])
      if start != lastStart {
        (value, slope) = curve.valueAndVelocity(at: Double(elapsed) / duration)
        lastStart = start
      }
      let y = Scalar(y0 * (1 - value))
      // A curve whose slope is infinite there (circular easing at its ends) reports no finite
      // velocity, which reads as 0, as a per-property animation reports none (a spring merging
      // in then starts from rest): a velocity handed on must be finite.
      var v = Scalar(-y0 * slope / seconds)
      if !v.isFinite { v = 0 }
      c.y[i] = y
      c.v[i] = v
    }
    return snapped
  }
}
