// The per-card step of `_GridMotion`: SIMD across cards, one sweep over the anchor columns and
// the rows per pass (a pending retarget is fused into it). A steady pass only reads the anchors;
// a retarget pass rewrites them.
//
// Determinism: every lane performs the same IEEE multiplies and adds in the same order (Swift does
// not contract to fused multiply-add), and a partial chunk at the end of a range goes through the
// same vector code with the unused lanes ignored, so a card's bits do not depend on where a range
// starts or how a pass is split across threads.
//
// Two lanes: on the x86-64 baseline (SSE2, 16 vector registers) wider SIMD types spill and
// repack their comparison masks; SIMD2<Double> maps one to one onto the hardware and measured
// fastest (SIMD4 and SIMD8 were 10–30 % slower per card).

/// The vector of cards processed at once.
typealias _GridVector = SIMD2<Double>
/// Comparison results of ``_GridVector``.
typealias _GridMask = SIMDMask<SIMD2<Int64>>
/// Lane counters.
typealias _GridCounter = SIMD2<Int64>
/// Lanes per ``_GridVector``.
let _gridLanes = 2

/// The state of one vector of cards (or of the size channels: width on x, height on y).
struct _GridLaneState {
  var dx: _GridVector, vx: _GridVector, ax: _GridVector
  var dy: _GridVector, vy: _GridVector, ay: _GridVector
}

extension _GridMotion {
  /// `x − x == 0`: false for ±∞ and NaN.
  @_transparent
  static func _finite(_ x: _GridVector) -> _GridMask { (x - x) .== 0 }

  /// One vector of cards through a pass. `s` holds the lanes' anchors (the state just after the
  /// last retarget). With a first stage (a fused retarget): the old driver's cumulative map to
  /// the retarget tick, the rest rule there (not after a curve), the shift `sx, sy`; the result
  /// is the new anchor, returned in `s`. Then the second stage (the current driver's cumulative
  /// map from the anchor to the pass's tick) gives the current state, which is only presented,
  /// never stored: a lane inside the rest box presents exactly its target and does not count as
  /// moving. A lane whose current state or presented position is not finite presents its target
  /// and its anchor becomes zero (`bad`; the kernel stores such anchors even in a steady pass).
  /// `first` and `second` are constants in each kernel specialisation, so the branches fold away.
  @_transparent
  static func _lanes(
    _ s: inout _GridLaneState, tx: _GridVector, ty: _GridVector, sx: _GridVector, sy: _GridVector,
    first: _GridStageKind?, second: _GridStageKind, c plan: _GridLaneConstants
  ) -> (x: _GridVector, y: _GridVector, vx: _GridVector, vy: _GridVector, moving: _GridMask, bad: _GridMask) {
    let restD2 = plan.restD2
    let restV2 = plan.restV2
    var dx = s.dx
    var vx = s.vx
    var ax = s.ax
    var dy = s.dy
    var vy = s.vy
    var ay = s.ay
    if let k = first {
      let m = plan.first
      switch k {
      case .linear2:
        let dx1 = m.0 * dx + m.1 * vx
        let vx1 = m.3 * dx + m.4 * vx
        let dy1 = m.0 * dy + m.1 * vy
        let vy1 = m.3 * dy + m.4 * vy
        (dx, vx, dy, vy) = (dx1, vx1, dy1, vy1)
        ax = _GridVector()
        ay = _GridVector()
      case .linear3:
        let dx1 = m.0 * dx + m.1 * vx + m.2 * ax
        let vx1 = m.3 * dx + m.4 * vx + m.5 * ax
        let ax1 = m.6 * dx + m.7 * vx + m.8 * ax
        let dy1 = m.0 * dy + m.1 * vy + m.2 * ay
        let vy1 = m.3 * dy + m.4 * vy + m.5 * ay
        let ay1 = m.6 * dy + m.7 * vy + m.8 * ay
        (dx, vx, ax, dy, vy, ay) = (dx1, vx1, ax1, dy1, vy1, ay1)
      case .curve:
        vx = m.3 * dx
        dx = m.0 * dx
        vy = m.3 * dy
        dy = m.0 * dy
        ax = _GridVector()
        ay = _GridVector()
      case .shift2:
        ax = _GridVector()
        ay = _GridVector()
      case .shift3:
        break
      case .rest:
        let z = _GridVector()
        (dx, vx, ax, dy, vy, ay) = (z, z, z, z, z, z)
      }
      if k != .curve && k != .rest {
        // The rest rule at the retarget tick: the card was presented at its target there.
        let rest =
          (dx * dx .<= restD2) .& (vx * vx .<= restV2) .& (dy * dy .<= restD2) .& (vy * vy .<= restV2)
        dx = dx.replacing(with: 0, where: rest)
        vx = vx.replacing(with: 0, where: rest)
        ax = ax.replacing(with: 0, where: rest)
        dy = dy.replacing(with: 0, where: rest)
        vy = vy.replacing(with: 0, where: rest)
        ay = ay.replacing(with: 0, where: rest)
      }
      dx = dx + sx
      dy = dy + sy
    }
    // The anchor (new, or as loaded).
    let anchor = _GridLaneState(dx: dx, vx: vx, ax: ax, dy: dy, vy: vy, ay: ay)
    let m = plan.second
    switch second {
    case .linear2, .linear3, .shift2, .shift3, .rest:  // (shift and rest kinds are never second stages)
      if second == .linear2 {
        let dx1 = m.0 * dx + m.1 * vx
        let vx1 = m.3 * dx + m.4 * vx
        let dy1 = m.0 * dy + m.1 * vy
        let vy1 = m.3 * dy + m.4 * vy
        (dx, vx, dy, vy) = (dx1, vx1, dy1, vy1)
      } else if second == .linear3 {
        let dx1 = m.0 * dx + m.1 * vx + m.2 * ax
        let vx1 = m.3 * dx + m.4 * vx + m.5 * ax
        let ax1 = m.6 * dx + m.7 * vx + m.8 * ax
        let dy1 = m.0 * dy + m.1 * vy + m.2 * ay
        let vy1 = m.3 * dy + m.4 * vy + m.5 * ay
        let ay1 = m.6 * dy + m.7 * vy + m.8 * ay
        (dx, vx, ax, dy, vy, ay) = (dx1, vx1, ax1, dy1, vy1, ay1)
      }
      let rest = (dx * dx .<= restD2) .& (vx * vx .<= restV2) .& (dy * dy .<= restD2) .& (vy * vy .<= restV2)
      let x = tx + dx
      let y = ty + dy
      // One test for every component: x − x is 0 exactly when x is finite (tx is finite, so a
      // non-finite displacement or an overflowing position shows in x).
      // (Summed as a tree: a chain of six dependent adds was the steady pass's critical path.)
      var check = ((x - x) + (y - y)) + ((vx - vx) + (vy - vy))
      if second == .linear3 { check = check + ((ax - ax) + (ay - ay)) }
      let bad = .!(check .== 0)
      let zero = rest .| bad
      s = _GridMotion._zeroed(anchor, where: bad)
      return (
        x.replacing(with: tx, where: zero), y.replacing(with: ty, where: zero),
        vx.replacing(with: 0, where: zero), vy.replacing(with: 0, where: zero), .!zero, bad
      )
    case .curve:
      // The anchor's dx, dy are the start displacement y0.
      if plan.arrived {
        let z = _GridVector()
        s = _GridLaneState(dx: z, vx: z, ax: z, dy: z, vy: z, ay: z)
        let none = _GridMask(repeating: false)
        return (tx, ty, z, z, none, none)
      }
      let c = m.0
      let x = tx + c * dx
      let y = ty + c * dy
      let bad = .!(((x - x) + (y - y)) .== 0)
      let zero = ((dx .== 0) .& (dy .== 0)) .| bad
      s = _GridMotion._zeroed(anchor, where: bad)
      let cv = m.3
      return (
        x.replacing(with: tx, where: zero), y.replacing(with: ty, where: zero),
        (cv * dx).replacing(with: 0, where: zero), (cv * dy).replacing(with: 0, where: zero), .!zero, bad
      )
    }
  }

  /// `s` with the lanes `mask` set to zero state.
  @_transparent
  static func _zeroed(_ s: _GridLaneState, where mask: _GridMask) -> _GridLaneState {
    _GridLaneState(
      dx: s.dx.replacing(with: 0, where: mask), vx: s.vx.replacing(with: 0, where: mask),
      ax: s.ax.replacing(with: 0, where: mask), dy: s.dy.replacing(with: 0, where: mask),
      vy: s.vy.replacing(with: 0, where: mask), ay: s.ay.replacing(with: 0, where: mask))
  }

  /// Phase 2 with optional rows (`nil`: the internal pass that applies a pending retarget).
  /// Each (first, second) pairing runs its own specialisation of ``_kernel(_:_:_:_:_:)``.
  func _step(_ range: Range<Int>, rows: _GridRows?) -> Int {
    let lower = Swift.max(0, range.lowerBound)
    let upper = Swift.min(count, range.upperBound)
    guard lower < upper else { return 0 }
    let plan = _plan
    guard plan.pending else { return _step(_GridNone.self, plan, lower, upper, rows) }
    switch plan.first.kind {
    case .linear2: return _step(_GridLinear2.self, plan, lower, upper, rows)
    case .linear3: return _step(_GridLinear3.self, plan, lower, upper, rows)
    case .curve: return _step(_GridCurve.self, plan, lower, upper, rows)
    case .shift2: return _step(_GridShift2.self, plan, lower, upper, rows)
    case .shift3: return _step(_GridShift3.self, plan, lower, upper, rows)
    case .rest: return _step(_GridRest.self, plan, lower, upper, rows)
    }
  }

  /// The kernel specialisation for first stage `First` and the plan's second stage.
  @inline(__always)
  func _step<First: _GridStageType>(
    _: First.Type, _ plan: _GridPlan, _ lower: Int, _ upper: Int, _ rows: _GridRows?
  ) -> Int {
    switch plan.second.kind {
    case .linear2: return _kernel(_GridPass<First, _GridLinear2>.self, plan, lower, upper, rows)
    case .linear3: return _kernel(_GridPass<First, _GridLinear3>.self, plan, lower, upper, rows)
    case .curve: return _kernel(_GridPass<First, _GridCurve>.self, plan, lower, upper, rows)
    case .shift2, .shift3, .rest: return 0  // never a second stage
    }
  }

  /// One vector of cards: targets from the lanes' columns `tcol` and rows' `ty`, the shift
  /// from the source layout's columns `scol` (its rows' y minus `ty` is `sy`), then ``_lanes(_:tx:ty:sx:sy:first:second:c:)``. `origin + col * step` with
  /// exact integer columns reproduces ``_GridGeometry/cardOrigin(_:)`` bit for bit.
  @_transparent
  static func _chunk<P: _GridPassKinds>(
    _: P.Type, _ s: inout _GridLaneState, tcol: _GridVector, ty: _GridVector, scol: _GridVector,
    sy: _GridVector,
    _ k: _GridKernelConstants, _ plan: _GridLaneConstants
  ) -> (x: _GridVector, y: _GridVector, vx: _GridVector, vy: _GridVector, moving: _GridMask, bad: _GridMask) {
    let tx = k.ox + tcol * k.stx
    var sx = _GridVector()
    if P.first != nil { sx = (k.fox + scol * k.fsx) - tx }
    return _lanes(&s, tx: tx, ty: ty, sx: sx, sy: sy, first: P.first, second: P.second, c: plan)
  }

  /// The sweep over cards `lower..<upper`, a vector of cards at a time: each lane carries its
  /// card's column and row in the target layout (and in the source layout when a retarget is
  /// fused in) as exact small integers in Double, advanced by the lane count and wrapped at the
  /// column count — no division per card and no short row segments (a 4-column grid would
  /// otherwise run two vectors per segment plus a tail). Then load,
  /// ``_chunk(_:_:tcol:ty:scol:sy:_:_:)``, store, rows; the last partial vector of the range runs
  /// the same vector code on lanes loaded one by one. `origin + col·step` with exact integer
  /// columns and rows reproduces ``_GridGeometry/cardOrigin(_:)`` bit for bit. Anchors are
  /// stored only by a retarget pass (a steady pass stores only a non-finite card's zero anchor);
  /// the force columns are read only when a stage reads the SwiftUI integrator's force and
  /// written only by a retarget pass whose new driver is that integrator. `width`/`height` rows are written only when
  /// `writeSize` (the presented size changed, or the rows moved).
  @inline(never)
  func _kernel<P: _GridPassKinds>(
    _ pass: P.Type, _ plan: _GridPlan, _ lower: Int, _ upper: Int, _ rows: _GridRows?
  ) -> Int {
    let first = P.first
    let second = P.second
    let dxp = _dx
    let vxp = _vx
    let dyp = _dy
    let vyp = _vy
    let readsForce = first == .linear3 || first == .shift3 || (first == nil && second == .linear3)
    // From rest the anchors are not read (every state is zero).
    let readsState = first != .rest
    // Anchors are stored only by a retarget pass (and, lane-wise, for a card gone non-finite);
    // the force anchor only matters to the SwiftUI integrator.
    let writesState = first != nil
    let writesForce = second == .linear3
    // The force columns exist whenever a stage reads or writes them (allocated at the fluid retarget).
    let axp = (readsForce || writesForce) ? _ax! : dxp
    let ayp = (readsForce || writesForce) ? _ay! : dyp
    let k = _GridKernelConstants(plan)
    // Broadcast once: read through `plan` (passed indirectly), the coefficients were reloaded
    // and re-broadcast for every vector, as the stores might alias them.
    let c = _GridLaneConstants(plan)
    let writeWidth = _writeWidth
    let writeHeight = _writeHeight
    let width = _GridVector(repeating: plan.width)
    let height = _GridVector(repeating: plan.height)
    let one = _GridCounter(repeating: 1)
    let zero = _GridVector()
    let step = _GridVector(repeating: Double(_gridLanes))
    var moving = _GridCounter()
    var tail = 0

    let targetColumns = _GridVector(repeating: Double(plan.to.columns))
    let sourceColumns = _GridVector(repeating: Double(plan.from.columns))
    let toY = _GridVector(repeating: plan.to.originY)
    let toStepY = _GridVector(repeating: plan.to.stepY)
    let fromY = _GridVector(repeating: plan.from.originY)
    let fromStepY = _GridVector(repeating: plan.from.stepY)
    var tcol = zero
    var trow = zero
    var scol = zero
    var srow = zero
    for l in 0..<_gridLanes {
      let card = lower &+ l
      tcol[l] = Double(card % plan.to.columns)
      trow[l] = Double(card / plan.to.columns)
      if first != nil {
        scol[l] = Double(card % plan.from.columns)
        srow[l] = Double(card / plan.from.columns)
      }
    }
    @inline(__always)
    func wrap(_ col: inout _GridVector, _ row: inout _GridVector, _ columns: _GridVector) {
      var over = col .>= columns
      while any(over) {
        col = col.replacing(with: col - columns, where: over)
        row = row.replacing(with: row + 1, where: over)
        // Parenthesised: swift-format folds the SIMD comparison as an assignment operand.
        over = (col .>= columns)
      }
    }
    var i = lower
    while i < upper {
      let n = Swift.min(_gridLanes, upper &- i)
      let ty = toY + trow * toStepY
      var sy = zero
      if first != nil { sy = (fromY + srow * fromStepY) - ty }
      if n == _gridLanes {
        // Safety: `_step` clamps `lower..<upper` to `0..<count` and here `i + _gridLanes ≤ upper`,
        // so cards `i..<i + _gridLanes` lie inside every state column (`max(1, count)` doubles
        // each, the force columns included, all allocated in `init`) and inside `rows` (row r =
        // card r, one per card). The loads and stores are unaligned: the columns are only
        // `Double`-aligned.
        var s = _GridLaneState(dx: zero, vx: zero, ax: zero, dy: zero, vy: zero, ay: zero)
        if readsState {
          s = _GridLaneState(
            dx: UnsafeRawPointer(dxp + i).loadUnaligned(as: _GridVector.self),
            vx: UnsafeRawPointer(vxp + i).loadUnaligned(as: _GridVector.self),
            ax: readsForce ? UnsafeRawPointer(axp + i).loadUnaligned(as: _GridVector.self) : zero,
            dy: UnsafeRawPointer(dyp + i).loadUnaligned(as: _GridVector.self),
            vy: UnsafeRawPointer(vyp + i).loadUnaligned(as: _GridVector.self),
            ay: readsForce ? UnsafeRawPointer(ayp + i).loadUnaligned(as: _GridVector.self) : zero)
        }
        let out = _GridMotion._chunk(P.self, &s, tcol: tcol, ty: ty, scol: scol, sy: sy, k, c)
        if writesState || any(out.bad) {
          UnsafeMutableRawPointer(dxp + i).storeBytes(of: s.dx, as: _GridVector.self)
          UnsafeMutableRawPointer(vxp + i).storeBytes(of: s.vx, as: _GridVector.self)
          UnsafeMutableRawPointer(dyp + i).storeBytes(of: s.dy, as: _GridVector.self)
          UnsafeMutableRawPointer(vyp + i).storeBytes(of: s.vy, as: _GridVector.self)
          if writesForce {
            UnsafeMutableRawPointer(axp + i).storeBytes(of: s.ax, as: _GridVector.self)
            UnsafeMutableRawPointer(ayp + i).storeBytes(of: s.ay, as: _GridVector.self)
          }
        }
        if let rows {
          UnsafeMutableRawPointer(rows.x + i).storeBytes(of: out.x, as: _GridVector.self)
          UnsafeMutableRawPointer(rows.y + i).storeBytes(of: out.y, as: _GridVector.self)
          if writeWidth {
            UnsafeMutableRawPointer(rows.width + i).storeBytes(of: width, as: _GridVector.self)
          }
          if writeHeight {
            UnsafeMutableRawPointer(rows.height + i).storeBytes(of: height, as: _GridVector.self)
          }
        }
        moving = moving.replacing(with: moving &+ one, where: out.moving)
      } else {
        var s = _GridLaneState(dx: zero, vx: zero, ax: zero, dy: zero, vy: zero, ay: zero)
        for l in 0..<n where readsState {
          s.dx[l] = dxp[i &+ l]
          s.vx[l] = vxp[i &+ l]
          s.dy[l] = dyp[i &+ l]
          s.vy[l] = vyp[i &+ l]
          if readsForce {
            s.ax[l] = axp[i &+ l]
            s.ay[l] = ayp[i &+ l]
          }
        }
        let out = _GridMotion._chunk(P.self, &s, tcol: tcol, ty: ty, scol: scol, sy: sy, k, c)
        for l in 0..<n {
          if writesState || out.bad[l] {
            dxp[i &+ l] = s.dx[l]
            vxp[i &+ l] = s.vx[l]
            dyp[i &+ l] = s.dy[l]
            vyp[i &+ l] = s.vy[l]
            if writesForce {
              axp[i &+ l] = s.ax[l]
              ayp[i &+ l] = s.ay[l]
            }
          }
          if let rows {
            rows.x[i &+ l] = out.x[l]
            rows.y[i &+ l] = out.y[l]
            if writeWidth { rows.width[i &+ l] = plan.width }
            if writeHeight { rows.height[i &+ l] = plan.height }
          }
          if out.moving[l] { tail &+= 1 }
        }
      }
      i &+= n
      tcol += step
      wrap(&tcol, &trow, targetColumns)
      if first != nil {
        scol += step
        wrap(&scol, &srow, sourceColumns)
      }
    }
    return Int(moving.wrappedSum()) &+ tail
  }
}

/// A 3×3 matrix's entries broadcast to vectors, row-major.
typealias _GridVectorMatrix3 = (
  _GridVector, _GridVector, _GridVector, _GridVector, _GridVector, _GridVector, _GridVector, _GridVector,
  _GridVector
)

/// A pass's coefficients as vectors, for ``_GridMotion/_lanes(_:tx:ty:sx:sy:first:second:c:)``.
struct _GridLaneConstants {
  /// The first and second stages' matrices (see ``_GridStage/m``).
  let first: _GridVectorMatrix3, second: _GridVectorMatrix3
  /// Squared rest thresholds (displacement, speed).
  let restD2: _GridVector, restV2: _GridVector
  /// The second stage is an arrived curve.
  let arrived: Bool

  @inline(__always)
  init(_ plan: _GridPlan) {
    @inline(__always) func v(_ m: _GridMatrix3) -> _GridVectorMatrix3 {
      (
        _GridVector(repeating: m.0), _GridVector(repeating: m.1), _GridVector(repeating: m.2),
        _GridVector(repeating: m.3), _GridVector(repeating: m.4), _GridVector(repeating: m.5),
        _GridVector(repeating: m.6), _GridVector(repeating: m.7), _GridVector(repeating: m.8)
      )
    }
    first = v(plan.first.m)
    second = v(plan.second.m)
    restD2 = _GridVector(repeating: plan.rest2.0)
    restV2 = _GridVector(repeating: plan.rest2.1)
    arrived = plan.second.arrived
  }
}

/// The layouts' origins and pitches as vectors, for ``_GridMotion/_chunk(_:_:tcol:ty:scol:sy:_:_:)``.
struct _GridKernelConstants {
  /// Target and source layouts' x origins and column pitches (y targets are per row segment).
  let ox: _GridVector, stx: _GridVector, fox: _GridVector, fsx: _GridVector

  @inline(__always)
  init(_ plan: _GridPlan) {
    ox = _GridVector(repeating: plan.to.originX)
    stx = _GridVector(repeating: plan.to.stepX)
    fox = _GridVector(repeating: plan.from.originX)
    fsx = _GridVector(repeating: plan.from.stepX)
  }
}

// Stage kinds as types, so that each pairing gets its own specialised kernel with the kind
// branches folded away (enum arguments alone do not reliably specialise a large inlined body).

/// A stage kind as a type.
protocol _GridStageType { static var kind: _GridStageKind? { get } }
/// No first stage (no pending retarget).
enum _GridNone: _GridStageType { static var kind: _GridStageKind? { nil } }
/// ``_GridStageKind/linear2``.
enum _GridLinear2: _GridStageType { static var kind: _GridStageKind? { .linear2 } }
/// ``_GridStageKind/linear3``.
enum _GridLinear3: _GridStageType { static var kind: _GridStageKind? { .linear3 } }
/// ``_GridStageKind/shift2``.
enum _GridShift2: _GridStageType { static var kind: _GridStageKind? { .shift2 } }
/// ``_GridStageKind/shift3``.
enum _GridShift3: _GridStageType { static var kind: _GridStageKind? { .shift3 } }
/// ``_GridStageKind/rest``.
enum _GridRest: _GridStageType { static var kind: _GridStageKind? { .rest } }
/// ``_GridStageKind/curve``.
enum _GridCurve: _GridStageType { static var kind: _GridStageKind? { .curve } }

/// The (first, second) stage kinds of a kernel specialisation.
protocol _GridPassKinds {
  static var first: _GridStageKind? { get }
  static var second: _GridStageKind { get }
}
/// A pairing of stage kinds.
enum _GridPass<First: _GridStageType, Second: _GridStageType>: _GridPassKinds {
  @inline(__always) static var first: _GridStageKind? { First.kind }
  @inline(__always) static var second: _GridStageKind { Second.kind ?? .linear2 }
}
