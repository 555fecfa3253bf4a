extension _DeterminismDigest {
  /// A bit-exact digest of Hooke's spring math.
  ///
  /// Evaluates 48 springs drawn from a fixed ``_SplitMix64`` seed and cycling through every regime
  /// (undamped, under-damped, within 10⁻⁶ of critical on both sides, critical, over-damped,
  /// strongly over-damped), each at 16 seeded times in 0…10 s with seeded targets and initial
  /// velocities: `value`, `velocity`, the transition matrix entries, 120 frames of exact stepping
  /// at 120 Hz, the settling duration and the derived properties. Every result's bit pattern is
  /// folded into ``_FNV1a``. Allocation-free. Cost: roughly 10⁴ closed-form evaluations.
  package static func springs() -> UInt64 { _springs(seed: 0x5EED_5B21_06A7_0001) }

  /// ``springs()`` over the input set drawn from `seed` (tests check that another seed gives
  /// another digest).
  package static func _springs(seed: UInt64) -> UInt64 {
    var hash = _FNV1a()
    var random = _SplitMix64(seed: seed)
    for index in 0..<48 {
      let response = random.next(in: 0.05, 2.0)
      let zeta: Double
      switch index % 8 {
      case 0: zeta = 0
      case 1: zeta = random.next(in: 0.05, 0.95)
      case 2: zeta = 1 - 1e-6
      case 3: zeta = 1
      case 4: zeta = 1 + 1e-6
      case 5: zeta = random.next(in: 1.05, 3)
      case 6: zeta = random.next(in: 3, 50)
      default: zeta = random.next(in: 0.6, 1.2)
      }
      let spring = Spring(response: response, dampingRatio: zeta)
      hash.combine(spring.angularFrequency)
      hash.combine(spring.decayConstant)
      hash.combine(spring.response)
      hash.combine(spring.dampingRatio)
      hash.combine(spring.bounce)
      hash.combine(spring.stiffness)
      hash.combine(spring.damping)
      let target = random.next(in: -300, 300)
      let initialVelocity = random.next(in: -50, 50)
      for _ in 0..<16 {
        let time = random.next(in: 0, 10)
        hash.combine(spring.value(target: target, initialVelocity: initialVelocity, time: time))
        hash.combine(spring.velocity(target: target, initialVelocity: initialVelocity, time: time))
        let matrix = spring.transitionMatrix(deltaTime: time)
        hash.combine(matrix.m00)
        hash.combine(matrix.m01)
        hash.combine(matrix.m10)
        hash.combine(matrix.m11)
        let single = matrix.apply(displacement: Float(-target), velocity: Float(initialVelocity))
        hash.combine(single.displacement)
        hash.combine(single.velocity)
      }
      let frame = spring.transitionMatrix(deltaTime: 1.0 / 120)
      var displacement = -target
      var velocity = initialVelocity
      for _ in 0..<120 {
        (displacement, velocity) = frame.apply(displacement: displacement, velocity: velocity)
        hash.combine(displacement)
        hash.combine(velocity)
      }
      var value = 0.0
      var updatedVelocity = initialVelocity
      spring.update(value: &value, velocity: &updatedVelocity, target: target, deltaTime: 0.25)
      hash.combine(value)
      hash.combine(updatedVelocity)
      hash.combine(spring.settlingDuration(target: target, initialVelocity: initialVelocity))
    }
    let fromSettling = Spring(settlingDuration: 0.8, dampingRatio: 0.7)
    hash.combine(fromSettling.angularFrequency)
    hash.combine(fromSettling.decayConstant)
    let criticalFromSettling = Spring(settlingDuration: 0.8, dampingRatio: 1)
    hash.combine(criticalFromSettling.decayConstant)
    return hash.value
  }
}
