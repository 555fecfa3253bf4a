/// The scene's matched-group index: (namespace, matched id) → group.
///
/// Matched ids are arbitrary, but most scenes match by integers (indices or ids of a model array:
/// a tab bar's index, a card's position, a message's id). Those are direct-mapped per namespace in
/// pages (``_PagedIndex``), like element ids in ``_SlotTable``: a lookup is a short scan of the
/// namespaces with a paged part and two array reads, instead of hashing the key into a table of
/// every group (a hash and a cache miss per joining or leaving member at 100,000 matched
/// elements). String ids, negative ids, ids the pages' memory bounds leave out, and namespaces
/// beyond the first ``denseNamespaceLimit`` live in a dictionary, so a sparse numbering costs what
/// a dictionary costs and never more memory than the bounds.
///
/// A key is in exactly one of the two parts: integer ids whose page exists in the paged part of a
/// namespace `namespaces[n]` only in `paged[n]`, the rest only in `sparse`. When a page appears,
/// the keys it covers move over from the dictionary.
struct _GroupTable {
  /// The namespaces with a paged part, in the order they got one.
  var namespaces: [Namespace] = []
  /// Group per integer id of `namespaces[n]` in pages.
  var paged: [_PagedIndex] = []
  var sparse: [_GroupKey: Int] = [:]
  /// Number of keys in the table.
  private(set) var count = 0

  /// Namespaces that get a paged part (a scene rarely has more than a few; the scan over them is
  /// part of every look-up).
  static let denseNamespaceLimit = 8

  /// The position of `namespace` in `namespaces`, or nil.
  @inline(__always)
  func _denseIndex(_ namespace: Namespace) -> Int? {
    for n in namespaces.indices where namespaces[n] == namespace { return n }
    return nil
  }

  /// The group of integer id `raw` in `namespace` when its namespace has a paged part with a
  /// page for it, else nil (the dictionary part is not searched): a read-ahead's look-up, two
  /// array reads and no hashing.
  @inline(__always)
  func pagedGroup(_ namespace: Namespace, _ raw: Int) -> Int? {
    guard let g = _pagedEntry(namespace, raw), g >= 0 else { return nil }
    return Int(g)
  }

  /// The paged entry of integer id `raw` in `namespace` (−1: no group), or nil when its
  /// namespace has no paged part or no page for it.
  @inline(__always)
  func _pagedEntry(_ namespace: Namespace, _ raw: Int) -> Int32? {
    guard let n = _denseIndex(namespace) else { return nil }
    return paged[n].entry(raw)
  }

  /// The paged position of `key` — its namespace's index and its integer id — when its namespace
  /// has a paged part with a page for the id, else nil.
  @inline(__always)
  func _densePosition(_ key: _GroupKey) -> (Int, Int)? {
    guard case .int(let raw) = key.id, raw >= 0, let n = _denseIndex(key.namespace),
      paged[n].entry(raw) != nil
    else {
      return nil
    }
    return (n, raw)
  }

  /// The group of `key`, or nil. O(paged namespaces) for an integer id with a page, else a
  /// dictionary look-up.
  subscript(key: _GroupKey) -> Int? {
    get {
      if case .int(let raw) = key.id, let g = _pagedEntry(key.namespace, raw) {
        return g < 0 ? nil : Int(g)
      }
      return sparse.isEmpty ? nil : sparse[key]
    }
    set {
      var position = _densePosition(key)
      if position == nil, newValue != nil, case .int(let raw) = key.id {
        _coverPage(key.namespace, raw)
        position = _densePosition(key)
      }
      if let (n, raw) = position {
        count += paged[n].write(newValue, at: raw)
      } else {
        count += _DenseIndex.write(newValue, for: key, in: &sparse)
      }
    }
  }

  /// Gives `namespace`'s paged part a page for `raw` (a namespace gets a paged part while fewer
  /// than ``denseNamespaceLimit`` have), moving the keys it covers out of the dictionary. Nothing
  /// when the page exists, the bounds refuse it, or the namespace stays in the dictionary.
  mutating func _coverPage(_ namespace: Namespace, _ raw: Int) {
    let n: Int
    if let found = _denseIndex(namespace) {
      n = found
    } else {
      guard raw >= 0, namespaces.count < Self.denseNamespaceLimit else { return }
      namespaces.append(namespace)
      paged.append(_PagedIndex())
      n = namespaces.count - 1
    }
    guard let covered = paged[n].coverPage(of: raw, keys: count) else { return }
    paged[n].moveIn(covered, from: &sparse) { key in
      guard key.namespace == namespace, case .int(let id) = key.id else { return nil }
      return id
    }
  }

  /// Makes room for `n` keys in the dictionary part when it holds keys already (a scene matching
  /// by strings has them after its first join): a bulk insertion then rehashes it once, not at
  /// every doubling. A scene matching by small integers never fills it, and reserving for its
  /// dense keys would hold a table of every group in memory for nothing.
  mutating func reserveCapacity(_ n: Int) {
    if !sparse.isEmpty { sparse.reserveCapacity(n) }
  }

  /// Calls `body` with every key in the table (paged parts in namespace and id order, then the
  /// dictionary's in its order). O(pages + keys).
  func forEachKey(_ body: (_GroupKey) -> Void) {
    for n in namespaces.indices {
      paged[n].forEachEntry { raw, _ in body(_GroupKey(namespace: namespaces[n], id: .int(raw))) }
    }
    for key in sparse.keys { body(key) }
  }
}
