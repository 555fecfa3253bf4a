import Hooke
import HookeAnimation

/// A grid in the scene: the model, its cards' motion and its grid-wide animated style.
struct _GridRecord {
  var grid: ElementGrid
  var motion: _GridMotion
  var opacity: _Channel<Double>
  var cornerRadius: _Channel<Double>
  var live = true
  var removing = false
  var seq: Int
  /// The first render row the cards were last written at, so a frame that neither moves the
  /// cards nor moves their rows writes nothing for them.
  var rowCache = _GridRowCache()
}

/// A run of the render order: general slots `_order[range]`, or one grid.
enum _Segment {
  case general(Range<Int>)
  case grid(Int)
}

extension SceneTransaction {
  /// Inserts `grid` and its cards (the grid fades in with the transaction's animation).
  public mutating func insertGrid(_ grid: ElementGrid) {
    _appendBoxed(.insertGrid(grid))
  }
  /// Changes grid `id` with `body`: layout changes (columns, bounds, row height, spacing) move
  /// every card with the transaction's animation; opacity and corner radius animate; container
  /// and z-index apply at once. The card fields (first id, count, matching) cannot change.
  /// While the grid is being removed its fade-out continues (a new opacity is kept in the model).
  public mutating func updateGrid(_ id: GridID, _ body: @escaping (inout ElementGrid) -> Void) {
    _appendBoxed(.updateGrid(id, body))
  }
  /// Removes grid `id` (it fades out with the transaction's animation, then leaves).
  public mutating func removeGrid(_ id: GridID) {
    _ops.append(.removeGrid(id))
  }
}

extension Scene {
  /// The ticks per second of grid motion (the batch engine's default, 10!).
  static var _gridTicksPerSecond: Int64 { 3_628_800 }

  /// Scene time → grid ticks (see ``_ticks(_:perSecond:)``).
  static func _gridTick(_ t: Double) -> Int64 { _ticks(t, perSecond: _gridTicksPerSecond) }

  /// Seconds → the nearest tick at `perSecond`, clamped to [0, 2⁶²] (NaN and negative → 0).
  /// Far-future times (up to +∞) clamp to 2⁶² ticks, as `BatchEngine.step(deltaTime:)` does,
  /// which settles everything; converting ≥ 2⁶³ to Int64 would trap.
  static func _ticks(_ t: Double, perSecond: Int64) -> Int64 {
    let ticks = t * Double(perSecond)
    guard ticks > 0 else { return 0 }  // also NaN
    return ticks < 0x1p62 ? Int64(ticks.rounded()) : 1 << 62
  }

  /// The grid `id`, if present (including while being removed).
  public func grid(_ id: GridID) -> ElementGrid? {
    guard let g = _gridIndex[id] else { return nil }
    return _grids[g].grid
  }

  /// The ids of the scene's grids, in insertion order.
  public var gridIDs: [GridID] {
    _grids.filter(\.live).sorted { $0.seq < $1.seq }.map(\.grid.id)
  }

  /// The grid owning element id `id` as a card: (grid index, card index).
  func _gridCard(_ id: ElementID) -> (Int, Int)? {
    guard !_gridIndex.isEmpty else { return nil }
    for g in _grids.indices where _grids[g].live {
      if let i = _grids[g].grid.cardIndex(of: id) { return (g, i) }
    }
    return nil
  }

  /// The grid whose cards own matched group (`namespace`, `id`): (grid index, card index).
  func _gridMatch(_ namespace: Namespace, _ id: MatchID) -> (Int, Int)? {
    guard !_gridIndex.isEmpty, case .int(let k) = id else { return nil }
    for g in _grids.indices where _grids[g].live {
      let grid = _grids[g].grid
      guard grid.matchedNamespace == namespace else { continue }
      if grid._matchRange.contains(k) { return (g, k - grid.firstMatchID) }
    }
    return nil
  }

  /// The first matched id of `grid`'s range (in `namespace`) that another live grid's card or an
  /// element's group already uses, or `nil`. O(grids + groups in use).
  func _matchedIDInUse(_ grid: ElementGrid, _ namespace: Namespace) -> MatchID? {
    let ids = grid._matchRange
    guard !ids.isEmpty else { return nil }
    var first: Int?
    for other in _grids where other.live && other.grid.matchedNamespace == namespace {
      let o = other.grid._matchRange
      if o.overlaps(ids) { first = Swift.min(first ?? .max, Swift.max(o.lowerBound, ids.lowerBound)) }
    }
    _groupIndex.forEachKey { key in
      if key.namespace == namespace, case .int(let k) = key.id, ids.contains(k) {
        first = Swift.min(first ?? .max, k)
      }
    }
    return first.map { .int($0) }
  }

  /// Card `i` of grid `g` as an element (its layout frame and the grid's style).
  func _cardElement(_ g: Int, _ i: Int) -> Element {
    let grid = _grids[g].grid
    var e = Element(id: grid.elementID(ofCard: i), frame: grid.frame(ofCard: i), container: grid.container)
    e.opacity = grid.opacity
    e.cornerRadius = grid.cornerRadius
    e.zIndex = grid.zIndex
    if let ns = grid.matchedNamespace {
      e.matchedGeometry = MatchedGeometry(id: .int(grid.firstMatchID + i), namespace: ns)
    }
    return e
  }

  /// The batch driver of a grid layout change animated by `animation` (`nil`: a jump).
  func _gridDriver(_ animation: Animation?, _ id: GridID, _ result: inout TransactionResult) -> _GridDriver? {
    guard let animation else { return nil }
    if let s = animation.as(FluidSpringAnimation.self) {
      switch s.model {
      case .swiftUI: return .fluid(FluidSpringModel(response: s.response, dampingFraction: s.dampingFraction))
      case .exact: return .spring(Spring(response: s.response, dampingRatio: s.dampingFraction))
      }
    }
    func ticks(_ d: Double) -> Int64 { Self._gridTick(d) }
    if let b = animation.as(BezierAnimation.self) {
      return .curve(
        .bezier(startControlPoint: b.curve.startControlPoint, endControlPoint: b.curve.endControlPoint),
        durationTicks: ticks(b.duration))
    }
    if let u = animation.as(UnitCurveAnimation.self) {
      return .curve(u.curve, durationTicks: ticks(u.duration))
    }
    let isDefault = animation == .default
    if !isDefault { result.diagnostics.append(.gridAnimationUnsupported(id)) }
    // `.default`: SwiftUI's default spring (response 0.55, damping fraction 1).
    return .fluid(FluidSpringModel(response: 0.55, dampingFraction: 1))
  }

  func _insertGrid(
    _ raw: ElementGrid, tx: SceneTransaction, t: Double, result: inout TransactionResult
  ) {
    if let g = _gridIndex[raw.id] {
      guard _grids[g].removing else {
        result.diagnostics.append(.duplicateGridID(raw.id))
        return
      }
      // Revive: fade back in from where it is, then apply the new values.
      _grids[g].removing = false
      _updateGrid(g, raw, tx: tx, t: t, result: &result)
      return
    }
    if raw.count > ElementGrid.maximumCount {
      result.diagnostics.append(
        .gridTooLarge(grid: raw.id, count: raw.count, limit: ElementGrid.maximumCount))
      return
    }
    var (grid, bad) = raw._sanitized()
    if bad { result.diagnostics.append(.invalidGrid(grid.id)) }
    if grid.container != .root && _containers[grid.container] == nil {
      result.diagnostics.append(.unknownContainer(element: grid.firstElementID, container: grid.container))
      grid.container = .root
    }
    if let ns = grid.matchedNamespace, !_checkNamespace(ns, element: grid.firstElementID, result: &result) {
      grid.matchedNamespace = nil
    }
    if let ns = grid.matchedNamespace, let used = _matchedIDInUse(grid, ns) {
      result.diagnostics.append(.gridMatchedIDInUse(grid: grid.id, id: used))
      grid.matchedNamespace = nil
    }
    // Card ids must be free: no plain element and no other grid may own one.
    let ids = grid._idRange
    for other in _grids where other.live {
      let o = other.grid._idRange
      if o.overlaps(ids) {
        result.diagnostics.append(.duplicateElementID(ElementID(Swift.max(o.lowerBound, ids.lowerBound))))
        return
      }
    }
    if let id = _slots.smallestID(in: ids) {
      result.diagnostics.append(.duplicateElementID(id))
      return
    }
    let tick = Self._gridTick(t)
    let animated = tx.animation != nil
    var opacity = _Channel(animated ? 0 : grid.opacity, time: t)
    if animated { opacity.retarget(grid.opacity, animation: tx.animation, at: t) }
    let record = _GridRecord(
      grid: grid, motion: _GridMotion(count: grid.count, geometry: grid._geometry, tick: tick),
      opacity: opacity,
      cornerRadius: _Channel(grid.cornerRadius, time: t), seq: _nextSeq)
    _nextSeq += 1
    let g: Int
    if let f = _freeGrids.popLast() {
      g = f
      _grids[g] = record
    } else {
      g = _grids.count
      _grids.append(record)
    }
    _gridIndex[grid.id] = g
    _segmentsDirty = true
  }

  func _updateGrid(
    _ g: Int, _ raw: ElementGrid, tx: SceneTransaction, t: Double, result: inout TransactionResult
  ) {
    let old = _grids[g].grid
    var (grid, bad) = raw._sanitized()
    // The cards cannot change.
    if grid.id != old.id || grid.firstElementID != old.firstElementID || grid.count != old.count
      || grid.matchedNamespace != old.matchedNamespace || grid.firstMatchID != old.firstMatchID
    {
      bad = true
      grid.id = old.id
      grid.firstElementID = old.firstElementID
      grid.count = old.count
      grid.matchedNamespace = old.matchedNamespace
      grid.firstMatchID = old.firstMatchID
    }
    if bad { result.diagnostics.append(.invalidGrid(old.id)) }
    if grid.container != .root && _containers[grid.container] == nil {
      result.diagnostics.append(.unknownContainer(element: grid.firstElementID, container: grid.container))
      grid.container = .root
    }
    _grids[g].grid = grid
    let geometry = grid._geometry
    if geometry != _grids[g].motion.geometry {
      let driver = _gridDriver(tx.animation, grid.id, &result)
      _grids[g].motion.retarget(
        to: geometry, driver: driver, atTick: Self._gridTick(t), ticksPerSecond: Self._gridTicksPerSecond)
    }
    // While the grid fades out its opacity channel runs the fade (target 0): an update must
    // not reverse it (the grid would then leave at full opacity when the channel stops).
    if !_grids[g].removing && grid.opacity != _grids[g].opacity.target {
      _grids[g].opacity.retarget(grid.opacity, animation: tx.animation, at: t)
    }
    if grid.cornerRadius != old.cornerRadius {
      _grids[g].cornerRadius.retarget(grid.cornerRadius, animation: tx.animation, at: t)
    }
    if grid.container != old.container || grid.zIndex != old.zIndex { _segmentsDirty = true }
  }

  func _removeGrid(_ id: GridID, tx: SceneTransaction, t: Double, result: inout TransactionResult) {
    guard let g = _gridIndex[id] else {
      result.diagnostics.append(.unknownGrid(id))
      return
    }
    guard !_grids[g].removing else {
      result.diagnostics.append(.unknownGrid(id))
      return
    }
    _grids[g].removing = true
    guard tx.animation != nil else {
      _evictGrid(g)
      return
    }
    _grids[g].opacity.retarget(0, animation: tx.animation, at: t)
    if !_grids[g].opacity.isAnimating { _evictGrid(g) }
  }

  func _evictGrid(_ g: Int) {
    _gridIndex[_grids[g].grid.id] = nil
    _grids[g].live = false
    // An empty motion frees the columns.
    _grids[g].motion = _GridMotion(count: 0, geometry: _grids[g].grid._geometry, tick: 0)
    _freeGrids.append(g)
    _segmentsDirty = true
  }

  /// Samples grid-wide animations and retires grids whose removal finished.
  func _sampleGrids(at t: Double) {
    for g in _grids.indices where _grids[g].live {
      _grids[g].opacity.sample(at: t)
      _grids[g].cornerRadius.sample(at: t)
      if _grids[g].removing && !_grids[g].opacity.isAnimating { _evictGrid(g) }
    }
  }

  /// The clip of content in container `c` with its own clip `own` (the container chain's clips
  /// intersected; an empty intersection gives a zero-size rectangle at the first clip's origin).
  func _containerClip(_ c: ContainerID, own: Rect?) -> Rect? {
    var clip = own?.standardized
    var c = c
    var guardCount = 0
    while c != .root, let container = _containers[c], guardCount < 64 {
      if let r = container.clipRect?.standardized {
        if let cur = clip {
          clip = cur.intersection(r) ?? Rect(origin: cur.origin, size: .zero)
        } else {
          clip = r
        }
      }
      c = container.parent
      guardCount += 1
    }
    return clip
  }

  /// Rebuilds `_segments`: the general order (already sorted) merged with the live grids by
  /// (container z-index, z-index, insertion sequence).
  func _rebuildSegments() {
    _segmentsDirty = false
    _segments.removeAll(keepingCapacity: true)
    func containerZ(_ c: ContainerID) -> Double { c == .root ? 0 : _containers[c]?.zIndex ?? 0 }
    var grids: [(cz: Double, z: Double, seq: Int, g: Int)] = []
    for g in _grids.indices where _grids[g].live {
      grids.append((containerZ(_grids[g].grid.container), _grids[g].grid.zIndex, _grids[g].seq, g))
    }
    guard !grids.isEmpty else {
      if !_order.isEmpty { _segments.append(.general(0..<_order.count)) }
      return
    }
    grids.sort { a, b in
      if a.cz != b.cz { return a.cz < b.cz }
      if a.z != b.z { return a.z < b.z }
      return a.seq < b.seq
    }
    var next = 0
    var start = 0
    for k in _order.indices {
      let s = _order[k]
      let key = (
        containerZ(_records[s].element.container), _attachments.extras.zIndex(of: _records[s].element),
        _records[s].seq
      )
      while next < grids.count {
        let gk = grids[next]
        let before = gk.cz != key.0 ? gk.cz < key.0 : gk.z != key.1 ? gk.z < key.1 : gk.seq < key.2
        guard before else { break }
        if start < k { _segments.append(.general(start..<k)) }
        start = k
        _segments.append(.grid(gk.g))
        next += 1
      }
    }
    if start < _order.count { _segments.append(.general(start..<_order.count)) }
    while next < grids.count {
      _segments.append(.grid(grids[next].g))
      next += 1
    }
  }
}

/// Where a grid's cards were last written in the render list (a class: the render writer
/// updates it while the scene is borrowed).
final class _GridRowCache {
  var rowStart = -1
}

/// The state of a threaded grid step, passed to the workers by pointer.
struct _GridJob {
  let motion: _GridMotion
  let rows: _GridRows
  let count, chunk, threads: Int
  /// Per-worker counts of cards still moving.
  let moving: UnsafeMutablePointer<Int>
}

extension Scene {
  /// Writes grid `g`'s style entry and rows from `firstRow` on: steps its cards when they move
  /// (on the fast path's workers, chunk j to worker j mod threads: bit-identical for any
  /// split), rewrites ids and positions when the rows moved, and otherwise leaves the rows as
  /// the last frame wrote them.
  func _writeGridRows(_ g: Int, columns: _RenderColumns, firstRow: Int, tick: Int64) {
    let motion = _grids[g].motion
    let cache = _grids[g].rowCache
    let grid = _grids[g].grid
    columns.styles![g] = RenderList.Style(
      opacity: _grids[g].opacity.value, rotation: 0, cornerRadius: _grids[g].cornerRadius.value,
      blurRadius: 0,
      clip: grid.container == .root ? nil : _containerClip(grid.container, own: nil))
    let count = grid.count
    let moved = cache.rowStart != firstRow
    cache.rowStart = firstRow
    if moved { motion.invalidateRows() }
    let needsStep = motion.prepare(toTick: tick, ticksPerSecond: Self._gridTicksPerSecond)
    guard count > 0 else {
      if needsStep { motion.finish(moving: 0) }
      return
    }
    let rows = _GridRows(
      x: columns.x + firstRow, y: columns.y + firstRow, width: columns.width + firstRow,
      height: columns.height + firstRow)
    if moved {
      let base = grid.firstElementID.rawValue
      let ids = columns.ids + firstRow
      let kinds = columns.kinds + firstRow
      let styles = columns.styleIndices + firstRow
      let index = UInt32(truncatingIfNeeded: g)
      for i in 0..<count {
        ids[i] = ElementID(base &+ i)
        kinds[i] = .element
        styles[i] = index
      }
    }
    guard needsStep else {
      if moved { motion.write(0..<count, into: rows) }
      return
    }
    let fast = _fast
    if let fast, let pool = fast.pool, fast.threads > 1, count > fast.chunk {
      // The fast path's per-worker counters are free while the render list is written.
      var job = _GridJob(
        motion: motion, rows: rows, count: count, chunk: fast.chunk, threads: fast.threads,
        moving: fast._snapped)
      for w in 0..<fast.threads { fast._snapped[w] = 0 }
      // Safety: `job` outlives the pool call, which returns only after every worker is done
      // with it; worker w adds only to moving[w] (one counter per worker).
      withUnsafeMutablePointer(to: &job) { job in
        pool.forEachChunk(count: count, chunkSize: fast.chunk, context: UnsafeMutableRawPointer(job)) {
          raw, worker, _, lower, upper in
          let job = raw!.assumingMemoryBound(to: _GridJob.self)
          job.pointee.moving[worker] += job.pointee.motion.step(lower..<upper, into: job.pointee.rows)
        }
      }
      var moving = 0
      for w in 0..<fast.threads { moving += fast._snapped[w] }
      motion.finish(moving: moving)
    } else {
      motion.finish(moving: motion.step(0..<count, into: rows))
    }
  }
}
