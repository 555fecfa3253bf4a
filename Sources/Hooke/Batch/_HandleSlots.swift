/// What a handle slot knows about its channel: the group holding it (−1: the slot is free or
/// fresh), its row in that group's columns, and the slot's generation (a ``BatchChannel`` is
/// valid while its generation matches). Sixteen bytes: a handle's look-up reads one entry, one
/// cache line, where three parallel tables cost three misses on a large engine.
struct _HandleSlot: Equatable {
  var row: Int = 0
  var group: Int32 = -1
  var generation: UInt32 = 0
}

/// The engine's handle-slot table: one ``_HandleSlot`` per slot ever handed out, plus fresh
/// entries run ahead of them (see ``BatchEngine/_takeFreshSlots(_:)``).
///
/// Manually allocated, like ``_BatchColumns``: written once or more per added, moved, retargeted
/// or settled channel, and an array stored on the engine paid a uniqueness check (a runtime
/// call) per write, or a closure's set-up per batch. The storage is exactly what was asked for
/// (no allocator rounding), so the table's capacity is a pure function of the calls made.
final class _HandleSlots {
  /// Entries `0..<count` are initialised (a fresh one is `_HandleSlot()`).
  @exclusivity(unchecked) private(set) var count = 0
  /// Entries the storage holds.
  @exclusivity(unchecked) private(set) var capacity = 0
  @exclusivity(unchecked) private(set) var entries: UnsafeMutablePointer<_HandleSlot>

  // Safety: `entries` holds `max(capacity, 1)` entries, `0..<count` initialised; the entry is a
  // trivial type, so assignment into allocated memory and plain deallocation are sound.
  init() { entries = .allocate(capacity: 1) }

  deinit { entries.deallocate() }

  /// Entry `s`. Unchecked: callers pass `s < count` (a handle's slot is checked against it).
  @inline(__always)
  subscript(s: Int) -> _HandleSlot {
    get { entries[s] }
    set { entries[s] = newValue }
  }

  /// Makes the storage hold at least `n` entries (exactly `n` when it grows). O(count) when it
  /// grows.
  func reserve(_ n: Int) {
    guard n > capacity else { return }
    // Safety: `n` > `count`; the initialised entries move over, then the old block is freed.
    entries = entries._regrown(count: count, capacity: n)
    capacity = n
  }

  /// Appends fresh entries (free: group −1) up to `n` in all, growing the storage to at least
  /// double when it must grow. O(new entries), plus O(count) when the storage grows.
  func extend(to n: Int) {
    guard n > count else { return }
    if n > capacity { reserve(Swift.max(n, 2 * capacity)) }
    // Safety: `count..<n` lies within the storage just ensured.
    (entries + count).initialize(repeating: _HandleSlot(), count: n - count)
    count = n
  }

  /// The entries `0..<count`, copied (for tests and diagnostics).
  var snapshot: [_HandleSlot] { Array(UnsafeBufferPointer(start: entries, count: count)) }
}
