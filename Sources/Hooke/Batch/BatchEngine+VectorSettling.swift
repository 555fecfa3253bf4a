extension BatchEngine {
  /// SwiftUI's termination rule on animated *vectors* whose lanes are channels of this engine,
  /// for an embedder that numbers its lanes in quads (lane `4q + k`, k < 4: a frame's four
  /// lanes) and may pair two quads into one eight-lane value (a style): a spring animation ends
  /// when its whole value is close and slow, not each lane alone
  /// (`FluidSpringModel.isFinished(_:target:)`, on squared magnitudes summed in lane order):
  ///
  ///     max(Σ v², Σ a²) ≤ 0.0036  and not  0 < Σ (0.01·I)² < Σ y²
  ///
  /// with, per lane, the spring's velocity `v`, force per unit mass `a` (a SwiftUI-model spring's
  /// integrated force; an exact spring's `−(k/m)·y − (c/m)·v`), displacement from its target `y`,
  /// and `I = quads[q].springInterval[k]`, the change the spring chases (its accumulated interval).
  ///
  /// Visits every active channel of the spring groups (storage order). A lane whose own `v²` or
  /// `a²` exceeds 0.0036 (all finite) rules its value out, so only a value with a slow lane is
  /// tested, once per step (`quads[q].tested == stamp` marks a quad done; the caller passes a new
  /// stamp per step). Lanes stepped by a spring and active (a combination's interrupted spring
  /// included) contribute their state; other lanes (settled, or moved by a timing curve) only
  /// their interval, which the caller sets to 0 for a lane a timing curve started. When the rule
  /// holds every contributing lane is snapped to its target at rest (displacement, velocity and
  /// force exactly 0) for ``finishStep(snapped:)`` to compact; returns how many were snapped. The
  /// outcome does not depend on the visiting order (a test reads and writes its value's lanes
  /// only).
  ///
  /// Tables, indexed as named: `laneOfSlot[handle index]` (−1: not the embedder's),
  /// `handles[lane]`, `quads[q]` (see ``_SettleQuad``). Call between
  /// ``stepChannels(group:range:)`` and ``stepCombinations()`` of a step, on one thread: a
  /// combination then reads its finished spring at its target in the same frame, as SwiftUI's
  /// combined animation does. Cost: per eight active spring channels a few vector loads and
  /// compares; per slow value eight handle look-ups at most. Allocation-free once the per-group
  /// table has grown.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _settleSpringQuads(
    laneOfSlot: UnsafeBufferPointer<Int32>, handles: UnsafeBufferPointer<BatchChannel>,
    quads: UnsafeMutableBufferPointer<_SettleQuad>, stamp: UInt32
  ) -> Int {
    _refreshSettleRows()
    var snapped = 0
    // Safety: every table is indexed within its bounds by construction (checked below where the
    // index comes from the embedder: lanes and quads out of range are skipped); a row's pointers
    // are its group's current columns (nothing adds, removes or moves channels during the pass:
    // snapping writes values in place); indices below `active` are inside every column.
    _settleRows.withUnsafeBufferPointer { rows in
      for g in rows.indices where rows[g].kind != 0 {
        let row = rows[g]
        // Eight channels at a time past the ones whose own speed or force rules their value out.
        var i = row.candidate(from: 0)
        while i < row.active {
          defer { i = row.candidate(from: i + 1) }
          let s = Int(row.owner[i])
          guard s < laneOfSlot.count else { continue }
          let lane = Int(laneOfSlot[s])
          guard lane >= 0, lane < handles.count else { continue }
          var lo = lane >> 2
          guard lo < quads.count, quads[lo].tested != stamp else { continue }
          let p = Int(quads[lo].partner)
          var hi = -1
          if p >= 0 {
            hi = p
          } else if p < -1 {
            hi = lo
            lo = -(p + 2)
          }
          guard lo < quads.count, hi < quads.count, 4 * max(lo, hi) + 3 < handles.count else { continue }
          quads[lo].tested = stamp
          if hi >= 0 { quads[hi].tested = stamp }
          snapped += _settleSpringValue(
            lanes: hi >= 0 ? 8 : 4,
            handle: { handles[4 * ($0 < 4 ? lo : hi) + ($0 & 3)] },
            springInterval: { quads[$0 < 4 ? lo : hi].springInterval[$0 & 3] },
            row: { rows[$0] })
        }
      }
    }
    return snapped
  }

  /// SwiftUI's termination rule on one value (see
  /// ``_settleSpringQuads(laneOfSlot:handles:quads:stamp:)``) whose lanes, in order, are the
  /// channels `handles` (read wherever they are stored) with the intervals their springs chase,
  /// `springIntervals` (as many). When the rule holds, every active spring lane of the value is
  /// snapped to its target at rest; returns how many were snapped (0 when the value has no active
  /// spring lane). A per-property animation applies the rule at every sample, the one at a
  /// transaction's time included (a merge whose interrupted motion brings it close to the new
  /// target and slow ends there), so an embedder calls this after retargeting a value into a
  /// spring group as well as in the step. The snapped lanes leave their groups' active ranges at
  /// once (they read as settled). Cost: two handle look-ups per lane; allocation-free.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _settleSpringValue(
    handles: UnsafeBufferPointer<BatchChannel>, springIntervals: UnsafeBufferPointer<Double>
  ) -> Int {
    // Rows built on demand (a transaction asks for a few values, not every group), the last one
    // kept: a value's lanes mostly share their group.
    var last = -1
    var lastRow: _SettleRow<Scalar>?
    let lanes = min(handles.count, springIntervals.count)
    let snapped = _settleSpringValue(
      lanes: lanes, handle: { handles[$0] },
      springInterval: { springIntervals[$0] },
      row: { g in
        if g != last || lastRow == nil {
          lastRow = _settleRow(g)
          last = g
        }
        // Safety: `lastRow` was set just above when it was nil (`_settleRow` returns a row).
        return lastRow.unsafelyUnwrapped
      })
    // Ended now, as the per-property animation's sample at this time ends it: the snapped lanes
    // leave the active range here (a step compacts its own, ``finishStep(snapped:)``), so the
    // value reads as settled before the next step.
    if snapped > 0 {
      for l in 0..<lanes { _deactivateIfAtRest(handles[l]) }
    }
    return snapped
  }

  /// Moves `channel` out of its group's active range when it is active and exactly at rest
  /// (``_compact(_:)``'s test and swap, for one channel). Invalid handles are ignored.
  func _deactivateIfAtRest(_ channel: BatchChannel) {
    guard let (g, i) = try? _locate(channel) else { return }
    let c = _groups[g].columns
    let active = c.activeCount
    guard i < active else { return }
    // Safety: `i < active` ≤ the group's count, inside every column; single-threaded.
    guard Scalar._firstRestingIndex(c.y, c.v, c.restColumn, from: i, count: i + 1) == i else { return }
    _swapRows(c, i, active - 1)
    c.activeCount = active - 1
  }

  /// ``_settleSpringValue(handles:springIntervals:)`` on `lanes` lanes, lane `l`'s channel
  /// `handle(l)` and interval `springInterval(l)`, with group `g`'s row from `row(g)`.
  @inline(__always)
  func _settleSpringValue(
    lanes: Int, handle: (Int) -> BatchChannel, springInterval: (Int) -> Double,
    row: (Int) -> _SettleRow<Scalar>
  ) -> Int {
    // Safety: a live handle's slot tables give its group and a position below that group's count,
    // inside every column; `row(g)` holds group g's current columns.
    // The active spring lane's row and position, or nil.
    func locate(_ lane: Int) -> (_SettleRow<Scalar>, Int)? {
      guard let e = _live(handle(lane)) else { return nil }
      let r = row(Int(e.group))
      let i = e.row
      guard r.kind != 0, i < r.active else { return nil }
      return (r, i)
    }
    var v2 = 0.0
    var a2 = 0.0
    var gap2 = 0.0
    var tolerance2 = 0.0
    var springLanes = 0
    for l in 0..<lanes {
      _SettleHint.addTolerance(springInterval(l), to: &tolerance2)
      guard let (r, i) = locate(l) else { continue }
      let (y, v, a) = r.state(i)
      v2 += v * v
      a2 += a * a
      gap2 += y * y
      springLanes += 1
    }
    guard springLanes > 0,
      FluidSpringModel._isFinished(velocity2: v2, force2: a2, gap2: gap2, tolerance2: tolerance2)
    else { return 0 }
    var snapped = 0
    for l in 0..<lanes {
      guard let (r, i) = locate(l) else { continue }
      r.snap(i)
      snapped += 1
    }
    return snapped
  }

  /// Rebuilds ``_settleRows`` from the groups' current columns (O(groups); no allocation once
  /// it has grown).
  func _refreshSettleRows() {
    _settleRows.removeAll(keepingCapacity: true)
    for g in _groups.indices { _settleRows.append(_settleRow(g)) }
  }

  /// Group `g`'s ``_SettleRow``, read field by field through the group table (copying the entry
  /// copies its driver and retains every reference in it). `g` must be a valid group index.
  @inline(__always)
  func _settleRow(_ g: Int) -> _SettleRow<Scalar> {
    // Safety: `g` is below the table's count (the caller's check).
    _groups.withUnsafeBufferPointer { groups in
      _SettleRow(columns: groups[g].columns, springQuotients: groups[g].springQuotients)
    }
  }
}

/// What a bulk retarget (``BatchEngine/retarget(_:to:group:startingAtRest:presented:keepingSettled:hints:)``)
/// learned of SwiftUI's termination rule on a quad's lanes it wrote, so that an embedder testing the
/// rule right after a merge (``BatchEngine/_settleSpringValue(handles:springIntervals:)``) can
/// skip the test when it cannot hold. The rule reads the lanes active in spring groups; it holds
/// when one of the sums `Σ y²`, `Σ v²`, `Σ a²` is not finite, or when `max(Σ v², Σ a²) ≤ 0.0036`
/// and the gap is within tolerance. A value whose read lanes all have squares at most ``bound``
/// (at most eight lanes: every sum stays finite) and one of which has `v²` or `a²` above 0.0036
/// does not end: its test would snap nothing. Nor does one whose gap is certainly beyond its
/// tolerance (``gap2``).
package struct _SettleHint: Sendable {
  /// Every pair of the quad was retargeted (none rejected), and every lane written that the
  /// rule reads has `y²`, `v²` and `a²` at most ``bound``.
  package var bounded: Bool
  /// One of the lanes written that the rule reads has `v²` or `a²` above 0.0036.
  package var fast: Bool
  /// `Σ y²` over the lanes written that the rule reads, in lane order. The rule's own sum over a
  /// value of two quads adds the same squares in another grouping: they agree to a relative
  /// 8·2⁻⁵³ (nonnegative terms), so a caller compares with a margin.
  package var gap2 = 0.0

  /// A hint with the given fields.
  package init(bounded: Bool, fast: Bool, gap2: Double = 0) {
    (self.bounded, self.fast, self.gap2) = (bounded, fast, gap2)
  }

  /// Whether SwiftUI's rule cannot hold for a value whose lanes are this hint's and `other`'s
  /// (nil: none), `tolerance2` giving the rule's `Σ (0.01·I)²` over the value's lanes (summed as
  /// the rule sums it, ``addTolerance(_:to:)``; read only when the lanes are bounded and slow).
  /// When true, testing the rule on those lanes right after the retargets snaps nothing.
  package func rulesOut(with other: _SettleHint? = nil, tolerance2: () -> Double) -> Bool {
    let b = other ?? _SettleHint(bounded: true, fast: false)
    guard bounded && b.bounded else { return false }
    if fast || b.fast { return true }
    // The rule's own gap sums the same squares in one pass: short of the two sums by a relative
    // 8·2⁻⁵³ at most.
    let t = tolerance2()
    return t > 0 && t < (gap2 + b.gap2) * (1 - 0x1p-40)
  }

  /// Adds lane interval `interval`'s part of the rule's tolerance, `(0.01·I)²`, to `sum`: the
  /// rule adds its lanes' parts in lane order.
  @inline(__always)
  package static func addTolerance(_ interval: Double, to sum: inout Double) {
    let tolerance = 0.01 * interval
    sum += tolerance * tolerance
  }

  /// The largest square of a bounded lane: eight of them sum to a finite `Double`.
  static var bound: Double { 1e300 }
}

/// One group's columns for the SwiftUI termination rule
/// (``BatchEngine/_settleSpringQuads(laneOfSlot:handles:quads:stamp:)``).
struct _SettleRow<Scalar: BatchScalar> {
  let y: UnsafeMutablePointer<Scalar>
  let v: UnsafeMutablePointer<Scalar>
  let a: UnsafeMutablePointer<Scalar>?
  let owner: UnsafeMutablePointer<UInt32>
  let active: Int
  /// 0: not a spring; 1: a SwiftUI-model spring (force column); 2: an exact spring.
  let kind: Int
  /// An exact spring's k/m and c/m.
  let k: Double
  let c: Double

  /// A group's current columns `c` and its exact spring's force quotients (nil for another
  /// driver): a SwiftUI-model spring is the layout with a force column, an exact spring the one
  /// with quotients.
  @inline(__always)
  init(columns c: _BatchColumns<Scalar>, springQuotients: (Double, Double)?) {
    y = c.y
    v = c.v
    a = c.hasAcceleration ? c.a : nil
    owner = c.owner
    active = c.activeCount
    kind = c.hasAcceleration ? 1 : springQuotients != nil ? 2 : 0
    (k, self.c) = springQuotients ?? (0, 0)
  }

  /// Row `i`'s displacement, velocity and force per unit mass. `i` must be below `active`.
  @inline(__always)
  func state(_ i: Int) -> (y: Double, v: Double, a: Double) {
    state(y: y[i], v: v[i], a: kind == 1 ? a![i] : 0)
  }

  /// The displacement, velocity and force per unit mass the rule reads of a row storing `y`, `v`
  /// and (a SwiftUI-model spring's force column) `a`.
  @inline(__always)
  func state(y: Scalar, v: Scalar, a: Scalar) -> (y: Double, v: Double, a: Double) {
    let y = Double(y)
    let v = Double(v)
    return (y, v, kind == 1 ? Double(a) : -k * y - c * v)
  }

  /// Adds to `hint` what the rule reads of a row of this group just written with `written`
  /// (``BatchEngine/_Written``; `hasAcceleration`: the columns store a force): nothing when the
  /// rule does not read it (not a spring group, or a row at rest, which goes to the settled
  /// range), else whether its state is bounded and fast, and its `y²` (see ``_SettleHint``).
  @inline(__always)
  func note(_ written: BatchEngine<Scalar>._Written, hasAcceleration: Bool, in hint: inout _SettleHint) {
    guard kind != 0,
      !BatchEngine<Scalar>._isAtRest(
        y: written.y, v: written.v, a: written.a, hasAcceleration: hasAcceleration)
    else { return }
    let (y, v, a) = state(y: written.y, v: written.v, a: written.a)
    // NaN fails every comparison: such a lane is not bounded.
    guard y * y <= _SettleHint.bound, v * v <= _SettleHint.bound, a * a <= _SettleHint.bound else {
      hint.bounded = false
      return
    }
    if Swift.max(v * v, a * a) > FluidSpringModel._finishedSquare { hint.fast = true }
    hint.gap2 += y * y
  }

  /// The first row in `i..<active` that leaves its value able to finish, or `active`: a row is
  /// passed over only when its own state (``state(_:)``) is finite and its `v²` or `a²` exceeds
  /// 0.0036 (the sums over the value's lanes then do too;
  /// ``BatchScalar/_firstSettleCandidate(_:_:_:quotients:from:count:)``).
  @inline(__always)
  func candidate(from i: Int) -> Int {
    Scalar._firstSettleCandidate(y, v, a, quotients: (k, c), from: i, count: active)
  }

  /// Puts row `i` at rest on its target. `i` must be below `active`.
  @inline(__always)
  func snap(_ i: Int) {
    y[i] = 0
    v[i] = 0
    a?[i] = 0
  }
}

/// One quad's entry in an embedder's table for SwiftUI's end rule on vectors
/// (``BatchEngine/_settleSpringQuads(laneOfSlot:handles:quads:stamp:)``): what the rule reads
/// of a quad side by side, so that a test reads one entry per quad and the embedder writes one.
package struct _SettleQuad: Sendable {
  /// Per lane: the part of the running animation's interval the lane's spring chases (`I` of the
  /// rule; 0 for a lane a timing curve started).
  package var springInterval = _SettleLanes()
  /// The other quad of a two-quad value: −1 for a quad alone; `p ≥ 0` for the low quad of a pair
  /// whose high quad is `p`; `−(p + 2)` for the high quad of low quad `p`.
  package var partner: Int32 = -1
  /// The stamp of the pass that last tested the quad's value.
  package var tested: UInt32 = 0
  /// Per lane: the running animation's interval, the sum of the changes since the lane was last
  /// at rest (the embedder's to keep: it sets ``springInterval`` from it; the rule does not read
  /// it).
  package var interval = _SettleLanes()

  /// A quad alone, every interval 0.
  @inlinable package init() {}
}

/// Four lanes' numbers stored inline (8-byte aligned, unlike `SIMD4<Double>`, so that a
/// ``_SettleQuad`` packs into 72 bytes).
package struct _SettleLanes: Sendable {
  package var l0 = 0.0
  package var l1 = 0.0
  package var l2 = 0.0
  package var l3 = 0.0

  /// All four 0.
  @inlinable package init() {}

  /// Lanes 0…3.
  @inlinable package init(_ l0: Double, _ l1: Double, _ l2: Double, _ l3: Double) {
    (self.l0, self.l1, self.l2, self.l3) = (l0, l1, l2, l3)
  }

  /// Lane `k` (taken modulo 4).
  @inline(__always)
  subscript(k: Int) -> Double {
    switch k & 3 {
    case 0: l0
    case 1: l1
    case 2: l2
    default: l3
    }
  }
}
