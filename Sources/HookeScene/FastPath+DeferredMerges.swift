import Hooke

// A transaction that moves many elements merges a spring into each of their frames (and
// their matched groups' shared frames). One engine call per quad paid the call's set-up (the
// destination's and the source's storage, the end rule's row) per four lanes; deferred, the
// quads a transaction merges into a group are retargeted in one call, and the end rule is
// tested on each from the hints that call reports.
extension _FastPath {
  /// Records the merge of quad `q` into `group` (a spring group): handles `h`, targets `t` and,
  /// when some lane starts from rest, `restart` (four each). Its pre-merge decisions (rest,
  /// clock origin, interval) are made; ``flushMerges()`` applies it.
  @inline(__always)
  func _deferMerge(
    _ q: Int, group: BatchGroup, handles h: UnsafeMutablePointer<BatchChannel>,
    targets t: UnsafeMutablePointer<Double>, restart: UnsafeMutablePointer<Bool>?
  ) {
    // Bounded: a transaction of more merges applies them in runs of this many.
    if _merges.count == _DeferredMerges.limit { flushMerges() }
    _merges.append(q, group: group, handles: h, targets: t, restart: restart)
    _hasDeferredMerges = true
  }

  /// Applies the deferred merges when quad `q`'s is among them (before something reads `q`).
  @inline(__always)
  func _flushMerge(of q: Int) {
    if _hasDeferredMerges && _merges.isPending(q) { flushMerges() }
  }

  /// Applies the deferred merges, if any (before something reads quads they may change).
  @inline(__always)
  func _flushPendingMerges() {
    if _hasDeferredMerges { flushMerges() }
  }

  /// Applies the deferred merges: per run of merges into the same group, one engine retarget of
  /// their lanes (in the order deferred), then per quad its values stored (re-read when the
  /// engine rejected a lane of the run) and SwiftUI's end rule tested, skipped when the quad's
  /// hint rules it out — what each merge's own call and ``settleMerged(_:group:)`` did, with
  /// the same outcome: a quad's merge and its test read and write its own lanes only. O(lanes).
  func flushMerges() {
    let m = _merges
    let n = m.count
    guard n > 0 else { return }
    // Emptied first: a test below that snaps re-reads its quad through the guarded reads.
    m.count = 0
    _hasDeferredMerges = false
    let anyRestart = m.anyRestart
    m.anyRestart = false
    let engine = self.engine
    var start = 0
    while start < n {
      // Safety: entries `0..<n` were written by `append` (quads `start ..< end`, lanes
      // `4·start ..< 4·end`); `values` covers every quad's four lanes.
      let g = m.groups[start]
      var end = start + 1
      while end < n && m.groups[end] == g { end += 1 }
      let lanes = 4 * (end - start)
      let rejected = engine.retarget(
        UnsafeBufferPointer(start: m.handles + 4 * start, count: lanes),
        to: UnsafeBufferPointer(start: m.targets + 4 * start, count: lanes), group: g,
        startingAtRest: anyRestart ? UnsafeBufferPointer(start: m.restart + 4 * start, count: lanes) : nil,
        presented: m.presented + 4 * start, keepingSettled: true, hints: m.hints + start)
      for k in start..<end {
        m.pending[Int(m.quads[k])] = false
        // The merge and the end rule below change the quad: a mark from a step since its
        // deferral is stale.
        activeMarks[Int(m.quads[k])] = 0
      }
      if rejected == 0 {
        values.withUnsafeMutableBufferPointer { v in
          for k in start..<end {
            let q = Int(m.quads[k])
            for l in 0..<4 { v[4 * q + l] = m.presented[4 * k + l] }
          }
        }
      } else {
        for k in start..<end { _reread(Int(m.quads[k])) }
      }
      // The end rule after the run's merges: each test reads and snaps its own quad's lanes.
      for k in start..<end {
        let q = Int(m.quads[k])
        let p = Int(settleQuads[q].partner)
        if p == -1 {
          _settleMerged(lo: q, hi: -1, hints: (m.hints[k], nil))
        } else {
          // A quad of a two-quad value (only single quads are deferred): tested whole.
          let (lo, hi) = p >= 0 ? (q, p) : (-(p + 2), q)
          _settleMerged(lo: lo, hi: hi, hints: (nil, nil))
        }
      }
      start = end
    }
  }
}

/// A transaction's deferred merges (``_FastPath/flushMerges()``): per merge its quad and
/// destination group; per lane its handle, target and whether it starts from rest
/// (``anyRestart``: whether any does); room for the values the engine reports and the quads'
/// end-rule hints; per quad whether its merge is pending. Manually allocated (like the
/// engine's `_HandleSlots`): an array stored on the fast path paid a uniqueness check per write,
/// a dozen per merge. Grown in transactions only (``reserve(_:)``, ``cover(quad:)``).
final class _DeferredMerges {
  /// The most merges recorded at once (136 bytes each, about 560 KB): enough for one engine call to
  /// amortise its set-up, few enough that a transaction of any size keeps the storage small.
  static var limit: Int { 4096 }

  /// Merges recorded (entries `0..<count` are valid).
  @exclusivity(unchecked) var count = 0
  @exclusivity(unchecked) var anyRestart = false
  /// Merges the storage holds.
  @exclusivity(unchecked) private(set) var capacity = 0
  @exclusivity(unchecked) private(set) var quads: UnsafeMutablePointer<Int32>
  /// Per merge, its destination: the group and the substep clock its lanes follow.
  @exclusivity(unchecked) private(set) var groups: UnsafeMutablePointer<BatchGroup>
  @exclusivity(unchecked) private(set) var handles: UnsafeMutablePointer<BatchChannel>
  @exclusivity(unchecked) private(set) var targets: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private(set) var restart: UnsafeMutablePointer<Bool>
  @exclusivity(unchecked) private(set) var presented: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) private(set) var hints: UnsafeMutablePointer<_SettleHint>
  /// Per quad below ``quadCapacity``: whether its merge is recorded.
  @exclusivity(unchecked) private(set) var pending: UnsafeMutablePointer<Bool>
  @exclusivity(unchecked) private(set) var quadCapacity = 0

  // Safety: every block holds `max(capacity, 1)` merges' entries (`4·` for lanes), written
  // before they are read (by `append`, and by the engine for `presented` and `hints`); `pending`
  // holds `max(quadCapacity, 1)` flags, all initialised. The element types are trivial, so
  // assignment into allocated memory and plain deallocation are sound.
  init() {
    quads = .allocate(capacity: 1)
    groups = .allocate(capacity: 1)
    handles = .allocate(capacity: 4)
    targets = .allocate(capacity: 4)
    restart = .allocate(capacity: 4)
    presented = .allocate(capacity: 4)
    hints = .allocate(capacity: 1)
    pending = .allocate(capacity: 1)
    pending.initialize(to: false)
  }

  deinit {
    quads.deallocate()
    groups.deallocate()
    handles.deallocate()
    targets.deallocate()
    restart.deallocate()
    presented.deallocate()
    hints.deallocate()
    pending.deallocate()
  }

  /// Whether quad `q`'s merge is recorded.
  @inline(__always)
  func isPending(_ q: Int) -> Bool { q >= 0 && q < quadCapacity && pending[q] }

  /// Records a merge of quad `q` into group `g` (handles `h`, targets `t`, `restart` or none
  /// starting from rest; four each), growing the storage when full.
  @inline(__always)
  func append(
    _ q: Int, group g: BatchGroup, handles h: UnsafeMutablePointer<BatchChannel>,
    targets t: UnsafeMutablePointer<Double>,
    restart r: UnsafeMutablePointer<Bool>?
  ) {
    if count == capacity { reserve(Swift.min(Self.limit, Swift.max(64, 2 * capacity))) }
    if q >= quadCapacity { cover(quad: q) }
    // Safety: `count < capacity` and `q < quadCapacity` (ensured above); `h`, `t` and `r` hold
    // four elements each.
    let i = count
    quads[i] = Int32(q)
    groups[i] = g
    for k in 0..<4 {
      handles[4 * i + k] = h[k]
      targets[4 * i + k] = t[k]
      restart[4 * i + k] = r?[k] ?? false
    }
    if r != nil { anyRestart = true }
    pending[q] = true
    count = i + 1
  }

  /// Makes the storage hold at least `min(n, limit)` merges. O(count) when it grows.
  @inline(never)
  func reserve(_ wanted: Int) {
    let n = Swift.min(wanted, Self.limit)
    guard n > capacity else { return }
    // Safety: `n` > `capacity` ≥ `count`; the recorded entries move over.
    quads = quads._regrown(count: count, capacity: n)
    groups = groups._regrown(count: count, capacity: n)
    hints = hints._regrown(count: count, capacity: n)
    handles = handles._regrown(count: 4 * count, capacity: 4 * n)
    targets = targets._regrown(count: 4 * count, capacity: 4 * n)
    restart = restart._regrown(count: 4 * count, capacity: 4 * n)
    presented = presented._regrown(count: 4 * count, capacity: 4 * n)
    capacity = n
  }

  /// Makes ``pending`` cover quad `q` (to at least double). O(quads) when it grows.
  @inline(never)
  func cover(quad q: Int) {
    guard q >= quadCapacity else { return }
    let n = Swift.max(q + 1, 2 * quadCapacity, 64)
    // Safety: the `quadCapacity` flags move over, the rest start clear.
    pending = pending._regrown(count: quadCapacity, capacity: n)
    (pending + quadCapacity).initialize(repeating: false, count: n - quadCapacity)
    quadCapacity = n
  }
}
