extension Spring {
  /// The spring's position at `time`, starting from 0 with `initialVelocity` and moving towards
  /// `target` (the change to animate).
  ///
  /// Exact closed form, component-wise: with the displacement `y = value − target`
  /// (`y(0) = −target`) and the ``SpringTransitionMatrix`` M(t),
  /// `value = target·(1 − m00) + initialVelocity·m01`, i.e.
  /// `target + e^(−λt)·[y0·C(t) + (v0 + λ·y0)·S(t)]` with C, S as documented on the matrix. The
  /// scalar coefficients are computed in `Double` and combined with `scaled(by:)` and `+`.
  ///
  /// Edge cases: `time` NaN or ≤ 0 → the start (0); `time` = +∞ → `target` (damped springs settle
  /// there; an undamped spring is reported at the centre of its oscillation).
  /// Cost: see ``SpringTransitionMatrix`` (one or two transcendental calls) plus two scalings.
  @inlinable
  public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
    // Under-damped in a function of its own (its common path, the π/2 reduction included, needs
    // every register and no stack frame); the other regimes call their matrix.
    if angularFrequency > 0 {
      return _valueUnderDamped(target: target, initialVelocity: initialVelocity, time: time)
    }
    return _value(
      SpringTransitionMatrix(spring: self, deltaTime: time), target: target, initialVelocity: initialVelocity)
  }

  /// ``value(target:initialVelocity:time:)`` from the matrix over `time`.
  @inlinable @inline(__always)
  func _value<V: VectorArithmetic>(_ m: SpringTransitionMatrix, target: V, initialVelocity: V) -> V {
    target.scaled(by: 1 - m.m00) + initialVelocity.scaled(by: m.m01)
  }

  /// ``value(target:initialVelocity:time:)`` for ω > 0: the common path inline, the rest as a
  /// tail call.
  @inlinable @inline(never)
  func _valueUnderDamped<V: VectorArithmetic>(target: V, initialVelocity: V, time t: Double) -> V {
    guard t > 0,  // also NaN
      let m = SpringTransitionMatrix._underDampedCommon(
        omega: angularFrequency, lambda: decayConstant, deltaTime: t, reducing: true)
    else { return _valueOutOfLine(target: target, initialVelocity: initialVelocity, time: t) }
    return _value(m, target: target, initialVelocity: initialVelocity)
  }

  /// ``value(target:initialVelocity:time:)`` out of line.
  @inlinable @inline(never)
  func _valueOutOfLine<V: VectorArithmetic>(target: V, initialVelocity: V, time: Double) -> V {
    _value(
      SpringTransitionMatrix(spring: self, deltaTime: time), target: target, initialVelocity: initialVelocity)
  }

  /// The spring's velocity at `time` (units of the value per second): the exact derivative of
  /// ``value(target:initialVelocity:time:)``, `target·ω0²·S_e(t) + initialVelocity·m11`
  /// (`−m10 = ω0²·e^(−λt)·S(t)`).
  ///
  /// In every regime, including over-damped, the velocity at time 0 is `initialVelocity`
  /// (OpenSwiftUI's over-damped branch adds a spurious `+ target`).
  /// Edge cases: `time` NaN or ≤ 0 → `initialVelocity`; +∞ → zero.
  @inlinable
  public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
    // Organised as ``value(target:initialVelocity:time:)``.
    if angularFrequency > 0 {
      return _velocityUnderDamped(target: target, initialVelocity: initialVelocity, time: time)
    }
    return _velocity(
      SpringTransitionMatrix(spring: self, deltaTime: time), target: target, initialVelocity: initialVelocity)
  }

  /// ``velocity(target:initialVelocity:time:)`` from the matrix over `time`.
  @inlinable @inline(__always)
  func _velocity<V: VectorArithmetic>(_ m: SpringTransitionMatrix, target: V, initialVelocity: V) -> V {
    target.scaled(by: -m.m10) + initialVelocity.scaled(by: m.m11)
  }

  /// ``velocity(target:initialVelocity:time:)`` for ω > 0: the common path inline, the rest as a
  /// tail call.
  @inlinable @inline(never)
  func _velocityUnderDamped<V: VectorArithmetic>(target: V, initialVelocity: V, time t: Double) -> V {
    guard t > 0,  // also NaN
      let m = SpringTransitionMatrix._underDampedCommon(
        omega: angularFrequency, lambda: decayConstant, deltaTime: t, reducing: true)
    else { return _velocityOutOfLine(target: target, initialVelocity: initialVelocity, time: t) }
    return _velocity(m, target: target, initialVelocity: initialVelocity)
  }

  /// ``velocity(target:initialVelocity:time:)`` out of line.
  @inlinable @inline(never)
  func _velocityOutOfLine<V: VectorArithmetic>(target: V, initialVelocity: V, time: Double) -> V {
    _velocity(
      SpringTransitionMatrix(spring: self, deltaTime: time), target: target, initialVelocity: initialVelocity)
  }

  /// The force the spring applies at a state: `k·(target − position) − c·velocity` with the
  /// physically correct stiffness `k = m·ω0²` and damping `c = 2λm`.
  ///
  /// As in SwiftUI the result includes the mass (it is a force, although Apple's documentation
  /// describes it in units of the vector type per second squared); for mass 1 it equals the
  /// acceleration. OpenSwiftUI uses `m(ω² + λ²)`, which differs for over-damped springs.
  ///
  /// Every initialiser keeps k and c finite (the mass is at most ``maximumMass``), so finite
  /// inputs give a finite force unless the exact force exceeds the `Double` range.
  @inlinable
  public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
    (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
  }

  /// Advances a value and velocity by `deltaTime` seconds towards `target` (SwiftUI semantics).
  ///
  /// With `Δ = target − value` and the old velocity v:
  /// `velocity ← velocity(target: Δ, initialVelocity: v, time: deltaTime)` and
  /// `value += value(target: Δ, initialVelocity: v, time: deltaTime)`; both use one
  /// ``SpringTransitionMatrix``. Exact, so frame-rate independent.
  /// Edge cases: `deltaTime` NaN or ≤ 0 leaves both unchanged (whatever the values); +∞ sets
  /// the value to `target` and the velocity to zero exactly. When `target − value` overflows
  /// (finite operands of opposite signs near ±`greatestFiniteMagnitude`) the step is evaluated
  /// as `value·m00 + target·(1 − m00) + v·m01` and `(target − value)·(−m10)` split into
  /// `target·(−m10) + value·m10`, so the result is finite whenever the exact one is
  /// representable instead of NaN.
  @inlinable
  public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
    // One function per regime, each with a frame-sized step inline and every other interval
    // (and the edge cases) out of line as a tail call, so that its common path needs no stack
    // frame. ω is never NaN.
    let omega = angularFrequency
    if omega > 0 {
      _updateUnderDamped(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
    } else if omega < 0 {
      _updateOverDamped(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
    } else {
      _updateCriticallyDamped(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
    }
  }

  /// ``update(value:velocity:target:deltaTime:)`` for ω > 0.
  @inlinable @inline(never)
  func _updateUnderDamped<V: VectorArithmetic>(
    value: inout V, velocity: inout V, target: V, deltaTime t: Double
  ) {
    guard t > 0,  // also NaN
      let m = SpringTransitionMatrix._underDampedCommon(
        omega: angularFrequency, lambda: decayConstant, deltaTime: t, reducing: false)
    else { return _updateOutOfLine(value: &value, velocity: &velocity, target: target, deltaTime: t) }
    m._advance(value: &value, velocity: &velocity, target: target)
  }

  /// ``update(value:velocity:target:deltaTime:)`` for ω = 0.
  @inlinable @inline(never)
  func _updateCriticallyDamped<V: VectorArithmetic>(
    value: inout V, velocity: inout V, target: V, deltaTime t: Double
  ) {
    guard t > 0,  // also NaN
      let m = SpringTransitionMatrix._criticallyDampedCommon(lambda: decayConstant, deltaTime: t)
    else { return _updateOutOfLine(value: &value, velocity: &velocity, target: target, deltaTime: t) }
    m._advance(value: &value, velocity: &velocity, target: target)
  }

  /// ``update(value:velocity:target:deltaTime:)`` for ω < 0.
  @inlinable @inline(never)
  func _updateOverDamped<V: VectorArithmetic>(
    value: inout V, velocity: inout V, target: V, deltaTime t: Double
  ) {
    guard t > 0,  // also NaN
      let m = SpringTransitionMatrix._overDampedCommon(
        mu: -angularFrequency, lambda: decayConstant, deltaTime: t)
    else { return _updateOutOfLine(value: &value, velocity: &velocity, target: target, deltaTime: t) }
    m._advance(value: &value, velocity: &velocity, target: target)
  }

  /// ``update(value:velocity:target:deltaTime:)`` for the steps the regimes' common paths leave out.
  @inlinable @inline(never)
  func _updateOutOfLine<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: Double)
  {
    guard deltaTime > 0 else { return }  // also NaN: time does not run backwards
    guard deltaTime < .infinity else {
      value = target
      velocity = .zero
      return
    }
    SpringTransitionMatrix(spring: self, deltaTime: deltaTime)._advance(
      value: &value, velocity: &velocity, target: target)
  }
}

extension SpringTransitionMatrix {
  /// The step of ``Spring/update(value:velocity:target:deltaTime:)`` with this matrix: with
  /// `Δ = target − value`, `velocity ← Δ·(−m10) + velocity·m11` and
  /// `value += Δ·(1 − m00) + velocity·m01`, or the gap-free form when Δ overflows.
  @inlinable @inline(__always)
  func _advance<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V) {
    let delta = target - value
    let oldVelocity = velocity
    // The finite gap is tested first (a hint keeps the optimiser from testing the operands first).
    if _slowPath(delta - delta != .zero) && target - target == .zero && value - value == .zero {
      // Finite operands whose difference overflows: the same step without forming the gap.
      velocity = target.scaled(by: -m10) + value.scaled(by: m10) + oldVelocity.scaled(by: m11)
      value = value.scaled(by: m00) + target.scaled(by: 1 - m00) + oldVelocity.scaled(by: m01)
      return
    }
    velocity = delta.scaled(by: -m10) + oldVelocity.scaled(by: m11)
    value += delta.scaled(by: 1 - m00) + oldVelocity.scaled(by: m01)
  }
}

extension Spring {
  /// The position at `time` of a spring animating an ``Animatable`` value from `fromValue` to
  /// `toValue`.
  ///
  /// Assumption (Apple does not document the mechanics): the motion acts on `animatableData`,
  /// so the result is `fromValue` with
  /// `animatableData = from + value(target: to − from, initialVelocity: initialVelocity, time:)`
  /// where all three operands are `animatableData`. Properties of `fromValue` that are not part of
  /// its `animatableData` are kept. Edge cases as ``value(target:initialVelocity:time:)``.
  @inlinable
  public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: Double) -> V {
    let from = fromValue.animatableData
    var result = fromValue
    result.animatableData =
      from
      + value(
        target: toValue.animatableData - from, initialVelocity: initialVelocity.animatableData,
        time: time)
    return result
  }

  /// The velocity at `time` of a spring animating from `fromValue` to `toValue`: a copy of
  /// `fromValue` whose `animatableData` is
  /// `velocity(target: to − from, initialVelocity: initialVelocity, time:)` (on `animatableData`;
  /// same assumption as ``value(fromValue:toValue:initialVelocity:time:)``).
  @inlinable
  public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: Double) -> V {
    var result = fromValue
    result.animatableData = velocity(
      target: toValue.animatableData - fromValue.animatableData,
      initialVelocity: initialVelocity.animatableData, time: time)
    return result
  }

  /// The settling duration of a spring animating from `fromValue` to `toValue`:
  /// ``settlingDuration(target:initialVelocity:epsilon:)`` on `toValue − fromValue` (on
  /// `animatableData`).
  @inlinable
  public func settlingDuration<V: Animatable>(
    fromValue: V, toValue: V, initialVelocity: V, epsilon: Double = 0.001
  ) -> Double {
    settlingDuration(
      target: toValue.animatableData - fromValue.animatableData,
      initialVelocity: initialVelocity.animatableData, epsilon: epsilon)
  }
}
