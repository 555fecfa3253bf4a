import Hooke
import HookeAnimation

/// The fast path of the scene's animated frames: spring and timing-curve animations of frames
/// (an element's own frame, a matched group's shared frame) run as four scalar channels of a
/// ``BatchEngine`` (one channel per animated scalar), stepped once per frame for the whole scene.
///
/// Which animations: a bare ``FluidSpringAnimation`` (its model: ``SpringAnimationModel/swiftUI``
/// → the batch's SwiftUI integrator driver, ``SpringAnimationModel/exact`` → the exact spring
/// driver), a ``BezierAnimation`` or ``UnitCurveAnimation`` (timing-curve driver). Anything
/// else (modifiers, custom animations, interpolating springs) uses the general per-property
/// animators. Semantics of the batch engine (documented there): retargeting keeps position and
/// velocity (a spring merge); a timing curve restarts from the current value (SwiftUI would
/// combine); settling uses the pixel rest rule instead of SwiftUI's 1 % rule; the SwiftUI
/// integrator's substep clock is shared per driver group.
final class _FastPath {
  let engine = BatchEngine<Double>()
  var groups: [Animation: BatchGroup] = [:]

  /// The batch group for `animation`, or `nil` when it needs the general path.
  func group(for animation: Animation) -> BatchGroup? {
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

  /// Steps the engine to scene time `t` (seconds → nearest tick); never backwards.
  func sync(to t: Double) {
    let ticks = t * Double(engine.ticksPerSecond)
    guard ticks.isFinite else { return }
    let target = Int64(ticks.rounded())
    if target > engine.now { engine.step(ticks: target - engine.now) }
  }
}

/// Four batch channels holding one frame vector.
struct _BatchQuad {
  var h0, h1, h2, h3: BatchChannel

  func value(_ e: BatchEngine<Double>) -> _Quad {
    _Quad(e.value(of: h0) ?? 0, e.value(of: h1) ?? 0, e.value(of: h2) ?? 0, e.value(of: h3) ?? 0)
  }
  func velocity(_ e: BatchEngine<Double>) -> _Quad {
    _Quad(e.velocity(of: h0) ?? 0, e.velocity(of: h1) ?? 0, e.velocity(of: h2) ?? 0, e.velocity(of: h3) ?? 0)
  }
  func isAnimating(_ e: BatchEngine<Double>) -> Bool {
    !(e.isSettled(h0) ?? true) || !(e.isSettled(h1) ?? true) || !(e.isSettled(h2) ?? true) || !(e.isSettled(h3) ?? true)
  }
  func remove(_ e: BatchEngine<Double>) {
    try? e.removeChannel(h0); try? e.removeChannel(h1); try? e.removeChannel(h2); try? e.removeChannel(h3)
  }
}

/// A frame-valued channel: general (``_Channel``) or, on the fast path, four batch channels.
struct _FrameChannel {
  var _general: _Channel<_Quad>
  var _batch: _BatchQuad?
  var _fast: _FastPath?
  var _target: _Quad

  init(_ value: _Quad, time: Double) {
    _general = _Channel(value, time: time)
    _target = value
  }

  var value: _Quad {
    if let b = _batch, let f = _fast { return b.value(f.engine) }
    return _general.value
  }
  var target: _Quad { _batch != nil ? _target : _general.target }
  var isAnimating: Bool {
    if let b = _batch, let f = _fast { return b.isAnimating(f.engine) }
    return _general.isAnimating
  }
  var velocity: _Quad? {
    if let b = _batch, let f = _fast { return b.velocity(f.engine) }
    return _general.velocity
  }

  mutating func sample(at t: Double) {
    if _batch == nil { _general.sample(at: t) }
  }

  /// Retargets at `t` (the fast path must already be synced to `t`).
  mutating func retarget(_ newValue: _Quad, animation: Animation?, at t: Double, fast: _FastPath?) {
    if let fast, let animation, let group = fast.group(for: animation) {
      let e = fast.engine
      if let b = _batch {
        _ = try? e.retarget(b.h0, to: newValue.a, group: group)
        _ = try? e.retarget(b.h1, to: newValue.b, group: group)
        _ = try? e.retarget(b.h2, to: newValue.c, group: group)
        _ = try? e.retarget(b.h3, to: newValue.d, group: group)
      } else {
        _general.sample(at: t)
        let v = _general.value
        let vel = _general.velocity ?? .zero
        guard let h0 = try? e.addChannel(to: group, value: v.a, target: newValue.a, velocity: vel.a),
          let h1 = try? e.addChannel(to: group, value: v.b, target: newValue.b, velocity: vel.b),
          let h2 = try? e.addChannel(to: group, value: v.c, target: newValue.c, velocity: vel.c),
          let h3 = try? e.addChannel(to: group, value: v.d, target: newValue.d, velocity: vel.d)
        else {
          _general.retarget(newValue, animation: animation, at: t)
          return
        }
        _batch = _BatchQuad(h0: h0, h1: h1, h2: h2, h3: h3)
        _fast = fast
      }
      _target = newValue
      return
    }
    // General path: leave the batch (position kept; velocity is lost for non-merging animations).
    if let b = _batch, let f = _fast {
      let current = b.value(f.engine)
      b.remove(f.engine)
      _batch = nil
      _general = _Channel(current, time: t)
    }
    _general.retarget(newValue, animation: animation, at: t)
    _target = newValue
  }

  /// Frees the batch channels (the element or group is gone).
  mutating func release() {
    if let b = _batch, let f = _fast { b.remove(f.engine) }
    _batch = nil
  }
}
