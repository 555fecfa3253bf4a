import Hooke

/// The layout of a uniform grid block: card i sits at column `i % columns`, row `i / columns`.
///
/// All values are in points. ``init(columns:originX:originY:stepX:stepY:cellWidth:cellHeight:)``
/// clamps `columns < 1` to 1 and reads non-finite origins, steps and cell sizes as 0 (the scene
/// sanitises before; this keeps the motion engine NaN-free). Properties set directly afterwards
/// are not re-checked: they must be finite.
struct _GridGeometry: Equatable, Sendable {
  /// Number of columns, ≥ 1.
  var columns: Int
  /// Top-left corner of card 0.
  var originX: Double
  /// Top-left corner of card 0.
  var originY: Double
  /// Pitch between columns (cell width + spacing).
  var stepX: Double
  /// Pitch between rows (cell height + spacing).
  var stepY: Double
  /// The size of every card.
  var cellWidth: Double
  /// The size of every card.
  var cellHeight: Double

  /// A geometry; `columns < 1` reads as 1, non-finite components as 0.
  init(
    columns: Int, originX: Double, originY: Double, stepX: Double, stepY: Double, cellWidth: Double,
    cellHeight: Double
  ) {
    @inline(__always) func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }
    self.columns = columns < 1 ? 1 : columns
    self.originX = finite(originX)
    self.originY = finite(originY)
    self.stepX = finite(stepX)
    self.stepY = finite(stepY)
    self.cellWidth = finite(cellWidth)
    self.cellHeight = finite(cellHeight)
  }

  /// The top-left corner of card `i`: exactly `originX + Double(i % columns) * stepX`,
  /// `originY + Double(i / columns) * stepY` (the step kernels reproduce these bits by walking
  /// row segments with counted columns). O(1), one division.
  @inline(__always)
  func cardOrigin(_ i: Int) -> (x: Double, y: Double) {
    (originX + Double(i % columns) * stepX, originY + Double(i / columns) * stepY)
  }
}

/// How the grid animates after a retarget.
///
/// - ``spring(_:)``: the exact closed-form spring: `(d, v) = M(Δt)·(d₀, v₀)` with M from
///   `SpringTransitionMatrix(spring:deltaTime:)`, Δt = (ticks since the retarget) / ticksPerSecond
///   and (d₀, v₀) the card's anchor (its state just after the retarget); nothing accumulates.
/// - ``fluid(_:)``: SwiftUI's 1/300 s integrator on (d, v, force): `(d, v, a) = S^N·(d₀, v₀, a₀)`
///   with N the substeps since the retarget, the block-level matrix built per pass as `Sⁿ·P`
///   (`Sⁿ` in the order of `BatchEngine`'s fluid driver), n from
///   `FluidSpringModel.substepCount(from:to:)` on a clock that starts at 0 at the retarget tick.
///   The force is kept across a fluid → fluid retarget and starts at 0 otherwise. Results equal
///   stepping the state per pass up to rounding (about 1e-13 relative), not bit for bit.
/// - ``curve(_:durationTicks:)``: `d = y0·(1 − curve.value(at: p))`,
///   `v = y0·(−curve.velocity(at: p)/duration)` (the factor is computed once per step; a
///   non-finite curve slope, e.g. a circular curve's vertical end, reads as velocity 0),
///   `p = elapsed ticks / durationTicks`; arrived (d = v = 0) at p ≥ 1 or `durationTicks ≤ 0`.
///   A retarget during a curve starts a new animation from the current d, v.
enum _GridDriver: Equatable, Sendable {
  /// The exact closed-form spring.
  case spring(Spring)
  /// SwiftUI's fixed-step integrator.
  case fluid(FluidSpringModel)
  /// A timing curve over `durationTicks` ticks.
  case curve(UnitCurve, durationTicks: Int64)
}

/// A row-major 3×3 matrix.
typealias _GridMatrix3 = (Double, Double, Double, Double, Double, Double, Double, Double, Double)

/// The column storage of the render list at the grid's first row: row r = card r.
struct _GridRows: @unchecked Sendable {
  /// Presented minimum x per card.
  let x: UnsafeMutablePointer<Double>
  /// Presented minimum y per card.
  let y: UnsafeMutablePointer<Double>
  /// Presented width per card (uniform).
  let width: UnsafeMutablePointer<Double>
  /// Presented height per card (uniform).
  let height: UnsafeMutablePointer<Double>
}

/// What one stage of a step does to a card's stored state (one axis), with block-level
/// coefficients in ``_GridStage/m``.
enum _GridStageKind: Equatable, Sendable {
  /// `(d, v) ← M·(d, v)`: exact springs, and the identity or zero map.
  case linear2
  /// `(d, v, a) ← M·(d, v, a)`: the SwiftUI integrator.
  case linear3
  /// The state holds the start displacement y0: `d = c·y0`, `v = cv·y0`.
  case curve
  /// First stages only: the identity on a spring state (the retarget is at the anchors' tick),
  /// so the pass only applies the rest rule and shifts; the force becomes 0.
  case shift2
  /// First stages only: the identity on a SwiftUI-integrator state; the force is kept.
  case shift3
  /// First stages only: every state is zero (at rest, never moved, or a jump), whatever the
  /// anchors hold: the pass does not read them, the new anchor is the shift alone.
  case rest
}

/// One stage of a step: a driver from one tick to another, reduced to coefficients.
struct _GridStage: Sendable {
  /// The map's kind.
  var kind: _GridStageKind = .linear2
  /// Row-major 3×3 matrix (`linear3`); `linear2` uses m.0, m.1 (d row) and m.3, m.4 (v row);
  /// `curve` uses m.0 = `1 − value(p)` and m.3 = `−velocity(p)/duration`.
  var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double) = (
    1, 0, 0, 0, 1, 0, 0, 0, 1
  )
  /// Curves: p ≥ 1, the state becomes zero.
  var arrived = false

  /// The identity (no time passes, or nothing moves).
  static var identity: _GridStage { _GridStage() }
  /// The zero map: the state is zero or discarded (at rest, or a jump); first stages only.
  static var rest: _GridStage {
    var s = _GridStage()
    s.kind = .rest
    s.m = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    return s
  }
}

/// The block-level plan of one step pass, computed by ``_GridMotion/prepare(toTick:ticksPerSecond:)``
/// and read (never written) by the concurrent ``_GridMotion/step(_:into:)`` calls.
struct _GridPlan: Sendable {
  /// A retarget is fused into this pass: `first`, then the shift `from → to`, then `second`.
  var pending = false
  /// The old driver from the state's tick to the retarget tick (only when `pending`).
  var first = _GridStage.identity
  /// The (new) driver up to the step's tick.
  var second = _GridStage.identity
  /// The layout the state is relative to before the pass (the shift's source).
  var from: _GridGeometry
  /// The layout after the pass (the targets written to the rows).
  var to: _GridGeometry
  /// Squared rest thresholds (displacement, speed).
  var rest2: (Double, Double)
  /// The presented uniform size after the pass (clamped ≥ 0, finite).
  var width: Double
  var height: Double
}

/// The motion engine of a grid block of `count` uniform cards: per card only an *anchor*, its
/// displacement from its grid target and velocity on each axis just after the last retarget
/// (`dx, vx, dy, vy`, plus the SwiftUI integrator's force `ax, ay`), one shared driver, and one
/// uniform width and height channel for the whole grid.
///
/// Anchor form: every driver is linear in the state since the last retarget, state(t) = P(t)·s₀
/// with a block-level P (see ``_GridDriver``). The anchors are written only by a retarget pass;
/// a steady pass only reads them and writes the rows, which cuts a steady exact-spring pass
/// from 32 B read + 32 B written of state per card to 32 B read (48 B → 48 B read and no writes
/// for the SwiftUI integrator), plus the 16 B of x, y rows either way.
///
/// Storage: 48 bytes per card, manually allocated and zeroed at init, so no frame allocates or
/// faults pages. A frame is ``prepare(toTick:ticksPerSecond:)`` (block level, single-threaded),
/// ``step(_:into:)`` over a cover of `0..<count` (disjoint ranges may run concurrently; SIMD
/// across cards; bit-identical for any split) and ``finish(moving:)``. A retarget is *pending*
/// until the next pass, which fuses old driver → rest rule → shift → new anchors → new driver
/// into one sweep over memory.
///
/// Presented frame of card i: `x = cardOrigin(i).x + d_x`, `y = cardOrigin(i).y + d_y` with
/// (d, v) = P·s₀, width `cellWidth + d_w`, height `cellHeight + d_h` (clamped at ≥ 0). During a
/// curve, d = y0·c(p).
///
/// Rest (presented, not stored): a card whose current |d| ≤ 1/128 and |v| ≤ 30/64 per second on
/// both axes (`BatchRestRule(minimumVisibleChange: 1/64)`, tested as squares like `BatchEngine`)
/// is presented exactly at its target (the target's bits, −0.0 included) with velocity 0 and
/// does not count as moving; its anchor is untouched. Unlike a per-card snap to zero state, the
/// card keeps following P·s₀: it may leave the box again (an underdamped spring can turn the
/// box's speed into displacement), and is then presented on its true trajectory again, so the
/// presented position jumps by at most the box (1/128 point) when it enters or leaves it. When
/// a pass finds no card and no size channel moving, the grid is at rest: ``_moving`` false means
/// every state is zero and the anchors are ignored (no extra pass; the next retarget rewrites
/// them). A card whose state or presented position is not finite (an overflowing shift, say) is
/// presented at its target and its anchor is reset to zero (stored even in a steady pass), so
/// rows never hold NaN or ∞. The same rules hold for the uniform size channels. Curves end at
/// p ≥ 1 (a curve's card is at rest only with y0 = 0).
///
/// Retarget semantics (a pending retarget at tick r, fused into the pass to t): the old driver's
/// P(r)·s₀ gives the state at r, the rest rule applies there (a card inside the box starts from
/// zero displacement and velocity, as if it had snapped at r), then the shift; the result is
/// the new anchor. Then the new driver from r to t. Results equal stepping to r, retargeting,
/// stepping to t, up to rounding (the same operations, so usually bit for bit). The SwiftUI
/// integrator's force is kept across a fluid → fluid retarget and starts at 0 after any other
/// driver; a curve restarts from the current displacement (its velocity is not carried).
///
/// Determinism: integer ticks, fixed evaluation order, no fused multiply-add; each card's
/// arithmetic is independent of the range it is stepped in.
///
/// Cost (x86-64 baseline SSE2, release, grid-reflow at 1M cards, 120 Hz, SwiftUI integrator):
/// a frame's p50 about 4.7 ms on one thread, 2.5 ms on two (from 5.9 and 3.0 ms with per-frame
/// state writes), with no allocation.
///
/// Not thread-safe except the concurrent ``step(_:into:)`` calls of one pass; do not call
/// ``write(_:into:)``, ``frame(of:)`` or ``velocity(of:)`` between prepare and finish.
final class _GridMotion: @unchecked Sendable {
  /// The number of cards (≥ 0).
  let count: Int
  /// The target layout (the last retarget's).
  private(set) var geometry: _GridGeometry

  // Per-card anchor columns: the state at ``_epoch`` (see the type's documentation).
  @exclusivity(unchecked) var _dx: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) var _vx: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) var _dy: UnsafeMutablePointer<Double>
  @exclusivity(unchecked) var _vy: UnsafeMutablePointer<Double>
  /// Force columns of the SwiftUI integrator, allocated and zeroed with the grid: allocating
  /// them at the first SwiftUI-model retarget put 16 MB of page faults (at a million cards)
  /// into that one frame, over a 120 Hz budget that every other frame meets.
  @exclusivity(unchecked) var _ax: UnsafeMutablePointer<Double>?
  @exclusivity(unchecked) var _ay: UnsafeMutablePointer<Double>?
  /// The uniform size channels' anchors as (dw, vw, aw, dh, vh, ah); for curves dw, dh hold y0.
  @exclusivity(unchecked) var _size: (Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0)

  /// The tick of the last pass (the presented state's tick; the anchors are at ``_epoch``).
  @exclusivity(unchecked) var _stateTick: Int64
  /// The layout the stored state is relative to (differs from ``geometry`` while a retarget is pending).
  @exclusivity(unchecked) var _stateGeometry: _GridGeometry
  /// The driver the stored state moves with (`nil`: at rest after a jump or at the start).
  @exclusivity(unchecked) var _driver: _GridDriver?
  /// The current driver's start tick (the anchors' tick) and the SwiftUI integrator's substep
  /// clock (seconds since it).
  @exclusivity(unchecked) var _epoch: Int64
  @exclusivity(unchecked) var _fluidClock = 0.0
  /// The SwiftUI integrator's accumulated map since ``_epoch``: `S^N` for the N substeps so far,
  /// built as `Sⁿ·P` per pass (fixed order), so no pass applies it to stored state.
  @exclusivity(unchecked) var _fluidPower: _GridMatrix3 = _GridMotion._identity
  /// The uniform size channels' presented velocities (width, height per second) after the last pass.
  @exclusivity(unchecked) var _sizeVelocity = (0.0, 0.0)
  /// Whether any card or the size moved after the last pass; false means every state is zero
  /// (the anchors are then ignored).
  @exclusivity(unchecked) var _moving = false
  @exclusivity(unchecked) var _sizeMoving = false
  /// The current pass.
  @exclusivity(unchecked) var _plan: _GridPlan
  /// Whether the current pass writes the width / height rows: the presented size changed since
  /// the rows were last written, or the rows are new (``invalidateRows()``). Uniform sizes
  /// rewritten for every card each frame would be a quarter of a pass's memory traffic.
  @exclusivity(unchecked) var _writeWidth = true
  @exclusivity(unchecked) var _writeHeight = true
  @exclusivity(unchecked) var _writtenSize: (UInt64, UInt64) = (0, 0)
  @exclusivity(unchecked) var _rowsInvalid = true

  /// A retarget not yet applied to the stored state.
  struct _Pending {
    /// The retarget tick.
    var tick: Int64
    /// The state is discarded (a jump) before the shift.
    var discard: Bool
    /// Shift source and target layouts.
    var from: _GridGeometry
    var to: _GridGeometry
    /// The new driver (`nil`: a jump).
    var driver: _GridDriver?
  }
  @exclusivity(unchecked) var _pending: _Pending?

  /// The rest rule of the scene's fast path: δ = 1/64 point.
  static let restRule = BatchRestRule(minimumVisibleChange: 1.0 / 64)

  /// `count` cards (clamped to ≥ 0) at rest on `geometry` at tick `tick`. Allocates the six
  /// state columns (zeroed).
  init(count: Int, geometry: _GridGeometry, tick: Int64) {
    self.count = Swift.max(0, count)
    self.geometry = geometry
    let n = Swift.max(1, self.count)
    func column() -> UnsafeMutablePointer<Double> {
      // Safety: a fresh block of `n` ≥ 1 doubles, all initialised here; `deinit` frees it.
      let p = UnsafeMutablePointer<Double>.allocate(capacity: n)
      p.initialize(repeating: 0, count: n)
      return p
    }
    _dx = column()
    _vx = column()
    _dy = column()
    _vy = column()
    _ax = column()
    _ay = column()
    _stateTick = tick
    _epoch = tick
    _stateGeometry = geometry
    let rule = _GridMotion.restRule
    _plan = _GridPlan(
      from: geometry, to: geometry, rest2: (rule.displacement * rule.displacement, rule.speed * rule.speed),
      width: geometry.cellWidth > 0 ? geometry.cellWidth : 0,
      height: geometry.cellHeight > 0 ? geometry.cellHeight : 0)
  }

  deinit {
    _dx.deallocate()
    _vx.deallocate()
    _dy.deallocate()
    _vy.deallocate()
    _ax?.deallocate()
    _ay?.deallocate()
  }

  /// Whether any card or the uniform size is still moving: true after a step that left some
  /// motion, or with an animated retarget pending (even one that turns out not to move anything);
  /// false after everything settled or a jump.
  var isMoving: Bool {
    if let p = _pending { return p.driver != nil || (!p.discard && _moving) }
    return _moving
  }

  /// The last tick used (state or pending retarget).
  var _lastTick: Int64 { Swift.max(_stateTick, _pending?.tick ?? _stateTick) }

  /// Changes the layout at `tick` (earlier than the last tick used reads as that tick). Every
  /// card keeps its presented position and velocity at `tick` (displacement += old target − new
  /// target, in Double) and then moves with `driver`; `driver == nil` jumps: every card and the
  /// size take the new layout with zero state. Applied lazily by the next pass (fused with
  /// it). A retarget while another is pending first applies that one in a full pass without
  /// rows (not needed when either of the two is a jump), after which ``frame(of:)`` and
  /// ``write(_:into:)`` present the state at the earlier retarget's tick. Allocation-free.
  func retarget(to geometry: _GridGeometry, driver: _GridDriver?, atTick tick: Int64, ticksPerSecond: Int64) {
    let t = Swift.max(tick, _lastTick)
    if driver == nil {
      // Everything before is discarded: no pass needed for an earlier pending retarget.
      _pending = _Pending(tick: t, discard: true, from: geometry, to: geometry, driver: nil)
    } else if let p = _pending, p.driver == nil {
      // After the pending jump the state is zero on its layout: shift from there.
      _pending = _Pending(tick: t, discard: true, from: p.to, to: geometry, driver: driver)
    } else {
      if let p = _pending {
        // A pass without rows: the rows still hold the last written size, so the next pass must
        // compare against that, not this pass's size.
        let (written, invalid) = (_writtenSize, _rowsInvalid)
        _ = prepare(toTick: p.tick, ticksPerSecond: ticksPerSecond)
        finish(moving: _step(0..<count, rows: nil))
        (_writtenSize, _rowsInvalid) = (written, invalid)
      }
      _pending = _Pending(tick: t, discard: false, from: self.geometry, to: geometry, driver: driver)
    }
    self.geometry = geometry
  }

  /// Phase 1 of advancing to `tick` (earlier ticks read as the last tick used): computes the
  /// pass's matrices or curve coefficients and steps the uniform size channels. Returns false
  /// when no per-card work is needed (nothing moving, or no time passing, and no pending
  /// retarget); the state and rows are then unchanged. A pending jump returns true (the rows
  /// must be rewritten). When it returns true, ``step(_:into:)`` must cover `0..<count` and
  /// ``finish(moving:)`` follow before anything else is called. Allocation-free; cost O(1) (plus up to 301 3×3 products for a fluid driver
  /// after a stall).
  func prepare(toTick tick: Int64, ticksPerSecond: Int64) -> Bool {
    let tps = Swift.max(1, ticksPerSecond)
    let t = Swift.max(tick, _lastTick)
    var plan = _plan
    if let p = _pending {
      plan.pending = true
      if p.discard {
        plan.first = .rest
      } else if _moving, let driver = _driver {
        plan.first = _stage(driver, toTick: p.tick, tps)
      } else {
        // At rest (or never moved): every card's state is zero, whatever its anchor holds.
        plan.first = .rest
      }
      // No time passed since the anchors (a retarget at the last retarget's tick): the pass
      // only applies the rest rule and shifts.
      let m = plan.first.m
      if plan.first.kind == .linear2 && m.0 == 1 && m.1 == 0 && m.3 == 0 && m.4 == 1 {
        plan.first.kind = .shift2
      } else if plan.first.kind == .linear3 && m.0 == 1 && m.1 == 0 && m.2 == 0 && m.3 == 0 && m.4 == 1
        && m.5 == 0
        && m.6 == 0 && m.7 == 0 && m.8 == 1
      {
        plan.first.kind = .shift3
      }
      plan.from = p.from
      plan.to = p.to
      _driver = p.driver
      _epoch = p.tick
      _fluidClock = 0
      _fluidPower = _GridMotion._identity
      _stateTick = p.tick
      if let driver = p.driver {
        plan.second = _stage(driver, toTick: t, tps)
      } else {
        plan.second = .identity
      }
      _pending = nil
    } else {
      guard _moving, t > _stateTick, let driver = _driver else {
        _stateTick = t
        return false
      }
      plan.pending = false
      plan.first = .identity
      plan.second = _stage(driver, toTick: t, tps)
      plan.from = _stateGeometry
      plan.to = _stateGeometry
    }
    // The size channels: one "card" with the width on the x axis and the height on the y axis,
    // through the same lane arithmetic as the cards.
    var s = _GridLaneState(
      dx: _GridVector(repeating: _size.0), vx: _GridVector(repeating: _size.1),
      ax: _GridVector(repeating: _size.2),
      dy: _GridVector(repeating: _size.3), vy: _GridVector(repeating: _size.4),
      ay: _GridVector(repeating: _size.5))
    let shiftW = plan.from.cellWidth - plan.to.cellWidth
    let shiftH = plan.from.cellHeight - plan.to.cellHeight
    let out = _GridMotion._lanes(
      &s, tx: _GridVector(repeating: plan.to.cellWidth), ty: _GridVector(repeating: plan.to.cellHeight),
      sx: _GridVector(repeating: shiftW), sy: _GridVector(repeating: shiftH),
      first: plan.pending ? plan.first.kind : nil, second: plan.second.kind, c: _GridLaneConstants(plan))
    _size = (s.dx[0], s.vx[0], s.ax[0], s.dy[0], s.vy[0], s.ay[0])
    _sizeVelocity = (out.vx[0], out.vy[0])
    _sizeMoving = out.moving[0]
    plan.width = out.x[0] > 0 ? out.x[0] : 0  // clamped at ≥ 0 (the lane function keeps it finite)
    plan.height = out.y[0] > 0 ? out.y[0] : 0
    _stateTick = t
    _stateGeometry = plan.to
    _plan = plan
    let size = (plan.width.bitPattern, plan.height.bitPattern)
    _writeWidth = _rowsInvalid || size.0 != _writtenSize.0
    _writeHeight = _rowsInvalid || size.1 != _writtenSize.1
    _writtenSize = size
    _rowsInvalid = false
    return true
  }

  /// Tells the next pass that the rows it writes to do not hold this grid's last values (the
  /// render list moved them), so it writes every column. ``write(_:into:)`` needs no call.
  func invalidateRows() { _rowsInvalid = true }

  /// Phase 2: steps cards `range` (clamped to `0..<count`) and writes their presented frames into
  /// `rows` (row r = card r). Disjoint ranges may run concurrently; results are bit-identical
  /// for any split. Returns the number of cards of the range still moving. Allocation-free.
  func step(_ range: Range<Int>, into rows: _GridRows) -> Int {
    _step(range, rows: rows)
  }

  /// Phase 3: `moving` is the sum of the phase-2 results over a cover of `0..<count`.
  func finish(moving: Int) {
    _moving = moving > 0 || _sizeMoving
  }

  /// Convenience for tests and small users: prepare, step `0..<count`, finish.
  func advance(toTick tick: Int64, ticksPerSecond: Int64, into rows: _GridRows) {
    guard prepare(toTick: tick, ticksPerSecond: ticksPerSecond) else { return }
    finish(moving: step(0..<count, into: rows))
  }

  /// Writes cards `range`' (clamped) presented frames without stepping: the same bits as the
  /// last step wrote. Incremental column walk, no division per card.
  func write(_ range: Range<Int>, into rows: _GridRows) {
    let lower = Swift.max(0, range.lowerBound)
    let upper = Swift.min(count, range.upperBound)
    guard lower < upper else { return }
    let g = _stateGeometry
    let w = _plan.width
    let h = _plan.height
    _writtenSize = (w.bitPattern, h.bitPattern)
    var col = lower % g.columns
    var row = lower / g.columns
    var cold = Double(col)
    var rowd = Double(row)
    for i in lower..<upper {
      let tx = g.originX + cold * g.stepX
      let ty = g.originY + rowd * g.stepY
      let p = _presented(i, tx: tx, ty: ty)
      rows.x[i] = p.x
      rows.y[i] = p.y
      rows.width[i] = w
      rows.height[i] = h
      col += 1
      if col == g.columns {
        col = 0
        row += 1
        rowd = Double(row)
      }
      cold = Double(col)
    }
  }

  /// The presented frame of card `i` as of the last pass (O(1)); out of range → nil.
  func frame(of i: Int) -> Rect? {
    guard i >= 0 && i < count else { return nil }
    let o = _stateGeometry.cardOrigin(i)
    let p = _presented(i, tx: o.x, ty: o.y)
    return Rect(x: p.x, y: p.y, width: _plan.width, height: _plan.height)
  }

  /// Card `i`'s presented position and velocity for targets `tx, ty`, as of the last pass: the
  /// same lane arithmetic as the kernels (so the same bits) on the card's anchor, or exactly
  /// the target with zero velocity when nothing moves (every state is then zero).
  @inline(__always)
  func _presented(_ i: Int, tx: Double, ty: Double) -> (x: Double, y: Double, vx: Double, vy: Double) {
    guard _moving else { return (tx, ty, 0, 0) }
    var s = _GridLaneState(
      dx: _GridVector(repeating: _dx[i]), vx: _GridVector(repeating: _vx[i]),
      ax: _GridVector(repeating: _ax![i]),
      dy: _GridVector(repeating: _dy[i]), vy: _GridVector(repeating: _vy[i]),
      ay: _GridVector(repeating: _ay![i]))
    let z = _GridVector()
    let out = _GridMotion._lanes(
      &s, tx: _GridVector(repeating: tx), ty: _GridVector(repeating: ty), sx: z, sy: z, first: nil,
      second: _plan.second.kind, c: _GridLaneConstants(_plan))
    return (out.x[0], out.y[0], out.vx[0], out.vy[0])
  }

  /// Card `i`'s current state as of the last pass, before the rest rule: the second stage
  /// applied to its anchor with the kernels' arithmetic (the force is 0 unless the driver is the
  /// SwiftUI integrator; curves give `c·y0, cv·y0`); all zero when nothing moves. Out of range
  /// → nil. For tests and diagnostics.
  func _state(of i: Int) -> _GridLaneState? {
    guard i >= 0 && i < count else { return nil }
    let z = _GridVector()
    guard _moving else { return _GridLaneState(dx: z, vx: z, ax: z, dy: z, vy: z, ay: z) }
    let (dx, vx, ax, dy, vy, ay) = (_dx[i], _vx[i], _ax![i], _dy[i], _vy[i], _ay![i])
    let st = _plan.second
    let m = st.m
    var r: (Double, Double, Double, Double, Double, Double)
    switch st.kind {
    case .linear2, .shift2, .rest:
      r = (m.0 * dx + m.1 * vx, m.3 * dx + m.4 * vx, 0, m.0 * dy + m.1 * vy, m.3 * dy + m.4 * vy, 0)
    case .linear3, .shift3:
      r = (
        m.0 * dx + m.1 * vx + m.2 * ax, m.3 * dx + m.4 * vx + m.5 * ax, m.6 * dx + m.7 * vx + m.8 * ax,
        m.0 * dy + m.1 * vy + m.2 * ay, m.3 * dy + m.4 * vy + m.5 * ay, m.6 * dy + m.7 * vy + m.8 * ay
      )
    case .curve:
      r = st.arrived ? (0, 0, 0, 0, 0, 0) : (m.0 * dx, m.3 * dx, 0, m.0 * dy, m.3 * dy, 0)
    }
    return _GridLaneState(
      dx: _GridVector(repeating: r.0), vx: _GridVector(repeating: r.1), ax: _GridVector(repeating: r.2),
      dy: _GridVector(repeating: r.3), vy: _GridVector(repeating: r.4), ay: _GridVector(repeating: r.5))
  }

  /// The velocity (x, y, width, height per second) of card `i` as of the last pass (O(1));
  /// out of range → nil. Zero for a card inside the rest box. During a curve:
  /// y0·(−velocity(p)/duration).
  func velocity(of i: Int) -> SIMD4<Double>? {
    guard i >= 0 && i < count else { return nil }
    let o = _stateGeometry.cardOrigin(i)
    let p = _presented(i, tx: o.x, ty: o.y)
    return _moving ? SIMD4(p.vx, p.vy, _sizeVelocity.0, _sizeVelocity.1) : .zero
  }

  /// The cumulative stage of `driver` from its start ``_epoch`` (the anchors' tick) to
  /// `toTick`: the exact spring's M(toTick − epoch) in closed form, the SwiftUI integrator's
  /// accumulated `Sⁿ·P` (advances its substep clock and ``_fluidPower``; call once per tick, in
  /// order), or the curve's coefficients at the elapsed fraction. A matrix with a non-finite
  /// entry reads as zero (the cards arrive), as in `BatchEngine`.
  func _stage(_ driver: _GridDriver, toTick: Int64, _ tps: Int64) -> _GridStage {
    var stage = _GridStage()
    switch driver {
    case .spring(let spring):
      let m = SpringTransitionMatrix(
        spring: spring, deltaTime: Double(_GridMotion._ticks(from: _epoch, to: toTick)) / Double(tps))
      stage.kind = .linear2
      stage.m = (m.m00, m.m01, 0, m.m10, m.m11, 0, 0, 0, 0)
    case .fluid(let model):
      let time = Double(_GridMotion._ticks(from: _epoch, to: toTick)) / Double(tps)
      let (n, clock) = FluidSpringModel.substeps(from: _fluidClock, to: time)
      _fluidClock = clock
      if n > 0 {
        _fluidPower = _GridMotion._product(model._substepMatrixPower(n), _fluidPower)
        let p = _fluidPower
        // An unstable model grows without bound (the per-property animation ends at once): the
        // cards arrive, as for a power that overflowed.
        if !model.isStable
          || !(p.0.isFinite && p.1.isFinite && p.2.isFinite && p.3.isFinite && p.4.isFinite && p.5.isFinite
            && p.6.isFinite && p.7.isFinite && p.8.isFinite)
        {
          _fluidPower = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        }
      }
      stage.kind = .linear3
      stage.m = _fluidPower
    case .curve(let curve, let durationTicks):
      stage.kind = .curve
      let elapsed = _GridMotion._ticks(from: _epoch, to: toTick)
      if durationTicks <= 0 || elapsed >= durationTicks {
        stage.m = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        stage.arrived = true
      } else {
        let p = Double(elapsed) / Double(durationTicks)
        let seconds = Double(durationTicks) / Double(tps)
        let c = 1 - curve.value(at: p)
        var cv = -curve.velocity(at: p) / seconds
        if !cv.isFinite { cv = 0 }
        stage.m = (c, 0, 0, cv, 0, 0, 0, 0, 0)
      }
    }
    let m = stage.m
    if !(m.0.isFinite && m.1.isFinite && m.2.isFinite && m.3.isFinite && m.4.isFinite && m.5.isFinite
      && m.6.isFinite && m.7.isFinite && m.8.isFinite)
    {
      stage.m = (0, 0, 0, 0, 0, 0, 0, 0, 0)
    }
    return stage
  }

  /// `to − from` in ticks, saturating at `Int64.max` (ticks far apart settle everything
  /// instead of trapping on overflow; `to ≥ from` here).
  static func _ticks(from: Int64, to: Int64) -> Int64 {
    let (d, overflow) = to.subtractingReportingOverflow(from)
    return overflow ? .max : d
  }

  /// The 3×3 identity, row-major.
  static let _identity: _GridMatrix3 = (1, 0, 0, 0, 1, 0, 0, 0, 1)

  /// The row-major product `a·b`, each entry summed left to right (no fused multiply-add).
  static func _product(_ a: _GridMatrix3, _ b: _GridMatrix3) -> _GridMatrix3 {
    (
      a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
      a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
      a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8
    )
  }

}
