/// The direct-mapped part of the scene's integer-keyed tables (``_SlotTable`` for element ids,
/// ``_GroupTable`` for matched ids): `Int32` values (−1: absent) for non-negative integer keys,
/// in pages of ``pageSize`` entries that exist only where keys are.
///
/// Why pages: most scenes number their elements from 0 (indices of a model array), but many keep
/// numbering upward as items come and go (a feed's message ids, a tab bar's replaced indicators).
/// One array from id 0 would have to cover every id up to the largest, so its length was bounded
/// by twice the number of keys, and once the ids outgrew that bound every new key went to the
/// dictionary: a hash per look-up, for good. With pages, ids numbered in order from 0 are still
/// one read (their pages sit at their own place, ``identityEnd``), any other key costs one extra
/// read (its page in ``directory``, a small table that stays in cache), the ids between live ones
/// cost nothing once their page empties (an empty page is reused), and a growing numbering stays
/// direct-mapped.
///
/// Memory is bounded by the number of keys `n` the whole table holds (this part and the caller's
/// dictionary) when a page is added: a new page is allocated only while the pages then hold at
/// most max(4 pages, 4·(n + 1)) entries (16 bytes per key), and the directory covers at most
/// max(256, n + 1) pages (4 bytes per key), so ids up to about ``pageSize``·n stay direct-mapped.
/// As with any table that keeps its capacity, the pages stay allocated (for reuse) when keys
/// leave. A key that does not fit (negative, too far out, or its page refused) belongs in the
/// caller's dictionary: a key is in exactly one of the two parts, and ``coverPage(of:keys:)``
/// tells the caller which keys to move when a page appears.
struct _PagedIndex {
  /// log2 of ``pageSize``.
  static var pageShift: Int { 10 }
  /// Entries per page: 1,024 (4 KB, one memory page).
  static var pageSize: Int { 1 << pageShift }

  /// The first storage entry of each id page's page (`raw >> pageShift` → page `p`'s
  /// `p << pageShift`), −1 when it has none.
  var directory: [Int32] = []
  /// The pages back to back (page `p` at `p << pageShift`); an absent key reads −1.
  var storage: [Int32] = []
  /// The keys in each page.
  var pageKeys: [Int32] = []
  /// Pages without keys, for the next page needed (their entries are all −1).
  var freePages: [Int32] = []
  /// Keys stored.
  private(set) var count = 0
  /// Ids below this have their pages at their own place in the storage (id page `d`'s page is
  /// page `d`, as when a numbering from 0 filled the pages in order): their entry is
  /// `storage[raw]`, one read like an array indexed by id.
  private(set) var identityEnd = 0

  /// The entry of `raw` when its page exists: the value (−1: absent); nil when `raw` has no page
  /// (its key, if any, is in the caller's dictionary). O(1): one read below ``identityEnd``, two
  /// above.
  @inline(__always)
  func entry(_ raw: Int) -> Int32? {
    // One unsigned comparison each rejects negative ids too.
    if UInt(bitPattern: raw) < UInt(bitPattern: identityEnd) {
      // Safety: `raw` is below `identityEnd`, within the storage.
      return storage.withUnsafeBufferPointer { $0[raw] }
    }
    let d = raw >> Self.pageShift
    guard UInt(bitPattern: d) < UInt(bitPattern: directory.count) else { return nil }
    // Safety: `d` is below the directory's count (checked), and a page's entries lie inside the
    // storage (every page has `pageSize` of them).
    return directory.withUnsafeBufferPointer { directory in
      let base = directory[d]
      guard base >= 0 else { return nil }
      return storage.withUnsafeBufferPointer { $0[Int(base) | raw & (Self.pageSize - 1)] }
    }
  }

  /// Writes `value` (nil: absent) at `raw`, whose page exists (``entry(_:)`` is not nil); returns
  /// the change in the number of keys (−1, 0 or 1). A page left without keys is freed for reuse
  /// (its id page has none from then on). Values stay below 2³¹ (slots and groups are counted in
  /// the table's elements, each of them over a hundred bytes).
  @inline(__always)
  mutating func write(_ value: Int?, at raw: Int) -> Int {
    let d = raw >> Self.pageShift
    let p = Int(directory[d]) >> Self.pageShift
    let i = Int(directory[d]) | raw & (Self.pageSize - 1)
    let had = storage[i] >= 0
    if let value {
      storage[i] = Int32(truncatingIfNeeded: value)
      guard !had else { return 0 }
      pageKeys[p] += 1
      count += 1
      return 1
    }
    guard had else { return 0 }
    storage[i] = -1
    pageKeys[p] -= 1
    count -= 1
    if pageKeys[p] == 0 {
      directory[d] = -1
      freePages.append(Int32(truncatingIfNeeded: p))
      // The page may be reused for another id page: ids from here on go through the directory.
      identityEnd = Swift.min(identityEnd, d << Self.pageShift)
    }
    return -1
  }

  /// Gives `raw`'s id page a page when the bounds allow it for a table of `keys` keys (this part's
  /// and the dictionary's, before the key is added); returns the range of ids the new page covers
  /// (their keys, if any, are in the caller's dictionary and move here), or nil when `raw` has a
  /// page already or gets none. Allocates only when no free page is left.
  mutating func coverPage(of raw: Int, keys: Int) -> Range<Int>? {
    guard raw >= 0 else { return nil }
    let d = raw >> Self.pageShift
    if d < directory.count && directory[d] >= 0 { return nil }
    guard d < Swift.max(256, keys + 1) else { return nil }
    let p: Int
    if let free = freePages.popLast() {
      p = Int(free)
    } else {
      guard storage.count + Self.pageSize <= Swift.max(4 * Self.pageSize, 4 * (keys + 1)) else { return nil }
      p = pageKeys.count
      pageKeys.append(0)
      storage.append(contentsOf: repeatElement(-1, count: Self.pageSize))
    }
    if d >= directory.count {
      // At least doubling: a numbering that grows one page at a time appends to the directory
      // a few times in all.
      let length = Swift.max(d + 1, Swift.min(2 * directory.count, Swift.max(256, keys + 1)))
      directory.append(contentsOf: repeatElement(-1, count: length - directory.count))
    }
    directory[d] = Int32(truncatingIfNeeded: p << Self.pageShift)
    var end = identityEnd >> Self.pageShift
    while end < directory.count && Int(directory[end]) == end << Self.pageShift { end += 1 }
    identityEnd = end << Self.pageShift
    return d << Self.pageShift..<(d + 1) << Self.pageShift
  }

  /// Moves the keys of the caller's dictionary `sparse` whose integer id (`raw(key)`, nil: none)
  /// lies in `covered` — the range of a page that just appeared (``coverPage(of:keys:)``) — into
  /// the pages, keeping a key in exactly one of the two parts. O(dictionary keys).
  mutating func moveIn<Key: Hashable>(
    _ covered: Range<Int>, from sparse: inout [Key: Int], raw: (Key) -> Int?
  ) {
    guard !sparse.isEmpty else { return }
    var moved: [(key: Key, raw: Int, value: Int)] = []
    for (key, value) in sparse {
      if let r = raw(key), covered.contains(r) { moved.append((key, r, value)) }
    }
    for m in moved {
      sparse[m.key] = nil
      _ = write(m.value, at: m.raw)
    }
  }

  /// Makes room for pages covering ids `0..<n` without allocating as they appear (within the
  /// bounds for `n` keys); the pages themselves appear with their first keys.
  mutating func reserveCapacity(_ n: Int) {
    let pages = (Swift.max(n, 0) + Self.pageSize - 1) >> Self.pageShift
    let entries = Swift.min(pages << Self.pageShift, Swift.max(4 * Self.pageSize, 4 * (n + 1)))
    storage.reserveCapacity(entries)
    pageKeys.reserveCapacity(entries >> Self.pageShift)
    freePages.reserveCapacity(entries >> Self.pageShift)
    directory.reserveCapacity(Swift.min(pages, Swift.max(256, n + 1)))
  }

  /// Entries allocated in pages (for statistics): ``pageSize`` per page, free ones included.
  var allocatedEntries: Int { storage.count }

  /// Calls `body` with each key and its value, in increasing key order. O(directory + pages).
  func forEachEntry(_ body: (Int, Int) -> Void) {
    for d in directory.indices where directory[d] >= 0 {
      let base = Int(directory[d])
      for k in 0..<Self.pageSize where storage[base + k] >= 0 {
        body(d << Self.pageShift | k, Int(storage[base + k]))
      }
    }
  }

  /// The smallest key in `range` (non-negative part only), or nil. O(pages the range meets +
  /// entries read up to the key).
  func smallestKey(in range: Range<Int>) -> Int? {
    let lower = Swift.max(range.lowerBound, 0)
    guard lower < range.upperBound, !directory.isEmpty else { return nil }
    var d = lower >> Self.pageShift
    let last = Swift.min((range.upperBound - 1) >> Self.pageShift, directory.count - 1)
    while d <= last {
      if directory[d] >= 0 {
        let base = Int(directory[d])
        let from = Swift.max(lower, d << Self.pageShift)
        let to = Swift.min(range.upperBound, (d + 1) << Self.pageShift)
        for raw in from..<to where storage[base + raw & (Self.pageSize - 1)] >= 0 { return raw }
      }
      d += 1
    }
    return nil
  }
}

/// The entry writes the scene's integer-keyed tables share for their dictionary part.
enum _DenseIndex {
  /// Writes `value` (nil: removes the key) for `key` in `sparse`; returns the change in the number
  /// of keys (−1, 0 or 1).
  @inline(__always)
  static func write<Key: Hashable>(_ value: Int?, for key: Key, in sparse: inout [Key: Int]) -> Int {
    if let value { return sparse.updateValue(value, forKey: key) == nil ? 1 : 0 }
    return sparse.removeValue(forKey: key) != nil ? -1 : 0
  }
}
