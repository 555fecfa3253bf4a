/// Steps very many animated scalar channels per frame: exact springs, timing curves and SwiftUI's
/// animation-spring model, in structure-of-arrays storage with SIMD lanes across channels.
///
/// Channels are grouped by driver (``addGroup(_:restRule:substepClockOrigin:)``). Each channel stores its
/// displacement from the target `y = value − target`, its velocity `v` and its target, so a
/// spring frame is `(y, v) ← M(Δt)·(y, v)` with one cached matrix per (group, frame interval):
/// four multiplications and two additions per channel, no `exp`/`sin`/`cos` per channel, and no
/// integration error. Retargeting is a shift of `y`; moving a channel to another group copies its
/// state bit for bit.
///
/// Time is integer ticks (``ticksPerSecond`` per second, default 3,628,800 = 10!, which divides
/// evenly by 24, 30, 48, 60, 90, 120, 144, 240 Hz): frame intervals are given as ticks, so a run is
/// the same whatever the frame pacing history, and variable intervals (VRR, dropped frames) use a
/// small per-group matrix cache (4 intervals, round-robin).
///
/// Settling: after each step, channels inside their group's ``BatchRestRule`` box are snapped
/// exactly to the target with zero velocity and compacted out of the active range, so per-frame
/// cost follows ``activeCount``. Handles (``BatchChannel``) stay valid across compaction.
///
/// Threads: ``step(ticks:)`` runs on the calling thread. For multi-core stepping, call
/// ``prepareStep(ticks:)``, then ``stepChannels(group:range:)`` for disjoint ranges of
/// `0..<activeCount(of:)` from any threads (each call touches only its own channels, and every
/// channel's arithmetic is the same whichever call steps it, so results are bit-identical for any
/// split), then ``stepCombinations()`` and ``finishStep(snapped:)`` on one thread. The
/// `HookeThreads` module does this.
///
/// SwiftUI's two ways of interrupting an animation: a spring *merges* (``retarget(_:to:velocity:group:)``
/// keeps the position and velocity and shifts the target), a timing curve *combines*
/// (``combine(_:to:group:)`` keeps the running motion and adds the curve on top of it).
///
/// Bad input: non-finite targets, values or velocities are rejected with a ``BatchError`` and
/// the engine is unchanged; intervals ≤ 0 are no-ops; huge intervals settle channels (the
/// transition matrix of a damped spring tends to zero) instead of overflowing. The overflow
/// clamp: a channel whose state, as written by an add, a retarget or a move to another group,
/// could overflow the scalar snaps to its target at rest — when its displacement
/// `value − target` overflows (e.g. Float values near ±3.4e38 on opposite sides), and on a
/// spring when the motion from that state could (its speed `√(ω0²·y² + v²)` beyond half the
/// scalar's range, its displacement or, for the SwiftUI model, its force likewise, or its value
/// beyond the range; a channel moved back and forth between a very stiff and a slow spring with
/// its velocity kept gains a factor of about their frequency ratio per round trip until the
/// clamp stops it). The clock saturates at `Int64.max` ticks (about
/// 80,000 years at the default rate); from a step that reaches it on, timing curves and
/// SwiftUI-model springs — whose progress is measured on that clock — arrive at their targets
/// on every step, while exact springs go on moving by the intervals given.
///
/// Memory: per channel 3 scalars + a 4-byte owner (+1 scalar and a 4-byte substep clock for the
/// SwiftUI model, +1 scalar and 8 bytes for timing curves) plus 12 bytes of handle table. Stepping
/// allocates nothing: it only reads and writes the preallocated columns (see `prepareStep`).
public final class BatchEngine<Scalar: BatchScalar>: @unchecked Sendable {
  /// Integer time units per second.
  public let ticksPerSecond: Int64
  /// The engine's clock in ticks: the sum of all stepped intervals.
  // Unchecked, as the engine's other stored state: every combined curve and restarted timing
  // curve reads it, and the dynamic exclusivity check cost about 76 instructions per read.
  @exclusivity(unchecked) public internal(set) var now: Int64 = 0

  typealias _Matrix2 = (Scalar, Scalar, Scalar, Scalar)
  typealias _Matrix3 = (Scalar, Scalar, Scalar, Scalar, Scalar, Scalar, Scalar, Scalar, Scalar)
  static var _zero3: _Matrix3 { (0, 0, 0, 0, 0, 0, 0, 0, 0) }

  final class _Group {
    // Its stored properties are `@exclusivity(unchecked)`, as the engine's own: a group is
    // written by the engine's single-threaded phases only (the concurrent
    // `stepChannels(group:range:)` calls read them), and the dynamic checks cost a runtime call
    // (`swift_beginAccess`, about 100 instructions) per group at every step: an embedder may keep
    // thousands of groups.
    let driver: BatchDriver
    /// The driver's case, switched on per group and step: a switch on ``driver`` that binds a
    /// payload copied the whole enum (240 bytes, a `memcpy`) for every group at every step.
    let kind: _DriverKind
    /// The timing curve of a curve driver.
    let curve: BatchCurve?
    /// Its curve's entry in the engine's curve table (−1: not a curve driver).
    @exclusivity(unchecked) var curveID: Int32 = -1
    /// The fields whose types depend on `Scalar` (rest box, matrices), in one struct: a generic
    /// class's deinit cannot be specialised, and it looked the metadata of each tuple of `Scalar`
    /// up at run time (about 700 instructions each, six per group) to destroy it, which made
    /// every group replaced or removed cost thousands of instructions. One struct is one cached
    /// metadata look-up.
    ///
    /// The accessors below borrow and modify the struct's fields in place: a getter and setter
    /// copied the whole tuple of four cached 3×3 matrices (288 bytes for `Double`, a `memmove`)
    /// to read or write one of them, at every step of every SwiftUI-spring group.
    @exclusivity(unchecked) var _scalars: _GroupScalars
    var rest: (Scalar, Scalar) { _scalars.rest }
    let columns: _BatchColumns<Scalar>
    let durationTicks: Int64
    /// A timing curve's duration in seconds as its driver states it (0 for springs).
    let durationSeconds: Double
    /// An exact spring driver's (stiffness/mass, damping/mass), for `_moveSource` (nil for other
    /// drivers): computed once here rather than read out of the driver per moved channel.
    let springQuotients: (Double, Double)?
    /// What bounds the motion its driver starts from a state, for the overflow clamp.
    let motionBound: _MotionBound
    /// This step's part of the engine's snap list (`_snapLog`) for this group: where it starts and
    /// how many entries it has, or −1 when the compaction must search the group's columns (see
    /// `_stepListingSnaps`). Set by ``step(ticks:)`` only.
    @exclusivity(unchecked) var snapLogStart = 0
    @exclusivity(unchecked) var snapLogCount = -1
    @exclusivity(unchecked) var cacheTicks: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
    var cache: (_Matrix2, _Matrix2, _Matrix2, _Matrix2) {
      _read { yield _scalars.cache }
      _modify { yield &_scalars.cache }
    }
    @exclusivity(unchecked) var cacheNext = 0
    /// Whether the group had no channels at the last ``prepareStep(ticks:)``, which then left
    /// `matrix`/`matrix3` as they were (see `_stepMatrix`); `preparedSubsteps`: that step's
    /// SwiftUI-model substep count.
    @exclusivity(unchecked) var matrixStale = false
    /// SwiftUI model: how many of the engine's extra substep clocks belong to this group
    /// (``BatchEngine/_addSubstepClock(to:origin:)``); while any does, its channels are stepped
    /// each with its own clock's matrix.
    @exclusivity(unchecked) var clockCount = 0
    /// SwiftUI model with extra clocks, for the prepared step (`_prepareSubstepClocks`): the
    /// substep counts its clocks took — the own clock's (`clockFirst`), another one
    /// (`clockSecond`, −1: none), more than two (`clockMixed`) — and the step that set them.
    @exclusivity(unchecked) var clockFirst = 0
    @exclusivity(unchecked) var clockSecond = -1
    @exclusivity(unchecked) var clockMixed = false
    @exclusivity(unchecked) var clockStep = 0
    /// The matrices of `clockFirst` and `clockSecond` substeps for the prepared step.
    var clockPair: (_Matrix3, _Matrix3) {
      _read { yield _scalars.clockPair }
      _modify { yield &_scalars.clockPair }
    }
    @exclusivity(unchecked) var preparedSubsteps = 0
    var matrix: _Matrix2 {
      _read { yield _scalars.matrix }
      _modify { yield &_scalars.matrix }
    }
    // SwiftUI model: the shared substep clock (seconds since `origin`, the animation's
    // beginning; it starts at `epoch`, the tick the group was added or replaced), and the
    // n-substep matrices keyed by n.
    let epoch: Int64
    let origin: Int64
    @exclusivity(unchecked) var fluidClock = 0.0
    @exclusivity(unchecked) var cache3Counts: (Int, Int, Int, Int) = (-1, -1, -1, -1)
    var cache3: (_Matrix3, _Matrix3, _Matrix3, _Matrix3) {
      _read { yield _scalars.cache3 }
      _modify { yield &_scalars.cache3 }
    }
    var matrix3: _Matrix3 {
      _read { yield _scalars.matrix3 }
      _modify { yield &_scalars.matrix3 }
    }

    /// `recycling`: the storage of the empty group this one replaces, kept (with its capacity)
    /// when its columns suit `driver`, so a group that takes driver after driver stops
    /// reallocating and faulting in its columns each time.
    init(
      driver: BatchDriver, rest: BatchRestRule, ticksPerSecond: Int64, now: Int64, origin: Int64,
      recycling old: _BatchColumns<Scalar>? = nil
    ) {
      func storage(hasAcceleration: Bool, hasCurveState: Bool) -> _BatchColumns<Scalar> {
        if let old, old.count == 0, old.hasAcceleration == hasAcceleration, old.hasCurveState == hasCurveState
        {
          return old
        }
        return _BatchColumns(hasAcceleration: hasAcceleration, hasCurveState: hasCurveState)
      }
      self.driver = driver
      switch driver {
      case .spring: kind = .spring
      case .timingCurve, .curve: kind = .curve
      case .fluidSpring: kind = .fluidSpring
      }
      if case .spring(let s) = driver {
        springQuotients = (s.stiffness / s.mass, s.damping / s.mass)
      } else {
        springQuotients = nil
      }
      motionBound = _MotionBound(driver, greatest: Double(Scalar.greatestFiniteMagnitude))
      self.epoch = now
      self.origin = Swift.min(origin, now)
      fluidClock = Self.seconds(now, since: self.origin, ticksPerSecond: ticksPerSecond)
      _scalars = _GroupScalars(rest: (Scalar(rest.displacement), Scalar(rest.speed)))
      switch driver {
      case .timingCurve(let c, _): curve = .unitCurve(c)
      case .curve(let c, _): curve = c
      case .spring, .fluidSpring: curve = nil
      }
      switch driver {
      case .spring:
        columns = storage(hasAcceleration: false, hasCurveState: false)
        durationTicks = 0
        durationSeconds = 0
      case .timingCurve(_, let duration), .curve(_, let duration):
        columns = storage(hasAcceleration: false, hasCurveState: true)
        let ticks = duration * Double(ticksPerSecond)
        durationTicks =
          ticks >= 1 ? (ticks < 4e18 ? Int64(ticks._roundedHalfAwayFromZero) : 4_000_000_000_000_000_000) : 1
        durationSeconds = duration
      case .fluidSpring:
        columns = storage(hasAcceleration: true, hasCurveState: false)
        durationTicks = 0
        durationSeconds = 0
      }
    }

    /// The storage layout `driver` needs: (acceleration column, curve-state columns).
    static func layout(of driver: BatchDriver) -> (hasAcceleration: Bool, hasCurveState: Bool) {
      switch driver {
      case .spring: return (false, false)
      case .timingCurve, .curve: return (false, true)
      case .fluidSpring: return (true, false)
      }
    }

    /// Seconds from tick `origin` to tick `t` as a per-property animation measures them: the
    /// difference of the two times in seconds (`t/rate − origin/rate`, each correctly rounded),
    /// not the rounded quotient of the tick difference — so substep counts at exact substep
    /// boundaries are those of an animation sampled at the same scene times.
    static func seconds(_ t: Int64, since origin: Int64, ticksPerSecond: Int64) -> Double {
      Double(t) / Double(ticksPerSecond) - Double(origin) / Double(ticksPerSecond)
    }

    /// The first tick at which a timing curve of this group that starts at tick `start`, in an
    /// animation that began at tick `origin` (≤ `start`), has ended. SwiftUI ends a timing curve
    /// once its time is past its duration, measuring that time as a per-property animation does:
    /// `(t − B) − (s − B)` in `Double` seconds (the time since the animation's beginning B, less
    /// the curve's start within it). When the duration is a whole number of ticks, the rounding
    /// of that difference decides whether the end tick itself still runs; it is reproduced here
    /// (the difference is monotonic in t, so the first tick past it is found among the ticks
    /// around the integer end). Cost: at most four evaluations (a division each) for a new
    /// `start` and `origin`; the channels a transaction starts on this curve share them and get
    /// the last answer (``_curveEnd``). `ticksPerSecond` is the engine's (a group belongs to one).
    func curveEndTick(start: Int64, origin: Int64, ticksPerSecond: Int64) -> Int64 {
      if _curveEnd.start == start && _curveEnd.origin == origin { return _curveEnd.end }
      let end = _curveEndTick(start: start, origin: origin, ticksPerSecond: ticksPerSecond)
      _curveEnd = (start, origin, end)
      return end
    }

    /// The last ``curveEndTick(start:origin:ticksPerSecond:)`` question and answer. Written by
    /// the engine's single-threaded calls that start curves (adds, retargets, combinations),
    /// never by a step's workers.
    @exclusivity(unchecked) var _curveEnd: (start: Int64, origin: Int64, end: Int64) = (.min, .min, 0)

    /// ``curveEndTick(start:origin:ticksPerSecond:)`` computed.
    func _curveEndTick(start: Int64, origin: Int64, ticksPerSecond: Int64) -> Int64 {
      let d = durationTicks
      guard start <= Int64.max - d - 3 else { return Int64.max }
      let integerEnd = start + d + 1
      guard durationSeconds > 0, durationSeconds.isFinite, origin <= start else { return integerEnd }
      let begun = Self.seconds(start, since: origin, ticksPerSecond: ticksPerSecond)
      for n in (start + Swift.max(d - 1, 1))...(start + d + 2)
      where Self.seconds(n, since: origin, ticksPerSecond: ticksPerSecond) - begun > durationSeconds {
        return n
      }
      return integerEnd
    }
  }

  /// The case of a group's ``BatchDriver``, without its payload (see `_Group.kind`).
  enum _DriverKind: UInt8 {
    case spring, curve, fluidSpring
  }

  /// A group's `Scalar`-typed state (see `_Group._scalars`): the rest box (displacement, speed),
  /// the spring matrix of the current step and the last four by interval, and the SwiftUI
  /// model's n-substep matrix and the last four by n.
  struct _GroupScalars {
    let rest: (Scalar, Scalar)
    var cache: (_Matrix2, _Matrix2, _Matrix2, _Matrix2) = (
      (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)
    )
    var matrix: _Matrix2 = (0, 0, 0, 0)
    var cache3: (_Matrix3, _Matrix3, _Matrix3, _Matrix3) = (_zero3, _zero3, _zero3, _zero3)
    var matrix3: _Matrix3 = _zero3
    var clockPair: (_Matrix3, _Matrix3) = (_zero3, _zero3)

    init(rest: (Scalar, Scalar)) { self.rest = rest }
  }

  @exclusivity(unchecked) var _groups: [_Group] = []
  /// The extra substep clocks of SwiftUI-model groups (``_addSubstepClock(to:origin:)``): clock
  /// id `k ≥ 1` is entry `k − 1`; the ids of free entries in ``_freeClocks``; per entry its
  /// matrix for the prepared step in ``_clockMatrices`` (written for the clocks of a `clockMixed`
  /// group only, the one reader).
  @exclusivity(unchecked) var _clocks: [_SubstepClock] = []
  @exclusivity(unchecked) var _freeClocks: [Int32] = []
  @exclusivity(unchecked) var _clockMatrices: [_Matrix3] = []
  /// Per extra clock, its substep count for the prepared step (−1 before its first step).
  @exclusivity(unchecked) var _clockSubsteps: [Int] = []
  /// Per clock id, whether it takes its group's second matrix in the prepared step
  /// (`_Group.clockSecond`; entry 0, every group's own clock, never does); and the number of the
  /// steps that classified them.
  @exclusivity(unchecked) var _clockTakesSecond: [UInt8] = [0]
  @exclusivity(unchecked) var _clockStep = 0
  /// ``_releaseUnusedSubstepClocks(of:)``'s marks, kept with their capacity (no allocation per
  /// release once grown).
  @exclusivity(unchecked) var _clockUsed: [Bool] = []
  /// Per handle slot: its channel's group, row and generation (``_HandleSlots``).
  let _slots = _HandleSlots()
  /// Where ``_anyUnsettled(quads:handles:into:)`` stores the sum of what it read ahead (read by
  /// nothing: it keeps the reads).
  @exclusivity(unchecked) var _readAheadSink = 0
  /// Handle slots ever handed out: the slot tables' entries from here on are fresh
  /// (``_takeFreshSlots(_:)``).
  @exclusivity(unchecked) var _slotsUsed = 0
  /// Slots the handle tables were told to make room for (``reserveCapacity(_:)``): the tables'
  /// run-ahead stops here. Kept as a count, not read from the arrays' `capacity`, which the
  /// allocator rounds up and would make the tables' length depend on the heap's state.
  @exclusivity(unchecked) var _slotsReserved = 0
  @exclusivity(unchecked) var _free: [UInt32] = []
  @exclusivity(unchecked) var _preparedTicks: Int64 = 0
  /// Whether the prepared step reached the end of the clock (`now` saturated at Int64.max).
  @exclusivity(unchecked) var _clockEnded = false
  /// Running and just-finished combinations (``combine(_:to:group:)``), and per handle slot the
  /// index of its record (−1: none).
  @exclusivity(unchecked) var _combinations: [_Combination<Scalar>] = []
  @exclusivity(unchecked) var _combinationOf: [Int32] = []
  @exclusivity(unchecked) var _runningCombinations = 0
  /// The combinations' curves (``_CombinedCurve``): a pool with a free list through `next`
  /// (head `_freeLayer`, −1: empty).
  @exclusivity(unchecked) var _layers: [_CombinedCurve] = []
  @exclusivity(unchecked) var _freeLayer: Int32 = -1
  /// Timing curves by entry, referenced by the group driving them and by every combined curve
  /// that follows them (a group can take another driver while combinations still follow its
  /// old curve), reference counts and free entries. Bounded by the curve groups plus the
  /// curves combinations still follow.
  @exclusivity(unchecked) var _curveTable: [BatchCurve] = []
  @exclusivity(unchecked) var _curveRefs: [Int32] = []
  @exclusivity(unchecked) var _freeCurves: [Int32] = []
  /// Per group, its displacement and velocity columns, for the combination step.
  /// Per position in a combination, the last curve evaluation of the current step.
  @exclusivity(unchecked) var _curveMemo: [_CurveMemo] = []
  /// The combination step's gathered block of records (see `_stepCombinations`).
  @exclusivity(unchecked) var _combinationGather: [_CombinationGather] = []
  /// Empty storage of replaced or removed groups, kept for growing groups (see `_grow`).
  @exclusivity(unchecked) var _spareColumns: [_BatchColumns<Scalar>] = []
  /// The tick at which the animation that the next timing curves belong to began (SwiftUI
  /// measures a curve's time from its animation's beginning, see `_Group.curveEndTick`): ``now``
  /// unless a caller that knows an earlier beginning (a scene interrupting a running animation)
  /// sets ``_animationBegan``.
  var _curveOrigin: Int64 { Swift.min(_animationBegan ?? now, now) }
  /// Set by a caller around ``retarget(_:to:velocity:group:)`` and ``combine(_:to:group:)`` calls
  /// that continue an animation which began at this tick (nil: at the call's tick).
  /// Unchecked: a scene sets it around every add and retarget of a quad, and a checked access
  /// cost a runtime call each (about 75 instructions).
  @exclusivity(unchecked) package var _animationBegan: Int64?
  /// ``now`` for a caller in another module: there the attribute above goes unseen, and reading the
  /// stored property directly costs a dynamic exclusivity check (a runtime call).
  package var _tick: Int64 { now }
  /// Small empty storage of replaced groups, by layout on demand (see `replaceGroup`).
  @exclusivity(unchecked) var _emptyColumns: [_BatchColumns<Scalar>] = []
  /// ``_settleSpringQuads(laneOfSlot:handles:quads:stamp:)``'s per-group
  /// table (kept with its capacity).
  @exclusivity(unchecked) var _settleRows: [_SettleRow<Scalar>] = []
  @exclusivity(unchecked) var _groupRows:
    [(y: UnsafeMutablePointer<Scalar>, v: UnsafeMutablePointer<Scalar>)] = []
  /// The channels the spring kernels snapped in a ``step(ticks:)``, per group in order (see
  /// `_stepListingSnaps`): allocated once, so stepping stays allocation-free; a step that snaps
  /// more channels than it holds searches the columns instead, as ``finishStep(snapped:)`` does.
  @exclusivity(unchecked) var _snapLog = [Int](repeating: 0, count: 512)

  /// Creates an empty engine. `ticksPerSecond` values < 1 are read as the default 3,628,800.
  public init(ticksPerSecond: Int64 = 3_628_800) {
    self.ticksPerSecond = ticksPerSecond >= 1 ? ticksPerSecond : 3_628_800
  }

  /// Adds a group of channels moved by `driver`, settling by `restRule`. Groups are never removed;
  /// an empty one can take another driver (``replaceGroup(_:driver:restRule:substepClockOrigin:)``).
  ///
  /// A ``BatchDriver/fluidSpring(_:)`` group's substep clock starts at ``now``, reading
  /// `now − substepClockOrigin` (default: ``now``, so 0). SwiftUI measures a spring's time from
  /// the beginning of the animation on that property, and a merge restarts the substep clock at
  /// the merge time on that scale: for channels whose animation began at tick `b` and merge
  /// into this spring now, pass `b` (later values are read as ``now``). Other drivers ignore it.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see
    // `moveSettledChannels(of:to:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func addGroup(
    _ driver: BatchDriver, restRule: BatchRestRule = .pixel, substepClockOrigin: Int64? = nil
  ) -> BatchGroup {
    let group = _Group(
      driver: driver, rest: restRule, ticksPerSecond: ticksPerSecond, now: now,
      origin: substepClockOrigin ?? now)
    if let curve = group.curve { group.curveID = _allocateCurve(curve) }
    _groups.append(group)
    // The combination step's row table grows here, with the groups, not in a later step; so
    // does the room of the end rule's per-step row table (``_refreshSettleRows()``), which a
    // step fills without allocating.
    _groupRows.append((group.columns.y, group.columns.v))
    if _settleRows.capacity < _groups.count { _settleRows.reserveCapacity(_groups.capacity) }
    return BatchGroup(index: _groups.count - 1)
  }

  /// Gives the empty `group` a new `driver` and `restRule`, as if it had just been added (its
  /// matrix caches are dropped; a ``BatchDriver/fluidSpring(_:)`` group's substep clock starts at
  /// ``now``, or at `substepClockOrigin` as ``addGroup(_:restRule:substepClockOrigin:)``
  /// documents), so that an engine whose drivers change over time — a new animation per
  /// interaction — keeps a bounded number of groups, and a bounded cost per step, instead of
  /// adding one per driver. The handle keeps its index.
  ///
  /// Throws ``BatchError/invalidGroup`` for an invalid handle and ``BatchError/groupNotEmpty``
  /// while the group has channels (active or settled); the engine is unchanged then. O(1).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see
    // `moveSettledChannels(of:to:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func replaceGroup(
    _ group: BatchGroup, driver: BatchDriver, restRule: BatchRestRule = .pixel,
    substepClockOrigin: Int64? = nil
  ) throws(BatchError) {
    guard _groups.indices.contains(group.index) else { throw .invalidGroup }
    guard _groups[group.index].columns.count == 0 else { throw .groupNotEmpty }
    _releaseCurve(_groups[group.index].curveID)
    _releaseClocks(ofGroup: group.index) { _, _ in true }
    let old = _groups[group.index].columns
    // The group's own storage when its layout suits the driver, else an empty one of that layout
    // kept from an earlier replacement: a group that alternates between drivers of two layouts
    // (an embedder parking its free groups on a timing curve) allocated a storage object and its
    // seven column blocks at each change.
    var recycling = old
    let layout = _Group.layout(of: driver)
    if !old.hasLayout(layout), let k = _emptyColumns.firstIndex(where: { $0.hasLayout(layout) }) {
      recycling = _emptyColumns.remove(at: k)
    }
    let replacement = _Group(
      driver: driver, rest: restRule, ticksPerSecond: ticksPerSecond, now: now,
      origin: substepClockOrigin ?? now, recycling: recycling)
    if let curve = replacement.curve { replacement.curveID = _allocateCurve(curve) }
    _groups[group.index] = replacement
    if replacement.columns !== old { _keepEmpty(old) }
  }

  /// Keeps the empty storage `c` of a replaced or removed group: a small one for a later
  /// replacement whose driver needs its layout (at most one per group, at least 8: an embedder
  /// may change the drivers of all its free groups at once), a large one as a growth spare
  /// (``_keepSpare(_:)``).
  func _keepEmpty(_ c: _BatchColumns<Scalar>) {
    if c.count == 0 && c.capacity < Self._donorScanMinimum
      && _emptyColumns.count < Swift.max(8, _groups.count)
    {
      _emptyColumns.append(c)
    } else {
      _keepSpare(c)
    }
  }

  /// Removes the group with the highest index, which must have no channels, so that an embedder
  /// that keeps emptied groups for reuse (``replaceGroup(_:driver:restRule:substepClockOrigin:)``)
  /// can give back those it no longer needs: every step visits every group, so a table kept at
  /// the largest size it ever reached would make every later frame pay for the busiest moment.
  /// Its handle becomes invalid — operations on it throw ``BatchError/invalidGroup`` and counts
  /// read 0 — until a later ``addGroup(_:restRule:substepClockOrigin:)`` hands out the same index
  /// again. Other groups, channels and handles are unchanged.
  ///
  /// Throws ``BatchError/invalidGroup`` when there is no group and ``BatchError/groupNotEmpty``
  /// while the last group has channels (active or settled); the engine is unchanged then. O(1).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see
    // `moveSettledChannels(of:to:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func removeLastGroup() throws(BatchError) {
    guard let last = _groups.last else { throw .invalidGroup }
    guard last.columns.count == 0 else { throw .groupNotEmpty }
    _releaseCurve(last.curveID)
    _releaseClocks(ofGroup: _groups.count - 1) { _, _ in true }
    _groups.removeLast()
    if _groupRows.count > _groups.count { _groupRows.removeLast(_groupRows.count - _groups.count) }
    _keepEmpty(last.columns)
  }

  /// Makes room in `group` for `additional` more channels at once (a hint, clamped to 0…2²⁶):
  /// an embedder about to add or move many channels into a group (a transaction retargeting
  /// thousands of elements) grows its storage once instead of by doubling, each doubling copying
  /// every row into fresh memory. The storage of one given back (a replaced or removed group's)
  /// or, for room of 1,024 channels or more, of an empty group, with the same columns and enough
  /// room is reused when there is one. Channels and handles are unchanged; an invalid group is
  /// ignored. O(channels of `group`, plus groups for 1,024 channels or more) when it grows.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func reserveCapacity(_ additional: Int, in group: BatchGroup) {
    guard _groups.indices.contains(group.index) else { return }
    let c = _groups[group.index].columns
    _reserve(c, c.count + Swift.min(Swift.max(additional, 0), 1 << 26))
  }

  /// Makes room for handles of `additional` more channels (a hint, clamped to 0…2²⁶): the
  /// handle tables' storage grows once for those the free list of removed channels cannot
  /// serve, instead of several times while they arrive, each time copying every handle's
  /// entries. Only storage is reserved (nothing is written until channels take the handles), so
  /// an overestimate costs address space, not resident memory. For an embedder about to add
  /// many channels (the first transaction that animates thousands of elements); moving or
  /// retargeting channels needs no handles. Channels and handles are unchanged. O(handles) when
  /// it grows, nothing otherwise.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func reserveCapacity(_ additional: Int) {
    let fresh = Swift.min(Swift.max(additional, 0), 1 << 26) - _free.count
    let held = Swift.max(_slotsReserved, _slots.count)
    guard fresh > 0, _slotsUsed + fresh > held else { return }
    // At least doubling: a caller whose hints creep up (one per transaction) would otherwise
    // reallocate exactly, copying every entry, at every call.
    let capacity = Swift.max(_slotsUsed + fresh, 2 * held)
    _slotsReserved = capacity
    _slots.reserve(capacity)
    if _free.capacity < _slots.capacity { _free.reserveCapacity(_slots.capacity) }
  }

  /// Moves every settled channel of `group` to `destination` (handles stay valid; a settled
  /// channel rests exactly on its target with no velocity or force, so its value is unchanged and
  /// it stays settled). Active and combining channels stay. For embedders that give each
  /// interaction its own group (a SwiftUI-model spring's substep clock starts at the
  /// interaction): once a group's channels have all settled it can be emptied this way and then
  /// reused (``replaceGroup(_:driver:restRule:substepClockOrigin:)``). Returns the number moved;
  /// 0 for invalid groups or `group == destination`. O(settled channels of `group`).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    // An embedder recycling its groups between frames calls this (and `addGroup`,
    // `replaceGroup`, `removeLastGroup`) per emptied group: unspecialised, every moved channel
    // looked up the group class's generic metadata twice (about 1,800 instructions a channel).
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func moveSettledChannels(of group: BatchGroup, to destination: BatchGroup) -> Int {
    guard _groups.indices.contains(group.index), _groups.indices.contains(destination.index),
      group != destination
    else { return 0 }
    // Safety: `i` runs over `activeCount..<count` of the group, positions its columns hold; the
    // destination has room for every settled channel (reserved first, in place).
    let c = _groups[group.index].columns
    let d = _groups[destination.index].columns
    // One reservation and one uniqueness check of the position table for the whole move: per
    // channel they cost more than the move itself.
    _reserve(d, d.count + (c.count - c.activeCount))
    var moved = 0
    var i = c.count - 1
    while i >= c.activeCount {
      let slot = c.owner[i]
      if _liveCombination(slot: Int(slot)) == nil {
        let target = c.target[i]
        _detach(c, index: i)
        _slots[Int(slot)].group = Int32(destination.index)
        _appendRow(
          slot: slot, into: destination.index, clock: destination._clock, columns: d, y: 0, v: 0,
          target: target,
          a: 0)
        moved += 1
      }
      i -= 1
    }
    return moved
  }

  /// The number of channels in `group`, active and settled (0 for an invalid group).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func channelCount(of group: BatchGroup) -> Int {
    _groups.indices.contains(group.index) ? _groups[group.index].columns.count : 0
  }

  /// Number of groups.
  public var groupCount: Int {
    _groups.count
  }

  /// Number of channels still moving in `group` (0 for an invalid group).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules (see `step(ticks:)`):
    // embedders read it per group every frame, and an unspecialised call looks up generic
    // metadata several times (about 100 ns, more than the rest of an idle group's frame).
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func activeCount(of group: BatchGroup) -> Int {
    _groups.indices.contains(group.index) ? _groups[group.index].columns.activeCount : 0
  }

  /// Number of settled channels in `group` (0 for an invalid group).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func settledCount(of group: BatchGroup) -> Int {
    guard _groups.indices.contains(group.index) else { return 0 }
    let c = _groups[group.index].columns
    return c.count - c.activeCount
  }

  #if !hasFeature(Embedded)
    /// Channels still moving, over all groups.
    public var activeCount: Int {
      // Exported Float/Double specialisations for callers in other modules (see `step(ticks:)`):
      // embedders read it every frame, and unspecialised its loop looks up generic metadata per
      // group.
      @_specialize(exported:true,where Scalar == Double)
      @_specialize(exported:true,where Scalar == Float)
      get { _sum { $0.activeCount } }
    }
  #else
    /// Channels still moving, over all groups.
    public var activeCount: Int { _sum { $0.activeCount } }
  #endif

  /// Settled channels, over all groups.
  public var settledCount: Int {
    _sum { $0.count - $0.activeCount }
  }

  /// All channels.
  public var channelCount: Int {
    _sum { $0.count }
  }

  /// Sum of `term` over the groups' columns, by index: `reduce` or a `for-in` over the groups
  /// allocates an iterator box per call when the engine runs unspecialised (a client's generic
  /// code), and these counts are read every frame.
  @inline(__always)
  func _sum(_ term: (_BatchColumns<Scalar>) -> Int) -> Int {
    var n = 0
    var g = 0
    while g < _groups.count {
      n += term(_groups[g].columns)
      g += 1
    }
    return n
  }

  // MARK: Channels

  /// Adds a channel at `value` moving towards `target` with `velocity` (units per second).
  /// Throws ``BatchError/nonFiniteTarget`` for a non-finite value or target,
  /// ``BatchError/nonFiniteVelocity``, or ``BatchError/invalidGroup``.
  /// A channel already exactly at rest (`value == target`, zero velocity) starts settled, and so
  /// does one the overflow clamp snaps to its target (see ``BatchEngine``).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func addChannel(
    to group: BatchGroup, value: Scalar, target: Scalar, velocity: Scalar = 0
  ) throws(BatchError) -> BatchChannel {
    guard _groups.indices.contains(group.index) else { throw .invalidGroup }
    guard value.isFinite, target.isFinite else { throw .nonFiniteTarget }
    guard velocity.isFinite else { throw .nonFiniteVelocity }
    let c = _groups[group.index].columns
    _reserve(c, c.count + 1)
    return _add(
      to: group.index, clock: group._clock, columns: c, value: value, target: target, velocity: velocity)
  }

  /// Adds a channel (finite arguments) to group `g`, whose columns `c` have room for one more:
  /// a free handle slot (its generation bumped) or a new one. An overflowing displacement (Float
  /// values and targets near ±max) snaps to the target.
  @inline(__always)
  func _add(
    to g: Int, clock: Int32, columns c: _BatchColumns<Scalar>, value: Scalar, target: Scalar, velocity: Scalar
  ) -> BatchChannel {
    let slot: UInt32
    if let reused = _free.popLast() {
      slot = reused
      _slots[Int(slot)].generation &+= 1
    } else {
      slot = UInt32(_takeFreshSlots(1))
    }
    let (y, v, _) = _shifted(
      keeping: value, target: target, velocity: velocity, force: 0, bound: _groups[g].motionBound)
    _append(slot: slot, into: g, clock: clock, columns: c, y: y, v: v, target: target, a: 0)
    return BatchChannel(index: slot, generation: _slots[Int(slot)].generation)
  }

  /// Takes `n` never-used handle slots, the first one returned: ``_slotsUsed`` onwards, in
  /// order. The slot tables run ahead of the slots taken (their entries past ``_slotsUsed`` are
  /// fresh: group −1, so no handle reaches them, generation 0) and grow in steps of at least 64
  /// slots or a sixteenth, so that taking a slot is a count increment.
  @inline(__always)
  func _takeFreshSlots(_ n: Int) -> Int {
    let first = _slotsUsed
    if first + n > _slots.count { _growSlotTables(toHold: first + n) }
    _slotsUsed = first + n
    return first
  }

  @inline(never)
  func _growSlotTables(toHold needed: Int) {
    var count = Swift.max(needed, _slots.count + Swift.max(64, _slots.count / 16))
    // Within reserved storage (``reserveCapacity(_:)``) the run-ahead stops at its end: running
    // past it would copy every entry into fresh storage for slots nobody asked for yet.
    if needed <= _slotsReserved { count = Swift.min(count, _slotsReserved) }
    _slots.extend(to: count)
    // The free list holds at most one entry per slot: grown with the slots here, so that
    // removing channels (an embedder's per-frame eviction) never allocates.
    if _free.capacity < _slots.capacity { _free.reserveCapacity(_slots.capacity) }
  }

  /// Removes a channel; its handle becomes invalid. Throws ``BatchError/invalidChannel``.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func removeChannel(_ channel: BatchChannel) throws(BatchError) {
    let (g, i) = try _locate(channel)
    _dropCombination(slot: Int(channel.index))
    _detach(group: g, index: i)
    _slots[Int(channel.index)].group = -1
    _free.append(channel.index)
  }

  /// The channel's current value, `target + displacement` (nil for an invalid handle).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func value(of channel: BatchChannel) -> Scalar? {
    guard let (g, i) = try? _locate(channel) else { return nil }
    return _presentedValue(slot: Int(channel.index), group: g, index: i)
  }

  /// The channel's current velocity in units per second (nil for an invalid handle).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func velocity(of channel: BatchChannel) -> Scalar? {
    guard let (g, i) = try? _locate(channel) else { return nil }
    if let k = _liveCombination(slot: Int(channel.index)) { return _combinations[k].velocity }
    // Safety: `_locate` gives a live channel's storage position, below its group's count.
    return _groups[g].columns.v[i]
  }

  /// The channel's target (nil for an invalid handle).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func target(of channel: BatchChannel) -> Scalar? {
    guard let (g, i) = try? _locate(channel) else { return nil }
    if let k = _liveCombination(slot: Int(channel.index)) { return _combinations[k].target }
    // Safety: `_locate` gives a live channel's storage position, below its group's count.
    return _groups[g].columns.target[i]
  }

  /// The stored displacement from the target, `value − target` (nil for an invalid handle).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func displacement(of channel: BatchChannel) -> Scalar? {
    guard let (g, i) = try? _locate(channel) else { return nil }
    if let k = _liveCombination(slot: Int(channel.index)) {
      return _combinations[k].value - _combinations[k].target
    }
    // Safety: `_locate` gives a live channel's storage position, below its group's count.
    return _groups[g].columns.y[i]
  }

  /// The channel's group (nil for an invalid handle).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func group(of channel: BatchChannel) -> BatchGroup? {
    guard let (g, i) = try? _locate(channel) else { return nil }
    return BatchGroup(index: g, clock: _clock(group: g, index: i))
  }

  /// Whether the channel is settled (snapped to its target, not stepped); nil for an invalid
  /// handle.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func isSettled(_ channel: BatchChannel) -> Bool? {
    // Safety: the group table's buffer is only read, while bound; `_isUnsettled` indexes it with
    // a live slot's group.
    _groups.withUnsafeBufferPointer { _isUnsettled(channel, groups: $0).map { !$0 } }
  }

  /// Whether `channel` is not settled — active, or in a running combination — or `nil` for an
  /// invalid handle: the one test behind ``isSettled(_:)`` and ``_anyUnsettled(_:count:)``, with
  /// the group table's buffer bound by the caller (by subscript each read copied the group,
  /// retaining its columns).
  @inline(__always)
  func _isUnsettled(_ channel: BatchChannel, groups: UnsafeBufferPointer<_Group>) -> Bool? {
    // Safety: the slot tables are indexed below their counts (checked) and a live slot's group
    // index is below the group count.
    guard let entry = _live(channel) else { return nil }
    return entry.row < groups[Int(entry.group)].columns.activeCount
      || _liveCombination(slot: Int(channel.index)) != nil
  }

  /// Whether any of the `count` channels at `channels` is valid and not settled
  /// (``isSettled(_:)`` is `false` for it): an embedder's per-frame sweep over its moving values
  /// asks once per value instead of once per channel, each of which paid a throwing look-up.
  /// Precondition: `channels` points to `count` initialised handles.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _anyUnsettled(_ channels: UnsafePointer<BatchChannel>, count: Int) -> Bool {
    // Safety: the precondition's `count` handles; the group table's buffer is only read, while
    // bound.
    _groups.withUnsafeBufferPointer { _anyUnsettled(channels, count: count, groups: $0) }
  }

  /// ``_anyUnsettled(_:count:)`` with the group table's buffer bound by the caller: the one test
  /// of a run of handles, for the single query and the block one.
  @inline(__always)
  func _anyUnsettled(
    _ channels: UnsafePointer<BatchChannel>, count: Int, groups: UnsafeBufferPointer<_Group>
  ) -> Bool {
    // Safety: `k < count`, within the caller's handles.
    (0..<count).contains { _isUnsettled(channels[$0], groups: groups) == true }
  }

  /// ``_anyUnsettled(_:count:)`` of each of the `quads.count` runs of four handles listed in
  /// `quads` (run `q` is `handles[4q..<4q + 4]`), written to `unsettled[k]` for `quads[k]`. An
  /// embedder's per-frame sweep over its moving values visits them in its own order, at random in
  /// its handle table and in the slot table: asked one run at a time, each run's two dependent
  /// cache misses (its first handle, then that handle's slot entry) waited for the run before.
  /// Here a block of runs is read ahead first — the handles, then their slot entries, each pass's
  /// loads independent of each other — and the answers then find them in cache. The same answers
  /// as asking run by run.
  ///
  /// Precondition: each listed run is four initialised handles; `unsettled` holds `quads.count`
  /// flags.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  package func _anyUnsettled(
    quads: UnsafeBufferPointer<Int32>, handles: UnsafePointer<BatchChannel>,
    into unsettled: UnsafeMutablePointer<Bool>
  ) {
    let block = 16
    let entries = _slots.entries
    let slotCount = _slots.count
    // Safety: the group table's buffer is only read, while bound (`_isUnsettled` indexes it with
    // a live slot's group); `ahead` holds `block` entries and `k - start < block`.
    _groups.withUnsafeBufferPointer { groups in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: block) { ahead in
        var start = 0
        while start < quads.count {
          let end = Swift.min(start + block, quads.count)
          // Safety: the precondition's runs; a slot index is checked against the table's count
          // before its entry is read. The sum is only kept from being optimised away.
          var sink = 0
          for k in start..<end { ahead[k - start] = Int(handles[4 * Int(quads[k])].index) }
          for k in start..<end where ahead[k - start] < slotCount {
            sink &+= Int(entries[ahead[k - start]].group)
          }
          _readAheadSink &+= sink
          for k in start..<end {
            unsettled[k] = _anyUnsettled(handles + 4 * Int(quads[k]), count: 4, groups: groups)
          }
          start = end
        }
      }
    }
  }

  /// Retargets a channel: its value stays exactly where it is (the stored displacement is
  /// shifted, `y ← value − newTarget`, nudged by at most 2 ulps so that `newTarget + y` reproduces
  /// the value bit for bit whenever a representable `y` does so), its velocity is kept bit for
  /// bit unless `velocity` is given, and with `group` it moves to another group with its state
  /// copied bit for bit (a channel leaving an exact spring for a SwiftUI-model spring takes that
  /// spring's force per unit mass, `−(k·y + c·v)/m`, as its force; a timing curve restarts from
  /// the current value at ``now``; to combine
  /// a timing curve with the running motion as SwiftUI does, use ``combine(_:to:group:)``). A
  /// running combination ends here at its presented value and velocity.
  ///
  /// Throws (leaving the engine unchanged) ``BatchError/nonFiniteTarget``,
  /// ``BatchError/nonFiniteVelocity``, ``BatchError/invalidChannel`` or
  /// ``BatchError/invalidGroup``. If `value − newTarget` overflows the scalar, or the motion from
  /// the new state in its group could (see ``BatchEngine``'s overflow clamp), the channel is
  /// snapped to the new target with zero velocity (documented clamp). Cost: O(1).
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  public func retarget(
    _ channel: BatchChannel, to newTarget: Scalar, velocity: Scalar? = nil, group: BatchGroup? = nil
  ) throws(BatchError) {
    let (g, i) = try _locate(channel)
    guard newTarget.isFinite else { throw .nonFiniteTarget }
    if let velocity, !velocity.isFinite { throw .nonFiniteVelocity }
    let destination = group?.index ?? g
    guard _groups.indices.contains(destination) else { throw .invalidGroup }
    _retargetLocated(
      slot: Int(channel.index), group: g, index: i, to: newTarget, velocity: velocity, into: destination,
      clock: group.map { $0._clock } ?? _clock(group: g, index: i))
  }

  /// The substep clock of the channel at storage position `i` of group `g` (0 where the group
  /// keeps none: only a SwiftUI-model group has clocks).
  @inline(__always)
  func _clock(group g: Int, index i: Int) -> Int32 {
    // Safety: callers pass a live channel's storage position (below its group's count).
    let c = _groups[g].columns
    return c.hasAcceleration ? c.clock[i] : 0
  }

  /// ``retarget(_:to:velocity:group:)`` of the live channel of handle slot `s` at storage position
  /// `i` of group `g`, into group `d`, once its arguments are checked (finite target and
  /// velocity, valid `d`): the one body of the per-channel call, the bulk calls' channels that
  /// end a combination and a combine that falls back to a plain curve.
  func _retargetLocated(
    slot s: Int, group g: Int, index i: Int, to newTarget: Scalar, velocity: Scalar?, into d: Int,
    clock: Int32
  ) {
    // Safety: callers pass a live channel's storage position, below its group's count.
    let source = _moveSource(g, into: _groups[d].columns)
    let c = source.columns
    let start = _retargetStart(
      slot: s, columns: c, index: i, springForce: source.springForce, velocity: velocity)
    let (y, v, a) = _shifted(
      keeping: start.value, target: newTarget, velocity: start.velocity, force: start.force,
      bound: _groups[d].motionBound)
    if d == g {
      _rewrite(group: g, index: i, clock: clock, y: y, v: v, target: newTarget, a: a)
    } else {
      _detach(c, index: i)
      _insert(slot: UInt32(s), into: d, clock: clock, y: y, v: v, target: newTarget, a: a)
    }
  }

  /// What a retarget of the channel of handle slot `s` (storage position `i` of columns `c`)
  /// starts from — its presented value, its velocity (`velocity` when given) and its force (the
  /// interrupted exact spring's per unit mass with `springForce`, see ``_moveSource(_:into:)``)
  /// — and drops its combination record: a running combination ends at its presented value and
  /// velocity, with no force of its own. Every retarget path reads the start state here.
  @inline(__always)
  func _retargetStart(
    slot s: Int, columns c: _BatchColumns<Scalar>, index i: Int, springForce: (Double, Double)?,
    velocity: Scalar?
  ) -> (value: Scalar, velocity: Scalar, force: Scalar) {
    // Safety: callers pass a live channel's storage position in `c` (below its count).
    // One look-up of the record (most channels have none): a live one gives the start, a
    // finished one is dropped early (the step would sweep it).
    if let k = _combinationRecord(slot: s) {
      let live = !_combinations[k].finished
      let start = (_combinations[k].value, velocity ?? _combinations[k].velocity, Scalar(0))
      _dropCombination(slot: s)
      if live { return start }
    }
    var a = c.hasAcceleration ? c.a[i] : 0
    if let quotients = springForce { a = Self._force(quotients, y: c.y[i], v: c.v[i]) }
    return (c.target[i] + c.y[i], velocity ?? c.v[i], a)
  }

  /// Retargets many channels: `channels[k]` to `targets[k]` (velocities kept), as
  /// ``retarget(_:to:velocity:group:)``. Pairs that would throw are skipped and counted; returns
  /// the number of rejected pairs. Extra elements of the longer buffer are ignored.
  #if !hasFeature(Embedded)
    // Exported Float/Double specialisations for callers in other modules; see `step(ticks:)`.
    @_specialize(exported:true,where Scalar == Double)
    @_specialize(exported:true,where Scalar == Float)
  #endif
  @discardableResult
  public func retarget(
    _ channels: UnsafeBufferPointer<BatchChannel>, to targets: UnsafeBufferPointer<Scalar>
  ) -> Int {
    // Safety: the caller's buffers must be valid for their counts; only `k` below both is read.
    var rejected = 0
    for k in 0..<min(channels.count, targets.count) {
      do throws(BatchError) { try retarget(channels[k], to: targets[k]) } catch { rejected += 1 }
    }
    return rejected
  }

  // MARK: Internals

  /// The presented value of the channel at storage position `i` of group `g` with handle slot
  /// `s`: its combination's value while one runs, else `target + displacement`.
  @inline(__always)
  func _presentedValue(slot s: Int, group g: Int, index i: Int) -> Scalar {
    if !_combinations.isEmpty, let k = _liveCombination(slot: s) { return _combinations[k].value }
    // Safety: callers pass a live channel's storage position (from `_locate` or the slot tables).
    let c = _groups[g].columns
    return c.target[i] + c.y[i]
  }

  func _locate(_ channel: BatchChannel) throws(BatchError) -> (Int, Int) {
    guard let entry = _live(channel) else { throw .invalidChannel }
    return (Int(entry.group), entry.row)
  }

  /// The slot entry of a valid handle's channel (its group and row), nil for an invalid handle
  /// (a slot never handed out, another generation, or a removed channel).
  @inline(__always)
  func _live(_ channel: BatchChannel) -> _HandleSlot? {
    let s = Int(channel.index)
    guard s < _slots.count else { return nil }
    let entry = _slots[s]
    return entry.generation == channel.generation && entry.group >= 0 ? entry : nil
  }

  /// A retarget's stored state in a group whose motion `bound` describes: the displacement that
  /// keeps `value` (see ``_displacement(keeping:target:)``), `velocity` and `force`; when the
  /// displacement overflows, or the motion from that state could leave the scalar's range (see
  /// ``_MotionBound``), the documented clamp: snapped to the target, at rest.
  @inline(__always)
  func _shifted(
    keeping value: Scalar, target: Scalar, velocity: Scalar, force: Scalar, bound: _MotionBound
  ) -> (y: Scalar, v: Scalar, a: Scalar) {
    guard let y = _displacement(keeping: value, target: target) else { return (0, 0, 0) }
    return _admitted(y: y, v: velocity, a: force, target: target, bound: bound)
  }

  /// The state `(y, v, a)` about `target` when `bound` admits the motion it starts, else the
  /// documented clamp: at rest on the target, `(0, 0, 0)` (see ``_MotionBound``).
  @inline(__always)
  func _admitted(y: Scalar, v: Scalar, a: Scalar, target: Scalar, bound: _MotionBound) -> (
    y: Scalar, v: Scalar, a: Scalar
  ) {
    bound.admits(y: Double(y), v: Double(v), a: Double(a), target: Double(target)) ? (y, v, a) : (0, 0, 0)
  }

  /// `y` with `target + y == value` exactly when some y within 2 ulps of `value − target` does
  /// it; nil when `value − target` overflows.
  @inline(__always)
  func _displacement(keeping value: Scalar, target: Scalar) -> Scalar? {
    let y = value - target
    guard y.isFinite else { return nil }
    if target + y == value { return y }
    var up = y
    var down = y
    for _ in 0..<2 {
      up = up.nextUp
      down = down.nextDown
      if target + up == value { return up }
      if target + down == value { return down }
    }
    return y
  }

  /// What moving a channel out of group `g` into the group whose columns are `destination`
  /// needs: `g`'s columns, and its exact spring's force quotients (stiffness/mass, damping/mass)
  /// when `destination` integrates a force (a SwiftUI-model spring, whose merge keeps the force
  /// the interrupted motion had; nil otherwise). Read field by field through the group table:
  /// copying the group entry copies its driver and retains every reference in it (about a
  /// hundred instructions per bulk retarget).
  @inline(__always)
  func _moveSource(_ g: Int, into destination: _BatchColumns<Scalar>) -> _MoveSource {
    // Safety: callers pass a valid group index (a live handle's group, or a checked one).
    _groups.withUnsafeBufferPointer { groups in
      _MoveSource(
        group: g, columns: groups[g].columns,
        springForce: destination.hasAcceleration ? groups[g].springQuotients : nil)
    }
  }

  /// The force per unit mass `−(k/m)·y − (c/m)·v` for `quotients` (k/m, c/m); 0 if not finite.
  @inline(__always)
  static func _force(_ quotients: (Double, Double), y: Scalar, v: Scalar) -> Scalar {
    let a = Scalar(-quotients.0 * Double(y) - quotients.1 * Double(v))
    return a.isFinite ? a : 0
  }

  /// What moving a channel out of a group needs, resolved once per source group (see
  /// ``BatchEngine/retarget(_:to:group:)``).
  struct _MoveSource {
    let group: Int
    let columns: _BatchColumns<Scalar>
    /// An exact spring's (stiffness/mass, damping/mass) when the destination integrates a force.
    let springForce: (Double, Double)?
  }

  /// Removes slot `i` of group `g`, keeping active channels in front.
  func _detach(group g: Int, index i: Int) {
    _detach(_groups[g].columns, index: i)
  }

  /// Removes slot `i` of the group whose columns are `c`, keeping active channels in front.
  @inline(__always)
  func _detach(_ c: _BatchColumns<Scalar>, index i: Int) {
    // Safety: `i` is a live position of `c` (< count); the moves stay below count.
    var hole = i
    if i < c.activeCount {
      let lastActive = c.activeCount - 1
      _moveRow(c, from: lastActive, to: hole)
      c.activeCount -= 1
      hole = lastActive
    }
    let last = c.count - 1
    _moveRow(c, from: last, to: hole)
    c.count -= 1
  }

  /// Copies row `j` of `c` over row `i` and records the moved channel's new row.
  @inline(__always)
  func _moveRow(_ c: _BatchColumns<Scalar>, from j: Int, to i: Int) {
    // Safety: callers pass two positions below the columns' count; a row's owner is a live handle
    // slot, below the table's count.
    guard i != j else { return }
    c.copy(j, to: i)
    _slots[Int(c.owner[i])].row = i
  }

  /// Gives the channel at position `i` of group `g` a new state in place — what a detach and an
  /// ``_insert(slot:into:y:v:target:a:)`` into the same group would store, without moving it to
  /// the end: active unless exactly at rest (it moves across the active boundary if that
  /// changed), a timing curve restarting at ``now`` from `y`. O(1), touches rows `i` and the
  /// boundary only.
  func _rewrite(group g: Int, index i: Int, clock: Int32, y: Scalar, v: Scalar, target: Scalar, a: Scalar) {
    _rewrite(_groups[g].columns, group: g, index: i, clock: clock, y: y, v: v, target: target, a: a)
  }

  /// ``_rewrite(group:index:clock:y:v:target:a:)`` with group `g`'s columns `c` passed in (a bulk
  /// retarget resolves them once, not per channel).
  @inline(__always)
  func _rewrite(
    _ c: _BatchColumns<Scalar>, group g: Int, index i: Int, clock: Int32, y: Scalar, v: Scalar,
    target: Scalar,
    a: Scalar
  ) {
    _writeState(c, i, group: g, clock: clock, y: y, v: v, target: target, a: a)
    let atRest = Self._isAtRest(y: y, v: v, a: a, hasAcceleration: c.hasAcceleration)
    if atRest && i < c.activeCount {
      _swapRows(c, i, c.activeCount - 1)
      c.activeCount -= 1
    } else if !atRest && i >= c.activeCount {
      _swapRows(c, i, c.activeCount)
      c.activeCount += 1
    }
  }

  /// Whether a row written with displacement `y`, velocity `v` and force `a` (stored only where
  /// the columns have a force) rests exactly: it then goes to the settled range, every other row
  /// to the active one.
  @inline(__always)
  static func _isAtRest(y: Scalar, v: Scalar, a: Scalar, hasAcceleration: Bool) -> Bool {
    y == 0 && v == 0 && (!hasAcceleration || a == 0)
  }

  /// Writes a channel's state into row `i` of group `g`'s columns `c`: displacement, velocity,
  /// target and (when the layout has them) force and a timing curve restarting at ``now`` from
  /// `y` — everything but the owner. The one place a row's state is written whole (an append,
  /// a rewrite in place).
  @inline(__always)
  func _writeState(
    _ c: _BatchColumns<Scalar>, _ i: Int, group g: Int, clock: Int32, y: Scalar, v: Scalar, target: Scalar,
    a: Scalar
  ) {
    // Safety: callers pass a position below `c.capacity` (a live row, or the one being appended).
    c.y[i] = y
    c.v[i] = v
    c.target[i] = target
    if c.hasAcceleration {
      c.a[i] = a
      c.clock[i] = clock
    }
    if c.hasCurveState {
      c.y0[i] = y
      c.start[i] = now
      c.end[i] = _groups[g].curveEndTick(start: now, origin: _curveOrigin, ticksPerSecond: ticksPerSecond)
    }
  }

  /// Swaps rows `i` and `j` of `c` and updates both owners' positions in the handle table.
  @inline(__always)
  func _swapRows(_ c: _BatchColumns<Scalar>, _ i: Int, _ j: Int) {
    c.swapAt(i, j)
    _slots[Int(c.owner[i])].row = i
    _slots[Int(c.owner[j])].row = j
  }

  /// Grows `c` to hold at least `needed` channels (inlined check, out-of-line growth).
  @inline(__always)
  func _reserve(_ c: _BatchColumns<Scalar>, _ needed: Int) {
    if needed > c.capacity { _grow(c, toHold: needed) }
  }

  /// Grows `c` into the largest storage with the same columns and room for `needed` channels
  /// that the spares or, for a growth to at least ``_donorScanMinimum`` channels, an empty group
  /// hold (already in memory: no fresh pages to fault in, which at 100,000 channels cost more
  /// than the copy), else geometrically into fresh memory. An empty group keeps a valid storage
  /// (the smaller one), so this changes no channel. O(spares) below the minimum, O(groups) from
  /// it on.
  @inline(never)
  func _grow(_ c: _BatchColumns<Scalar>, toHold needed: Int) {
    var donor: _BatchColumns<Scalar>?
    var spare = -1
    // At least doubling (as fresh growth does), so a run of barely larger donors cannot make
    // every append copy the rows again.
    var best = Swift.max(needed, 2 * c.capacity) - 1
    // A small block comes from memory the allocator recycles, not fresh pages, so only a large
    // growth looks through the groups: an embedder may keep thousands of groups that grow from a
    // few channels by doubling (a scene kept a SwiftUI spring's group per substep clock before
    // clocks shared groups), and visiting every group at each of those growths took a quarter of
    // an interrupt storm's frames.
    var g = needed >= Self._donorScanMinimum ? 0 : _groups.count
    while g < _groups.count {
      let d = _groups[g].columns
      if d.count == 0, d.capacity > best, d !== c, d.hasLayout(of: c) {
        donor = d
        best = d.capacity
      }
      g += 1
    }
    for k in _spareColumns.indices where _spareColumns[k].capacity > best && _spareColumns[k].hasLayout(of: c)
    {
      donor = _spareColumns[k]
      best = _spareColumns[k].capacity
      spare = k
    }
    guard let donor else { return c._grow(toHold: needed) }
    c.exchangeStorage(with: donor)
    // A spare now holds the smaller storage: drop it (nothing refers to it).
    if spare >= 0 { _spareColumns.remove(at: spare) }
  }

  /// The smallest growth (in channels) that looks for an empty group's storage
  /// (``_grow(_:toHold:)``); the same size from which a replaced group's storage is kept as a
  /// spare (``_keepEmpty(_:)``).
  static var _donorScanMinimum: Int { 1024 }

  /// Keeps the empty storage `c` of a replaced or removed group for a later growth when it is
  /// large and the spares stay within twice the engine's channel count (so spare memory stays
  /// proportional to the channels in use, as the groups' own headroom is); otherwise it is freed.
  func _keepSpare(_ c: _BatchColumns<Scalar>) {
    guard c.count == 0, c.capacity >= Self._donorScanMinimum else { return }
    var spare = c.capacity
    for s in _spareColumns { spare += s.capacity }
    guard spare <= 2 * channelCount else { return }
    _spareColumns.append(c)
  }

  /// Appends a channel to group `g`, active unless exactly at rest.
  func _insert(slot: UInt32, into g: Int, clock: Int32, y: Scalar, v: Scalar, target: Scalar, a: Scalar) {
    let c = _groups[g].columns
    _reserve(c, c.count + 1)
    _append(slot: slot, into: g, clock: clock, columns: c, y: y, v: v, target: target, a: a)
  }

  /// ``_insert(slot:into:y:v:target:a:)`` into group `g` whose columns `c` have room for one more.
  @inline(__always)
  func _append(
    slot: UInt32, into g: Int, clock: Int32, columns c: _BatchColumns<Scalar>, y: Scalar, v: Scalar,
    target: Scalar, a: Scalar
  ) {
    _slots[Int(slot)].group = Int32(g)
    _appendRow(slot: slot, into: g, clock: clock, columns: c, y: y, v: v, target: target, a: a)
  }

  /// ``_append(slot:into:columns:y:v:target:a:)`` but for the slot's group (the caller sets
  /// `_slots[slot].group`).
  @inline(__always)
  func _appendRow(
    slot: UInt32, into g: Int, clock: Int32, columns c: _BatchColumns<Scalar>, y: Scalar, v: Scalar,
    target: Scalar, a: Scalar
  ) {
    // Safety: the caller reserved room for position `count`, written before `count` grows; the
    // first settled row moves from `activeCount` ≤ `count` to `count`; `slot` and the rows'
    // owners are handle slots, below the table's count.
    // An active channel goes to the front of the settled range, whose first row moves to the end:
    // the rows a write at the end and a swap leave, without writing the new row twice.
    var at = c.count
    if !Self._isAtRest(y: y, v: v, a: a, hasAcceleration: c.hasAcceleration) {
      let j = c.activeCount
      if j != at {
        c.copy(j, to: at)
        _slots[Int(c.owner[at])].row = at
      }
      at = j
      c.activeCount += 1
    }
    c.owner[at] = slot
    _writeState(c, at, group: g, clock: clock, y: y, v: v, target: target, a: a)
    c.count += 1
    _slots[Int(slot)].row = at
  }
}
