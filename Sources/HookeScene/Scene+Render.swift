import Hooke
import HookeAnimation

extension Scene {
  /// The presented layout frame of slot `s` (own animated frame, then matched geometry).
  @inline(__always)
  func _presentedFrame(_ s: Int) -> Rect {
    guard let f = _fast else { return _presentedFrame(s, batchValues: nil) }
    f._flushPendingMerges()
    // Safety: a batched channel's quad (`_quad ≥ 0`) is a quad of the fast path, whose values
    // `4q ..< 4q + 4` lie inside `values`; the buffer is only read.
    return f.values.withUnsafeBufferPointer { _presentedFrame(s, batchValues: $0) }
  }

  /// ``_presentedFrame(_:)`` with the fast path's value table passed in (one access per frame
  /// instead of four per element).
  @inline(__always)
  func _presentedFrame(_ s: Int, batchValues v: UnsafeBufferPointer<Double>?) -> Rect {
    // Field-wise reads: copying a whole record would retain every reference in it.
    func quad(_ c: _FrameChannel) -> _Quad { Self._quad(c._lo, c._general.value, v) }
    let own = Rect(_q: quad(_records[s].frame))
    guard let g = _records[s].group, _groups[g].source != nil, let ch = _groups[g].shared,
      let m = _matchedGeometry(s)
    else {
      return own
    }
    let q = quad(ch)
    let shared = MatchedGeometryFrame(
      anchorPosition: Point(x: q.a, y: q.b), size: Size(width: q.c, height: q.d))
    return shared.apply(to: own, anchor: m.anchor, properties: m.properties)
  }

  /// The effective clip of slot `s`: its own clip intersected with its container chain's
  /// (an empty intersection gives a zero-size rectangle at the first clip's origin).
  func _clip(of s: Int) -> Rect? {
    // Field reads (copying the element would retain its attachments).
    if _records[s].element.container == .root && !_records[s].element.hasClip { return nil }
    return _containerClip(_records[s].element.container, own: _clipRect(s))
  }

  /// Removes slot `s` from the scene (its id becomes free; `_order` is compacted by the caller).
  func _evict(_ s: Int) {
    let id = _records[s].element.id
    if let g = _records[s].group {
      _leave(s, g)
      _refreshSoleMember(g)
    }
    if let z = _transitionSource(s) {
      let k = _GroupKey(namespace: z.namespace, id: z.id)
      if _zoomSources[k] == id { _zoomSources[k] = nil }
    }
    if let src = _records[s].zoomSource {
      if let i = _zoomDestinations.firstIndex(where: { $0.slot == s }) { _zoomDestinations.remove(at: i) }
      // The source is shown below: no other destination of it knows its flag any more.
      for i in _zoomDestinations.indices where _zoomDestinations[i].source == src {
        _zoomDestinations[i].sourceHidden = nil
      }
      if let i = _zoomDestinationSlots.firstIndex(of: s) { _zoomDestinationSlots.remove(at: i) }
      if let ss = _slots[src] {
        _records[ss].hidden = false
        _hotDirty.append(ss)
      }
    }
    _releaseLook(s)
    _records[s].live = false
    _liveSlots[s] = false
    _evictedSinceCompaction += 1
    // A reused slot must not inherit this element's row (the row map edit reads it as old row),
    // nor a pending re-placement (an evicted slot has left `_order` already).
    _vacateRow(of: s)
    if s < _repositionMark.count { _repositionMark[s] = false }
    if s < _orderKeys.count { _orderKeys[s] = .unknown }
    _records[s].frame.release(_fast)
    _records[s].style.release(_fast)
    _releaseTransition(s)
    _attachments.release(&_records[s].element)
    _slots[id] = nil
    _noteSlotChange(of: id)
    _free.append(s)
  }

  /// Moves `_zoomSourceEpoch` on when `id` is a zoom destination's source: its slot changed
  /// (the element with that id was inserted or evicted). O(destinations), and nothing without
  /// zoom destinations.
  @inline(__always)
  func _noteSlotChange(of id: ElementID) {
    guard !_zoomDestinations.isEmpty else { return }
    if _zoomDestinations.contains(where: { $0.source == id }) { _zoomSourceEpoch &+= 1 }
  }

  /// Slot `s`'s render order key: container z-index, z-index, insertion sequence.
  @inline(__always)
  func _orderKey(of s: Int) -> (container: Double, z: Double, seq: Int) {
    var memo = _ContainerZMemo()
    // Safety: callers pass a slot below `_records.count`; the buffer is only read.
    return _records.withUnsafeBufferPointer { _orderKey(of: s, records: $0, memo: &memo) }
  }

  /// ``_orderKey(of:)`` reading the records through `records` (a field read through the array
  /// copies the whole record) and remembering the last container's z-index in `memo` (slots of
  /// one container sit together in the order, and a lookup hashes the id).
  @inline(__always)
  func _orderKey(
    of s: Int, records: UnsafeBufferPointer<_Record>, memo: inout _ContainerZMemo
  ) -> (container: Double, z: Double, seq: Int) {
    let c = records[s].element.container
    let cz: Double
    if c == .root {
      cz = 0
    } else if c == memo.id {
      cz = memo.z
    } else if c == memo.otherID {
      cz = memo.otherZ
      swap(&memo.id, &memo.otherID)
      swap(&memo.z, &memo.otherZ)
    } else {
      cz = _containers[c]?.zIndex ?? 0
      memo.otherID = memo.id
      memo.otherZ = memo.z
      memo.id = c
      memo.z = cz
    }
    return (cz, _attachments.extras.zIndex(of: records[s].element), records[s].seq)
  }

  /// Whether render order key `a` sorts before `b` (lexicographic; unique by the sequence).
  @inline(__always)
  static func _orderKey(
    _ a: (container: Double, z: Double, seq: Int), isBelow b: (container: Double, z: Double, seq: Int)
  ) -> Bool {
    if a.container != b.container { return a.container < b.container }
    if a.z != b.z { return a.z < b.z }
    return a.seq < b.seq
  }

  /// Drops slot `s`'s row from the row map (the slot is evicted or taken out for re-placement),
  /// noting the old row and its style entry in `_vacatedRows` (see `_vacatedComplete`), and
  /// whether the slot still sits at that row in `_order` (`_compactByRows`).
  @inline(__always)
  func _vacateRow(of s: Int) {
    // A slot inserted since the last render list sits among the entries appended since.
    guard s < _rowOf.count, _rowOf[s] >= 0 else { return }
    let r = _rowOf[s]
    if _vacatedComplete {
      _vacatedRows.append(r)
      _vacatedStyles.append(_styleOf[s])
    }
    if _compactByRows && !(Int(r) < _orderWritten && _order[Int(r)] == s) { _compactByRows = false }
    _rowOf[s] = -1
  }

  /// Removes evicted slots from `_order`, keeping the relative order of the others (so the sorted
  /// prefix stays sorted and the row map's order of surviving rows stands). O(order): by block
  /// moves between the evicted slots' old rows when they are known (`_compactByRows`), else by
  /// testing every entry's liveness.
  func _compactOrder() {
    let evicted = _evictedSinceCompaction
    _evictedSinceCompaction = 0
    if _compactByRows && _vacatedComplete && _compactOrderByRows() { return }
    // Safety: `_liveSlots` has an entry per slot (appended with each record), and `_order` holds
    // slots; the buffer is only read, and is not `_order`'s, which the filter writes.
    _liveSlots.withUnsafeBufferPointer { live in
      _filterOrder(from: _firstDeadOrderEntry(evicted: evicted, live: live)) { live[$0] }
    }
  }

  /// The lowest position of `_order` that holds a dead slot, found by scanning back from the end
  /// until all `evicted` dead entries are seen — elements added last (overlays, details, the
  /// newest items) are the ones that leave first, so a compaction then touches the tail only.
  /// The scan gives up after a quarter of the order (at least 4,096 entries) and returns 0:
  /// the filter then tests every entry, as without the scan. O(order − result).
  func _firstDeadOrderEntry(evicted: Int, live: UnsafeBufferPointer<Bool>) -> Int {
    let n = _order.count
    guard evicted > 0 else { return n }
    let limit = Swift.max(n - Swift.max(4096, n / 4), 0)
    // Safety: `k` runs over `limit..<n`, inside the order; its entries are slots, each covered
    // by `live` (the caller passes `_liveSlots`, an entry per slot).
    return _order.withUnsafeBufferPointer { order in
      var found = 0
      var k = n
      while k > limit {
        k -= 1
        if !live[order[k]] {
          found += 1
          if found == evicted { return k }
        }
      }
      return 0
    }
  }

  /// ``_compactOrder()`` when every evicted slot that had a row sits at its old row in `_order`
  /// (the vacated rows, all evictions: re-placements are taken out only by the frame's order
  /// pass, after its compaction): the entries between consecutive vacated rows move down as
  /// blocks (`memmove`) instead of one liveness test and store per entry; only the entries
  /// appended since the last render list (where slots evicted without a row sit) are tested.
  /// Returns `false`, changing nothing, when the vacated rows are not distinct rows.
  func _compactOrderByRows() -> Bool {
    _compactByRows = false
    let n = _order.count
    let old = _orderWritten
    guard old <= n && old <= _orderSorted else { return false }
    let words = (old + 63) >> 6
    if _vacatedBits.count < words {
      _vacatedBits.append(contentsOf: repeatElement(0, count: words - _vacatedBits.count))
    }
    var last = -1
    var distinct = true
    var kept = n
    var keptSorted = _orderSorted
    // Safety: each vacated row is below `old` (checked), so its bit lies inside the first `words`
    // words; the bitmap is cleared again before returning.
    _vacatedBits.withUnsafeMutableBufferPointer { bits in
      var lo = Int.max
      var hi = -1
      for r32 in _vacatedRows {
        let r = Int(r32)
        guard r >= 0 && r < old else {
          distinct = false
          continue
        }
        let bit: UInt64 = 1 << UInt64(r & 63)
        if bits[r >> 6] & bit != 0 { distinct = false }
        bits[r >> 6] |= bit
        lo = Swift.min(lo, r >> 6)
        hi = Swift.max(hi, r >> 6)
      }
      guard distinct else {
        if hi >= 0 { for w in lo...hi { bits[w] = 0 } }
        return
      }
      // Entries before the lowest vacated row's word do not move.
      if hi >= 0 { _orderChangedFrom = Swift.min(_orderChangedFrom, lo << 6) }
      _order.withUnsafeMutableBufferPointer { order in
        // Safety: every block lies inside `order[..<old]` (between vacated rows below `old`, or
        // after the last one); `update(from:count:)` moves overlapping ranges correctly.
        let base = order.baseAddress!
        var write = old
        if hi >= 0 {
          write = -1
          for w in lo...hi {
            var word = bits[w]
            bits[w] = 0
            while word != 0 {
              let v = w << 6 | word.trailingZeroBitCount
              word &= word &- 1
              if write < 0 {
                write = v
              } else {
                let length = v - last - 1
                if length > 0 { (base + write).update(from: base + last + 1, count: length) }
                write += length
              }
              last = v
            }
          }
          let length = old - last - 1
          if length > 0 { (base + write).update(from: base + last + 1, count: length) }
          write += length
        }
        // The vacated rows lay in the sorted prefix (the whole order when the list was written;
        // only appends since); of the appended entries, the live ones are kept in order.
        let sorted = Swift.min(_orderSorted, n)
        keptSorted = Swift.max(0, sorted - (old - write))
        _liveSlots.withUnsafeBufferPointer { live in
          for k in old..<n {
            let s = order[k]
            order[write] = s
            let keep = live[s]
            write += keep ? 1 : 0
            if !keep && k < sorted { keptSorted -= 1 }
          }
        }
        kept = write
      }
    }
    guard distinct else { return false }
    _order.removeLast(n - kept)
    _orderSorted = keptSorted
    _segmentsDirty = true
    return true
  }

  /// Keeps the slots of `_order` for which `keep` holds, in their relative order, and counts how
  /// many of the sorted prefix remain (`_orderSorted`); the entries before `start` are kept
  /// without a test. O(order − start).
  @inline(__always)
  func _filterOrder(from start: Int = 0, _ keep: (Int) -> Bool) {
    _compactByRows = false
    var kept = 0
    var keptSorted = 0
    let sorted = Swift.min(_orderSorted, _order.count)
    // Safety: `k` stays below `n = order.count` (and `sorted ≤ n`), and `kept ≤ k` overwrites only
    // entries already read; `keep` must not touch `_order` (the callers' read other tables).
    _order.withUnsafeMutableBufferPointer { order in
      // Up to the first entry dropped nothing moves (every entry before `start` is kept, by the
      // caller's word); from there every entry is written to the next kept position, which
      // advances when the entry is kept (no branch per entry).
      let n = order.count
      var k = Swift.min(Swift.max(start, 0), n)
      while k < n && keep(order[k]) { k += 1 }
      kept = k
      if k < n { _orderChangedFrom = Swift.min(_orderChangedFrom, k) }
      while k < sorted {
        let s = order[k]
        order[kept] = s
        kept += keep(s) ? 1 : 0
        k += 1
      }
      keptSorted = Swift.min(kept, sorted)
      while k < n {
        let s = order[k]
        order[kept] = s
        kept += keep(s) ? 1 : 0
        k += 1
      }
    }
    _order.removeLast(_order.count - kept)
    _orderSorted = keptSorted
    _segmentsDirty = true
  }

  /// Takes the slots whose order key changed (``_reposition(_:)``) out of `_order` and appends
  /// them to its unsorted tail, to be merged back in at their new place; their rows count as new
  /// (the row map's surviving rows keep their relative order). O(order).
  func _takeRepositionedSlots() {
    guard !_repositioned.isEmpty else { return }
    _growRepositionMarks()  // slots inserted since the last re-placement are in `_order` too
    // A slot whose key is the one it was placed with (a container change between containers of
    // one z-index, a z-index set back) is in place already: it stays, with its row.
    var moved = 0
    // Safety: `_repositioned` lists slots, below `_records.count` and, after the growth above,
    // below `_repositionMark.count` (a slot each); both buffers are only read, and `mark` is
    // released before the marks are written.
    _records.withUnsafeBufferPointer { records in
      var memo = _ContainerZMemo()
      for s in _repositioned where _repositionMark[s] {
        let key = _orderKey(of: s, records: records, memo: &memo)
        if let placed = _cachedOrderKey(s), placed == key {
          _repositionMark[s] = false
        } else {
          moved += 1
        }
      }
    }
    guard moved > 0 else {
      _repositioned.removeAll(keepingCapacity: true)
      return
    }
    _repositionMark.withUnsafeBufferPointer { mark in _filterOrder { !mark[$0] } }
    for s in _repositioned where _repositionMark[s] {
      _repositionMark[s] = false
      _orderChangedFrom = Swift.min(_orderChangedFrom, _order.count)
      _order.append(s)
      _vacateRow(of: s)
    }
    _repositioned.removeAll(keepingCapacity: true)
  }

  /// Covers every slot with a `_repositionMark` entry.
  func _growRepositionMarks() {
    if _repositionMark.count < _records.count {
      _repositionMark.append(contentsOf: repeatElement(false, count: _records.count - _repositionMark.count))
    }
  }

  /// The order key slot `s` was placed with (`_orderKeys`), or `nil` when unknown (a slot placed
  /// on insertion by appending, or evicted since).
  @inline(__always)
  func _cachedOrderKey(_ s: Int) -> (container: Double, z: Double, seq: Int)? {
    guard s < _orderKeys.count else { return nil }
    let k = _orderKeys[s]
    return k.container.isNaN ? nil : (k.container, k.z, k.seq)
  }

  /// Records `key` as the key slot `s` is placed with.
  @inline(__always)
  func _cacheOrderKey(_ s: Int, _ key: (container: Double, z: Double, seq: Int)) {
    if _orderKeys.count < _records.count {
      _orderKeys.append(
        contentsOf: repeatElement(_OrderKey.unknown, count: _records.count - _orderKeys.count))
    }
    _orderKeys[s] = _OrderKey(container: key.container, z: key.z, seq: key.seq)
  }

  /// Slot `s`'s order key for a merge: the cached one (the slot is in the sorted prefix and was
  /// not repositioned, so it is current), else derived from the record.
  @inline(__always)
  func _prefixOrderKey(
    of s: Int, records: UnsafeBufferPointer<_Record>, keys: UnsafeBufferPointer<_OrderKey>,
    memo: inout _ContainerZMemo
  ) -> (container: Double, z: Double, seq: Int) {
    if s < keys.count {
      let k = keys[s]
      if !k.container.isNaN { return (k.container, k.z, k.seq) }
    }
    return _orderKey(of: s, records: records, memo: &memo)
  }

  /// Lists slot `s`, whose container or z-index changed, for re-placement in the render order
  /// (instead of a full sort) by the next frame.
  func _reposition(_ s: Int) {
    _growRepositionMarks()
    guard !_repositionMark[s] else { return }
    _repositionMark[s] = true
    _repositioned.append(s)
  }

  /// Brings `_order` into render order: a full sort when a container's key changed
  /// (`_orderDirty`), else the unsorted tail — new insertions and repositioned slots — is sorted
  /// and merged into the sorted prefix, each entry's place found by binary search: O(order + k log
  /// order) moves of slot indices instead of an O(n log n) sort building a key per element, and
  /// surviving slots keep their relative order. A tail of more than half the order, or a NaN key,
  /// is sorted in full.
  func _placeOrderTail() {
    _takeRepositionedSlots()
    let n = _order.count
    let k = n - _orderSorted
    guard k > 0 else { return }
    if k > Swift.max(64, n / 2) {
      _sortOrder()
      return
    }
    var tail = _orderScratch
    _orderScratch = []
    tail.removeAll(keepingCapacity: true)
    // Safety: `records` is read only while this closure runs, and no record changes meanwhile.
    let placed: Bool = _records.withUnsafeBufferPointer { records in
      var memo = _ContainerZMemo()
      for j in _orderSorted..<n {
        let s = _order[j]
        let key = _orderKey(of: s, records: records, memo: &memo)
        if key.container.isNaN || key.z.isNaN { return false }
        tail.append((key.container, key.z, key.seq, s))
      }
      return true
    }
    guard placed else {
      _orderScratch = tail
      _sortOrder()  // a NaN key: nothing was moved
      return
    }
    for e in tail { _cacheOrderKey(e.slot, Self._key(e)) }
    // Safety: `records` and `keys` are read only while this closure runs, and neither changes
    // meanwhile.
    _records.withUnsafeBufferPointer { records in
      _orderKeys.withUnsafeBufferPointer { keys in
        var memo = _ContainerZMemo()
        if tail.count <= 32 {
          // Insertion sort (a few entries; `sort` may allocate).
          for j in 1..<Swift.max(1, tail.count) {
            var i = j
            while i > 0 && Self._orderKey(Self._key(tail[i]), isBelow: Self._key(tail[i - 1])) {
              tail.swapAt(i, i - 1)
              i -= 1
            }
          }
        } else {
          tail.sort { Self._orderKey(Self._key($0), isBelow: Self._key($1)) }
        }
        // Backward merge: the prefix's entries shift right past each tail entry's position — for
        // a long tail by one linear pass (each prefix key computed once, in order, so the container
        // memo hits), for a short one by binary search for the first prefix entry above it.
        var end = _orderSorted  // prefix entries at or beyond `end` have been moved already
        var write = n
        // Entries below the last position written keep theirs.
        defer { _orderChangedFrom = Swift.min(_orderChangedFrom, write) }
        if tail.count > 256 {
          var j = tail.count - 1
          while j >= 0 {
            let key = Self._key(tail[j])
            if end > 0
              && Self._orderKey(
                key, isBelow: _prefixOrderKey(of: _order[end - 1], records: records, keys: keys, memo: &memo))
            {
              end -= 1
              write -= 1
              _order[write] = _order[end]
            } else {
              write -= 1
              _order[write] = tail[j].slot
              j -= 1
            }
          }
          return
        }
        for j in tail.indices.reversed() {
          let key = Self._key(tail[j])
          var lo = 0
          var hi = end
          while lo < hi {
            let mid = (lo + hi) / 2
            if Self._orderKey(
              key, isBelow: _prefixOrderKey(of: _order[mid], records: records, keys: keys, memo: &memo))
            {
              hi = mid
            } else {
              lo = mid + 1
            }
          }
          var from = end
          while from > lo {
            from -= 1
            write -= 1
            _order[write] = _order[from]
          }
          end = lo
          write -= 1
          _order[write] = tail[j].slot
        }
      }
    }
    _orderScratch = tail
    _orderSorted = n
    _segmentsDirty = true
  }

  @inline(__always)
  static func _key(_ e: (container: Double, z: Double, seq: Int, slot: Int)) -> (
    container: Double, z: Double, seq: Int
  ) {
    (e.container, e.z, e.seq)
  }

  func _sortOrder() {
    _orderDirty = false
    _orderChangedFrom = 0
    _segmentsDirty = true
    // Repositioned slots are still in `_order` (only their keys changed): the sort places them.
    for s in _repositioned { _repositionMark[s] = false }
    _repositioned.removeAll(keepingCapacity: true)
    // A permutation: surviving rows may change their relative order, so the row map cannot be
    // edited in place; the next render list is written in full.
    _rowMapValid = false
    _orderSorted = _order.count
    // Flat keys (no record copies in the comparator); the sort is stable-equivalent because the
    // insertion sequence breaks every tie, and runs in O(n) on already ordered input.
    var keys: [(container: Double, z: Double, seq: Int, slot: Int)] = []
    keys.reserveCapacity(_order.count)
    var memo = _ContainerZMemo()
    // Safety: `_order` holds slots, below `_records.count`; the buffer is only read.
    _records.withUnsafeBufferPointer { records in
      for s in _order {
        let key = _orderKey(of: s, records: records, memo: &memo)
        keys.append((key.container, key.z, key.seq, s))
      }
    }
    keys.sort { Self._orderKey(Self._key($0), isBelow: Self._key($1)) }
    for i in keys.indices {
      _order[i] = keys[i].slot
      _cacheOrderKey(keys[i].slot, Self._key(keys[i]))
    }
  }

  /// Hides each zoom destination's source while the destination flies (its frame moving, or
  /// it being removed) and shows it again after, refreshing the source's row where that
  /// changed.
  ///
  /// In passes over a scene-owned scratch table (no allocation once grown), each pass's
  /// look-ups independent of one another: the destinations' slots, then their records, then
  /// their motion and their sources' slots, then the sources' flags. A frame after the caches
  /// were flushed (another task, the embedder's own work) missed the cache at each step of each
  /// destination in turn — about five misses in a row per destination, a fifth of such a frame
  /// on zoom-navigation at 100,000 elements — where now each pass's misses overlap. A source
  /// shared by several destinations ends as the last of them leaves it, as in one pass. A
  /// source's slot and flag come from the last frame's pass while they are valid (kept in the
  /// destination's entry, see ``_ZoomDestination``): a cold frame then reads neither the slot
  /// table nor the source's record for a destination whose flight neither started nor ended.
  func _hideFlyingZoomSources() {
    guard !_zoomDestinations.isEmpty else { return }
    var probes = _zoomProbes
    _zoomProbes = []
    probes.removeAll(keepingCapacity: true)
    for d in _zoomDestinations {
      probes.append(_ZoomProbe(destination: d.slot, sourceID: d.source))
    }
    // Field reads through the buffer: reading a field off an array element by subscript copied
    // the whole record (retaining each of its references) per destination per frame. The probes
    // are written through theirs (an element write checked the array's uniqueness).
    let fast = _fast
    // Nothing in this pass inserts or evicts an element, so the epoch stands throughout.
    let epoch = _zoomSourceEpoch
    // Safety: a destination (≥ 0) and a source found in `_slots` are slots below
    // `_records.count`, so `records` is then non-empty (`baseAddress!` non-nil) and `+ slot`
    // inside it; a quad is checked against `listed.count`, `isMarkedMoving` checks `marks`, and
    // a batched frame's quad has its four handles in `handles`. Every table here is only read
    // through its buffer while bound, except `probes`, a local array.
    probes.withUnsafeMutableBufferPointer { probes in
      _records.withUnsafeBufferPointer { records in
        for k in probes.indices where probes[k].destination >= 0 {
          let r = records.baseAddress! + probes[k].destination
          let q = Int(r.pointee.frame._lo)
          probes[k].quad = q
          probes[k].flying =
            r.pointee.removing || ((q < 0 || fast == nil) && r.pointee.frame._general.isAnimating)
        }
      }
      // A batched frame's motion is asked of the engine with the handle table bound once for the
      // pass (asking the fast path per destination retained the table and the engine each time);
      // nothing here changes the handle table (`_refreshHot` claims quads, adding none), and no
      // merge is deferred in a frame (flushed here if one were).
      fast?._flushPendingMerges()
      if let fast {
        let engine = fast.engine
        fast.handles.withUnsafeBufferPointer { handles in
          fast.isListedMoving.withUnsafeBufferPointer { listed in
            fast.activeMarks.withUnsafeBufferPointer { marks in
              for k in probes.indices where probes[k].destination >= 0 {
                let q = probes[k].quad
                // A batched frame's quad has its four handles in the table. (The engine bound
                // once: reading it off the fast path per call retained it, +0.7 % instructions
                // on zoom-navigation 10k.) A quad not listed moving is at rest (every change
                // lists it until the scene sees it settled), and one marked by the last step
                // moves: the engine is asked only about the others — at a hundred destinations,
                // most of them open and still, it was asked about each in every frame.
                guard q >= 0, !probes[k].flying, q < listed.count, listed[q] else { continue }
                probes[k].flying =
                  fast.isMarkedMoving(q, marks: marks)
                  || _FastPath.isAnimating(q, handles: handles, engine: engine)
              }
            }
          }
        }
      }
      // The sources' slots and their records' flags: what the last frame's pass left in the
      // destination's entry while no source slot changed since (`_zoomSourceEpoch`), else
      // looked up in passes of their own (sources are scattered in the slot table and the
      // records, and looked up beside the engine's answer each waited for its miss in turn).
      _zoomDestinations.withUnsafeBufferPointer { destinations in
        // Safety: `probes` was built from `_zoomDestinations` above, one probe per destination
        // in the same order, so `k` is below both counts.
        for k in probes.indices where probes[k].destination >= 0 {
          let d = destinations[k]
          if d.sourceEpoch == epoch {
            probes[k].source = d.sourceSlot
            probes[k].cachedHidden = d.sourceHidden
          } else {
            probes[k].source = _slots[probes[k].sourceID] ?? -1
          }
        }
      }
      _records.withUnsafeBufferPointer { records in
        // Safety: a probe's source is a live slot from the slot table (or its cached copy, valid
        // while no slot of a source id changed), below `_records.count`.
        for k in probes.indices where probes[k].source >= 0 {
          probes[k].sourceHidden = probes[k].cachedHidden ?? records[probes[k].source].hidden
        }
      }
    }
    // The flag read above is the record's until this pass writes that source's: a source shared
    // with an earlier destination is read again after a write (the last destination of a shared
    // source decides, as in one pass). The first source written (−1: none) and whether another
    // was: a frame starts or ends a flight or two, so only the probes of a written source read
    // their record again, here and for the next frame below.
    var written = -1
    var writtenSeveral = false
    for k in probes.indices where probes[k].source >= 0 {
      let p = probes[k]
      let touched = written >= 0 && (writtenSeveral || p.source == written)
      guard touched || p.sourceHidden != p.flying else { continue }
      let current = touched ? _records.withUnsafeBufferPointer({ $0[p.source].hidden }) : p.sourceHidden
      if current != p.flying {
        _records[p.source].hidden = p.flying
        _refreshHot(p.source)
        if written < 0 { written = p.source } else if written != p.source { writtenSeveral = true }
      }
    }
    // What this pass leaves for the next: each source's flag as it ends (a shared source's is
    // the last written, not necessarily what one of its probes read or wrote).
    if written >= 0 {
      _records.withUnsafeBufferPointer { records in
        // Safety: as above, each probe's source is a live slot below `_records.count`.
        for k in probes.indices where probes[k].source >= 0 && (writtenSeveral || probes[k].source == written)
        {
          probes[k].sourceHidden = records[probes[k].source].hidden
        }
      }
    }
    _zoomDestinations.withUnsafeMutableBufferPointer { destinations in
      // Safety: one probe per destination, in the same order (built above; nothing in this pass
      // adds or removes a destination).
      for k in probes.indices {
        destinations[k].sourceSlot = probes[k].source
        destinations[k].sourceHidden = probes[k].source >= 0 ? probes[k].sourceHidden : nil
        destinations[k].sourceEpoch = epoch
      }
    }
    _zoomProbes = probes
  }

  /// Writes ``renderList``: every row, or with `full: false` (the default) only the rows listed
  /// in `_rowsDirty` when the row layout is unchanged since the last frame (see `_rowOf`).
  func _writeRenderList(full forceFull: Bool = false) {
    // Zoom sources are hidden while a destination flies; destinations with an overlay get a
    // dimming row. Scene-owned scratch (no allocation per frame once it has grown); zoom
    // destinations are few.
    var dimmingRows = 0
    let fast = _fast
    var dimmingSlots = _dimmingScratch
    _dimmingScratch = []
    dimmingSlots.removeAll(keepingCapacity: true)
    _hideFlyingZoomSources()
    // The overlays in ascending slot order (the layout compares them with the last frame's):
    // the destinations' slots, kept sorted as they come and go — sorting them here cost O(k²)
    // swaps per frame by insertion (destinations are listed in time order), a tenth of
    // zoom-navigation's frame at a hundred destinations. Every listed destination is live and
    // has its overlay (`_startZoom` lists a slot after giving it one, and only `_evict`
    // takes either away, unlisting the slot first): testing each record here read two or three
    // cache lines per destination and frame, and the zoom state's object besides.
    dimmingSlots.append(contentsOf: _zoomDestinationSlots)
    dimmingRows = dimmingSlots.count
    // Clipped rows read their container's clip from the table: a bulk refresh re-derives them.
    let clipsChanged = _containerTableDirty
    if _containerTableDirty { _refreshContainerClips() }
    var list = renderList
    let previousRows = list.count
    renderList = RenderList()
    let hasGrids = !_gridIndex.isEmpty
    if hasGrids && _segmentsDirty { _rebuildSegments() }
    var gridRows = 0
    if hasGrids { for g in _grids where g.live { gridRows += g.grid.count } }
    let rows = _order.count + dimmingRows + gridRows
    // Style entries: one per grid index (stable, so card rows keep their index), then one per
    // general row.
    let gridStyles = hasGrids ? _grids.count : 0
    let threads = _fast?.threads ?? 1
    let chunk = fast?.chunk ?? .max
    let tick = Self._gridTick(currentTime)
    let styleCount = gridStyles + _order.count + dimmingRows
    let editable = !forceFull && !_rowsAllDirty && _rowMapValid && _rowsDirty.count <= _incrementalRowLimit
    let incremental =
      editable && !_rowsLayoutDirty && dimmingSlots == _mapDimmingSlots && rows == list.count
      && styleCount == list.styles.count
    // The layout changed by insertions and evictions only (no permutation, no grids, no dimming
    // rows): the surviving rows move to their new positions, new rows are written, and the listed
    // rows are rewritten — O(rows) moves instead of deriving every row.
    let relayout =
      editable && !incremental && !hasGrids && dimmingRows == 0 && _mapDimmingSlots.isEmpty
      && previousRows == list.styles.count
    // Too many rows listed for the listed path, with the row map standing (a layout changed at
    // most as a relayout's): the surviving rows move as in a relayout, then one pass over the
    // rows re-derives only those whose inputs changed (`_refreshRows`): O(rows) stamp checks
    // instead of deriving every row, and only the opacity of a row whose opacity alone moves.
    let bulk =
      !incremental && !relayout && !forceFull && fast != nil && _rowMapValid && !hasGrids && dimmingRows == 0
      && _mapDimmingSlots.isEmpty && previousRows == list.styles.count
    let bulkMoves = bulk && (_rowsLayoutDirty || rows != list.count || styleCount != list.styles.count)
    // The layout changed, but not before order position `tail` (the rows before it stand where
    // they are, their dimming overlays included): the listed rows before it are rewritten as in
    // an incremental write and every row from it on is written afresh — O(listed + rows after
    // `tail`) instead of O(rows). A zoom destination sits after the rows it covers, so its
    // overlay coming and going rewrites the tail of the list, not all of it.
    let tail: Int? =
      editable && !incremental && !relayout && !bulk && !hasGrids && !_stylesPermuted
        && previousRows == list.styles.count
      ? _unchangedOrderPrefix(dimming: dimmingSlots, previousDimming: _mapDimmingSlots) : nil
    // On one thread, with every quad stamped for this write still listed and every stamped slot
    // and group listed, the refresh visits those instead of every row.
    let byQuads =
      bulk && _movingListWhole && !_stampListsFull && !clipsChanged
      && !(fast?.pool != nil && threads > 1 && _order.count > chunk)
    if incremental || relayout || tail != nil {
      // Each listed slot once, in ascending slot order: rows are independent (their order is
      // immaterial), and ascending slots read the per-slot tables front to back, which the
      // hardware prefetches, instead of at random. A bitmap over the slots (no sort, which may
      // allocate): O(listed + slots / 64). With fewer slots listed than the bitmap has words, a
      // summary bit per word is set as well and the pass visits only the marked words: a few
      // hundred slots spread over 100,000 scanned all 1,563 words, about 200 cache lines that
      // a frame after the caches were flushed missed in turn.
      let words = _coverRowDirtyBitmaps()
      let slots = _records.count
      let sparse = _rowsDirty.count < words
      var kept = 0
      // Safety: a listed slot `s` in `0..<slots` has its bit in word `s >> 6 < words`, and that
      // word its summary bit in word `s >> 12 < (words + 63) >> 6` (both tables grown to those
      // counts above); the words visited lie between the first and the last word marked. `kept`
      // stays below the distinct listed slots visited so far, so within `dirty`, as long as both
      // bitmaps are all clear between frames (each visited word and summary word is cleared as it
      // is read). The three buffers are distinct arrays, local to this scope.
      _rowDirtyBits.withUnsafeMutableBufferPointer { bits in
        _rowDirtySummary.withUnsafeMutableBufferPointer { summary in
          _rowsDirty.withUnsafeMutableBufferPointer { dirty in
            var first = Int.max
            var last = -1
            for s in dirty where s >= 0 && s < slots {
              let w = s >> 6
              bits[w] |= 1 << UInt64(s & 63)
              if sparse { summary[w >> 6] |= 1 << UInt64(w & 63) }
              first = Swift.min(first, w)
              last = Swift.max(last, w)
            }
            guard last >= 0 else { return }
            /// Rewrites word `w`'s slots into the list (each slot is listed once now, so the list
            /// is rewritten in place) and clears the word.
            @inline(__always)
            func take(_ w: Int) {
              var word = bits[w]
              bits[w] = 0
              while word != 0 {
                dirty[kept] = w << 6 | word.trailingZeroBitCount
                kept += 1
                word &= word &- 1
              }
            }
            if sparse {
              for u in (first >> 6)...(last >> 6) where summary[u] != 0 {
                var marked = summary[u]
                summary[u] = 0
                while marked != 0 {
                  take(u << 6 | marked.trailingZeroBitCount)
                  marked &= marked &- 1
                }
              }
            } else {
              for w in first...last where bits[w] != 0 { take(w) }
            }
          }
        }
      }
      _rowsDirty.removeLast(_rowsDirty.count - kept)
    }
    // A relayout moves rows within the old extent before it shrinks to the new one.
    let extent = relayout || bulkMoves ? Swift.max(rows, previousRows) : rows
    // A full write maps the rows only when their layout changed (positions are the same
    // otherwise); a relayout maps them itself.
    let remap =
      !incremental && !relayout && !bulk
      && (tail != nil || !_rowMapValid || _rowsLayoutDirty || dimmingSlots != _mapDimmingSlots
        || rows != previousRows
        || _stylesPermuted)
    if _rowOf.count < _records.count {
      _rowOf.append(contentsOf: repeatElement(-1, count: _records.count - _rowOf.count))
      _styleOf.append(contentsOf: repeatElement(-1, count: _records.count - _styleOf.count))
      // Grown with the map, so that the first incremental write after a growth allocates nothing.
      _coverRowDirtyBitmaps()
    }
    let stamp = _renderStamp
    // The stamp tables are only read while the rows are written.
    // Safety: the tables stay bound (and unresized) for the whole write, which reaches them only
    // through these buffers and `_RowTables`: the per-slot ones are indexed by slots below
    // `_records.count` (`_rowOf` and `_styleOf` were just grown to it, every slot with a row has
    // its `_hot` entry, derived before the write, and the stamp tables are read only below their
    // counts), groups and looks by the indices rows hold, and `order`'s entries are slots. `baseAddress!`
    // of `rowOf` and `styleOf` is non-nil: a native array's buffer has an address even when
    // empty (a scene of grids only has no slots, and then nothing reads through it).
    _rowStamp.withUnsafeBufferPointer { rowStamp in
      _groupStamp.withUnsafeBufferPointer { groupStamp in
        _rowOf.withUnsafeMutableBufferPointer { rowOf in
          _styleOf.withUnsafeMutableBufferPointer { styleOf in
            list._withColumns(count: extent, styleCount: relayout || bulkMoves ? extent : styleCount) {
              columns in
              _hot.withUnsafeBufferPointer { hot in
                _groupHot.withUnsafeBufferPointer { groups in
                  _looks.withUnsafeBufferPointer { looks in
                    _order.withUnsafeBufferPointer { order in
                      _containerClips.withUnsafeBufferPointer { clips in
                        func write(
                          _ values: UnsafeBufferPointer<Double>?, _ quadStamp: UnsafeBufferPointer<UInt32>,
                          _ shadow: UnsafeMutableBufferPointer<Double>?
                        ) {
                          let tables = _RowTables(
                            hot: hot, groups: groups, looks: looks, clips: clips, values: values,
                            rowOf: rowOf.baseAddress!,
                            styleOf: styleOf.baseAddress!, mapsRows: remap, stamp: stamp, rowStamp: rowStamp,
                            groupStamp: groupStamp, quadStamp: quadStamp, shadow: shadow,
                            clipsChanged: clipsChanged)
                          var row = 0
                          var style = gridStyles
                          if relayout || bulkMoves {
                            _moveRows(columns, order: order, previousStyles: previousRows, tables)
                          }
                          // The first row and style entry a tail write writes: those after the
                          // unchanged prefix's last row (style entries are the rows, not permuted).
                          let tailRow = tail.map { $0 == 0 ? 0 : Int(rowOf[order[$0 - 1]]) + 1 } ?? 0
                          func general(_ range: Range<Int>) {
                            if relayout { return }
                            if let tail {
                              let n = _writeRows(
                                columns, order: order,
                                range: Swift.max(range.lowerBound, tail)..<range.upperBound,
                                firstRow: tailRow, firstStyle: tailRow, tables)
                              row = tailRow + n
                              style = row
                              return
                            }
                            if incremental {
                              // Rows are unchanged in number (dimming overlays included): skip to the row
                              // after the range's last slot.
                              guard let last = range.last else { return }
                              let end = Int(_rowOf[order[last]]) + 1
                              style += end - row
                              row = end
                              return
                            }
                            if let pool = fast?.pool, threads > 1, dimmingRows == 0, range.count > chunk {
                              // Rows are independent (row = first row + order offset without dimming rows):
                              // chunk j of the range goes to worker j mod threads; the columns do not depend
                              // on the split.
                              var job = _RowsJob(
                                scene: self, columns: columns, order: order, tables: tables, range: range,
                                firstRow: row,
                                firstStyle: style, chunk: chunk, threads: threads, bulk: bulk)
                              // Safety: `job` outlives the pool call, which returns only after every
                              // worker is done with it.
                              withUnsafeMutablePointer(to: &job) { job in
                                pool.forEachChunk(
                                  count: range.count, chunkSize: chunk, context: UnsafeMutableRawPointer(job)
                                ) { raw, _, _, lower, upper in
                                  let job = raw!.assumingMemoryBound(to: _RowsJob.self)
                                  let start = job.pointee.range.lowerBound
                                  if job.pointee.bulk {
                                    job.pointee.scene._refreshRows(
                                      job.pointee.columns, order: job.pointee.order,
                                      range: (start + lower)..<(start + upper), job.pointee.tables)
                                    return
                                  }
                                  _ = job.pointee.scene._writeRows(
                                    job.pointee.columns, order: job.pointee.order,
                                    range: (start + lower)..<(start + upper),
                                    firstRow: job.pointee.firstRow + lower,
                                    firstStyle: job.pointee.firstStyle + lower,
                                    job.pointee.tables)
                                }
                              }
                              row += range.count
                              style += range.count
                            } else if bulk && byQuads {
                              _refreshMovedRows(columns, tables)
                              row += range.count
                              style += range.count
                            } else if bulk {
                              _refreshRows(columns, order: order, range: range, tables)
                              row += range.count
                              style += range.count
                            } else {
                              let n = _writeRows(
                                columns, order: order, range: range, firstRow: row, firstStyle: style, tables)
                              row += n
                              style += n
                            }
                          }
                          if !hasGrids {
                            general(0..<order.count)
                          } else {
                            for segment in _segments {
                              switch segment {
                              case .general(let range): general(range)
                              case .grid(let g):
                                _writeGridRows(g, columns: columns, firstRow: row, tick: tick)
                                row += _grids[g].grid.count
                              }
                            }
                          }
                          if incremental || relayout || tail != nil {
                            // A tail write has written every row from `tailRow` on.
                            let listedEnd = tail == nil ? Int.max : tailRow
                            // Read in place (no copies: a copy would make the next frame's clear allocate).
                            // Safety: `_rowsDirty` lists slots, each below `_records.count`, the
                            // count of `_liveSlots`; both buffers are only read.
                            _rowsDirty.withUnsafeBufferPointer { dirty in
                              _liveSlots.withUnsafeBufferPointer { live in
                                var touched: UInt64 = 0
                                var start = 0
                                while start < dirty.count {
                                  let end = Swift.min(start + _touchBatch, dirty.count)
                                  touched ^= _touchRows(dirty[start..<end], columns, tables)
                                  for s in dirty[start..<end] {
                                    // Liveness from the dense flags: a record read here is a cache miss per row.
                                    guard s < rowOf.count, rowOf[s] >= 0, Int(rowOf[s]) < listedEnd, live[s]
                                    else {
                                      continue
                                    }
                                    // A zoom destination's dimming overlay is the row before its own.
                                    let overlay =
                                      hot[s].flags & _Hot.dimming != 0 && _dimmingQuad(of: s) != nil
                                      ? 1 : 0
                                    _ = _writeRow(
                                      columns, slot: s, row: Int(rowOf[s]) - overlay,
                                      style: Int(styleOf[s]) - overlay,
                                      tables, dimming: overlay == 1)
                                  }
                                  start = end
                                }
                                _touchSink = touched
                              }
                            }
                          }
                        }
                        if let fast {
                          // Safety: a row reads `values` at its batched quads' `4q ..< 4q + 4`, the
                          // stamps below their count, and writes `laneShadow` only at its own
                          // quads' entries, checked against its count; the three are distinct
                          // arrays bound for the write.
                          fast.values.withUnsafeBufferPointer { values in
                            fast.quadStamp.withUnsafeBufferPointer { quadStamp in
                              fast.laneShadow.withUnsafeMutableBufferPointer { write(values, quadStamp, $0) }
                            }
                          }
                        } else {
                          write(nil, UnsafeBufferPointer(start: nil, count: 0), nil)
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    if relayout || bulkMoves {
      list._truncate(rows: rows, styles: styleCount)
      _stylesPermuted = true
    } else if remap {
      _stylesPermuted = false
    }
    renderList = list
    _rowsDirty.removeAll(keepingCapacity: true)
    _rowsAllDirty = false
    if !incremental && !relayout { swap(&_mapDimmingSlots, &dimmingSlots) }
    // Every write leaves the map current: full writes and relayouts write it as they go.
    _rowsLayoutDirty = false
    _rowMapValid = true
    // Rows are the order's slots (row k = `_order[k]`) without grid and dimming rows: the rows
    // this list's successor vacates are noted from here on.
    _vacatedComplete = !hasGrids && dimmingRows == 0
    _compactByRows = _vacatedComplete
    _orderWritten = _order.count
    _orderChangedFrom = .max
    _vacatedRows.removeAll(keepingCapacity: true)
    _vacatedStyles.removeAll(keepingCapacity: true)
    _dimmingScratch = dimmingSlots
    _stampedRows.removeAll(keepingCapacity: true)
    _stampedGroups.removeAll(keepingCapacity: true)
    _stampListsFull = false
    _movingListWhole = false
    _advanceRenderStamp()
  }

  /// The number of leading `_order` positions whose rows stand where the last render list wrote
  /// them: before the first position the order changed at (`_orderChangedFrom`) and before every
  /// slot whose dimming overlay came or went (`dimming` and `previousDimming`, the destinations
  /// with an overlay now and at the last write, both ascending). Such a slot's position is at
  /// least its old row less the old overlays (each adds one row before its destination); a slot
  /// without an old row is new or was taken out, where the order changed. O(overlays).
  func _unchangedOrderPrefix(dimming: [Int], previousDimming: [Int]) -> Int {
    var prefix = Swift.min(_orderChangedFrom, _order.count)
    var i = 0
    var j = 0
    while i < dimming.count || j < previousDimming.count {
      let d: Int
      if j == previousDimming.count || (i < dimming.count && dimming[i] < previousDimming[j]) {
        d = dimming[i]
        i += 1
      } else if i == dimming.count || previousDimming[j] < dimming[i] {
        d = previousDimming[j]
        j += 1
      } else {
        i += 1
        j += 1
        continue
      }
      if d < _rowOf.count, _rowOf[d] >= 0 {
        prefix = Swift.min(prefix, Swift.max(0, Int(_rowOf[d]) - previousDimming.count))
      }
    }
    return prefix
  }

  /// Grows the slot bitmaps (`_rowDirtyBits`, two of a bit per slot) and the summary
  /// (`_rowDirtySummary`, a bit per word of the first) to cover every slot, with clear words;
  /// returns the word count of each slot bitmap (the summary has `(words + 63) >> 6`).
  @discardableResult
  func _coverRowDirtyBitmaps() -> Int {
    let words = (_records.count + 63) >> 6
    let summaryWords = (words + 63) >> 6
    _rowDirtyBits._cover(2 * words - 1, with: 0)
    _rowDirtySummary._cover(summaryWords - 1, with: 0)
    return words
  }

  /// Numbers the next render list (`_renderStamp`); at the end of the stamps' range every stamp
  /// is cleared, so that no old stamp equals a new one.
  func _advanceRenderStamp() {
    if _renderStamp == Self._geometryStampBit - 1 {
      _renderStamp = 1
      for i in _rowStamp.indices { _rowStamp[i] = 0 }
      for i in _groupStamp.indices { _groupStamp[i] = 0 }
      if let f = _fast { for i in f.quadStamp.indices { f.quadStamp[i] = 0 } }
    } else {
      _renderStamp += 1
    }
  }

  /// Moves each surviving row to its new position `k` (slot `order[k]`, old row `_rowOf[order[k]]`),
  /// writes the rows of slots without an old row, and updates the row map — for a layout changed
  /// only by insertions and evictions, with neither grids nor dimming rows, where the surviving
  /// slots keep their relative order.
  ///
  /// Surviving rows keep their style entries (rows refer to them by index; only the 45 bytes of
  /// row columns move, not the 64-byte style). New rows take the entries no surviving row uses,
  /// lowest first, and a surviving row whose entry lies beyond the new style count moves its
  /// style to one of those — exactly enough exist: the new count is the row count. The style
  /// entries end up a permutation of the rows (`_stylesPermuted`).
  ///
  /// One pass over the order updates the map and collects the runs of consecutive surviving rows
  /// that move by one shift (a few per insertion or eviction), the entries in use (a bitmap) and
  /// the new rows; then one `memmove` per column moves each run. Old rows increase with `k`, so
  /// runs moving up are moved front to back and runs moving down back to front, and no move
  /// overwrites a row that another move still reads. The columns span both the old and the new
  /// row count and style count (`previousStyles`).
  func _moveRows(
    _ columns: _RenderColumns, order: UnsafeBufferPointer<Int>, previousStyles: Int, _ tables: _RowTables
  ) {
    let rowOf = tables.rowOf
    let styleOf = tables.styleOf
    let n = order.count
    // Scene-owned scratch (no allocation once grown): the runs as (first position, first old
    // row, length) triples, one bit per style entry in use, and the free entries.
    var runs = _moveScratch
    _moveScratch = []
    runs.removeAll(keepingCapacity: true)
    let words = (Swift.max(previousStyles, n) + 63) >> 6
    var used = _styleUsedScratch
    _styleUsedScratch = []
    used.removeAll(keepingCapacity: true)
    used.append(contentsOf: repeatElement(0, count: words))
    var free = _freeStyleScratch
    _freeStyleScratch = []
    free.removeAll(keepingCapacity: true)
    // Positions of new rows, and of surviving rows whose style entry lies beyond the new count.
    var fresh = _freshRowScratch
    _freshRowScratch = []
    fresh.removeAll(keepingCapacity: true)
    var relocated = _relocatedRowScratch
    _relocatedRowScratch = []
    relocated.removeAll(keepingCapacity: true)
    var movesUp = false
    var movesDown = false
    // The open run: its first position and old row (`runStart < 0`: none), and the old row the
    // next position continues it with (`Int.min` while no run is open: no old row, an `Int32`
    // that is −1 when absent, continues it).
    var runStart = -1
    var runFrom = 0
    var next = Int.min
    /// Ends the open run at position `end`, noting it when it moves.
    @inline(__always)
    func close(_ end: Int) {
      guard runStart >= 0 else { return }
      if runFrom != runStart {
        runs.append(Int32(truncatingIfNeeded: runStart))
        runs.append(Int32(truncatingIfNeeded: runFrom))
        runs.append(Int32(truncatingIfNeeded: end - runStart))
        if runFrom > runStart { movesUp = true } else { movesDown = true }
      }
      runStart = -1
    }
    // With the vacated rows known (`_vacatedComplete`: the old rows were the order's slots) and
    // no fewer rows than before, the free entries are the vacated rows' entries and those past
    // the old count, and no surviving entry lies beyond the new count: the pass over the order
    // starts at the first row that moved and reads only the row map, not the style map.
    let byVacated = _vacatedComplete && n >= previousStyles
    if byVacated {
      // Safety: `used` holds a bit for each of max(`previousStyles`, `n`) entries, and each
      // vacated entry is below `previousStyles`; it is local while the pointer lives.
      used.withUnsafeMutableBufferPointer { used in
        var first = n
        for (r, e) in zip(_vacatedRows, _vacatedStyles) {
          first = Swift.min(first, Int(r))
          let e = Int(e)
          if UInt(bitPattern: e) < UInt(previousStyles) { used[e >> 6] |= 1 << UInt64(e & 63) }
        }
        // The vacated entries, ascending, then the entries past the old count.
        for w in 0..<((previousStyles + 63) >> 6) {
          var word = used[w]
          while word != 0 {
            free.append(Int32(truncatingIfNeeded: w << 6 | word.trailingZeroBitCount))
            word &= word &- 1
          }
        }
        for e in previousStyles..<n { free.append(Int32(truncatingIfNeeded: e)) }
        // Rows before the first vacated one that kept their position stay as they are. Those
        // before the first position the order changed at did (`_orderChangedFrom`: every change
        // of `_order` since the last write lowers it), so the test starts there.
        var k = Swift.max(0, Swift.min(first, _orderChangedFrom))
        assert((0..<k).allSatisfy { Int(rowOf[order[$0]]) == $0 }, "a row moved before the order changed")
        while k < first && Int(rowOf[order[k]]) == k { k += 1 }
        while k < n {
          let s = order[k]
          let r = Int(rowOf[s])
          rowOf[s] = Int32(truncatingIfNeeded: k)
          if r == next {
            next = r + 1
          } else if r >= 0 {
            close(k)
            runStart = k
            runFrom = r
            next = r + 1
          } else {
            close(k)
            next = Int.min
            fresh.append(Int32(truncatingIfNeeded: k))
          }
          k += 1
        }
        close(n)
      }
    } else {
      // Safety: `used` holds a bit for each of max(`previousStyles`, `n`) entries; it is local (no
      // other reference) while the pointer lives.
      used.withUnsafeMutableBufferPointer { used in
        // One pass over the order: the runs, the entries kept, and the new row map (the old row is
        // read once, where it is written). One unsigned comparison tests 0 <= e < previousStyles.
        let styles = UInt(previousStyles)
        for k in 0..<n {
          let s = order[k]
          let r = Int(rowOf[s])
          let e = Int(styleOf[s])
          rowOf[s] = Int32(truncatingIfNeeded: k)
          if r == next {
            // The common case: the open run continues.
            if UInt(bitPattern: e) < styles {
              used[e >> 6] |= 1 << UInt64(e & 63)
              if e >= n { relocated.append(Int32(truncatingIfNeeded: k)) }
              next = r + 1
              continue
            }
          } else if r >= 0 && UInt(bitPattern: e) < styles {
            used[e >> 6] |= 1 << UInt64(e & 63)
            if e >= n { relocated.append(Int32(truncatingIfNeeded: k)) }
            close(k)
            runStart = k
            runFrom = r
            next = r + 1
            continue
          }
          do {
            // A new row (or one without a usable entry): written afresh below.
            close(k)
            next = Int.min
            fresh.append(Int32(truncatingIfNeeded: k))
          }
        }
        close(n)
        // The free entries below the new count, ascending.
        let limit = (n + 63) >> 6
        for w in 0..<limit {
          var word = ~used[w]
          if w == limit - 1 && n & 63 != 0 { word &= (1 << UInt64(n & 63)) &- 1 }
          while word != 0 {
            free.append(Int32(truncatingIfNeeded: w << 6 | word.trailingZeroBitCount))
            word &= word &- 1
          }
        }
      }
    }
    runs.withUnsafeBufferPointer { runs in
      let count = runs.count / 3
      var j = 0
      while movesUp && j < count {
        let (k, f, length) = (Int(runs[3 * j]), Int(runs[3 * j + 1]), Int(runs[3 * j + 2]))
        if f > k { columns.moveRows(from: f, to: k, count: length) }
        j += 1
      }
      j = count - 1
      while movesDown && j >= 0 {
        let (k, f, length) = (Int(runs[3 * j]), Int(runs[3 * j + 1]), Int(runs[3 * j + 2]))
        if f < k { columns.moveRows(from: f, to: k, count: length) }
        j -= 1
      }
    }
    // After the moves (they would overwrite these rows): new rows and relocated styles take the
    // free entries, lowest first.
    // A row stamped for this write is re-derived after the moves anyway (a relayout rewrites the
    // listed rows, which include every stamped one; a bulk refresh re-derives stamped rows): only
    // its place is assigned here, so that it is not written twice.
    assert(free.count >= fresh.count + relocated.count, "fewer free style entries than rows to place")
    var nextFree = 0
    for k in fresh {
      let s = order[Int(k)]
      let e = Int(free[nextFree])
      nextFree += 1
      let stamped =
        s < tables.rowStamp.count && tables.rowStamp[s] == tables.stamp
        && tables.hot[s].flags & _Hot.dimming == 0
      if !stamped { _ = _writeRow(columns, slot: s, row: Int(k), style: e, tables, dimming: false) }
      styleOf[s] = Int32(truncatingIfNeeded: e)
    }
    for k in relocated {
      let e = Int(free[nextFree])
      nextFree += 1
      columns.moveStyle(ofRow: Int(k), to: e)
      styleOf[order[Int(k)]] = Int32(truncatingIfNeeded: e)
    }
    _freshRowScratch = fresh
    _relocatedRowScratch = relocated
    _moveScratch = runs
    _styleUsedScratch = used
    _freeStyleScratch = free
  }

  /// Rows an incremental write touches ahead of writing them (`_touchRows`).
  var _touchBatch: Int { 16 }

  /// Reads, for the listed slots, the scattered memory their rows are written from and to — the
  /// per-slot row, the group's row, the fast path's values, the row's columns — and returns a
  /// value depending on every read (kept in `_touchSink`, so no read is dropped). Rows listed
  /// for an incremental write are scattered: the reads of one row depend on each other, and the
  /// long arithmetic between rows leaves little overlap, so each row waits for its misses in
  /// turn. This tight loop issues a batch's misses together; the rows are then written from
  /// cache. Reads only (the rows do not change).
  @inline(__always)
  func _touchRows(
    _ slots: UnsafeBufferPointer<Int>.SubSequence, _ columns: _RenderColumns, _ tables: _RowTables
  )
    -> UInt64
  {
    var acc: UInt64 = 0
    let hot = tables.hot
    for s in slots where s < hot.count {
      let row = Int(tables.rowOf[s])
      guard row >= 0 else { continue }
      let quad = Int(hot[s].quad)
      let group = Int(hot[s].group)
      // A 72-byte row spans two cache lines: its first and its last fields touch both.
      acc ^= hot[s].frame.a.bitPattern ^ UInt64(hot[s].flags)
      if let v = tables.values {
        if quad >= 0 { acc ^= v[4 * quad].bitPattern }
        if group >= 0 {
          let gq = Int(tables.groups[group].quad)
          if gq >= 0 { acc ^= v[4 * gq].bitPattern }
        }
      }
      acc ^= columns.x[row].bitPattern
      acc ^= columns.styles![Int(tables.styleOf[s])].opacity.bitPattern
    }
    return acc
  }

  /// Stores `lanes` as quad `q`'s entry of `shadow` (`_FastPath.laneShadow`), when it has one.
  @inline(__always)
  static func _record(_ lanes: _Quad, quad q: Int, in shadow: UnsafeMutableBufferPointer<Double>) {
    let i = 4 * q
    guard i + 3 < shadow.count else { return }
    // Safety: `i + 3` is inside `shadow` (checked above).
    (shadow[i], shadow[i + 1], shadow[i + 2], shadow[i + 3]) = (lanes.a, lanes.b, lanes.c, lanes.d)
  }

  /// Refreshes the rows of `order[range]` in place at their mapped rows and style entries
  /// (`tables.rowOf`, `styleOf`; the row map stands): a row is re-derived in full
  /// (``_writeRow(_:slot:row:style:_:dimming:)``) when an input besides batch values changed
  /// (its slot's or group's stamp is this write's), when a batch quad it reads may have moved
  /// (stamped) — except for the quads of its layout frame (its own frame's, its matched group's
  /// shared frame's), which rewrite only its rectangle (``_writeGeometry(_:slot:row:style:_:)``),
  /// and the low quads of its style and effect, whose moved lanes are found by comparing their
  /// values with those the row was last written from (`tables.shadow`): a row whose only moved
  /// lanes are the two opacities gets its opacity rewritten, and a row with nothing moved is left
  /// as it is. Rows are independent, so ranges may run on different workers. The rows are
  /// bit-identical to a full write's: a lane that did not move gives the row's last values, and
  /// the rectangle and the opacity are computed as ``_writeRow`` computes them.
  func _refreshRows(
    _ columns: _RenderColumns, order: UnsafeBufferPointer<Int>, range: Range<Int>, _ tables: _RowTables
  ) {
    let stamp = tables.stamp
    let quadStamp = tables.quadStamp
    let rowStamp = tables.rowStamp
    let groupStamp = tables.groupStamp
    guard let v = tables.values, let shadow = tables.shadow else {
      for k in range {
        let s = order[k]
        _ = _writeRow(
          columns, slot: s, row: Int(tables.rowOf[s]), style: Int(tables.styleOf[s]), tables, dimming: false)
      }
      return
    }
    /// Whether quad `q` (−1: none) may have moved since the rows were last written.
    @inline(__always)
    func moved(_ q: Int32) -> Bool {
      q >= 0 && (Int(q) >= quadStamp.count || quadStamp[Int(q)] == stamp)
    }
    /// The lanes of low quad `q` (−1: none) that differ from the row's last values: bit k for
    /// lane k (bit 0 is the opacity).
    @inline(__always)
    func lanes(_ q: Int32) -> Int {
      guard moved(q) else { return 0 }
      let i = 4 * Int(q)
      guard i + 3 < shadow.count else { return 0b1111 }
      // Safety: `i + 3` is inside `shadow`, and inside `v` (a quad's values, `4q ..< 4q + 4`).
      var m = 0
      for k in 0..<4 where v[i + k].bitPattern != shadow[i + k].bitPattern { m |= 1 << k }
      return m
    }
    let hidden = _Hot.hidden
    for k in range {
      let s = order[k]
      let h = tables.hot[s]
      let row = Int(tables.rowOf[s])
      let style = Int(tables.styleOf[s])
      let rs = s < rowStamp.count ? rowStamp[s] : stamp
      var full =
        rs == stamp || h.flags & _Hot.dimming != 0
        || (tables.clipsChanged && h.flags & _Hot.clipped != 0) || moved(h.styleHi) || moved(h.effectHi)
      // The layout frame moved (the own frame's quad or the matched group's shared frame's) or
      // was set (stamped for its rectangle).
      var geometry = moved(h.quad) || rs == stamp | Self._geometryStampBit
      if !full && h.group >= 0 {
        let g = Int(h.group)
        full = g >= groupStamp.count || groupStamp[g] == stamp
        geometry = geometry || (tables.groups[g].active && moved(tables.groups[g].quad))
      }
      var changed = 0
      if !full {
        changed = lanes(h.styleLo) | lanes(h.effectLo)
        full = changed & ~1 != 0
      }
      if full {
        _ = _writeRow(columns, slot: s, row: row, style: style, tables, dimming: false)
        continue
      }
      if geometry { _writeGeometry(columns, slot: s, row: row, style: style, tables) }
      if changed != 0 {
        // Only the opacities moved: the rectangle and the rest of the style stand.
        let look = tables.looks[Int(h.look)]
        let st = Self._quad(h.styleLo, look.style.lo, v)
        if h.styleLo >= 0 { Self._record(st, quad: Int(h.styleLo), in: shadow) }
        let fx = Self._quad(h.effectLo, look.effect.lo, v)
        if h.effectLo >= 0 { Self._record(fx, quad: Int(h.effectLo), in: shadow) }
        let opacity = h.flags & hidden != 0 ? 0 : st.a * fx.a
        columns.styles![style].opacity = RenderList.Style._clampedOpacity(opacity)
      }
    }
  }

  /// ``_refreshRows(_:order:range:_:)`` for every row, visiting only what was stamped for this
  /// write: each quad `_FastPath.moving` lists (it lists every quad stamped, see
  /// `_movingListWhole`) patches or marks its owner's row — a frame's quad (the own frame's, a
  /// matched group's for its members) marks the row's rectangle, a low style or effect quad
  /// patches the opacity or marks the whole row, any other quad marks the whole row —, the rows
  /// of the slots and groups stamped (`_stampedRows`, `_stampedGroups`) are marked whole (a slot
  /// stamped for its rectangle, `Scene._noteRowGeometry`, its rectangle), and
  /// then each marked row is rewritten whole or its rectangle alone. O(moving quads + stamped
  /// slots) instead of O(rows). The same rows as the row pass: a row is re-derived whenever that
  /// pass would, its rectangle alone is rewritten whenever that pass would, and the opacity of a
  /// patched row is computed from both low quads at once, so the order of the visits does not
  /// matter. One thread only (two quads of one slot would write its row).
  func _refreshMovedRows(_ columns: _RenderColumns, _ tables: _RowTables) {
    guard let f = _fast, let v = tables.values, let shadow = tables.shadow, let styles = columns.styles else {
      return
    }
    let rowOf = tables.rowOf
    let styleOf = tables.styleOf
    let hot = tables.hot
    // Each row is re-derived once, after the listed quads were all seen, in slot order: a slot
    // reached through several moving quads (its own frame's and its matched group's, a style
    // quad's) or also stamped was re-derived each time (every row twice per frame in a reflow of
    // matched elements), and rows written in listing order (an interrupt storm's is random) missed
    // the cache in every per-slot table. The scene's slot bitmaps (all clear between frames,
    // unused by this path otherwise) mark the rows to write whole (`written`) and those whose
    // rectangle alone moved (`moved`: a reflow's rows keep their id, style entry, opacity and
    // clip, and rewriting only the four rectangle columns took 13 % off a grid-reflow-elements
    // frame); the pass over them writes the rows and clears both (a word per 64 slots; bounds
    // tracked in locals that the nested function mutates were boxed and checked for exclusivity
    // at every write). A row marked here may also get the opacity-only update below first; its
    // later write does not undo it (a whole write computes the same opacity, a rectangle leaves
    // it).
    // Safety: a slot is checked against `live.count` (an entry per slot) and its word against
    // `words` (both bitmaps' length) before either is used; `rowOf` and `styleOf` cover every
    // slot and `hot` every slot with a row (as in the write that passes `tables`); a quad is
    // checked against each fast-path table's count, a group against `_groups.count`. `written`
    // and `moved` (the two halves of the scene's bitmaps) are reached only through their buffers
    // here; every other buffer is only read.
    let words = _coverRowDirtyBitmaps()
    _rowDirtyBits.withUnsafeMutableBufferPointer { bitmaps in
      // Safety: `_coverRowDirtyBitmaps` grew the array to two bitmaps of `words` words each.
      let written = UnsafeMutableBufferPointer(rebasing: bitmaps[0..<words])
      let moved = UnsafeMutableBufferPointer(rebasing: bitmaps[words..<2 * words])
      _liveSlots.withUnsafeBufferPointer { live in
        @inline(__always)
        func write(_ s: Int) {
          _ = _writeRow(
            columns, slot: s, row: Int(rowOf[s]), style: Int(styleOf[s]), tables, dimming: false)
        }
        /// Marks slot `s`'s row in `bits` (`written`: whole, `moved`: its rectangle alone).
        @inline(__always)
        func mark(_ s: Int, in bits: UnsafeMutableBufferPointer<UInt64>) {
          guard s < live.count, live[s], rowOf[s] >= 0 else { return }
          let w = s >> 6
          // A slot past the bitmaps (none expected: they cover the slots) is written whole at
          // once, out of line: `_writeRow` inlined once, in the bitmap pass below, not at every
          // call of this.
          guard w < words else { return _writeRowOutOfLine(columns, slot: s, tables) }
          bits[w] |= 1 << UInt64(s & 63)
        }
        @inline(__always)
        func full(_ s: Int) { mark(s, in: written) }
        @inline(__always)
        func geometry(_ s: Int) { mark(s, in: moved) }
        f.quadOwner.withUnsafeBufferPointer { owners in
          f.quadRole.withUnsafeBufferPointer { roles in
            f.quadLowStyle.withUnsafeBufferPointer { lowStyle in
              f.moving.withUnsafeBufferPointer { moving in
                for q32 in moving {
                  let q = Int(q32)
                  guard q < owners.count else { continue }
                  let owner = owners[q]
                  if owner < 0 {
                    // A matched group's shared frame: its members' rows. The sole member from the
                    // dense table (as `_collectMovingRows`: reading the group's member list chases a
                    // pointer per group, a cache miss per moving group at 100,000 matched
                    // elements), several members from the list.
                    guard owner != Int32.min else { continue }
                    let g = Int(-(owner + 1))
                    let sole = g < _groupSoleMember.count ? _groupSoleMember[g] : _GroupHot.severalMembers
                    if sole >= 0 {
                      geometry(Int(sole))
                    } else if sole == _GroupHot.severalMembers && g < _groups.count {
                      _groups.withUnsafeBufferPointer { for m in $0[g].members { geometry(m) } }
                    }
                    continue
                  }
                  let s = Int(owner)
                  guard s < live.count, live[s], rowOf[s] >= 0 else { continue }
                  // Only the own frame's quad and a style or effect low quad may spare the row's
                  // full write: the quad's role says which it is. What a low quad's opacity needs
                  // besides the quad comes from the quad's own entry, read in the order of the
                  // values: the element's compact row (at the slot) is not read here (reading it to
                  // tell a frame's quad, at random in an interrupt storm, missed the cache once per
                  // moving row at 100,000 elements).
                  guard q < roles.count, roles[q] == .lowStyle, q < lowStyle.count else {
                    if q < roles.count && roles[q] == .frame { geometry(s) } else { full(s) }
                    continue
                  }
                  let low = lowStyle[q]
                  let i = 4 * q
                  guard i + 3 < shadow.count else {
                    full(s)
                    continue
                  }
                  // Safety: `i + 3` is inside `shadow` and `v` (a quad's values, `4q ..< 4q + 4`).
                  // Lanes 1–3 (scale, offsets) moved: the rectangle changes, the row is re-derived.
                  let rest =
                    (v[i + 1].bitPattern ^ shadow[i + 1].bitPattern)
                    | (v[i + 2].bitPattern ^ shadow[i + 2].bitPattern)
                    | (v[i + 3].bitPattern ^ shadow[i + 3].bitPattern)
                  if rest != 0 {
                    full(s)
                  } else if v[i].bitPattern != shadow[i].bitPattern {
                    // Only the opacity lane moved: the rectangle and the rest of the style stand. The
                    // opacity is the style's times the effect's first lane, as `_writeRow` computes
                    // it (a product of two numbers is the same whichever comes first): this quad's,
                    // and the other low quad's or, when that value is not batched, its look's.
                    let other = low.partner >= 0 ? v[4 * Int(low.partner)] : low.otherOpacity
                    shadow[i] = v[i]
                    let opacity = low.hidden ? 0 : v[i] * other
                    styles[Int(styleOf[s])].opacity = RenderList.Style._clampedOpacity(opacity)
                  }
                }
              }
            }
          }
        }
        for g in _stampedGroups where g < _groups.count {
          _groups.withUnsafeBufferPointer { for m in $0[g].members { full(m) } }
        }
        // A slot stamped for its rectangle alone carries the stamp with the geometry bit.
        for s in _stampedRows {
          if s >= tables.rowStamp.count || tables.rowStamp[s] == tables.stamp { full(s) } else { geometry(s) }
        }
        var sink: UInt64 = 0
        for w in 0..<words where written[w] | moved[w] != 0 {
          var whole = written[w]
          // A row marked whole is rewritten whole, even if its frame moved as well.
          var rectangles = moved[w] & ~whole
          written[w] = 0
          moved[w] = 0
          // The frame values of the word's rows are loaded first, into a sink: a storm's quads
          // sit at random in the value table, and each row's write waited for its own miss;
          // loaded ahead, the word's misses overlap.
          var ahead = whole | rectangles
          while ahead != 0 {
            let q = Int(hot[w << 6 | ahead.trailingZeroBitCount].quad)
            if q >= 0 && 4 * q < v.count { sink &+= v[4 * q].bitPattern }
            ahead &= ahead &- 1
          }
          while whole != 0 {
            write(w << 6 | whole.trailingZeroBitCount)
            whole &= whole &- 1
          }
          while rectangles != 0 {
            let s = w << 6 | rectangles.trailingZeroBitCount
            _writeGeometry(columns, slot: s, row: Int(rowOf[s]), style: Int(styleOf[s]), tables)
            rectangles &= rectangles &- 1
          }
        }
        f._warmSink &+= Int(truncatingIfNeeded: sink)
      }
    }
  }

  /// ``_writeRow(_:slot:row:style:_:dimming:)`` of slot `s` at its mapped row and style entry,
  /// without a dimming overlay, as a call (for a rare path beside an inlined bulk one).
  @inline(never)
  func _writeRowOutOfLine(_ columns: _RenderColumns, slot s: Int, _ tables: _RowTables) {
    _ = _writeRow(
      columns, slot: s, row: Int(tables.rowOf[s]), style: Int(tables.styleOf[s]), tables, dimming: false)
  }

  /// Writes the rows of `order[range]` from row `firstRow` on (a zoom destination's dimming
  /// overlay adds a row before it), each with its own style entry from `firstStyle` on, from
  /// the compact per-slot rows (`_hot`), the groups' shared frames, the looks and the fast
  /// path's values: a few dozen bytes read per element, no record access except for clipped
  /// elements and dimming overlays. Returns the number of rows written.
  func _writeRows(
    _ columns: _RenderColumns, order: UnsafeBufferPointer<Int>, range: Range<Int>, firstRow: Int,
    firstStyle: Int,
    _ tables: _RowTables
  ) -> Int {
    var row = firstRow
    for k in range {
      row += _writeRow(
        columns, slot: order[k], row: row, style: firstStyle + row - firstRow, tables, dimming: true)
    }
    return row - firstRow
  }

  /// Whether slot `s` has a dimming overlay (nil: none) and its batch quad (−1: on the general
  /// path): fields read through the buffer (by subscript the whole record was copied, retaining
  /// each of its references, per overlay row written).
  @inline(__always)
  func _dimmingQuad(of s: Int) -> Int32? {
    // Safety: callers pass a slot below `_records.count`, so the buffer is non-empty and
    // `baseAddress! + s` inside it; it is only read.
    _records.withUnsafeBufferPointer { records -> Int32? in
      let r = records.baseAddress! + s
      guard let tr = r.pointee._transition, tr.dimming != nil else { return nil }
      return tr.dimming?._lo ?? -1
    }
  }

  /// Slot `s`'s dimming overlay opacity, or `nil` without an overlay. A batched overlay is read
  /// from `values` (`_FastPath.values`, as a row reads its other quads; the merges are flushed
  /// before rows are written): asking the fast path retained it per overlay row.
  @inline(__always)
  func _dimmingOpacity(of s: Int, values: UnsafeBufferPointer<Double>?) -> Double? {
    // Not through the channel's `value(_:)`: calling a method on the optional copied the
    // channel, retaining its animator, per overlay row written.
    guard let q = _dimmingQuad(of: s) else { return nil }
    if q >= 0, let values { return values[4 * Int(q)] }
    // Safety: callers pass a slot below `_records.count`; the buffer is only read.
    return _records.withUnsafeBufferPointer { $0[s]._transition?.dimming?._general.value }
  }

  /// Quad `q`'s values in `values` (the fast path's value table), or `general` when the value is
  /// not batched (`q` −1) or there is no table.
  @inline(__always)
  static func _quad(_ q: Int32, _ general: _Quad, _ values: UnsafeBufferPointer<Double>?) -> _Quad {
    if let values, q >= 0 {
      let i = 4 * Int(q)
      return _Quad(values[i], values[i + 1], values[i + 2], values[i + 3])
    }
    return general
  }

  /// The presented style and transition effect of a slot: each batched quad (`styleLo`,
  /// `styleHi`, `effectLo`, `effectHi`; −1: not batched) from `values`, every other lane from its
  /// look entry's `style` and `effect`. The row helpers take fields, not the compact row or the
  /// look entry: passed whole, both were copied in full per row (some 270 bytes; shuffle +3 %
  /// instructions a frame), and read from the tables' buffers field by field the rectangle
  /// refresh ran 1.4 % more of a grid-reflow-elements frame than from one local copy of each,
  /// whose unread fields the optimiser drops.
  @inline(__always)
  static func _presentedStyle(
    styleLo: Int32, styleHi: Int32, effectLo: Int32, effectHi: Int32, style: _Oct, effect: _Oct,
    _ values: UnsafeBufferPointer<Double>?
  ) -> (style: _Oct, effect: _Oct) {
    var st = style
    if styleLo >= 0 { st = _Oct(lo: _quad(styleLo, st.lo, values), hi: _quad(styleHi, st.hi, values)) }
    var fx = effect
    if effectLo >= 0 { fx = _Oct(lo: _quad(effectLo, fx.lo, values), hi: _quad(effectHi, fx.hi, values)) }
    return (st, fx)
  }

  /// The layout frame of a slot: its own frame (quad `quad`'s values, or `frame` when not
  /// batched), then its matched group `group`'s shared frame (−1: none) applied about
  /// `matchAnchor` to `matchProperties` while the group is active.
  @inline(__always)
  static func _layoutFrame(
    quad: Int32, frame: _Quad, group: Int32, matchAnchor: UnitPoint,
    matchProperties: MatchedGeometryProperties, _ tables: _RowTables
  ) -> Rect {
    let v = tables.values
    var base = Rect(_q: _quad(quad, frame, v))
    if group >= 0 {
      let g = tables.groups[Int(group)]
      if g.active {
        let q = _quad(g.quad, g.value, v)
        let shared = MatchedGeometryFrame(
          anchorPosition: Point(x: q.a, y: q.b), size: Size(width: q.c, height: q.d))
        base = shared.apply(to: base, anchor: matchAnchor, properties: matchProperties)
      }
    }
    return base
  }

  /// The visual rectangle of layout frame `base` with presented style `st` and effect `fx`:
  /// scaled about the element's anchor `scaleAnchor` and offset by its style, then by the
  /// transition effect about `effectAnchor` (modifier order: the transition outermost). One
  /// owner, with ``_layoutFrame(quad:frame:group:matchAnchor:matchProperties:_:)``, for a full row
  /// write and a geometry refresh, so both give the same bits.
  @inline(__always)
  static func _visualFrame(
    _ base: Rect, scaleAnchor: UnitPoint, effectAnchor: UnitPoint, _ st: _Oct, _ fx: _Oct
  ) -> Rect {
    // No scale: the layout frame moved by the style's offset, then the effect's, its size exact
    // (the formula below would round both through the anchors); without offsets, the layout frame
    // itself.
    if st.lo.b == 1 && fx.lo.b == 1 && fx.lo.c == 1 {
      return base.offsetBy(dx: st.lo.c, dy: st.lo.d).offsetBy(dx: fx.lo.d, dy: fx.hi.a)
    }
    let ae = base.point(at: scaleAnchor)
    let at = base.point(at: effectAnchor)
    let se = st.lo.b
    var x0 = ae.x + se * (base.minX - ae.x) + st.lo.c
    var x1 = ae.x + se * (base.maxX - ae.x) + st.lo.c
    var y0 = ae.y + se * (base.minY - ae.y) + st.lo.d
    var y1 = ae.y + se * (base.maxY - ae.y) + st.lo.d
    x0 = at.x + fx.lo.b * (x0 - at.x) + fx.lo.d
    x1 = at.x + fx.lo.b * (x1 - at.x) + fx.lo.d
    y0 = at.y + fx.lo.c * (y0 - at.y) + fx.hi.a
    y1 = at.y + fx.lo.c * (y1 - at.y) + fx.hi.a
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The presented style and effect and the visual rectangle of slot `s`, reading its compact row
  /// and its look entry once each (their fields only; see
  /// ``_presentedStyle(styleLo:styleHi:effectLo:effectHi:style:effect:_:)``).
  @inline(__always)
  static func _presented(of s: Int, _ tables: _RowTables) -> (style: _Oct, effect: _Oct, visual: Rect) {
    let h = tables.hot[s]
    let look = tables.looks[Int(h.look)]
    let (st, fx) = _presentedStyle(
      styleLo: h.styleLo, styleHi: h.styleHi, effectLo: h.effectLo, effectHi: h.effectHi, style: look.style,
      effect: look.effect, tables.values)
    let base = _layoutFrame(
      quad: h.quad, frame: h.frame, group: h.group, matchAnchor: look.matchAnchor,
      matchProperties: look.matchProperties, tables)
    return (
      st, fx, _visualFrame(base, scaleAnchor: look.scaleAnchor, effectAnchor: look.effectAnchor, st, fx)
    )
  }

  /// Rewrites slot `s`'s rectangle at `row` (style entry `style`) when only its layout frame
  /// moved since the row was written in full: its own frame's quad or its matched group's
  /// shared frame moved, and nothing else the row reads changed except, possibly, the
  /// opacities (patched on their own). The id, kind, style index, opacity, rotation, blur and
  /// clip stand; the corner radius is rewritten only where it is positive, because only there
  /// does it depend on the rectangle (it is at most half the shorter side). The same bits as
  /// ``_writeRow(_:slot:row:style:_:dimming:)``: both compute through
  /// ``_presented(of:_:)`` and `_RenderColumns`' rectangle store.
  @inline(__always)
  func _writeGeometry(_ columns: _RenderColumns, slot s: Int, row: Int, style: Int, _ tables: _RowTables) {
    let (st, _, visual) = Self._presented(of: s, tables)
    columns.writeGeometry(row, style: style, visual, cornerRadius: st.hi.b)
  }

  /// Writes slot `s`'s row at `row` with style entry `style` (and, when `dimming` and the slot is a
  /// zoom destination with an overlay, the overlay's row first, with the next style entry);
  /// returns the number of rows written. See ``_writeRows(_:order:range:firstRow:firstStyle:_:)``.
  @inline(__always)
  func _writeRow(
    _ columns: _RenderColumns, slot s: Int, row firstRow: Int, style: Int, _ tables: _RowTables, dimming: Bool
  ) -> Int {
    var row = firstRow
    let h = tables.hot[s]
    // The container's clip from the table; an own clip rectangle (rare) is intersected with the
    // chain in its order, from the record.
    let clip =
      h.flags & _Hot.clipped == 0
      ? nil
      : h.flags & _Hot.ownClip == 0 && h.container != _Hot.unindexed
        ? tables.clips[Int(h.container)] : _clip(of: s)
    if dimming, h.flags & _Hot.dimming != 0, let dim = _dimmingOpacity(of: s, values: tables.values) {
      columns.write(
        row, style: style + row - firstRow, h.id, .dimming, bounds, opacity: dim, rotation: 0,
        cornerRadius: 0, blurRadius: 0, clip: nil)
      row += 1
    }
    let (st, fx, visual) = Self._presented(of: s, tables)
    // The low quads' values this row is derived from, for a later bulk refresh to compare with.
    if let shadow = tables.shadow {
      if h.styleLo >= 0 { Self._record(st.lo, quad: Int(h.styleLo), in: shadow) }
      if h.effectLo >= 0 { Self._record(fx.lo, quad: Int(h.effectLo), in: shadow) }
    }
    let opacity = h.flags & _Hot.hidden != 0 ? 0 : st.lo.a * fx.lo.a
    // The row map: the element's own row (after its dimming overlay's) and style entry.
    if tables.mapsRows {
      tables.rowOf[s] = Int32(truncatingIfNeeded: row)
      tables.styleOf[s] = Int32(truncatingIfNeeded: style + row - firstRow)
    }
    columns.write(
      row, style: style + row - firstRow, h.id, .element, visual, opacity: opacity,
      rotation: st.hi.a + fx.hi.b, cornerRadius: st.hi.b,
      blurRadius: st.hi.c + fx.hi.c, clip: clip)
    row += 1
    return row - firstRow
  }
}

/// The tables `_writeRows` reads (shareable across the render workers: read-only while rows are
/// written).
struct _RowTables: @unchecked Sendable {
  let hot: UnsafeBufferPointer<_Hot>
  let groups: UnsafeBufferPointer<_GroupHot>
  let looks: UnsafeBufferPointer<_Look>
  /// The containers' resolved clips by dense index (`Scene._containerClips`).
  let clips: UnsafeBufferPointer<Rect?>
  let values: UnsafeBufferPointer<Double>?
  /// The row map (`Scene._rowOf`, `_styleOf`), written per row (each slot by one worker) when
  /// `mapsRows` (the row layout changed since the map was written).
  let rowOf: UnsafeMutablePointer<Int32>
  let styleOf: UnsafeMutablePointer<Int32>
  let mapsRows: Bool
  /// The render stamp of this write and the stamps a bulk refresh compares with it (see
  /// `Scene._renderStamp`); entries beyond a table's end read as stale.
  let stamp: UInt32
  let rowStamp: UnsafeBufferPointer<UInt32>
  let groupStamp: UnsafeBufferPointer<UInt32>
  let quadStamp: UnsafeBufferPointer<UInt32>
  /// `_FastPath.laneShadow` (nil without the fast path): a row written in full records its style
  /// and effect low quads' values there; each slot writes only its own quads' entries.
  let shadow: UnsafeMutableBufferPointer<Double>?
  /// The containers' clips were re-resolved for this write.
  let clipsChanged: Bool
}

/// The state of threaded row writing (`Scene._writeRenderList`), passed to the workers by pointer.
struct _RowsJob {
  let scene: Scene
  let columns: _RenderColumns
  let order: UnsafeBufferPointer<Int>
  let tables: _RowTables
  let range: Range<Int>
  let firstRow, firstStyle: Int
  let chunk, threads: Int
  /// Refresh the rows in place (`Scene._refreshRows`) instead of writing them.
  let bulk: Bool
}

/// A slot's render order key as placed (`Scene._orderKeys`); a NaN container z-index marks it
/// unknown (keys are finite: z-indices are sanitised).
struct _OrderKey {
  var container: Double
  var z: Double
  var seq: Int
  static let unknown = _OrderKey(container: .nan, z: 0, seq: 0)
}

/// The last two containers whose z-indices a render order pass looked up (`Scene._orderKey`):
/// slots of one container sit together in the order, and slots re-placed between two containers
/// alternate.
struct _ContainerZMemo {
  var id: ContainerID? = nil
  var z = 0.0
  var otherID: ContainerID? = nil
  var otherZ = 0.0
}
