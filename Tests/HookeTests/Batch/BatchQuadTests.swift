import Hooke
import Testing
import _TestSupport

/// The entry points of `BatchEngine+Quads.swift` against the per-channel API.
@Suite struct BatchQuadTests {
  /// Two engines in the same state: channels in an exact spring, a SwiftUI-model spring and a
  /// curve group, some settled, one combining, one removed (a stale handle).
  static func twin() throws -> (BatchEngine<Double>, [BatchChannel], [BatchGroup]) {
    let engine = BatchEngine<Double>()
    let exact = engine.addGroup(.spring(Spring(response: 0.4, dampingRatio: 0.7)), restRule: .pixel)
    let fluid = engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.8)))
    let curve = engine.addGroup(.timingCurve(.easeInOut, duration: 0.6), restRule: .pixel)
    var handles: [BatchChannel] = []
    for k in 0..<6 {
      handles.append(
        try engine.addChannel(to: exact, value: Double(10 * k), target: 100, velocity: Double(k)))
    }
    handles.append(try engine.addChannel(to: exact, value: 7, target: 7))  // settled from the start
    for k in 0..<3 {
      handles.append(try engine.addChannel(to: fluid, value: Double(-5 * k), target: 50, velocity: 3))
    }
    for _ in 0..<5 { engine.step(ticks: 30_240) }
    try engine.combine(handles[1], to: 40, group: curve)  // a running combination
    let stale = try engine.addChannel(to: exact, value: 1, target: 2)
    try engine.removeChannel(stale)
    handles.append(stale)
    engine.step(ticks: 30_240)
    return (engine, handles, [exact, fluid, curve])
  }

  /// The bits of each of `handles`' values in `e` (nil: an invalid handle).
  static func values(_ e: BatchEngine<Double>, _ handles: [BatchChannel]) -> [UInt64?] {
    handles.map { e.value(of: $0)?.bitPattern }
  }

  /// Everything observable of `h`.
  static func state(_ e: BatchEngine<Double>, _ h: BatchChannel) -> [Double?] {
    [
      e.value(of: h), e.velocity(of: h), e.target(of: h), e.displacement(of: h),
      e.group(of: h).map { Double($0.index) }, e.isSettled(h).map { $0 ? 1 : 0 },
      e.isCombining(h).map { $0 ? 1 : 0 },
    ]
  }

  @Test func readStatesMatchesThePerChannelQueries() throws {
    let (engine, handles, _) = try Self.twin()
    var states = [BatchChannelState](
      repeating: BatchChannelState(group: nil, isSettled: false, isCombining: true), count: handles.count)
    let invalid = handles.withUnsafeBufferPointer { h in
      states.withUnsafeMutableBufferPointer { engine.readStates(of: h, into: $0) }
    }
    #expect(invalid == 1)
    for (k, h) in handles.enumerated() {
      #expect(
        states[k]
          == BatchChannelState(
            group: engine.group(of: h), isSettled: engine.isSettled(h) ?? true,
            isCombining: engine.isCombining(h) ?? false), "channel \(k)")
    }
    #expect(states[1].isCombining && !states[1].isSettled)  // the combination
    #expect(states[6].isSettled && !states[6].isCombining)  // added at rest
    #expect(states.last == BatchChannelState(group: nil, isSettled: true, isCombining: false))
  }

  @Test func retargetStartingAtRestEqualsThePerChannelCalls() throws {
    // Into the SwiftUI-model group (a move that takes an exact spring's force, an in-place
    // retarget, a combination ending) and into the exact group; every other channel from rest.
    for destination in 0..<2 {
      let (bulk, handles, groups) = try Self.twin()
      let (single, _, _) = try Self.twin()
      let targets = handles.indices.map { 200 - 3 * Double($0) }
      let restart = handles.indices.map { $0 % 2 == 0 }
      let rejected = handles.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { t in
          restart.withUnsafeBufferPointer {
            bulk.retarget(h, to: t, group: groups[1 - destination], startingAtRest: $0)
          }
        }
      }
      var singleRejected = 0
      for (k, h) in handles.enumerated() {
        do throws(BatchError) {
          try single.retarget(
            h, to: targets[k], velocity: restart[k] ? 0 : nil, group: groups[1 - destination])
        } catch { singleRejected += 1 }
      }
      #expect(rejected == 1 && singleRejected == 1)  // the stale handle
      for step in 0..<4 {
        for (k, h) in handles.enumerated() {
          let (a, b) = (Self.state(bulk, h), Self.state(single, h))
          #expect(
            a.map { $0?.bitPattern } == b.map { $0?.bitPattern },
            "destination \(destination), step \(step), \(k)")
          if step == 0, restart[k], k < handles.count - 1 {
            #expect(bulk.velocity(of: h) == 0 && bulk.target(of: h) == targets[k])
          }
        }
        bulk.step(ticks: 30_240)
        single.step(ticks: 30_240)
      }
    }
  }

  /// `keepingSettled`: a settled channel whose target does not change stays in its group, and
  /// nothing observable differs from the move — its value, velocity, target and rest state, the
  /// value reported, and every value after further steps, a later retarget into a third group
  /// (which reads the force a channel leaving an exact spring takes) and more steps, bit for
  /// bit. Channels that move, settled ones given a new target, and a combining one move as before.
  @Test func keepingSettledChannelsInTheirGroupChangesNothingObservable() throws {
    let (kept, handles, groups) = try Self.twin()
    let (moved, _, _) = try Self.twin()
    let third = [kept, moved].map {
      $0.addGroup(.fluidSpring(FluidSpringModel(response: 0.3, dampingFraction: 0.9)))
    }
    #expect(third[0] == third[1])
    let fluid = groups[1]
    // Channel 6 rests on 7 (kept at 7: stays); channel 0 is retargeted to its own target but is
    // still moving (moves); the last live channel rests nowhere (moves).
    var targets = handles.indices.map { 200 + Double($0) }
    targets[6] = 7
    targets[0] = kept.target(of: handles[0])!
    #expect(kept.isSettled(handles[6]) == true && kept.isSettled(handles[0]) == false)
    var reported = [[Double]](repeating: [Double](repeating: -1, count: handles.count), count: 2)
    for (e, engine) in [kept, moved].enumerated() {
      let rejected = handles.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { t in
          reported[e].withUnsafeMutableBufferPointer {
            engine.retarget(
              h, to: t, group: fluid, startingAtRest: nil, presented: $0.baseAddress!, keepingSettled: e == 0)
          }
        }
      }
      #expect(rejected == 1)  // the stale handle
    }
    #expect(kept.group(of: handles[6]) == groups[0])
    #expect(moved.group(of: handles[6]) == fluid)
    #expect(kept.group(of: handles[0]) == fluid)
    for k in handles.indices {
      let a = Self.state(kept, handles[k])
      let b = Self.state(moved, handles[k])
      // Everything but the group (its fifth entry) is the same.
      let ignoringGroup = [0, 1, 2, 3, 5, 6]
      #expect(
        ignoringGroup.map { a[$0]?.bitPattern } == ignoringGroup.map { b[$0]?.bitPattern }, "channel \(k)")
      #expect(reported[0][k].bitPattern == reported[1][k].bitPattern, "channel \(k)")
    }
    func values(_ e: BatchEngine<Double>) -> [UInt64?] { Self.values(e, handles) }
    for _ in 0..<20 {
      kept.step(ticks: 30_240)
      moved.step(ticks: 30_240)
      #expect(values(kept) == values(moved))
    }
    // Every live channel into a third spring group, towards new targets, and on.
    let later = handles.indices.map { -50 + 3.5 * Double($0) }
    for (e, engine) in [kept, moved].enumerated() {
      handles.withUnsafeBufferPointer { h in
        later.withUnsafeBufferPointer { t in
          _ = engine.retarget(h, to: t, group: third[e], startingAtRest: nil, presented: nil)
        }
      }
    }
    for _ in 0..<40 {
      kept.step(ticks: 30_240)
      moved.step(ticks: 30_240)
      #expect(values(kept) == values(moved))
    }
    #expect(
      handles.dropLast().allSatisfy {
        kept.velocity(of: $0)?.bitPattern == moved.velocity(of: $0)?.bitPattern
      })
  }

  /// `keepingSettled` in place: a channel settled in the destination group itself, retargeted to
  /// its own target, is left unwritten (its clocks, and a curve's start, keep their old ticks)
  /// and nothing observable differs from the rewrite — in an exact spring, a SwiftUI-model
  /// spring (substep clocks) and a timing-curve group (curve state): its state and the value
  /// reported, the values after further steps, a later retarget of every channel in place
  /// towards new targets (which starts the settled one from what it holds) and more steps, bit
  /// for bit. A moving channel retargeted in the same call is rewritten either way.
  @Test func keepingSettledChannelsInPlaceChangesNothingObservable() throws {
    func engine() throws -> (BatchEngine<Double>, [BatchChannel], [BatchGroup]) {
      let e = BatchEngine<Double>()
      let groups = [
        e.addGroup(.spring(Spring(response: 0.4, dampingRatio: 0.7)), restRule: .pixel),
        e.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.8))),
        e.addGroup(.timingCurve(.easeInOut, duration: 0.3), restRule: .pixel),
      ]
      var handles: [BatchChannel] = []
      for (k, g) in groups.enumerated() {
        // Settled from the start, then one that moves.
        handles.append(try e.addChannel(to: g, value: 7 + Double(k), target: 7 + Double(k)))
        handles.append(try e.addChannel(to: g, value: Double(-20 * k), target: 60, velocity: 2))
      }
      for _ in 0..<9 { e.step(ticks: 30_240) }
      return (e, handles, groups)
    }
    for g in 0..<3 {
      let (kept, handles, groups) = try engine()
      let (rewritten, _, _) = try engine()
      let pair = [handles[2 * g], handles[2 * g + 1]]
      #expect(kept.isSettled(pair[0]) == true && kept.isSettled(pair[1]) == false, "group \(g)")
      let targets = [kept.target(of: pair[0])!, 90]
      var reported = [[Double]](repeating: [-1, -1], count: 2)
      for (e, engine) in [kept, rewritten].enumerated() {
        let rejected = pair.withUnsafeBufferPointer { h in
          targets.withUnsafeBufferPointer { t in
            reported[e].withUnsafeMutableBufferPointer {
              engine.retarget(
                h, to: t, group: groups[g], startingAtRest: nil, presented: $0.baseAddress!,
                keepingSettled: e == 0)
            }
          }
        }
        #expect(rejected == 0, "group \(g)")
      }
      #expect(kept.isSettled(pair[0]) == true, "group \(g)")
      for k in handles.indices {
        #expect(
          Self.state(kept, handles[k]).map { $0?.bitPattern }
            == Self.state(rewritten, handles[k]).map { $0?.bitPattern }, "group \(g), channel \(k)")
      }
      #expect(reported[0].map(\.bitPattern) == reported[1].map(\.bitPattern), "group \(g)")
      func values(_ e: BatchEngine<Double>) -> [UInt64?] { Self.values(e, handles) }
      // Steps a few frames apart, so that the later retarget happens at a later tick than the
      // kept channel's old clocks.
      for _ in 0..<7 {
        kept.step(ticks: 30_240)
        rewritten.step(ticks: 30_240)
        #expect(values(kept) == values(rewritten), "group \(g)")
      }
      let later = handles.indices.map { -30 + 4.5 * Double($0) }
      for (e, engine) in [kept, rewritten].enumerated() {
        handles.withUnsafeBufferPointer { h in
          later.withUnsafeBufferPointer { t in
            _ = engine.retarget(
              h, to: t, group: groups[g], startingAtRest: nil, presented: nil, keepingSettled: e == 0)
          }
        }
      }
      #expect(kept.isSettled(pair[0]) == false, "group \(g)")
      for _ in 0..<40 {
        kept.step(ticks: 30_240)
        rewritten.step(ticks: 30_240)
        #expect(values(kept) == values(rewritten), "group \(g)")
        #expect(
          handles.map { kept.velocity(of: $0)?.bitPattern }
            == handles.map { rewritten.velocity(of: $0)?.bitPattern },
          "group \(g)")
      }
    }
  }

  /// The end-rule hints of the bulk retarget (`hints`, one per quad of four lanes) rule a quad's
  /// value out only when SwiftUI's rule, tested on the same lanes right after
  /// (`_settleSpringValue`), snaps nothing. Seeded random rounds of one to three quads in one
  /// call, in an exact and a SwiftUI-model spring group — slow and near their new targets, fast,
  /// far, or with states too large to square — retargeted into either group, some lanes keeping
  /// their target; the intervals are random too. Each hint's `gap2` is the rule's `Σ y²` over
  /// its quad's lanes the rule reads (the active ones, recomputed here from `displacement(of:)`),
  /// and every outcome occurs.
  @Test func settleHintsRuleOutOnlyValuesTheRuleLeavesMoving() throws {
    let seed: UInt64 = 0x5E77_4E17
    var rng = SplitMix64(seed: seed)
    func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
    var (ruledOut, snapped, unbounded, quads) = (0, 0, 0, 0)
    for round in 0..<400 {
      let engine = BatchEngine<Double>()
      let groups = [
        engine.addGroup(.spring(Spring(response: 0.4, dampingRatio: 0.7)), restRule: .pixel),
        engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.8))),
      ]
      let count = 1 + Int(rng.next() % 3)
      var handles: [BatchChannel] = []
      var scales: [Double] = []
      for _ in 0..<count {
        let scale = [1e-3, 1e-2, 1.0, 1e3, 1e160][Int(rng.next() % 5)]
        for _ in 0..<4 {
          let target = 100 * unit()
          handles.append(
            try engine.addChannel(
              to: groups[Int(rng.next() % 2)], value: target + scale * (unit() - 0.5), target: target,
              velocity: rng.next() % 3 == 0 ? 0 : scale * (unit() - 0.5)))
          scales.append(scale)
        }
      }
      for _ in 0..<Int(rng.next() % 3) { engine.step(ticks: 30_240) }
      var targets: [Double] = []
      for (h, scale) in zip(handles, scales) {
        let old = engine.target(of: h)!
        targets.append(rng.next() % 4 == 0 ? old : old + scale * (unit() - 0.5))
      }
      let intervals = handles.map { _ in rng.next() % 5 == 0 ? 0 : 40 * (unit() - 0.25) }
      let destination = groups[Int(rng.next() % 2)]
      let keeping = rng.next() % 2 == 0
      var hints = [_SettleHint](repeating: _SettleHint(bounded: false, fast: true, gap2: -1), count: count)
      let rejected = handles.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { t in
          hints.withUnsafeMutableBufferPointer {
            engine.retarget(
              h, to: t, group: destination, startingAtRest: nil, presented: nil, keepingSettled: keeping,
              hints: $0.baseAddress!)
          }
        }
      }
      #expect(rejected == 0, "seed \(seed) round \(round)")
      for quad in 0..<count {
        quads += 1
        let lanes = (4 * quad)..<(4 * quad + 4)
        let hint = hints[quad]
        var gap2 = 0.0
        for h in handles[lanes] where engine.isSettled(h) == false {
          let y = engine.displacement(of: h)!
          gap2 += y * y
        }
        if hint.bounded {
          #expect(hint.gap2.bitPattern == gap2.bitPattern, "seed \(seed) round \(round) quad \(quad)")
        } else {
          unbounded += 1
        }
        let rulesOut = hint.rulesOut(tolerance2: {
          var sum = 0.0
          for i in intervals[lanes] { _SettleHint.addTolerance(i, to: &sum) }
          return sum
        })
        let result = Array(handles[lanes]).withUnsafeBufferPointer { h in
          Array(intervals[lanes]).withUnsafeBufferPointer {
            engine._settleSpringValue(handles: h, springIntervals: $0)
          }
        }
        if rulesOut {
          ruledOut += 1
          #expect(
            result == 0,
            "seed \(seed) round \(round) quad \(quad): ruled out, yet the rule snapped \(result) lanes")
        }
        if result > 0 { snapped += 1 }
      }
    }
    #expect(
      ruledOut > 150 && snapped > 30 && unbounded > 30,
      "seed \(seed): ruled out \(ruledOut), snapped \(snapped), unbounded \(unbounded) of \(quads)")
  }

  @Test func retargetReportingPresentedValuesEqualsTheBulkCallAndAReadBack() throws {
    // With and without channels starting at rest, into either spring group: the same states as
    // the public bulk call, and each retargeted channel's reported value is what a read gives
    // (bit for bit); the stale handle's entry is left alone.
    for (destination, withRest) in [(0, false), (1, false), (0, true), (1, true)] {
      let (fused, handles, groups) = try Self.twin()
      let (plain, _, _) = try Self.twin()
      var targets = handles.indices.map { 1000.3 - 3.7 * Double($0) }
      targets[4] = .infinity
      let restart = handles.indices.map { $0 % 2 == 0 }
      var presented = [Double](repeating: -1, count: handles.count)
      let rejected = handles.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { t in
          restart.withUnsafeBufferPointer { r in
            presented.withUnsafeMutableBufferPointer {
              fused.retarget(
                h, to: t, group: groups[destination], startingAtRest: withRest ? r : nil,
                presented: $0.baseAddress!)
            }
          }
        }
      }
      let plainRejected = handles.withUnsafeBufferPointer { h in
        targets.withUnsafeBufferPointer { t in
          restart.withUnsafeBufferPointer {
            withRest
              ? plain.retarget(h, to: t, group: groups[destination], startingAtRest: $0)
              : plain.retarget(h, to: t, group: groups[destination])
          }
        }
      }
      #expect(rejected == 2 && plainRejected == 2)  // the infinite target and the stale handle
      for (k, h) in handles.enumerated() {
        #expect(
          Self.state(fused, h).map { $0?.bitPattern } == Self.state(plain, h).map { $0?.bitPattern },
          "destination \(destination), rest \(withRest), \(k)")
        if k == 4 || k == handles.count - 1 {
          #expect(presented[k] == -1, "\(k)")
        } else {
          #expect(presented[k].bitPattern == fused.value(of: h)?.bitPattern, "\(k)")
        }
      }
    }
  }

  @Test func addChannelsReportingPresentedValuesMatchesAReadBack() throws {
    // A value no displacement from its target reproduces is reported as stored, not as given.
    let engine = BatchEngine<Double>()
    let group = engine.addGroup(.spring(Spring()), restRule: .pixel)
    let values = [463.09771414779453, 1, -2.5, 0]
    let targets = [1000.3, 1, 3, 1e-300]
    let velocities = [0.0, 0, 2, 0]
    var handles = [BatchChannel](repeating: BatchChannel(index: 0, generation: 0), count: 4)
    var presented = [Double](repeating: .nan, count: 4)
    try values.withUnsafeBufferPointer { v in
      try targets.withUnsafeBufferPointer { t in
        try velocities.withUnsafeBufferPointer { w in
          try handles.withUnsafeMutableBufferPointer { h in
            try presented.withUnsafeMutableBufferPointer {
              try engine.addChannels(
                to: group, values: v, targets: t, velocities: w, into: h, presented: $0.baseAddress!)
            }
          }
        }
      }
    }
    for k in 0..<4 {
      #expect(presented[k].bitPattern == engine.value(of: handles[k])?.bitPattern, "\(k)")
    }
  }

  @Test func bulkCombineEqualsThePerChannelCalls() throws {
    // Into the curve group: active channels start combinations, the running one takes another
    // curve, the one at rest restarts as a plain curve; a non-finite target and the stale handle
    // are rejected, and each channel then moves as it does after the per-channel call.
    let (bulk, handles, groups) = try Self.twin()
    let (single, _, _) = try Self.twin()
    var targets = handles.indices.map { -20 + 7 * Double($0) }
    targets[3] = .nan
    let rejected = handles.withUnsafeBufferPointer { h in
      targets.withUnsafeBufferPointer { bulk.combine(h, to: $0, with: groups[2]) }
    }
    var singleRejected = 0
    for (k, h) in handles.enumerated() {
      do throws(BatchError) { try single.combine(h, to: targets[k], group: groups[2]) } catch {
        singleRejected += 1
      }
    }
    #expect(rejected == 2 && singleRejected == 2)  // the non-finite target and the stale handle
    #expect(bulk.isCombining(handles[0]) == true && bulk.isCombining(handles[1]) == true)
    #expect(bulk.isCombining(handles[6]) == false && bulk.target(of: handles[6]) == targets[6])
    for step in 0..<4 {
      for (k, h) in handles.enumerated() {
        let (a, b) = (Self.state(bulk, h), Self.state(single, h))
        #expect(a.map { $0?.bitPattern } == b.map { $0?.bitPattern }, "step \(step), \(k)")
      }
      bulk.step(ticks: 30_240)
      single.step(ticks: 30_240)
    }
    // A group without a curve rejects every pair and changes nothing.
    let before = handles.map { Self.state(bulk, $0).map { $0?.bitPattern } }
    let all = handles.withUnsafeBufferPointer { h in
      targets.withUnsafeBufferPointer { bulk.combine(h, to: $0, with: groups[0]) }
    }
    #expect(all == handles.count)
    #expect(handles.map { Self.state(bulk, $0).map { $0?.bitPattern } } == before)
  }

  @Test func retargetStopsAtTheShortestBuffer() throws {
    let (engine, handles, groups) = try Self.twin()
    let before = Self.state(engine, handles[2])
    let rejected = handles.withUnsafeBufferPointer { h in
      [Double](repeating: 1, count: 2).withUnsafeBufferPointer { t in
        [true, true, true].withUnsafeBufferPointer {
          engine.retarget(h, to: t, group: groups[1], startingAtRest: $0)
        }
      }
    }
    #expect(rejected == 0)
    #expect(engine.target(of: handles[0]) == 1 && engine.velocity(of: handles[0]) == 0)
    #expect(Self.state(engine, handles[2]).map { $0?.bitPattern } == before.map { $0?.bitPattern })
  }
}
