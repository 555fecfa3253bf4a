import Hooke
import Testing
import _TestSupport

@testable import HookeScene

/// Render-list columns for a grid in tests (NaN-filled until written).
private final class GridTestRows {
  let count: Int
  let x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>
  let width: UnsafeMutablePointer<Double>, height: UnsafeMutablePointer<Double>

  init(_ count: Int) {
    self.count = count
    let n = Swift.max(1, count)
    func column() -> UnsafeMutablePointer<Double> {
      let p = UnsafeMutablePointer<Double>.allocate(capacity: n)
      p.initialize(repeating: .nan, count: n)
      return p
    }
    x = column()
    y = column()
    width = column()
    height = column()
  }

  deinit {
    x.deallocate()
    y.deallocate()
    width.deallocate()
    height.deallocate()
  }

  var rows: _GridRows { _GridRows(x: x, y: y, width: width, height: height) }
  func frame(_ i: Int) -> Rect { Rect(x: x[i], y: y[i], width: width[i], height: height[i]) }
  /// Every row's bits.
  var bits: [UInt64] {
    (0..<count).flatMap { [x[$0].bitPattern, y[$0].bitPattern, width[$0].bitPattern, height[$0].bitPattern] }
  }
}

/// A grid layout with `columns` columns of 100 × 120 cards on a 110 × 130 pitch.
private func layout(_ columns: Int, cell: (Double, Double) = (100, 120)) -> _GridGeometry {
  _GridGeometry(
    columns: columns, originX: 10, originY: 20, stepX: cell.0 + 10, stepY: cell.1 + 10, cellWidth: cell.0,
    cellHeight: cell.1)
}

/// Every state column's bits (force columns included when allocated) and the size channels.
private func stateBits(_ g: _GridMotion) -> [UInt64] {
  var out: [UInt64] = []
  for i in 0..<g.count {
    out += [g._dx[i].bitPattern, g._vx[i].bitPattern, g._dy[i].bitPattern, g._vy[i].bitPattern]
    if let ax = g._ax, let ay = g._ay { out += [ax[i].bitPattern, ay[i].bitPattern] }
  }
  let s = g._size
  return out + [s.0, s.1, s.2, s.3, s.4, s.5].map(\.bitPattern)
}

/// `a ≈ b` within `relative` of the larger magnitude, or of `scale` when both are small.
private func near(_ a: Double, _ b: Double, _ relative: Double, scale: Double) -> Bool {
  isApproximatelyEqual(a, b, relativeTolerance: relative, absoluteTolerance: relative * scale)
}

/// The rest box of `BatchRestRule(minimumVisibleChange: 1/64)`.
private let restDisplacement = 1.0 / 128
private let restSpeed = 30.0 / 64

/// One scalar card moving per axis with retarget-as-shift, written independently of the grid:
/// the exact spring's closed form from the last retarget (`Spring.value/velocity`).
private struct SpringReference {
  let spring: Spring
  var start: Double  // presented value at the last retarget
  var velocity0: Double
  var target: Double
  var t0: Double

  func value(_ t: Double) -> Double {
    start + spring.value(target: target - start, initialVelocity: velocity0, time: t - t0)
  }
  func velocity(_ t: Double) -> Double {
    spring.velocity(target: target - start, initialVelocity: velocity0, time: t - t0)
  }
  mutating func retarget(_ newTarget: Double, at t: Double) {
    (start, velocity0) = (value(t), velocity(t))
    target = newTarget
    t0 = t
  }
}

@Suite struct GridMotionTests {
  static let tps: Int64 = 1_200

  // MARK: (1) exact spring

  /// Every card follows the exact spring's closed form at 60 and 120 Hz for 2 s, through a
  /// retarget between frames (pending, fused into the next pass) that keeps position and
  /// velocity: within 1e-9 relative of a scalar reference that retargets itself.
  @Test(arguments: [Int64(60), 120])
  func exactSpringMatchesClosedForm(hz: Int64) {
    let n = 29
    let spring = Spring(response: 0.8, dampingRatio: 0.6)
    let a = layout(5)
    let b = layout(3)
    let c = layout(7)
    let grid = _GridMotion(count: n, geometry: a, tick: 0)
    let rows = GridTestRows(n)
    var refs = (0..<n).map { i -> (SpringReference, SpringReference) in
      let o = a.cardOrigin(i)
      let t = b.cardOrigin(i)
      return (
        SpringReference(spring: spring, start: o.x, velocity0: 0, target: t.x, t0: 0),
        SpringReference(spring: spring, start: o.y, velocity0: 0, target: t.y, t0: 0)
      )
    }
    grid.retarget(to: b, driver: .spring(spring), atTick: 0, ticksPerSecond: Self.tps)
    #expect(grid.isMoving)
    let perFrame = Self.tps / hz
    let retargetTick = 5 * perFrame + 3  // between frames
    var retargeted = false
    var snappedSeen = 0
    for k in Int64(1)...(2 * hz) {
      let tick = k * perFrame
      if !retargeted && tick > retargetTick {
        let tr = Double(retargetTick) / Double(Self.tps)
        for i in 0..<n {
          let t = c.cardOrigin(i)
          refs[i].0.retarget(t.x, at: tr)
          refs[i].1.retarget(t.y, at: tr)
        }
        grid.retarget(to: c, driver: .spring(spring), atTick: retargetTick, ticksPerSecond: Self.tps)
        retargeted = true
      }
      grid.advance(toTick: tick, ticksPerSecond: Self.tps, into: rows.rows)
      let t = Double(tick) / Double(Self.tps)
      for i in 0..<n {
        let f = rows.frame(i)
        let v = grid.velocity(of: i)!
        #expect(f == grid.frame(of: i)!)
        let (rx, ry) = refs[i]
        let target = (retargeted ? c : b).cardOrigin(i)
        if f.minX == target.x && f.minY == target.y && v[0] == 0 && v[1] == 0 {
          // Presented at rest (or never moved): the reference is inside the rest box (up to the
          // 1e-9 agreement of moving cards).
          snappedSeen += 1
          #expect(
            (rx.value(t) - target.x).magnitude <= restDisplacement + 1e-6
              && (ry.value(t) - target.y).magnitude <= restDisplacement + 1e-6
              && rx.velocity(t).magnitude <= restSpeed + 1e-6 && ry.velocity(t).magnitude <= restSpeed + 1e-6,
            "card \(i) k \(k)")
          continue
        }
        #expect(
          near(f.minX, rx.value(t), 1e-9, scale: 1000), "card \(i) frame \(k): \(f.minX) vs \(rx.value(t))")
        #expect(
          near(f.minY, ry.value(t), 1e-9, scale: 1000), "card \(i) frame \(k): \(f.minY) vs \(ry.value(t))")
        #expect(
          near(v[0], rx.velocity(t), 1e-9, scale: 1000), "card \(i) frame \(k): \(v[0]) vs \(rx.velocity(t))")
        #expect(
          near(v[1], ry.velocity(t), 1e-9, scale: 1000), "card \(i) frame \(k): \(v[1]) vs \(ry.velocity(t))")
        #expect(f.width == 100 && f.height == 120)
      }
    }
    #expect(snappedSeen > 0)  // card 0 never moves
    #expect(retargeted)
  }

  /// A retarget at a stepped tick, applied by a pass to that same tick, keeps every card's
  /// presented position (up to the rounding of old + d − new) and its velocity (exactly).
  @Test(arguments: [0, 1])
  func retargetKeepsPositionAndVelocity(driverIndex: Int) {
    let drivers: [_GridDriver] = [
      .spring(Spring(response: 0.5, dampingRatio: 0.6)),
      .fluid(FluidSpringModel(response: 0.5, dampingFraction: 0.6)),
    ]
    let n = 19
    let grid = _GridMotion(count: n, geometry: layout(5), tick: 0)
    let rows = GridTestRows(n)
    grid.retarget(
      to: layout(2, cell: (60, 70)), driver: drivers[driverIndex], atTick: 0, ticksPerSecond: Self.tps)
    for k in Int64(1)...9 { grid.advance(toTick: k * 20, ticksPerSecond: Self.tps, into: rows.rows) }
    let before = (0..<n).map { (grid.frame(of: $0)!, grid.velocity(of: $0)!) }
    grid.retarget(
      to: layout(7, cell: (90, 40)), driver: drivers[driverIndex], atTick: 180, ticksPerSecond: Self.tps)
    for i in 0..<n { #expect(grid.frame(of: i)! == before[i].0) }  // pending: still the last step's
    #expect(grid.prepare(toTick: 180, ticksPerSecond: Self.tps))
    grid.finish(moving: grid.step(0..<n, into: rows.rows))
    for i in 0..<n {
      let f = rows.frame(i)
      let (b, v) = before[i]
      #expect(
        near(f.minX, b.minX, 1e-13, scale: 1000) && near(f.minY, b.minY, 1e-13, scale: 1000), "card \(i)")
      #expect(
        near(f.width, b.width, 1e-13, scale: 100) && near(f.height, b.height, 1e-13, scale: 100), "card \(i)")
      #expect(grid.velocity(of: i)! == v, "card \(i)")
      #expect(v != .zero)
    }
  }

  // MARK: (2) SwiftUI integrator

  /// The fluid driver against `FluidSpringModel.advance` on a scalar state per axis, including a
  /// fluid → fluid retarget between frames that keeps velocity and force and restarts the clock.
  @Test func fluidMatchesTheScalarIntegrator() {
    let n = 13
    let model = FluidSpringModel(response: 0.45, dampingFraction: 0.7)
    let a = layout(4)
    let b = layout(2)
    let c = layout(6)
    let grid = _GridMotion(count: n, geometry: a, tick: 0)
    let rows = GridTestRows(n)
    // Per card and axis: the scalar state (offset from the segment start), the segment's target
    // offset, the presented value at the segment start and the segment's start tick.
    struct Axis {
      var state = FluidSpringState<Double>()
      var target: Double
      var start: Double
      var value: Double { start + state.offset }
    }
    var axes = (0..<n).map { i -> [Axis] in
      let o = a.cardOrigin(i)
      let t = b.cardOrigin(i)
      return [Axis(target: t.x - o.x, start: o.x), Axis(target: t.y - o.y, start: o.y)]
    }
    var t0: Int64 = 0
    grid.retarget(to: b, driver: .fluid(model), atTick: 0, ticksPerSecond: Self.tps)
    let retargetTick: Int64 = 10 * 20 + 7
    var retargeted = false
    for k in Int64(1)...48 {  // 0.8 s at 60 Hz
      let tick = k * 20
      if !retargeted && tick > retargetTick {
        for i in 0..<n {
          let t = c.cardOrigin(i)
          for j in 0..<2 {
            var ax = axes[i][j]
            model.advance(&ax.state, target: ax.target, to: Double(retargetTick - t0) / Double(Self.tps))
            let value = ax.value
            let newTarget = j == 0 ? t.x : t.y
            axes[i][j] = Axis(
              state: FluidSpringState(
                offset: 0, velocity: ax.state.velocity, force: ax.state.force, clock: 0),
              target: newTarget - value, start: value)
          }
        }
        t0 = retargetTick
        grid.retarget(to: c, driver: .fluid(model), atTick: retargetTick, ticksPerSecond: Self.tps)
        retargeted = true
      }
      grid.advance(toTick: tick, ticksPerSecond: Self.tps, into: rows.rows)
      for i in 0..<n {
        for j in 0..<2 {
          model.advance(
            &axes[i][j].state, target: axes[i][j].target, to: Double(tick - t0) / Double(Self.tps))
        }
        let f = rows.frame(i)
        let v = grid.velocity(of: i)!
        let target = (retargeted ? c : b).cardOrigin(i)
        if f.minX == target.x && f.minY == target.y && v[0] == 0 && v[1] == 0 {
          // Presented at rest: the reference is inside the rest box.
          #expect(
            (axes[i][0].value - f.minX).magnitude <= restDisplacement + 1e-9
              && (axes[i][1].value - f.minY).magnitude <= restDisplacement + 1e-9
              && axes[i][0].state.velocity.magnitude <= restSpeed + 1e-9
              && axes[i][1].state.velocity.magnitude <= restSpeed + 1e-9, "card \(i) frame \(k)")
          continue
        }
        #expect(
          near(f.minX, axes[i][0].value, 1e-12, scale: 1000),
          "card \(i) frame \(k): \(f.minX) vs \(axes[i][0].value)")
        #expect(
          near(f.minY, axes[i][1].value, 1e-12, scale: 1000),
          "card \(i) frame \(k): \(f.minY) vs \(axes[i][1].value)")
        #expect(near(v[0], axes[i][0].state.velocity, 1e-12, scale: 1e4), "card \(i) frame \(k)")
        #expect(near(v[1], axes[i][1].state.velocity, 1e-12, scale: 1e4), "card \(i) frame \(k)")
        let state = grid._state(of: i)!
        #expect(near(state.ax[0], axes[i][0].state.force, 1e-12, scale: 1e5), "card \(i) frame \(k)")
        #expect(near(state.ay[0], axes[i][1].state.force, 1e-12, scale: 1e5), "card \(i) frame \(k)")
      }
    }
    #expect(retargeted)
    #expect(grid.isMoving)
  }

  // MARK: (3) timing curves

  /// `d = y0·(1 − value(p))` (bit for bit) and `v = −y0·velocity(p)/duration`, a retarget during
  /// the curve restarting from the current displacement, and arrival at p ≥ 1.
  @Test(arguments: [UnitCurve.easeInOut, .circularEaseOut, .linear])
  func curveMatchesTheFormula(curve: UnitCurve) {
    let n = 11
    let a = layout(4)
    let b = layout(3)
    let c = layout(5)
    let duration: Int64 = 300  // 0.25 s
    let seconds = Double(duration) / Double(Self.tps)
    let grid = _GridMotion(count: n, geometry: a, tick: 0)
    let rows = GridTestRows(n)
    var y0 = (0..<n).map { i in (a.cardOrigin(i).x - b.cardOrigin(i).x, a.cardOrigin(i).y - b.cardOrigin(i).y)
    }
    var start: Int64 = 0
    var target = b
    grid.retarget(to: b, driver: .curve(curve, durationTicks: duration), atTick: 0, ticksPerSecond: Self.tps)
    let retargetTick: Int64 = 130
    for k in Int64(1)...40 {
      let tick = k * 20
      if start == 0 && tick > retargetTick {
        let p = Double(retargetTick) / Double(duration)
        for i in 0..<n {
          let dx = y0[i].0 * (1 - curve.value(at: p))
          let dy = y0[i].1 * (1 - curve.value(at: p))
          y0[i] = (dx + (b.cardOrigin(i).x - c.cardOrigin(i).x), dy + (b.cardOrigin(i).y - c.cardOrigin(i).y))
        }
        grid.retarget(
          to: c, driver: .curve(curve, durationTicks: duration), atTick: retargetTick,
          ticksPerSecond: Self.tps)
        start = retargetTick
        target = c
      }
      grid.advance(toTick: tick, ticksPerSecond: Self.tps, into: rows.rows)
      let p = Double(tick - start) / Double(duration)
      for i in 0..<n {
        let f = rows.frame(i)
        let v = grid.velocity(of: i)!
        let o = target.cardOrigin(i)
        if p >= 1 {
          #expect(f.minX == o.x && f.minY == o.y && v == .zero)
          continue
        }
        #expect(f.minX == o.x + y0[i].0 * (1 - curve.value(at: p)), "card \(i) frame \(k)")
        #expect(f.minY == o.y + y0[i].1 * (1 - curve.value(at: p)), "card \(i) frame \(k)")
        let slope = curve.velocity(at: p)
        if slope.isFinite {
          #expect(near(v[0], -y0[i].0 * slope / seconds, 1e-12, scale: 1), "card \(i) frame \(k)")
          #expect(near(v[1], -y0[i].1 * slope / seconds, 1e-12, scale: 1), "card \(i) frame \(k)")
        }
      }
      #expect(grid.isMoving == (p < 1), "frame \(k)")
    }
    #expect(!grid.isMoving)
    for i in 0..<n {
      let s = grid._state(of: i)!
      #expect(s.dx == .zero && s.vx == .zero && s.dy == .zero && s.vy == .zero)
    }
  }

  // MARK: (4) jumps

  /// `driver == nil` mid-flight: at the next pass every card and the size sit on the new layout
  /// with zero state and nothing moves; a jump followed by an animated retarget fuses both.
  @Test func nilDriverJumps() {
    let n = 21
    let grid = _GridMotion(count: n, geometry: layout(4), tick: 0)
    let rows = GridTestRows(n)
    grid.retarget(
      to: layout(3, cell: (80, 90)), driver: .spring(Spring(response: 0.5, dampingRatio: 0.8)), atTick: 0,
      ticksPerSecond: Self.tps)
    for k in Int64(1)...5 { grid.advance(toTick: k * 20, ticksPerSecond: Self.tps, into: rows.rows) }
    #expect(grid.isMoving)
    let jump = layout(6, cell: (50, 60))
    grid.retarget(to: jump, driver: nil, atTick: 100, ticksPerSecond: Self.tps)
    #expect(!grid.isMoving)
    #expect(grid.geometry == jump)
    #expect(grid.prepare(toTick: 120, ticksPerSecond: Self.tps))
    grid.finish(moving: grid.step(0..<n, into: rows.rows))
    #expect(!grid.isMoving)
    for i in 0..<n {
      let o = jump.cardOrigin(i)
      #expect(rows.x[i].bitPattern == o.x.bitPattern && rows.y[i].bitPattern == o.y.bitPattern)
      #expect(rows.width[i] == 50 && rows.height[i] == 60)
      #expect(grid.frame(of: i)! == Rect(x: o.x, y: o.y, width: 50, height: 60))
      #expect(grid.velocity(of: i)! == .zero)
    }
    #expect(stateBits(grid).allSatisfy { $0 == 0 })
    #expect(!grid.prepare(toTick: 140, ticksPerSecond: Self.tps))
    // Rows are exactly `cardOrigin` for any column count (row segments, partial vectors).
    for (k, columns) in [1, 2, 5, 8, 13, 40].enumerated() {
      let g = _GridGeometry(
        columns: columns, originX: -3.1, originY: 0.7, stepX: 10.3, stepY: 7.9, cellWidth: 9, cellHeight: 6)
      grid.retarget(to: g, driver: nil, atTick: 200 + Int64(k), ticksPerSecond: Self.tps)
      grid.advance(toTick: 200 + Int64(k), ticksPerSecond: Self.tps, into: rows.rows)
      for i in 0..<n {
        let o = g.cardOrigin(i)
        #expect(
          rows.x[i].bitPattern == o.x.bitPattern && rows.y[i].bitPattern == o.y.bitPattern, "\(columns) \(i)")
      }
    }

    // Jump then spring at the same tick (both pending) = jump, pass, spring from rest.
    let spring = Spring(response: 0.4, dampingRatio: 0.9)
    let fused = _GridMotion(count: n, geometry: layout(4), tick: 0)
    let stepped = _GridMotion(count: n, geometry: layout(4), tick: 0)
    let fusedRows = GridTestRows(n)
    let steppedRows = GridTestRows(n)
    for g in [fused, stepped] {
      g.retarget(to: layout(2), driver: .spring(spring), atTick: 0, ticksPerSecond: Self.tps)
      g.advance(toTick: 20, ticksPerSecond: Self.tps, into: fusedRows.rows)
      g.retarget(to: jump, driver: nil, atTick: 30, ticksPerSecond: Self.tps)
    }
    stepped.advance(toTick: 30, ticksPerSecond: Self.tps, into: steppedRows.rows)
    for g in [fused, stepped] {
      g.retarget(to: layout(5), driver: .spring(spring), atTick: 30, ticksPerSecond: Self.tps)
    }
    for k in Int64(2)...6 {
      fused.advance(toTick: k * 20, ticksPerSecond: Self.tps, into: fusedRows.rows)
      stepped.advance(toTick: k * 20, ticksPerSecond: Self.tps, into: steppedRows.rows)
      #expect(fusedRows.bits == steppedRows.bits, "frame \(k)")
    }
  }

  // MARK: (5) split invariance

  /// Stepping in ranges cut at random points (any order) gives the same bits as one range, for
  /// every driver pairing, narrow and wide grids, with pending retargets.
  @Test func splitInvariance() {
    let seed: UInt64 = 0x6772_6964_6D6F_7665
    print("GridMotionTests.splitInvariance seed \(seed)")
    var random = SplitMix64(seed: seed)
    let n = 301
    let drivers: [_GridDriver] = [
      .spring(Spring(response: 0.5, dampingRatio: 0.7)),
      .fluid(FluidSpringModel(response: 0.4, dampingFraction: 0.8)),
      .curve(.easeInOut, durationTicks: 240),
    ]
    let whole = _GridMotion(count: n, geometry: layout(5), tick: 0)
    let split = _GridMotion(count: n, geometry: layout(5), tick: 0)
    let wholeRows = GridTestRows(n)
    let splitRows = GridTestRows(n)
    var tick: Int64 = 0
    for frame in 0..<60 {
      if frame % 4 == 0 {
        let columns = [1, 2, 3, 7, 8, 9, 16, 40][Int(random.next() % 8)]
        let driver = drivers[Int(random.next() % 3)]
        let cell = (Double(60 + random.next() % 60), Double(60 + random.next() % 60))
        let at = tick + Int64(random.next() % 10)
        for g in [whole, split] {
          g.retarget(to: layout(columns, cell: cell), driver: driver, atTick: at, ticksPerSecond: Self.tps)
        }
        if frame % 8 == 0 {
          // A second retarget while the first is pending (applied in a full pass first).
          let again = drivers[Int(random.next() % 3)]
          for g in [whole, split] {
            g.retarget(to: layout(columns + 1), driver: again, atTick: at + 1, ticksPerSecond: Self.tps)
          }
        }
      }
      tick += 10 + Int64(random.next() % 15)
      whole.advance(toTick: tick, ticksPerSecond: Self.tps, into: wholeRows.rows)
      if split.prepare(toTick: tick, ticksPerSecond: Self.tps) {
        var cuts = [0, n]
        for _ in 0..<Int(random.next() % 6) { cuts.append(Int(random.next() % UInt64(n + 1))) }
        cuts.sort()
        var ranges = zip(cuts, cuts.dropFirst()).map { $0.0..<$0.1 }
        ranges.shuffle(using: &random)
        var moving = 0
        for r in ranges { moving += split.step(r, into: splitRows.rows) }
        split.finish(moving: moving)
      }
      #expect(wholeRows.bits == splitRows.bits, "seed \(seed) frame \(frame)")
      #expect(stateBits(whole) == stateBits(split), "seed \(seed) frame \(frame)")
      #expect(whole.isMoving == split.isMoving, "seed \(seed) frame \(frame)")
    }
    // `write` reproduces the last step's rows.
    let written = GridTestRows(n)
    split.write(0..<n, into: written.rows)
    #expect(written.bits == splitRows.bits, "seed \(seed)")
  }

  // MARK: (6) fused pending retarget

  /// A retarget between frames fused into the next pass equals stepping to the retarget tick,
  /// retargeting there and stepping on (1e-12 relative), over several frames and retargets.
  @Test(arguments: [(0, 0), (1, 1), (2, 0), (0, 2), (1, 0), (0, 1), (2, 2), (1, 2), (2, 1)])
  func fusedRetargetEqualsSteppedRetarget(pairing: (Int, Int)) {
    let drivers: [_GridDriver] = [
      .spring(Spring(response: 0.6, dampingRatio: 0.5)),
      .fluid(FluidSpringModel(response: 0.5, dampingFraction: 0.6)),
      .curve(.easeOut, durationTicks: 500),
    ]
    let n = 45
    let fused = _GridMotion(count: n, geometry: layout(9), tick: 0)
    let stepped = _GridMotion(count: n, geometry: layout(9), tick: 0)
    let fusedRows = GridTestRows(n)
    let steppedRows = GridTestRows(n)
    let layouts = [layout(4, cell: (90, 100)), layout(6), layout(3, cell: (120, 80))]
    var next = 0
    for g in [fused, stepped] {
      g.retarget(to: layouts[0], driver: drivers[pairing.0], atTick: 0, ticksPerSecond: Self.tps)
    }
    for k in Int64(1)...30 {
      let tick = k * 10
      if k % 8 == 0 {
        next += 1
        let at = tick - 4
        let driver = drivers[next % 2 == 1 ? pairing.1 : pairing.0]
        stepped.advance(toTick: at, ticksPerSecond: Self.tps, into: steppedRows.rows)
        for g in [fused, stepped] {
          g.retarget(to: layouts[next % 3], driver: driver, atTick: at, ticksPerSecond: Self.tps)
        }
      }
      fused.advance(toTick: tick, ticksPerSecond: Self.tps, into: fusedRows.rows)
      stepped.advance(toTick: tick, ticksPerSecond: Self.tps, into: steppedRows.rows)
      for i in 0..<n {
        let f = fusedRows.frame(i)
        let s = steppedRows.frame(i)
        #expect(
          near(f.minX, s.minX, 1e-12, scale: 1000) && near(f.minY, s.minY, 1e-12, scale: 1000),
          "card \(i) frame \(k): \(f) vs \(s)")
        #expect(
          near(f.width, s.width, 1e-12, scale: 100) && near(f.height, s.height, 1e-12, scale: 100),
          "frame \(k)")
        let fv = fused.velocity(of: i)!
        let sv = stepped.velocity(of: i)!
        for j in 0..<4 {
          #expect(near(fv[j], sv[j], 1e-12, scale: 1e4), "card \(i) frame \(k) component \(j)")
        }
      }
      #expect(fused.isMoving == stepped.isMoving)
    }
    #expect(next == 3)
  }

  /// Cards inside the rest box at a retarget between frames snap there (as a step at the
  /// retarget tick would), before the shift: the fused pass equals the stepped one.
  @Test func fusedRetargetSnapsLikeAStep() {
    let spring = Spring(response: 0.5, dampingRatio: 0.8)
    let n = 16
    let fused = _GridMotion(count: n, geometry: layout(4), tick: 0)
    let stepped = _GridMotion(count: n, geometry: layout(4), tick: 0)
    let fusedRows = GridTestRows(n)
    let steppedRows = GridTestRows(n)
    for g in [fused, stepped] {
      g.retarget(to: layout(3), driver: .spring(spring), atTick: 0, ticksPerSecond: Self.tps)
      g.advance(toTick: 10, ticksPerSecond: Self.tps, into: fusedRows.rows)
      // Anchors (at tick 0) that put every card inside the box (|d| < 1/128, |v| < 30/64) at
      // ticks 10 to 20: about (0.0053, 0.07) at tick 15.
      for i in 0..<n { (g._dx[i], g._vx[i], g._dy[i], g._vy[i]) = (0.004, 0.1, -0.004, 0.1) }
    }
    stepped.advance(toTick: 15, ticksPerSecond: Self.tps, into: steppedRows.rows)
    #expect(!stepped.isMoving)  // the step at 15 found every card inside the box
    for i in 0..<n {
      // The fused pass's rest rule is not vacuous: at tick 15 the card is inside the box but not zero.
      let s = fused._state(of: i)!
      #expect(s.dx[0] > 0.004 && s.dx[0] < restDisplacement && s.vx[0] > 0.01 && s.vx[0] < restSpeed)
    }
    for g in [fused, stepped] {
      g.retarget(to: layout(5), driver: .spring(spring), atTick: 15, ticksPerSecond: Self.tps)
    }
    fused.advance(toTick: 20, ticksPerSecond: Self.tps, into: fusedRows.rows)
    stepped.advance(toTick: 20, ticksPerSecond: Self.tps, into: steppedRows.rows)
    for i in 0..<n {
      #expect(
        near(fusedRows.x[i], steppedRows.x[i], 1e-12, scale: 1000)
          && near(fusedRows.y[i], steppedRows.y[i], 1e-12, scale: 1000), "card \(i)")
    }
  }

  // MARK: (7) settling

  /// Every driver settles within ~3 s: not moving, every state reading zero (the anchors are then
  /// ignored) and velocity 0, rows equal to the targets
  /// bit for bit, and the next prepare has no per-card work.
  @Test(arguments: [0, 1, 2])
  func settles(driverIndex: Int) {
    let drivers: [_GridDriver] = [
      .spring(Spring(response: 0.5, dampingRatio: 0.7)),
      .fluid(FluidSpringModel(response: 0.5, dampingFraction: 0.8)),
      .curve(.easeInOut, durationTicks: 600),
    ]
    let n = 37
    let grid = _GridMotion(count: n, geometry: layout(7), tick: 0)
    let rows = GridTestRows(n)
    let target = layout(3, cell: (140, 70))
    grid.retarget(to: target, driver: drivers[driverIndex], atTick: 0, ticksPerSecond: Self.tps)
    for k in Int64(1)...360 { grid.advance(toTick: k * 10, ticksPerSecond: Self.tps, into: rows.rows) }
    #expect(!grid.isMoving)
    // At rest every state reads as zero (the anchors are then ignored).
    for i in 0..<n {
      let s = grid._state(of: i)!
      #expect(
        s.dx == .zero && s.vx == .zero && s.ax == .zero && s.dy == .zero && s.vy == .zero && s.ay == .zero)
      #expect(grid.velocity(of: i)! == .zero)
    }
    for i in 0..<n {
      let o = target.cardOrigin(i)
      #expect(rows.x[i].bitPattern == o.x.bitPattern && rows.y[i].bitPattern == o.y.bitPattern)
      #expect(
        rows.width[i].bitPattern == (140.0).bitPattern && rows.height[i].bitPattern == (70.0).bitPattern)
    }
    #expect(!grid.prepare(toTick: 3700, ticksPerSecond: Self.tps))
    // The anchors still hold the last retarget's state, but a retarget from rest ignores them:
    // the same frames as a grid that never moved.
    #expect((0..<n).contains { grid._dx[$0] != 0 || grid._dy[$0] != 0 })
    let fresh = _GridMotion(count: n, geometry: target, tick: 3700)
    let freshRows = GridTestRows(n)
    for g in [grid, fresh] {
      g.retarget(to: layout(5), driver: drivers[driverIndex], atTick: 3700, ticksPerSecond: Self.tps)
    }
    grid.advance(toTick: 3710, ticksPerSecond: Self.tps, into: rows.rows)
    fresh.advance(toTick: 3710, ticksPerSecond: Self.tps, into: freshRows.rows)
    #expect(rows.bits == freshRows.bits)
    #expect(grid.isMoving && fresh.isMoving)
  }

  // MARK: (8) uniform size

  /// The width and height channel follows the closed form (one shared value in every row), and
  /// a bouncy shrink that would go negative is clamped at 0.
  @Test func sizeChannelFollowsTheSpring() {
    let n = 10
    let spring = Spring(response: 0.6, dampingRatio: 0.1)
    let grid = _GridMotion(count: n, geometry: layout(4, cell: (200, 150)), tick: 0)
    let rows = GridTestRows(n)
    grid.retarget(
      to: layout(4, cell: (10, 140)), driver: .spring(spring), atTick: 0, ticksPerSecond: Self.tps)
    var clamped = 0
    for k in Int64(1)...60 {
      grid.advance(toTick: k * 20, ticksPerSecond: Self.tps, into: rows.rows)
      let t = Double(k * 20) / Double(Self.tps)
      let w = 200 + spring.value(target: -190.0, time: t)
      let h = 150 + spring.value(target: -10.0, time: t)
      for i in 0..<n {
        #expect(
          rows.width[i].bitPattern == rows.width[0].bitPattern
            && rows.height[i].bitPattern == rows.height[0].bitPattern)
      }
      if w < 0 {
        clamped += 1
        #expect(rows.width[0] == 0, "frame \(k)")
      } else {
        #expect(near(rows.width[0], w, 1e-9, scale: 200), "frame \(k): \(rows.width[0]) vs \(w)")
      }
      if grid._size.3 != 0 || grid._size.4 != 0 {
        #expect(near(rows.height[0], h, 1e-9, scale: 200), "frame \(k): \(rows.height[0]) vs \(h)")
        #expect(near(grid.velocity(of: 3)![3], spring.velocity(target: -10.0, time: t), 1e-9, scale: 1000))
      }
      #expect(near(grid.velocity(of: 3)![2], spring.velocity(target: -190.0, time: t), 1e-9, scale: 1000))
    }
    #expect(clamped > 0)
    #expect(grid.isMoving)  // still bouncing: the size alone keeps the grid moving
  }

  // MARK: bad input

  /// Clamps and resets: no trap, no NaN.
  @Test func badInput() {
    let g = _GridGeometry(
      columns: 0, originX: .nan, originY: .infinity, stepX: -.infinity, stepY: 5, cellWidth: .nan,
      cellHeight: 3)
    #expect(
      g.columns == 1 && g.originX == 0 && g.originY == 0 && g.stepX == 0 && g.cellWidth == 0
        && g.cellHeight == 3)
    #expect(_GridMotion(count: -4, geometry: g, tick: 0).count == 0)
    let empty = _GridMotion(count: 0, geometry: g, tick: 0)
    let none = GridTestRows(0)
    empty.retarget(
      to: layout(2), driver: .spring(Spring(response: 0.5, dampingRatio: 1)), atTick: 0, ticksPerSecond: 0)
    empty.advance(toTick: 10, ticksPerSecond: 0, into: none.rows)
    #expect(empty.frame(of: 0) == nil && empty.velocity(of: -1) == nil)

    // A non-finite shift (old and new targets at opposite ends of Double) resets the card to its target.
    let n = 9
    let far = _GridGeometry(
      columns: 3, originX: 1.7e308, originY: 0, stepX: 0, stepY: 10, cellWidth: 10, cellHeight: 10)
    let low = _GridGeometry(
      columns: 3, originX: -1.7e308, originY: 0, stepX: 0, stepY: 10, cellWidth: 10, cellHeight: 10)
    let rows = GridTestRows(n)
    for driver in [
      _GridDriver.spring(Spring(response: 0.5, dampingRatio: 1)),
      .fluid(FluidSpringModel(response: 0.3, dampingFraction: 1)), .curve(.linear, durationTicks: 100),
    ] {
      let grid = _GridMotion(count: n, geometry: far, tick: 0)
      grid.retarget(to: low, driver: driver, atTick: 0, ticksPerSecond: Self.tps)
      // Steps on clamped ranges (beyond both ends).
      #expect(grid.prepare(toTick: 10, ticksPerSecond: Self.tps))
      grid.finish(moving: grid.step(-5..<4, into: rows.rows) + grid.step(4..<100, into: rows.rows))
      for i in 0..<n {
        #expect(rows.x[i] == -1.7e308 && rows.y[i] == low.cardOrigin(i).y, "\(driver) card \(i)")
        #expect(grid.frame(of: i)!.minX == -1.7e308)
        #expect(grid._dx[i] == 0 && grid._vx[i] == 0 && grid._dy[i] == 0 && grid._vy[i] == 0)  // anchor reset
      }
      #expect(!grid.isMoving)
    }

    // A card whose state is not finite in a steady pass (no anchor write otherwise; here a
    // corrupted anchor) presents its target and its anchor is reset to zero; the other cards
    // keep moving.
    for driver in [
      _GridDriver.spring(Spring(response: 0.5, dampingRatio: 0.5)),
      .fluid(FluidSpringModel(response: 0.5, dampingFraction: 0.5)),
    ] {
      let grid = _GridMotion(count: n, geometry: layout(3), tick: 0)
      grid.retarget(to: layout(2), driver: driver, atTick: 0, ticksPerSecond: Self.tps)
      grid.advance(toTick: 10, ticksPerSecond: Self.tps, into: rows.rows)
      let before = (grid._dx[5], grid._vx[5])
      grid._vx[4] = .infinity
      grid.advance(toTick: 20, ticksPerSecond: Self.tps, into: rows.rows)
      let o = layout(2).cardOrigin(4)
      #expect(rows.x[4] == o.x && rows.y[4] == o.y, "\(driver)")
      #expect(grid._dx[4] == 0 && grid._vx[4] == 0 && grid._dy[4] == 0 && grid._vy[4] == 0, "\(driver)")
      #expect(grid._dx[5] == before.0 && grid._vx[5] == before.1, "\(driver)")  // steady: anchors only read
      #expect(grid.isMoving && rows.x[5] != layout(2).cardOrigin(5).x, "\(driver)")
    }

    // Ticks at the ends of Int64 do not trap. The spring and the curve arrive; the SwiftUI
    // integrator's clock cannot advance that far from 0 in 1/300 s steps (no substep fits, as in
    // `FluidSpringModel.advance`), so it stays where it is, finite.
    for (driver, arrives) in [
      (_GridDriver.spring(Spring(response: 0.5, dampingRatio: 1)), true),
      (.fluid(FluidSpringModel(response: 0.3, dampingFraction: 1)), false),
      (.curve(.linear, durationTicks: 100), true),
    ] {
      let grid = _GridMotion(count: n, geometry: layout(3), tick: .min)
      grid.retarget(to: layout(2), driver: driver, atTick: .min, ticksPerSecond: Self.tps)
      grid.advance(toTick: .max, ticksPerSecond: Self.tps, into: rows.rows)
      for i in 0..<n {
        let f = grid.frame(of: i)!
        let o = layout(2).cardOrigin(i)
        #expect(f.minX.isFinite && f.minY.isFinite && f.width == 100 && f.height == 120)
        if arrives { #expect(f.minX == o.x && f.minY == o.y, "\(driver) card \(i)") }
      }
      #expect(grid.isMoving == !arrives, "\(driver)")
    }

    // Retargets earlier than the last tick read as the last tick; ticksPerSecond ≤ 0 reads as 1.
    let grid = _GridMotion(count: n, geometry: layout(3), tick: 100)
    grid.retarget(
      to: layout(2), driver: .spring(Spring(response: 5, dampingRatio: 1)), atTick: 50, ticksPerSecond: 60)
    #expect(grid._pending!.tick == 100)
    grid.advance(toTick: 101, ticksPerSecond: -3, into: rows.rows)
    for i in 0..<n { #expect(rows.x[i].isFinite && rows.y[i].isFinite) }
    #expect(grid.isMoving)
    #expect(!grid.prepare(toTick: 90, ticksPerSecond: 60))  // time does not go backwards
  }
}
