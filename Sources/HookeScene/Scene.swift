import Hooke
import HookeAnimation

/// A headless model of what SwiftUI does with transitions, `matchedGeometryEffect` and the zoom
/// navigation transition, driven by transactions (spec §5).
///
/// Usage: make namespaces with ``makeNamespace()``, change the scene in transactions
/// (``withAnimation(_:at:_:)``, ``withoutAnimation(at:_:)``) that insert, remove, update and
/// restyle ``Element``s, then call ``advance(to:)`` per frame and read ``renderList``.
///
/// Semantics:
/// - **Time** is seconds on the caller's clock (derive it from an integer frame counter, e.g.
///   ``PropertyAnimator/time(tick:ticksPerSecond:)``). The scene never goes backwards: an earlier
///   or NaN time acts at the last time used.
/// - **Animated properties**: an update animates the element's frame and style with the
///   transaction's animation; interrupting animations merge (springs: position and velocity
///   continuous) or combine (timing curves), exactly as ``PropertyAnimator``.
/// - **Transitions**: an inserted element runs its transition from `.willAppear` to `.identity`,
///   a removed one from `.identity` to `.didDisappear` and stays in the render list until all of
///   its animations end, then leaves. Without animation (or with an identity transition)
///   insertion and removal are immediate. Re-inserting an element that is being removed revives
///   it: its transition animates back to identity from where it is.
/// - **Matched geometry** (§5.1): per (namespace, id) the shared frame is the source's anchor
///   point in window space plus its size; the source is the most recently inserted member that
///   is not being removed and has `isSource`. Every member (including removed ones still on
///   screen) takes the shared frame per its `properties` and `anchor`. When the source or its
///   frame changes, the shared frame animates from where it is to the new source's frame with
///   the transaction's animation (merge/combine rules of HookeAnimation).
/// - **Render order**: container z-index, then element z-index, then insertion order.
///
/// Cost: a transaction is O(changes + touched groups); a frame is O(elements). With
/// `fastPath: true` frames animated by springs and timing curves step on a ``BatchEngine`` and a
/// frame performs no heap allocation once the render list has grown (measured by
/// `Benchmarks/scene-bench` under `Benchmarks/malloc-counter`); the general path's animators
/// allocate in their animation state (about two allocations per animating property per frame).
public struct Scene {
  /// This scene's token (namespaces carry it).
  public let token: UInt64
  /// The window bounds (used by zoom dimming overlays).
  public var bounds: Rect
  /// The last time used.
  public private(set) var currentTime: Double = 0
  /// The presentation written by the last ``advance(to:)``.
  public internal(set) var renderList = RenderList()

  var _namespaceCount = 0
  var _records: [_Record] = []
  var _free: [Int] = []
  var _slots: [ElementID: Int] = [:]
  var _groups: [_Group] = []
  var _freeGroups: [Int] = []
  var _groupIndex: [_GroupKey: Int] = [:]
  var _containers: [ContainerID: Container] = [:]
  var _zoomSources: [_GroupKey: ElementID] = [:]
  var _zoomDestinations: [ElementID] = []
  var _order: [Int] = []
  var _orderDirty = false
  var _nextSeq = 0
  var _leaving: [Int] = []
  /// Slots with general-path animations or a pending removal (sampled per frame); a slot is
  /// listed once (`_Record.inMotion`, kept across slot reuse).
  var _motion: [Int] = []
  /// Groups whose shared frame animates on the general path (`_Group.inMotion`).
  var _movingGroups: [Int] = []
  var _fast: _FastPath?

  /// An empty scene with window `bounds` (default 390 × 844 points).
  ///
  /// `fastPath` (default `false`): frames (own and matched) animated by bare springs and timing
  /// curves run on a ``BatchEngine`` (one channel per animated scalar) instead of per-property
  /// animators — much faster, with the batch engine's semantics (see `_FastPath`: settling by a
  /// 1/64-point rest rule instead of SwiftUI's 1 % rule, timing curves restart on retarget
  /// instead of combining). With the fast path the scene holds the engine by reference: copies
  /// of such a scene share it, so keep one copy.
  ///
  /// `threads` (default 1; values < 1 read as 1): workers stepping the fast path's batch engine
  /// and refreshing its value table (HookeThreads, Dispatch). Results are bit-identical for any
  /// thread count; ignored without the fast path.
  public init(bounds: Rect = Rect(x: 0, y: 0, width: 390, height: 844), fastPath: Bool = false, threads: Int = 1) {
    token = _nextSceneToken()
    self.bounds = bounds
    _fast = fastPath ? _FastPath(threads: threads) : nil
  }

  /// Whether frames animate on the batch fast path.
  public var usesFastPath: Bool { _fast != nil }

  /// A new namespace owned by this scene.
  public mutating func makeNamespace() -> Namespace {
    _namespaceCount += 1
    return Namespace(sceneToken: token, rawValue: _namespaceCount - 1)
  }

  /// Number of elements in the scene (including ones being removed).
  public var elementCount: Int { _slots.count }

  /// Whether `id` is in the scene (including while being removed).
  public func contains(_ id: ElementID) -> Bool { _slots[id] != nil }

  /// Whether `id` is being removed (still on screen).
  public func isRemoving(_ id: ElementID) -> Bool {
    guard let s = _slots[id] else { return false }
    return _records[s].removing
  }

  /// The model (target) element `id`, if present.
  public func element(_ id: ElementID) -> Element? {
    guard let s = _slots[id] else { return nil }
    return _records[s].element
  }

  /// The current source of matched group (`id`, `namespace`), or `nil`.
  public func matchedSource(id: MatchID, in namespace: Namespace) -> ElementID? {
    guard let g = _groupIndex[_GroupKey(namespace: namespace, id: id)] else { return nil }
    return _groups[g].source
  }

  /// The presented shared frame of group (`id`, `namespace`) as of the last sample.
  public func sharedFrame(id: MatchID, in namespace: Namespace) -> MatchedGeometryFrame? {
    guard let g = _groupIndex[_GroupKey(namespace: namespace, id: id)], let ch = _groups[g].shared else { return nil }
    let v = ch.value(_fast)
    return MatchedGeometryFrame(anchorPosition: Point(x: v.a, y: v.b), size: Size(width: v.c, height: v.d))
  }

  /// The velocity of element `id`'s own frame animation as `(x, y, width, height)` per second,
  /// or of its matched group's shared frame `(anchor x, anchor y, width, height)` when it is a
  /// matched member with a source; `nil` when the animation does not report one.
  public func frameVelocity(of id: ElementID) -> SIMD4<Double>? {
    guard let s = _slots[id] else { return nil }
    let r = _records[s]
    if let g = r.group, _groups[g].source != nil, let ch = _groups[g].shared { return ch.velocity(_fast)?.simd }
    return r.frame.velocity(_fast)?.simd
  }

  /// Advances every animation to `time`, removes elements whose removal finished, and writes
  /// ``renderList``.
  public mutating func advance(to time: Double) {
    let t = _clock(time)
    _fast?.refresh(to: t)
    // Only groups and records with general-path animations or a pending removal need work here;
    // everything else is idle or moves on the batch engine.
    if !_movingGroups.isEmpty { _sampleMovingGroups(at: t) }
    if !_motion.isEmpty { _sampleMotion(at: t) }
    if !_leaving.isEmpty {
      for s in _leaving { _evict(s) }
      _leaving.removeAll(keepingCapacity: true)
      _order.removeAll { !_records[$0].live }
    }
    if _orderDirty { _sortOrder() }
    _writeRenderList()
  }

  /// Samples the records listed in `_motion`, collects finished removals into `_leaving`, and
  /// drops records that came to rest from the list.
  mutating func _sampleMotion(at t: Double) {
    let fast = _fast
    var leaving = _leaving
    var kept = 0
    // Through buffer pointers: element-wise mutation through the array subscript copied records.
    _records.withUnsafeMutableBufferPointer { records in
      _motion.withUnsafeMutableBufferPointer { motion in
        for k in motion.indices {
          let s = motion[k]
          guard records[s].live else {
            records[s].inMotion = false
            continue
          }
          records[s].sample(at: t)
          if records[s].removing && !records[s].isAnimating(fast) {
            leaving.append(s)
            records[s].inMotion = false
          } else if records[s].needsSampling {
            motion[kept] = s
            kept += 1
          } else {
            records[s].inMotion = false
          }
        }
      }
    }
    _motion.removeLast(_motion.count - kept)
    _leaving = leaving
  }

  /// Samples the general-path shared frames listed in `_movingGroups`.
  mutating func _sampleMovingGroups(at t: Double) {
    var kept = 0
    _groups.withUnsafeMutableBufferPointer { groups in
      _movingGroups.withUnsafeMutableBufferPointer { moving in
        for k in moving.indices {
          let g = moving[k]
          if groups[g].shared != nil { groups[g].shared!.sample(at: t) }
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
  mutating func _noteMotion(_ s: Int) {
    if !_records[s].inMotion && _records[s].needsSampling {
      _records[s].inMotion = true
      _motion.append(s)
    }
  }

  /// Lists group `g` for per-frame sampling when its shared frame animates on the general path.
  mutating func _noteGroupMotion(_ g: Int) {
    guard !_groups[g].inMotion, let ch = _groups[g].shared, ch._quad < 0, ch._general.isAnimating else { return }
    _groups[g].inMotion = true
    _movingGroups.append(g)
  }

  mutating func _clock(_ time: Double) -> Double {
    if time.isNaN || time < currentTime { return currentTime }
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

struct _Record {
  var element: Element
  var live = true
  var removing = false
  var seq: Int
  var frame: _FrameChannel
  var style: _Channel<_Oct>
  var effect: _Channel<_Oct>
  var effectAnchor: UnitPoint = .center
  var dimming: _Channel<Double>?
  var group: Int?
  var zoomSource: ElementID?
  var hidden = false
  /// Listed in `Scene._motion` (kept across slot reuse).
  var inMotion = false

  /// Whether a frame must sample this record: general-path animations or a pending removal.
  var needsSampling: Bool {
    removing || (frame._quad < 0 && frame._general.isAnimating) || style.isAnimating || effect.isAnimating
      || (dimming?.isAnimating ?? false)
  }

  func isAnimating(_ fast: _FastPath?) -> Bool {
    frame.isAnimating(fast) || style.isAnimating || effect.isAnimating || (dimming?.isAnimating ?? false)
  }

  @inline(__always)
  mutating func sample(at t: Double) {
    frame.sample(at: t)
    style.sample(at: t)
    effect.sample(at: t)
    if dimming != nil { dimming!.sample(at: t) }
  }
}
