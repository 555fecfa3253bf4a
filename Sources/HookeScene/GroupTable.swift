/// The scene's matched-group index: (namespace, matched id) → group.
///
/// Matched ids are arbitrary, but most scenes match by small integers (indices of a model array:
/// a tab bar's index, a card's position). Those are direct-mapped per namespace, like element ids
/// in ``_SlotTable``: a lookup is a short scan of the namespaces with a dense part and one array
/// read, instead of hashing the key into a table of every group (a hash and a cache miss per
/// joining or leaving member at 100,000 matched elements). String ids, negative or far-off
/// integers, and namespaces beyond the first ``denseNamespaceLimit`` live in a dictionary, so a
/// sparse numbering costs what a dictionary costs and never more memory than a dense one would.
///
/// A key is in exactly one of the two parts: integer ids in `0..<dense[n].count` of a namespace
/// `namespaces[n]` only in `dense`, the rest only in `sparse`. A dense part grows by
/// ``_DenseIndex``'s policy, the one the element-id table follows, and keys it comes to cover
/// move over from the dictionary.
struct _GroupTable {
  /// The namespaces with a dense part, in the order they got one.
  var namespaces: [Namespace] = []
  /// Group per integer id `0..<dense[n].count` of `namespaces[n]`, −1 when absent.
  var dense: [[Int32]] = []
  var sparse: [_GroupKey: Int] = [:]
  /// Number of keys in the table.
  private(set) var count = 0

  /// Namespaces that get a dense part (a scene rarely has more than a few; the scan over them is
  /// part of every look-up).
  static let denseNamespaceLimit = 8

  /// The position of `namespace` in `namespaces`, or nil.
  @inline(__always)
  func _denseIndex(_ namespace: Namespace) -> Int? {
    for n in namespaces.indices where namespaces[n] == namespace { return n }
    return nil
  }

  /// The dense position of `key` — its namespace's index and its integer id — when its namespace
  /// has a dense part covering the id, else nil.
  @inline(__always)
  func _densePosition(_ key: _GroupKey) -> (Int, Int)? {
    guard case .int(let raw) = key.id, raw >= 0, let n = _denseIndex(key.namespace), raw < dense[n].count
    else {
      return nil
    }
    return (n, raw)
  }

  /// The group of `key`, or nil. O(dense namespaces) for an integer id of a dense namespace,
  /// else a dictionary look-up.
  subscript(key: _GroupKey) -> Int? {
    get {
      if let (n, raw) = _densePosition(key) {
        let g = dense[n][raw]
        return g < 0 ? nil : Int(g)
      }
      return sparse.isEmpty ? nil : sparse[key]
    }
    set {
      if newValue != nil, case .int(let raw) = key.id, _DenseIndex.admits(raw, keys: count) {
        _growDense(key.namespace, toCover: raw)
      }
      if let (n, raw) = _densePosition(key) {
        count += _DenseIndex.write(newValue, at: raw, in: &dense[n])
      } else {
        count += _DenseIndex.write(newValue, for: key, in: &sparse)
      }
    }
  }

  /// Makes `namespace`'s dense part cover `raw` (at least doubling it; a namespace gets one while
  /// fewer than ``denseNamespaceLimit`` have), moving the keys it comes to cover out of the
  /// dictionary. Nothing when it covers `raw` already or the namespace stays sparse.
  mutating func _growDense(_ namespace: Namespace, toCover raw: Int) {
    let n: Int
    if let found = _denseIndex(namespace) {
      n = found
    } else {
      guard namespaces.count < Self.denseNamespaceLimit else { return }
      namespaces.append(namespace)
      dense.append([])
      n = namespaces.count - 1
    }
    let old = dense[n].count
    guard raw >= old else { return }
    let new = _DenseIndex.grownCount(from: old, toCover: raw, keys: count)
    dense[n].append(contentsOf: repeatElement(-1, count: new - old))
    guard !sparse.isEmpty else { return }
    var moved: [(Int, Int)] = []
    for (key, g) in sparse where key.namespace == namespace {
      if case .int(let id) = key.id, id >= old, id < new { moved.append((id, g)) }
    }
    for (id, g) in moved {
      sparse[_GroupKey(namespace: namespace, id: .int(id))] = nil
      dense[n][id] = Int32(truncatingIfNeeded: g)
    }
  }

  /// Makes room for `n` keys in the dictionary part when it holds keys already (a scene matching
  /// by strings has them after its first join): a bulk insertion then rehashes it once, not at
  /// every doubling. A scene matching by small integers never fills it, and reserving for its
  /// dense keys would hold a table of every group in memory for nothing.
  mutating func reserveCapacity(_ n: Int) {
    if !sparse.isEmpty { sparse.reserveCapacity(n) }
  }

  /// Calls `body` with every key in the table (dense parts in namespace and id order, then the
  /// dictionary's in its order). O(dense capacity + keys).
  func forEachKey(_ body: (_GroupKey) -> Void) {
    for n in namespaces.indices {
      for raw in dense[n].indices where dense[n][raw] >= 0 {
        body(_GroupKey(namespace: namespaces[n], id: .int(raw)))
      }
    }
    for key in sparse.keys { body(key) }
  }
}
