import Testing
import _TestSupport

@testable import HookeScene

/// The id → slot map against a plain dictionary: dense, sparse and negative ids, removals, the
/// dense part growing over ids that were in the dictionary, and the smallest id in a range.
@Suite struct SlotTableTests {
  @Test(arguments: [UInt64(0x5107_0001), 0x5107_0002, 0x5107_0003])
  func agreesWithADictionary(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var table = _SlotTable()
    var reference: [ElementID: Int] = [:]
    for step in 0..<20_000 {
      // Mostly small ids (the dense part), some far out and negative ones (the dictionary), and
      // ids just beyond the dense part, which it comes to cover as it grows.
      let raw: Int
      switch rng.next() % 8 {
      case 0: raw = -Int(rng.next() % 1000) - 1
      case 1: raw = Int(rng.next() % 10_000_000)
      case 2: raw = table.dense.count + Int(rng.next() % 64)
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
    table[ElementID(5000)] = 1  // beyond the first dense part: in the dictionary
    table[ElementID(-3)] = 2
    table.reserveCapacity(10_000)
    #expect(table.dense.count >= 10_000)
    #expect(table[ElementID(5000)] == 1 && table[ElementID(-3)] == 2 && table.count == 2)
    #expect(table.sparse.count == 1)  // 5000 moved to the dense part; −3 stays
  }
}
