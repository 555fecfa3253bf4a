import Testing
import _TestSupport

@testable import HookeScene

/// The matched-group index against a plain dictionary: integer ids of up to
/// `_GroupTable.denseNamespaceLimit` namespaces direct-mapped in pages, string, negative and far-off ids
/// and further namespaces in the dictionary, removals, and pages appearing over keys that were
/// in the dictionary.
@Suite struct GroupTableTests {
  @Test(arguments: [UInt64(0x6_0001), 0x6_0002, 0x6_0003])
  func agreesWithADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var table = _GroupTable()
    var reference: [_GroupKey: Int] = [:]
    // More namespaces than get a dense part, from two scenes.
    let namespaces = (0..<(_GroupTable.denseNamespaceLimit + 3)).map {
      Namespace(sceneToken: UInt64(1 + $0 % 2), rawValue: $0)
    }
    func randomKey() -> _GroupKey {
      let namespace = namespaces[Int(rng.next() % UInt64(namespaces.count))]
      let id: MatchID
      switch rng.next() % 8 {
      case 0: id = .string("m\(rng.next() % 500)")
      case 1: id = .int(-Int(rng.next() % 1000) - 1)
      case 2: id = .int(Int(rng.next() % 10_000_000))
      default: id = .int(Int(rng.next() % 3000))
      }
      return _GroupKey(namespace: namespace, id: id)
    }
    for step in 0..<20_000 {
      let key = randomKey()
      if rng.next() % 3 == 0 {
        table[key] = nil
        reference[key] = nil
      } else {
        let group = Int(rng.next() % 1_000_000)
        table[key] = group
        reference[key] = group
      }
      let probe = randomKey()
      #expect(table[probe] == reference[probe], "seed \(seed) step \(step): \(probe)")
      // The read-ahead's look-up answers as the table for a key in a page, and nil otherwise.
      if case .int(let raw) = probe.id {
        let paged = table._densePosition(probe) != nil
        #expect(
          table.pagedGroup(probe.namespace, raw) == (paged ? reference[probe] : nil),
          "seed \(seed) step \(step): paged \(probe)")
      }
      #expect(table.count == reference.count, "seed \(seed) step \(step): count")
    }
    for (key, group) in reference { #expect(table[key] == group, "seed \(seed): \(key)") }
    var keys: [_GroupKey] = []
    table.forEachKey { keys.append($0) }
    #expect(keys.count == reference.count && Set(keys) == Set(reference.keys), "seed \(seed): keys")
    #expect(table.namespaces.count <= _GroupTable.denseNamespaceLimit)
  }

  @Test func aPageTakesOverItsKeysFromTheDictionary() {
    var table = _GroupTable()
    let a = Namespace(sceneToken: 1, rawValue: 0)
    let b = Namespace(sceneToken: 1, rawValue: 1)
    // With few keys the pages address ids below 256 pages: 300,000 goes to the dictionary, as do
    // another namespace's 300,000 and a string id.
    table[_GroupKey(namespace: a, id: .int(300_000))] = 1
    table[_GroupKey(namespace: b, id: .int(300_000))] = 2
    table[_GroupKey(namespace: a, id: "card")] = 3
    #expect(table.sparse.count == 3 && table.count == 3)
    // 300 keys raise the bound to the key count: a page for 300,001 moves a's 300,000 over, not
    // b's (b's pages are its own) nor the string.
    for id in 0..<300 { table[_GroupKey(namespace: a, id: .int(id))] = 10 + id }
    table[_GroupKey(namespace: a, id: .int(300_001))] = 4
    #expect(table.paged[0].entry(300_000) == 1)
    #expect(table.sparse[_GroupKey(namespace: a, id: .int(300_000))] == nil)
    #expect(table.sparse.count == 2)
    #expect(table[_GroupKey(namespace: a, id: .int(300_000))] == 1)
    #expect(table[_GroupKey(namespace: b, id: .int(300_000))] == 2)
    #expect(table[_GroupKey(namespace: a, id: "card")] == 3 && table.count == 304)
  }

  /// A side column's look-up of the group its matched geometry names: the paged group for an
  /// integer id, nil for a string id, an id without a page, an empty entry, −1 and an index past
  /// the column.
  @Test func aSideColumnLooksUpThePagedGroupOfItsEntry() {
    var table = _GroupTable()
    let ns = Namespace(sceneToken: 1, rawValue: 0)
    table[_GroupKey(namespace: ns, id: .int(7))] = 42
    table[_GroupKey(namespace: ns, id: "card")] = 43
    var column = _SideColumn<MatchedGeometry>()
    let paged = column.add(MatchedGeometry(id: .int(7), namespace: ns))
    let string = column.add(MatchedGeometry(id: "card", namespace: ns))
    let unknown = column.add(MatchedGeometry(id: .int(8), namespace: ns))  // in 7's page, no group
    var removed = column.add(MatchedGeometry(id: .int(7), namespace: ns))
    column.remove(&removed)
    #expect(column.pagedGroup(paged, in: table) == 42)
    #expect(column.pagedGroup(string, in: table) == nil)
    #expect(column.pagedGroup(unknown, in: table) == nil)
    #expect(column.pagedGroup(3, in: table) == nil, "an emptied entry")
    #expect(column.pagedGroup(-1, in: table) == nil)
    #expect(column.pagedGroup(99, in: table) == nil, "past the column")
  }
}
