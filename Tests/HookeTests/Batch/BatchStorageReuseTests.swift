import Testing

@testable import Hooke

/// `BatchEngine.reserveCapacity(_:in:)` and the reuse of empty groups' storage when a group
/// grows: storage moves, channels do not (every value, target and velocity stays as set).
@Suite struct BatchStorageReuseTests {
  /// Adds `n` channels to `group`, channel `i` at value `base + i` towards `base + i + 0.5` with
  /// velocity 1 (all exactly representable).
  static func fill(_ engine: BatchEngine<Double>, _ group: BatchGroup, _ n: Int, base: Double) throws
    -> [BatchChannel]
  {
    try (0..<n).map { i in
      try engine.addChannel(to: group, value: base + Double(i), target: base + Double(i) + 0.5, velocity: 1)
    }
  }

  static func columns(_ engine: BatchEngine<Double>, _ group: BatchGroup) -> _BatchColumns<Double> {
    engine._groups[group.index].columns
  }

  @Test func reserveGrowsOnceAndKeepsTheChannels() throws {
    let engine = BatchEngine<Double>()
    let g = engine.addGroup(.spring(Spring()))
    let first = try Self.fill(engine, g, 10, base: 0)
    engine.reserveCapacity(1000, in: g)
    #expect(Self.columns(engine, g).capacity >= 1010)
    let block = Self.columns(engine, g).y
    let more = try Self.fill(engine, g, 1000, base: 100)
    // No growth while the reserved room lasts: the block is the same.
    #expect(Self.columns(engine, g).y == block)
    for (i, h) in first.enumerated() {
      #expect(engine.value(of: h) == Double(i))
      #expect(engine.target(of: h) == Double(i) + 0.5)
      #expect(engine.velocity(of: h) == 1)
    }
    for (i, h) in more.enumerated() { #expect(engine.value(of: h) == 100 + Double(i)) }
    // Absurd and negative hints are clamped, not trapped on.
    engine.reserveCapacity(-5, in: g)
    engine.reserveCapacity(Int.max, in: BatchGroup(index: 99))
    #expect(engine.channelCount(of: g) == 1010)
  }

  /// `reserveCapacity(_:)` grows the handle tables' storage once, for the channels the free list
  /// cannot give a handle: adding that many then never moves it (no copy of every handle).
  @Test func reserveGrowsTheHandleTablesOnceForFreshHandles() throws {
    let engine = BatchEngine<Double>()
    let g = engine.addGroup(.spring(Spring()))
    let first = try Self.fill(engine, g, 100, base: 0)
    for h in first.prefix(40) { try engine.removeChannel(h) }
    // 40 handles come back from the free list; 4,960 are fresh.
    engine.reserveCapacity(5000)
    #expect(engine._slots.capacity >= 100 + 4960)
    func blocks() -> UnsafeRawPointer { UnsafeRawPointer(engine._slots.entries) }
    let before = blocks()
    var more: [BatchChannel] = []
    for i in 0..<5000 {
      more.append(
        try engine.addChannel(to: g, value: 1000 + Double(i), target: 1000.5 + Double(i), velocity: 1))
      // Checked after every add: a growth could move the storage and a later one move it back.
      if blocks() != before {
        Issue.record("handle tables moved at add \(i)")
        break
      }
    }
    // Every handle, reused or fresh, still reads its own channel.
    for (i, h) in more.enumerated() { #expect(engine.value(of: h) == 1000 + Double(i)) }
    for (i, h) in first.enumerated().dropFirst(40) { #expect(engine.value(of: h) == Double(i)) }
    #expect(Set(more.map(\.index)).count == 5000)
    // Hints out of range are clamped; a hint the free list covers reserves nothing.
    let capacity = engine._slots.capacity
    engine.reserveCapacity(-5)
    engine.reserveCapacity(0)
    #expect(engine._slots.capacity == capacity)
  }

  /// The handle tables run ahead of the handles taken by counts alone, not by how much storage
  /// they happen to hold (an array's `capacity` is whatever the allocator rounded a request up
  /// to; if the run-ahead read it, the tables' lengths, and everything that compares them, would
  /// depend on the heap's state). One engine's table gets extra storage the other's does not;
  /// after the same reservations and adds, both must hold the same entries.
  @Test func handleTablesDependOnCountsNotOnStorageCapacity() throws {
    let engines = [BatchEngine<Double>(), BatchEngine<Double>()]
    engines[1]._slots.reserve(3000)
    for engine in engines {
      let g = engine.addGroup(.spring(Spring()))
      _ = try Self.fill(engine, g, 70, base: 0)
      engine.reserveCapacity(500)
      _ = try Self.fill(engine, g, 600, base: 100)
      _ = try Self.fill(engine, g, 10, base: 1000)
    }
    #expect(engines[0]._slots.count == engines[1]._slots.count)
    #expect(engines[0]._slots.snapshot == engines[1]._slots.snapshot)
  }

  /// Three exact-spring groups A, B, C; A's 3,000 channels (channel `i` at `i` towards `i + 0.5`,
  /// velocity 1) all retargeted into B (towards `1000 + i`), so A is empty and holds a block of
  /// at least 3,000 rows (`blockOfA`), C is empty and small.
  struct EmptiedGroup {
    let engine = BatchEngine<Double>()
    let a, b, c: BatchGroup
    let moved: [BatchChannel]
    let blockOfA: UnsafeMutablePointer<Double>

    init() throws {
      a = engine.addGroup(.spring(Spring()))
      b = engine.addGroup(.spring(Spring()))
      c = engine.addGroup(.spring(Spring()))
      moved = try BatchStorageReuseTests.fill(engine, a, 3000, base: 0)
      blockOfA = BatchStorageReuseTests.columns(engine, a).y
      let targets = (0..<3000).map { 1000 + Double($0) }
      let (engine, b) = (engine, b)
      let rejected = moved.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { t in engine.retarget(h, to: t, group: b) }
      }
      #expect(rejected == 0)
      #expect(engine.channelCount(of: a) == 0)
    }
  }

  @Test func growthTakesTheStorageOfAnEmptyGroup() throws {
    let f = try EmptiedGroup()
    let engine = f.engine
    // C's first growth to 1,024 channels or more takes A's block (empty, same columns, larger
    // than C needs).
    engine.reserveCapacity(1500, in: f.c)
    #expect(Self.columns(engine, f.c).y == f.blockOfA)
    let added = try Self.fill(engine, f.c, 3, base: 5000)
    #expect(Self.columns(engine, f.c).y == f.blockOfA)
    for (i, h) in f.moved.enumerated() {
      #expect(engine.group(of: h) == f.b)
      #expect(engine.value(of: h) == Double(i))
      #expect(engine.target(of: h) == 1000 + Double(i))
      #expect(engine.velocity(of: h) == 1)
    }
    for (i, h) in added.enumerated() { #expect(engine.value(of: h) == 5000 + Double(i)) }
    // A keeps a valid (smaller) storage and takes channels again.
    let again = try engine.addChannel(to: f.a, value: 7, target: 8)
    #expect(engine.value(of: again) == 7)
    #expect(engine.target(of: again) == 8)
  }

  /// A growth to fewer than 1,024 channels does not look through the groups (O(groups) per
  /// growth, with thousands of small groups growing by doubling under an interrupt storm): it
  /// grows into fresh memory even when an empty group holds a larger block.
  @Test func smallGrowthLeavesAnEmptyGroupsStorage() throws {
    let f = try EmptiedGroup()
    let added = try Self.fill(f.engine, f.c, 300, base: 5000)
    #expect(Self.columns(f.engine, f.c).y != f.blockOfA)
    #expect(Self.columns(f.engine, f.a).y == f.blockOfA)
    for (i, h) in added.enumerated() { #expect(f.engine.value(of: h) == 5000 + Double(i)) }
  }

  @Test func differentColumnsAreNotReused() throws {
    let engine = BatchEngine<Double>()
    let fluid = engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.8)))
    let spring = engine.addGroup(.spring(Spring()))
    let other = engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.8)))
    let moved = try Self.fill(engine, fluid, 100, base: 0)
    let blockOfFluid = Self.columns(engine, fluid).y
    let targets = [Double](repeating: 0, count: 100)
    _ = moved.withUnsafeBufferPointer { h in
      targets.withUnsafeBufferPointer { t in engine.retarget(h, to: t, group: other) }
    }
    #expect(engine.channelCount(of: fluid) == 0)
    // An exact spring stores no force column: the empty SwiftUI-spring group's block does not suit it.
    _ = try Self.fill(engine, spring, 3, base: 0)
    #expect(Self.columns(engine, spring).y != blockOfFluid)
  }

  @Test func aReplacedGroupsStorageServesALaterGrowth() throws {
    let engine = BatchEngine<Double>()
    let model = FluidSpringModel(response: 0.5, dampingFraction: 0.8)
    let a = engine.addGroup(.fluidSpring(model))
    let b = engine.addGroup(.fluidSpring(model))
    let moved = try Self.fill(engine, a, 2000, base: 0)
    let blockOfA = Self.columns(engine, a).y
    let targets = (0..<2000).map { Double($0) + 3 }
    _ = moved.withUnsafeBufferPointer { h in
      targets.withUnsafeBufferPointer { t in engine.retarget(h, to: t, group: b) }
    }
    // A takes a timing curve (other columns): its SwiftUI-spring block is kept as a spare.
    try engine.replaceGroup(a, driver: .timingCurve(.linear, duration: 1))
    #expect(Self.columns(engine, a).y != blockOfA)
    let c = engine.addGroup(.fluidSpring(model))
    let added = try Self.fill(engine, c, 10, base: -50)
    #expect(Self.columns(engine, c).y == blockOfA)
    for (i, h) in added.enumerated() { #expect(engine.value(of: h) == -50 + Double(i)) }
    for (i, h) in moved.enumerated() { #expect(engine.value(of: h) == Double(i)) }
  }
}
