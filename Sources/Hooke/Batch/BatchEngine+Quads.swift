/// What one look-up of a channel's handle tells about it (``BatchEngine/readStates(of:into:)``):
/// its group, whether it is settled and whether it runs a combination.
public struct BatchChannelState: Equatable, Sendable {
  /// The channel's group (nil for an invalid handle).
  public var group: BatchGroup?
  /// Settled: snapped to its target, not stepped, no running combination (as
  /// ``BatchEngine/isSettled(_:)``; true for an invalid handle, which does not move).
  public var isSettled: Bool
  /// Running a combination (as ``BatchEngine/isCombining(_:)``; false for an invalid handle).
  public var isCombining: Bool

  /// A state from its parts.
  public init(group: BatchGroup?, isSettled: Bool, isCombining: Bool) {
    self.group = group
    self.isSettled = isSettled
    self.isCombining = isCombining
  }
}

extension BatchEngine {
  /// Reads the state of `channels[k]` into `states[k]` for `k < min(channels.count, states.count)`
  /// — its group, whether it is settled and whether it is combining — with one handle look-up per
  /// channel, where ``group(of:)``, ``isSettled(_:)`` and ``isCombining(_:)`` take one each. For
  /// embedders that decide how to retarget a small set of channels (a frame's four lanes) from
  /// their state. Returns the number of invalid handles. Allocation-free; reads only.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func readStates(
    of channels: UnsafeBufferPointer<BatchChannel>, into states: UnsafeMutableBufferPointer<BatchChannelState>
  ) -> Int {
    // Safety: the caller's buffers must be valid for their counts; only `k` below both is used.
    var invalid = 0
    for k in 0..<Swift.min(channels.count, states.count) {
      guard let (g, i) = try? _locate(channels[k]) else {
        states[k] = BatchChannelState(group: nil, isSettled: true, isCombining: false)
        invalid += 1
        continue
      }
      let combining = !_combinations.isEmpty && _liveCombination(slot: Int(channels[k].index)) != nil
      states[k] = BatchChannelState(
        group: BatchGroup(index: g, clock: _clock(group: g, index: i)),
        isSettled: !combining && i >= _groups[g].columns.activeCount,
        isCombining: combining)
    }
    return invalid
  }

  /// The stored velocity and force per unit mass of `channel` (the force is 0 where its group
  /// keeps none: only a SwiftUI-model spring integrates one), or nil for an invalid handle or a
  /// channel running a combination (whose motion is its curves', not its row's). With
  /// ``_setForce(_:_:)``, for an embedder that continues a motion on new channels of the same
  /// group — a linear map of a spring's state is a state of the same spring. O(1); reads only.
  package func _velocityAndForce(of channel: BatchChannel) -> (velocity: Scalar, force: Scalar)? {
    guard let entry = _live(channel) else { return nil }
    guard _combinations.isEmpty || _liveCombination(slot: Int(channel.index)) == nil else { return nil }
    // Safety: a live handle's row is below its group's count.
    let c = _groups[Int(entry.group)].columns
    return (c.v[entry.row], c.hasAcceleration ? c.a[entry.row] : 0)
  }

  /// Stores force `a` per unit mass for `channel`, its displacement, velocity and target kept
  /// (a channel at rest that takes a force starts moving). Ignored for an invalid handle, a
  /// non-finite force, a combining channel, or a group that keeps no force. A force whose motion
  /// could overflow the scalar snaps the channel to its target at rest, the retargets' clamp
  /// (``_MotionBound``). O(1).
  package func _setForce(_ channel: BatchChannel, _ a: Scalar) {
    guard a.isFinite, let entry = _live(channel) else { return }
    guard _combinations.isEmpty || _liveCombination(slot: Int(channel.index)) == nil else { return }
    let g = Int(entry.group)
    let c = _groups[g].columns
    guard c.hasAcceleration else { return }
    // Safety: a live handle's row is below its group's count.
    let i = entry.row
    let target = c.target[i]
    let (y, v, a) = _admitted(y: c.y[i], v: c.v[i], a: a, target: target, bound: _groups[g].motionBound)
    _rewrite(group: g, index: i, clock: c.clock[i], y: y, v: v, target: target, a: a)
  }

  /// Retargets `channels[k]` to `targets[k]` and moves it to `group`, as
  /// ``retarget(_:to:group:)``, except that a channel with `startingAtRest[k]` true starts from
  /// rest (velocity 0; its position is kept), as ``retarget(_:to:velocity:group:)`` with velocity
  /// 0 does: SwiftUI's spring merge reads the interrupted animation's velocity, and some report
  /// none (a Bézier curve, a combination). Pairs that would throw are skipped and counted
  /// (returned); `k` runs below the shortest of the three buffers. Each channel ends in the
  /// state the per-channel call gives it, bit for bit, at the cost of one handle look-up and the
  /// group look-ups shared over runs of channels from one group.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func retarget(
    _ channels: UnsafeBufferPointer<BatchChannel>, to targets: UnsafeBufferPointer<Scalar>, group: BatchGroup,
    startingAtRest: UnsafeBufferPointer<Bool>
  ) -> Int {
    retarget(channels, to: targets, group: group, startingAtRest: startingAtRest, presented: nil)
  }
}

extension BatchEngine {
  /// ``retarget(_:to:group:startingAtRest:)`` (no channel starting at rest when `startingAtRest`
  /// is nil; the public call is this one with `presented` nil) that also writes each retargeted
  /// channel's presented value into `presented[k]` when `presented` is given: its
  /// new target plus the displacement stored, what ``readValues(of:into:fallback:)`` reads right
  /// after (a retarget ends any combination). Entries of rejected pairs are left as they were;
  /// returns the number of rejected pairs. For an embedder that mirrors the values it retargets
  /// (a scene's quads): one handle look-up per channel instead of two. `presented` must hold as
  /// many elements as the pairs retargeted.
  ///
  /// `keepingSettled`: a settled channel (at rest on its target, no combination record) whose
  /// target does not change (the same bits) is left as it is: in its group instead of moving to
  /// `group`, and unwritten when it is in `group` already. Nothing observable differs: a move or
  /// a rewrite would leave it at rest on the same target (its force, where the destination
  /// stores one, is the interrupted spring's at rest, which every later retarget computes the
  /// same way from either group; its clocks are read only while it moves, and rewritten when it
  /// starts to), and a settled channel is never stepped. A move costs two row copies and two
  /// handle-table writes; a scene's reflow retargets many resting lanes (the sizes of cards that
  /// only move) along with the moving ones, and a fade one lane of a quad of four.
  ///
  /// `hints`, when given: entry `k / 4` gets what SwiftUI's termination rule reads of lanes
  /// `4·(k / 4) ..< 4·(k / 4) + 4` (a quad's; ``_SettleHint``), from the states just written
  /// (an entry whose quad has a rejected pair is not bounded). An embedder that tests the rule
  /// right after a merge skips the test (two handle look-ups per lane) when the hint rules it
  /// out. `hints` must hold `(n + 3) / 4` entries for `n` pairs.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  package func retarget(
    _ channels: UnsafeBufferPointer<BatchChannel>, to targets: UnsafeBufferPointer<Scalar>, group: BatchGroup,
    startingAtRest: UnsafeBufferPointer<Bool>?, presented: UnsafeMutablePointer<Scalar>?,
    keepingSettled: Bool = false, hints: UnsafeMutablePointer<_SettleHint>? = nil
  ) -> Int {
    // Safety: the caller's buffers must be valid for their counts, `presented` (when given) for
    // `n` elements and `hints` for `(n + 3) / 4`; only `k` below all of them (and `k / 4`) is
    // used, and positions come from the slot tables of live handles.
    let n = Swift.min(channels.count, targets.count, startingAtRest?.count ?? Int.max)
    guard _groups.indices.contains(group.index) else {
      if let hints { for j in 0..<(n + 3) / 4 { hints[j] = _SettleHint(bounded: false, fast: false) } }
      return n
    }
    let d = group.index
    let destination = _groups[d].columns
    let bound = _groups[d].motionBound
    var reserved = false
    var source = _MoveSource?.none
    var rejected = 0
    // The hint of the quad being written (lanes `4j ..< 4j + 4`), stored at its last lane.
    var hint = _SettleHint(bounded: true, fast: false)
    // What the end rule reads of the destination's rows, when hints are asked for: only its kind
    // and spring quotients are used (the row pointers and active count it also holds go stale as
    // rows are written).
    let rule = hints == nil ? nil : _settleRow(d)
    for k in 0..<n {
      defer {
        if let hints, k & 3 == 3 || k == n - 1 {
          hints[k >> 2] = hint
          hint = _SettleHint(bounded: true, fast: false)
        }
      }
      let h = channels[k]
      let s = Int(h.index)
      guard let e = _live(h), targets[k].isFinite else {
        rejected += 1
        hint.bounded = false
        continue
      }
      let velocity: Scalar? = startingAtRest.map { $0[k] } == true ? 0 : nil
      let g = Int(e.group)
      /// Whether the channel rests (settled range) on this very target in columns `c` without a
      /// combination: kept as it is, in its own group — rewriting it would write the same
      /// displacement, velocity and force (all 0) and the clocks a resting row does not read.
      /// Then its presented value is reported. A fade retargets one lane of four (the rest hold
      /// their targets) and wrote all four.
      @inline(__always)
      func keeps(_ c: _BatchColumns<Scalar>) -> Bool {
        guard keepingSettled else { return false }
        // Safety: `e.row` is a live position of `c`, the channel's group's columns (below its
        // count).
        let kept = c.target[e.row]
        guard e.row >= c.activeCount, kept == targets[k], kept.sign == targets[k].sign,
          _combinationRecord(slot: s) == nil
        else { return false }
        presented?[k] = kept + c.y[e.row]
        return true
      }
      if g == d {
        if keeps(destination) { continue }
        let written = _retargetInPlace(
          destination, group: d, bound: bound, index: e.row, clock: group._clock, to: targets[k],
          velocity: velocity)
        presented?[k] = written.value
        rule?.note(written, hasAcceleration: destination.hasAcceleration, in: &hint)
        continue
      }
      if source?.group != g {
        source = _moveSource(g, into: destination)
      }
      if keeps(source.unsafelyUnwrapped.columns) { continue }
      if !reserved {
        _reserve(destination, destination.count + n - k)
        reserved = true
      }
      let written = _move(
        slot: s, index: e.row, from: source!, to: d, clock: group._clock, columns: destination, bound: bound,
        target: targets[k], velocity: velocity)
      presented?[k] = written.value
      rule?.note(written, hasAcceleration: destination.hasAcceleration, in: &hint)
    }
    return rejected
  }

  /// ``addChannels(to:values:targets:velocities:into:)`` that also writes each added channel's
  /// presented value into `presented[k]` (its target plus the displacement stored, what
  /// ``readValues(of:into:fallback:)`` reads right after: the value itself unless no
  /// representable displacement reproduces it). A rejected call throws before writing anything.
  /// `presented` must hold as many elements as the channels added.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules. Embedded Swift
    // specialises everything anyway, and its -Onone pipeline crashes on the attribute.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func addChannels(
    to group: BatchGroup, values: UnsafeBufferPointer<Scalar>, targets: UnsafeBufferPointer<Scalar>,
    velocities: UnsafeBufferPointer<Scalar>, into handles: UnsafeMutableBufferPointer<BatchChannel>,
    presented: UnsafeMutablePointer<Scalar>
  ) throws(BatchError) {
    try _addChannels(
      to: group, values: values, targets: targets, velocities: velocities, into: handles, presented: presented
    )
  }
}
