/// One extra substep clock of a SwiftUI-model group (see
/// ``BatchEngine/_addSubstepClock(to:origin:)``).
struct _SubstepClock {
  /// The group whose channels follow it (−1: a free entry).
  var group: Int32
  /// The tick the clock started at (the transaction that made it).
  var epoch: Int64
  /// The tick its animation began at: the clock reads seconds since then.
  var origin: Int64
  /// The clock: seconds since `origin`, advanced by whole substeps.
  var time: Double
  /// `origin` in seconds (`Double(origin) / Double(ticksPerSecond)`, the subtrahend of
  /// `_Group.seconds(_:since:ticksPerSecond:)`), divided once when the clock starts instead of at
  /// every step.
  var originSeconds: Double
}

extension BatchEngine {
  /// Adds a substep clock to the SwiftUI-model group `group` and returns a handle of the group
  /// that puts channels on it: a channel added to or retargeted into `group` through the handle
  /// is stepped on that clock, which starts now and reads the seconds since tick `origin` (later
  /// ticks read as ``now``), as the group's own clock does for a group added with
  /// `substepClockOrigin: origin` now.
  ///
  /// Why: SwiftUI restarts a spring's substep clock at every merge, on the time scale of the
  /// animation's beginning, so the channels of one transaction follow as many clocks as their
  /// animations have beginnings. As separate groups, each with a few channels, an interrupt storm
  /// kept thousands of groups, and every step visited each. Clocks of one group share its columns
  /// and its matrix cache; a step advances each clock once and steps each channel with its
  /// clock's matrix.
  ///
  /// Returns nil, adding nothing, for an invalid group, a group of another driver or one whose
  /// rest rule is not ``BatchRestRule/disabled`` (the per-channel kernel has no rest test). Call
  /// it between steps (not between ``prepareStep(ticks:)`` and ``finishStep(snapped:)``): a
  /// clock's matrix is prepared by the next step. Clocks that no channel follows are given back
  /// by ``_releaseUnusedSubstepClocks(of:)`` and when the group is replaced or removed.
  /// O(1) amortised.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules (a scene, per merge):
    // unspecialised, each call looked up the engine's generic metadata.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _addSubstepClock(to group: BatchGroup, origin: Int64) -> BatchGroup? {
    guard _groups.indices.contains(group.index) else { return nil }
    let g = _groups[group.index]
    guard g.kind == .fluidSpring, g.rest.0 < 0 else { return nil }
    let start = Swift.min(origin, now)
    let clock = _SubstepClock(
      group: Int32(group.index), epoch: now, origin: start,
      time: _Group.seconds(now, since: start, ticksPerSecond: ticksPerSecond),
      originSeconds: Double(start) / Double(ticksPerSecond))
    let id: Int32
    if let free = _freeClocks.popLast() {
      id = free
      _clocks[Int(id) - 1] = clock
      _clockMatrices[Int(id) - 1] = Self._zero3
      _clockSubsteps[Int(id) - 1] = -1
    } else {
      _clocks.append(clock)
      _clockMatrices.append(Self._zero3)
      _clockSubsteps.append(-1)
      _clockTakesSecond.append(0)
      id = Int32(_clocks.count)
    }
    g.clockCount += 1
    return BatchGroup(index: group.index, clock: id)
  }

  /// The tick the substep clock of `group` (its own, or an extra one) reads its seconds from:
  /// the beginning of the animation it times. Nil for an invalid group, a free clock or a group
  /// of another driver.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules (a scene, per merge):
    // unspecialised, each call looked up the engine's generic metadata.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _substepClockOrigin(of group: BatchGroup) -> Int64? {
    guard _groups.indices.contains(group.index), _groups[group.index].kind == .fluidSpring else { return nil }
    if group._clock == 0 { return _groups[group.index].origin }
    let k = Int(group._clock) - 1
    guard k >= 0, k < _clocks.count, _clocks[k].group == Int32(group.index) else { return nil }
    return _clocks[k].origin
  }

  /// Gives back the extra substep clocks of `group` that none of its channels (active or
  /// settled) follows, except those started at ``now`` (a caller may still hold their handles
  /// for channels it is about to put on them). Handles of a given-back clock must not be used
  /// again: a later ``_addSubstepClock(to:origin:)`` may hand out its id anew. O(channels of
  /// the group + clocks).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules (a scene, per merge):
    // unspecialised, each call looked up the engine's generic metadata.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _releaseUnusedSubstepClocks(of group: BatchGroup) {
    guard _groups.indices.contains(group.index) else { return }
    let g = _groups[group.index]
    guard g.clockCount > 0 else { return }
    var used = _clockUsed
    _clockUsed = []
    defer { _clockUsed = used }
    used.removeAll(keepingCapacity: true)
    used.append(contentsOf: repeatElement(false, count: _clocks.count + 1))
    let c = g.columns
    used.withUnsafeMutableBufferPointer { used in
      // Safety: rows `0..<count` of a SwiftUI-model group's clock column are initialised, each an
      // id handed out by `_addSubstepClock` (at most `_clocks.count`) or 0.
      for i in 0..<c.count { used[Int(c.clock[i])] = true }
    }
    _releaseClocks(ofGroup: group.index) { id, clock in !used[id] && clock.epoch != now }
  }

  /// Puts the settled channels of `group` on its own clock (0), so that the clocks they followed
  /// can be given back (``_releaseUnusedSubstepClocks(of:)``): a settled channel is not stepped,
  /// and a retarget puts it on the clock it names. Nothing observable changes. O(settled channels
  /// of the group); an invalid group or one of another driver is ignored.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules (see above).
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _restSettledChannelsOnOwnClock(of group: BatchGroup) {
    guard _groups.indices.contains(group.index) else { return }
    let c = _groups[group.index].columns
    guard c.hasAcceleration else { return }
    // Safety: rows `activeCount..<count` are initialised rows of the columns.
    for i in c.activeCount..<c.count { c.clock[i] = 0 }
  }

  /// The extra substep clocks in use (handed out and not given back).
  package var _substepClockCount: Int { _clocks.count - _freeClocks.count }

  /// Frees the extra clocks of group `g` for which `release(id, clock)` holds.
  func _releaseClocks(ofGroup g: Int, where release: (Int, _SubstepClock) -> Bool) {
    guard _groups[g].clockCount > 0 else { return }
    let group = Int32(g)
    var released = 0
    for k in _clocks.indices where _clocks[k].group == group && release(k + 1, _clocks[k]) {
      _clocks[k].group = -1
      _freeClocks.append(Int32(k + 1))
      released += 1
    }
    _groups[g].clockCount -= released
    // Lowest id first, so that which ids are in use does not depend on release order.
    if released > 0 { _freeClocks.sort(by: >) }
  }

  /// Advances every extra substep clock to ``now`` and prepares the matrices for the step (see
  /// ``prepareStep(ticks:)``). O(clocks).
  ///
  /// Also sorts each group's clocks by substep count: the own clock's count first, one other
  /// second (``_clockTakesSecond``), with both matrices in `_Group.clockPair`, so that the
  /// kernel can blend the two per lane (at a steady frame rate every clock takes one of two
  /// counts); a group whose clocks took more than two counts is marked `clockMixed`, and only
  /// its clocks get their own matrix in ``_clockMatrices``.
  func _prepareSubstepClocks() {
    guard !_clocks.isEmpty else { return }
    _clockStep &+= 1
    let step = _clockStep
    let ended = _clockEnded
    let now = self.now
    let ticksPerSecond = self.ticksPerSecond
    // Each clock's seconds since its origin are `_Group.seconds(now, since: origin, …)`: the
    // minuend is the same for every clock and the subtrahend fixed per clock, so neither is
    // divided per clock per step (the same bits).
    let nowSeconds = Double(now) / Double(ticksPerSecond)
    // Through the tables' buffers: writing an array element per clock checked its buffer's
    // uniqueness each time, a dozen checks per clock per step.
    _groups.withUnsafeBufferPointer { groups in
      _clocks.withUnsafeMutableBufferPointer { clocks in
        _clockSubsteps.withUnsafeMutableBufferPointer { substeps in
          _clockMatrices.withUnsafeMutableBufferPointer { matrices in
            _clockTakesSecond.withUnsafeMutableBufferPointer { takesSecond in
              // Safety: `_clockSubsteps` and `_clockMatrices` have an entry per clock and
              // `_clockTakesSecond` one more (id 0, the own clock), as `_addSubstepClock` keeps
              // them; a live clock's group is an index of `_groups`.
              var anyMixed = false
              for k in clocks.indices where clocks[k].group >= 0 {
                let g = groups[Int(clocks[k].group)]
                let time = nowSeconds - clocks[k].originSeconds
                let (n, clock) = FluidSpringModel.substeps(from: clocks[k].time, to: time)
                clocks[k].time = clock
                substeps[k] = n
                if g.clockStep != step {
                  g.clockStep = step
                  g.clockFirst = g.preparedSubsteps
                  g.clockSecond = -1
                  g.clockMixed = false
                  g.clockPair.0 = ended ? Self._zero3 : _cachedMatrix3(g, substeps: g.preparedSubsteps)
                }
                var second = false
                if n != g.clockFirst {
                  if g.clockSecond < 0 {
                    g.clockSecond = n
                    g.clockPair.1 = ended ? Self._zero3 : _cachedMatrix3(g, substeps: n)
                  }
                  if n == g.clockSecond {
                    second = true
                  } else {
                    g.clockMixed = true
                    anyMixed = true
                  }
                }
                takesSecond[k + 1] = second ? 1 : 0
              }
              // A clock's own matrix is read only by a group whose clocks took more than two
              // counts (`_stepClocked`'s per-run path); at a steady frame rate none does, and
              // storing 72 bytes per clock per step was a cache line written per clock. (A
              // matrix is a function of the model and the count: cached or not, the same bits.)
              guard anyMixed else { return }
              for k in clocks.indices where clocks[k].group >= 0 {
                let g = groups[Int(clocks[k].group)]
                guard g.clockMixed else { continue }
                matrices[k] = ended ? Self._zero3 : _cachedMatrix3(g, substeps: substeps[k])
              }
            }
          }
        }
      }
    }
  }

  /// Steps the active channels `lower..<upper` of SwiftUI-model group `g` (columns `c`, rest
  /// rule disabled), each with the matrix of the clock it follows: the group's own for clock 0,
  /// else its extra clock's. Runs of channels whose clocks took the same number of substeps share
  /// a matrix (the group's cached one for that count, the same bits), and a run of eight or more
  /// goes to the group kernel; the rest are stepped one by one with the kernel's per-lane IEEE
  /// operations (`m₀·y + m₁·v + m₂·a`, …, in that order). Either way a channel's state does not
  /// depend on which clocks share its group or how the range is split. Returns 0 (no rest test).
  func _stepClocked(_ g: _Group, _ c: _BatchColumns<Scalar>, _ lower: Int, _ upper: Int) -> Int {
    // Every clock took the own clock's count (or that and one other): the group kernel, or the
    // kernel that blends the two matrices per lane.
    if !g.clockMixed && g.clockStep == _clockStep {
      if g.clockSecond < 0 {
        return Scalar._stepLinear3(
          c.y + lower, c.v + lower, c.a + lower, count: upper - lower, g.clockPair.0, rest: g.rest)
      }
      return _clockTakesSecond.withUnsafeBufferPointer { takesSecond in
        // Safety: as below; `takesSecond` has an entry per clock id, entry 0 (the own clock,
        // whose count is `clockFirst` by construction) 0.
        Scalar._stepLinear3Choosing(
          c.y + lower, c.v + lower, c.a + lower, clock: c.clock + lower, count: upper - lower,
          takesSecond: takesSecond.baseAddress!, g.clockPair.0, g.clockPair.1)
      }
    }
    let own = _stepMatrix3(g)
    let ownSubsteps = g.preparedSubsteps
    let y = c.y
    let v = c.v
    let a = c.a
    let clock = c.clock
    _clockMatrices.withUnsafeBufferPointer { matrices in
      _clockSubsteps.withUnsafeBufferPointer { substeps in
        // Safety: `lower..<upper` lies inside the active range of `c` (clamped by the caller); a
        // channel's clock is 0 or the id of a clock of this group, whose entries exist.
        @inline(__always)
        func count(_ i: Int) -> Int {
          let k = Int(clock[i])
          return k == 0 ? ownSubsteps : substeps[k - 1]
        }
        var i = lower
        while i < upper {
          let k = Int(clock[i])
          let m = k == 0 ? own : matrices[k - 1]
          let n = count(i)
          var end = i + 1
          while end < upper && count(end) == n { end += 1 }
          if end - i >= 8 {
            _ = Scalar._stepLinear3(y + i, v + i, a + i, count: end - i, m, rest: g.rest)
            i = end
            continue
          }
          while i < end {
            let y0 = y[i]
            let v0 = v[i]
            let a0 = a[i]
            y[i] = m.0 * y0 + m.1 * v0 + m.2 * a0
            v[i] = m.3 * y0 + m.4 * v0 + m.5 * a0
            a[i] = m.6 * y0 + m.7 * v0 + m.8 * a0
            i += 1
          }
        }
      }
    }
    return 0
  }
}
