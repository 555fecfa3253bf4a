import Hooke
import HookeAnimation

/// A headless model of what SwiftUI does with transitions, `matchedGeometryEffect` and the zoom
/// navigation transition, driven by transactions.
///
/// A scene is a reference type (a `final class`): every reference to it is the same scene, with
/// one engine, one clock and one render list; nothing is copied when it is passed around. It is
/// not thread-safe: use it from one thread at a time (its own workers are internal).
///
/// Usage: make namespaces with ``makeNamespace()``, change the scene in transactions
/// (``withAnimation(_:at:_:)``, ``withoutAnimation(at:_:)``) that insert, remove, update and
/// restyle ``Element``s, then call ``advance(to:)`` per frame and read ``renderList``.
///
/// Semantics:
/// - **Time** is seconds on the caller's clock (derive it from an integer frame counter, e.g.
///   `PropertyAnimator.time(tick:ticksPerSecond:)`). The scene never goes backwards: an earlier
///   or NaN time acts at the last time used. So does a time beyond ``maximumTime`` (10⁹ s, about
///   31 years) or +∞: it is ignored rather than adopted, because a clock parked in the far future
///   would leave every later transaction at its first frame for ever.
/// - **Bounded motion**: an animation estimated to keep values moving longer than
///   ``maximumAnimationDuration`` (an hour), or never to end by time — an undamped spring, an
///   infinite duration or delay, a speed near zero — is not started: its changes apply at once
///   and the transaction reports ``SceneDiagnostic/animationTooLong(element:duration:)``. A
///   repeat without a count runs until replaced, as asked.
/// - **Animated properties**: an update animates the element's frame and style with the
///   transaction's animation; interrupting animations merge (springs: position and velocity
///   continuous) or combine (timing curves), exactly as `PropertyAnimator`.
/// - **Transitions**: an inserted element runs its transition from `.willAppear` to `.identity`,
///   a removed one from `.identity` to `.didDisappear` and stays in the render list until all of
///   its animations end, then leaves. Without animation (or with an identity transition)
///   insertion and removal are immediate. Re-inserting an element that is being removed revives
///   it: its transition animates back to identity from where it is.
/// - **Matched geometry** (SwiftUI's `matchedGeometryEffect`): per (namespace, id) the shared
///   frame is the source's anchor point in window space plus its size; the source is the most
///   recently inserted member that is not being removed and has `isSource`. Every member
///   (including removed ones still on screen) takes the shared frame per its `properties` and
///   `anchor`. When the source or its frame changes, the shared frame animates from where it is
///   to the new source's frame with the transaction's animation (merge/combine rules of
///   HookeAnimation).
/// - **Render order**: container z-index, then element z-index, then insertion order.
/// - **Grids** (``ElementGrid``, ``SceneTransaction/insertGrid(_:)``): uniform cards laid out by
///   the scene, stored as columns and animated in one pass per frame; their cards are elements
///   for ``contains(_:)``, ``element(_:)``, ``frameVelocity(of:)`` and the render list, and take
///   part in the render order as one block (the grid's container, z-index and insertion order).
///
/// Engine: every scene runs its springs (`.default` among them, as the spring it forwards to) and
/// timing curves — frames (own and matched, and each matched group's shared frame), styles,
/// transition effects and zoom dimming overlays — as channels of one
/// `BatchEngine` (one channel per animated scalar, stepped on `threads` workers), with SwiftUI's
/// rules: springs merge into the motion they interrupt (retarget as a shift, velocity kept),
/// timing curves combine with it, a SwiftUI spring keeps its substep clock, a spring ends by
/// SwiftUI's rule on the whole value (at a transaction's own time too, as a per-property
/// animation's sample there does) and a timing curve once its time is past its duration.
/// Animations the batch engine has no driver for — interpolating springs, CSS `linear()`
/// easing, modifiers (delay, speed, repeat), keyframe timelines and `CustomAnimation`
/// conformers — run per property on a `PropertyAnimator`. Either way the scene presents what
/// one `PropertyAnimator` per property would (to 1e-9 point, tested over 1,000 random
/// transaction scripts), whatever its size.
///
/// Cost: a transaction is O(changes + touched groups); a frame is O(channels the batch engine
/// steps + properties animating per property) plus one pass writing the render list from compact
/// per-element rows (about 56 bytes per element, a shared default style, per-group shared-frame
/// rows). Only the channels a step moved are copied into the scene's value table, and a frame
/// performs no heap allocation once the render list has grown, for any thread count (measured
/// by `hooke-bench scene` under `Benchmarks/malloc-counter`; workers are a
/// `HookeThreads.WorkerPool`). Per-property animators allocate in their animation state (about
/// two allocations per animating property per frame).
public final class Scene {
  /// This scene's token (namespaces carry it).
  public let token: UInt64
  /// The window bounds (used by zoom dimming overlays).
  // Unchecked: read per overlay row written (a checked read was a runtime call each); a scene is
  // used from one thread at a time and its render workers only read it.
  @exclusivity(unchecked) public var bounds: Rect
  /// The last time used.
  public private(set) var currentTime: Double = 0
  /// The presentation written by the last ``advance(to:)``.
  public internal(set) var renderList = RenderList()

  @exclusivity(unchecked) var _namespaceCount = 0
  @exclusivity(unchecked) var _records: [_Record] = []
  /// The elements' rare attachments, out of their records (see ``_StoredElement``).
  @exclusivity(unchecked) var _attachments = _AttachmentColumns()
  /// Transition states evicted records released, for reuse (see ``_takeTransition(effect:anchor:)``),
  /// and the number of states made: the pool's capacity covers them all.
  @exclusivity(unchecked) var _spareTransitions: [_TransitionState] = []
  @exclusivity(unchecked) var _transitionsMade = 0
  /// `_records[s].live` per slot, densely: compacting `_order` after evictions reads one byte per
  /// element instead of a whole record's cache line.
  @exclusivity(unchecked) var _liveSlots: [Bool] = []
  @exclusivity(unchecked) var _free: [Int] = []
  @exclusivity(unchecked) var _slots = _SlotTable()
  @exclusivity(unchecked) var _groups: [_Group] = []
  @exclusivity(unchecked) var _freeGroups: [Int] = []
  @exclusivity(unchecked) var _groupIndex = _GroupTable()
  @exclusivity(unchecked) var _containers: [ContainerID: Container] = [:] {
    didSet { _containerTableDirty = true }
  }
  /// Containers by dense index (`_Hot.container`; entry 0 is the root), the index per id, and
  /// each one's resolved clip (its chain's clips intersected, see `_containerClip`): rows read
  /// their container's clip by index instead of hashing the chain per row. Containers are never
  /// removed, so the table holds at most the containers set. The clips are re-resolved before a
  /// frame after any container change (`_containerTableDirty`).
  @exclusivity(unchecked) var _containerIDs: [ContainerID] = [.root]
  @exclusivity(unchecked) var _containerIndex: [ContainerID: UInt16] = [:]
  @exclusivity(unchecked) var _containerClips: [Rect?] = [nil]
  @exclusivity(unchecked) var _containerTableDirty = false
  /// Recently looked up dense indices, by the id's low three bits (the root is never looked up,
  /// so it marks an empty way).
  @exclusivity(unchecked) var _containerIndexCache: [(id: ContainerID, index: UInt16)] = Array(
    repeating: (.root, 0), count: 8)
  @exclusivity(unchecked) var _zoomSources: [_GroupKey: ElementID] = [:]
  /// The zoom destinations in the order they started (see ``_ZoomDestination``).
  @exclusivity(unchecked) var _zoomDestinations: [_ZoomDestination] = []
  /// Moves on whenever the slot an id names may have changed for an id that a zoom destination
  /// takes as its source (an element with that id inserted or evicted): a destination's cached
  /// source slot and flag (`_ZoomDestination.sourceEpoch`) are valid while it has not. Starts
  /// at 1, so that an entry's 0 never matches (64 bits: a move per insertion or eviction does
  /// not wrap round to 0 in any scene's life).
  @exclusivity(unchecked) var _zoomSourceEpoch: UInt64 = 1
  /// The slots of `_zoomDestinations`, ascending (kept sorted as destinations come and go).
  @exclusivity(unchecked) var _zoomDestinationSlots: [Int] = []
  @exclusivity(unchecked) var _order: [Int] = []
  @exclusivity(unchecked) var _orderDirty = false
  /// `_order[..<_orderSorted]` is in render order; the entries after it are insertions not yet
  /// placed (``_placeOrderTail()``). Meaningful when `_orderDirty` is false.
  @exclusivity(unchecked) var _orderSorted = 0
  @exclusivity(unchecked) var _orderScratch: [(container: Double, z: Double, seq: Int, slot: Int)] = []
  /// Slots whose container or z-index changed since the last frame, to be re-placed in the order
  /// (`_repositionMark[s]` tells whether slot `s` is listed).
  @exclusivity(unchecked) var _repositioned: [Int] = []
  @exclusivity(unchecked) var _repositionMark: [Bool] = []
  /// Per slot, the order key it was placed with by a sort or merge (`_OrderKey.unknown` when it
  /// was appended on insertion, or evicted): merges compare against it instead of reading records
  /// and hashing container ids, and a repositioned slot whose key is unchanged stays in place.
  @exclusivity(unchecked) var _orderKeys: [_OrderKey] = []
  @exclusivity(unchecked) var _nextSeq = 0
  @exclusivity(unchecked) var _leaving: [Int] = []
  /// Slots with general-path animations or a pending removal (sampled per frame); a slot is
  /// listed once (`_Record.inMotion`, kept across slot reuse).
  @exclusivity(unchecked) var _motion: [Int] = []
  /// Groups whose shared frame animates on the general path (`_Group.inMotion`).
  @exclusivity(unchecked) var _movingGroups: [Int] = []
  /// The batch engine's driver (nil only in the per-property reference scene). A constant: methods reach it without retaining it
  /// per call, as they must for a variable (a transaction calls into it several times per
  /// change).
  let _fast: _FastPath?
  /// Per slot, what a frame reads to write the element's row (`_Hot`), derived from `_records`;
  /// slots listed in `_hotDirty` are re-derived before the next render list.
  @exclusivity(unchecked) var _hot: [_Hot] = []
  @exclusivity(unchecked) var _hotDirty: [Int] = []
  /// The records whose own frame rides its matched group's shared frame (`_Record.ridesShared`):
  /// while none does, transactions skip the riding checks.
  @exclusivity(unchecked) var _riders = 0
  /// Per group, its presented shared frame's storage (`_GroupHot`), derived from `_groups`.
  @exclusivity(unchecked) var _groupHot: [_GroupHot] = []
  /// Per group, its only member's slot, `_GroupHot.noMembers` or `_GroupHot.severalMembers`
  /// (derived from `_Group.members` with `_groupHot`, and on evictions): a frame lists the rows
  /// of moving groups' members from it.
  @exclusivity(unchecked) var _groupSoleMember: [Int32] = []
  /// Style, transition effect and anchors of rows: entry 0 is the shared default look; other
  /// entries (`_Record.look`) are used by one or more slots (`_lookUses`) and freed with the last.
  @exclusivity(unchecked) var _looks: [_Look] = [_Look.default]
  @exclusivity(unchecked) var _freeLooks: [Int32] = []
  /// How many slots use each look entry (entry 0, the default, is not counted): slots whose
  /// looks are bit-for-bit the same share one entry, so a transaction giving thousands of
  /// elements one style stores it once, not once per element.
  @exclusivity(unchecked) var _lookUses: [Int32] = [0]
  /// The entry last written (0: none): a slot whose new look equals it shares it. Elements a
  /// transaction changes alike are refreshed one after another, so comparing with this one
  /// entry (no hashing) finds the sharing there is.
  @exclusivity(unchecked) var _lastLook: Int32 = 0
  /// Grids (``ElementGrid``): records by index (stable while live), the index by id, free
  /// indices; render order segments merging `_order` with the grids (rebuilt when dirty).
  @exclusivity(unchecked) var _grids: [_GridRecord] = []
  @exclusivity(unchecked) var _gridIndex: [GridID: Int] = [:]
  @exclusivity(unchecked) var _freeGrids: [Int] = []
  @exclusivity(unchecked) var _segments: [_Segment] = []
  @exclusivity(unchecked) var _segmentsDirty = false {
    didSet { if _segmentsDirty { _rowsLayoutDirty = true } }
  }
  /// Incremental render rows: when the last frame wrote every row and nothing about the row
  /// layout changed since (order, segments, evictions, dimming rows, row count), a frame rewrites
  /// only the rows of `_rowsDirty` — slots whose row was re-derived or whose group changed, and
  /// the owners of batch quads that moved — at `_rowOf[s]` / `_styleOf[s]`. Otherwise it writes
  /// every row and rebuilds the maps. Either way the rows are bit-identical.
  @exclusivity(unchecked) var _rowsDirty: [Int] = []
  @exclusivity(unchecked) var _rowOf: [Int32] = []
  @exclusivity(unchecked) var _styleOf: [Int32] = []
  @exclusivity(unchecked) var _rowMapValid = false
  /// The slots with a dimming overlay row when the row map was built (sorted).
  @exclusivity(unchecked) var _mapDimmingSlots: [Int] = []
  @exclusivity(unchecked) var _dimmingScratch: [Int] = []
  /// Scratch of `_hideFlyingZoomSources`, one entry per zoom destination.
  @exclusivity(unchecked) var _zoomProbes: [_ZoomProbe] = []
  /// A relayout (`_moveRows`) left the style entries a permutation of the rows (row ≠ entry):
  /// the next full write maps them again (it writes entry = row).
  @exclusivity(unchecked) var _stylesPermuted = false
  /// Where `_touchRows`' result goes (read by nothing; it keeps the reads).
  @exclusivity(unchecked) var _touchSink: UInt64 = 0
  /// `_moveRows`' scratch: runs of rows that move, style entries in use (a bit each), free
  /// entries, positions of new rows and of rows whose style entry moves.
  @exclusivity(unchecked) var _moveScratch: [Int32] = []
  @exclusivity(unchecked) var _styleUsedScratch: [UInt64] = []
  @exclusivity(unchecked) var _freeStyleScratch: [Int32] = []
  @exclusivity(unchecked) var _freshRowScratch: [Int32] = []
  @exclusivity(unchecked) var _relocatedRowScratch: [Int32] = []
  /// The rows of the last render list vacated since it was written — by evictions and by slots
  /// taken out for re-placement — with their style entries, while `_vacatedComplete`: when that
  /// list's rows were the order's slots (row k = `_order[k]`, no grid or dimming rows), these are
  /// exactly the old rows no surviving slot holds, so a relayout (`_moveRows`) takes the free
  /// style entries from them instead of marking every surviving row's entry.
  @exclusivity(unchecked) var _vacatedRows: [Int32] = []
  @exclusivity(unchecked) var _vacatedStyles: [Int32] = []
  @exclusivity(unchecked) var _vacatedComplete = false
  /// Every slot evicted since the last render list sat at its old row in `_order`, and `_order`
  /// has only been appended to since (no compaction, filter or merge): `_compactOrder` then
  /// closes the vacated rows' gaps by block moves instead of testing every entry's liveness.
  @exclusivity(unchecked) var _compactByRows = false
  /// Slots evicted since `_order` was last compacted: each left exactly one dead entry there
  /// (`_evict` is the only place a slot dies), so `_compactOrder` knows when it has found them all.
  @exclusivity(unchecked) var _evictedSinceCompaction = 0
  /// The length of `_order` when the last render list was written (its rows, while
  /// `_vacatedComplete`); entries after it were appended since.
  @exclusivity(unchecked) var _orderWritten = 0
  /// The first position of `_order` that may differ from the order the last render list was
  /// written from (`Int.max`: none). Appends, compactions, filters and merges lower it; a tail
  /// write (see `_writeRenderList`) keeps the rows before it and writes only those after.
  @exclusivity(unchecked) var _orderChangedFrom = 0
  /// One bit per old row for `_compactOrder` (all clear between uses).
  @exclusivity(unchecked) var _vacatedBits: [UInt64] = []
  /// Two bitmaps of one bit per slot, all clear between frames: in the first `words` words
  /// (`_coverRowDirtyBitmaps()`), the rows an incremental write rewrites (it sorts and dedupes
  /// `_rowsDirty` through them) or a bulk refresh by quads rewrites whole (`_refreshMovedRows`);
  /// in the next `words`, the rows whose rectangle alone that refresh rewrites. One array, bound
  /// once for both.
  @exclusivity(unchecked) var _rowDirtyBits: [UInt64] = []
  /// One bit per word of `_rowDirtyBits` that the incremental write set (all clear between
  /// frames): its pass visits only those words. A few hundred listed slots spread over a scene's
  /// 100,000 slots otherwise scanned all 1,563 words, about 200 cache lines that a frame after
  /// the caches were flushed missed in turn.
  @exclusivity(unchecked) var _rowDirtySummary: [UInt64] = []
  @exclusivity(unchecked) var _rowsLayoutDirty = true
  /// This frame rewrites every row (too many changed) although the layout and the map stand.
  @exclusivity(unchecked) var _rowsAllDirty = false
  /// Bulk row refreshes (`_refreshRows`): a frame that rewrites too many rows for the listed path
  /// while the row map stands re-derives only the rows whose inputs changed, and of a row whose
  /// only change is its opacity lanes, only its opacity. `_renderStamp` numbers the render list
  /// being prepared; a slot whose row inputs besides batch values changed (`_noteRowInputs`)
  /// carries it in `_rowStamp`, a group whose storage changed in `_groupStamp`, and a batch quad
  /// that may have moved in `_FastPath.quadStamp` (stamps instead of flags: nothing to clear).
  /// A slot whose only changed input is its own layout frame (`_noteRowGeometry`) carries the
  /// stamp with `_geometryStampBit` set: its rectangle alone is rewritten. Stamps stay below
  /// that bit.
  @exclusivity(unchecked) var _renderStamp: UInt32 = 1
  @exclusivity(unchecked) var _rowStamp: [UInt32] = []
  @exclusivity(unchecked) var _groupStamp: [UInt32] = []
  /// The slots and groups stamped for this render list, each once (at most
  /// `_incrementalRowLimit` slots: beyond it `_stampListsFull`), and whether `_FastPath.moving`
  /// still lists every quad stamped for it (`_collectMovingRows` kept the list whole): then a
  /// bulk refresh visits the moving quads and these lists instead of every row.
  @exclusivity(unchecked) var _stampedRows: [Int] = []
  @exclusivity(unchecked) var _stampedGroups: [Int] = []
  @exclusivity(unchecked) var _stampListsFull = false
  @exclusivity(unchecked) var _movingListWhole = false
  /// Transaction completions not fired yet (`Scene+SwiftUI.swift`).
  var _completions: [_SceneCompletion] = []

  /// An empty scene with window `bounds` (default 390 × 844 points).
  ///
  /// `threads` (default 1; values < 1 read as 1): workers stepping the scene's batch engine and
  /// refreshing its value table and the render list's rows (a `HookeThreads.WorkerPool` started
  /// here). Results are bit-identical for any thread count.
  public init(bounds: Rect = Rect(x: 0, y: 0, width: 390, height: 844), threads: Int = 1) {
    token = _nextSceneToken()
    self.bounds = bounds
    _fast = _FastPath(threads: threads)
    _instantiateTables()
  }

  /// Resolves the storage types of the dictionaries transactions grow (matched groups, zoom
  /// sources, grids) at creation rather than in the frame that first grows them (see
  /// `Dictionary._instantiateStorage(with:_:)`). Leaves them empty.
  func _instantiateTables() {
    let key = _GroupKey(namespace: Namespace(sceneToken: 0, rawValue: -1), id: .int(-1))
    _groupIndex.sparse._instantiateStorage(with: key, -1)
    _zoomSources._instantiateStorage(with: key, ElementID(-1))
    _gridIndex._instantiateStorage(with: GridID(-1), -1)
  }

  /// An empty scene; `fastPath` is ignored.
  ///
  /// Every scene runs on the batch engine now, with SwiftUI's semantics (see ``Scene``), so the
  /// choice this argument once made is gone.
  @available(*, deprecated, message: "Every scene runs on the batch engine; remove the fastPath argument")
  public convenience init(
    bounds: Rect = Rect(x: 0, y: 0, width: 390, height: 844), fastPath: Bool, threads: Int = 1
  ) {
    self.init(bounds: bounds, threads: threads)
  }

  /// A scene that runs every animation per property, on `PropertyAnimator`s, and has no batch
  /// engine: the reference the batch engine is tested and benchmarked against (the code every
  /// scene uses for animations without a batch driver). Not a mode users choose.
  package init(perPropertyReference bounds: Rect) {
    token = _nextSceneToken()
    self.bounds = bounds
    _fast = nil
    _instantiateTables()
  }

  /// A copy of `other`'s state for tests that compare the incrementally maintained caches with a
  /// fresh derivation: value state is copied, the fast path (a reference) is shared, so the copy
  /// may only read and re-derive, never advance.
  init(_copyOf other: Scene) {
    token = other.token
    bounds = other.bounds
    currentTime = other.currentTime
    renderList = other.renderList
    _namespaceCount = other._namespaceCount
    _records = other._records
    _attachments = other._attachments
    _liveSlots = other._liveSlots
    _free = other._free
    _slots = other._slots
    _groups = other._groups
    _freeGroups = other._freeGroups
    _groupIndex = other._groupIndex
    _containers = other._containers
    _containerIDs = other._containerIDs
    _containerIndex = other._containerIndex
    _containerClips = other._containerClips
    _containerTableDirty = other._containerTableDirty
    _zoomSources = other._zoomSources
    _zoomDestinations = other._zoomDestinations
    _zoomSourceEpoch = other._zoomSourceEpoch
    _zoomDestinationSlots = other._zoomDestinationSlots
    _order = other._order
    _orderDirty = other._orderDirty
    _orderSorted = other._orderSorted
    _repositioned = other._repositioned
    _repositionMark = other._repositionMark
    _orderKeys = other._orderKeys
    _nextSeq = other._nextSeq
    _leaving = other._leaving
    _motion = other._motion
    _movingGroups = other._movingGroups
    _fast = other._fast
    _hot = other._hot
    _hotDirty = other._hotDirty
    _riders = other._riders
    _groupHot = other._groupHot
    _groupSoleMember = other._groupSoleMember
    _looks = other._looks
    _freeLooks = other._freeLooks
    _lookUses = other._lookUses
    _lastLook = other._lastLook
    _grids = other._grids
    _gridIndex = other._gridIndex
    _freeGrids = other._freeGrids
    _segments = other._segments
    _segmentsDirty = other._segmentsDirty
    _rowsDirty = other._rowsDirty
    _rowOf = other._rowOf
    _styleOf = other._styleOf
    _rowMapValid = other._rowMapValid
    _mapDimmingSlots = other._mapDimmingSlots
    _dimmingScratch = other._dimmingScratch
    _stylesPermuted = other._stylesPermuted
    _rowDirtyBits = other._rowDirtyBits
    _rowDirtySummary = other._rowDirtySummary
    _rowsLayoutDirty = other._rowsLayoutDirty
    _rowsAllDirty = other._rowsAllDirty
    _renderStamp = other._renderStamp
    _rowStamp = other._rowStamp
    _groupStamp = other._groupStamp
    _stampedRows = other._stampedRows
    _stampedGroups = other._stampedGroups
    _stampListsFull = other._stampListsFull
    _movingListWhole = other._movingListWhole
    _vacatedRows = other._vacatedRows
    _vacatedStyles = other._vacatedStyles
    _vacatedComplete = other._vacatedComplete
    _compactByRows = other._compactByRows
    _evictedSinceCompaction = other._evictedSinceCompaction
    _orderWritten = other._orderWritten
    _orderChangedFrom = other._orderChangedFrom
    _vacatedBits = other._vacatedBits
  }

  /// Whether the scene runs its springs and timing curves on the batch engine: always `true`
  /// for a scene made with a public initialiser.
  @available(*, deprecated, message: "Every scene runs on the batch engine")
  public var usesFastPath: Bool {
    _fast != nil
  }

  /// A new namespace owned by this scene.
  public func makeNamespace() -> Namespace {
    _namespaceCount += 1
    return Namespace(sceneToken: token, rawValue: _namespaceCount - 1)
  }

  /// Number of elements in the scene (including ones being removed), grid cards included.
  public var elementCount: Int {
    var n = _slots.count
    for g in _grids where g.live { n += g.grid.count }
    return n
  }

  /// Whether `id` is in the scene (including while being removed), grid cards included.
  public func contains(_ id: ElementID) -> Bool {
    _slots[id] != nil || _gridCard(id) != nil
  }

  /// Whether `id` is being removed (still on screen); a card while its grid is being removed.
  public func isRemoving(_ id: ElementID) -> Bool {
    guard let s = _slots[id] else {
      if let (g, _) = _gridCard(id) { return _grids[g].removing }
      return false
    }
    return _records[s].removing
  }

  /// The model (target) element `id`, if present; a grid card as an element with its layout
  /// frame and the grid's style and matching.
  public func element(_ id: ElementID) -> Element? {
    guard let s = _slots[id] else {
      if let (g, i) = _gridCard(id) { return _cardElement(g, i) }
      return nil
    }
    return _element(s)
  }

  /// The current source of matched group (`id`, `namespace`), or `nil`; for a grid card's group,
  /// the card.
  public func matchedSource(id: MatchID, in namespace: Namespace) -> ElementID? {
    guard let g = _groupIndex[_GroupKey(namespace: namespace, id: id)] else {
      if let (g, i) = _gridMatch(namespace, id) { return _grids[g].grid.elementID(ofCard: i) }
      return nil
    }
    return _groups[g].source
  }

  /// The presented shared frame of group (`id`, `namespace`) as of the last sample; for a grid
  /// card's group, the card's presented frame (centre anchor).
  public func sharedFrame(id: MatchID, in namespace: Namespace) -> MatchedGeometryFrame? {
    if _groupIndex[_GroupKey(namespace: namespace, id: id)] == nil, let (g, i) = _gridMatch(namespace, id),
      let f = _grids[g].motion.frame(of: i)
    {
      return MatchedGeometryFrame(anchorPosition: Point(x: f.midX, y: f.midY), size: f.size)
    }
    guard let g = _groupIndex[_GroupKey(namespace: namespace, id: id)], let ch = _groups[g].shared else {
      return nil
    }
    let v = ch.value(_fast)
    return MatchedGeometryFrame(anchorPosition: Point(x: v.a, y: v.b), size: Size(width: v.c, height: v.d))
  }

  /// The velocity of element `id`'s own frame animation as `(x, y, width, height)` per second,
  /// or of its matched group's shared frame `(anchor x, anchor y, width, height)` when it is a
  /// matched member with a source; `nil` when the animation does not report one.
  public func frameVelocity(of id: ElementID) -> SIMD4<Double>? {
    guard let s = _slots[id] else {
      if let (g, i) = _gridCard(id) { return _grids[g].motion.velocity(of: i) }
      return nil
    }
    let r = _records[s]
    if let g = r.group, _groups[g].source != nil, let ch = _groups[g].shared {
      return ch.velocity(_fast)?.simd
    }
    return r.frame.velocity(_fast)?.simd
  }

  /// Advances every animation to `time`, removes elements whose removal finished, and writes
  /// ``renderList``.
  public func advance(to time: Double) {
    let t = _clock(time)
    _fast?.refresh(to: t, markLimit: _incrementalRowLimit)
    if let f = _fast, !f.moving.isEmpty { _collectMovingRows(f) }
    // Only groups and records with general-path animations or a pending removal need work here;
    // everything else is idle or moves on the batch engine.
    if !_movingGroups.isEmpty { _sampleMovingGroups(at: t) }
    if !_motion.isEmpty { _sampleMotion(at: t) }
    if !_grids.isEmpty { _sampleGrids(at: t) }
    if !_leaving.isEmpty {
      _rowsLayoutDirty = true
      for s in _leaving { _evict(s) }
      _leaving.removeAll(keepingCapacity: true)
      _compactOrder()
    }
    // Rows first: re-placing a repositioned slot reads its record, which the refresh has just read.
    _refreshDirtyHot()
    if _orderDirty { _sortOrder() } else { _placeOrderTail() }
    _writeRenderList()
    if !_completions.isEmpty { _fireCompletions(at: t) }
  }

  /// The most rows a frame rewrites one by one; beyond it a full write is cheaper.
  var _incrementalRowLimit: Int { Swift.max(64, _order.count / 4) }

  /// Lists slot `s`'s row for the next incremental write (also across a row layout change, which
  /// an edit of the row map may absorb). Nothing is listed once that write is known to be a full
  /// one (more rows than the limit were listed): the full write covers every row and clears the
  /// list.
  @inline(__always)
  func _noteRow(_ s: Int) {
    guard !_rowsAllDirty else { return }
    if _rowsDirty.count < _incrementalRowLimit {
      _rowsDirty.append(s)
    } else {
      _rowsAllDirty = true
      _rowsDirty.removeAll(keepingCapacity: true)
    }
  }

  /// Lists slot `s`'s row (``_noteRow(_:)``) and stamps it as having inputs besides batch values
  /// changed (`_rowStamp`): a bulk refresh re-derives it in full.
  @inline(__always)
  func _noteRowInputs(_ s: Int) {
    _rowStamp._cover(s, with: 0)
    let stamp = _rowStamp[s]
    if stamp != _renderStamp {
      _rowStamp[s] = _renderStamp
      // A slot stamped for its rectangle is listed already.
      if stamp != _renderStamp | Self._geometryStampBit { _listStampedRow(s) }
    }
    _noteRow(s)
  }

  /// Lists slot `s`'s row (``_noteRow(_:)``) and stamps it as having only its own layout frame
  /// changed besides batch values (the frame's quad or its unbatched value in `_hot`), unless it
  /// is stamped already: a bulk refresh rewrites its rectangle alone (`_writeGeometry`), which
  /// reads both. The id, style, opacity and clip the row holds do not depend on the frame (a clip
  /// is in window space). Keyframe-driven frames set every card's frame each frame; a full
  /// re-derivation of each row cost about 250 instructions, its rectangle alone about 170.
  @inline(__always)
  func _noteRowGeometry(_ s: Int) {
    _rowStamp._cover(s, with: 0)
    let stamp = _rowStamp[s]
    if stamp != _renderStamp && stamp != _renderStamp | Self._geometryStampBit {
      _rowStamp[s] = _renderStamp | Self._geometryStampBit
      _listStampedRow(s)
    }
    _noteRow(s)
  }

  /// The bit a stamp in `_rowStamp` carries when only the slot's rectangle needs rewriting.
  static var _geometryStampBit: UInt32 { 1 << 31 }

  /// Adds a newly stamped slot to `_stampedRows` (beyond the limit: `_stampListsFull`).
  @inline(__always)
  func _listStampedRow(_ s: Int) {
    if _stampedRows.count < _incrementalRowLimit {
      _stampedRows.append(s)
    } else {
      _stampListsFull = true
    }
  }

  /// Lists the rows of the owners of the fast path's moving quads in `_rowsDirty` and drops the
  /// quads that have settled (their last step is in this frame's values). When more quads move
  /// than a quarter of the rows, the frame writes every row anyway: only an idle engine clears the
  /// list then. O(moving quads).
  func _collectMovingRows(_ f: _FastPath) {
    // Every quad whose values may have changed since the last render list is listed here.
    let stamp = _renderStamp
    // Safety: each quad is checked against `stamps.count` before its stamp is written.
    f.quadStamp.withUnsafeMutableBufferPointer { stamps in
      for q in f.moving where Int(q) < stamps.count { stamps[Int(q)] = stamp }
    }
    if f.moving.count > _incrementalRowLimit {
      _rowsAllDirty = true
      if f.engine.activeCount == 0 && f.engine.combiningCount == 0 {
        for q in f.moving { f.isListedMoving[Int(q)] = false }
        f.moving.removeAll(keepingCapacity: true)
      } else {
        _movingListWhole = true
      }
      return
    }
    var kept = 0
    // The handle table, the engine and the quad tables bound once for the sweep (see
    // `_FastPath.isAnimating(_:handles:engine:)`): read off the fast path per quad, each read
    // retained the engine or checked a table's uniqueness. Whether each quad still moves is
    // answered for blocks of quads (`_FastPath.stillMoving(_:handles:into:)`).
    let block = 64
    // Safety: the four fast-path tables are distinct arrays, bound for the sweep and reached only
    // through their buffers (the bodies touch the scene's row lists, not these tables);
    // `animating` holds `block` flags, so its `baseAddress!` is non-nil and `k % block` inside
    // it. The indices are bounded as the comment inside says.
    f.handles.withUnsafeBufferPointer { handles in
      f.quadOwner.withUnsafeBufferPointer { owners in
        f.isListedMoving.withUnsafeMutableBufferPointer { listed in
          f.moving.withUnsafeMutableBufferPointer { moving in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: block) { animating in
              // Safety: a listed quad has an owner entry, a listed flag and its four handles
              // (`_FastPath.addQuad` grows the quad tables together); `kept ≤ k` overwrites only
              // entries already read, and a block's answers are asked before any of its entries is
              // overwritten.
              for k in moving.indices {
                if k % block == 0 {
                  let end = Swift.min(k + block, moving.count)
                  f.stillMoving(
                    UnsafeBufferPointer(rebasing: UnsafeBufferPointer(moving)[k..<end]), handles: handles,
                    into: animating.baseAddress!)
                }
                let q = Int(moving[k])
                let owner = owners[q]
                if owner >= 0 {
                  _noteRow(Int(owner))
                } else if owner != Int32.min {
                  let g = Int(-(owner + 1))
                  // The sole member from the dense table (reading the group's member list chases a
                  // pointer per group); several members from the list.
                  let sole = g < _groupSoleMember.count ? _groupSoleMember[g] : _GroupHot.severalMembers
                  if sole >= 0 {
                    _noteRow(Int(sole))
                  } else if sole == _GroupHot.severalMembers && g < _groups.count {
                    for m in _groups[g].members { _noteRow(m) }
                  }
                }
                if animating[k % block] {
                  moving[kept] = Int32(q)
                  kept += 1
                } else {
                  listed[q] = false
                }
              }
            }
          }
        }
      }
    }
    f.moving.removeLast(f.moving.count - kept)
  }

  /// Samples the records listed in `_motion`, collects finished removals into `_leaving`, and
  /// drops records that came to rest from the list.
  ///
  /// The listed records are mostly removals animating on the batch engine alone (a removal
  /// transition runs for every element a wave removes), each asking whether one of its quads still
  /// moves. The sweep binds the handle table and the engine once and applies the deferred merges
  /// first, and reads each record's transition state without retaining it: asked through the
  /// fast path per quad, and through a strong reference per record, the answers retained and
  /// released three objects per record (staggered-transitions at 100,000 elements: 11 % of a
  /// frame's instructions).
  func _sampleMotion(at t: Double) {
    let fast = _fast
    fast?._flushPendingMerges()
    // Taken out (not copied) so the appends below mutate the only reference: a copy would make
    // the first append of a frame reallocate.
    var leaving = _leaving
    _leaving = []
    var dirty = _hotDirty
    _hotDirty = []
    var kept = 0
    let handles = fast?.handles ?? []
    let engine = fast?.engine
    // Through buffer pointers: element-wise mutation through the array subscript copied records.
    // Safety: `_motion` lists slots (each below `_records.count`, which never shrinks), so `s`
    // and `baseAddress! + s` lie inside `records` (non-empty, so the base is non-nil); `kept ≤ k`
    // overwrites only entries already read. Both tables are reached only through their buffers
    // here (`_noteRowInputs` writes the row lists). A record's batch quads are the fast path's,
    // with their four handles in `handles` (the sweep adds and removes no quad).
    handles.withUnsafeBufferPointer { handles in
      _records.withUnsafeMutableBufferPointer { records in
        _motion.withUnsafeMutableBufferPointer { motion in
          for k in motion.indices {
            let s = motion[k]
            guard records[s].live else {
              records[s].inMotion = false
              continue
            }
            let r = records.baseAddress! + s
            // Only general-path motion of the frame, style or effect changes what the slot's row
            // is derived from (`_Hot`, its look): a pending removal animating on the batch alone
            // is read from the fast path's values per frame, and a dimming overlay's opacity
            // (batched or not) from the record when its row is written, so a general-path one
            // only lists the row.
            if _Record.hasGeneralMotion(r, dimming: false) {
              records[s].sample(at: t)
              dirty.append(s)
            } else if _Record.withTransition(r, { $0.sampleDimmingIfAnimating(at: t) }) == true {
              _noteRowInputs(s)
            }
            if records[s].removing
              && !_Record.isAnimating(
                r,
                quadMoves: { q in
                  engine.map { _FastPath.isAnimating(q, handles: handles, engine: $0) } ?? false
                })
            {
              leaving.append(s)
              records[s].inMotion = false
            } else if _Record.needsSampling(r) {
              motion[kept] = s
              kept += 1
            } else {
              records[s].inMotion = false
            }
          }
        }
      }
    }
    _motion.removeLast(_motion.count - kept)
    _leaving = leaving
    _hotDirty = dirty
  }

  /// Samples the general-path shared frames listed in `_movingGroups`.
  func _sampleMovingGroups(at t: Double) {
    var kept = 0
    for g in _movingGroups { _groups[g].shared?.sample(at: t) }
    for g in _movingGroups { _refreshGroupHot(g) }
    // Safety: `_movingGroups` lists groups below `_groups.count`; `kept ≤ k` overwrites only
    // entries already read; each table is reached only through its buffer.
    _groups.withUnsafeMutableBufferPointer { groups in
      _movingGroups.withUnsafeMutableBufferPointer { moving in
        for k in moving.indices {
          let g = moving[k]
          if let ch = groups[g].shared, ch._quad < 0, ch._general.isAnimating {
            moving[kept] = g
            kept += 1
          } else {
            groups[g].inMotion = false
          }
        }
      }
    }
    _movingGroups.removeLast(_movingGroups.count - kept)
  }

  /// Lists slot `s` for per-frame sampling when it has general-path motion or a pending removal.
  /// With `row` (default), also lists the slot's row for re-derivation before the next frame.
  func _noteMotion(_ s: Int, row: Bool = true) {
    if row { _hotDirty.append(s) }
    // Through the buffer: the computed property on an array element copies the whole record.
    // Safety: callers pass a slot below `_records.count` (so the buffer is non-empty and
    // `baseAddress! + s` inside it); the buffer is released before the record is written.
    if _records.withUnsafeBufferPointer({ !$0[s].inMotion && _Record.needsSampling($0.baseAddress! + s) }) {
      _records[s].inMotion = true
      _motion.append(s)
    }
  }

  /// Lists group `g` for per-frame sampling when its shared frame animates on the general path.
  func _noteGroupMotion(_ g: Int) {
    // Read through the buffer: binding the shared frame copied it (retaining its animator) per
    // resolved group of a transaction. Safety: callers pass a group below `_groups.count`; the
    // buffer is released before the group is written.
    let animatesUnlisted = _groups.withUnsafeBufferPointer {
      !$0[g].inMotion && ($0[g].shared?._quad ?? 0) < 0 && $0[g].shared?._general.isAnimating == true
    }
    guard animatesUnlisted else { return }
    _groups[g].inMotion = true
    _movingGroups.append(g)
  }

  /// The latest time a scene adopts, in seconds (10⁹ s, about 31 years); later times, +∞ and
  /// NaN act at ``currentTime`` (see the type's *Time* rule).
  public static var maximumTime: Double { 1e9 }

  /// The longest an animation may keep a value of the scene moving: 3,600 s (an hour, far past
  /// any interface animation). An animation estimated to run longer, or never to end by time (an
  /// undamped spring, an infinite duration or delay, a speed near zero), is not started: its
  /// changes apply at once and the transaction reports
  /// ``SceneDiagnostic/animationTooLong(element:duration:)``. A repeat without a count
  /// (`repeatForever`) and custom animations run as given.
  public static var maximumAnimationDuration: Double { 3600 }

  func _clock(_ time: Double) -> Double {
    // One comparison chain that NaN fails: anything not in [currentTime, maximumTime] is ignored.
    guard time >= currentTime && time <= Self.maximumTime else { return currentTime }
    currentTime = time
    return time
  }
}

struct _GroupKey: Hashable {
  var namespace: Namespace
  var id: MatchID
}

struct _Group {
  var key: _GroupKey
  /// Member slots, oldest first.
  var members: [Int] = []
  var source: ElementID?
  var shared: _FrameChannel?
  var dirty = false
  /// Listed in `Scene._movingGroups` (kept across group reuse).
  var inMotion = false
}

/// A slot's element and animated channels.
///
/// Layout (declaration order is memory order; `RecordLayoutTests` pins the 256-byte stride and
/// the lines below): 16 bytes of rarely read state (the transition state's reference, the look
/// entry, four flags), then what an unanimated frame change (a keyframe jump, the commonest bulk
/// change) reads — the own frame channel, the group, the element's id and model frame — in 104
/// contiguous bytes, then the rest of the element, the sequence number and the style. A large
/// array's elements start 48 bytes into a cache line under the C allocator (16 bytes of its
/// header, 32 of the array's), so with a stride of four whole lines every record's bytes 16..<144
/// are two whole lines: a jump reads those two and nothing else. The transition effect and a
/// zoom destination's state live in a ``_TransitionState`` only while an element has one, and
/// the style values an element rarely sets in a side column (``_StyleExtras``).
struct _Record {
  /// The transition effect, its anchor and a zoom destination's state, or `nil`: the effect rests
  /// on the neutral value (``_TransitionState/neutralEffect``) at the centre, no overlay.
  var _transition: _TransitionState?
  /// Its entry in `Scene._looks` (0: the shared default).
  var look: Int32 = 0
  var removing = false
  var live = true
  var hidden = false
  /// Listed in `Scene._motion` (kept across slot reuse).
  var inMotion = false
  var frame: _FrameChannel
  /// The matched group (−1: none).
  var _group: Int32 = -1
  var element: _StoredElement
  /// The own frame rides its matched group's shared frame (see `Scene+RidingFrames.swift`): the
  /// element is the group's source, matched on its whole frame, so its row is the shared frame's,
  /// and its own frame channel rests on the model of the last transaction instead of repeating
  /// the shared frame's motion.
  var ridesShared = false
  var seq: Int
  var style: _OctChannel

  /// The matched group, if any.
  var group: Int? {
    get { _group < 0 ? nil : Int(_group) }
    set { _group = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
  }

  /// The transition effect (the neutral one at rest without a transition state). Mutating it
  /// creates the state; a read-only use that may find none goes through `_transition` instead.
  var effect: _OctChannel {
    get { _transition?.effect ?? _OctChannel(_TransitionState.neutralEffect, time: 0) }
    _modify {
      if _transition == nil { _transition = _TransitionState() }
      yield &_transition!.effect
    }
  }
  /// The point the transition effect's scale is anchored at.
  var effectAnchor: UnitPoint {
    get { _transition?.effectAnchor ?? .center }
    set {
      if _transition == nil {
        guard newValue != .center else { return }
        _transition = _TransitionState()
      }
      _transition!.effectAnchor = newValue
    }
  }
  /// A zoom destination's dimming overlay opacity (on the batch like the style beside it).
  var dimming: _BatchedChannel<Double>? {
    get { _transition?.dimming }
    _modify {
      if _transition == nil { _transition = _TransitionState() }
      yield &_transition!.dimming
    }
  }
  /// A zoom destination's source.
  var zoomSource: ElementID? {
    get { _transition?.zoomSource }
    set {
      if _transition == nil {
        guard newValue != nil else { return }
        _transition = _TransitionState()
      }
      _transition!.zoomSource = newValue
    }
  }

  /// Whether the record at `r` must be sampled per frame: it is being removed, or a channel of it
  /// animates on the general path. Takes a pointer and reads stored fields only: a computed
  /// property on an array element copies the whole record (retaining each of its references).
  @inline(__always)
  static func needsSampling(_ r: UnsafePointer<_Record>) -> Bool {
    r.pointee.removing || hasGeneralMotion(r)
  }

  /// Whether a channel of the record at `r` animates on the general path (sampling it changes
  /// the values its row is derived from). Stored fields only, as ``needsSampling(_:)``.
  /// With `dimming: false`, the dimming overlay's opacity is left out.
  @inline(__always)
  static func hasGeneralMotion(_ r: UnsafePointer<_Record>, dimming: Bool = true) -> Bool {
    if (r.pointee.frame._lo < 0 && r.pointee.frame._general.isAnimating)
      || (r.pointee.style._lo < 0 && r.pointee.style._general.isAnimating)
    {
      return true
    }
    return withTransition(r) { tr in
      (tr.effect._lo < 0 && tr.effect._general.isAnimating) || (dimming && tr.dimmingNeedsSampling)
    } ?? false
  }

  /// `body` applied to the transition state of the record at `r`, or `nil` when it has none. The
  /// state is borrowed, not retained: a strong binding of it (or of an `unowned(unsafe)` copy,
  /// which is made strong at each use) retained and released it once per record of a sweep. The
  /// borrow is the standard library's `Unmanaged._withUnsafeGuaranteedRef`, an underscored API:
  /// should a toolchain drop it, a strong binding gives the same answers at that cost.
  ///
  /// Precondition: `body` does not change the record's transition state reference.
  @inline(__always)
  static func withTransition<Result>(
    _ r: UnsafePointer<_Record>, _ body: (_TransitionState) -> Result
  ) -> Result? {
    // Safety: `_transition` is a stored `Optional` of a class reference, one nullable pointer;
    // the record holds the reference (the precondition) while `body` borrows it.
    let offset = MemoryLayout<_Record>.offset(of: \._transition)!
    guard let state = UnsafeRawPointer(r).load(fromByteOffset: offset, as: UnsafeRawPointer?.self) else {
      return nil
    }
    return Unmanaged<_TransitionState>.fromOpaque(state)._withUnsafeGuaranteedRef(body)
  }

  func isAnimating(_ fast: _FastPath?) -> Bool {
    if frame.isAnimating(fast) || style.isAnimating(fast) { return true }
    guard let tr = _transition else { return false }
    return tr.effect.isAnimating(fast) || (tr.dimming?.isAnimating(fast) ?? false)
  }

  /// Whether the own frame of the record at `r` animates (`frame.isAnimating(fast)`), reading
  /// stored fields only, as ``needsSampling(_:)``.
  @inline(__always)
  static func frameIsAnimating(_ r: UnsafePointer<_Record>, _ fast: _FastPath?) -> Bool {
    let q = r.pointee.frame._lo
    if q >= 0, let f = fast { return f.isAnimating(Int(q)) }
    return r.pointee.frame._general.isAnimating
  }

  /// ``isAnimating(_:)`` of the record at `r`, reading stored fields only (a method call on an
  /// array element copies the whole record, retaining each of its references).
  @inline(__always)
  static func isAnimating(_ r: UnsafePointer<_Record>, _ fast: _FastPath?) -> Bool {
    isAnimating(r, quadMoves: { q in fast?.isAnimating(q) ?? false })
  }

  /// ``isAnimating(_:_:)`` with the batch engine's answer for quad `q` given by `quadMoves(q)`
  /// (a sweep binds the fast path's tables once for all its records).
  @inline(__always)
  static func isAnimating(_ r: UnsafePointer<_Record>, quadMoves: (Int) -> Bool) -> Bool {
    if hasGeneralMotion(r) { return true }
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: maximumBatchQuads) { quads in
      // Safety: `quads` holds `maximumBatchQuads` entries, as many as `batchQuads` writes.
      let n = batchQuads(r, into: quads.baseAddress!)
      return quads[0..<n].contains { quadMoves(Int($0)) }
    }
  }

  /// The most quads ``batchQuads(_:into:)`` lists: the own frame's, the style's two, the
  /// transition effect's two and the dimming overlay's.
  static var maximumBatchQuads: Int { 6 }

  /// Writes the batch quads that drive the record at `r` to `quads` and returns how many: the
  /// record moves on the batch engine exactly when one of them animates (the rest of
  /// ``isAnimating(_:_:)``). Stored fields only, as ``needsSampling(_:)``.
  ///
  /// Precondition: `quads` holds ``maximumBatchQuads`` entries.
  @inline(__always)
  static func batchQuads(_ r: UnsafePointer<_Record>, into quads: UnsafeMutablePointer<Int32>) -> Int {
    let (effect, dimming) =
      withTransition(r) { tr in ((tr.effect._lo, tr.effect._hi), tr.dimmingQuad) } ?? ((-1, -1), -1)
    // Safety: at most six writes, within the precondition's entries.
    var n = 0
    _listQuads(r.pointee.frame._lo, -1, quads, &n)
    _listQuads(r.pointee.style._lo, r.pointee.style._hi, quads, &n)
    _listQuads(effect.0, effect.1, quads, &n)
    _listQuads(dimming, -1, quads, &n)
    return n
  }

  /// Appends a value's low quad `lo` and high quad `hi` to `quads[n...]` when they exist (−1:
  /// none; a high quad counts only beside a low one). Precondition: room for two more.
  @inline(__always)
  static func _listQuads(_ lo: Int32, _ hi: Int32, _ quads: UnsafeMutablePointer<Int32>, _ n: inout Int) {
    guard lo >= 0 else { return }
    // Safety: the precondition's room.
    quads[n] = lo
    n += 1
    if hi >= 0 {
      quads[n] = hi
      n += 1
    }
  }

  @inline(__always)
  mutating func sample(at t: Double) {
    frame.sample(at: t)
    style.sample(at: t)
    if let tr = _transition {
      tr.effect.sample(at: t)
      if tr.dimming != nil { tr.dimming!.sample(at: t) }
    }
  }

  /// Frees the batch channels of the transition state and drops it (an eviction); returns it
  /// when nothing else refers to it, for reuse.
  mutating func releaseTransition(_ fast: _FastPath?) -> _TransitionState? {
    guard var tr = _transition else { return nil }
    tr.effect.release(fast)
    tr.dimming?.release(fast)
    _transition = nil
    return isKnownUniquelyReferenced(&tr) ? tr : nil
  }
}

/// The transition effect of an element whose effect has left the neutral value or its anchor
/// the centre (an insertion or removal transition animating or holding, a custom transition's
/// identity), and a zoom destination's source and dimming overlay: held out of the record, which
/// keeps a reference only while there is one (most elements never have one).
///
/// A class, not a value: the record keeps 8 bytes for it instead of 160, and the channels in it
/// are mutated in place through the reference. One record refers to a state; `Scene(_copyOf:)`
/// (tests that only read and re-derive) shares them, as it shares the fast path.
final class _TransitionState {
  /// `TransitionContent`'s identity values: opacity 1, scale 1 × 1, no offset, rotation or blur.
  static let neutralEffect = _Oct(SIMD8(1, 1, 1, 0, 0, 0, 0, 0))

  @exclusivity(unchecked) var effect: _OctChannel
  @exclusivity(unchecked) var effectAnchor: UnitPoint = .center
  @exclusivity(unchecked) var dimming: _BatchedChannel<Double>?
  @exclusivity(unchecked) var zoomSource: ElementID?

  /// The neutral effect at the centre, no overlay.
  convenience init() { self.init(effect: Self.neutralEffect, anchor: .center) }

  /// The dimming overlay's batch quad, or −1 (none, or off the batch). Read in place: binding
  /// the optional channel copied it, retaining its animator.
  var dimmingQuad: Int32 {
    // Safety: unwrapped only when not nil.
    @inline(__always) get { dimming == nil ? -1 : dimming.unsafelyUnwrapped._lo }
  }

  /// Whether the dimming overlay's opacity animates on the general path (read in place).
  var dimmingNeedsSampling: Bool {
    // Safety: unwrapped only when not nil.
    @inline(__always) get { dimming != nil && dimming.unsafelyUnwrapped.needsSampling }
  }

  /// Samples the dimming overlay's opacity at `t` when it animates on the general path, in
  /// place; returns whether it did.
  @inline(__always)
  func sampleDimmingIfAnimating(at t: Double) -> Bool {
    dimming?._general.sampleIfAnimating(at: t) == true
  }

  /// An effect resting on `effect` at `anchor`.
  init(effect: _Oct, anchor: UnitPoint) {
    self.effect = _OctChannel(effect, time: 0)
    effectAnchor = anchor
  }

  /// Rests on `effect` at `anchor`, no overlay (a released state taken for reuse: its batch
  /// channels were freed).
  func reset(effect: _Oct, anchor: UnitPoint) {
    self.effect = _OctChannel(effect, time: 0)
    effectAnchor = anchor
    dimming = nil
    zoomSource = nil
  }

  /// Whether an effect resting on `value` at `anchor` needs no state: the neutral value, bit for
  /// bit (the row then reads the neutral value), at the centre.
  static func isNeutral(_ value: _Oct, anchor: UnitPoint) -> Bool {
    value.lo.isIdentical(to: neutralEffect.lo) && value.hi.isIdentical(to: neutralEffect.hi)
      && anchor == .center
  }
}

/// What a frame reads per slot to write its row (72 bytes; derived from `_Record` by
/// `Scene._refreshHot`).
struct _Hot {
  /// The own frame's general-path value (when `quad < 0`).
  var frame: _Quad = .zero
  var id: ElementID = ElementID(0)
  /// The own frame's fast-path quad, or −1.
  var quad: Int32 = -1
  /// The style's and the transition effect's fast-path quads (low and high four scalars), or −1:
  /// then the look's values apply.
  var styleLo: Int32 = -1
  var styleHi: Int32 = -1
  var effectLo: Int32 = -1
  var effectHi: Int32 = -1
  /// The matched group (the element has a matched-geometry attachment), or −1.
  var group: Int32 = -1
  /// The entry in `Scene._looks`.
  var look: Int32 = 0
  /// `_Hot.hidden`, `_Hot.clipped`, `_Hot.dimming`, `_Hot.ownClip`.
  var flags: UInt8 = 0
  /// The element's container's dense index (`Scene._containerIDs`; 0: the root), or
  /// `_Hot.unindexed` when the table is full (the row then resolves its clip from the record).
  /// 16 bits keep the row at 72 bytes (it fills the padding after `flags`).
  var container: UInt16 = 0
  static let hidden: UInt8 = 1, clipped: UInt8 = 2, dimming: UInt8 = 4, ownClip: UInt8 = 8
  static let unindexed: UInt16 = .max
}

/// A group's presented shared frame storage (derived from `_Group` by `Scene._refreshGroupHot`).
struct _GroupHot {
  /// The general-path value (when `quad < 0`).
  var value: _Quad = .zero
  var quad: Int32 = -1
  /// The group has a source and a shared frame (members take it).
  var active = false
  /// `Scene._groupSoleMember` entries besides a member's slot.
  static let noMembers: Int32 = -1, severalMembers: Int32 = -2
}

/// The style, transition effect and anchors a row is computed from. A quad of the style or the
/// effect that is batched is read from the fast path's values, never from here: its lanes hold
/// the default look's (``Scene/_refreshHot(_:)``), so that a batched value's new target changes
/// no look, and elements whose moving lanes are batched share a look.
struct _Look {
  var style: _Oct
  var effect: _Oct
  var scaleAnchor: UnitPoint
  var effectAnchor: UnitPoint
  var matchAnchor: UnitPoint
  var matchProperties: MatchedGeometryProperties

  /// A default element's look (its own style, the implicit opacity transition at identity, centre
  /// anchors, whole-frame matching).
  static let `default`: _Look = {
    let e = Element(id: 0, frame: .zero)
    let identity = e.effectiveTransition.body(content: TransitionContent(size: .zero), phase: .identity)
    return _Look(
      style: e._styleVector, effect: identity._vector, scaleAnchor: e.scaleAnchor,
      effectAnchor: identity.scaleAnchor,
      matchAnchor: .center, matchProperties: .frame)
  }()

  /// Bit-for-bit equality (a signed zero changes a row's arithmetic).
  func isIdentical(to o: _Look) -> Bool {
    func same(_ a: _Quad, _ b: _Quad) -> Bool {
      a.a.bitPattern == b.a.bitPattern && a.b.bitPattern == b.b.bitPattern && a.c.bitPattern == b.c.bitPattern
        && a.d.bitPattern == b.d.bitPattern
    }
    func same(_ a: UnitPoint, _ b: UnitPoint) -> Bool {
      a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
    }
    return same(style.lo, o.style.lo) && same(style.hi, o.style.hi) && same(effect.lo, o.effect.lo)
      && same(effect.hi, o.effect.hi) && same(scaleAnchor, o.scaleAnchor)
      && same(effectAnchor, o.effectAnchor)
      && same(matchAnchor, o.matchAnchor) && matchProperties == o.matchProperties
  }
}

extension Scene {
  /// Re-derives the rows of the slots listed in `_hotDirty`.
  func _refreshDirtyHot() {
    guard !_hotDirty.isEmpty else { return }
    var dirty = _hotDirty
    _hotDirty = []
    // Read ahead in blocks: the slots a transaction inserted or changed are scattered, and their
    // records and rows have left the cache since (the rest of the transaction ran in between);
    // refreshed one by one, each slot waited for its misses in turn (tab-indicator at 250,000:
    // 42 % of `_refreshHot`'s samples on the slot's row, 16 % on its record).
    _inReadAheadBlocks(dirty, readAhead: _readAheadSlots) { _refreshHot($0) }
    dirty.removeAll(keepingCapacity: true)
    _hotDirty = dirty
  }

  /// Re-derives slot `s`'s `_Hot` row and look from its record.
  func _refreshHot(_ s: Int) {
    // Field reads through the buffer: by subscript, each read of the record's attachments (the
    // matched geometry, the channels) copied them, retaining and releasing their references, per
    // slot refreshed.
    var look = _Look.default
    var hot = _Hot()
    var li: Int32 = 0
    var container = ContainerID.root
    var quads: (Int32, Int32, Int32, Int32, Int32) = (-1, -1, -1, -1, -1)
    var dimmingQuad: Int32 = -1
    // Safety: callers pass a slot below `_records.count` (listed in `_hotDirty`, or a zoom probe's
    // source), so the buffer is non-empty and `baseAddress! + s` inside it; it is only read.
    let live: Bool = _records.withUnsafeBufferPointer { records in
      let r = records.baseAddress! + s
      guard r.pointee.live else { return false }
      var matched = false
      var matchAnchor = UnitPoint.center
      var matchProperties = MatchedGeometryProperties.frame
      if let (anchor, properties) = _attachments.matches.read(
        r.pointee.element.match, { ($0.anchor, $0.properties) })
      {
        matched = true
        matchAnchor = anchor
        matchProperties = properties
      }
      // A style or effect on the general path is read from its look (its value); a batched quad
      // from the fast path's values per frame, so that its look holds the default look's lanes
      // instead (see `_Look`): a new target of a batched value changes no look.
      let tr = r.pointee._transition
      quads = (
        Int32(r.pointee.frame._quad), r.pointee.style._lo, r.pointee.style._hi, tr?.effect._lo ?? -1,
        tr?.effect._hi ?? -1
      )
      let neutral = _Look.default
      var style = r.pointee.style._general.value
      var effect = tr?.effect._general.value ?? _TransitionState.neutralEffect
      if quads.1 >= 0 { style.lo = neutral.style.lo }
      if quads.2 >= 0 { style.hi = neutral.style.hi }
      if quads.3 >= 0 { effect.lo = neutral.effect.lo }
      if quads.4 >= 0 { effect.hi = neutral.effect.hi }
      look = _Look(
        style: style, effect: effect,
        scaleAnchor: _attachments.extras.scaleAnchor(of: r.pointee.element),
        effectAnchor: tr?.effectAnchor ?? .center,
        matchAnchor: matchAnchor, matchProperties: matchProperties)
      li = r.pointee.look
      var flags: UInt8 = 0
      if r.pointee.hidden { flags |= _Hot.hidden }
      container = r.pointee.element.container
      let ownClip = r.pointee.element.hasClip
      if container != .root || ownClip { flags |= _Hot.clipped }
      if ownClip { flags |= _Hot.ownClip }
      if let tr, tr.dimming != nil {
        flags |= _Hot.dimming
        dimmingQuad = tr.dimmingQuad
      }
      var group: Int32 = -1
      if matched, let g = r.pointee.group { group = Int32(g) }
      hot = _Hot(
        frame: r.pointee.frame._general.value, id: r.pointee.element.id, quad: quads.0,
        styleLo: quads.1, styleHi: quads.2, effectLo: quads.3, effectHi: quads.4,
        group: group, look: 0, flags: flags, container: 0)
      return true
    }
    guard live else { return }
    if s >= _hot.count { _hot.append(contentsOf: repeatElement(_Hot(), count: s + 1 - _hot.count)) }
    if look.isIdentical(to: _looks[0]) {
      _releaseLook(entry: li)
      li = 0
    } else if li > 0 && look.isIdentical(to: _looks[Int(li)]) {
      // Unchanged: keeps its entry, shared or not.
    } else if _lastLook != li && _lastLook > 0 && _lookUses[Int(_lastLook)] > 0
      && look.isIdentical(to: _looks[Int(_lastLook)])
    {
      _releaseLook(entry: li)
      li = _lastLook
      _lookUses[Int(li)] += 1
    } else if li > 0 && _lookUses[Int(li)] == 1 {
      // Its own entry: rewritten in place (a look animating on the general path changes per frame).
      _looks[Int(li)] = look
      _lastLook = li
    } else {
      _releaseLook(entry: li)
      if let f = _freeLooks.popLast() {
        li = f
        _looks[Int(li)] = look
        _lookUses[Int(li)] = 1
      } else {
        li = Int32(_looks.count)
        _looks.append(look)
        _lookUses.append(1)
        // The free list's room grows with the table (an eviction frees a look in a frame).
        if _freeLooks.capacity < _looks.count { _freeLooks.reserveCapacity(_looks.capacity) }
      }
      _lastLook = li
    }
    _records[s].look = li
    // A low quad the row had and no longer has, still claimed by the slot, is no longer read as
    // one (its row is re-derived whole if it moves).
    let (oldStyleLo, oldEffectLo) = (_hot[s].styleLo, _hot[s].effectLo)
    @inline(__always)
    func dropped(_ q: Int32) -> Bool { q >= 0 && q != quads.1 && q != quads.3 }
    if dropped(oldStyleLo) || dropped(oldEffectLo), let f = _fast {
      func release(_ q: Int32) {
        guard dropped(q), Int(q) < f.quadOwner.count, f.quadOwner[Int(q)] == Int32(s) else { return }
        f.quadRole[Int(q)] = .other
      }
      release(oldStyleLo)
      release(oldEffectLo)
    }
    // Only batched channels have quads to claim (checked first: binding the fast path retains it).
    if quads.0 >= 0 || quads.1 >= 0 || quads.3 >= 0 || dimmingQuad >= 0, let f = _fast {
      let owner = Int32(s)
      let hidden = hot.flags & _Hot.hidden != 0
      f.claim(Int(quads.0), owner: owner, frame: true)
      f.claim(
        Int(quads.1), owner: owner,
        lowStyle: _LowStyleQuad(partner: quads.3, hidden: hidden, otherOpacity: look.effect.lo.a))
      f.claim(Int(quads.2), owner: owner)
      f.claim(
        Int(quads.3), owner: owner,
        lowStyle: _LowStyleQuad(partner: quads.1, hidden: hidden, otherOpacity: look.style.lo.a))
      f.claim(Int(quads.4), owner: owner)
      f.claim(Int(dimmingQuad), owner: owner)
    }
    _noteRowInputs(s)
    hot.look = li
    hot.container = _denseContainerIndex(container)
    _hot[s] = hot
  }

  /// Container `c`'s dense index (assigned at its first use; the root is 0), or `_Hot.unindexed`
  /// when 65,535 containers have indices.
  func _denseContainerIndex(_ c: ContainerID) -> UInt16 {
    if c == .root { return 0 }
    // A small direct-mapped cache first (indices never change: containers are never removed).
    let way = c.rawValue & 7
    if _containerIndexCache[way].id == c { return _containerIndexCache[way].index }
    if let i = _containerIndex[c] {
      _containerIndexCache[way] = (c, i)
      return i
    }
    guard _containerIDs.count < Int(_Hot.unindexed) else { return _Hot.unindexed }
    let i = UInt16(_containerIDs.count)
    _containerIDs.append(c)
    _containerClips.append(_containerClip(c, own: nil))
    _containerIndex[c] = i
    return i
  }

  /// Re-resolves every indexed container's clip (after a container changed).
  func _refreshContainerClips() {
    _containerTableDirty = false
    for i in _containerIDs.indices.dropFirst() {
      _containerClips[i] = _containerClip(_containerIDs[i], own: nil)
    }
  }

  /// Re-derives group `g`'s `_GroupHot`.
  func _refreshGroupHot(_ g: Int) {
    if g >= _groupHot.count {
      _groupHot.append(contentsOf: repeatElement(_GroupHot(), count: g + 1 - _groupHot.count))
    }
    // Read through the buffer: `_groups[g].field` copies the whole group (retaining its members
    // and its shared frame's animator) once per field. Safety: callers pass a group below
    // `_groups.count`; `_groupStamp` is covered up to `g` just before its buffer is bound.
    let (active, quad, value) = _groups.withUnsafeBufferPointer { b in
      (
        b[g].source != nil && b[g].shared != nil, b[g].shared?._lo ?? -1,
        b[g].shared?._general.value ?? .zero
      )
    }
    // Optional chaining and one buffer access: a binding of `_fast`, and a read then a write of
    // the stamp, each retained and released a reference per resolved group.
    if quad >= 0 { _fast?.claim(Int(quad), owner: -Int32(g) - 1) }
    _groupStamp._cover(g, with: 0)
    let stamp = _renderStamp
    let restamped = _groupStamp.withUnsafeMutableBufferPointer {
      guard $0[g] != stamp else { return false }
      $0[g] = stamp
      return true
    }
    if restamped {
      if _stampedGroups.count < _incrementalRowLimit {
        _stampedGroups.append(g)
      } else {
        _stampListsFull = true
      }
    }
    let sole = _refreshSoleMember(g)
    if !_rowsAllDirty {
      // One member (the common case) without iterating the list: an iteration retained and
      // released it per call.
      if sole >= 0 {
        _noteRow(Int(sole))
      } else if sole == _GroupHot.severalMembers {
        _groups.withUnsafeBufferPointer { b in for m in b[g].members { _noteRow(m) } }
      }
    }
    _groupHot[g] = _GroupHot(value: value, quad: quad, active: active)
  }

  /// Re-derives group `g`'s `_groupSoleMember` entry from its member list; returns it.
  @discardableResult
  func _refreshSoleMember(_ g: Int) -> Int32 {
    if g >= _groupSoleMember.count {
      _groupSoleMember.append(
        contentsOf: repeatElement(_GroupHot.noMembers, count: g + 1 - _groupSoleMember.count))
    }
    // Through the buffer, count and first read together: `_groups[g].members`, or one read per
    // property, retained and released the list per call. Safety: callers pass a group below
    // `_groups.count`.
    let (count, first) = _groups.withUnsafeBufferPointer { ($0[g].members.count, $0[g].members.first ?? -1) }
    let sole = count == 0 ? _GroupHot.noMembers : count == 1 ? Int32(first) : _GroupHot.severalMembers
    _groupSoleMember[g] = sole
    return sole
  }

  /// Gives up slot `s`'s use of its look entry (the slot is evicted).
  func _releaseLook(_ s: Int) {
    _releaseLook(entry: _records[s].look)
    _records[s].look = 0
  }

  /// Gives up one use of look entry `li` (0, the default, is not counted); the last use frees it.
  @inline(__always)
  func _releaseLook(entry li: Int32) {
    guard li > 0 else { return }
    _lookUses[Int(li)] -= 1
    if _lookUses[Int(li)] == 0 { _freeLooks.append(li) }
  }
}

/// A zoom destination as the scene lists it from its start (`_startZoom`) until its eviction
/// (`_evict`): its slot and its source's id, both fixed for that time (a listed element keeps its
/// slot, and only the start sets the source). Kept here so that a frame's pass over the
/// destinations reads neither the id table to find the slot nor the destination's transition
/// state to find the source (the `zoomSource` the start set there, which stays): two dependent
/// reads per destination and frame, which wait on memory in the frame after the caches went cold.
///
/// It also caches what the frame's pass learnt of the source, so that the next frame reads
/// neither the id table nor the source's record (two more misses per destination in a cold
/// frame): the source's slot (−1: no live element has the id) and its record's `hidden` flag
/// (nil: unknown), both valid while `sourceEpoch` equals `Scene._zoomSourceEpoch`. An eviction
/// that shows a source again forgets the flag of every destination of that source.
struct _ZoomDestination {
  var slot: Int
  var source: ElementID
  var sourceSlot = -1
  var sourceHidden: Bool? = nil
  var sourceEpoch: UInt64 = 0

  init(slot: Int, source: ElementID) { (self.slot, self.source) = (slot, source) }
}

/// What `Scene._hideFlyingZoomSources` learns of one zoom destination, pass by pass: its slot,
/// its frame's quad (−1: not batched), whether it flies, its source's id and slot (−1: no live
/// element has that id).
struct _ZoomProbe {
  var destination: Int
  var quad = -1
  var flying = false
  var sourceID: ElementID
  var source = -1
  /// The source's `hidden` flag before this pass changed any.
  var sourceHidden = false
  /// The flag the last pass left, when it is still known (`_ZoomDestination.sourceHidden`).
  var cachedHidden: Bool? = nil

  init(destination: Int, sourceID: ElementID) { (self.destination, self.sourceID) = (destination, sourceID) }
}
