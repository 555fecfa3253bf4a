import Hooke

// The batch engine group: random groups (every driver, adversarial parameters), channels,
// retargets, group moves and steps, in Float and Double.

enum FuzzBatch {
  static func driver(_ r: inout FuzzRandom, moderate: Bool) -> BatchDriver {
    let response = moderate || r.chance(0.5) ? r.uniform(0.05, 1) : r.anyDouble()
    let ratio = moderate || r.chance(0.5) ? r.uniform(0.3, 2) : r.anyDouble()
    switch r.int(3) {
    case 0: return .spring(Spring(response: response, dampingRatio: ratio))
    case 1: return .fluidSpring(FluidSpringModel(response: response, dampingFraction: ratio))
    default:
      return .timingCurve(
        FuzzCore.unitCurve(&r), duration: moderate || r.chance(0.5) ? r.uniform(0, 1.5) : r.anyDouble())
    }
  }

  /// One script on a fresh engine: up to three groups and eight channels, then 40 operations
  /// (steps of any length, retargets within and across groups, removals, bad input). Promises
  /// checked: bad input throws and leaves the channel's value bit for bit; with inputs of
  /// magnitude ≤ 1e100 every value and velocity stays finite; moderate scripts (responses ≤ 1 s,
  /// damping ≥ 0.3, durations ≤ 1.5 s) settle within 20 s of 120 Hz steps.
  static func batch(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    if r.bool() { script(BatchEngine<Double>(), &r, &c) } else { script(BatchEngine<Float>(), &r, &c) }
  }

  static func script<S: BatchScalar>(_ engine: BatchEngine<S>, _ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let moderate = r.bool()
    var groups: [BatchGroup] = []
    var drivers: [String] = []
    for _ in 0..<(1 + r.int(3)) {
      let d = driver(&r, moderate: moderate)
      drivers.append("\(d)")
      groups.append(
        engine.addGroup(
          driver(&r, moderate: moderate), restRule: moderate ? .pixel : r.pick([.pixel, .never])))
      c.called()
    }
    // Float channels take Float-sized values (1e100 does not fit a Float).
    let limit = S.self == Float.self ? 1e30 : 1e100
    func input(_ r: inout FuzzRandom) -> Double {
      let x = moderate || r.chance(0.8) ? r.uniform(-1000, 1000) : r.bounded()
      return Swift.min(Swift.max(x, -limit), limit)
    }
    var channels: [BatchChannel] = []
    for _ in 0..<(1 + r.int(8)) {
      let g = r.pick(groups)
      if let h = try? engine.addChannel(
        to: g, value: S(input(&r)), target: S(input(&r)), velocity: S(input(&r)))
      {
        channels.append(h)
      }
      c.called()
    }
    guard !channels.isEmpty else { return }
    for step in 0..<40 {
      let h = r.pick(channels)
      switch r.int(6) {
      case 0, 1:
        let ticks: Int64 = r.chance(0.8) ? 30_240 : r.pick([0, -1, 1, 60_480, 3_628_800, 1 << 40, .max / 2])
        engine.step(ticks: ticks)
      case 2:
        try? engine.retarget(h, to: S(input(&r)), group: r.chance(0.3) ? r.pick(groups) : nil)
      case 3:
        // Bad input: refused, and the channel keeps its value bit for bit.
        let before = engine.value(of: h)
        let bad = S(r.pick([Double.nan, .infinity, -.infinity]))
        let threw = (try? engine.retarget(h, to: bad)) == nil
        c.expect(threw, "step \(step): retarget to \(bad) accepted")
        let after = engine.value(of: h)
        c.expect(
          (before == nil && after == nil) || (before.map(Double.init) == after.map(Double.init)),
          "step \(step): a refused retarget changed the value")
      case 4:
        try? engine.retarget(h, to: S(input(&r)), velocity: S(input(&r)))
      default:
        if r.chance(0.2) {
          try? engine.removeChannel(h)
          channels.removeAll { $0 == h }
          if channels.isEmpty { return }
        } else {
          engine.step(ticks: 30_240)
        }
      }
      c.called()
      for h in channels {
        if let v = engine.value(of: h), let w = engine.velocity(of: h) {
          c.finite(Double(v), Double(w), what: "step \(step): value, velocity")
        }
      }
      c.called(channels.count)
    }
    guard moderate else { return }
    for _ in 0..<2400 where engine.activeCount > 0 { engine.step(ticks: 30_240) }
    c.called(1)
    let active = channels.filter { engine.isSettled($0) == false }.map { h in
      "value \(engine.value(of: h)!) target \(engine.target(of: h)!) velocity \(engine.velocity(of: h)!) "
        + "in \(drivers[engine.group(of: h)!.index])"
    }
    c.expect(active.isEmpty, "moderate script: still active after 20 s: \(active)")
  }
}
