import Hooke

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The Hooke groups: springs, curves, geometry, math. Each case makes one or a few public calls
// and checks the documented promise of each, with the input classes of `FuzzRandom`.

enum FuzzCore {
  /// A spring from a random initialiser with arbitrary (adversarial) arguments.
  static func spring(_ r: inout FuzzRandom) -> (Spring, String) {
    switch r.int(8) {
    case 0:
      let (d, b) = (r.anyDouble(), r.anyDouble())
      return (Spring(duration: d, bounce: b), "Spring(duration: \(d), bounce: \(b))")
    case 1:
      let (d, z) = (r.anyDouble(), r.anyDouble())
      return (Spring(response: d, dampingRatio: z), "Spring(response: \(d), dampingRatio: \(z))")
    case 2, 3:
      let (m, k, c, o) = (r.anyDouble(), r.anyDouble(), r.anyDouble(), r.bool())
      return (
        Spring(mass: m, stiffness: k, damping: c, allowOverDamping: o),
        "Spring(mass: \(m), stiffness: \(k), damping: \(c), allowOverDamping: \(o))"
      )
    case 4:
      let (d, z, e) = (r.anyDouble(), r.anyDouble(), r.anyDouble())
      return (
        Spring(settlingDuration: d, dampingRatio: z, epsilon: e),
        "Spring(settlingDuration: \(d), dampingRatio: \(z), epsilon: \(e))"
      )
    case 5:
      let (d, b) = (r.uniform(0.05, 3), r.uniform(-0.99, 1.2))
      return (Spring(duration: d, bounce: b), "Spring(duration: \(d), bounce: \(b))")
    default:
      let (d, e) = (r.anyDouble(), r.anyDouble())
      let presets: [(Spring, String)] = [
        (.smooth(duration: d, extraBounce: e), "smooth(\(d), \(e))"),
        (.snappy(duration: d, extraBounce: e), "snappy(\(d), \(e))"),
        (.bouncy(duration: d, extraBounce: e), "bouncy(\(d), \(e))"),
        (.smooth, "smooth"), (.snappy, "snappy"), (.bouncy, "bouncy"),
      ]
      return r.pick(presets)
    }
  }

  static func springs(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let (s, name) = spring(&r)
    c.called()
    // The invariants every initialiser keeps (Spring's documentation).
    c.finite(s.angularFrequency, s.decayConstant, s.mass, s.stiffness, s.damping, what: "\(name) storage/k/c")
    c.expect(
      s.decayConstant >= 0 && s.mass > 0 && s.mass <= Spring.maximumMass, "\(name): λ ≥ 0, 0 < m ≤ max")
    let response = s.response
    c.expect(
      response >= Spring.minimumResponse * (1 - 1e-7) && response <= Spring.maximumResponse * (1 + 1e-7),
      "\(name): response \(response) in range")
    let zeta = s.dampingRatio
    // The derived response and ratio carry the rounding of (ω, λ): about ζ²·2⁻⁵² relative at
    // the largest ratio (the documentation of maximumDampingRatio), hence 1e-7.
    c.expect(zeta >= 0 && zeta <= Spring.maximumDampingRatio * (1 + 1e-7), "\(name): ratio \(zeta) in range")
    let target = r.bounded()
    let v0 = r.bounded()
    let time = r.time()
    switch r.int(6) {
    case 0:
      let x = s.value(target: target, initialVelocity: v0, time: time)
      let v = s.velocity(target: target, initialVelocity: v0, time: time)
      c.called(2)
      c.finite(x, v, what: "\(name).value/velocity(\(target), \(v0), \(time))")
      if !(time > 0) { c.expect(x == 0 && v == v0, "\(name) at time \(time): start") }
      if time == .infinity { c.expect(x == target && v == 0, "\(name) at +∞: target, zero velocity") }
    case 1:
      // update: any operands; dt ≤ 0 or NaN leaves both unchanged bit for bit.
      var x = r.chance(0.5) ? r.anyDouble() : r.bounded()
      var v = r.chance(0.5) ? r.anyDouble() : r.bounded()
      let goal = r.chance(0.5) ? r.anyDouble() : r.bounded()
      let (x0, v00) = (x, v)
      let dt = r.chance(0.3) ? r.pick([0, -0.0, -1, .nan, -.infinity, .infinity]) : r.time()
      s.update(value: &x, velocity: &v, target: goal, deltaTime: dt)
      c.called()
      let what = "\(name).update(value: \(x0), velocity: \(v00), target: \(goal), deltaTime: \(dt))"
      if !(dt > 0) { c.expect(same(x, x0) && same(v, v00), "\(what): unchanged") }
      if dt == .infinity { c.expect(same(x, goal) && v == 0, "\(what): target, zero velocity") }
      if isBounded(x0) && isBounded(v00) && isBounded(goal) { c.finite(x, v, what: what) }
      if x0.isFinite && v00.isFinite && goal.isFinite && dt > 0 && dt < .infinity {
        // Finite operands: NaN only if the exact result overflows twice over; never here.
        c.notNaN(x, what: "\(what) value")
      }
    case 2:
      let f = s.force(target: target, position: r.bounded(), velocity: v0)
      c.called()
      c.finite(f, what: "\(name).force")
    case 3:
      let eps = r.chance(0.5) ? r.anyDouble() : r.logUniform(-320, 0).magnitude
      let d = s.settlingDuration(target: target, initialVelocity: v0, epsilon: eps)
      c.called()
      let what = "\(name).settlingDuration(target: \(target), initialVelocity: \(v0), epsilon: \(eps)) = \(d)"
      let eps1 = eps.isNaN ? 0.001 : eps
      if eps1 <= 0 || s.decayConstant == 0 {
        c.expect(d == .infinity, "\(what): +∞ for ε ≤ 0 or undamped")
      } else if eps1 == .infinity {
        c.expect(d == 0, "\(what): 0 for ε = +∞")
      } else {
        c.finite(d, what: what)
        c.expect(d >= 0, "\(what): ≥ 0")
      }
    case 4:
      let m = s.transitionMatrix(deltaTime: time)
      c.called()
      c.finite(m.m00, m.m01, m.m10, m.m11, what: "\(name).transitionMatrix(\(time))")
      if !(time > 0) { c.expect(m == .identity, "\(name).transitionMatrix(\(time)): identity") }
      if time == .infinity { c.expect(m.entries == .zero, "\(name).transitionMatrix(+∞): zero") }
      // One step of any operands: the identity leaves them unchanged; bounded ones stay finite.
      var x = r.chance(0.5) ? r.anyDouble() : r.bounded()
      var v = r.bounded()
      let goal = r.chance(0.5) ? r.anyDouble() : r.bounded()
      let (x0, v00) = (x, v)
      m.step(value: &x, velocity: &v, target: goal)
      c.called()
      let what =
        "\(name).transitionMatrix(\(time)).step(value: \(x0), velocity: \(v00), target: \(goal)) = \(x), \(v)"
      // Finite operands (the gap may overflow): the identity gives back a finite pair.
      if m == .identity && x0.isFinite && goal.isFinite { c.finite(x, v, what: what) }
      if isBounded(x0) && isBounded(goal) { c.finite(x, v, what: what) }
    default:
      // SwiftUI's integrator: terminates, ≤ 301 substeps per call, agrees with substepCount.
      let model = FluidSpringModel(response: r.anyDouble(), dampingFraction: r.anyDouble())
      var state = FluidSpringState<Double>()
      state.clock = r.chance(0.8) ? r.uniform(0, 5) : r.anyDouble()
      let to = r.time()
      let expected = FluidSpringModel.substepCount(from: state.clock, to: to)
      let n = model.advance(&state, target: target, to: to)
      c.called(2)
      c.expect(
        n == expected && n <= 301, "FluidSpringModel advance from \(state.clock) to \(to): \(n) substeps")
      if model.isStable && n > 0 && isBounded(target) {
        c.finite(
          state.offset, state.velocity,
          what: "stable FluidSpringModel(\(model.response), \(model.dampingFraction))")
      }
    }
  }

  static func unitCurve(_ r: inout FuzzRandom) -> UnitCurve {
    switch r.int(9) {
    case 0: return .linear
    case 1: return .easeIn
    case 2: return .easeOut
    case 3: return .easeInOut
    case 4: return .circularEaseIn
    case 5: return .circularEaseOut
    case 6: return .circularEaseInOut
    default:
      let p1 = UnitPoint(
        x: r.chance(0.5) ? r.anyDouble() : r.unit(), y: r.chance(0.5) ? r.anyDouble() : r.bounded())
      let p2 = UnitPoint(
        x: r.chance(0.5) ? r.anyDouble() : r.unit(), y: r.chance(0.5) ? r.anyDouble() : r.bounded())
      return .bezier(startControlPoint: p1, endControlPoint: p2)
    }
  }

  static func curves(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let x = r.chance(0.5) ? r.uniform(-0.2, 1.2) : r.anyDouble()
    switch r.int(6) {
    case 0:
      let curve = r.chance(0.3) ? unitCurve(&r).inverse : unitCurve(&r)
      let v = curve.value(at: x)
      let s = curve.velocity(at: x)
      c.called(2)
      let what = "\(curve).value/velocity(at: \(x)) = \(v), \(s)"
      c.notNaN(v, what: what)
      c.notNaN(s, what: what)
      if curve == .linear {
        c.expect(same(v, x.isNaN ? 0 : x) && s == 1, "\(what): identity")
      } else {
        c.finite(v, what: what)
        c.expect(v >= -1e-12 && v <= 1 + 1e-12, "\(what): in [0, 1] (progress and control points clamped)")
      }
      if x.isNaN { c.expect(same(v, curve.value(at: 0)), "\(what): NaN reads as 0") }
    case 1:
      let (x1, y1, x2, y2) = (r.anyDouble(), r.anyDouble(), r.anyDouble(), r.anyDouble())
      let b = CubicBezier(x1, y1, x2, y2)
      let name = "CubicBezier(\(x1), \(y1), \(x2), \(y2))"
      let v = b.value(at: x)
      let s = b.velocity(at: x)
      let t = b.solveParameter(x: x)
      c.called(3)
      let what = "value/velocity/solveParameter(\(x)) = \(v), \(s), \(t) of \(name)"
      c.notNaN(v, what: what)
      c.notNaN(s, what: what)
      c.expect(t >= 0 && t <= 1, "\(what): parameter in [0, 1]")
      // Inside [0, 1] the value is finite (y limited to ±2³²); the slope is ±∞ only at or next
      // to a vertical tangent, where the exact slope exceeds the Double range (documented).
      if x >= 0 && x <= 1 { c.finite(v, what: what) }
      let gradient = x < 0 ? b.velocity(at: -1) : b.velocity(at: 2)  // the end gradients
      if !(x >= 0 && x <= 1) && isBounded(x) && gradient.magnitude <= 1e200 { c.finite(v, s, what: what) }
      if x.isNaN { c.expect(same(v, 0), "\(what): NaN reads as 0") }
    case 2:
      let e = Easing(r.pick(Easing.Family.allCases), r.pick(Easing.Mode.allCases))
      let v = e.value(at: x)
      let s = e.velocity(at: x)
      c.called(2)
      let what = "\(e).value/velocity(\(x)) = \(v), \(s)"
      c.finite(v, what: what)
      c.notNaN(s, what: what)
      if e.family != .circ { c.finite(s, what: what) }
      if x <= 0 || x.isNaN { c.expect(v == 0, "\(what): 0 at or before the start") }
      if x >= 1 { c.expect(v == 1, "\(what): 1 at or after the end") }
    case 3:
      let steps = StepsEasing(
        r.chance(0.8) ? r.int(12) - 1 : Int(truncatingIfNeeded: r.next()),
        r.pick(StepsEasing.Position.allCases))
      let v = steps.value(at: x, beforeFlag: r.bool())
      c.called()
      c.notNaN(v, what: "\(steps).value(at: \(x))")
      // x·n/jumps is representable for |x| ≤ 1e307 (jumps ≥ n/2); beyond, jump-none may exceed it.
      if x.magnitude <= 1e307 { c.finite(v, what: "\(steps).value(at: \(x))") }
    case 4:
      let n = r.int(6)
      let stops = (0..<n).map { _ in
        CSSLinearEasing.Stop(
          r.chance(0.7) ? r.bounded() : r.anyDouble(), at: r.chance(0.4) ? nil : r.anyDouble())
      }
      let easing = CSSLinearEasing(stops: stops)
      let v = easing.value(at: x)
      c.called(2)
      c.notNaN(v, what: "CSSLinearEasing(\(stops)).value(at: \(x))")
      // Outputs are clamped to ±10⁶; inside the input range the value is an interpolation.
      let inputs = easing.points.map(\.input)
      if let lo = inputs.min(), let hi = inputs.max(), x >= lo && x <= hi {
        c.finite(v, what: "CSSLinearEasing(\(stops)).value(at: \(x))")
      }
    default:
      let (s, name) = spring(&r)
      let progress = s.value(target: 1.0, time: x.isFinite ? x.magnitude : 0)
      c.called()
      c.finite(progress, what: "\(name) unit progress at \(x)")
      // The CSS export (up to a few hundred thousand evaluations inside): one case in 2,000.
      guard r.chance(0.0005) else { return }
      let tolerance = r.chance(0.5) ? 0.001 : r.anyDouble()
      let v0 = r.chance(0.5) ? 0 : r.anyDouble()
      let e = s.cssLinear(initialVelocity: v0, tolerance: tolerance)
      c.called()
      let what = "\(name).cssLinear(initialVelocity: \(v0), tolerance: \(tolerance))"
      c.expect(
        e.duration >= 0.01 && e.duration <= Spring.maximumCSSExportDuration, "\(what): duration \(e.duration)"
      )
      c.finite(e.export.maximumError, what: "\(what).maximumError")
      c.expect(e.export.easing.value(at: 1) == 1, "\(what): ends on 1")
      c.finite(e.export.easing.value(at: r.unit()), what: "\(what) easing value")
    }
  }

  static func rect(_ r: inout FuzzRandom, bounded: Bool) -> Rect {
    func v(_ r: inout FuzzRandom) -> Double {
      if bounded { return r.chance(0.2) ? r.pick([0, -0.0, 1, 5]) : r.uniform(-100, 100) }
      return r.anyDouble()
    }
    return Rect(x: v(&r), y: v(&r), width: v(&r), height: v(&r))
  }

  static func sameRect(_ a: Rect, _ b: Rect) -> Bool {
    same(a.origin.x, b.origin.x) && same(a.origin.y, b.origin.y) && same(a.width, b.width)
      && same(a.height, b.height)
  }

  static func geometry(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let bounded = r.chance(0.8)
    let a = rect(&r, bounded: bounded)
    let b = rect(&r, bounded: bounded)
    let anchor = UnitPoint(
      x: r.chance(0.7) ? r.unit() : r.anyDouble(), y: r.chance(0.7) ? r.unit() : r.anyDouble())
    switch r.int(6) {
    case 0:
      let hit = a.intersects(b)
      let overlap = a.intersection(b)
      c.called(2)
      let what = "\(a).intersects(\(b)) = \(hit)"
      c.expect(hit == b.intersects(a), "\(what): symmetric")
      c.expect((overlap != nil) == hit, "\(what): intersection exists iff intersects")
      if let o = overlap {
        c.expect(o.width > 0 && o.height > 0, "\(what): positive area \(o)")
        c.expect(
          o.minX >= Swift.max(a.minX, b.minX)
            && o.maxX <= Swift.min(a.maxX, b.maxX) + 2 * Swift.max(o.minX.magnitude, o.maxX.magnitude).ulp,
          "\(what): overlap inside both")
      }
      if a.isEmpty || b.isEmpty { c.expect(!hit, "\(what): an empty rectangle intersects nothing") }
    case 1:
      let p = Point(x: r.chance(0.5) ? r.uniform(-100, 100) : r.anyDouble(), y: r.uniform(-100, 100))
      let inside = a.contains(p)
      c.called()
      if inside { c.expect(p.x >= a.minX && p.x < a.maxX && !a.isEmpty, "\(a).contains(\(p)): within edges") }
      let s = a.standardized
      c.called()
      c.expect(!(s.width < 0) && !(s.height < 0), "\(a).standardized = \(s): non-negative extents")
    case 2:
      let dx = r.chance(0.7) ? r.uniform(-50, 50) : r.anyDouble()
      let i = a.insetBy(dx: dx, dy: r.uniform(-50, 50))
      c.called()
      c.expect(!(i.width < 0) && !(i.height < 0), "\(a).insetBy = \(i): non-negative extents")
      if bounded && dx.magnitude <= 1e100 {
        c.finite(i.origin.x, i.origin.y, i.width, i.height, what: "\(a).insetBy(\(dx))")
      }
      let u = a.union(b)
      c.called()
      if bounded {
        c.expect(
          u.minX <= a.minX && u.minX <= b.minX && u.minY <= Swift.min(a.minY, b.minY),
          "\(a) ∪ \(b) = \(u): contains both")
      }
    case 3:
      let shared = MatchedGeometryFrame(frame: b, anchor: anchor)
      let unknownOnly = MatchedGeometryProperties(
        rawValue: r.bool() ? 0 : UInt32(truncatingIfNeeded: r.next()) & ~3)
      let kept = shared.apply(to: a, anchor: anchor, properties: unknownOnly)
      c.called(2)
      c.expect(
        same(kept.origin.x, a.origin.x) && same(kept.origin.y, a.origin.y) && same(kept.width, a.width)
          && same(kept.height, a.height),
        "MatchedGeometryFrame(\(b), \(anchor)).apply(to: \(a), properties: \(unknownOnly.rawValue)) = \(kept): unchanged"
      )
      let taken = shared.apply(to: a, anchor: anchor, properties: .frame)
      c.called()
      c.expect(sameRect(taken, shared.rect(anchor: anchor)), "apply(.frame) == rect(anchor:)")
      if bounded && anchor.x.isFinite && anchor.x.magnitude <= 1e6 && anchor.y.magnitude <= 1e6 {
        c.finite(taken.origin.x, taken.origin.y, taken.width, taken.height, what: "apply(.frame)")
      }
    case 4:
      let amount = r.chance(0.2) ? .nan : r.uniform(-1, 2)
      let m = a.matchedInterpolation(to: b, amount: amount, anchor: anchor, properties: .frame)
      c.called()
      if amount.isNaN {
        c.expect(
          sameRect(m, a.matchedInterpolation(to: b, amount: 0, anchor: anchor, properties: .frame)),
          "NaN amount reads as 0: \(a) → \(b) at \(anchor)")
        c.called()
      }
      if bounded && anchor.x.magnitude <= 1e6 && anchor.y.magnitude <= 1e6 {
        c.finite(
          m.origin.x, m.origin.y, m.width, m.height,
          what: "\(a).matchedInterpolation(to: \(b), amount: \(amount))")
      }
    default:
      let p = AnimatablePair(r.bounded(), r.bounded())
      let q = AnimatablePair(r.bounded(), r.bounded())
      let z = p.interpolated(towards: q, amount: 0)
      c.called()
      c.expect(
        z == p || (p.first - q.first).isInfinite || (p.second - q.second).isInfinite,
        "\(p).interpolated(amount: 0) == self")
      var s = p
      s.scale(by: 1)
      c.called()
      c.expect(s == p, "scale(by: 1) is the identity")
    }
  }

  /// Hooke's functions against the platform libm (≤ 1 ulp each side, so ≤ 2 ulp apart), and
  /// their documented special values.
  static func math(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let x = r.chance(0.5) ? r.uniform(-20, 20) : r.anyDouble()
    let y = r.chance(0.5) ? r.uniform(-20, 20) : r.anyDouble()
    func close(_ a: Double, _ b: Double, _ name: String) {
      if a.isNaN || b.isNaN {
        c.expect(a.isNaN == b.isNaN, "\(name)(\(x)) = \(a), libm \(b): NaN agreement")
        return
      }
      if a == b { return }
      if a.isInfinite || b.isInfinite {
        // Overflow thresholds: ≤ 2 ulp below greatestFiniteMagnitude counts as agreement.
        let finite = a.isInfinite ? b : a
        c.expect(
          finite.magnitude >= Double.greatestFiniteMagnitude.nextDown.nextDown,
          "\(name)(\(x)) = \(a), libm \(b)")
        return
      }
      let ulp = Swift.max(Swift.min(a.ulp, b.ulp), Double.leastNonzeroMagnitude)
      c.expect((a - b).magnitude <= 2 * ulp, "\(name)(\(x)) = \(a), libm \(b): > 2 ulp")
    }
    switch r.int(9) {
    case 0: close(Deterministic.exp(x), Glibc.exp(x), "exp")
    case 1: close(Deterministic.exp2(x), Glibc.exp2(x), "exp2")
    case 2: close(Deterministic.expm1(x), Glibc.expm1(x), "expm1")
    case 3: close(Deterministic.log(x.magnitude), Glibc.log(x.magnitude), "log")
    case 4: close(Deterministic.log1p(x), Glibc.log1p(x), "log1p")
    case 5:
      // libm's sin/cos are ≤ 1 ulp on glibc; Hooke's are documented ≤ 1 ulp for all finite x.
      close(Deterministic.sin(x), Glibc.sin(x), "sin")
      let sc = Deterministic.sincos(x)
      c.called()
      c.expect(
        same(sc.sin, Deterministic.sin(x)) && same(sc.cos, Deterministic.cos(x)), "sincos(\(x)) == (sin, cos)"
      )
    case 6: close(Deterministic.cos(x), Glibc.cos(x), "cos")
    case 7: close(Deterministic.atan(x), Glibc.atan(x), "atan")
    default: close(Deterministic.atan2(y: y, x: x), Glibc.atan2(y, x), "atan2(y: \(y), x:)")
    }
    c.called()
  }
}
