import Testing

@testable import HookeScene

/// The per-element record's layout promises (see `_Record`): whole cache lines, five of them
/// at most, and an unanimated frame change (a keyframe jump, the commonest bulk change) reading
/// no more than three of them.
@Suite struct RecordLayoutTests {
  @Test func recordIsWholeCacheLines() {
    #expect(MemoryLayout<_Record>.stride % 64 == 0, "stride \(MemoryLayout<_Record>.stride)")
  }

  /// The elements' rare attachments live in side columns (`_StoredElement`) and the transition
  /// effect and zoom state in a `_TransitionState` only elements that have one hold, so that a
  /// record takes 5 cache lines, not the 11 it took with the whole `Element` and every channel
  /// inline.
  @Test func recordFitsFiveCacheLines() {
    #expect(MemoryLayout<_Record>.stride <= 320, "stride \(MemoryLayout<_Record>.stride)")
  }

  /// What `_setFrame`, `_retargetOwnFrame` and the transaction's read-ahead read of the record
  /// for a jump of a frame at rest: the id and model frame, the group and motion flag, the frame
  /// channel's value and state.
  @Test func frameJumpReadsThreeCacheLines() {
    let fields: [(String, Int?, Int)] = [
      ("element.id", MemoryLayout<_Record>.offset(of: \.element.id), MemoryLayout<ElementID>.size),
      ("element.frame", MemoryLayout<_Record>.offset(of: \.element.frame), 32),
      ("group", MemoryLayout<_Record>.offset(of: \._group), MemoryLayout<Int32>.size),
      ("inMotion", MemoryLayout<_Record>.offset(of: \.inMotion), 1),
      ("removing", MemoryLayout<_Record>.offset(of: \.removing), 1),
      ("frame._general.value", MemoryLayout<_Record>.offset(of: \.frame._general.value), 32),
      ("frame._general.isAnimating", MemoryLayout<_Record>.offset(of: \.frame._general.isAnimating), 1),
      ("frame._lo", MemoryLayout<_Record>.offset(of: \.frame._lo), 4),
    ]
    var lines = Set<Int>()
    for (name, offset, size) in fields {
      guard let offset else {
        Issue.record("\(name) is not a stored field")
        continue
      }
      lines.insert(offset / 64)
      lines.insert((offset + size - 1) / 64)
    }
    #expect(lines.count <= 3, "lines \(lines.sorted())")
  }
}
