import Testing
import _TestSupport

@testable import Hooke

/// `BatchEngine.combine(_:to:group:)` against SwiftUI's combining rule, written here in its
/// original form — positions, each entry chasing `targetᵢ − acc` — rather than the engine's
/// displacement form.
@Suite struct BatchCombiningTests {
  static let frame: Int64 = 30_240  // 1/120 s at the default 3,628,800 ticks per second
  static let tps = 3_628_800.0

  /// The worked example of SwiftUI's combining rule: linear(1 s) 0 → 100, then at 0.5 s a new
  /// linear(1 s) to 200. Positions at 0.75, 1.0, 1.25 and 1.5 s are 106.25, 150, 175 and 200,
  /// and the combination ends once past 1.5 s: a timing curve at exactly its duration still
  /// runs (SwiftUI's `animate` returns `nil` only once the time is past the duration), so the
  /// channel shows 200 at 1.5 s and rests from the next step.
  @Test func linearOverLinearFollowsTheWorkedExample() throws {
    let engine = BatchEngine<Double>()
    let linear = engine.addGroup(.timingCurve(.linear, duration: 1), restRule: .never)
    let h = try engine.addChannel(to: linear, value: 0, target: 100)
    for _ in 0..<60 { engine.step(ticks: Self.frame) }
    #expect(engine.value(of: h)! == 50)
    try engine.combine(h, to: 200, group: linear)
    #expect(engine.isCombining(h) == true)
    #expect(engine.value(of: h)! == 50 && engine.target(of: h)! == 200)
    var seen: [Double] = []
    for f in 61...180 {
      engine.step(ticks: Self.frame)
      if f % 30 == 0 { seen.append(engine.value(of: h)!) }
      #expect(engine.isSettled(h) == false, "frame \(f)")
    }
    let expected = [106.25, 150, 175, 200]
    for (a, b) in zip(seen, expected) { #expect(abs(a - b) <= 1e-9, "\(seen) vs \(expected)") }
    #expect(engine.value(of: h)! == 200 && engine.isCombining(h) == true)
    engine.step(ticks: Self.frame)
    #expect(engine.value(of: h)! == 200 && engine.velocity(of: h)! == 0)
    #expect(engine.isSettled(h) == true && engine.isCombining(h) == false)
    engine.step(ticks: Self.frame)
    #expect(engine.combiningCount == 0 && engine._combinations.isEmpty)
  }

  /// One entry of a combination in the reference: a motion from `from` (with velocity `v0`)
  /// towards `target`, starting at `start` seconds; the base entry is a spring or a curve, later
  /// ones are curves.
  struct Entry {
    var spring: Spring?
    var curve: UnitCurve
    var duration: Double
    var start: Double
    var from: Double
    var v0: Double
    var target: Double
  }

  /// SwiftUI's rule: `acc` starts at the base entry's position; each later entry, while running,
  /// moves `acc` by `(targetᵢ − acc)·curveᵢ(progress)`, and a finished one sets it to its target.
  static func reference(_ entries: [Entry], at t: Double) -> Double {
    let base = entries[0]
    var acc: Double
    if let s = base.spring {
      acc =
        base.from + s.value(target: base.target - base.from, initialVelocity: base.v0, time: t - base.start)
    } else {
      let p = (t - base.start) / base.duration
      acc = p >= 1 ? base.target : base.from + (base.target - base.from) * base.curve.value(at: p)
    }
    for e in entries.dropFirst() {
      let p = (t - e.start) / e.duration
      acc = p >= 1 ? e.target : acc + (e.target - acc) * e.curve.value(at: p)
    }
    return acc
  }

  static let curves: [UnitCurve] = [
    .linear, .easeInOut, .easeOut, .easeIn, .circularEaseIn,
    .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.6, y: 1.5)),
  ]

  /// Seeded scripts: a base spring or curve interrupted by up to six curves at random frames;
  /// every frame the engine's value is SwiftUI's (to 1e-9) and its velocity the derivative of it
  /// (central difference), and after the newest curve ends the channel rests on its target.
  @Test(arguments: 0..<60) func randomCombinationsFollowSwiftUIsRule(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(20_261_201 + seed))
    func uniform(_ r: ClosedRange<Double>) -> Double {
      r.lowerBound + (r.upperBound - r.lowerBound) * Double(random.next() >> 11) * 0x1p-53
    }
    let engine = BatchEngine<Double>()
    let useSpring = seed % 2 == 0
    let spring = Spring(response: uniform(0.2...0.8), dampingRatio: uniform(0.4...1.2))
    let baseCurve = Self.curves[Int(random.next() % UInt64(Self.curves.count))]
    let baseGroup =
      useSpring
      ? engine.addGroup(.spring(spring), restRule: .never)
      : engine.addGroup(.timingCurve(baseCurve, duration: 0.6), restRule: .never)
    let from = uniform(-500...500)
    let v0 = useSpring ? uniform(-800...800) : 0
    var entries = [
      Entry(
        spring: useSpring ? spring : nil, curve: baseCurve, duration: 0.6, start: 0, from: from, v0: v0,
        target: uniform(-500...500))
    ]
    let h = try engine.addChannel(to: baseGroup, value: from, target: entries[0].target, velocity: v0)
    var frame = 0
    var interruptions = 1 + Int(random.next() % 6)
    var lastEnd = useSpring ? Double.infinity : 0.6
    var checked = 0
    while frame < 600 {
      if interruptions > 0, random.next() % 9 == 0 {
        interruptions -= 1
        let curve = Self.curves[Int(random.next() % UInt64(Self.curves.count))]
        // Whole ticks, so the engine's duration is exactly the reference's.
        let duration = Double(Int64(uniform(0.1...0.7) * 1200)) * 3024 / Self.tps
        let group = engine.addGroup(.timingCurve(curve, duration: duration), restRule: .never)
        let target = uniform(-500...500)
        let t = Double(frame) / 120
        try engine.combine(h, to: target, group: group)
        if engine.isCombining(h) == true {
          entries.append(
            Entry(spring: nil, curve: curve, duration: duration, start: t, from: 0, v0: 0, target: target))
        } else {
          // Nothing was running: a fresh curve from the current value.
          let value = engine.value(of: h)!
          entries = [
            Entry(spring: nil, curve: curve, duration: duration, start: t, from: value, v0: 0, target: target)
          ]
        }
        lastEnd = t + duration
      }
      engine.step(ticks: Self.frame)
      frame += 1
      let t = Double(frame) / 120
      let expected = Self.reference(entries, at: t)
      let value = engine.value(of: h)!
      #expect(
        abs(value - expected) <= 1e-9 * Swift.max(1, abs(expected)),
        "seed \(seed) frame \(frame): \(value) vs \(expected)")
      if engine.isCombining(h) == true, t < lastEnd - 0.01 {
        // A step well above the Bézier solver's precision, small against the curves' scale.
        let d = 1e-4
        let slope = (Self.reference(entries, at: t + d) - Self.reference(entries, at: t - d)) / (2 * d)
        let v = engine.velocity(of: h)!
        // Where the curves report their true slope (not the circular easings near their
        // vertical tangents, nor curves that dip below 0, whose velocity is reported as a
        // magnitude) the velocity is the derivative, to within the curves' quantised solver (a few 1e-3 of the slope and of the gaps).
        let trueSlopes = entries.allSatisfy { e in
          e.spring != nil || [UnitCurve.linear, .easeInOut, .easeOut, .easeIn].contains(e.curve)
        }
        if trueSlopes {
          #expect(
            abs(v - slope) <= 5e-3 * abs(slope) + 3, "seed \(seed) frame \(frame): v \(v) vs \(slope)")
          checked += 1
        }
      }
      if !useSpring || entries.count > 1, t >= lastEnd + 1.0 / 120 {
        #expect(engine.isSettled(h) == true, "seed \(seed): settled after the newest curve")
        #expect(engine.value(of: h)! == entries.last!.target)
        break
      }
    }
  }

  /// A spring merging into a combination ends it at the presented value and velocity; the
  /// channel then follows the spring from that state.
  @Test func springRetargetEndsTheCombination() throws {
    let engine = BatchEngine<Double>()
    let spring = Spring(response: 0.4, dampingRatio: 0.9)
    let springs = engine.addGroup(.spring(spring), restRule: .never)
    let ease = engine.addGroup(.timingCurve(.easeInOut, duration: 0.5), restRule: .never)
    let h = try engine.addChannel(to: springs, value: 0, target: 100)
    for _ in 0..<12 { engine.step(ticks: Self.frame) }
    try engine.combine(h, to: -50, group: ease)
    for _ in 0..<20 { engine.step(ticks: Self.frame) }
    let value = engine.value(of: h)!
    let velocity = engine.velocity(of: h)!
    try engine.retarget(h, to: 300, group: springs)
    #expect(engine.isCombining(h) == false && engine._combinations.isEmpty)
    // The retarget keeps the value bit for bit whenever a displacement y within 2 ulps of
    // value − 300 reproduces it as 300 + y (documented); otherwise 300 + y is the nearest
    // reachable value, within one ulp of y. The velocity is kept bit for bit.
    let y = value - 300
    let reachable = [y, y.nextUp, y.nextDown, y.nextUp.nextUp, y.nextDown.nextDown].contains {
      300 + $0 == value
    }
    if reachable {
      #expect(engine.value(of: h)! == value)
    } else {
      #expect(abs(engine.value(of: h)! - value) <= y.ulp)
    }
    #expect(engine.velocity(of: h)! == velocity)
    for _ in 0..<30 { engine.step(ticks: Self.frame) }
    let expected = value + spring.value(target: 300 - value, initialVelocity: velocity, time: 30.0 / 120)
    #expect(abs(engine.value(of: h)! - expected) <= 1e-9 * 300)
  }

  /// An interruption every frame by a 0.1 s curve keeps at most the curves still running
  /// (13 at 120 Hz), not one per interruption, and the engine's pool of curves and its curve
  /// table stay as small: finished curves are reused, not accumulated.
  @Test func finishedCurvesAreDropped() throws {
    let engine = BatchEngine<Double>()
    let curve = engine.addGroup(.timingCurve(.easeInOut, duration: 0.1), restRule: .never)
    let h = try engine.addChannel(to: curve, value: 0, target: 1)
    var most = 0
    for f in 0..<1_000 {
      try engine.combine(h, to: Double(f % 7), group: curve)
      engine.step(ticks: Self.frame)
      most = Swift.max(most, Int(engine._combinations.first?.curveCount ?? 0))
    }
    #expect(most <= 13, "\(most) curves kept")
    #expect(engine._layers.count <= 14, "\(engine._layers.count) pooled curves")
    #expect(engine._curveTable.count == 1, "\(engine._curveTable.count) curve table entries")
  }

  /// A combination follows the curve it was combined with even after that curve's group (empty:
  /// the channel stays where its interrupted motion steps) takes another driver: the run equals,
  /// bit for bit, the same run without the replacement. Replacing the group every frame while
  /// combinations keep following old curves leaves the curve table bounded by the curves in use.
  @Test func combinationsKeepTheirCurveAcrossGroupReplacement() throws {
    let knee = CSSLinearEasing(stops: [.init(0), .init(0.9, at: 0.2), .init(1)])
    func run(replacing: Bool) throws -> (values: [Double], tableSize: Int) {
      let engine = BatchEngine<Double>()
      let spring = engine.addGroup(.spring(Spring()), restRule: .never)
      let curve = engine.addGroup(.curve(.cssLinear(knee), duration: 0.5), restRule: .never)
      let h = try engine.addChannel(to: spring, value: 0, target: 100)
      engine.step(ticks: Self.frame)
      try engine.combine(h, to: 200, group: curve)
      var values: [Double] = []
      for f in 0..<90 {
        if replacing {
          try engine.replaceGroup(
            curve, driver: .curve(f % 2 == 0 ? .easing(.cubicIn) : .cssLinear(knee), duration: 0.5))
        }
        if f % 30 == 29 {
          try engine.replaceGroup(curve, driver: .curve(.cssLinear(knee), duration: 0.5))
          try engine.combine(h, to: Double(f), group: curve)
        }
        engine.step(ticks: Self.frame)
        values.append(engine.value(of: h)!)
      }
      return (values, engine._curveTable.count)
    }
    let plain = try run(replacing: false)
    let replaced = try run(replacing: true)
    #expect(plain.values == replaced.values)
    #expect(replaced.tableSize <= 4, "\(replaced.tableSize) curve table entries")
  }

  /// Channels are independent: channels combined at the same ticks with the same or different
  /// curves (the four lanes of a frame, say) move, bit for bit, as each does alone in an engine
  /// of its own — however the step shares work between them.
  @Test func channelsCombinedTogetherMoveAsEachAlone() throws {
    let curves: [BatchDriver] = [
      .timingCurve(.easeInOut, duration: 0.35), .timingCurve(.easeIn, duration: 0.35),
      .curve(.cubicBezier(CubicBezier(0.2, 0.8, 0.4, 1)), duration: 0.35),
    ]
    var random = SplitMix64(seed: 11)
    func coordinate() -> Double { Double(random.next() >> 11) * 0x1p-53 * 400 - 200 }
    // A script: per frame, which channels (of 8) combine, with which curve, to which target.
    var script: [[(channel: Int, curve: Int, target: Double)]] = []
    for _ in 0..<150 {
      var ops: [(Int, Int, Double)] = []
      if random.next() % 3 == 0 {
        let curve = Int(random.next() % 3)
        let first = Int(random.next() % 2) * 4
        for c in first..<(first + 4) {
          ops.append((c, random.next() % 5 == 0 ? (curve + 1) % 3 : curve, coordinate()))
        }
      }
      script.append(ops)
    }
    func run(only: Int?) throws -> [[Double]] {
      let engine = BatchEngine<Double>()
      let spring = engine.addGroup(.spring(Spring()), restRule: .never)
      let groups = curves.map { engine.addGroup($0, restRule: .never) }
      let channels = try (0..<8).map { c in try engine.addChannel(to: spring, value: Double(c), target: 100) }
      var values: [[Double]] = []
      for ops in script {
        for (c, curve, target) in ops where only == nil || only == c {
          try engine.combine(channels[c], to: target, group: groups[curve])
        }
        engine.step(ticks: Self.frame)
        values.append(channels.map { engine.value(of: $0)! })
      }
      return values
    }
    let together = try run(only: nil)
    for c in 0..<8 {
      let alone = try run(only: c)
      for f in together.indices {
        #expect(
          together[f][c].bitPattern == alone[f][c].bitPattern,
          "seed 11, frame \(f), channel \(c): \(together[f][c]) vs \(alone[f][c])")
      }
    }
  }

  /// Bad input: a spring group is not a curve to combine with; non-finite targets and stale
  /// handles are refused with the engine unchanged; a settled channel just starts the curve.
  @Test func badInputIsRefused() throws {
    let engine = BatchEngine<Double>()
    let springs = engine.addGroup(.spring(Spring()), restRule: .pixel)
    let curve = engine.addGroup(.timingCurve(.linear, duration: 1), restRule: .never)
    let h = try engine.addChannel(to: springs, value: 0, target: 10)
    #expect(throws: BatchError.invalidGroup) { try engine.combine(h, to: 5, group: springs) }
    #expect(throws: BatchError.invalidGroup) { try engine.combine(h, to: 5, group: BatchGroup(index: 9)) }
    #expect(throws: BatchError.nonFiniteTarget) { try engine.combine(h, to: .nan, group: curve) }
    #expect(engine.isCombining(h) == false && engine.value(of: h)! == 0)
    let rest = try engine.addChannel(to: springs, value: 3, target: 3)
    try engine.combine(rest, to: 13, group: curve)
    #expect(engine.isCombining(rest) == false && engine.group(of: rest) == curve)
    for _ in 0..<60 { engine.step(ticks: Self.frame) }
    #expect(abs(engine.value(of: rest)! - 8) <= 1e-12)  // halfway along the linear curve
    try engine.removeChannel(h)
    #expect(throws: BatchError.invalidChannel) { try engine.combine(h, to: 1, group: curve) }
    // A combining channel removed leaves no record behind.
    let c = try engine.addChannel(to: curve, value: 0, target: 1)
    engine.step(ticks: Self.frame)
    try engine.combine(c, to: 2, group: curve)
    try engine.removeChannel(c)
    #expect(engine._combinations.isEmpty && engine.combiningCount == 0)
  }
}
