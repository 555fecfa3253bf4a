import Testing
import _TestSupport

@testable import HookeScene

/// The id → slot map against a plain dictionary: paged, sparse and negative ids, removals, pages
/// appearing over ids that were in the dictionary, the smallest id in a range, and the pages'
/// memory bounds.
@Suite struct SlotTableTests {
  @Test(arguments: [UInt64(0x5107_0001), 0x5107_0002, 0x5107_0003])
  func agreesWithADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var table = _SlotTable()
    var reference: [ElementID: Int] = [:]
    for step in 0..<20_000 {
      // Mostly small ids (pages), some far out and negative ones (the dictionary), and ids just
      // beyond the pages' directory, which it comes to cover as the table grows.
      let raw: Int
      switch rng.next() % 8 {
      case 0: raw = -Int(rng.next() % 1000) - 1
      case 1: raw = Int(rng.next() % 10_000_000)
      case 2: raw = table.paged.directory.count << _PagedIndex.pageShift + Int(rng.next() % 2048)
      default: raw = Int(rng.next() % 3000)
      }
      let id = ElementID(raw)
      if rng.next() % 3 == 0 {
        table[id] = nil
        reference[id] = nil
      } else {
        let slot = Int(rng.next() % 1_000_000)
        table[id] = slot
        reference[id] = slot
      }
      let probe = ElementID(Int(rng.next() % 4000) - 100)
      #expect(table[probe] == reference[probe], "seed \(seed) step \(step): id \(probe.rawValue)")
      #expect(table.count == reference.count, "seed \(seed) step \(step): count")
    }
    for (id, slot) in reference { #expect(table[id] == slot, "seed \(seed): id \(id.rawValue)") }
    for _ in 0..<200 {
      let lower = Int(rng.next() % 6000) - 1000
      let range = lower..<(lower + Int(rng.next() % 500))
      let expected = reference.keys.filter { range.contains($0.rawValue) }.min()
      #expect(table.smallestID(in: range) == expected, "seed \(seed): range \(range)")
    }
  }

  @Test func reservingKeepsEveryEntry() {
    var table = _SlotTable()
    table[ElementID(5000)] = 1  // its page appears
    table[ElementID(-3)] = 2  // negative: in the dictionary
    table.reserveCapacity(10_000)
    #expect(table.paged.storage.capacity >= 10 * _PagedIndex.pageSize)
    #expect(table[ElementID(5000)] == 1 && table[ElementID(-3)] == 2 && table.count == 2)
    #expect(table.sparse.count == 1)
  }

  /// A numbering that keeps growing (a tab bar's indicator replaced by a new id at every hop, a
  /// feed's messages): 10,000 ids that stay and 2,000 that are replaced, one at a time, by the
  /// next id — 400,000 replacements, ids up to 412,000. Every id stays direct-mapped, the pages
  /// stay within their bounds (16 bytes per id), and emptied pages are reused: the second half of
  /// the run allocates no page.
  @Test func aGrowingNumberingStaysDirectMapped() {
    let seed: UInt64 = 0x5107_0004
    var rng = SplitMix64(seed: seed)
    var table = _SlotTable()
    var reference: [ElementID: Int] = [:]
    for raw in 0..<10_000 {
      table[ElementID(raw)] = raw
      reference[ElementID(raw)] = raw
    }
    var live = Array(10_000..<12_000)
    for raw in live {
      table[ElementID(raw)] = raw
      reference[ElementID(raw)] = raw
    }
    var next = 12_000
    var storageAtHalf = 0
    for step in 0..<400_000 {
      if step == 200_000 { storageAtHalf = table.paged.storage.count }
      let k = Int(rng.next() % UInt64(live.count))
      table[ElementID(live[k])] = nil
      reference[ElementID(live[k])] = nil
      live[k] = next
      table[ElementID(next)] = next
      reference[ElementID(next)] = next
      next += 1
    }
    #expect(table.sparse.isEmpty, "seed \(seed): \(table.sparse.count) ids in the dictionary")
    #expect(table.count == reference.count, "seed \(seed)")
    for (id, slot) in reference { #expect(table[id] == slot, "seed \(seed): id \(id.rawValue)") }
    for _ in 0..<1000 {
      let probe = ElementID(Int(rng.next() % UInt64(next + 1000)))
      #expect(table[probe] == reference[probe], "seed \(seed): id \(probe.rawValue)")
    }
    #expect(
      table.paged.storage.count <= 4 * (table.count + 1), "seed \(seed): \(table.paged.storage.count) entries"
    )
    #expect(table.paged.storage.count == storageAtHalf, "seed \(seed): pages allocated in the second half")
  }

  /// Ids scattered far apart would cost a page each: within the bounds they get pages, beyond
  /// them the dictionary takes them, and the pages never hold more than 16 bytes per id.
  @Test func scatteredIdsStayWithinTheBounds() {
    var table = _SlotTable()
    for k in 0..<1000 { table[ElementID(k * 1_048_576)] = k }
    #expect(table.count == 1000)
    for k in 0..<1000 { #expect(table[ElementID(k * 1_048_576)] == k, "id \(k * 1_048_576)") }
    #expect(table.paged.storage.count <= 4 * (table.count + 1))
    #expect(table.sparse.count >= 990)
    // Removing them all leaves no key and every page free.
    for k in 0..<1000 { table[ElementID(k * 1_048_576)] = nil }
    #expect(table.count == 0 && table.sparse.isEmpty)
    #expect(table.paged.freePages.count == table.paged.pageKeys.count)
  }

  /// Ids numbered from 0 are read with one array read (their pages sit at their own place); a
  /// page emptied there may hold another id page's keys next, and its ids are then looked up
  /// through the directory again.
  @Test func aReusedPageLeavesTheDirectMappedPrefix() {
    var index = _PagedIndex()
    let size = _PagedIndex.pageSize
    for raw in 0..<(3 * size) {
      if index.entry(raw) == nil { _ = index.coverPage(of: raw, keys: index.count) }
      _ = index.write(raw, at: raw)
    }
    #expect(index.identityEnd == 3 * size)
    // Emptying the middle page frees it; the next id page takes it over.
    for raw in size..<(2 * size) { _ = index.write(nil, at: raw) }
    #expect(index.identityEnd == size && index.freePages == [1])
    let far = 10 * size + 7
    #expect(index.coverPage(of: far, keys: index.count) == 10 * size..<11 * size)
    _ = index.write(42, at: far)
    #expect(index.entry(far) == 42)
    for raw in size..<(2 * size) { #expect(index.entry(raw) == nil, "id \(raw)") }
    for raw in [0, size - 1, 2 * size, 3 * size - 1] { #expect(index.entry(raw) == Int32(raw), "id \(raw)") }
    #expect(index.count == 2 * size + 1)
  }
}
