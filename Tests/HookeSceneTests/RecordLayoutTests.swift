import Testing

@testable import HookeScene

/// The per-element record's layout promises (see `_Record`): whole cache lines, four of them
/// at most, and an unanimated frame change (a keyframe jump, the commonest bulk change) reading
/// two of them where large arrays put their elements, three at most anywhere.
@Suite struct RecordLayoutTests {
  @Test func recordIsWholeCacheLines() {
    #expect(MemoryLayout<_Record>.stride % 64 == 0, "stride \(MemoryLayout<_Record>.stride)")
  }

  /// The elements' rare attachments and rarely set style values live in side columns
  /// (`_StoredElement`, `_StyleExtras`) and the transition effect and zoom state in a
  /// `_TransitionState` only elements that have one hold, so that a record takes 4 cache lines,
  /// not the 11 it took with the whole `Element` and every channel inline.
  @Test func recordFitsFourCacheLines() {
    #expect(MemoryLayout<_Record>.stride <= 256, "stride \(MemoryLayout<_Record>.stride)")
  }

  /// What `_setFrame`, `_retargetOwnFrame` and the transaction's read-ahead read of the record
  /// for a jump of a frame at rest: the own frame channel's value and state, the group, the id
  /// and the model frame.
  static let frameJumpFields: [(name: String, offset: Int?, size: Int)] = [
    ("frame._general.value", MemoryLayout<_Record>.offset(of: \.frame._general.value), 32),
    ("frame._general.isAnimating", MemoryLayout<_Record>.offset(of: \.frame._general.isAnimating), 1),
    ("frame._lo", MemoryLayout<_Record>.offset(of: \.frame._lo), 4),
    ("group", MemoryLayout<_Record>.offset(of: \._group), MemoryLayout<Int32>.size),
    ("element.id", MemoryLayout<_Record>.offset(of: \.element.id), MemoryLayout<ElementID>.size),
    ("element.frame", MemoryLayout<_Record>.offset(of: \.element.frame), 32),
  ]

  /// The cache lines the frame-jump fields of a record starting `base` bytes into a line touch.
  static func frameJumpLines(base: Int) -> Set<Int> {
    var lines = Set<Int>()
    for (name, offset, size) in frameJumpFields {
      guard let offset else {
        Issue.record("\(name) is not a stored field")
        continue
      }
      lines.insert((base + offset) / 64)
      lines.insert((base + offset + size - 1) / 64)
    }
    return lines
  }

  /// A large array's elements start 48 bytes into a cache line (the C allocator's 16-byte chunk
  /// header, then the array's 32-byte header, on a page-aligned mapping), and a stride of whole
  /// lines keeps every record there: a frame jump then reads two lines (it read four when the
  /// record began with the element).
  @Test func frameJumpReadsTwoCacheLinesInALargeArray() {
    let lines = Self.frameJumpLines(base: 48)
    #expect(lines.count <= 2, "lines \(lines.sorted())")
  }

  /// Wherever the array's storage starts (16-byte aligned), no more than three.
  @Test(arguments: [0, 16, 32, 48])
  func frameJumpReadsAtMostThreeCacheLines(base: Int) {
    let lines = Self.frameJumpLines(base: base)
    #expect(lines.count <= 3, "base \(base): lines \(lines.sorted())")
  }
}
