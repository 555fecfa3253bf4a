/// The scene's element id → slot map.
///
/// Ids are arbitrary integers, but most scenes number their elements from 0 (indices of a model
/// array), many of them upward as elements come and go. Non-negative ids are direct-mapped in
/// pages (``_PagedIndex``): a lookup is two array reads instead of hashing into a table of every
/// element (a hash and a cache miss per transaction op at 100,000 elements), for a numbering that
/// keeps growing as well. Negative ids and ids the pages' memory bounds leave out (far beyond the
/// element count, or scattered so that pages would hold more than 16 bytes per id) live in a
/// dictionary, so a sparse numbering costs what a dictionary costs and never more memory than
/// the bounds.
///
/// An id is in exactly one of the two parts: ids whose page exists only in `paged`, the rest only
/// in `sparse`. When a page appears, the ids it covers move over from the dictionary.
struct _SlotTable {
  /// Slot per id in pages.
  var paged = _PagedIndex()
  var sparse: [ElementID: Int] = [:]
  /// Number of ids in the table.
  var count: Int { paged.count + sparse.count }

  /// The slot of `id`, or nil. O(1).
  @inline(__always)
  subscript(id: ElementID) -> Int? {
    get {
      if let s = paged.entry(id.rawValue) { return s < 0 ? nil : Int(s) }
      return sparse.isEmpty ? nil : sparse[id]
    }
    set {
      let raw = id.rawValue
      if paged.entry(raw) == nil {
        // No page: a removal or a refused page leaves the id to the dictionary.
        guard newValue != nil, let covered = paged.coverPage(of: raw, keys: count) else {
          _ = _DenseIndex.write(newValue, for: id, in: &sparse)
          return
        }
        paged.moveIn(covered, from: &sparse) { $0.rawValue }
      }
      _ = paged.write(newValue, at: raw)
    }
  }

  /// Makes room for `n` ids in all: pages for ids `0..<n` appear without growing their storage.
  mutating func reserveCapacity(_ n: Int) {
    paged.reserveCapacity(n)
  }

  /// The smallest id in `range` that is in the table, or nil. O(pages the range meets + sparse
  /// ids).
  func smallestID(in range: Range<Int>) -> ElementID? {
    var best = paged.smallestKey(in: range)
    for id in sparse.keys where range.contains(id.rawValue) {
      if best == nil || id.rawValue < best! { best = id.rawValue }
    }
    return best.map { ElementID($0) }
  }
}
