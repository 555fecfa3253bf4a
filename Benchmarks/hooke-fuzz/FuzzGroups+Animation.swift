import Hooke
import HookeAnimation

// The HookeAnimation groups: animations with PropertyAnimator and PhaseAnimator, and keyframes.

/// Counts how often each completion fired (each must fire exactly once).
final class CompletionLedger {
  var fired: [Int: Int] = [:]
}

enum FuzzAnimation {
  /// A built-in animation with adversarial parameters, and its description for reports.
  static func animation(_ r: inout FuzzRandom, depth: Int = 0) -> Animation {
    let d = r.chance(0.7) ? r.uniform(0, 1.5) : r.anyDouble()
    let base: Animation
    switch r.int(14) {
    case 0: base = .linear(duration: d)
    case 1: base = .easeInOut(duration: d)
    case 2: base = r.pick([.easeIn(duration: d), .easeOut(duration: d), .linear, .easeInOut])
    case 3: base = .timingCurve(r.anyDouble(), r.anyDouble(), r.anyDouble(), r.anyDouble(), duration: d)
    case 4: base = .timingCurve(FuzzCore.unitCurve(&r), duration: d)
    case 5:
      base = .spring(
        response: r.chance(0.7) ? r.uniform(0.05, 1) : r.anyDouble(),
        dampingFraction: r.chance(0.6) ? r.uniform(0, 2) : r.anyDouble(),
        blendDuration: r.chance(0.7) ? 0 : r.anyDouble())
    case 6: base = .spring(duration: d, bounce: r.chance(0.7) ? r.uniform(-1, 1) : r.anyDouble())
    case 7:
      base = .interpolatingSpring(
        mass: r.chance(0.7) ? 1 : r.anyDouble(), stiffness: r.chance(0.7) ? r.uniform(1, 400) : r.anyDouble(),
        damping: r.chance(0.7) ? r.uniform(0, 40) : r.anyDouble(),
        initialVelocity: r.chance(0.7) ? 0 : r.anyDouble())
    case 8:
      base = .interpolatingSpring(duration: d, bounce: r.chance(0.7) ? r.uniform(-0.9, 0.9) : r.anyDouble())
    case 9:
      base = r.pick([.default, .smooth, .snappy, .bouncy, .spring, .interactiveSpring, .interpolatingSpring])
    case 10: base = .spring(Spring(duration: d, bounce: r.uniform(-0.5, 0.8))).exact
    default:
      guard depth < 2 else { return .linear(duration: d) }
      let inner = animation(&r, depth: depth + 1)
      switch r.int(5) {
      case 0: base = inner.delay(r.chance(0.7) ? r.uniform(-0.5, 0.5) : r.anyDouble())
      case 1: base = inner.speed(r.chance(0.7) ? r.uniform(0.1, 4) : r.anyDouble())
      case 2: base = inner.repeatCount(r.int(5) - 1, autoreverses: r.bool())
      case 3: base = inner.logicallyComplete(after: r.anyDouble())
      default: base = inner.repeatForever(autoreverses: r.bool())
      }
    }
    return base
  }

  /// One PropertyAnimator script of up to 12 calls, checking the documented promises after each.
  static func animator(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let ledger = CompletionLedger()
    var registered: [Int] = []
    let (initialValue, initialTime) = (r.bounded(), r.chance(0.9) ? 0 : r.anyDouble())
    var a = PropertyAnimator(initialValue, time: initialTime)
    c.called()
    var t = 0.0
    var log: [String] = ["init(\(initialValue), time: \(initialTime))"]
    for _ in 0..<(1 + r.int(12)) {
      // Mostly frames forward; sometimes NaN, ±∞, the far future, or the past.
      let time: Double
      switch r.int(12) {
      case 0: time = r.pick([.nan, .infinity, -.infinity, 1e300, .greatestFiniteMagnitude, 0x1p62, 0x1p52])
      case 1: time = t - r.uniform(0, 1)
      default:
        t += r.uniform(0, 0.3)
        time = t
      }
      let before = a.currentTime
      if r.chance(0.45) {
        let value = r.bounded()
        let animation: Animation? = r.chance(0.1) ? nil : animation(&r)
        let criteria: AnimationCompletionCriteria = r.bool() ? .logicallyComplete : .removed
        log.append("set(\(value), \(animation.map { "\($0)" } ?? "nil"), at: \(time), \(criteria))")
        registered.append(a.set(value, animation: animation, at: time, completionCriteria: criteria))
      } else if r.chance(0.2) {
        log.append("velocity(at: \(time))")
        if let v = a.velocity(at: time) { c.finite(v, what: "velocity; script \(log)") }
      } else {
        // NaN and past times act at the last time: compare with an explicit sample there.
        var twin = a
        let shown = a.sample(at: time)
        log.append("sample(at: \(time)) = \(shown)")
        if time.isNaN || time < before {
          let expected = twin.sample(at: before)
          c.called()
          c.expect(
            same(shown, expected),
            "NaN or past time acts at the last time: \(shown) vs \(expected); script \(log)")
        }
      }
      c.called()
      for id in a.firedCompletions { ledger.fired[id, default: 0] += 1 }
      c.finite(a.presentationValue, a.modelValue, what: "presentation, model; script \(log)")
      c.expect(
        a.currentTime.isFinite && a.currentTime < PropertyAnimator<Double>.endOfTime,
        "clock \(a.currentTime) finite")
      if time >= PropertyAnimator<Double>.endOfTime {
        c.expect(
          !a.isAnimating && a.presentationValue == a.modelValue,
          "the end of time finishes everything; script \(log)")
      }
    }
    // The end of time: nothing runs, the model shows, every completion fired exactly once.
    a.sample(at: .infinity)
    c.called()
    for id in a.firedCompletions { ledger.fired[id, default: 0] += 1 }
    c.expect(!a.isAnimating && a.presentationValue == a.modelValue, "+∞: idle on the model; script \(log)")
    for id in registered where ledger.fired[id] != 1 {
      c.expect(false, "completion \(id) fired \(ledger.fired[id] ?? 0) times; script \(log)")
    }
    // Still alive afterwards: a finite-time animation starts and ends (no freeze).
    // Far from 0 the clock resolves only ulp(t): step by at least two of them.
    let start = a.currentTime + Swift.max(1, 2 * a.currentTime.ulp)
    a.set(a.modelValue + 1, animation: .linear(duration: 0.5), at: start)
    a.sample(at: start + 0.5 + Swift.max(0.1, 4 * start.ulp))
    c.called(2)
    c.expect(
      !a.isAnimating && a.presentationValue == a.modelValue,
      "animates and ends after +∞ (set at \(start), clock \(a.currentTime)); script \(log)")
  }

  /// Direct evaluation of an animation: `animate` and `velocity` are finite or nil.
  static func evaluation(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let animation = animation(&r)
    let value = r.bounded()
    var context = AnimationContext<Double>()
    var time = r.chance(0.2) ? r.anyDouble() : 0
    for _ in 0..<(1 + r.int(6)) {
      let offset = animation.animate(value: value, time: time, context: &context)
      let velocity = animation.velocity(value: value, time: time, context: context)
      c.called(2)
      if let offset { c.finite(offset, what: "\(animation).animate(\(value), \(time))") }
      if let velocity { c.finite(velocity, what: "\(animation).velocity(\(value), \(time))") }
      time = r.chance(0.8) ? time + r.uniform(0, 0.5) : r.anyDouble()
    }
  }

  /// A repeating phase sequence driven through adversarial times.
  static func phases(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let values = (0..<(r.int(4))).map { _ in r.bounded() }
    let animations = values.map { _ in r.chance(0.2) ? nil : animation(&r) }
    var p = PhaseAnimator(
      phases: Array(values.indices), mode: r.bool() ? .repeating : .oncePerTrigger, time: 0,
      value: { values[$0] }, animation: { animations[$0] })
    c.called()
    var t = 0.0
    for _ in 0..<(1 + r.int(8)) {
      t += r.chance(0.9) ? r.uniform(0, 0.5) : r.anyDouble().magnitude
      if r.chance(0.2) { p.trigger(at: t) }
      let v = p.sample(at: r.chance(0.1) ? r.anyDouble() : t)
      c.called()
      c.finite(v, what: "PhaseAnimator(\(values), \(animations)) at \(t)")
    }
  }

  static func animations(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    switch r.int(4) {
    case 0, 1: animator(&r, &c)
    case 2: evaluation(&r, &c)
    default: phases(&r, &c)
    }
  }

  /// Values are bounded; velocities are bounded unless `wild` (then the motion may overflow).
  /// A duration above 1e100 (or below 1e-100) can make the exact value overflow even with
  /// bounded velocities, so it clears `bounded` (the finite promise is checked only for bounded
  /// tracks).
  static func keyframe(_ r: inout FuzzRandom, wild: Bool, bounded: inout Bool) -> any Keyframe<Double> {
    let to = r.bounded()
    let d = r.chance(0.7) ? r.uniform(0, 1) : r.anyDouble()
    // Derived velocities are change/duration: below 1e-100 s they may reach 1e300 and a later
    // spring's exact motion exceeds the Double range (documented chaining, not a leak).
    if d > 1e100 || (d > 0 && d < 1e-100) { bounded = false }
    switch r.int(4) {
    case 0: return LinearKeyframe(to, duration: d, timingCurve: FuzzCore.unitCurve(&r))
    case 1:
      return CubicKeyframe(
        to, duration: d, startVelocity: r.chance(0.5) ? nil : velocity(&r, wild),
        endVelocity: r.chance(0.5) ? nil : velocity(&r, wild))
    case 2:
      return SpringKeyframe(
        to, duration: r.chance(0.5) ? nil : d, spring: FuzzCore.spring(&r).0,
        startVelocity: r.chance(0.5) ? nil : velocity(&r, wild))
    default: return MoveKeyframe(to)
    }
  }

  struct Pair { var a = 0.0, b = 0.0 }

  static func velocity(_ r: inout FuzzRandom, _ wild: Bool) -> Double { wild ? r.anyDouble() : r.bounded() }

  static func describe(_ k: any Keyframe<Double>) -> String {
    switch k.kind {
    case .linear(let to, let d, let curve): return "linear(\(to), \(d), \(curve))"
    case .cubic(let to, let d, let v0, let v1):
      return "cubic(\(to), \(d), \(String(describing: v0)), \(String(describing: v1)))"
    case .spring(let to, let d, let s, let v0):
      return
        "spring(\(to), \(String(describing: d)), ω \(s.angularFrequency) λ \(s.decayConstant), \(String(describing: v0)))"
    case .move(let to): return "move(\(to))"
    }
  }

  static func keyframes(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let initial = Pair(a: r.bounded(), b: r.bounded())
    let wild = r.chance(0.2)
    var velocitiesBounded = !wild
    let first = KeyframeTrack(
      \Pair.a, keyframes: (0..<r.int(5)).map { _ in keyframe(&r, wild: wild, bounded: &velocitiesBounded) })
    let second = KeyframeTrack(
      \Pair.b, keyframes: (0..<r.int(5)).map { _ in keyframe(&r, wild: wild, bounded: &velocitiesBounded) })
    let timeline = KeyframeTimeline(initialValue: initial, first, second)
    c.called()
    let what = "timeline \(first.keyframes.map(describe)) | \(second.keyframes.map(describe))"
    c.expect(timeline.duration >= 0 && !timeline.duration.isNaN, "duration = \(timeline.duration): \(what)")
    let end = timeline.value(time: timeline.duration)
    c.called()
    for _ in 0..<4 {
      let time = r.time()
      let byProgress = r.chance(0.2)
      let v = byProgress ? timeline.value(progress: time) : timeline.value(time: time)
      c.called()
      if velocitiesBounded {
        c.finite(v.a, v.b, what: "value at \(byProgress ? "progress" : "time") \(time): \(what)")
      }
      if byProgress ? time >= 1 : time >= timeline.duration {
        c.expect(
          same(v.a, end.a) && same(v.b, end.b), "holds its end \(end) after \(time), got \(v): \(what)")
      }
      if time.isNaN {
        let start = timeline.value(time: 0)
        c.expect(same(v.a, start.a) && same(v.b, start.b), "NaN time reads as 0: \(what)")
      }
    }
  }
}
