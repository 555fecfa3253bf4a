import Testing

@testable import HookeScene

/// The per-element record's layout promise (see `_Record._padding`): whole cache lines.
@Suite struct RecordLayoutTests {
  @Test func recordIsWholeCacheLines() {
    #expect(MemoryLayout<_Record>.stride % 64 == 0, "stride \(MemoryLayout<_Record>.stride)")
  }
}
