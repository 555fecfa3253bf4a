import Hooke
import Testing

@testable import HookeScene

/// The per-element record's layout promises (see `_Record`): whole cache lines, the fields every
/// frame change reads in its first 96 bytes, and a zoom destination's source beside its dimming
/// channel.
@Suite struct RecordLayoutTests {
  @Test func recordIsWholeCacheLines() {
    #expect(MemoryLayout<_Record>.stride % 64 == 0, "stride \(MemoryLayout<_Record>.stride)")
  }

  @Test func frameChangeReadsLeadTheRecord() throws {
    let frame = try #require(MemoryLayout<_Record>.offset(of: \_Record.frame))
    let group = try #require(MemoryLayout<_Record>.offset(of: \_Record.group))
    #expect(group < frame && frame + MemoryLayout<_FrameChannel>.size <= 96)
  }

  @Test func zoomSourceSitsBesideTheDimmingChannel() throws {
    let dimming = try #require(MemoryLayout<_Record>.offset(of: \_Record.dimming))
    let source = try #require(MemoryLayout<_Record>.offset(of: \_Record.zoomSource))
    #expect(source == dimming + MemoryLayout<_BatchedChannel<Double>?>.stride)
  }
}
