import Hooke
import Testing
import _TestSupport

/// The bulk entry points of `BatchEngine+BulkRead.swift` against the per-channel API.
@Suite struct BatchBulkTests {
  @Test func readValuesEqualsValueOf() throws {
    let engine = BatchEngine<Double>()
    let group = engine.addGroup(.spring(Spring(response: 0.4, dampingRatio: 0.7)), restRule: .pixel)
    var random = SplitMix64(seed: 7)
    var handles: [BatchChannel] = []
    for _ in 0..<37 {
      let v = Double(random.next() % 1000)
      let t = Double(random.next() % 1000)
      handles.append(try engine.addChannel(to: group, value: v, target: t))
    }
    for _ in 0..<9 { engine.step(ticks: 60_480) }  // some settle and are compacted (seed 7)
    let removed = handles.removeLast()
    try engine.removeChannel(removed)
    handles.append(removed)  // stale handle: reads as the fallback
    var values = [Double](repeating: 0, count: handles.count)
    let invalid = handles.withUnsafeBufferPointer { h in
      values.withUnsafeMutableBufferPointer { engine.readValues(of: h, into: $0, fallback: -1) }
    }
    #expect(invalid == 1)
    for (k, h) in handles.enumerated().dropLast() {
      #expect(values[k] == engine.value(of: h)!, "seed 7, channel \(k)")
    }
    #expect(values.last == -1)
  }

  @Test func addChannelsRollsBackAndRetargetMovesGroups() throws {
    let engine = BatchEngine<Double>()
    let a = engine.addGroup(.spring(Spring()), restRule: .never)
    let b = engine.addGroup(.timingCurve(.linear, duration: 1), restRule: .never)
    var handles = [BatchChannel](repeating: BatchChannel(index: 0, generation: 0), count: 3)
    let values: [Double] = [0, 1, 2]
    let targets: [Double] = [10, .nan, 30]
    let velocities: [Double] = [0, 0, 0]
    #expect(throws: BatchError.nonFiniteTarget) {
      try values.withUnsafeBufferPointer { v in
        try targets.withUnsafeBufferPointer { t in
          try velocities.withUnsafeBufferPointer { w in
            try handles.withUnsafeMutableBufferPointer { h in
              try engine.addChannels(to: a, values: v, targets: t, velocities: w, into: h)
            }
          }
        }
      }
    }
    #expect(engine.channelCount == 0)  // nothing was added
    // A rejected call leaves no trace: the next channel gets a fresh engine's first handle.
    let fresh = BatchEngine<Double>()
    let freshGroup = fresh.addGroup(.spring(Spring()), restRule: .never)
    #expect(
      try engine.addChannel(to: a, value: 0, target: 1)
        == fresh.addChannel(to: freshGroup, value: 0, target: 1))
    try engine.removeChannel(BatchChannel(index: 0, generation: 0))
    let good: [Double] = [10, 20, 30]
    try values.withUnsafeBufferPointer { v in
      try good.withUnsafeBufferPointer { t in
        try velocities.withUnsafeBufferPointer { w in
          try handles.withUnsafeMutableBufferPointer { h in
            try engine.addChannels(to: a, values: v, targets: t, velocities: w, into: h)
          }
        }
      }
    }
    #expect(engine.channelCount == 3 && engine.target(of: handles[2]) == 30)
    let newTargets: [Double] = [5, 6, 7]
    let rejected = handles.withUnsafeBufferPointer { h in
      newTargets.withUnsafeBufferPointer { engine.retarget(h, to: $0, group: b) }
    }
    #expect(rejected == 0)
    for (k, h) in handles.enumerated() {
      #expect(
        engine.group(of: h) == b && engine.target(of: h) == newTargets[k] && engine.value(of: h) == values[k])
    }
    let removedCount = handles.withUnsafeBufferPointer { engine.removeChannels($0) }
    #expect(removedCount == 0 && engine.channelCount == 0)
    #expect(handles.withUnsafeBufferPointer { engine.removeChannels($0) } == 3)  // already gone
  }
}

/// The bulk retarget against the per-channel one it documents itself as: two engines given the
/// same random script — channels moving between exact springs, SwiftUI-model springs, timing
/// curves and their own group, some while combining — hold the same bits after every step.
@Suite struct BatchBulkRetargetTests {
  @Test func bulkRetargetEqualsPerChannelRetarget() throws {
    let seed: UInt64 = 2026
    var random = SplitMix64(seed: seed)
    let bulk = BatchEngine<Double>()
    let single = BatchEngine<Double>()
    let drivers: [BatchDriver] = [
      .spring(Spring(response: 0.4, dampingRatio: 0.8)), .spring(Spring(response: 0.3, dampingRatio: 1.2)),
      .fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.825)),
      .fluidSpring(FluidSpringModel(response: 0.35, dampingFraction: 0.6)),
      .timingCurve(.easeInOut, duration: 0.3),
    ]
    var groups: [BatchGroup] = []
    for d in drivers {
      let g = bulk.addGroup(d, restRule: .pixel)
      #expect(single.addGroup(d, restRule: .pixel) == g)
      groups.append(g)
    }
    var handles: [BatchChannel] = []
    for k in 0..<96 {
      let g = groups[k % groups.count]
      let v = Double(random.next() % 800)
      let t = Double(random.next() % 800)
      let h = try bulk.addChannel(to: g, value: v, target: t)
      #expect(try single.addChannel(to: g, value: v, target: t) == h)
      handles.append(h)
    }
    for round in 0..<60 {
      // A run of channels (a quad or more) to one group, as a transaction retargets them.
      let start = Int(random.next() % UInt64(handles.count))
      let count = 1 + Int(random.next() % 12)
      let batch = (0..<count).map { handles[(start + $0) % handles.count] }
      let targets = batch.map { _ in Double(random.next() % 800) - 100 }
      let group = groups[Int(random.next() % UInt64(groups.count))]
      if random.next() % 4 == 0 {
        // Some channels combine a curve first, so the bulk call meets running combinations.
        for (h, t) in zip(batch.prefix(2), targets) {
          try bulk.combine(h, to: t + 50, group: groups[4])
          try single.combine(h, to: t + 50, group: groups[4])
        }
      }
      let rejected = batch.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { bulk.retarget(h, to: $0, group: group) }
      }
      #expect(rejected == 0)
      for (h, t) in zip(batch, targets) { try single.retarget(h, to: t, group: group) }
      for _ in 0..<(1 + Int(random.next() % 3)) {
        bulk.step(ticks: 60_480)
        single.step(ticks: 60_480)
      }
      for (k, h) in handles.enumerated() {
        let same =
          bulk.value(of: h)!.bitPattern == single.value(of: h)!.bitPattern
          && bulk.velocity(of: h)!.bitPattern == single.velocity(of: h)!.bitPattern
          && bulk.group(of: h) == single.group(of: h) && bulk.isSettled(h) == single.isSettled(h)
        #expect(same, "seed \(seed), round \(round), channel \(k)")
        if !same { return }
      }
    }
  }
}

/// `BatchEngine+Scatter.swift`: scattering the active range before a step (plus what settled in
/// it) reproduces `value(of:)` for every channel, and bad map entries are skipped.
@Suite struct BatchScatterTests {
  @Test func scatterAfterStepsMatchesValueOf() throws {
    let engine = BatchEngine<Double>()
    let springs = engine.addGroup(.spring(Spring(response: 0.3, dampingRatio: 0.9)), restRule: .pixel)
    let curves = engine.addGroup(.timingCurve(.easeInOut, duration: 0.1), restRule: .pixel)
    let seed: UInt64 = 11
    var random = SplitMix64(seed: seed)
    var handles: [BatchChannel] = []
    for k in 0..<64 {
      let v = Double(random.next() % 500)
      let t = Double(random.next() % 500)
      handles.append(try engine.addChannel(to: k % 3 == 0 ? curves : springs, value: v, target: t))
    }
    // Mirror table in reverse handle order, so the map is not the identity.
    let slots = handles.map { Int($0.index) }.max()! + 1
    var map = [Int32](repeating: -1, count: slots)
    for (k, h) in handles.enumerated() { map[Int(h.index)] = Int32(handles.count - 1 - k) }
    var mirror = [Double](repeating: .nan, count: handles.count)
    for group in [springs, curves] {
      map.withUnsafeBufferPointer { m in
        mirror.withUnsafeMutableBufferPointer { v in
          #expect(
            engine.scatterValues(group: group, range: 0..<engine.storedCount(of: group), through: m, into: v)
              == 0)
        }
      }
    }
    for frame in 0..<40 {
      let before = [springs, curves].map { engine.activeCount(of: $0) }
      engine.step(ticks: 60_480)
      for (g, group) in [springs, curves].enumerated() {
        map.withUnsafeBufferPointer { m in
          mirror.withUnsafeMutableBufferPointer {
            _ = engine.scatterValues(group: group, range: 0..<before[g], through: m, into: $0)
          }
        }
      }
      for (k, h) in handles.enumerated() {
        #expect(
          mirror[handles.count - 1 - k] == engine.value(of: h)!, "seed \(seed), frame \(frame), channel \(k)")
      }
    }
    #expect(engine.activeCount < handles.count)  // some settled along the way (seed 11)
    // Bad map entries and ranges.
    var short = [Int32](repeating: 0, count: 1)
    short[0] = 99
    let skipped = short.withUnsafeBufferPointer { m in
      mirror.withUnsafeMutableBufferPointer {
        engine.scatterValues(group: springs, range: -5..<1000, through: m, into: $0)
      }
    }
    #expect(skipped == engine.storedCount(of: springs))
    #expect(engine.storedCount(of: BatchGroup(index: 9)) == 0)
  }
}

/// The bulk retarget's in-place path (channels already in the destination group) leaves every
/// channel in the state the per-channel retarget gives, frame after frame, for all three drivers
/// and for settled, moving and rejected channels.
@Suite struct BatchBulkRetargetInPlaceTests {
  @Test func inPlaceRetargetMatchesPerChannelRetarget() throws {
    let seed: UInt64 = 23
    func make() throws -> (BatchEngine<Double>, [BatchGroup], [BatchChannel]) {
      let engine = BatchEngine<Double>()
      let groups = [
        engine.addGroup(.spring(Spring(response: 0.3, dampingRatio: 0.8)), restRule: .pixel),
        engine.addGroup(.timingCurve(.easeInOut, duration: 0.2), restRule: .pixel),
        engine.addGroup(
          .fluidSpring(FluidSpringModel(response: 0.4, dampingFraction: 0.7)), restRule: .pixel),
      ]
      var random = SplitMix64(seed: seed)
      var handles: [BatchChannel] = []
      for k in 0..<90 {
        let v = Double(random.next() % 400)
        let t = Double(random.next() % 400)
        handles.append(try engine.addChannel(to: groups[k % 3], value: v, target: k % 7 == 0 ? v : t))
      }
      return (engine, groups, handles)
    }
    let (a, groupsA, handles) = try make()
    let (b, groupsB, handlesB) = try make()
    #expect(handles == handlesB)
    var random = SplitMix64(seed: seed ^ 0xFF)
    for frame in 0..<48 {
      a.step(ticks: 30_240)
      b.step(ticks: 30_240)
      if frame % 9 == 4 {
        for g in 0..<3 {
          let mine = handles.indices.filter { $0 % 3 == g }
          var targets = mine.map { k -> Double in
            // Some channels retargeted to exactly where they are (they settle at once).
            random.next() % 5 == 0 ? a.value(of: handles[k])! : Double(random.next() % 400)
          }
          if frame == 13 { targets[0] = .nan }  // rejected by both
          for (j, k) in mine.enumerated() { try? a.retarget(handles[k], to: targets[j], group: groupsA[g]) }
          let hs = mine.map { handles[$0] }
          let rejected = hs.withUnsafeBufferPointer { h in
            targets.withUnsafeBufferPointer { b.retarget(h, to: $0, group: groupsB[g]) }
          }
          #expect(rejected == (frame == 13 ? 1 : 0))
        }
      }
      for (k, h) in handles.enumerated() {
        let same =
          a.value(of: h)!.bitPattern == b.value(of: h)!.bitPattern
          && a.velocity(of: h)!.bitPattern == b.velocity(of: h)!.bitPattern
          && a.target(of: h) == b.target(of: h) && a.isSettled(h) == b.isSettled(h)
          && a.group(of: h) == b.group(of: h)
        #expect(same, "seed \(seed), frame \(frame), channel \(k)")
      }
      #expect(a.activeCount == b.activeCount, "seed \(seed), frame \(frame)")
    }
  }
}
