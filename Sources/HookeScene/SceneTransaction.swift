import Hooke
import HookeAnimation

/// The changes of one transaction, recorded by the body of ``Scene/withAnimation(_:at:_:)`` and
/// applied in order when the body returns.
public struct SceneTransaction {
  /// The transaction's animation (`nil`: not animated).
  public let animation: Animation?
  // No case carries a reference: the list of changes is then trivially copyable, so that
  // reading a change, and freeing the list, runs no value witness (a destroy and an outlined
  // copy per change had cost about 65 instructions each, 4 % of a keyframes frame's
  // instructions). An insertion's element waits in `_inserted`; the changes that hold memory of their
  // own (a closure, a replacement element, a container, a grid) wait in `_boxed`.
  enum _Op {
    /// Inserts the element at this index of ``SceneTransaction/_inserted``.
    case insert(Int)
    case remove(ElementID)
    case setFrame(ElementID, Rect)
    /// The container half of ``SceneTransaction/setFrame(_:_:in:)``, recorded after its frame
    /// change: one op of an id and a frame plus a container made every op 8 bytes larger, and
    /// copying them cost 2.6 % more instructions over a keyframes run.
    case setElementContainer(ElementID, ContainerID)
    case setOpacity(ElementID, Double)
    case removeGrid(GridID)
    /// The change at this index of ``SceneTransaction/_boxed``.
    case boxed(Int)
  }
  /// A change that holds memory of its own. No case carries an Element inline: an entry costs
  /// 32 bytes instead of an inline Element (360 bytes) each. An update (an id and a closure)
  /// fits inline: boxing it cost an allocation per change.
  enum _BoxedOp {
    case update(ElementID, (inout Element) -> Void)
    indirect case replace(Element)
    indirect case container(Container)
    indirect case insertGrid(ElementGrid)
    case updateGrid(GridID, (inout ElementGrid) -> Void)
    /// A change already applied and let go of (``Scene/_apply(_:at:releasingChanges:)``).
    case released
  }
  var _ops: [_Op] = []
  var _boxed: [_BoxedOp] = []
  /// Records a change that holds memory of its own.
  mutating func _appendBoxed(_ op: _BoxedOp) {
    _ops.append(.boxed(_boxed.count))
    _boxed.append(op)
  }
  /// `animation != nil`, read once: testing the optional existential per op goes through its
  /// value witnesses (a few hundred instructions per unanimated frame change).
  let _isAnimated: Bool
  /// Recorded changes that read or write an element's record (insert, remove, set-frame, update
  /// and replace): a bulk transaction reads what they touch ahead in blocks
  /// (``Scene/_warmRecords(_:_:animated:inserted:matches:)``).
  var _recordChanges = 0
  /// The inserted elements, as a scene record holds them (their attachments in
  /// ``_insertedAttachments``): a bulk insertion holds 152 bytes per element until it is applied,
  /// plus the attachments it has, where a boxed `Element` per change held 376.
  var _inserted = _InsertedElements()
  var _insertedAttachments = _AttachmentColumns()

  init(animation: Animation?) {
    self.animation = animation
    _isAnimated = animation != nil
  }
  /// The same changes without an animation (``Scene`` applies a transaction whose animation would
  /// never end this way).
  func _unanimated() -> SceneTransaction {
    var copy = SceneTransaction(animation: nil)
    copy._ops = _ops
    copy._boxed = _boxed
    copy._inserted = _inserted
    copy._insertedAttachments = _insertedAttachments
    copy._recordChanges = _recordChanges
    return copy
  }

  /// Inserts `element` (runs its insertion transition).
  public mutating func insert(_ element: Element) {
    _ops.append(.insert(_inserted.count))
    _inserted.append(_insertedAttachments.store(element))
    _recordChanges += 1
  }
  /// Inserts each element.
  public mutating func insert(contentsOf elements: [Element]) {
    for e in elements {
      _ops.append(.insert(_inserted.count))
      _inserted.append(_insertedAttachments.store(e))
    }
    _recordChanges += elements.count
  }
  /// Removes `id` (runs its removal transition; it leaves when its animations end).
  public mutating func remove(_ id: ElementID) {
    _ops.append(.remove(id))
    _recordChanges += 1
  }
  /// Changes element `id` with `body` (frame, style, attachments; `id` itself is kept).
  public mutating func update(_ id: ElementID, _ body: @escaping (inout Element) -> Void) {
    _appendBoxed(.update(id, body))
    _recordChanges += 1
  }
  /// Replaces the element with `element.id` by `element`.
  public mutating func replace(_ element: Element) {
    _appendBoxed(.replace(element))
    _recordChanges += 1
  }
  /// Moves element `id` to `frame` (no closure: the cheap path for bulk retargets).
  public mutating func setFrame(_ id: ElementID, _ frame: Rect) {
    _ops.append(.setFrame(id, frame))
    _recordChanges += 1
  }
  /// Moves element `id` to `frame` inside `container`: the same change as
  /// `update(id) { $0.frame = frame; $0.container = container }` (an unknown container reads as
  /// the root and is reported; a non-finite frame is reported and the frame kept), without a
  /// closure or a copy of the element — the cheap path for moving many elements between
  /// containers (items exchanged between two lists). Allocation-free beyond the op itself.
  public mutating func setFrame(_ id: ElementID, _ frame: Rect, in container: ContainerID) {
    _ops.append(.setFrame(id, frame))
    _ops.append(.setElementContainer(id, container))
    _recordChanges += 1
  }
  /// Sets element `id`'s opacity: the same change as `update(id) { $0.opacity = opacity }`
  /// (a non-finite opacity reads as 1 and is reported), without a closure or a copy of the
  /// element — the cheap path for fading many elements at once.
  public mutating func setOpacity(_ id: ElementID, _ opacity: Double) {
    _ops.append(.setOpacity(id, opacity))
  }
  /// Adds or changes a container (its clip, z-index, parent).
  public mutating func setContainer(_ container: Container) {
    _appendBoxed(.container(container))
  }
  /// Reserves room for `n` changes (a hint: clamped to 0…2²⁴, so an absurd count cannot trap
  /// allocating; more changes than reserved still fit).
  public mutating func reserveCapacity(_ n: Int) {
    _ops.reserveCapacity(Swift.min(Swift.max(n, 0), 1 << 24))
  }
}

extension Scene {
  /// Applies the changes recorded by `body` at `time`, animated with `animation` (SwiftUI's
  /// `withAnimation`), and returns the diagnostics.
  ///
  /// Memory: each change is let go of as soon as it is applied (an inserted element is then held
  /// by the scene alone, an ``SceneTransaction/update(_:_:)`` closure is released), unless `body`
  /// kept a copy of the transaction. ``apply(_:at:)`` leaves its argument untouched.
  @discardableResult
  public func withAnimation(
    _ animation: Animation? = .default, at time: Double, _ body: (inout SceneTransaction) -> Void
  ) -> TransactionResult {
    var tx = SceneTransaction(animation: animation)
    body(&tx)
    return _apply(consume tx, at: time, releasingChanges: true)
  }

  /// Applies the changes recorded by `body` at `time` without animation.
  @discardableResult
  public func withoutAnimation(at time: Double, _ body: (inout SceneTransaction) -> Void)
    -> TransactionResult
  {
    withAnimation(nil, at: time, body)
  }

  /// Applies a recorded transaction at `time`; see the type's documentation for the rules.
  @discardableResult
  public func apply(_ transaction: SceneTransaction, at time: Double) -> TransactionResult {
    _apply(transaction, at: time, releasingChanges: false)
  }

  /// ``apply(_:at:)``; with `releasingChanges`, for a transaction nothing else holds (the one
  /// ``withAnimation(_:at:_:)`` records), each change that holds memory of its own (a replaced
  /// element's box, an update's closure) is dropped from the transaction once it is applied.
  /// Inserted elements wait in one array of 152 bytes each, plus the attachments they have
  /// (`_inserted`), until the transaction ends: a bulk insertion's peak memory is the scene's plus
  /// that, where a boxed `Element` per insertion (376 bytes, all resident when the application
  /// starts) added more than twice as much. When a copy of the transaction survives (a `body` that
  /// stored one), the first drop copies the list of those changes (32 bytes each) and nothing is
  /// released early; the outcome is the same either way.
  func _apply(_ transaction: consuming SceneTransaction, at time: Double, releasingChanges: Bool)
    -> TransactionResult
  {
    var result = TransactionResult()
    var bounded = _bounded(consume transaction, result: &result)
    // The changes and the boxed ones, taken out of the transaction (the callees read only its
    // animation and counts), so that letting go of a boxed one below finds its list unshared.
    let ops = bounded._ops
    bounded._ops = []
    var boxed = bounded._boxed
    bounded._boxed = []
    // The inserted elements' attachments, taken out as well when nothing else holds the
    // transaction: each insertion then moves its element's attachments out of them and into the
    // scene's columns (`_AttachmentColumns.take`, `store(taking:)`) instead of copying them
    // twice, each copy of a matched geometry or a transition a few hundred instructions.
    var insertedAttachments = bounded._insertedAttachments
    if releasingChanges { bounded._insertedAttachments = _AttachmentColumns() }
    // Immutable from here: the per-change callees borrow it. (Passed from a `var`, each call
    // copied the whole transaction, about forty instructions per change.)
    let tx = bounded
    let t = _clock(time)
    _fast?.refresh(to: t, markLimit: _incrementalRowLimit)
    // Empty groups are swept here, before the transaction looks any group up, and never in a
    // frame: a sweep allocates (replaced groups, rebuilt tables), and only transactions add groups.
    _fast?.recycleEmptyGroupsIfDue()
    // The changes move their quads into the transaction's group (an element's frame and its
    // matched group's shared frame, its style's two quads, an inserted or removed element's
    // transition effect: up to two quads each): its storage grows once rather than by doubling
    // into fresh memory while they arrive. Counted per op (a container op counts too): an
    // overestimate reserves address space, not resident memory.
    _fast?.reserve(channels: ops.count > 64 ? 8 * ops.count : 0)
    // Frame merges are deferred and applied together (`_FastPath.flushMerges()`) after the ops
    // and after the resolves; anything that reads a deferred quad before flushes them first.
    _fast?._merges.reserve(2 * ops.count)
    _fast?.deferringMerges = true
    defer {
      _fast?.deferringMerges = false
      _fast?.flushMerges()
      _fast?.reserve(channels: 0)
      _fast?._resetAnimationBegan()
    }
    // The transaction's batch group, looked up at its first use and then reused (`.none`: not
    // looked up yet; looking it up creates the group, which must not happen before a frame
    // actually uses it: a SwiftUI-model group's substep clock starts at its creation).
    var txGroup: BatchGroup?? = .none
    var txStyleGroup: BatchGroup?? = .none
    var dirtyGroups: [Int] = []
    var zoomInserted: [Int] = []
    var leaveNow: [Int] = []
    // Bulk insertions: grow the tables once instead of by doubling (each doubling copies every
    // record), with a quarter of headroom: a scene that inserted many elements at once goes on
    // inserting a few (details, overlays) before its removals free slots, and doubling a table of
    // 100,000 records in one of those frames copies tens of megabytes.
    // Each insertion recorded one element in `_inserted` (counted there: a pass over the list
    // of changes to count them read every change of a bulk frame change once more, 48 bytes
    // each, a few per cent of a keyframes frame at 250,000 elements).
    let inserts = tx._inserted.count
    if inserts > 64 {
      let headroom = inserts / 4
      if _records.capacity < _records.count + inserts {
        _records.reserveCapacity(_records.count + inserts + headroom)
        _liveSlots.reserveCapacity(_records.count + inserts + headroom)
        _hot.reserveCapacity(_records.count + inserts + headroom)
        _rowStamp.reserveCapacity(_records.count + inserts + headroom)
      }
      _slots.reserveCapacity(_slots.count + inserts)
      _order.reserveCapacity(_order.count + inserts + headroom)
      if _groups.capacity < _groups.count + inserts {
        _groups.reserveCapacity(_groups.count + inserts + headroom)
        _groupHot.reserveCapacity(_groups.count + inserts + headroom)
        _groupStamp.reserveCapacity(_groups.count + inserts + headroom)
      }
      _groupIndex.reserveCapacity(_groupIndex.count + inserts + headroom)
      dirtyGroups.reserveCapacity(inserts)
    }
    var warmed = 0  // ops before this index have been read ahead (`_warmRecords`)
    // Blocks left to the hardware prefetcher before the stream is tested again: a block of
    // frame changes in ascending slot order is not read ahead (`_warmRecords`), and the next
    // blocks of such a stream (a layout pass, a keyframe driver) most likely ascend too, so only
    // every eighth is tested. Finding that out cost a slot look-up and a test per change, about
    // 45 instructions, for nothing. A stream that stops ascending is read ahead again from the
    // next tested block on.
    var untested = 0
    for k in ops.indices {
      if k == warmed, tx._recordChanges > Self._warmBlock {
        warmed = Swift.min(k + Self._warmBlock, ops.count)
        if untested > 0 {
          untested -= 1
        } else if _warmRecords(
          ops, k..<warmed, animated: tx._isAnimated, inserted: tx._inserted,
          matches: insertedAttachments.matches)
        {
          untested = Self._untestedAscendingBlocks
        }
      }
      switch ops[k] {
      case .insert(let i):
        let stored = tx._inserted[i]
        let element =
          releasingChanges ? insertedAttachments.take(stored) : insertedAttachments.element(stored)
        _insert(consume element, tx: tx, t: t, result: &result, dirty: &dirtyGroups, zoom: &zoomInserted)
      case .remove(let id):
        _remove(id, tx: tx, t: t, result: &result, dirty: &dirtyGroups, leaveNow: &leaveNow)
      case .setFrame(let id, let frame):
        guard let s = _slots[id] else {
          result.diagnostics.append(.unknownElement(id))
          continue
        }
        _setFrame(s, frame, tx: tx, t: t, batchGroup: &txGroup, result: &result, dirty: &dirtyGroups)
      case .setElementContainer(let id, let container):
        // Its frame change, just before, reported an unknown id.
        guard let s = _slots[id] else { continue }
        _setContainer(s, container, result: &result)
      case .setOpacity(let id, let opacity):
        guard let s = _slots[id] else {
          result.diagnostics.append(.unknownElement(id))
          continue
        }
        _setOpacity(s, opacity, tx: tx, t: t, styleGroup: &txStyleGroup, result: &result, dirty: &dirtyGroups)
      case .removeGrid(let id):
        _removeGrid(id, tx: tx, t: t, result: &result)
      case .boxed(let i):
        // A change that holds memory of its own (a box, a closure) is let go of as it is
        // applied (the bound payload holds it until the case ends).
        let op = boxed[i]
        if releasingChanges { boxed[i] = .released }
        switch op {
        case .update(let id, let body):
          guard let s = _slots[id] else {
            result.diagnostics.append(.unknownElement(id))
            continue
          }
          var e = _element(s)
          body(&e)
          e.id = id
          _update(
            s, e, tx: tx, t: t, batchGroup: &txGroup, styleGroup: &txStyleGroup, result: &result,
            dirty: &dirtyGroups)
        case .replace(let e):
          guard let s = _slots[e.id] else {
            result.diagnostics.append(.unknownElement(e.id))
            continue
          }
          _update(
            s, e, tx: tx, t: t, batchGroup: &txGroup, styleGroup: &txStyleGroup, result: &result,
            dirty: &dirtyGroups)
        case .container(let c):
          guard c.id != .root else { continue }
          var c = c
          if let r = c.clipRect, !_isFinite(r) { c.clipRect = nil }
          if !c.zIndex.isFinite { c.zIndex = 0 }
          if c.parent == c.id || _containers[c.parent] == nil { c.parent = .root }
          _containers[c.id] = c
          _orderDirty = true
        case .insertGrid(let grid):
          _insertGrid(grid, tx: tx, t: t, result: &result)
        case .updateGrid(let id, let body):
          guard let g = _gridIndex[id] else {
            result.diagnostics.append(.unknownGrid(id))
            continue
          }
          var grid = _grids[g].grid
          body(&grid)
          _updateGrid(g, grid, tx: tx, t: t, result: &result)
        case .released:
          break
        }
      }
    }
    _fast?.flushMerges()
    for s in zoomInserted where _records[s].live {
      _startZoom(s, tx: tx, t: t, result: &result)
      _noteMotion(s)
    }
    // Groups and evictions in blocks, each read ahead first when there are several: what they
    // read was last read by the change that listed them, and has left the cache since when a
    // transaction makes many changes (tab-indicator at 250,000: 49 % of the resolution's samples
    // on its members' records, 36 % of the eviction's on the row map).
    _inReadAheadBlocks(dirtyGroups, readAhead: _readAheadGroups) { g in
      guard _groups[g].dirty else { return }
      _resolve(g, tx: tx, t: t, batchGroup: &txGroup, result: &result)
      _noteGroupMotion(g)
      _refreshGroupHot(g)
    }
    _fast?.flushMerges()
    _inReadAheadBlocks(leaveNow, readAhead: _readAheadEvictions) { s in
      if _records[s].live { _evict(s) }
    }
    if !leaveNow.isEmpty { _compactOrder() }
    // An eviction in a later frame notes its row here: the room grows with the slots, in the
    // transaction that added them, so that no frame without a transaction allocates.
    if _vacatedRows.capacity < _records.count {
      _vacatedRows.reserveCapacity(_records.capacity)
      _vacatedStyles.reserveCapacity(_records.capacity)
    }
    return result
  }

  /// `tx`, or a copy without its animation when that animation would run longer than
  /// ``maximumAnimationDuration`` (reported): its changes then apply at once.
  func _bounded(_ tx: SceneTransaction, result: inout TransactionResult) -> SceneTransaction {
    guard let animation = tx.animation, let duration = Self._tooLong(animation) else { return tx }
    result.diagnostics.append(.animationTooLong(element: nil, duration: duration))
    return tx._unanimated()
  }

  /// `animation`'s estimated run (``Animation/_settlingBound``) when it exceeds
  /// ``maximumAnimationDuration``, else nil (also for a run it cannot estimate).
  static func _tooLong(_ animation: Animation) -> Double? {
    guard let duration = animation._settlingBound, duration > maximumAnimationDuration else { return nil }
    return duration
  }

  /// The animation of `transition` for `direction`: its own fixed animation, else the
  /// transaction's (``AnyTransition/animation(for:transactionAnimation:)``; the transaction's is
  /// bounded by `apply` already). An own animation that would run too long is reported for element
  /// `id` and gives nil (`refused` is set): the element then changes without animation.
  func _transitionAnimation(
    _ transition: AnyTransition, _ direction: TransitionDirection, tx: SceneTransaction,
    element id: ElementID,
    refused: inout Bool, result: inout TransactionResult
  ) -> Animation? {
    guard let own = transition.fixedAnimation(for: direction) else { return tx.animation }
    guard let duration = Self._tooLong(own) else { return own }
    result.diagnostics.append(.animationTooLong(element: id, duration: duration))
    refused = true
    return nil
  }

  // MARK: - Operations

  /// Changes read ahead at a time by ``_warmRecords(_:_:animated:inserted:matches:)``.
  static var _warmBlock: Int { 16 }

  /// Blocks of changes after one found ascending
  /// (``_warmRecords(_:_:animated:inserted:matches:)`` returned `true`) that
  /// ``_apply(_:at:releasingChanges:)`` does not read ahead or test.
  static var _untestedAscendingBlocks: Int { 7 }

  /// The largest gap between the ascending slots of consecutive frame changes that
  /// ``_warmRecords(_:_:animated:inserted:matches:)`` leaves to the hardware prefetcher (a few
  /// records: a block of in-order changes that skips some elements is still a stream).
  static var _prefetchedStride: Int { 4 }

  /// How many slots or groups a read-ahead pass covers before they are worked on
  /// (``_inReadAheadBlocks(_:readAhead:_:)``).
  static var _readAheadBlock: Int { 16 }

  /// Runs `body` on each of `items` in order, in blocks of ``_readAheadBlock``, each block read
  /// ahead first by `readAhead` when `items` holds more than one block: the items' scattered
  /// loads then overlap within a block instead of each waiting for its misses in turn. Not
  /// inlined: inlined into `_apply`, it changed how the optimiser compiled the loop over the
  /// changes (keyframes +2.5 % instructions, a transaction without groups or evictions).
  @inline(never)
  func _inReadAheadBlocks(_ items: [Int], readAhead: (ArraySlice<Int>) -> Void, _ body: (Int) -> Void) {
    let block = Self._readAheadBlock
    var start = 0
    while start < items.count {
      let end = Swift.min(start + block, items.count)
      if items.count > block { readAhead(items[start..<end]) }
      for item in items[start..<end] { body(item) }
      start = end
    }
  }

  /// Reads ahead the records, compact rows and matched-geometry entries of `slots` (entries
  /// outside `0..<_records.count` are passed over), keeping the sum in `_touchSink` so that no
  /// load is dropped.
  func _readAheadSlots(_ slots: some Collection<Int>) {
    var sink = 0
    // Safety: a slot is checked against `records.count` before it is read; both tables are only
    // read, through their buffers.
    _records.withUnsafeBufferPointer { records in
      _hot.withUnsafeBufferPointer { hot in
        for s in slots where s >= 0 && s < records.count {
          sink &+= Self._touchRecordAndRow(s, records: records, hot: hot)
        }
        for s in slots where s >= 0 && s < records.count {
          sink &+= _attachments.matches.touch(records[s].element.match)
        }
      }
    }
    _touchSink ^= UInt64(truncatingIfNeeded: sink)
  }

  /// Reads ahead what resolving `groups` reads first: each group's entry, then its first member
  /// as ``_readAheadSlots(_:)`` does (groups outside `0..<_groups.count` are passed over).
  func _readAheadGroups(_ groups: ArraySlice<Int>) {
    // Safety: a group is checked against the table's count before it is read, and at most
    // `_readAheadBlock` first members are written to the block's scratch, which is read below
    // the count written. The group table is only read, through its buffer.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: Self._readAheadBlock) { first in
      var n = 0
      _groups.withUnsafeBufferPointer { table in
        for g in groups where g >= 0 && g < table.count && n < Self._readAheadBlock {
          first[n] = table[g].members.first ?? -1
          n += 1
        }
      }
      _readAheadSlots(UnsafeBufferPointer(rebasing: first[0..<n]))
    }
  }

  /// Reads ahead what evicting `slots` reads first: each slot's record and compact row, its row
  /// map entries and the order entry at its row (entries outside the tables are passed over).
  func _readAheadEvictions(_ slots: ArraySlice<Int>) {
    var sink = 0
    // Safety: a slot is checked against `records.count`, `rowOf.count` and `styleOf.count` before
    // it is read there, and a row against `order.count`. Every table is only read, through its
    // buffer.
    _records.withUnsafeBufferPointer { records in
      _hot.withUnsafeBufferPointer { hot in
        for s in slots where s >= 0 && s < records.count {
          sink &+= Self._touchRecordAndRow(s, records: records, hot: hot)
        }
      }
    }
    _rowOf.withUnsafeBufferPointer { rowOf in
      _styleOf.withUnsafeBufferPointer { styleOf in
        _order.withUnsafeBufferPointer { order in
          for s in slots where s >= 0 && s < rowOf.count && s < styleOf.count {
            let r = Int(rowOf[s])
            sink &+= Int(styleOf[s])
            if r >= 0 && r < order.count { sink &+= order[r] }
          }
        }
      }
    }
    _touchSink ^= UInt64(truncatingIfNeeded: sink)
  }

  /// Reads a byte of every cache line of slot `s`'s record and the first and last bytes of its
  /// compact row (when it has one), and returns their sum: the read-ahead of a whole slot, whose
  /// loads overlap those of the other slots read with it (see ``_warmRecords(_:_:animated:inserted:matches:)``).
  /// Precondition: `s` is below `records.count` (a live or free slot, whose record is initialised).
  @inline(__always)
  static func _touchRecordAndRow(
    _ s: Int, records: UnsafeBufferPointer<_Record>, hot: UnsafeBufferPointer<_Hot>
  ) -> Int {
    let size = MemoryLayout<_Record>.size
    let hotSize = MemoryLayout<_Hot>.size
    var sink = 0
    // Safety: the precondition's record, `size` bytes from its start, and the row of a slot below
    // `hot.count`, `hotSize` bytes; each load is a trivial type's raw load of initialised memory.
    let record = UnsafeRawPointer(records.baseAddress! + s)
    var offset = 0
    while offset < size {
      sink &+= Int(record.load(fromByteOffset: offset, as: UInt8.self))
      offset += 64
    }
    sink &+= Int(record.load(fromByteOffset: size - 1, as: UInt8.self))
    if s < hot.count {
      let row = UnsafeRawPointer(hot.baseAddress! + s)
      sink &+= Int(row.load(as: UInt8.self)) &+ Int(row.load(fromByteOffset: hotSize - 1, as: UInt8.self))
    }
    return sink
  }

  /// Reads ahead what applying the changes among `ops[range]` reads first. A bulk transaction
  /// touches elements in random order, and each change reads a chain of dependent cache misses
  /// (element → slot → record → quad → channel → row), each waiting for the one before; read
  /// here a block of changes at a time, each pass's loads are independent and overlap, and the
  /// changes then find them in cache:
  /// - a frame change: the element's slot, its record's frame channel, its quad's handles,
  ///   values and begin tick, and the batch storage of the quad's first channel — none of it
  ///   when the block's frame changes take ascending slots in short strides
  ///   (``_prefetchedStride``): the hardware prefetcher streams those records by itself;
  /// - a removal: the whole record (its flags, element, channels and group, which the removal
  ///   reads and an eviction at the end of the transaction reads again) and its compact row;
  /// - an insertion: the whole record of the free slot it takes (the next one `_free` gives:
  ///   the insertion rewrites every cache line of the record, each write waiting for its line),
  ///   that slot's compact row, the matched-geometry and transition side-column entries it
  ///   takes (`inserted` tells which it has), and the matched group it joins when that exists
  ///   and its id is an integer (`matches`, the transaction's column, has its key): as a
  ///   removal's group, below;
  /// - and for a removal, the side-column entries its eviction frees, and its matched group:
  ///   the group's entry, its members' storage, its row and its shared frame's quad (as a
  ///   frame change's), which the removal, the group's resolution and the eviction read.
  ///
  /// Reads only (the sum it stores is never used): the changes are applied as before. A wrong
  /// guess (an insertion refused, so that the next one takes its slot) costs a few reads.
  ///
  /// Returns whether the block's frame changes ascend in short strides with no removal or
  /// insertion among them (nothing was read ahead: the hardware prefetcher follows such a
  /// stream).
  @discardableResult
  func _warmRecords(
    _ ops: [SceneTransaction._Op], _ range: Range<Int>, animated: Bool, inserted: _InsertedElements,
    matches: _SideColumn<MatchedGeometry>
  ) -> Bool {
    guard let f = _fast else { return false }
    let block = range.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * block) { slots in
      // Frame changes' slots in `slots[0..<n]`, whole records' in `slots[block..<block + m]`,
      // the groups the insertions join in `slots[2 * block..<2 * block + p]`.
      var n = 0
      var m = 0
      var p = 0
      // Insertions of the block so far: each takes the last free slot (removals free theirs
      // only at the end of the transaction, and the changes before the block took theirs), and
      // the last free side-column entries of the attachments it has.
      var taken = 0
      var (matchesTaken, transitionsTaken) = (0, 0)
      var sideSink = 0
      // Whether the frame changes' slots ascend in short strides (a layout pass or a keyframe
      // driver walking its elements in order): the hardware prefetcher then follows the records
      // and the rows on its own, and reading them ahead here only adds their loads again
      // (measured: keyframes at 250,000 elements, p50 19.1 → 15.5 ms without the read-ahead).
      // Not even their quads: a read-ahead of one line per record, out of the order the changes
      // then walk the records in, cost more than the whole read-ahead saved (p50 15.1 → 19.1).
      var ascending = true
      var previous = -1
      for k in range {
        switch ops[k] {
        case .setFrame(let id, _):
          if let s = _slots[id] {
            ascending = ascending && s > previous && (previous < 0 || s - previous <= Self._prefetchedStride)
            previous = s
            slots[n] = s
            n += 1
          }
        case .remove(let id):
          if let s = _slots[id] {
            slots[block + m] = s
            m += 1
          }
        case .insert(let i):
          if taken < _free.count {
            slots[block + m] = _free[_free.count - 1 - taken]
            m += 1
          }
          taken += 1
          let (match, transition) = inserted.attachments(i)
          if match >= 0 {
            sideSink &+= _attachments.matches.touch(_attachments.matches.upcomingEntry(matchesTaken))
            matchesTaken += 1
            // The group it joins, when it exists and its id is an integer with a page (a
            // look-up of two array reads; other ids are left to the join).
            if let g = matches.pagedGroup(match, in: _groupIndex) {
              slots[2 * block + p] = g
              p += 1
            }
          }
          if transition >= 0 {
            sideSink &+= _attachments.transitions.touch(
              _attachments.transitions.upcomingEntry(transitionsTaken))
            transitionsTaken += 1
          }
        default:
          break
        }
      }
      let stream = ascending && n > 0 && m == 0 && taken == 0
      if ascending { n = 0 }
      guard n + m > 0 else {
        f._warmSink &+= sideSink
        return stream
      }
      var sink = sideSink
      // Safety: `slots[0..<n]` and `slots[block..<block + m]` are slots (live, or free ones:
      // below `_records.count`, whose records stay initialised), then quads of them (`_lo`, −1
      // for none) followed by the quads of the read groups' shared frames, which index
      // `handles` and `values` at `4q` when not negative (at most one per change, so within
      // `slots[0..<block]`, which the check repeats); `slots[2 * block..<2 * block + p]` are
      // groups, and each group read is checked against the group table's count. The
      // whole-record reads load a byte per cache line of initialised memory (a trivial type's
      // raw load).
      _records.withUnsafeBufferPointer { records in
        _hot.withUnsafeBufferPointer { hot in
          for j in block..<(block + m) {
            sink &+= Self._touchRecordAndRow(slots[j], records: records, hot: hot)
          }
          for j in 0..<n {
            let s = slots[j]
            // What `_setFrame` and `_noteMotion` read of the record (several of its cache lines).
            sink &+= records[s].element.id.rawValue &+ (records[s].group ?? 0)
            // As `_retargetOwnFrame`: an unanimated change of an idle frame (a jump) does not
            // test the slot for sampling; any other change does (`_noteMotion`).
            let jumps = !animated && records[s].frame.isIdle
            if !jumps && (records[s].inMotion || _Record.needsSampling(records.baseAddress! + s)) {
              sink &+= 1
            }
            if s < hot.count { sink &+= Int(hot[s].quad) }
            slots[j] = Int(records[s].frame._lo)
          }
          // The side-column entries the removals' evictions free (their records' lines were
          // requested above; an insertion's free slot holds none).
          for j in block..<(block + m) {
            let (match, transition) = (records[slots[j]].element.match, records[slots[j]].element.transition)
            sink &+= _attachments.matches.touch(match) &+ _attachments.transitions.touch(transition)
          }
          // The removals' matched groups (a free slot's record has none), then the groups the
          // insertions join: the removal marks its group dirty, the group's resolution
          // retargets its shared frame and re-derives its row, and the eviction takes the slot
          // out of its members. Each reads the group's entry, its members' storage and its row;
          // the shared frame's quad joins the frame changes' quads, whose batch state is read
          // below (at most one quad per change, so they fit in `slots[0..<block]`).
          _groups.withUnsafeBufferPointer { groups in
            _groupHot.withUnsafeBufferPointer { groupHot in
              @inline(__always)
              func touch(_ g: Int) {
                guard g >= 0 && g < groups.count else { return }
                sink &+= groups[g].members.count &+ (groups[g].dirty ? 1 : 0)
                if g < groupHot.count { sink &+= Int(groupHot[g].quad) }
                let q = groups[g].shared?._lo ?? -1
                if q >= 0 && n < block {
                  slots[n] = Int(q)
                  n += 1
                }
              }
              for j in block..<(block + m) { touch(Int(records[slots[j]]._group)) }
              for j in (2 * block)..<(2 * block + p) { touch(slots[j]) }
            }
          }
        }
      }
      f.handles.withUnsafeBufferPointer { handles in
        f.values.withUnsafeBufferPointer { values in
          f.quadBegin.withUnsafeBufferPointer { begin in
            for j in 0..<n where slots[j] >= 0 {
              let q = slots[j]
              sink &+= Int(truncatingIfNeeded: values[4 * q].bitPattern) &+ Int(begin[q])
              slots[j] = Int(handles[4 * q].index) << 32 | Int(handles[4 * q].generation)
            }
          }
        }
      }
      let engine = f.engine
      for j in 0..<n where slots[j] >= 0 {
        let h = BatchChannel(
          index: UInt32(truncatingIfNeeded: slots[j] >> 32), generation: UInt32(truncatingIfNeeded: slots[j]))
        sink &+= Int(truncatingIfNeeded: (engine.value(of: h) ?? 0).bitPattern)
      }
      f._warmSink = sink
      return false
    }
  }

  /// The fast path's group for the transaction's animation — of frames, or with `style` of
  /// styles and transition effects — looked up at its first use in the transaction and then
  /// taken from `cache` (comparing animations is an existential call per op otherwise).
  func _batchGroup(_ tx: SceneTransaction, style: Bool = false, _ cache: inout BatchGroup??) -> BatchGroup? {
    if case .some(let g) = cache { return g }
    let g = tx.animation.flatMap { style ? _fast?.styleGroup(for: $0) : _fast?.group(for: $0) }
    cache = .some(g)
    return g
  }

  func _isFinite(_ r: Rect) -> Bool {
    r.origin.x.isFinite && r.origin.y.isFinite && r.size.width.isFinite && r.size.height.isFinite
  }

  /// Sanitises `e` (see ``Element``), reporting what was fixed. `previous` is the frame kept
  /// for a non-finite one.
  ///
  /// In place: an element is 360 bytes with reference-counted attachments, and a transaction
  /// sanitises every element it inserts or updates.
  func _sanitize(_ e: inout Element, previous: Rect, result: inout TransactionResult) {
    if !_isFinite(e.frame) {
      result.diagnostics.append(.invalidFrame(e.id))
      e.frame = previous
    } else if e.frame.size.width < 0 || e.frame.size.height < 0 {
      result.diagnostics.append(.negativeSize(e.id))
      e.frame = e.frame.standardized
    }
    var bad = false
    func fix(_ v: inout Double, _ d: Double) {
      if !v.isFinite {
        v = d
        bad = true
      }
    }
    fix(&e.opacity, 1)
    fix(&e.scale, 1)
    fix(&e.offset.width, 0)
    fix(&e.offset.height, 0)
    fix(&e.rotation, 0)
    fix(&e.cornerRadius, 0)
    fix(&e.blurRadius, 0)
    fix(&e.zIndex, 0)
    fix(&e.scaleAnchor.x, 0.5)
    fix(&e.scaleAnchor.y, 0.5)
    if let c = e.clipRect, !_isFinite(c) {
      e.clipRect = nil
      bad = true
    }
    if let m = e.matchedGeometry, !(m.anchor.x.isFinite && m.anchor.y.isFinite) {
      e.matchedGeometry!.anchor = .center
      bad = true
    }
    if bad { result.diagnostics.append(.invalidStyle(e.id)) }
    // A container with a dense index exists (containers are never removed): the index cache
    // answers most checks without hashing the id.
    if e.container != .root && _containerIndexCache[e.container.rawValue & 7].id != e.container
      && _containers[e.container] == nil
    {
      result.diagnostics.append(.unknownContainer(element: e.id, container: e.container))
      e.container = .root
    }
  }

  /// Checks a namespace; reports and returns `false` when the scene cannot use it.
  func _checkNamespace(_ ns: Namespace, element: ElementID, result: inout TransactionResult) -> Bool {
    if ns.sceneToken != token {
      result.diagnostics.append(.namespaceFromAnotherScene(element: element, namespace: ns))
      return false
    }
    if ns.rawValue < 0 || ns.rawValue >= _namespaceCount {
      result.diagnostics.append(.unknownNamespace(element: element, namespace: ns))
      return false
    }
    return true
  }

  func _insert(
    _ e: consuming Element, tx: SceneTransaction, t: Double, result: inout TransactionResult,
    dirty: inout [Int], zoom: inout [Int]
  ) {
    // The element is consumed (not copied), and the checks read its optional attachments field
    // by field: a copy or destruction of an `Element`, a `MatchedGeometry?` or a zoom-source
    // tuple goes through the runtime's value witnesses, a few hundred instructions each.
    if let s = _slots[e.id] {
      guard _records[s].removing else {
        result.diagnostics.append(.duplicateElementID(e.id))
        return
      }
      // Revive: animate the transition back to identity from where it is.
      _records[s].removing = false
      _sanitize(&e, previous: _records[s].element.frame, result: &result)
      var refused = false
      let anim = _transitionAnimation(
        e.effectiveTransition, .insertion, tx: tx, element: e.id, refused: &refused, result: &result)
      let identity = e.effectiveTransition.body(
        content: TransitionContent(size: e.frame.size), phase: .identity
      )._vector
      _ensureTransition(s)
      _records[s].effect.retarget(identity, animation: anim, at: t, fast: _fast)
      // A revival is rare: no per-transaction caches.
      var (frameGroup, styleGroup): (BatchGroup??, BatchGroup??) = (.none, .none)
      _update(
        s, e, tx: tx, t: t, batchGroup: &frameGroup, styleGroup: &styleGroup, result: &result, dirty: &dirty)
      if let g = _records[s].group { _markDirty(g, &dirty) }
      return
    }
    if let (g, _) = _gridCard(e.id) {
      _ = g
      result.diagnostics.append(.duplicateElementID(e.id))
      return
    }
    _sanitize(&e, previous: .zero, result: &result)
    var match: _GroupKey? = nil
    if let namespace = e.matchedGeometry?.namespace, let matchID = e.matchedGeometry?.id {
      if !_checkNamespace(namespace, element: e.id, result: &result) {
        e.matchedGeometry = nil
      } else if let (g, _) = _gridMatch(namespace, matchID) {
        result.diagnostics.append(.matchedIDOwnedByGrid(element: e.id, grid: _grids[g].grid.id))
        e.matchedGeometry = nil
      } else {
        match = _GroupKey(namespace: namespace, id: matchID)
      }
    }
    var source: _GroupKey? = nil
    if let namespace = e.transitionSource?.namespace, let matchID = e.transitionSource?.id {
      if _checkNamespace(namespace, element: e.id, result: &result) {
        source = _GroupKey(namespace: namespace, id: matchID)
      } else {
        e.transitionSource = nil
      }
    }
    if let namespace = e.navigationTransition?.namespace,
      !_checkNamespace(namespace, element: e.id, result: &result)
    {
      e.navigationTransition = nil
    }
    let size = e.frame.size
    let effective = e.effectiveTransition
    let identityContent = effective.body(content: TransitionContent(size: size), phase: .identity)
    let startContent = effective.body(content: TransitionContent(size: size), phase: .willAppear)
    // The effect rests on the identity phase's values, or animates there from the will-appear
    // phase's; a transition state holds it unless it rests on the neutral values.
    let identity = identityContent._vector
    var (resting, anchor) = (identity, identityContent.scaleAnchor)
    var insertion: Animation? = nil
    if startContent._vector != identity {
      var refused = false
      if let anim = _transitionAnimation(
        effective, .insertion, tx: tx, element: e.id, refused: &refused, result: &result)
      {
        (resting, anchor, insertion) = (startContent._vector, startContent.scaleAnchor, anim)
      } else if !refused && e.navigationTransition == nil && e.transition != nil {
        result.diagnostics.append(.transitionWithoutAnimation(element: e.id, direction: .insertion))
      }
    }
    var transition: _TransitionState? = nil
    if insertion != nil || !_TransitionState.isNeutral(resting, anchor: anchor) {
      let state = _takeTransition(effect: resting, anchor: anchor)
      if let insertion { state.effect.retarget(identity, animation: insertion, at: t, fast: _fast) }
      transition = state
    }
    // What the rest reads of the element, read before its attachments are stored.
    let (id, zooms) = (e.id, e.navigationTransition != nil)
    let (frame, style) = (e.frame._q, e._styleVector)
    let stored = _attachments.store(taking: e)
    _attachments.reserveFreeLists()
    var record = _Record(
      _transition: transition, frame: _FrameChannel(frame, time: t), element: stored, seq: _nextSeq,
      style: _OctChannel(style, time: t))
    _nextSeq += 1
    let s: Int
    if let f = _free.popLast() {
      s = f
      // The slot may still be listed in `_motion` (read through the buffer: no record copy).
      // Safety: a freed slot is below `_records.count` (the table never shrinks).
      record.inMotion = _records.withUnsafeBufferPointer { $0[s].inMotion }
      _records[s] = consume record
      _liveSlots[s] = true
    } else {
      s = _records.count
      _records.append(consume record)
      _liveSlots.append(true)
      // Frames without transactions evict (onto `_free`) and collect finished removals (into
      // `_leaving`), at most one entry per slot each: grown with the table here, in a
      // transaction, so that no frame grows them.
      if _free.capacity < _records.capacity { _free.reserveCapacity(_records.capacity) }
      if _leaving.capacity < _records.capacity { _leaving.reserveCapacity(_records.capacity) }
    }
    _slots[id] = s
    _noteSlotChange(of: id)
    // The newest element goes last among equal (container z, z) keys: when its key is not below
    // the last element's, appending keeps `_order` sorted (O(1)); otherwise it waits in the
    // unsorted tail for ``_placeOrderTail()`` (a merge, not an O(n log n) sort per inserting frame).
    // (Not while slots wait for re-placement: the last entry's key may have changed.)
    let inPlace =
      _orderSorted == _order.count && _repositioned.isEmpty
      && (_order.last.map { Self._orderKey(_orderKey(of: $0), isBelow: _orderKey(of: s)) } ?? true)
    _orderChangedFrom = Swift.min(_orderChangedFrom, _order.count)
    _order.append(s)
    if inPlace { _orderSorted = _order.count }
    _segmentsDirty = true
    if let match { _join(s, match, dirty: &dirty) }
    if let source { _zoomSources[source] = id }
    if zooms { zoom.append(s) }
    _noteMotion(s)
  }

  func _remove(
    _ id: ElementID, tx: SceneTransaction, t: Double, result: inout TransactionResult,
    dirty: inout [Int], leaveNow: inout [Int]
  ) {
    guard let s = _slots[id] else {
      result.diagnostics.append(.unknownElement(id))
      return
    }
    guard !_records[s].removing else {
      result.diagnostics.append(.alreadyRemoved(id))
      return
    }
    // The removal may read and move the own frame: a riding one takes its motion back first.
    if _riders > 0 { _materializeOwnFrame(s, tx: tx, t: t) }
    _records[s].removing = true
    _noteMotion(s)
    if let g = _records[s].group { _markDirty(g, &dirty) }
    // Safety: `s` is a live slot (from `_slots`), below `_records.count` as the checked reads
    // above confirm, so the buffers below are non-empty and `baseAddress! + s` inside them; each
    // is only read, and released before a record is written.
    let (transitionSource, size, transition) = (
      _transitionSource(s), _records.withUnsafeBufferPointer { $0[s].element.frame.size }, _transition(s)
    )
    if let z = transitionSource {
      let k = _GroupKey(namespace: z.namespace, id: z.id)
      if _zoomSources[k] == id { _zoomSources[k] = nil }
    }
    // Zoom destination: fly back to the source.
    if let srcID = _records[s].zoomSource, let src = _slots[srcID], !_records[src].removing {
      let anim = tx.animation ?? .default
      _records[src].sample(at: t)
      _hotDirty.append(src)
      let back = _presentedFrame(src)
      _records[s].frame.retarget(back._q, animation: anim, at: t, fast: _fast)
      var style = _records[s].style.target
      style[5] = _records[src].style.value(_fast)[5]
      _records[s].style.retarget(style, animation: anim, at: t, fast: _fast)
      _records[s].dimming?.retarget(0, animation: anim, at: t, fast: _fast)
      // Through the buffer (as below): the method on the array element copied the whole record,
      // retaining its transition state, per destination removed. Safety: `s` is a live slot
      // below `_records.count` (read above), so `baseAddress! + s` is inside the buffer; only read.
      if !_records.withUnsafeBufferPointer({ _Record.isAnimating($0.baseAddress! + s, _fast) }) {
        leaveNow.append(s)
      }
      return
    }
    let effective = transition ?? .opacity  // `Element.effectiveTransition`
    let end = effective.body(content: TransitionContent(size: size), phase: .didDisappear)
    let identity = effective.body(content: TransitionContent(size: size), phase: .identity)
    guard end._vector != identity._vector else {
      if !_records.withUnsafeBufferPointer({ _Record.isAnimating($0.baseAddress! + s, _fast) }) {
        leaveNow.append(s)
      }
      return
    }
    var refused = false
    guard
      let anim = _transitionAnimation(
        effective, .removal, tx: tx, element: id, refused: &refused, result: &result)
    else {
      if !refused && transition != nil {
        result.diagnostics.append(.transitionWithoutAnimation(element: id, direction: .removal))
      }
      leaveNow.append(s)
      return
    }
    _ensureTransition(s)
    _records[s].effectAnchor = end.scaleAnchor
    _records[s].effect.retarget(end._vector, animation: anim, at: t, fast: _fast)
  }

  func _setFrame(
    _ s: Int, _ frame: Rect, tx: SceneTransaction, t: Double, batchGroup: inout BatchGroup??,
    result: inout TransactionResult,
    dirty: inout [Int]
  ) {
    var f = frame
    // Read through the buffer: `_records[s].field` on this large record can copy all of it.
    // Safety: callers pass a live slot, below `_records.count`; the buffer is only read.
    let (id, current, group) = _records.withUnsafeBufferPointer {
      ($0[s].element.id, $0[s].element.frame, $0[s].group)
    }
    if !_isFinite(f) {
      result.diagnostics.append(.invalidFrame(id))
      return
    }
    if f.size.width < 0 || f.size.height < 0 {
      result.diagnostics.append(.negativeSize(id))
      f = f.standardized
    }
    guard f != current else { return }
    if !tx._isAnimated && group == nil && _jumpIdleFrame(s, to: f._q, model: f) { return }
    _records[s].element.frame = f
    // A matched source drawn at its group's shared frame: the resolve moves that one only.
    if let g = group, _ridesSharedFrame(s, group: g, was: current, tx: tx, t: t, batchGroup: &batchGroup) {
      _markDirty(g, &dirty)
      return
    }
    _retargetOwnFrame(s, to: f._q, tx: tx, t: t, batchGroup: &batchGroup)
    if let g = group { _markDirty(g, &dirty) }
  }

  /// Retargets slot `s`'s own frame to `frame` with `tx`'s animation (its batch group from the
  /// transaction's cache) and patches its compact row: what a frame change does to the own frame
  /// (``_setFrame``, and a riding frame's change once it is rebuilt).
  func _retargetOwnFrame(
    _ s: Int, to frame: _Quad, tx: SceneTransaction, t: Double, batchGroup: inout BatchGroup??
  ) {
    // An unanimated change of a frame at rest jumps (``_jumpIdleFrame``).
    if !tx._isAnimated && _jumpIdleFrame(s, to: frame, model: nil) { return }
    let batch = _batchGroup(tx, &batchGroup)
    _records[s].frame.retarget(frame, animation: tx.animation, at: t, fast: _fast, batchGroup: batch)
    _refreshOwnFrameRow(s)
  }

  /// An unanimated change of slot `s`'s own frame while it is at rest (keyframe-driven frames,
  /// layout without animation): sets the model frame to `model` when given, jumps the own frame
  /// to `frame` and patches the compact row. Nothing to merge, combine or release, and no motion
  /// starts, so the slot's listing for sampling stands (a slot that needs sampling is listed
  /// from the change that started its motion on: testing it read every channel's cache line).
  /// Returns `false`, changing nothing, when the own frame is animating or batched. One access to
  /// the record and one to the row (written field by field, each write checked the tables'
  /// uniqueness and bounds again: 2 % of a keyframes frame's instructions).
  @inline(__always)
  func _jumpIdleFrame(_ s: Int, to frame: _Quad, model: Rect?) -> Bool {
    // Safety: callers pass a live slot, below `_records.count`, and `_hot` is written only after
    // `s < _hot.count` is checked; each closure reaches its table only through its buffer.
    let value: _Quad? = _records.withUnsafeMutableBufferPointer { records in
      guard records[s].frame.isIdle else { return nil }
      if let model { records[s].element.frame = model }
      records[s].frame._general.jumpIdle(to: frame)
      return records[s].frame._general.value
    }
    guard let value else { return false }
    if s < _hot.count {
      // An idle frame has no quad (`_lo < 0`).
      _hot.withUnsafeMutableBufferPointer {
        $0[s].quad = -1
        $0[s].frame = value
      }
      _noteRowGeometry(s)
    } else {
      _hotDirty.append(s)
    }
    return true
  }

  /// Patches slot `s`'s compact row after its own frame changed (only it: no re-derivation).
  /// With `motionStarted: false` the change started no motion (a jump), and the slot's listing
  /// for sampling is left as it is. A frame batched on the same quad as before changes nothing
  /// the row reads (its rectangle comes from the quad's values, not from the target kept here):
  /// the row is not stamped, and the quad, noted moving, lists it for a rectangle rewrite. An
  /// interrupt storm retargets thousands of moving frames a frame, each of whose rows was
  /// rewritten whole.
  func _refreshOwnFrameRow(_ s: Int, motionStarted: Bool = true) {
    if motionStarted { _noteMotion(s, row: false) }
    if s < _hot.count {
      // Safety: callers pass a live slot, below `_records.count`; the buffer is only read.
      let (quad, value) = _records.withUnsafeBufferPointer { ($0[s].frame._quad, $0[s].frame._general.value) }
      let stands = quad >= 0 && _hot[s].quad == Int32(quad)
      _hot[s].quad = Int32(quad)
      _hot[s].frame = value
      _fast?.claim(quad, owner: Int32(s), frame: true)
      if !stands { _noteRowGeometry(s) }
    } else {
      _hotDirty.append(s)
    }
  }

  /// The container half of ``SceneTransaction/setFrame(_:_:in:)`` on slot `s`: what ``_update``
  /// does for an element whose container changes (the check of ``_sanitize(_:previous:result:)``,
  /// a new place in the render order, the row's clip re-derived), reading and writing the record
  /// in place.
  func _setContainer(_ s: Int, _ container: ContainerID, result: inout TransactionResult) {
    var c = container
    // Safety: callers pass a live slot, below `_records.count`; `_hot` is written only after
    // `s < _hot.count` is checked, and each closure reaches its table only through its buffer.
    let (id, current) = _records.withUnsafeBufferPointer { ($0[s].element.id, $0[s].element.container) }
    // As `_sanitize`: the index cache answers most checks without hashing the id.
    if c != .root && _containerIndexCache[c.rawValue & 7].id != c && _containers[c] == nil {
      result.diagnostics.append(.unknownContainer(element: id, container: c))
      c = .root
    }
    guard c != current else { return }
    _records[s].element.container = c
    _reposition(s)
    // Of the slot's row inputs only the container's index and the clipped flag change: set in
    // place rather than re-deriving the row from the whole record (`_refreshHot` reads several
    // of its cache lines, a miss each when a transaction moves thousands of elements). A slot
    // whose row is not derived yet, or is listed for re-derivation, is re-derived anyway.
    if s < _hot.count {
      let index = _denseContainerIndex(c)
      _hot.withUnsafeMutableBufferPointer { hot in
        hot[s].container = index
        let clipped = c != .root || hot[s].flags & _Hot.ownClip != 0
        hot[s].flags = clipped ? hot[s].flags | _Hot.clipped : hot[s].flags & ~_Hot.clipped
      }
      _noteRowInputs(s)
    } else {
      _hotDirty.append(s)
    }
  }

  /// ``SceneTransaction/setOpacity(_:_:)`` on slot `s`: what ``_update`` does for an element
  /// whose only change is its opacity (the stored element is already sanitised: only the new
  /// opacity is checked), reading and writing the record in place.
  func _setOpacity(
    _ s: Int, _ raw: Double, tx: SceneTransaction, t: Double, styleGroup: inout BatchGroup??,
    result: inout TransactionResult, dirty: inout [Int]
  ) {
    var opacity = raw
    if !opacity.isFinite {
      opacity = 1
      result.diagnostics.append(.invalidStyle(_records[s].element.id))
    }
    // Safety: callers pass a live slot, below `_records.count`; each buffer is only read, and
    // released before the record is written.
    let (oldStyle, oldOpacity) = _records.withUnsafeBufferPointer {
      (_attachments.extras.styleVector(of: $0[s].element), $0[s].element.opacity)
    }
    _records[s].element.opacity = opacity
    // The style vector's first lane is the opacity (`Element._styleVector`); the rest stands.
    var style = oldStyle
    style.lo.a = opacity
    let quads = (_records[s].style._lo, _records[s].style._hi)
    if style != oldStyle {
      _records[s].style.retarget(
        style, animation: tx.animation, at: t, fast: _fast,
        batchGroup: _batchGroup(tx, style: true, &styleGroup))
    }
    // A batched opacity that keeps its quads changes nothing the compact row holds: the row reads
    // the low lanes from the quad's values (its look holds the default look's lanes there, see
    // `_Look`), and the quad, noted moving, lists the row for the next write, which then patches
    // its opacity alone. Re-deriving the compact row (`_refreshHot`: the look
    // rebuilt and compared, the quads claimed again, the row stamped for a whole rewrite) cost
    // hero-grid about a thousand instructions per faded card.
    let rowStands = quads.0 >= 0 && quads == (_records[s].style._lo, _records[s].style._hi)
    if let g = _records[s].group, opacity != oldOpacity, _groups[g].members.count > 1 {
      _markDirty(g, &dirty)  // only the visible-members diagnostic reads opacity
    }
    // As an update: a zoom source being removed leaves the zoom source table.
    if _records[s].removing, let z = _transitionSource(s) {
      let k = _GroupKey(namespace: z.namespace, id: z.id)
      if _zoomSources[k] == _records[s].element.id { _zoomSources[k] = nil }
    }
    _noteMotion(s, row: !rowStands)
  }

  /// Applies the updated element `raw` to slot `s`: retargets what changed (frame, style), moves
  /// it in the render order, and re-files it in its matched group and zoom source table.
  ///
  /// Cost: O(1) for a style or frame change, plus the batch retarget. The stored element is read
  /// field by field and replaced once, and each attachment is compared once: copying a whole
  /// element retains every reference it holds, and comparing a matched-geometry attachment copies
  /// its id — per op, in a transaction that may update every element.
  func _update(
    _ s: Int, _ raw: consuming Element, tx: SceneTransaction, t: Double, batchGroup: inout BatchGroup??,
    styleGroup: inout BatchGroup??, result: inout TransactionResult, dirty: inout [Int]
  ) {
    // The update may change what the own frame shows: a riding one takes its motion back first.
    if _riders > 0 { _materializeOwnFrame(s, tx: tx, t: t) }
    var e = raw
    _sanitize(&e, previous: _records[s].element.frame, result: &result)
    e.id = _records[s].element.id
    var matchChanged = e.matchedGeometry != _matchedGeometry(s)
    if matchChanged, let m = e.matchedGeometry {
      if !_checkNamespace(m.namespace, element: e.id, result: &result) {
        e.matchedGeometry = nil
      } else if let (g, _) = _gridMatch(m.namespace, m.id) {
        result.diagnostics.append(.matchedIDOwnedByGrid(element: e.id, grid: _grids[g].grid.id))
        e.matchedGeometry = nil
      }
      if e.matchedGeometry == nil { matchChanged = _records[s].element.match >= 0 }
    }
    let oldSource = _transitionSource(s)
    if let z = e.transitionSource, !(z.id == oldSource?.id && z.namespace == oldSource?.namespace),
      !_checkNamespace(z.namespace, element: e.id, result: &result)
    {
      e.transitionSource = nil
    }
    let frame = e.frame
    let frameChanged = frame != _records[s].element.frame
    let style = e._styleVector
    let styleChanged = style != _attachments.extras.styleVector(of: _records[s].element)
    let reordered =
      e.zIndex != _attachments.extras.zIndex(of: _records[s].element)
      || e.container != _records[s].element.container
    let opacityChanged = e.opacity != _records[s].element.opacity
    _attachments.replace(&_records[s].element, with: e)
    _attachments.reserveFreeLists()
    if frameChanged {
      // The transaction's frame group from its cache (as `_setFrame`): looking the animation up
      // per op compares and copies its existential.
      let group = tx._isAnimated ? _batchGroup(tx, &batchGroup) : nil
      _records[s].frame.retarget(frame._q, animation: tx.animation, at: t, fast: _fast, batchGroup: group)
      if let g = _records[s].group { _markDirty(g, &dirty) }
    }
    if styleChanged {
      _records[s].style.retarget(
        style, animation: tx.animation, at: t, fast: _fast,
        batchGroup: _batchGroup(tx, style: true, &styleGroup))
    }
    if reordered { _reposition(s) }
    if matchChanged, let g = _records[s].group, let m = _matchedGeometry(s),
      _groups[g].key == _GroupKey(namespace: m.namespace, id: m.id)
    {
      _markDirty(g, &dirty)  // same group: only isSource / properties / anchor changed
    } else if matchChanged {
      if let g = _records[s].group {
        _leave(s, g)
        _markDirty(g, &dirty)
      }
      if let m = _matchedGeometry(s) { _join(s, _GroupKey(namespace: m.namespace, id: m.id), dirty: &dirty) }
    } else if let g = _records[s].group, opacityChanged, _groups[g].members.count > 1 {
      _markDirty(g, &dirty)  // only the visible-members diagnostic reads opacity
    }
    if let z = oldSource {
      let k = _GroupKey(namespace: z.namespace, id: z.id)
      if _zoomSources[k] == _records[s].element.id { _zoomSources[k] = nil }
    }
    if let z = _transitionSource(s), !_records[s].removing {
      _zoomSources[_GroupKey(namespace: z.namespace, id: z.id)] = _records[s].element.id
    }
    _noteMotion(s)
  }

  // MARK: - Groups

  func _markDirty(_ g: Int, _ dirty: inout [Int]) {
    if !_groups[g].dirty {
      _groups[g].dirty = true
      dirty.append(g)
    }
  }

  func _join(_ s: Int, _ key: _GroupKey, dirty: inout [Int]) {
    let g: Int
    if let existing = _groupIndex[key] {
      g = existing
    } else if let f = _freeGroups.popLast() {
      g = f
      let listed = _groups[g].inMotion  // the group may still be listed in `_movingGroups`
      _groups[g] = _Group(key: key)
      _groups[g].inMotion = listed
      _groupIndex[key] = g
    } else {
      g = _groups.count
      _groups.append(_Group(key: key))
      _groupIndex[key] = g
    }
    _groups[g].members.append(s)
    _records[s].group = g
    _refreshGroupHot(g)
    _markDirty(g, &dirty)
  }

  func _leave(_ s: Int, _ g: Int) {
    _records[s].group = nil
    if let i = _groups[g].members.firstIndex(of: s) { _groups[g].members.remove(at: i) }
    if _groups[g].members.isEmpty {
      _groupIndex[_groups[g].key] = nil
      _groups[g].shared?.release(_fast)
      _groups[g].shared = nil
      _groups[g].source = nil
      _groups[g].dirty = false
      _freeGroups.append(g)
      _refreshGroupHot(g)
    }
  }

  /// Picks the source of group `g`, reports the pitfalls, and retargets the shared frame.
  func _resolve(
    _ g: Int, tx: SceneTransaction, t: Double, batchGroup: inout BatchGroup??, result: inout TransactionResult
  ) {
    _groups[g].dirty = false
    // Field reads through the buffers: `_groups[g].field` and `_records[s].field` can copy the
    // whole group or record (retaining its members, its element's attachments) per read.
    // Safety: `g` is a group below `_groups.count` (written just above by checked subscript);
    // its members, the source chosen among them and its previous source's live slot are slots
    // below `_records.count`. Each buffer is only read, and released before any write.
    let (memberCount, first) = _groups.withUnsafeBufferPointer {
      ($0[g].members.count, $0[g].members.first ?? -1)
    }
    // The source chosen. The one-member path builds no arrays: even empty ones were retained and
    // released per resolved group (six runtime calls, for every card of a reflow).
    var chosen: Int?
    if memberCount == 1 {
      // The common case (one member): no bookkeeping arrays.
      let s = first
      let (removing, match) = _records.withUnsafeBufferPointer { ($0[s].removing, $0[s].element.match) }
      let isSource = _attachments.matches.read(match, { $0.isSource }) == true
      if !removing {
        if isSource {
          chosen = s
        } else {
          let key = _groups[g].key
          result.diagnostics.append(
            .noSource(namespace: key.namespace, id: key.id, members: [_records[s].element.id]))
        }
      }
    } else {
      let members = _groups[g].members
      // One pass without bookkeeping arrays first: the diagnostics need them only when the group
      // has several sources, none among members not being removed, or several visible members.
      var (insertedCount, visibleCount, sourceCount, newest, newestSeq) = (0, 0, 0, -1, Int.min)
      _records.withUnsafeBufferPointer { r in
        for s in members where !r[s].removing {
          insertedCount += 1
          if r[s].element.opacity > 0 { visibleCount += 1 }
          if _attachments.matches.read(r[s].element.match, { $0.isSource }) == true {
            sourceCount += 1
            if r[s].seq > newestSeq { (newest, newestSeq) = (s, r[s].seq) }
          }
        }
      }
      if sourceCount <= 1 && (sourceCount == 1 || insertedCount == 0) && visibleCount <= 1 {
        if sourceCount == 1 { chosen = newest }
      } else {
        var sources: [Int] = []
        _diagnoseMembers(g, members, sources: &sources, result: &result)
        chosen = sources.first
      }
    }
    // A source whose frame rides the shared frame goes on riding while it stays the source, and
    // takes its own motion back (from the shared frame's, before that moves on) when it does not.
    if _riders > 0, let previous = _groups.withUnsafeBufferPointer({ $0[g].source }),
      let p = _slots[previous],
      _records.withUnsafeBufferPointer({ $0[p].ridesShared })
    {
      if p == chosen { _rideOn(p) } else { _materializeOwnFrame(p, tx: tx, t: t) }
    }
    guard let src = chosen else {
      _groups[g].source = nil
      return
    }
    let (srcID, srcFrame, srcMatch) = _records.withUnsafeBufferPointer {
      ($0[src].element.id, $0[src].element.frame, $0[src].element.match)
    }
    let srcAnchor = _attachments.matches.read(srcMatch, { $0.anchor })!
    let target = MatchedGeometryFrame(frame: srcFrame, anchor: srcAnchor)
    let tv = _Quad(target.anchorPosition.x, target.anchorPosition.y, target.size.width, target.size.height)
    // Frames before the change of the clipped members, for the clip check. (A batched shared
    // frame has nothing to sample: asked first, without the array's write access per group.)
    if _groups.withUnsafeBufferPointer({ $0[g].shared?.needsSampling == true }) {
      _groups[g].shared?.sample(at: t)
    }
    var before: [(slot: Int, clip: Rect, frame: Rect)]?  // created by the first clipped member
    func noteClip(_ s: Int) {
      // Unclipped (no container, no clip rect: the common case) is read off the record's fields.
      let unclipped = _records.withUnsafeBufferPointer {
        $0[s].element.container == .root && !$0[s].element.hasClip
      }
      guard !unclipped, let clip = _clip(of: s) else { return }
      _records[s].sample(at: t)
      if before == nil { before = [] }
      before!.append((s, clip, _presentedFrame(s)))
    }
    if memberCount == 1 {
      noteClip(first)
    } else {
      for s in _groups[g].members { noteClip(s) }
    }
    let (hasShared, sharedTarget) = _groups.withUnsafeBufferPointer {
      ($0[g].shared != nil, $0[g].shared?.target)
    }
    if !hasShared {
      _groups[g].shared = _FrameChannel(tv, time: t)
    } else if sharedTarget != tv {
      // From wherever the shared frame is (the previous source's frame, or mid-flight).
      let group = _batchGroup(tx, &batchGroup)
      _groups[g].shared!.retarget(tv, animation: tx.animation, at: t, fast: _fast, batchGroup: group)
    }
    _groups[g].source = srcID
    guard let before else { return }
    for (s, clip, start) in before {
      let e = _element(s)
      let m = e.matchedGeometry!
      let end = target.apply(to: e.frame, anchor: m.anchor, properties: m.properties)
      let flight = start.union(end)
      if !(flight.minX >= clip.minX && flight.maxX <= clip.maxX && flight.minY >= clip.minY
        && flight.maxY <= clip.maxY)
      {
        result.diagnostics.append(.flightLeavesClip(element: e.id, clipRect: clip))
      }
    }
  }

  /// The members of group `g` not being removed, newest source first into `sources`, and the
  /// diagnostics of several sources, none, or several visible members (`_resolve`'s full path).
  func _diagnoseMembers(_ g: Int, _ members: [Int], sources: inout [Int], result: inout TransactionResult) {
    let key = _groups[g].key
    var inserted: [Int] = []
    for s in members where !_records[s].removing {
      inserted.append(s)
      if _matchedGeometry(s)?.isSource == true { sources.append(s) }
    }
    inserted.sort { _records[$0].seq < _records[$1].seq }
    sources.sort { _records[$0].seq > _records[$1].seq }
    if sources.count > 1 {
      result.diagnostics.append(
        .multipleSources(
          namespace: key.namespace, id: key.id, sources: sources.map { _records[$0].element.id },
          chosen: _records[sources[0]].element.id))
    }
    if sources.isEmpty && !inserted.isEmpty {
      result.diagnostics.append(
        .noSource(namespace: key.namespace, id: key.id, members: inserted.map { _records[$0].element.id }))
    }
    let visible = inserted.filter { _records[$0].element.opacity > 0 }
    if visible.count > 1 {
      result.diagnostics.append(
        .matchedMembersVisible(
          namespace: key.namespace, id: key.id, elements: visible.map { _records[$0].element.id }))
    }
  }

  // MARK: - Zoom

  func _startZoom(_ s: Int, tx: SceneTransaction, t: Double, result: inout TransactionResult) {
    let e = _element(s)
    guard let z = e.navigationTransition else { return }
    guard let srcID = _zoomSources[_GroupKey(namespace: z.namespace, id: z.sourceID)],
      let src = _slots[srcID],
      srcID != e.id
    else {
      result.diagnostics.append(.zoomSourceNotFound(element: e.id, sourceID: z.sourceID))
      let start = e.effectiveTransition.body(
        content: TransitionContent(size: e.frame.size), phase: .willAppear
      )._vector
      if e.transition != nil && start != _records[s].effect.target && tx.animation == nil
        && e.effectiveTransition.insertionAnimation == nil
      {
        result.diagnostics.append(.transitionWithoutAnimation(element: e.id, direction: .insertion))
      }
      return
    }
    let anim = tx.animation ?? .default
    _records[src].sample(at: t)
    _hotDirty.append(src)
    let from = _presentedFrame(src)
    let identity = e.effectiveTransition.body(
      content: TransitionContent(size: e.frame.size), phase: .identity)
    _ensureTransition(s)
    _records[s].effect.release(_fast)
    _records[s].effect = _OctChannel(identity._vector, time: t)
    _records[s].frame = _FrameChannel(from._q, time: t)
    _records[s].frame.retarget(e.frame._q, animation: anim, at: t, fast: _fast)
    var startStyle = e._styleVector
    startStyle[5] = _records[src].style.value(_fast)[5]
    if _records[src].element.shape != .rectangle { startStyle[5] = Swift.min(from.width, from.height) / 2 }
    _records[s].style.release(_fast)
    _records[s].style = _OctChannel(startStyle, time: t)
    _records[s].style.retarget(e._styleVector, animation: anim, at: t, fast: _fast)
    let dim = z.dimmingOpacity.isNaN ? 0 : Swift.min(Swift.max(z.dimmingOpacity, 0), 1)
    _records[s].dimming?.release(_fast)
    var dimming = _BatchedChannel(0.0, time: t)
    dimming.retarget(dim, animation: anim, at: t, fast: _fast)
    _records[s].dimming = dimming
    _records[s].zoomSource = srcID
    _zoomDestinations.append(_ZoomDestination(slot: s, source: srcID))
    // The render's scratch grows here, in a transaction, not in a steady frame.
    if _zoomProbes.capacity < _zoomDestinations.count {
      _zoomProbes.reserveCapacity(_zoomDestinations.capacity)
    }
    // In ascending position (binary search); the slot is not listed yet (a destination is
    // started once per insertion, and an eviction unlists it).
    var lo = 0
    var hi = _zoomDestinationSlots.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if _zoomDestinationSlots[mid] < s { lo = mid + 1 } else { hi = mid }
    }
    if lo == _zoomDestinationSlots.count || _zoomDestinationSlots[lo] != s {
      _zoomDestinationSlots.insert(s, at: lo)
    }
  }
}

/// A transaction's inserted elements, appended in chunks of 256 (38 KB each) rather than one
/// growing buffer: a bulk insertion then leaves no buffer of tens of megabytes to free when it
/// ends, whose release raised the C allocator's mapping threshold to its size, so that later
/// growth of the scene's tables stayed resident in the heap (interrupt-storm's peak-RSS slope
/// +66 B/element at 100,000 with one buffer).
struct _InsertedElements {
  private var chunks: [[_StoredElement]] = []
  /// The number of elements.
  private(set) var count = 0
  static var chunkSize: Int { 256 }

  /// Appends `e` (its index is the count before).
  mutating func append(_ e: _StoredElement) {
    if count % Self.chunkSize == 0 {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
    }
    chunks[chunks.count - 1].append(e)
    count += 1
  }

  /// Element `i` (0 ..< count).
  subscript(i: Int) -> _StoredElement { chunks[i / Self.chunkSize][i % Self.chunkSize] }

  /// Element `i`'s matched-geometry and transition entries (−1: none), without copying it.
  func attachments(_ i: Int) -> (match: Int32, transition: Int32) {
    // Safety: callers pass `i < count`, so chunk `i / chunkSize` (a checked subscript) holds
    // element `i % chunkSize`: it is non-empty (`baseAddress!` non-nil) and the offset inside it.
    chunks[i / Self.chunkSize].withUnsafeBufferPointer { c in
      let e = c.baseAddress! + i % Self.chunkSize
      return (e.pointee.match, e.pointee.transition)
    }
  }
}
