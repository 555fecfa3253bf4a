/// The structure-of-arrays storage of one group: displacement from target, velocity, target and
/// the owning handle index per channel, plus the driver's extra columns. Active channels occupy
/// `0..<activeCount`, settled ones `activeCount..<count`. Manually allocated so threads can
/// step disjoint ranges without Swift's exclusivity checks or copy-on-write in the way.
final class _BatchColumns<S: BatchScalar> {
  @exclusivity(unchecked) var count = 0
  @exclusivity(unchecked) var activeCount = 0
  @exclusivity(unchecked) var capacity = 0
  let hasAcceleration: Bool
  let hasCurveState: Bool
  @exclusivity(unchecked) var y: UnsafeMutablePointer<S>
  @exclusivity(unchecked) var v: UnsafeMutablePointer<S>
  @exclusivity(unchecked) var target: UnsafeMutablePointer<S>
  @exclusivity(unchecked) var owner: UnsafeMutablePointer<UInt32>
  /// SwiftUI model: the spring force per unit mass of the last substep.
  @exclusivity(unchecked) var a: UnsafeMutablePointer<S>
  /// Timing curves: the displacement at the start tick.
  @exclusivity(unchecked) var y0: UnsafeMutablePointer<S>
  /// The column the rest test reads beside `y` and `v` (``BatchScalar/_firstRestingIndex``):
  /// the force per unit mass when stored, else a timing curve's start displacement (its channel
  /// rests once that is cleared too), else none.
  var restColumn: UnsafeMutablePointer<S>? { hasAcceleration ? a : (hasCurveState ? y0 : nil) }
  /// SwiftUI model: the substep clock each channel follows (0: the group's own; see
  /// ``BatchGroup/_clock``).
  @exclusivity(unchecked) var clock: UnsafeMutablePointer<Int32>
  /// Timing curves: the start tick.
  @exclusivity(unchecked) var start: UnsafeMutablePointer<Int64>
  /// Timing curves: the first tick at which the curve has ended (`BatchEngine._curveEndTick`).
  @exclusivity(unchecked) var end: UnsafeMutablePointer<Int64>

  // Safety: every column holds `max(capacity, 1)` elements (all nine allocated even when unused,
  // so a pointer is always valid), positions `0..<count` initialised; elements are trivial
  // (floating point and integers), so assignment into allocated memory and plain deallocation are
  // sound. Engine code indexes only positions below `count`, which `reserve` grows the columns for.
  init(hasAcceleration: Bool, hasCurveState: Bool) {
    self.hasAcceleration = hasAcceleration
    self.hasCurveState = hasCurveState
    y = .allocate(capacity: 1)
    v = .allocate(capacity: 1)
    target = .allocate(capacity: 1)
    owner = .allocate(capacity: 1)
    a = .allocate(capacity: 1)
    clock = .allocate(capacity: 1)
    y0 = .allocate(capacity: 1)
    start = .allocate(capacity: 1)
    end = .allocate(capacity: 1)
  }

  deinit {
    y.deallocate()
    v.deallocate()
    target.deallocate()
    owner.deallocate()
    a.deallocate()
    clock.deallocate()
    y0.deallocate()
    start.deallocate()
    end.deallocate()
  }

  private static func _grow<T>(_ p: inout UnsafeMutablePointer<T>, _ count: Int, _ capacity: Int) {
    // Safety: `capacity` ≥ `count`; the first `count` elements move over, then the old block is freed.
    p = p._regrown(count: count, capacity: capacity)
  }

  /// Grows every used column to hold at least `needed` channels (geometrically). Inlined check,
  /// out-of-line growth: callers reserve once per added or moved channel.
  @inline(__always)
  func reserve(_ needed: Int) {
    if needed > capacity { _grow(toHold: needed) }
  }

  @inline(never)
  func _grow(toHold needed: Int) {
    let newCapacity = max(needed, capacity * 2, 16)
    Self._grow(&y, count, newCapacity)
    Self._grow(&v, count, newCapacity)
    Self._grow(&target, count, newCapacity)
    Self._grow(&owner, count, newCapacity)
    if hasAcceleration {
      Self._grow(&a, count, newCapacity)
      Self._grow(&clock, count, newCapacity)
    }
    if hasCurveState {
      Self._grow(&y0, count, newCapacity)
      Self._grow(&start, count, newCapacity)
      Self._grow(&end, count, newCapacity)
    }
    capacity = newCapacity
  }

  /// Whether `other` stores the same columns (so their storage can be exchanged).
  @inline(__always)
  func hasLayout(of other: _BatchColumns<S>) -> Bool {
    hasAcceleration == other.hasAcceleration && hasCurveState == other.hasCurveState
  }

  /// Whether this storage has `layout`'s columns (acceleration, curve state).
  func hasLayout(_ layout: (hasAcceleration: Bool, hasCurveState: Bool)) -> Bool {
    hasAcceleration == layout.hasAcceleration && hasCurveState == layout.hasCurveState
  }

  /// Moves this storage's rows into `donor`'s blocks and exchanges the blocks: this storage then
  /// has the donor's capacity, and the donor (which must be empty, with the same layout and room
  /// for this storage's rows) gets this one's blocks, still empty. Reuses a larger block that is
  /// already in memory instead of growing into fresh memory (a copy of `count` rows either way).
  func exchangeStorage(with donor: _BatchColumns<S>) {
    // Safety: `donor` is empty with the same used columns and `donor.capacity >= count`, so the
    // first `count` rows of each used column fit its blocks; trivial elements, so a plain copy
    // initialises them. Unused columns are exchanged as they are (both hold one element).
    precondition(donor.count == 0 && hasLayout(of: donor) && donor.capacity >= count)
    donor.y.update(from: y, count: count)
    donor.v.update(from: v, count: count)
    donor.target.update(from: target, count: count)
    donor.owner.update(from: owner, count: count)
    if hasAcceleration {
      donor.a.update(from: a, count: count)
      donor.clock.update(from: clock, count: count)
    }
    if hasCurveState {
      donor.y0.update(from: y0, count: count)
      donor.start.update(from: start, count: count)
      donor.end.update(from: end, count: count)
    }
    swap(&y, &donor.y)
    swap(&v, &donor.v)
    swap(&target, &donor.target)
    swap(&owner, &donor.owner)
    swap(&a, &donor.a)
    swap(&clock, &donor.clock)
    swap(&y0, &donor.y0)
    swap(&start, &donor.start)
    swap(&end, &donor.end)
    swap(&capacity, &donor.capacity)
  }

  /// Copies slot `j` over slot `i` (all columns).
  @inline(__always)
  func copy(_ j: Int, to i: Int) {
    // Safety: callers pass `j` below `count` and `i` below `capacity` (a position below `count`,
    // or `count` itself when the caller is about to append).
    y[i] = y[j]
    v[i] = v[j]
    target[i] = target[j]
    owner[i] = owner[j]
    if hasAcceleration {
      a[i] = a[j]
      clock[i] = clock[j]
    }
    if hasCurveState {
      y0[i] = y0[j]
      start[i] = start[j]
      end[i] = end[j]
    }
  }

  // Always inlined: the compaction swaps once per settled channel, and whether the optimiser
  // inlined it on its own changed with unrelated code (0.50 vs 0.71 ns per channel-step for an
  // outside client with the default rest rule).
  @inline(__always)
  func swapAt(_ i: Int, _ j: Int) {
    // Safety: callers pass positions below `count`.
    guard i != j else { return }
    swap(&y[i], &y[j])
    swap(&v[i], &v[j])
    swap(&target[i], &target[j])
    swap(&owner[i], &owner[j])
    if hasAcceleration {
      swap(&a[i], &a[j])
      swap(&clock[i], &clock[j])
    }
    if hasCurveState {
      swap(&y0[i], &y0[j])
      swap(&start[i], &start[j])
      swap(&end[i], &end[j])
    }
  }
}
