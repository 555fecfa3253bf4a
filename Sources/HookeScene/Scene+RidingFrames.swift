import Hooke
import HookeAnimation

// Riding frames. A matched group's source matched on its whole frame (`.frame`, the default) is
// drawn at the group's shared frame, which the group animates towards the source's frame with
// the transaction's animation — the same motion the element's own frame channel would make, in
// the anchor-and-size lanes of `MatchedGeometryFrame` instead of its edges. While the element
// stays the source its own frame cannot be seen, so it does not animate: it rides the shared
// frame, resting on the model of the last transaction. When it could be seen again (another
// source takes the group, the element is updated or removed, or an animation it cannot share
// arrives) its motion is rebuilt from the shared frame's — a spring's state mapped by the same
// linear map is that spring's state (see `_materializeOwnFrame`) — so that every later retarget
// starts from what the row showed. A reflow of N matched elements then retargets and steps four
// channels per element instead of eight.

extension Scene {
  /// Whether the frame change just stored for slot `s` — a member of group `g` whose model frame
  /// was `current` — leaves the own frame riding the shared frame (nothing to retarget: the
  /// group's resolve moves the shared frame and rests the own frame on the new model).
  ///
  /// A riding frame keeps riding while the transaction's animation is one it can share
  /// (``_sharesMotion(_:_:group:to:anchor:batchGroup:)``); otherwise it is rebuilt first, and the
  /// caller retargets it as any frame. A frame starts riding when its element is the group's source,
  /// matched on its whole frame, and both frames rest on the same model (own at `current`, the
  /// shared frame at its matched frame, bit for bit): from there the two would move in step.
  func _ridesSharedFrame(
    _ s: Int, group g: Int, was current: Rect, tx: SceneTransaction, t: Double, batchGroup: inout BatchGroup??
  ) -> Bool {
    guard let f = _fast else { return false }
    // Safety: callers pass a live slot `s` (below `_records.count`) and its group `g` (below
    // `_groups.count`); each buffer is only read while bound, and released before a record is
    // written. `b[g].shared` is unwrapped only after the `case .some` test.
    // Field reads through the buffers: copying the element, its matched geometry or the group
    // retains their attachments and members.
    let (frame, match, rides) = _records.withUnsafeBufferPointer {
      ($0[s].element.frame, $0[s].element.match, $0[s].ridesShared)
    }
    let anchor = _attachments.matches.read(match, { $0.anchor }) ?? .center
    if rides {
      if _sharesMotion(tx, f, group: g, to: frame, anchor: anchor, batchGroup: &batchGroup) { return true }
      _materializeOwnFrame(s, tx: tx, applyingChange: false, t: t)
      return false
    }
    let id = _records.withUnsafeBufferPointer { $0[s].element.id }
    let wholeFrame = _attachments.matches.read(match, { $0.properties.isSuperset(of: .frame) }) == true
    let isSource = _groups.withUnsafeBufferPointer { $0[g].source == id }
    guard wholeFrame, isSource else { return false }
    // The channels read in place (returning a channel from the buffer copied it, retaining its
    // animator box).
    guard let own = _records.withUnsafeBufferPointer({ _restingValue($0[s].frame, f) }),
      own.isIdentical(to: current._q)
    else { return false }
    guard
      let shared = _groups.withUnsafeBufferPointer({ b -> _Quad? in
        guard case .some = b[g].shared else { return nil }
        return _restingValue(b[g].shared.unsafelyUnwrapped, f)
      }),
      shared.isIdentical(to: Self._matchedLanes(current, anchor: anchor))
    else { return false }
    guard _sharesMotion(tx, f, group: g, to: frame, anchor: anchor, batchGroup: &batchGroup) else {
      return false
    }
    if _records.withUnsafeBufferPointer({ $0[s].frame._lo >= 0 }) {
      // Settled on the batch: its channels are freed, the frame rests off it.
      _records[s].frame.release(f)
      _records[s].frame._general = _Channel(current._q, time: t)
    }
    _records[s].ridesShared = true
    _riders += 1
    _restOwnFrameRow(s, on: current._q)
    return true
  }

  /// Whether a riding frame of group `g`, matched at `anchor`, can leave this transaction's
  /// change to `frame` to the shared frame: the transaction animates with a spring on the batch
  /// (a merge: the state the own frame would reach is the shared frame's, mapped), or changes
  /// without animation while the shared frame rests (both jump). Timing curves (which combine),
  /// animations off the batch and values too large for it rebuild the own frame first.
  /// `f` is the fast path (the caller's binding: binding `_fast` again retained it per call).
  func _sharesMotion(
    _ tx: SceneTransaction, _ f: _FastPath, group g: Int, to frame: Rect, anchor: UnitPoint,
    batchGroup: inout BatchGroup??
  ) -> Bool {
    guard _Quad._batchable(frame._q), _Quad._batchable(Self._matchedLanes(frame, anchor: anchor)) else {
      return false
    }
    if tx._isAnimated {
      guard let group = _batchGroup(tx, &batchGroup) else { return false }
      return f._kind(group.index) == .mergesWithVelocity
    }
    // The shared frame's batch quad and general channel read in place (binding the channel
    // copied it). Safety: callers pass a group below `_groups.count`; the buffer is only read.
    return !_groups.withUnsafeBufferPointer { $0[g].shared?.isAnimating(f) ?? false }
  }

  /// Rests riding slot `s`'s own frame on its element's model (the group's resolve, when `s`
  /// stays the source): the frame a later rebuild retargets from. A riding frame is never on the
  /// batch (it leaves it when the ride starts, and only a rebuild puts it back).
  func _rideOn(_ s: Int) {
    // In place through the buffer: a subscript write checks the table's uniqueness per field.
    // Safety: callers pass a live slot, below `_records.count`; the closure reaches the table only
    // through `$0`.
    let model = _records.withUnsafeMutableBufferPointer {
      let model = $0[s].element.frame._q
      $0[s].frame._general.jumpIdle(to: model)
      return model
    }
    _restOwnFrameRow(s, on: model)
  }

  /// Ends slot `s`'s ride (nothing when it does not ride): its own frame takes the motion of
  /// the shared frame as presented now, mapped from anchor and size back to edges —
  /// `x = anchorX − anchor.x·width` for the position lanes, the size lanes as they are — for its
  /// displacement, velocity and (SwiftUI-model springs) force, in the shared frame's batch group
  /// with its animation's beginning and SwiftUI interval, towards the model it rests on; at rest
  /// when the shared frame rests. Linear maps of a spring's state evolve as that spring, so the
  /// own frame goes on as it would have had it animated beside the shared frame (to rounding).
  /// With `applyingChange`, a frame change transaction `tx` left to the shared frame is then
  /// applied as `_setFrame` applies one. Cost: O(1), four channels added.
  func _materializeOwnFrame(_ s: Int, tx: SceneTransaction, applyingChange: Bool = true, t: Double) {
    // Safety: callers pass a live slot, below `_records.count`, whose group (when it has one) is
    // below `_groups.count`; each buffer is only read while bound, and released before a write.
    guard _riders > 0, _records.withUnsafeBufferPointer({ $0[s].ridesShared }) else { return }
    _records[s].ridesShared = false
    _riders -= 1
    guard let f = _fast else { return }
    let old = _records.withUnsafeBufferPointer { $0[s].frame._general.value }
    let (group, match) = _records.withUnsafeBufferPointer { ($0[s].group, $0[s].element.match) }
    let anchor = _attachments.matches.read(match, { $0.anchor }) ?? .center
    if let g = group, let q = _groups.withUnsafeBufferPointer({ $0[g].shared?._lo }), q >= 0,
      f.isAnimating(Int(q)), let mirrored = f.addMirroredQuad(of: Int(q), anchor: anchor, target: old)
    {
      _records[s].frame._lo = Int32(mirrored)
      _records[s].frame._general = _Channel(old, time: t)
    }
    let model = _records.withUnsafeBufferPointer { $0[s].element.frame._q }
    if applyingChange && !model.isIdentical(to: old) {
      var cache: BatchGroup?? = .none
      _retargetOwnFrame(s, to: model, tx: tx, t: t, batchGroup: &cache)
    } else {
      _refreshOwnFrameRow(s)
    }
  }

  /// Slot `s`'s compact row with its own frame resting on `model` off the batch (its row is the
  /// shared frame's: nothing to re-derive).
  func _restOwnFrameRow(_ s: Int, on model: _Quad) {
    guard s < _hot.count else { return _hotDirty.append(s) }
    // Safety: `s < _hot.count` (checked above); the closure reaches the table only through `$0`.
    _hot.withUnsafeMutableBufferPointer {
      $0[s].quad = -1
      $0[s].frame = model
    }
  }

  /// The value `channel` rests on — idle, or settled on the batch — or nil while it moves.
  func _restingValue(_ channel: _FrameChannel, _ f: _FastPath) -> _Quad? {
    if channel.isIdle { return channel._general.value }
    guard channel._lo >= 0, !f.isAnimating(Int(channel._lo)) else { return nil }
    return f.value(Int(channel._lo))
  }

  /// The shared-frame lanes (anchor x, anchor y, width, height) of a source whose frame is
  /// `frame`, matched at `anchor` — what `_resolve` retargets the shared frame to.
  static func _matchedLanes(_ frame: Rect, anchor: UnitPoint) -> _Quad {
    let m = MatchedGeometryFrame(frame: frame, anchor: anchor)
    return _Quad(m.anchorPosition.x, m.anchorPosition.y, m.size.width, m.size.height)
  }
}

extension _FastPath {
  /// Adds a quad continuing quad `q`'s motion mapped from a matched group's lanes (anchor x,
  /// anchor y, width, height at `anchor`) to a frame's (min x, min y, width, height), towards
  /// `target`: its value is the frame `MatchedGeometryFrame.rect(anchor:)` gives for `q`'s
  /// value (the row a member shows), its velocity, force and SwiftUI interval the same map of
  /// `q`'s (`x = ax − anchor.x·w`, linear), in the batch group of `q`'s moving lanes with `q`'s
  /// beginning. Nil when `q` does not move, when a lane runs a combination, or when the engine
  /// rejects the values.
  func addMirroredQuad(of q: Int, anchor: UnitPoint, target: _Quad) -> Int? {
    let value = self.value(q)
    var group: BatchGroup?
    var velocity = SIMD4<Double>()
    var force = SIMD4<Double>()
    for k in 0..<4 {
      let h = handles[4 * q + k]
      guard let (v, a) = engine._velocityAndForce(of: h) else { return nil }
      velocity[k] = v
      force[k] = a
      if group == nil, engine.isSettled(h) == false { group = engine.group(of: h) }
    }
    guard let group else { return nil }
    func edges(_ l: _Quad) -> _Quad { _Quad(l.a - anchor.x * l.c, l.b - anchor.y * l.d, l.c, l.d) }
    let frame = MatchedGeometryFrame(
      anchorPosition: Point(x: value.a, y: value.b), size: Size(width: value.c, height: value.d)
    ).rect(anchor: anchor)
    let forces = edges(_Quad(force))
    guard
      let mirrored = addQuad(
        group, value: frame._q, target: target, velocity: edges(_Quad(velocity)), begin: quadBegin[q],
        interval: edges(_Quad(settleQuads[q].interval)))
    else { return nil }
    for k in 0..<4 where forces.lane(k) != 0 { engine._setForce(handles[4 * mirrored + k], forces.lane(k)) }
    return mirrored
  }
}
