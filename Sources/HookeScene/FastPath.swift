import Hooke
import HookeAnimation

/// The fast path of the scene's animated frames: spring and timing-curve animations of frames
/// (an element's own frame, a matched group's shared frame) run as four scalar channels of a
/// ``BatchEngine`` (one channel per animated scalar), stepped once per frame for the whole scene;
/// the scene then reads every channel's value in one bulk call into a flat array that the render
/// list is written from.
///
/// Which animations: a bare ``FluidSpringAnimation`` (its model: ``SpringAnimationModel/swiftUI``
/// → the batch's SwiftUI integrator driver, ``SpringAnimationModel/exact`` → the exact spring
/// driver), a ``BezierAnimation`` or ``UnitCurveAnimation`` (timing-curve driver). Anything
/// else (modifiers, custom animations, interpolating springs) uses the general per-property
/// animators. Semantics of the batch engine (documented there): retargeting keeps position and
/// velocity (a spring merge); a timing curve restarts from the current value (SwiftUI would
/// combine); settling uses a 1/64-point rest rule instead of SwiftUI's 1 % rule; the SwiftUI
/// integrator's substep clock is shared by all channels of one animation value.
final class _FastPath {
  let engine = BatchEngine<Double>()
  var groups: [Animation: BatchGroup] = [:]
  /// Channel handles, four per quad (slot `q` uses `4q ..< 4q + 4`), and their values as of
  /// the last ``refresh(to:)``.
  var handles: [BatchChannel] = []
  var values: [Double] = []
  var freeQuads: [Int] = []

  /// The batch group for `animation`, or `nil` when it needs the general path.
  func group(for animation: Animation) -> BatchGroup? {
    // A transaction asks for the same animation once per animated frame: compare with the last
    // one before hashing an existential.
    if let (a, g) = _last, a == animation { return g }
    let g = _group(for: animation)
    _last = (animation, g)
    return g
  }
  var _last: (Animation, BatchGroup?)?

  func _group(for animation: Animation) -> BatchGroup? {
    if let g = groups[animation] { return g }
    let driver: BatchDriver
    if let s = animation.as(FluidSpringAnimation.self) {
      switch s.model {
      case .swiftUI: driver = .fluidSpring(FluidSpringModel(response: s.response, dampingFraction: s.dampingFraction))
      case .exact: driver = .spring(Spring(response: s.response, dampingRatio: s.dampingFraction))
      }
    } else if let b = animation.as(BezierAnimation.self) {
      driver = .timingCurve(
        .bezier(startControlPoint: b.curve.startControlPoint, endControlPoint: b.curve.endControlPoint),
        duration: b.duration)
    } else if let u = animation.as(UnitCurveAnimation.self) {
      driver = .timingCurve(u.curve, duration: u.duration)
    } else {
      return nil
    }
    let g = engine.addGroup(driver, restRule: BatchRestRule(minimumVisibleChange: 1.0 / 64))
    groups[animation] = g
    return g
  }

  /// Steps the engine to scene time `t` (seconds → nearest tick; never backwards) and reads
  /// every channel's value. Allocation-free.
  func refresh(to t: Double) {
    let ticks = t * Double(engine.ticksPerSecond)
    if ticks.isFinite {
      let target = Int64(ticks.rounded())
      if target > engine.now { engine.step(ticks: target - engine.now) }
    }
    handles.withUnsafeBufferPointer { h in
      values.withUnsafeMutableBufferPointer { v in _ = engine.readValues(of: h, into: v) }
    }
  }

  /// Adds four channels at `value` towards `target` with `velocity` in `group`; the quad slot.
  func addQuad(_ group: BatchGroup, value: _Quad, target: _Quad, velocity: _Quad) -> Int? {
    let vs = [value.a, value.b, value.c, value.d]
    let ts = [target.a, target.b, target.c, target.d]
    let ws = [velocity.a, velocity.b, velocity.c, velocity.d]
    var hs = [BatchChannel](repeating: BatchChannel(index: 0, generation: 0), count: 4)
    let ok: Bool = vs.withUnsafeBufferPointer { v in
      ts.withUnsafeBufferPointer { t in
        ws.withUnsafeBufferPointer { w in
          hs.withUnsafeMutableBufferPointer { h in
            do throws(BatchError) {
              try engine.addChannels(to: group, values: v, targets: t, velocities: w, into: h)
              return true
            } catch {
              return false
            }
          }
        }
      }
    }
    guard ok else { return nil }
    let q: Int
    if let f = freeQuads.popLast() {
      q = f
    } else {
      q = handles.count / 4
      handles.append(contentsOf: hs)
      values.append(contentsOf: vs)
      return q
    }
    for k in 0..<4 {
      handles[4 * q + k] = hs[k]
      values[4 * q + k] = vs[k]
    }
    return q
  }

  func retarget(_ q: Int, to target: _Quad, group: BatchGroup) {
    let ts = [target.a, target.b, target.c, target.d]
    handles.withUnsafeBufferPointer { h in
      ts.withUnsafeBufferPointer { t in
        _ = engine.retarget(UnsafeBufferPointer(rebasing: h[(4 * q)..<(4 * q + 4)]), to: t, group: group)
      }
    }
  }

  func removeQuad(_ q: Int) {
    handles.withUnsafeBufferPointer { h in
      _ = engine.removeChannels(UnsafeBufferPointer(rebasing: h[(4 * q)..<(4 * q + 4)]))
    }
    freeQuads.append(q)
  }

  @inline(__always)
  func value(_ q: Int) -> _Quad { _Quad(values[4 * q], values[4 * q + 1], values[4 * q + 2], values[4 * q + 3]) }

  func velocity(_ q: Int) -> _Quad {
    _Quad(
      engine.velocity(of: handles[4 * q]) ?? 0, engine.velocity(of: handles[4 * q + 1]) ?? 0,
      engine.velocity(of: handles[4 * q + 2]) ?? 0, engine.velocity(of: handles[4 * q + 3]) ?? 0)
  }

  func isAnimating(_ q: Int) -> Bool {
    (0..<4).contains { !(engine.isSettled(handles[4 * q + $0]) ?? true) }
  }
}

/// A frame-valued channel: general (``_Channel``) or, on the fast path, a quad of batch channels
/// (`_quad`, a slot of the scene's ``_FastPath``).
struct _FrameChannel {
  var _general: _Channel<_Quad>
  var _quad: Int = -1
  var _target: _Quad

  init(_ value: _Quad, time: Double) {
    _general = _Channel(value, time: time)
    _target = value
  }

  var isBatched: Bool { _quad >= 0 }

  @inline(__always)
  func value(_ fast: _FastPath?) -> _Quad {
    if _quad >= 0, let f = fast { return f.value(_quad) }
    return _general.value
  }
  var target: _Quad { _quad >= 0 ? _target : _general.target }
  func isAnimating(_ fast: _FastPath?) -> Bool {
    if _quad >= 0, let f = fast { return f.isAnimating(_quad) }
    return _general.isAnimating
  }
  func velocity(_ fast: _FastPath?) -> _Quad? {
    if _quad >= 0, let f = fast { return f.velocity(_quad) }
    return _general.velocity
  }

  mutating func sample(at t: Double) {
    if _quad < 0 { _general.sample(at: t) }
  }

  /// Retargets at `t` (the fast path must already be refreshed at `t`).
  mutating func retarget(_ newValue: _Quad, animation: Animation?, at t: Double, fast: _FastPath?) {
    if let fast, let animation, let group = fast.group(for: animation) {
      if _quad >= 0 {
        fast.retarget(_quad, to: newValue, group: group)
      } else {
        _general.sample(at: t)
        let current = _general.value
        if let q = fast.addQuad(group, value: current, target: newValue, velocity: _general.velocity ?? .zero) {
          _quad = q
        } else {
          _general.retarget(newValue, animation: animation, at: t)
        }
      }
      _target = newValue
      return
    }
    // General path: leave the batch (position kept; a non-merging animation starts at rest).
    if _quad >= 0, let f = fast {
      let current = f.value(_quad)
      f.removeQuad(_quad)
      _quad = -1
      _general = _Channel(current, time: t)
    }
    _general.retarget(newValue, animation: animation, at: t)
    _target = newValue
  }

  /// Frees the batch channels (the element or group is gone).
  mutating func release(_ fast: _FastPath?) {
    if _quad >= 0, let f = fast { f.removeQuad(_quad) }
    _quad = -1
  }
}
