import Hooke
import HookeAnimation
import HookeThreads

/// The fast path of the scene's animated properties: spring and timing-curve animations of frames
/// (an element's own frame, a matched group's shared frame: four scalar channels), of styles
/// (opacity, scale, offset, rotation, corner radius, blur) and of transition effects (eight
/// scalar channels each) run on one ``BatchEngine`` (one channel per animated scalar), stepped
/// once per frame for the whole scene; the scene then scatters the values the step moved into a
/// flat array that the render list is written from.
///
/// Which animations: a bare ``FluidSpringAnimation`` (its model: ``SpringAnimationModel/swiftUI``
/// → the batch's SwiftUI integrator driver, ``SpringAnimationModel/exact`` → the exact spring
/// driver), a ``BezierAnimation`` or ``UnitCurveAnimation`` (timing-curve driver). Anything
/// else (modifiers, custom animations, interpolating springs) uses the general per-property
/// animators. SwiftUI's interruption rules hold on both paths: a spring merges (position kept;
/// velocity kept unless the interrupted animation reports none — a Bézier curve or a combination
/// — as SwiftUI's `shouldMerge` reads it), and a timing curve *combines* with the running motion
/// (``BatchEngine/combine(_:to:group:)``: the interrupted animation keeps going and the curve
/// chases the gap). A SwiftUI-model spring's substep clock starts at the transaction that started
/// or merged it, as per property: channels animated by the same spring in different transactions
/// get different groups. Springs end by SwiftUI's rule on the whole value — a frame's four lanes,
/// a style's or effect's eight — within 1 % of the animation's interval and slow
/// (``settleSpringVectors()``, and ``settleMerged(_:group:)`` at a merge), and timing curves once
/// their time is past their duration, measured as per property; a differential test holds the
/// two paths to 1e-9 over 1,000 random scripts.
final class _FastPath {
  let engine = BatchEngine<Double>()
  /// Workers for stepping, the value scatter and the render rows (`threads > 1`); every split
  /// gives results bit-identical to one thread (each channel and row is computed alone).
  let pool: WorkerPool?
  let threads: Int
  /// Batch groups of frame channels and of style and effect channels, per animation value.
  /// Spring groups have no per-channel rest rule (SwiftUI's rule on the whole value ends them);
  /// timing-curve channels end at their duration (the engine does not apply a curve group's
  /// rest rule).
  @exclusivity(unchecked) var groups: [_BatchGroupKey: BatchGroup] = [:]
  @exclusivity(unchecked) var styleGroups: [_BatchGroupKey: BatchGroup] = [:]
  /// Per engine group (by index): how its animation takes over a channel, its key and whether it
  /// is a style group (see ``_GroupInfo``).
  @exclusivity(unchecked) var groupInfo: [_GroupInfo] = []
  /// Per quad: the tick its running animation began (SwiftUI measures an animation's time from
  /// there; merges and combinations keep it), set when the quad starts from rest.
  @exclusivity(unchecked) var quadBegin: [Int64] = []
  /// Per quad, one entry (one uniqueness check per write, one cache line or two per read): per
  /// lane the running animation's interval — the sum of the changes of the lane's value since it
  /// was last at rest, as SwiftUI accumulates it across merges and combinations — and the part of
  /// it the lane's spring chases (its interval when a spring started or merged; kept when a
  /// timing curve combines on top, whose spring entry keeps its target; 0 for a lane a timing
  /// curve started); the other quad of a two-quad value (a style or effect, whose eight lanes
  /// SwiftUI settles as one vector); and the step in which ``settleSpringVectors()`` last tested
  /// its value (see ``_SettleQuad``). SwiftUI ends a spring when its whole value is within 1 % of
  /// its interval and slow (``settleSpringVectors()``).
  @exclusivity(unchecked) var settleQuads: [_SettleQuad] = []
  @exclusivity(unchecked) var settleStamp: UInt32 = 0
  /// Channel handles, four per quad (slot `q` uses `4q ..< 4q + 4`), and their values as of
  /// the last ``refresh(to:markLimit:)``.
  @exclusivity(unchecked) var handles: [BatchChannel] = []
  @exclusivity(unchecked) var values: [Double] = []
  @exclusivity(unchecked) var freeQuads: [Int] = []
  /// Quads allocated, free ones included: quad `q < quadCount` exists. The per-quad tables cover
  /// at least this many (a few more: ``_coverQuads(through:)`` grows them in steps).
  @exclusivity(unchecked) var quadCount = 0
  /// Quads the per-quad tables' storage was reserved for (``_reserveQuads(_:)``): their run-ahead
  /// stops here. A count of its own, not the arrays' `capacity`, which the allocator rounds up.
  @exclusivity(unchecked) var quadsReserved = 0
  /// Engine handle index → position in ``values`` (−1: not a scene channel), for the scatter of
  /// the channels a step moved.
  @exclusivity(unchecked) var slotMap: [Int32] = []
  /// Per engine group: its active count before the current step.
  @exclusivity(unchecked) var activeBefore: [Int] = []
  /// The scene's owner of each quad: an element slot (≥ 0), a matched group `g` as `−(g + 1)`, or
  /// `Int32.min` (free or not yet claimed). Set by the scene when it derives a row or a group's
  /// storage; read to find the rows a step moved.
  @exclusivity(unchecked) var quadOwner: [Int32] = []
  /// Per quad: what its element claimed it as (``_QuadRole``): its own frame's quad, whose move
  /// changes only the row's rectangle, or its style or effect low quad, whose move may change
  /// only the row's opacity (`Scene._refreshMovedRows`; any other moving quad's row is
  /// re-derived whole); for a low quad, what that opacity is computed from besides the quad's own
  /// first lane (``_LowStyleQuad``; meaningless for other quads).
  @exclusivity(unchecked) var quadRole: [_QuadRole] = []
  @exclusivity(unchecked) var quadLowStyle: [_LowStyleQuad] = []
  /// Quads that may have moved since they were last listed as settled: every quad added or
  /// retargeted is listed once (`isListedMoving`) until the scene sees it settled. The scene
  /// rewrites only the rows of these quads' owners when nothing else about the layout changed.
  @exclusivity(unchecked) var moving: [Int32] = []
  @exclusivity(unchecked) var isListedMoving: [Bool] = []
  /// Per quad: the scene's render stamp of the last frame it was listed moving in
  /// (`Scene._collectMovingRows`), and its four values as the owner's row was last written from
  /// them (kept for style and effect quads, whose rows a bulk refresh may patch: see
  /// `Scene._refreshRows`).
  @exclusivity(unchecked) var quadStamp: [UInt32] = []
  @exclusivity(unchecked) var laneShadow: [Double] = []
  /// Per quad: ``activeStamp`` when one of its channels was active in its group right after the
  /// last step and nothing has changed the quad since (``noteMoving(_:)``, ``removeQuad(_:)`` and
  /// ``flushMerges()`` clear it), written by ``refresh(to:markLimit:)`` from the groups' active ranges. A
  /// marked quad moves (``isMarkedMoving(_:marks:)``); an unmarked one may still (a running
  /// combination, or a change since the step), and the engine is asked. Four bytes per quad.
  @exclusivity(unchecked) var activeMarks: [UInt32] = []
  /// The mark of the last step (never 0, the cleared mark).
  @exclusivity(unchecked) var activeStamp: UInt32 = 1

  /// Whether quad `q` is marked as moving since the last step (see ``activeMarks``): then it is
  /// not settled. `false` says nothing.
  @inline(__always)
  func isMarkedMoving(_ q: Int, marks: UnsafeBufferPointer<UInt32>) -> Bool {
    q < marks.count && marks[q] == activeStamp
  }

  /// Whether each of `quads` still moves — one of its channels is not settled —, written to
  /// `moves[k]` for `quads[k]`: a quad marked by the last step moves (one dense read); the engine
  /// is asked about the others, 64 at a time, reading them ahead
  /// (`BatchEngine._anyUnsettled(quads:handles:into:)`). The scene's sweep over its moving list
  /// visits quads at random in the handle and slot tables: asking the engine about every quad
  /// read its four handles, their slot entries and their groups — on zoom-navigation at 100,000
  /// elements, a fifth of the cache misses of a frame after the caches were flushed.
  ///
  /// Precondition: each quad has its four handles in `handles`; `moves` holds `quads.count` flags.
  func stillMoving(
    _ quads: UnsafeBufferPointer<Int32>, handles: UnsafeBufferPointer<BatchChannel>,
    into moves: UnsafeMutablePointer<Bool>
  ) {
    let block = 64
    // Safety: `marks` is only read, below its count (`isMarkedMoving` checks); a quad is asked
    // only when `quads` is non-empty, and then `handles` holds its four (the precondition), so
    // `handles.baseAddress!` is non-nil, as is that of `answers` (a block).
    activeMarks.withUnsafeBufferPointer { marks in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: block) { asked in
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: block) { answers in
          // Safety: `asked` and `answers` hold a block, and at most a block is asked at once;
          // `moves` holds `quads.count` flags (the precondition).
          var start = 0
          while start < quads.count {
            let end = Swift.min(start + block, quads.count)
            var n = 0
            for k in start..<end {
              moves[k] = isMarkedMoving(Int(quads[k]), marks: marks)
              if !moves[k] {
                asked[n] = quads[k]
                n += 1
              }
            }
            if n > 0 {
              engine._anyUnsettled(
                quads: UnsafeBufferPointer(rebasing: asked[0..<n]), handles: handles.baseAddress!,
                into: answers.baseAddress!)
              var a = 0
              for k in start..<end where !moves[k] {
                moves[k] = answers[a]
                a += 1
              }
            }
            start = end
          }
        }
      }
    }
  }

  /// Lists quad `q` as moving (once).
  @inline(__always)
  func noteMoving(_ q: Int) {
    _track(q)
    activeMarks[q] = 0
    if !isListedMoving[q] {
      isListedMoving[q] = true
      moving.append(Int32(q))
    }
  }

  /// Sets the owner of quad `q` (see ``quadOwner``) and its role there (``quadRole``): for the
  /// owner's style or effect low quad, what its row's opacity is computed from besides the quad
  /// (``quadLowStyle``; `nil`: not a low quad), else `frame` for the owner's own frame quad.
  /// Negative `q` (no quad) is ignored.
  @inline(__always)
  func claim(_ q: Int, owner: Int32, frame: Bool = false, lowStyle: _LowStyleQuad? = nil) {
    guard q >= 0 else { return }
    _track(q)
    quadOwner[q] = owner
    quadRole[q] = lowStyle != nil ? .lowStyle : frame ? .frame : .other
    if let lowStyle { quadLowStyle[q] = lowStyle }
  }

  /// Grows the per-quad tables (``quadOwner``, ``isListedMoving`` and the rest) to cover quad `q`
  /// (``_coverQuads(through:)``; a quad from ``addQuad(_:value:target:velocity:begin:interval:)``
  /// is covered already).
  @inline(__always)
  func _track(_ q: Int) {
    guard q >= quadOwner.count else { return }
    _coverQuads(through: q)
  }

  /// Work items per worker chunk for the value scatter and the render-list rows (tests lower
  /// it to exercise the split on small scenes).
  var chunk = 32_768
  /// Scratch for one quad's engine calls (no allocation per add or retarget): values, targets,
  /// velocities and values read back, four each (``_v``, ``_t``, ``_w``, ``_r``), and four
  /// handles (eight, with eight spring intervals in ``_si``, for one value's end rule in
  /// ``settleMerged(_:group:)``). Raw storage rather than arrays: an engine call given pointers
  /// into an array stored on this class retains and releases the array's buffer around the call,
  /// two atomic operations per buffer and quad of a bulk retarget.
  let _scratch: UnsafeMutablePointer<Double>
  let _h: UnsafeMutablePointer<BatchChannel>
  /// Scratch for one quad's channel states (``BatchEngine/readStates(of:into:)``) and which of
  /// its channels a merging spring starts from rest, four each (raw, as ``_scratch``).
  let _states: UnsafeMutablePointer<BatchChannelState>
  let _restart: UnsafeMutablePointer<Bool>
  /// Scratch for one quad's end-rule hint (raw, as ``_scratch``).
  let _hintScratch: UnsafeMutablePointer<_SettleHint>
  var _v: UnsafeMutablePointer<Double> { _scratch }
  var _t: UnsafeMutablePointer<Double> { _scratch + 4 }
  var _w: UnsafeMutablePointer<Double> { _scratch + 8 }
  var _r: UnsafeMutablePointer<Double> { _scratch + 12 }
  var _si: UnsafeMutablePointer<Double> { _scratch + 16 }

  /// Where ``Scene/_warmRecords(_:_:animated:inserted:matches:)`` stores the sum of what it read
  /// ahead (so that the reads are made; never read).
  @exclusivity(unchecked) var _warmSink = 0

  /// Per-worker counts of snapped channels (allocated once).
  let _snapped: UnsafeMutablePointer<Int>
  /// A direct-mapped cache in front of ``_originGroups`` (``_originWayCount`` ways, raw as
  /// ``_scratch``), emptied with it.
  let _originWays: UnsafeMutablePointer<(key: _OriginKey, group: BatchGroup)>

  deinit {
    _snapped.deallocate()
    _scratch.deallocate()
    _h.deallocate()
    _states.deallocate()
    _restart.deallocate()
    _hintScratch.deallocate()
    _originWays.deallocate()
  }

  init(threads: Int) {
    self.threads = Swift.max(1, threads)
    pool = self.threads > 1 ? WorkerPool(threads: self.threads) : nil
    // Safety: each block is allocated here and initialised over exactly the capacity just
    // allocated; `deinit` frees them.
    _snapped = .allocate(capacity: self.threads)
    _snapped.initialize(repeating: 0, count: self.threads)
    _scratch = .allocate(capacity: 24)
    _scratch.initialize(repeating: 0, count: 24)
    _h = .allocate(capacity: 8)
    _h.initialize(repeating: BatchChannel(index: 0, generation: 0), count: 8)
    _states = .allocate(capacity: 4)
    _states.initialize(
      repeating: BatchChannelState(group: nil, isSettled: true, isCombining: false), count: 4)
    _restart = .allocate(capacity: 4)
    _restart.initialize(repeating: false, count: 4)
    _hintScratch = .allocate(capacity: 1)
    _hintScratch.initialize(to: _SettleHint(bounded: false, fast: false))
    _originWays = .allocate(capacity: Self._originWayCount)
    _originWays.initialize(repeating: Self._emptyOriginWay, count: Self._originWayCount)
    // The tables transactions grow, resolved now rather than in a frame (see the helper).
    groups._instantiateStorage(
      with: _BatchGroupKey(animation: -1, epoch: -1, origin: -1), BatchGroup(index: 0))
    _originGroups._instantiateStorage(with: _OriginKey(group: -1, origin: -1), BatchGroup(index: 0))
    _animationIDs._instantiateStorage(with: .default, -1)
  }

  /// The batch group of frame channels for `animation`, or `nil` when it needs the general path.
  func group(for animation: Animation) -> BatchGroup? {
    // A transaction asks for the same animation once per animated frame: compare with the last
    // one before hashing an existential (a copy of it without comparing the wrapped animations).
    if let (a, t, g) = _last, t == engine.now, a._isCopy(of: animation) || a == animation { return g }
    let g = _group(for: animation, style: false)
    _last = (animation, engine.now, g)
    return g
  }
  @exclusivity(unchecked) var _last: (Animation, Int64, BatchGroup?)?

  /// The batch group of style and effect channels for `animation`, or `nil` (general path). Asked
  /// per element of a transaction whose elements take transitions: the last animation's copy is
  /// recognised without comparing the wrapped animations (about a thousand instructions each).
  func styleGroup(for animation: Animation) -> BatchGroup? {
    if let (a, t, g) = _lastStyle, t == engine.now, a._isCopy(of: animation) || a == animation { return g }
    let g = _group(for: animation, style: true)
    _lastStyle = (animation, engine.now, g)
    return g
  }
  @exclusivity(unchecked) var _lastStyle: (Animation, Int64, BatchGroup?)?

  /// Groups whose channels all left (moved to another animation's group or removed), ready to
  /// take the next new animation (``BatchEngine/replaceGroup(_:driver:restRule:substepClockOrigin:)``);
  /// meanwhile they keep their last driver (see ``_recycleEmptyGroups()``).
  @exclusivity(unchecked) var freeGroups: [BatchGroup] = []
  /// The driver of a group given back to ``freeGroups`` by the resting-group move
  /// (``_lowerRestingGroup()``): a timing curve, whose step has no per-group work.
  static let _parkedDriver = BatchDriver.timingCurve(.linear, duration: 1)
  /// The group count at which the next new animation first looks for empty groups to recycle.
  @exclusivity(unchecked) var recycleAt = 16

  /// Where settled channels of finished transactions' SwiftUI-spring groups rest (never stepped:
  /// its channels are settled until a transaction moves them to its own group).
  lazy var _restingGroup: BatchGroup = {
    let g = engine.addGroup(.spring(Spring()), restRule: BatchRestRule(minimumVisibleChange: 1.0 / 64))
    activeBefore.append(0)
    groupInfo.append(_GroupInfo(kind: .mergesWithVelocity, key: nil, isStyle: false))
    return g
  }()

  /// Recycles empty groups when the animation tables have doubled since the last sweep. Called by
  /// the scene at the start of a transaction, before it looks a group up (a transaction caches its
  /// groups while it runs), and never in a frame: the sweep allocates, and a frame without a
  /// transaction must not (only transactions add groups, so a sweep is never due in one).
  func recycleEmptyGroupsIfDue() {
    if groups.count + styleGroups.count >= recycleAt { _recycleEmptyGroups() }
  }

  /// Moves the groups without channels out of the animation tables into `freeGroups` (ascending
  /// index, so that reuse does not depend on hash order). O(groups), run when the table has
  /// doubled since the last sweep: a stream of distinct animations keeps the group count, and the
  /// per-frame cost of stepping, bounded by the animations in use instead of growing with every
  /// animation ever used.
  func _recycleEmptyGroups() {
    // A SwiftUI spring's group belongs to one transaction: once its channels have settled, they
    // move to a group of resting channels, so the group empties and can be reused.
    // The epoch from the group's info (its key's): iterating the keys copied each one's
    // animation existential.
    for g in groups.values where _epoch(g) >= 0 && engine.activeCount(of: g) == 0 {
      engine.moveSettledChannels(of: g, to: _restingGroup)
    }
    for g in styleGroups.values where _epoch(g) >= 0 && engine.activeCount(of: g) == 0 {
      engine.moveSettledChannels(of: g, to: _restingGroup)
    }
    // A SwiftUI spring's shared group keeps moving while its transactions' channels settle one
    // by one: its settled channels go to its own clock (moved out, they would come back at their
    // next merge: two row moves each), and the clocks no channel follows any more are given back;
    // once none of its channels moves, they rest in the resting group and the group empties. The
    // handles of its clocks (the tables' entries with real ticks) are dropped below: only a
    // transaction at the current tick looks them up, and the engine keeps the clocks of this tick
    // (a later look-up makes a new clock with the same state).
    func sweepShared(_ g: BatchGroup) {
      if engine.activeCount(of: g) == 0 {
        engine.moveSettledChannels(of: g, to: _restingGroup)
      } else {
        engine._restSettledChannelsOnOwnClock(of: g)
      }
      engine._releaseUnusedSubstepClocks(of: g)
    }
    for g in groups.values where g._clock == 0 && _epoch(g) == _BatchGroupKey.shared { sweepShared(g) }
    for g in styleGroups.values where g._clock == 0 && _epoch(g) == _BatchGroupKey.shared { sweepShared(g) }
    var empty = _emptyScratch
    _emptyScratch = []
    defer { _emptyScratch = empty }
    empty.removeAll(keepingCapacity: true)
    // The empty groups listed first, then each table rebuilt from the groups it keeps (a few):
    // removing the empty ones entry by entry hashed each key's animation twice and copied the
    // table being iterated.
    // A group is listed once, by its own entry (clock 0); the entries of a shared group's clocks go.
    var listed = empty.count
    var clocked = false
    for g in groups.values {
      if g._clock != 0 { clocked = true } else if engine.channelCount(of: g) == 0 { empty.append(g) }
    }
    if empty.count > listed || clocked {
      groups = groups.filter { $0.value._clock == 0 && engine.channelCount(of: $0.value) != 0 }
    }
    listed = empty.count
    clocked = false
    for g in styleGroups.values {
      if g._clock != 0 { clocked = true } else if engine.channelCount(of: g) == 0 { empty.append(g) }
    }
    if empty.count > listed || clocked {
      styleGroups = styleGroups.filter { $0.value._clock == 0 && engine.channelCount(of: $0.value) != 0 }
    }
    // A free group keeps its driver until reuse replaces it: an empty group's step is a clock
    // advance and a cached-matrix look-up, while parking it on another driver here and replacing
    // that again at reuse swapped its column storage twice (a storage of the other layout,
    // allocated when none was kept: about 280 groups and 2,200 allocations in one sweep of an
    // interrupt storm at 10,000 elements). No channel is in a free group, so no output changes.
    freeGroups.append(contentsOf: empty)
    freeGroups.sort { $0.index > $1.index }  // popLast takes the lowest index first
    _trimTrailingFreeGroups()
    _releaseUnusedAnimations()
    _last = nil
    _lastStyle = nil
    _originGroups.removeAll(keepingCapacity: true)
    _clearOriginWays()
    _lastOrigin = nil
    // The clocks still followed count as entries: their handles come back as new entries, one
    // per clock a transaction merges into, and a sweep only gives back the ones no channel follows.
    recycleAt = Swift.max(16, 2 * (groups.count + styleGroups.count + engine._substepClockCount))
  }

  /// Whether a Bézier-curve group (``_GroupKind/combinesWithoutVelocity``) was ever created: until
  /// then no channel can be in one, and a merging spring skips looking its channels' groups up.
  @exclusivity(unchecked) var _hasVelocitylessGroups = false

  /// ``_recycleEmptyGroups()``'s list of empty groups, kept with its capacity (no allocation per
  /// sweep once it has grown).
  @exclusivity(unchecked) var _emptyScratch: [BatchGroup] = []

  func _group(for animation: Animation, style: Bool, origin: Int64? = nil) -> BatchGroup? {
    guard let id = _animationID(animation) else { return nil }
    return _group(animation: id, style: style, origin: origin)
  }

  /// The id of `animation` in ``_animations`` (added when new), or `nil` when the batch does not
  /// drive it. Hashes the animation's existential once; the group tables are then keyed by the id.
  func _animationID(_ animation: Animation) -> Int32? {
    if let id = _animationIDs[animation] { return id }
    let entry: _AnimationEntry?
    // `.default` forwards every call to its spring (``DefaultAnimation``): driven as that spring.
    let resolved = animation.as(DefaultAnimation.self) != nil ? DefaultAnimation._resolved : animation
    if let s = resolved.as(FluidSpringAnimation.self) {
      switch s.model {
      case .swiftUI:
        entry = _AnimationEntry(
          animation: animation,
          driver: .fluidSpring(FluidSpringModel(response: s.response, dampingFraction: s.dampingFraction)),
          kind: .mergesWithVelocity, isFluid: true)
      case .exact:
        entry = _AnimationEntry(
          animation: animation,
          driver: .spring(Spring(response: s.response, dampingRatio: s.dampingFraction)),
          kind: .mergesWithVelocity, isFluid: false)
      }
    } else if let b = animation.as(BezierAnimation.self) {
      // The curve as the per-property animation evaluates it: its own solver, and the identity
      // for the linear control points.
      let linear =
        b.curve.startControlPoint == UnitPoint(x: 0, y: 0) && b.curve.endControlPoint == UnitPoint(x: 1, y: 1)
      entry = _AnimationEntry(
        animation: animation,
        driver: .curve(linear ? .unitCurve(.linear) : .cubicBezier(b.curve), duration: b.duration),
        kind: .combinesWithoutVelocity, isFluid: false)
    } else if let u = animation.as(UnitCurveAnimation.self) {
      entry = _AnimationEntry(
        animation: animation, driver: .timingCurve(u.curve, duration: u.duration),
        kind: .combinesWithVelocity,
        isFluid: false)
    } else {
      entry = nil
    }
    // Animations the batch does not drive get no id (nothing would bound a table of them).
    guard let entry else { return nil }
    let id: Int32
    if let free = _freeAnimationIDs.popLast() {
      id = free
      _animations[Int(id)] = entry
    } else {
      id = Int32(_animations.count)
      _animations.append(entry)
    }
    _animationIDs[animation] = id
    return id
  }

  /// The group of the animation with id `id` (see ``_animationID(_:)``) for frames or, with
  /// `style`, for styles and effects; for a SwiftUI-model spring, the one of this transaction
  /// whose substep clock starts at `origin` (default: now). Created when new.
  func _group(animation id: Int32, style: Bool, origin: Int64?) -> BatchGroup {
    // A SwiftUI-model spring's substep clock starts at the transaction (the clock's epoch) on
    // the time scale of the animation's beginning (origin); the other drivers keep their timing
    // per channel and share one group per animation.
    // Safety: callers pass an id from `_animationID(_:)`, an index of `_animations`.
    let (kind, isFluid) = _animations.withUnsafeBufferPointer { ($0[Int(id)].kind, $0[Int(id)].isFluid) }
    let now = engine._tick
    let key = _BatchGroupKey(
      animation: id, epoch: isFluid ? now : -1, origin: isFluid ? Swift.min(origin ?? now, now) : -1)
    if let g = style ? styleGroups[key] : groups[key] { return g }
    guard isFluid else { return _newGroup(animation: id, key: key, style: style, kind: kind) }
    // The clocks of a SwiftUI spring share one group (per frames or styles), each the engine's
    // extra clock of that group (`BatchEngine._addSubstepClock`): a group per clock kept
    // thousands of groups of a few channels each under an interrupt storm, and every frame
    // visited each of them (at 10,000 elements the frame took twice as long after a few seconds).
    let sharedKey = _BatchGroupKey(animation: id, epoch: _BatchGroupKey.shared, origin: _BatchGroupKey.shared)
    let shared =
      (style ? styleGroups[sharedKey] : groups[sharedKey])
      ?? _newGroup(animation: id, key: sharedKey, style: style, kind: kind)
    guard let clocked = engine._addSubstepClock(to: shared, origin: key.origin) else {
      return _newGroup(animation: id, key: key, style: style, kind: kind)
    }
    if style { styleGroups[key] = clocked } else { groups[key] = clocked }
    return clocked
  }

  /// A group for the animation with id `id` under `key` (a reused free group or a new one, with
  /// the animation's driver and rest rule; a SwiftUI spring's substep clock from `key.origin`),
  /// entered in the frame or style table.
  func _newGroup(animation id: Int32, key: _BatchGroupKey, style: Bool, kind: _GroupKind) -> BatchGroup {
    let isFluid = key.epoch >= 0
    let driver = _animations[Int(id)].driver
    if kind == .combinesWithoutVelocity { _hasVelocitylessGroups = true }
    // Springs end by SwiftUI's rule on the whole value (``settleSpringVectors()``), not per
    // channel; a timing curve ends at its duration.
    let rule: BatchRestRule =
      kind == .mergesWithVelocity
      ? .disabled : BatchRestRule(minimumVisibleChange: style ? 1.0 / 65_536 : 1.0 / 64)
    let g: BatchGroup
    let clockOrigin = isFluid ? key.origin : nil
    if let free = freeGroups.popLast(),
      (try? engine.replaceGroup(free, driver: driver, restRule: rule, substepClockOrigin: clockOrigin)) != nil
    {
      g = free
    } else {
      g = engine.addGroup(driver, restRule: rule, substepClockOrigin: clockOrigin)
      activeBefore.append(0)
      groupInfo.append(_GroupInfo(kind: kind, key: key, isStyle: style))
    }
    groupInfo[g.index] = _GroupInfo(kind: kind, key: key, isStyle: style)
    if style { styleGroups[key] = g } else { groups[key] = g }
    return g
  }

  /// Animation id → what the batch drives it with (see ``_animationID(_:)``); entries of ids in
  /// ``_freeAnimationIDs`` are stale.
  @exclusivity(unchecked) var _animations: [_AnimationEntry] = []
  /// Animation → its id in ``_animations``.
  @exclusivity(unchecked) var _animationIDs: [Animation: Int32] = [:]
  @exclusivity(unchecked) var _freeAnimationIDs: [Int32] = []

  /// Forgets the animations no group table refers to (at a sweep, after the tables shrank): the
  /// intern table stays bounded by the animations in use, as the group tables do. The ids of
  /// the remaining keys keep their meaning.
  func _releaseUnusedAnimations() {
    // Kept: the ids a group table uses, and those free already (not freed twice).
    var kept = [Bool](repeating: false, count: _animations.count)
    for key in groups.keys { kept[Int(key.animation)] = true }
    for key in styleGroups.keys { kept[Int(key.animation)] = true }
    for id in _freeAnimationIDs { kept[Int(id)] = true }
    for id in _animations.indices where !kept[id] {
      _animationIDs[_animations[id].animation] = nil
      _freeAnimationIDs.append(Int32(id))
    }
    _freeAnimationIDs.sort(by: >)  // popLast takes the lowest id first
  }

  /// Steps the engine to scene time `t` (seconds → nearest tick, at most 2⁶² ticks; never backwards) and refreshes
  /// ``values`` of the channels the step moved (the active ones and those that settled in it),
  /// scattering them in storage order. Allocation-free.
  ///
  /// The quads still moving are marked (``activeMarks``) only while at most `markLimit` quads are
  /// listed moving: the scene asks about each listed quad only then (beyond it every row is
  /// rewritten and nothing is asked), and marking costs a pass over every active channel —
  /// 7 % of hero-grid's instructions at 10,000 elements when done regardless.
  func refresh(to t: Double, markLimit: Int = .max) {
    // NaN and negative times read as tick 0, which is never ahead of the engine.
    let target = Scene._ticks(t, perSecond: engine.ticksPerSecond)
    guard target > engine.now else { return }
    // Every mark from before this step is stale from here on.
    _advanceActiveStamp()
    let groupCount = engine.groupCount
    var moving = 0
    for g in 0..<groupCount {
      activeBefore[g] = engine.activeCount(of: BatchGroup(index: g))
      moving += activeBefore[g]
    }
    let combining = engine.combiningCount
    moving += combining
    guard moving > 0 else {
      engine.step(ticks: target - engine.now)  // keeps the clocks (and the SwiftUI substep clocks) in step
      return
    }
    let chunk = self.chunk
    _step(ticks: target - engine.now, groupCount: groupCount, pool: moving > chunk ? pool : nil)
    // Safety: `before` holds a count per engine group (`activeBefore` grows with each group this
    // path adds, and was filled above for `0..<groupCount`); the engine reads `map` and writes
    // `v` and `marks` only at indices it checks against their counts. Each table is a distinct
    // array reached only through its buffer while bound.
    slotMap.withUnsafeBufferPointer { map in
      values.withUnsafeMutableBufferPointer { v in
        activeBefore.withUnsafeBufferPointer { before in
          let engine = self.engine
          if let pool, moving > chunk {
            // Chunk k of the concatenated ranges goes to worker k mod threads; each channel
            // writes only its own entry, so the result does not depend on the split.
            var job = _ScatterJob(
              engine: engine, groupCount: groupCount, chunk: chunk, threads: pool.threads, map: map,
              values: v,
              before: before)
            // Safety: `job` outlives the pool call, which returns only after every worker is
            // done with it; `before` holds `groupCount` counts.
            withUnsafeMutablePointer(to: &job) { job in
              pool.forEachChunk(
                segments: groupCount,
                length: { raw, g in raw!.assumingMemoryBound(to: _ScatterJob.self).pointee.before[g] },
                chunkSize: chunk, context: UnsafeMutableRawPointer(job)
              ) { raw, _, g, lower, upper in
                let job = raw!.assumingMemoryBound(to: _ScatterJob.self)
                job.pointee.engine.scatterValues(
                  group: BatchGroup(index: g), range: lower..<upper, through: job.pointee.map,
                  into: job.pointee.values)
              }
            }
          } else {
            for g in 0..<groupCount where before[g] > 0 {
              engine.scatterValues(group: BatchGroup(index: g), range: 0..<before[g], through: map, into: v)
            }
          }
          // After the groups: a combining channel's group holds its interrupted motion.
          if combining > 0 { engine.scatterCombinedValues(through: map, into: v) }
          // The quads still moving, from the groups' active ranges. One thread: two channels of
          // a quad in different chunks would write its mark.
          guard self.moving.count <= markLimit else { return }
          let stamp = activeStamp
          activeMarks.withUnsafeMutableBufferPointer { marks in
            for g in 0..<groupCount {
              engine._markActiveRuns(group: BatchGroup(index: g), through: map, into: marks, stamp: stamp)
            }
          }
        }
      }
    }
  }

  /// Moves ``activeStamp`` on (every mark becomes stale); when it wraps, clears every mark so
  /// that no old one equals a new stamp.
  func _advanceActiveStamp() {
    activeStamp &+= 1
    if activeStamp == 0 {
      // Safety: the update covers exactly the buffer, whatever its count.
      activeMarks.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      activeStamp = 1
    }
  }

  /// One engine step in its phases: the groups' channels (on the pool's workers when given:
  /// chunk k of the concatenated active ranges to worker k mod threads, bit-identical to one
  /// thread), then SwiftUI's termination rule on each value a spring moved
  /// (``settleSpringVectors()``), then the combinations (which read a finished spring at its
  /// target), then the compaction.
  func _step(ticks: Int64, groupCount: Int, pool: WorkerPool?) {
    guard engine.prepareStep(ticks: ticks) else { return }
    var total = 0
    if let pool {
      var job = _StepJob(
        engine: engine, groupCount: groupCount, chunk: chunk, threads: pool.threads, counts: _snapped)
      for w in 0..<pool.threads { _snapped[w] = 0 }
      // Safety: `job` outlives the pool call, which returns only after every worker is done with
      // it; worker w adds only to counts[w] (`_snapped` holds one counter per worker).
      withUnsafeMutablePointer(to: &job) { job in
        pool.forEachChunk(
          segments: groupCount,
          length: { raw, g in
            raw!.assumingMemoryBound(to: _StepJob.self).pointee.engine.activeCount(of: BatchGroup(index: g))
          }, chunkSize: chunk, context: UnsafeMutableRawPointer(job)
        ) { raw, worker, g, lower, upper in
          let job = raw!.assumingMemoryBound(to: _StepJob.self)
          job.pointee.counts[worker] += job.pointee.engine.stepChannels(
            group: BatchGroup(index: g), range: lower..<upper)
        }
      }
      for w in 0..<pool.threads { total += _snapped[w] }
    } else {
      for g in 0..<groupCount {
        total += engine.stepChannels(group: BatchGroup(index: g), range: 0..<Int.max)
      }
    }
    total += settleSpringVectors()
    total += engine.stepCombinations()
    engine.finishStep(snapped: total)
  }

  /// SwiftUI's termination rule, once per value a spring moves (a frame's four lanes, a style's
  /// or effect's eight, whose two quads are paired): the whole value ends when it is slow and
  /// within 1 % of its interval
  /// (``BatchEngine/_settleSpringQuads(laneOfSlot:handles:quads:stamp:)``), as a
  /// per-property animation ends — not each lane alone. Visits the active channels of the spring
  /// groups (storage order, one thread; each value tested at its first lane met); returns the
  /// channels snapped to rest. Allocation-free.
  func settleSpringVectors() -> Int {
    settleStamp &+= 1
    let stamp = settleStamp
    let engine = self.engine
    // Safety: the engine indexes each table only below its count (it skips lanes and quads out
    // of range); the three are distinct arrays reached only through their buffers while bound.
    return slotMap.withUnsafeBufferPointer { laneOfSlot in
      handles.withUnsafeBufferPointer { handles in
        settleQuads.withUnsafeMutableBufferPointer { quads in
          engine._settleSpringQuads(laneOfSlot: laneOfSlot, handles: handles, quads: quads, stamp: stamp)
        }
      }
    }
  }

  /// Re-reads quad `q`'s values from the engine (after an add or retarget; an overflowing
  /// displacement snaps a channel to its target).
  func _reread(_ q: Int) {
    // Through the scratch (see ``_scratch``): no array buffer is held across the engine call.
    // Safety: `_h` and `_r` hold four elements each (allocated in `init`).
    _loadHandles(q)
    engine.readValues(
      of: UnsafeBufferPointer(start: _h, count: 4), into: UnsafeMutableBufferPointer(start: _r, count: 4))
    _storeRead(q)
  }

  /// Copies the four values in ``_r`` (read from the engine, or reported by it) to quad `q`'s
  /// entries of ``values``.
  @inline(__always)
  func _storeRead(_ q: Int) {
    // Safety: `_r` holds four elements (allocated in `init`).
    let r = _r
    values.withUnsafeMutableBufferPointer { v in
      for k in 0..<4 { v[4 * q + k] = r[k] }
    }
  }

  /// Copies quad `q`'s four handles into ``_h``.
  @inline(__always)
  func _loadHandles(_ q: Int) {
    // Safety: callers pass a quad of this path, whose handles `4q ..< 4q + 4` lie inside
    // `handles`; `_h` holds eight (allocated in `init`).
    let h = _h
    handles.withUnsafeBufferPointer { handles in
      for k in 0..<4 { h[k] = handles[4 * q + k] }
    }
  }

  /// The value this path last gave `engine._animationBegan` (nil: none since the last reset).
  /// Only the curve groups' adds and combinations read the engine's value, and each of them sets
  /// it first (``_setAnimationBegan(_:)``): it is written when it changes instead of being set and
  /// cleared around every call (a write from this module is a checked access, a runtime call).
  @exclusivity(unchecked) var _animationBeganSet: Int64?

  /// Sets `engine._animationBegan` to `tick` before an add or combination of curve channels.
  @inline(__always)
  func _setAnimationBegan(_ tick: Int64) {
    guard _animationBeganSet != tick else { return }
    engine._animationBegan = tick
    _animationBeganSet = tick
  }

  /// Clears `engine._animationBegan` (at the end of a transaction): a caller outside the scene
  /// finds the engine's default, the tick of its call.
  func _resetAnimationBegan() {
    guard _animationBeganSet != nil else { return }
    engine._animationBegan = nil
    _animationBeganSet = nil
  }

  /// Channels the running transaction may add or move (``reserve(channels:)``): the first group
  /// a quad lands in reserves room for them (``_reserve(in:)``).
  @exclusivity(unchecked) var reserveHint = 0
  /// Quads the running transaction may add: the per-quad tables are reserved for them at its
  /// first new quad, not before — a transaction that only retargets quads already allocated
  /// (every element moving again) adds none, and reserving for it doubled the tables of a scene
  /// at its first such transaction (copying them: 4.2M of the 69.9M instructions of that frame
  /// at 10,000 elements).
  @exclusivity(unchecked) var _quadReserveHint = 0

  /// Sets the room the running transaction may need: `n` channels added or moved (up to `n / 4`
  /// new quads); 0 when it ends.
  func reserve(channels n: Int) {
    reserveHint = n
    _quadReserveHint = n / 4
  }

  /// Reserves ``reserveHint`` channels in `group`, the first group the transaction's quads land
  /// in (after the clock-origin look-up, which may pick another group than the transaction's).
  @inline(__always)
  func _reserve(in group: BatchGroup) {
    guard reserveHint > 0 else { return }
    engine.reserveCapacity(reserveHint, in: group)
    reserveHint = 0
  }

  /// Grows the per-quad tables (and the handle → value map, and the engine's handle tables) once
  /// for `n` quads beyond the free ones, at a bulk transaction's first new quad: appended one quad
  /// at a time, each table doubled into fresh memory several times over (copying every entry)
  /// while the quads arrived.
  @inline(never)
  func _reserveQuads(_ n: Int) {
    let fresh = n - freeQuads.count
    guard fresh > 0 else { return }
    let quads = quadCount + fresh
    quadsReserved = Swift.max(quadsReserved, quads)
    handles._reserveGrowing(4 * quads)
    values._reserveGrowing(4 * quads)
    quadBegin._reserveGrowing(quads)
    settleQuads._reserveGrowing(quads)
    quadOwner._reserveGrowing(quads)
    quadRole._reserveGrowing(quads)
    quadLowStyle._reserveGrowing(quads)
    isListedMoving._reserveGrowing(quads)
    quadStamp._reserveGrowing(quads)
    activeMarks._reserveGrowing(quads)
    laneShadow._reserveGrowing(4 * quads)
    _merges.cover(quad: quads - 1)
    moving._reserveGrowing(moving.count + fresh)
    // New channels take handle slots past the engine's current ones (or free ones below); the
    // engine's handle tables grow once for them too.
    slotMap._reserveGrowing(slotMap.count + 4 * fresh)
    engine.reserveCapacity(4 * fresh)
  }

  /// Grows every per-quad table to cover quad `q` and the next ones (64, or a sixteenth of the
  /// quads allocated; within a reservation, ``_reserveQuads(_:)``, at most up to its end), with
  /// the values a new quad's entries start from. The length depends only on these counts, never
  /// on the arrays' allocator-rounded capacity, so two scenes fed the same script hold the same
  /// tables. A new quad then finds its entries in place: appended one quad at a time, each of the
  /// eight tables paid a uniqueness and capacity check per entry (about 400 instructions per quad).
  @inline(never)
  func _coverQuads(through q: Int) {
    var quads = q + 1 + Swift.max(64, quadCount / 16)
    if q < quadsReserved { quads = Swift.min(quads, quadsReserved) }
    handles._cover(4 * quads - 1, with: BatchChannel(index: 0, generation: 0))
    values._cover(4 * quads - 1, with: 0)
    quadBegin._cover(quads - 1, with: 0)
    settleQuads._cover(quads - 1, with: _SettleQuad())
    quadOwner._cover(quads - 1, with: Int32.min)
    quadRole._cover(quads - 1, with: .other)
    quadLowStyle._cover(quads - 1, with: _LowStyleQuad(partner: -1, hidden: false, otherOpacity: 1))
    isListedMoving._cover(quads - 1, with: false)
    quadStamp._cover(quads - 1, with: 0)
    activeMarks._cover(quads - 1, with: 0)
    // NaN lanes: a quad never written from compares unequal, so its row is re-derived.
    laneShadow._cover(4 * quads - 1, with: .nan)
    _merges.cover(quad: quads - 1)
  }

  /// Adds four channels at `value` towards `target` with `velocity` in `group`; the quad slot.
  /// `interval`: the running animation's interval of these lanes (see ``interval``); default
  /// `target − value`, a change from rest.
  func addQuad(
    _ group: BatchGroup, value: _Quad, target: _Quad, velocity: _Quad, begin: Int64? = nil,
    interval lanesInterval: _Quad? = nil
  ) -> Int? {
    let begin = begin ?? engine._tick
    _clearHints()
    let group = _group(group, origin: begin)
    _reserve(in: group)
    // Safety: the scratch blocks hold four elements each (allocated in `init`).
    let (v, t, w, h) = (_v, _t, _w, _h)
    (v[0], v[1], v[2], v[3]) = (value.a, value.b, value.c, value.d)
    (t[0], t[1], t[2], t[3]) = (target.a, target.b, target.c, target.d)
    (w[0], w[1], w[2], w[3]) = (velocity.a, velocity.b, velocity.c, velocity.d)
    // A curve's end is measured from the animation's beginning (see `BatchEngine._animationBegan`);
    // only a curve reads it (set from here, a checked access: a runtime call).
    if _kind(group.index) != .mergesWithVelocity { _setAnimationBegan(begin) }
    do throws(BatchError) {
      // The engine reports the values it stores (``_r``): no second look-up to re-read them.
      try engine.addChannels(
        to: group, values: UnsafeBufferPointer(start: v, count: 4),
        targets: UnsafeBufferPointer(start: t, count: 4),
        velocities: UnsafeBufferPointer(start: w, count: 4),
        into: UnsafeMutableBufferPointer(start: h, count: 4), presented: _r)
    } catch {
      return nil
    }
    let q: Int
    if let f = freeQuads.popLast() {
      q = f
    } else {
      if _quadReserveHint > 0 {
        _reserveQuads(_quadReserveHint)
        _quadReserveHint = 0
      }
      q = quadCount
      quadCount += 1
      if 4 * q + 3 >= handles.count { _coverQuads(through: q) }
      // A frame's evictions free quads (`removeQuad`), at most one entry per quad: grown with the
      // quads here, in a transaction, so that no frame grows the list.
      if freeQuads.capacity < handles.capacity / 4 { freeQuads.reserveCapacity(handles.capacity / 4) }
    }
    // Each table is written through its buffer once (per entry, every write was a uniqueness
    // check: fifteen per quad).
    slotMap._cover(Int(Swift.max(h[0].index, h[1].index, h[2].index, h[3].index)), with: -1)
    // Safety: every per-quad table covers quad `q` (a free quad's entries, or `_coverQuads`
    // above: it grows them all together), `slotMap` every lane's handle slot; `h` and `_r` hold
    // four elements (allocated in `init`).
    let r = _r
    handles.withUnsafeMutableBufferPointer { handles in
      values.withUnsafeMutableBufferPointer { values in
        slotMap.withUnsafeMutableBufferPointer { slotMap in
          for k in 0..<4 {
            handles[4 * q + k] = h[k]
            values[4 * q + k] = r[k]
            slotMap[Int(h[k].index)] = Int32(4 * q + k)
          }
        }
      }
    }
    let changed = lanesInterval ?? (target - value)
    let springs = _kind(group.index) == .mergesWithVelocity
    quadBegin.withUnsafeMutableBufferPointer { $0[q] = begin }
    settleQuads.withUnsafeMutableBufferPointer { quads in
      quads[q].interval = changed.settleLanes
      quads[q].springInterval = springs ? changed.settleLanes : _SettleLanes()
      quads[q].partner = -1
    }
    noteMoving(q)
    return q
  }

  /// Retargets quad `q` to `target` in `group`, then re-reads its values: the engine keeps a
  /// value only as `target + displacement`, which reproduces the old value bit for bit only when
  /// some representable displacement does (463.09771414779453 retargeted to 1000.3 is stored as
  /// 1000.3 − 537.2022858522055 = 463.0977141477945, an ulp lower: the target's ulp is coarser),
  /// and an overflowing displacement snaps to the target. This frame's row must show the state
  /// the next step evolves from (as SwiftUI shows `newModel − interval + offset`), not the value
  /// from before the retarget. Cost: O(1) (four handle look-ups).
  ///
  /// `model`: the lanes' target before this change (the scene's model value), for the
  /// animation's interval (``interval``).
  ///
  /// `deferrable`: the caller tests SwiftUI's end rule itself only when this returns false; with
  /// ``deferringMerges`` on, a merge into a spring group is then deferred to ``flushMerges()``,
  /// which retargets the deferred quads in one engine call per group and tests the rule on each
  /// (returns true). Everything the merge decides from the quad's state is decided here.
  @discardableResult
  func retarget(_ q: Int, to target: _Quad, from model: _Quad, group: BatchGroup, deferrable: Bool = false)
    -> Bool
  {
    // A quad merged twice in a transaction: the second merge starts from the first one's state.
    _flushMerge(of: q)
    // Safety: the scratch blocks hold four elements each (allocated in `init`); the engine gets
    // pointers into them, not into an array stored here (see ``_scratch``).
    let (t, h, states, restart) = (_t, _h, _states, _restart)
    (t[0], t[1], t[2], t[3]) = (target.a, target.b, target.c, target.d)
    _loadHandles(q)
    let engine = self.engine
    // Whether a merging spring may start some channels from rest: only a combination or a
    // Bézier group reports no velocity. Then one look-up per channel reads all the retarget
    // decides on (nothing below changes a channel's state before the retarget itself); without
    // either, the rest test stops at the first moving channel.
    let velocityless = engine.combiningCount > 0 || _hasVelocitylessGroups
    if velocityless {
      engine.readStates(
        of: UnsafeBufferPointer(start: h, count: 4), into: UnsafeMutableBufferPointer(start: states, count: 4)
      )
    }
    let atRest =
      velocityless
      ? states[0].isSettled && states[1].isSettled && states[2].isSettled && states[3].isSettled : _isAtRest()
    if atRest { quadBegin[q] = engine._tick }
    let group = _group(group, origin: quadBegin[q])
    _reserve(in: group)
    // SwiftUI's interval: the change, added to the running one (a value at rest starts afresh);
    // a spring chases all of it, a combining curve leaves the spring beneath its old target.
    let change = target - model
    let springs = _kind(group.index) == .mergesWithVelocity
    settleQuads.withUnsafeMutableBufferPointer { quads in
      let interval = atRest ? change : _Quad(quads[q].interval) + change
      quads[q].interval = interval.settleLanes
      if springs {
        quads[q].springInterval = interval.settleLanes
      } else if atRest {
        quads[q].springInterval = _SettleLanes()
      }
    }
    // A curve's end is measured from the animation's beginning (see `BatchEngine._animationBegan`);
    // only a curve reads it (as in `addQuad`).
    if _kind(group.index) != .mergesWithVelocity { _setAnimationBegan(quadBegin[q]) }
    // Whether the engine reported the values it left (``_r``, every channel retargeted): then no
    // second look-up re-reads them.
    var read = false
    switch _kind(group.index) {
    case .combinesWithVelocity, .combinesWithoutVelocity:
      engine.combine(
        UnsafeBufferPointer(start: h, count: 4), to: UnsafeBufferPointer(start: t, count: 4), with: group)
      _noteHint(q, nil)
    case .mergesWithVelocity:
      // SwiftUI's merge reads the interrupted animation's velocity; a Bézier curve and a
      // combination report none, so the spring starts from rest there.
      var anyAtRest = false
      if velocityless {
        for k in 0..<4 {
          restart[k] =
            states[k].isCombining
            || states[k].group.map({ _kind($0.index) == .combinesWithoutVelocity }) == true
          anyAtRest = anyAtRest || restart[k]
        }
      }
      if deferrable && deferringMerges {
        _deferMerge(q, group: group, handles: h, targets: t, restart: anyAtRest ? restart : nil)
        noteMoving(q)
        return true
      }
      let hint = _hintScratch
      read =
        engine.retarget(
          UnsafeBufferPointer(start: h, count: 4), to: UnsafeBufferPointer(start: t, count: 4), group: group,
          startingAtRest: anyAtRest ? UnsafeBufferPointer(start: restart, count: 4) : nil, presented: _r,
          keepingSettled: true, hints: hint) == 0
      _noteHint(q, hint.pointee)
    }
    if read { _storeRead(q) } else { _reread(q) }
    noteMoving(q)
    return false
  }

  /// The group for `group`'s animation whose substep clock reads the time since `origin`, for a
  /// SwiftUI-model spring merging into a quad whose animation began before this transaction;
  /// `group` itself otherwise.
  func _group(_ group: BatchGroup, origin: Int64) -> BatchGroup {
    // Through the buffer: copying the entry would copy its key's animation existential.
    // Safety: callers pass an engine group of this path, which has its `groupInfo` entry (one is
    // appended with each group added).
    var (epoch, groupOrigin) = groupInfo.withUnsafeBufferPointer {
      ($0[group.index].epoch, $0[group.index].origin)
    }
    if epoch == _BatchGroupKey.shared {
      // A SwiftUI spring's shared group: the origin of the clock the handle puts channels on.
      groupOrigin = engine._substepClockOrigin(of: group) ?? groupOrigin
      epoch = 0
    }
    guard epoch >= 0, groupOrigin != origin else { return group }
    // A transaction asks once per quad, with few distinct origins: remember the answers for this
    // tick by (group, origin) instead of hashing the animation existential per quad, and the last
    // answer before hashing the pair (consecutive quads mostly share it).
    let now = engine._tick
    if _originGroupsTick != now {
      _originGroups.removeAll(keepingCapacity: true)
      _clearOriginWays()
      _originGroupsTick = now
      _lastOrigin = nil
    }
    let cacheKey = _OriginKey(group: Int32(group.index), origin: origin)
    if let (k, g) = _lastOrigin, k == cacheKey { return g }
    // Then a small direct-mapped table before hashing the pair (quads of interleaved transactions
    // alternate between a few origins).
    // Safety: `_originWay(_:)` is below `_originWayCount`, the table's size (allocated in `init`).
    let way = _originWays + Self._originWay(cacheKey)
    if way.pointee.key == cacheKey {
      _lastOrigin = (cacheKey, way.pointee.group)
      return way.pointee.group
    }
    let g: BatchGroup
    if let cached = _originGroups[cacheKey] {
      g = cached
    } else {
      let info = groupInfo[group.index]
      g = info.key.map { _group(animation: $0.animation, style: info.isStyle, origin: origin) } ?? group
      _originGroups[cacheKey] = g
    }
    way.pointee = (cacheKey, g)
    _lastOrigin = (cacheKey, g)
    return g
  }

  /// Ways of ``_originWays``.
  static var _originWayCount: Int { 64 }

  /// The way of ``_originWays`` for `key` (a multiplicative hash of both fields).
  @inline(__always)
  static func _originWay(_ key: _OriginKey) -> Int {
    let h =
      (UInt64(bitPattern: key.origin) ^ UInt64(UInt32(bitPattern: key.group)) << 40) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: h >> 58)  // 64 ways
  }

  /// Empties ``_originWays`` (with ``_originGroups``: when the tick changes or groups recycle).
  func _clearOriginWays() {
    // Safety: the table holds `_originWayCount` entries (allocated in `init`).
    for k in 0..<Self._originWayCount { _originWays[k] = Self._emptyOriginWay }
  }

  /// An empty way (no group has index −1).
  static var _emptyOriginWay: (key: _OriginKey, group: BatchGroup) {
    (_OriginKey(group: -1, origin: 0), BatchGroup(index: 0))
  }
  /// The last answer of ``_group(_:origin:)`` (cleared with ``_originGroups``).
  @exclusivity(unchecked) var _lastOrigin: (_OriginKey, BatchGroup)?

  /// The epoch of group `g`'s key (−1: none, or not a SwiftUI-model spring), read without
  /// copying its entry's key.
  @inline(__always)
  // Safety: callers pass an engine group of this path, which has its `groupInfo` entry.
  func _epoch(_ g: BatchGroup) -> Int64 { groupInfo.withUnsafeBufferPointer { $0[g.index].epoch } }

  /// The kind of group `g`, read without copying its entry's key.
  @inline(__always)
  // Safety: callers pass an engine group of this path, which has its `groupInfo` entry.
  func _kind(_ g: Int) -> _GroupKind { groupInfo.withUnsafeBufferPointer { $0[g].kind } }
  /// ``_group(_:origin:)``'s answers at tick `_originGroupsTick` (cleared when groups recycle).
  @exclusivity(unchecked) var _originGroups: [_OriginKey: BatchGroup] = [:]
  @exclusivity(unchecked) var _originGroupsTick: Int64 = -1

  /// Whether the quad whose handles are in ``_h`` is at rest (every channel settled, none
  /// combining).
  @inline(__always)
  func _isAtRest() -> Bool {
    // One engine call for the four (the group table bound once), not one `isSettled` each.
    !engine._anyUnsettled(_h, count: 4)
  }

  /// Whether `group` combines with a running motion (a timing curve) instead of merging.
  @inline(__always)
  func combines(_ group: BatchGroup) -> Bool {
    _kind(group.index) != .mergesWithVelocity
  }

  func removeQuad(_ q: Int) {
    _flushMerge(of: q)
    _clearHints()
    for k in 0..<4 { slotMap[Int(handles[4 * q + k].index)] = -1 }
    let partner = Int(settleQuads[q].partner)
    if partner != -1 { settleQuads[partner >= 0 ? partner : -(partner + 2)].partner = -1 }
    settleQuads[q].partner = -1
    // Safety: quad `q`'s handles `4q ..< 4q + 4` lie inside `handles` (read by checked subscript
    // just above); the buffer is released before any table is written.
    handles.withUnsafeBufferPointer { h in
      _ = engine.removeChannels(UnsafeBufferPointer(rebasing: h[(4 * q)..<(4 * q + 4)]))
    }
    if q < quadOwner.count { (quadOwner[q], quadRole[q], activeMarks[q]) = (Int32.min, .other, 0) }
    freeQuads.append(q)
  }

  /// SwiftUI's termination rule on quad `q`'s whole value (its pair included) right after a
  /// spring merged into it: a per-property animation tests the rule at the transaction's own
  /// sample, so a merge that finds the value close to its new target and slow (say, a spring
  /// taking over a velocity-less combination near its end) ends there
  /// (``BatchEngine/_settleSpringValue(handles:springIntervals:)``). O(1).
  func settleMerged(_ q: Int, group: BatchGroup) {
    defer { _clearHints() }
    guard _kind(group.index) == .mergesWithVelocity else { return }
    let p = Int(settleQuads[q].partner)
    let (lo, hi) = p >= 0 ? (q, p) : p < -1 ? (-(p + 2), q) : (q, -1)
    _settleMerged(lo: lo, hi: hi, hints: (_hint(lo), hi >= 0 ? _hint(hi) : nil))
  }

  /// ``settleMerged(_:group:)`` on the value of quads `lo` and `hi` (−1: none), with the hints of
  /// their merges (nil: unknown, the rule is tested).
  func _settleMerged(lo: Int, hi: Int, hints: (_SettleHint?, _SettleHint?)) {
    // The merge's own retargets tell when the rule cannot hold (see `_SettleHint`): the test
    // would snap nothing.
    if let a = hints.0, hi < 0 || hints.1 != nil,
      a.rulesOut(
        with: hi >= 0 ? hints.1 : nil,
        tolerance2: {
          var tolerance2 = 0.0
          for half in 0..<2 {
            let quad = half == 0 ? lo : hi
            guard quad >= 0 else { continue }
            let interval = _Quad(settleQuads[quad].springInterval)
            for k in 0..<4 { _SettleHint.addTolerance(interval.lane(k), to: &tolerance2) }
          }
          return tolerance2
        })
    {
      return
    }
    // The value's lanes through the scratch, low quad first (see ``_scratch``: no array buffer is
    // held across the engine call). Safety: `_h` and `_si` hold eight elements each.
    let (h, si) = (_h, _si)
    var lanes = 0
    for half in 0..<2 {
      let quad = half == 0 ? lo : hi
      guard quad >= 0 else { continue }
      let interval = _Quad(settleQuads[quad].springInterval)
      for k in 0..<4 {
        h[lanes] = handles[4 * quad + k]
        si[lanes] = interval.lane(k)
        lanes += 1
      }
    }
    let snapped = engine._settleSpringValue(
      handles: UnsafeBufferPointer(start: h, count: lanes),
      springIntervals: UnsafeBufferPointer(start: si, count: lanes))
    guard snapped > 0 else { return }
    _reread(lo)
    if hi >= 0 { _reread(hi) }
  }

  /// Whether merges of frame quads are deferred (``retarget(_:to:from:group:deferrable:)``):
  /// on inside a transaction's op and resolve loops, which flush them (``flushMerges()``)
  /// before anything reads the quads they change.
  @exclusivity(unchecked) var deferringMerges = false
  /// The deferred merges (``_DeferredMerges``), and whether there are any (read on this class
  /// by every guarded read, without loading the table).
  let _merges = _DeferredMerges()
  @exclusivity(unchecked) var _hasDeferredMerges = false

  /// The end-rule hints of the last two quads retargeted (``_SettleHint``; nil
  /// for a timing curve's combination), the newest second, for ``settleMerged(_:group:)`` right
  /// after the merge. Cleared there and whenever a quad is added or removed, so a hint never
  /// outlives the lanes it describes.
  @exclusivity(unchecked) var _recentHints: (_QuadHint, _QuadHint) = (_QuadHint(), _QuadHint())

  /// Records `hint` as the newest of ``_recentHints``, for quad `q`.
  @inline(__always)
  func _noteHint(_ q: Int, _ hint: _SettleHint?) {
    _recentHints = (_recentHints.1, _QuadHint(quad: q, hint: hint))
  }

  /// The newest of ``_recentHints`` for quad `q`, nil when none (or a combination's).
  @inline(__always)
  func _hint(_ q: Int) -> _SettleHint? {
    _recentHints.1.quad == q ? _recentHints.1.hint : _recentHints.0.quad == q ? _recentHints.0.hint : nil
  }

  /// Empties ``_recentHints``.
  @inline(__always)
  func _clearHints() { _recentHints = (_QuadHint(), _QuadHint()) }

  /// Pairs quads `lo` and `hi` as the low and high lanes of one value (see ``settleQuads``).
  func pair(lo: Int, hi: Int) {
    settleQuads[lo].partner = Int32(hi)
    settleQuads[hi].partner = Int32(-(lo + 2))
  }

  @inline(__always)
  func value(_ q: Int) -> _Quad {
    _flushMerge(of: q)
    return _Quad(values[4 * q], values[4 * q + 1], values[4 * q + 2], values[4 * q + 3])
  }

  func velocity(_ q: Int) -> _Quad {
    _flushMerge(of: q)
    return _Quad(
      engine.velocity(of: handles[4 * q]) ?? 0, engine.velocity(of: handles[4 * q + 1]) ?? 0,
      engine.velocity(of: handles[4 * q + 2]) ?? 0, engine.velocity(of: handles[4 * q + 3]) ?? 0)
  }

  /// Whether quad `q` moves: one of its channels is not settled (a curve's combination counts).
  func isAnimating(_ q: Int) -> Bool {
    _flushMerge(of: q)
    // Safety: callers pass a quad of this path, whose four handles lie inside `handles`.
    return handles.withUnsafeBufferPointer { Self.isAnimating(q, handles: $0, engine: engine) }
  }

  /// ``isAnimating(_:)`` with ``handles``' buffer and the engine held by the caller (a sweep over
  /// many quads binds them once: each binding retains and releases the array's storage, and
  /// reading ``engine`` off the fast path per quad retained the engine). A sweep over the moving
  /// list asks the engine for blocks of quads instead (`BatchEngine._anyUnsettled(quads:handles:into:)`,
  /// whose runs of four handles are laid out as here).
  @inline(__always)
  static func isAnimating(
    _ q: Int, handles: UnsafeBufferPointer<BatchChannel>, engine: BatchEngine<Double>
  ) -> Bool {
    // Safety: quad `q`'s four handles are `handles[4q..<4q + 4]` (every quad has its four).
    engine._anyUnsettled(handles.baseAddress! + 4 * q, count: 4)
  }
}

extension _Quad {
  /// Bit-for-bit equality (−0 and +0 differ): a resting lane left off the engine must present
  /// exactly the bits an engine channel would have.
  @inline(__always)
  func isIdentical(to other: _Quad) -> Bool {
    a.bitPattern == other.a.bitPattern && b.bitPattern == other.b.bitPattern
      && c.bitPattern == other.c.bitPattern && d.bitPattern == other.d.bitPattern
  }

  /// Whether values this large may animate on the batch engine: a spring's matrix multiplies a
  /// displacement by up to ω² per step, so displacements near the largest Double overflow to ∞
  /// there, while the general path's animators handle them. Components beyond ±1e150 (or
  /// non-finite) keep the channel on the general path.
  @inline(__always)
  static func _batchable(_ q: _Quad) -> Bool {
    q.a.magnitude <= 1e150 && q.b.magnitude <= 1e150 && q.c.magnitude <= 1e150 && q.d.magnitude <= 1e150
  }
}

/// A vector the batch fast path stores as one or two quads of channels: a frame (``_Quad``, in the
/// frame groups), a style or transition effect (``_Oct``, in the style groups) or a dimming
/// overlay's opacity (`Double`, in the style groups).
protocol _QuadLanes: VectorArithmetic {
  /// Quads per value: 1 or 2.
  static var quadCount: Int { get }
  /// Quad `k` (`k < quadCount`).
  func quad(_ k: Int) -> _Quad
  /// The value from its quads (`hi` is ignored when `quadCount` is 1).
  init(lo: _Quad, hi: _Quad)
  /// The batch group of this kind of channel for `animation`, or `nil` (general path).
  static func group(in fast: _FastPath, for animation: Animation) -> BatchGroup?
}

extension _Quad: _QuadLanes {
  static var quadCount: Int { 1 }
  func quad(_ k: Int) -> _Quad { self }
  init(lo: _Quad, hi: _Quad) { self = lo }
  static func group(in fast: _FastPath, for animation: Animation) -> BatchGroup? {
    fast.group(for: animation)
  }
}

/// A zoom destination's dimming overlay opacity: lane `a` of a quad in the style groups (the other
/// three lanes stay zero, so the quad's magnitude is the scalar's and a spring settles it as it
/// settles a lone `Double`).
extension Double: _QuadLanes {
  static var quadCount: Int { 1 }
  func quad(_ k: Int) -> _Quad { _Quad(self, 0, 0, 0) }
  init(lo: _Quad, hi: _Quad) { self = lo.a }
  static func group(in fast: _FastPath, for animation: Animation) -> BatchGroup? {
    fast.styleGroup(for: animation)
  }
}

extension _Oct: _QuadLanes {
  static var quadCount: Int { 2 }
  func quad(_ k: Int) -> _Quad { k == 0 ? lo : hi }
  static func group(in fast: _FastPath, for animation: Animation) -> BatchGroup? {
    fast.styleGroup(for: animation)
  }
}

/// An animated value that lives on the general path (``_Channel``) or, on the fast path, in one or
/// two quads of batch channels (`_lo`, `_hi`: slots of the scene's ``_FastPath``). The high quad
/// of a batched two-quad value is added only once its lanes move (`_hi < 0` while they rest at
/// the target `_general` holds): a fade animates its opacity's quad, not the rotation, radius and
/// blur beside it — half the channels, stepped and stored. A spring or
/// timing curve the batch engine drives moves the channel onto the batch (position and velocity
/// kept); any other animation, or none, moves it back to the general path at its current value.
/// Values beyond ±1e150 stay on the general path (``_Quad/_batchable(_:)``).
struct _BatchedChannel<V: _QuadLanes> {
  /// The general path's channel; while the value is batched it is idle and holds the target
  /// (no separate target field, and no animator kept alive beside the batch channels).
  var _general: _Channel<V>
  var _lo: Int32 = -1
  var _hi: Int32 = -1

  init(_ value: V, time: Double) {
    _general = _Channel(value, time: time)
  }

  var isBatched: Bool { _lo >= 0 }
  /// Neither batched nor animating on the general path: the value is simply stored.
  var isIdle: Bool { _lo < 0 && !_general.isAnimating }

  /// The presented value (from the fast path's value table when batched).
  @inline(__always)
  func value(_ fast: _FastPath?) -> V {
    if _lo >= 0, let f = fast {
      return V(
        lo: f.value(Int(_lo)),
        hi: V.quadCount == 1 ? .zero : _hi >= 0 ? f.value(Int(_hi)) : _general.value.quad(1))
    }
    return _general.value
  }
  var target: V { _lo >= 0 ? _general.value : _general.target }
  func isAnimating(_ fast: _FastPath?) -> Bool {
    if _lo >= 0, let f = fast {
      return f.isAnimating(Int(_lo)) || (V.quadCount > 1 && _hi >= 0 && f.isAnimating(Int(_hi)))
    }
    return _general.isAnimating
  }
  /// The velocity at the last frame (`nil` when the general path's animation reports none).
  func velocity(_ fast: _FastPath?) -> V? {
    if _lo >= 0, let f = fast {
      return V(lo: f.velocity(Int(_lo)), hi: V.quadCount > 1 && _hi >= 0 ? f.velocity(Int(_hi)) : .zero)
    }
    return _general.velocity
  }
  /// Whether a frame must sample the general-path animator.
  var needsSampling: Bool { _lo < 0 && _general.isAnimating }

  mutating func sample(at t: Double) {
    if _lo < 0 { _general.sample(at: t) }
  }

  /// Whether `value` may animate on the batch (every quad ``_Quad/_batchable(_:)``).
  @inline(__always)
  static func _batchable(_ value: V) -> Bool {
    _Quad._batchable(value.quad(0)) && (V.quadCount == 1 || _Quad._batchable(value.quad(1)))
  }

  /// Retargets at `t` (the fast path must already be refreshed at `t`). `batchGroup`: the group
  /// for `animation` when the caller already knows it (a transaction looks its animation up once
  /// instead of once per channel); `animation` is then read only where the batch does not drive
  /// the channel.
  mutating func retarget(
    _ newValue: V, animation: Animation?, at t: Double, fast: _FastPath?, batchGroup: BatchGroup? = nil
  ) {
    if let fast, Self._batchable(newValue), Self._batchable(value(fast)),
      let group = batchGroup != nil ? batchGroup : animation.flatMap({ V.group(in: fast, for: $0) })
    {
      if _lo >= 0 {
        // While batched, `_general` holds the model (the lanes' current target).
        let model = _general.value
        // A value of one quad on the engine may have its merge deferred (the flush tests the end
        // rule then): a frame, or a style or effect whose high lanes rest on their target off the
        // engine and keep it (an opacity fade).
        let single =
          V.quadCount == 1 || (_hi < 0 && newValue.quad(1).isIdentical(to: _general.value.quad(1)))
        let deferred = fast.retarget(
          Int(_lo), to: newValue.quad(0), from: model.quad(0), group: group, deferrable: single)
        if V.quadCount > 1 {
          if _hi >= 0 {
            fast.retarget(Int(_hi), to: newValue.quad(1), from: model.quad(1), group: group)
          } else if !newValue.quad(1).isIdentical(to: _general.value.quad(1)) {
            // The resting high lanes start to move: from their value, at rest.
            // One animation over all lanes: the high quad's began with the low one's.
            guard
              let hi = fast.addQuad(
                group, value: _general.value.quad(1), target: newValue.quad(1), velocity: .zero,
                begin: fast.quadBegin[Int(_lo)])
            else { return _leaveBatch(for: newValue, animation: animation, at: t, fast: fast) }
            _hi = Int32(hi)
            fast.pair(lo: Int(_lo), hi: hi)
          }
        }
        if !deferred { fast.settleMerged(Int(_lo), group: group) }
      } else if _general.isAnimating && fast.combines(group) {
        // A timing curve combines with the running general-path animation there, exactly.
        _general.retarget(newValue, animation: animation, at: t)
        return
      } else {
        _general.sample(at: t)
        let current = _general.value
        let velocity = _general.velocity ?? .zero
        // SwiftUI's interval: a running animation's accumulates the change (as a merge does).
        let changed =
          _general.runningInterval.map { $0 + (newValue - _general.target) } ?? (newValue - current)
        if let lo = fast.addQuad(
          group, value: current.quad(0), target: newValue.quad(0), velocity: velocity.quad(0),
          interval: changed.quad(0))
        {
          if V.quadCount == 1
            || (current.quad(1).isIdentical(to: newValue.quad(1)) && velocity.quad(1) == .zero)
          {
            // One quad, or high lanes at rest on their target: they stay off the engine.
            _lo = Int32(lo)
          } else if let hi = fast.addQuad(
            group, value: current.quad(1), target: newValue.quad(1), velocity: velocity.quad(1),
            interval: changed.quad(1))
          {
            (_lo, _hi) = (Int32(lo), Int32(hi))
            fast.pair(lo: lo, hi: hi)
          } else {
            fast.removeQuad(lo)
            _general.retarget(newValue, animation: animation, at: t)
          }
        } else {
          _general.retarget(newValue, animation: animation, at: t)
        }
      }
      if _lo >= 0 { _general = _Channel(newValue, time: t) }
      return
    }
    _leaveBatch(for: newValue, animation: animation, at: t, fast: fast)
  }

  /// Retargets on the general path, leaving the batch first (value kept; a non-merging
  /// animation starts at rest).
  mutating func _leaveBatch(for newValue: V, animation: Animation?, at t: Double, fast: _FastPath?) {
    if _lo >= 0, let f = fast {
      let current = value(f)
      release(f)
      _general = _Channel(current, time: t)
    }
    _general.retarget(newValue, animation: animation, at: t)
  }

  /// Frees the batch channels (the owner is gone, or the channel is replaced).
  mutating func release(_ fast: _FastPath?) {
    if _lo >= 0, let f = fast {
      f.removeQuad(Int(_lo))
      if V.quadCount > 1 && _hi >= 0 { f.removeQuad(Int(_hi)) }
    }
    (_lo, _hi) = (-1, -1)
  }
}

/// A quad and the end-rule hint of its last retarget (see ``_FastPath/_recentHints``); quad −1:
/// none.
struct _QuadHint {
  var quad = -1
  var hint: _SettleHint? = nil
}

/// A SwiftUI-spring group of a transaction and a quad's clock origin (see
/// ``_FastPath/_group(_:origin:)``).
struct _OriginKey: Hashable {
  var group: Int32
  var origin: Int64
}

/// The key of a batch group in ``_FastPath/groups``: the animation, and for a SwiftUI-model
/// spring the ticks that place its substep clock.
struct _BatchGroupKey: Hashable {
  /// The animation's id (``_FastPath/_animationID(_:)``): hashing an integer instead of the
  /// animation's existential (some thousand instructions per look-up).
  var animation: Int32
  /// SwiftUI-model springs: the tick of the transaction and the tick the merged animation began
  /// (the group's substep clock origin); −1 for the other drivers.
  var epoch: Int64
  var origin: Int64

  /// The epoch and origin of the key of a SwiftUI spring's shared group, whose channels follow
  /// the engine's extra clocks (the keys of those clocks have real ticks).
  static var shared: Int64 { -2 }
}

/// What the scene knows of one of its batch groups: its animation's kind, its key (nil for the
/// resting group) and whether it holds style and effect lanes.
struct _GroupInfo {
  var kind: _GroupKind
  var key: _BatchGroupKey?
  var isStyle: Bool
  /// The key's epoch and origin (−1 without a key): read once per quad, without copying the
  /// key's animation existential.
  var epoch: Int64
  var origin: Int64

  init(kind: _GroupKind, key: _BatchGroupKey?, isStyle: Bool) {
    self.kind = kind
    self.key = key
    self.isStyle = isStyle
    epoch = key?.epoch ?? -1
    origin = key?.origin ?? -1
  }
}

/// An animation the batch drives (interned by ``_FastPath/_animationID(_:)``): its driver, how
/// it takes over a channel, and whether it is a SwiftUI-model spring (groups per transaction).
struct _AnimationEntry {
  var animation: Animation
  var driver: BatchDriver
  var kind: _GroupKind
  var isFluid: Bool
}

/// How a batch group's animation takes over a channel, and what it hands on to a spring that
/// merges in later.
enum _GroupKind {
  /// A spring: it merges (position and velocity kept) and reports its velocity.
  case mergesWithVelocity
  /// A `UnitCurve` timing curve: it combines with the running motion and reports a velocity.
  case combinesWithVelocity
  /// A Bézier timing curve: it combines, and reports no velocity (a spring merging in starts
  /// from rest, as SwiftUI's merge reads it).
  case combinesWithoutVelocity
}

/// An element's own frame or a matched group's shared frame: one quad on the fast path.
typealias _FrameChannel = _BatchedChannel<_Quad>
/// An element's style or transition effect: two quads on the fast path.
typealias _OctChannel = _BatchedChannel<_Oct>

extension _BatchedChannel where V == _Quad {
  /// The frame's fast-path quad, or −1.
  var _quad: Int { Int(_lo) }
}

/// The state of a threaded step (`_FastPath._step(ticks:groupCount:pool:)`), passed to the workers by pointer.
struct _StepJob {
  let engine: BatchEngine<Double>
  let groupCount, chunk, threads: Int
  let counts: UnsafeMutablePointer<Int>
}

/// The state of a threaded value scatter (`_FastPath.refresh`), passed to the workers by pointer.
struct _ScatterJob {
  let engine: BatchEngine<Double>
  let groupCount, chunk, threads: Int
  let map: UnsafeBufferPointer<Int32>
  let values: UnsafeMutableBufferPointer<Double>
  let before: UnsafeBufferPointer<Int>
}

extension _Quad {
  /// The lanes of a ``_SettleQuad`` entry.
  @inline(__always)
  init(_ lanes: _SettleLanes) { self.init(lanes.l0, lanes.l1, lanes.l2, lanes.l3) }

  /// These lanes as a ``_SettleQuad`` entry stores them.
  @inline(__always)
  var settleLanes: _SettleLanes { _SettleLanes(a, b, c, d) }
}

/// What a quad is to the element that claimed it (``_FastPath/quadRole``): which part of the
/// element's row its motion can change. (Compared with `==` in the row refresh's quad loop: a
/// `switch` over the cases there cost about 3 instructions more per quad.)
enum _QuadRole: UInt8 {
  /// A quad whose move re-derives the row whole (a high quad, a dimming overlay's), or one not
  /// claimed by an element (free, or a matched group's shared frame).
  case other
  /// The element's own frame: its move changes the row's rectangle alone.
  case frame
  /// The element's style or effect low quad: its move may change the row's opacity alone.
  case lowStyle
}

/// What the row refresh needs of an element's style or effect low quad to rewrite the row's
/// opacity alone (``_FastPath/quadLowStyle``; written by `Scene._refreshHot` whenever the row's
/// inputs change): the opacity is the product of the style's and the effect's first lanes, one
/// of which is the quad's own. 16 bytes a quad, read in quad order with the quad's values:
/// finding these in the element's compact row (72 bytes, at the slot, and then its look) cost a
/// cache miss or two per fading element per frame.
struct _LowStyleQuad {
  /// The row's other low quad (the effect's for a style's quad, the style's for an effect's), or
  /// −1 when that value is not batched (``otherOpacity`` applies).
  var partner: Int32
  /// The element is hidden (a zoom source under its flying destination): opacity 0.
  var hidden: Bool
  /// The other value's opacity when it is not batched (its look's).
  var otherOpacity: Double
}
