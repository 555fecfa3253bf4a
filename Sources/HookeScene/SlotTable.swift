/// The scene's element id → slot map.
///
/// Ids are arbitrary integers, but most scenes number their elements densely from 0 (indices of a
/// model array). Those ids are direct-mapped: a lookup is one array read instead of hashing into a
/// table of every element (a cache miss per transaction op at 100,000 elements). Negative ids and
/// ids far beyond the element count live in a dictionary, so a sparse numbering costs what a
/// dictionary costs and never more memory than a dense one would.
///
/// An id is in exactly one of the two parts: ids in `0..<dense.count` only in `dense`, the rest
/// only in `sparse`. The dense part grows geometrically, to at most twice the number of ids in the
/// table (or 4,096), and ids it comes to cover move over from the dictionary.
struct _SlotTable {
  /// Slot per id `0..<dense.count`, −1 when absent.
  var dense: [Int32] = []
  var sparse: [ElementID: Int] = [:]
  /// Number of ids in the table.
  private(set) var count = 0

  /// The slot of `id`, or nil. O(1).
  @inline(__always)
  subscript(id: ElementID) -> Int? {
    get {
      let raw = id.rawValue
      if raw >= 0 && raw < dense.count {
        let s = dense[raw]
        return s < 0 ? nil : Int(s)
      }
      return sparse.isEmpty ? nil : sparse[id]
    }
    set {
      let raw = id.rawValue
      if raw >= dense.count, newValue != nil, _DenseIndex.admits(raw, keys: count) {
        _growDense(toCover: raw)
      }
      if raw >= 0 && raw < dense.count {
        count += _DenseIndex.write(newValue, at: raw, in: &dense)
      } else {
        count += _DenseIndex.write(newValue, for: id, in: &sparse)
      }
    }
  }

  /// Grows the dense part to cover `raw` (at least doubling), moving covered ids over.
  mutating func _growDense(toCover raw: Int) {
    let old = dense.count
    let new = _DenseIndex.grownCount(from: old, toCover: raw, keys: count)
    dense.append(contentsOf: repeatElement(-1, count: new - old))
    guard !sparse.isEmpty else { return }
    var moved: [(Int, Int)] = []
    for (id, s) in sparse where id.rawValue >= old && id.rawValue < new { moved.append((id.rawValue, s)) }
    for (raw, s) in moved {
      sparse[ElementID(raw)] = nil
      dense[raw] = Int32(truncatingIfNeeded: s)
    }
  }

  /// Makes room for `n` ids in all (the dense part grows when they fit its policy).
  mutating func reserveCapacity(_ n: Int) {
    if n > dense.count { _growDense(toCover: n - 1) }
  }

  /// The smallest id in `range` that is in the table, or nil. O(min(range, dense) + sparse ids).
  func smallestID(in range: Range<Int>) -> ElementID? {
    let lower = Swift.max(range.lowerBound, 0)
    let upper = Swift.min(range.upperBound, dense.count)
    var best: Int?
    if lower < upper {
      for raw in lower..<upper where dense[raw] >= 0 {
        best = raw
        break
      }
    }
    for id in sparse.keys where range.contains(id.rawValue) {
      if best == nil || id.rawValue < best! { best = id.rawValue }
    }
    return best.map { ElementID($0) }
  }
}
