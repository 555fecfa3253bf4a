extension _DeterminismDigest {
  /// A bit-exact digest of the batch engine, `Float` and `Double`.
  ///
  /// For each scalar: an engine with three spring groups (under-damped, critical, over-damped,
  /// rest rules `.pixel`, `.alpha`, `.never`), one timing-curve group (`.easeInOut`, 0.3 s) and
  /// one SwiftUI-model group (response 0.5, damping fraction 0.7),
  /// 600 channels with seeded values, targets and velocities; 240 frames with seeded variable
  /// intervals (120 Hz, 60 Hz, 90 Hz and dropped frames, to exercise the matrix cache), every
  /// 17th frame retargeting a seeded eighth of the channels (some to another group). Each frame
  /// folds the active count; the end folds every channel's value, velocity and displacement
  /// bits. Allocates the engine on the heap (the wasm32 program links a bump allocator).
  package static func batch() -> UInt64 { _batch(seed: 0x5EED_BA7C_4000_0001) }

  /// ``batch()`` over the inputs drawn from `seed`.
  package static func _batch(seed: UInt64) -> UInt64 {
    var hash = _FNV1a()
    hash.combine(_batchRun(Float.self, seed: seed))
    hash.combine(_batchRun(Double.self, seed: seed))
    return hash.value
  }

  static func _batchRun<S: BatchScalar>(_: S.Type, seed: UInt64) -> UInt64 {
    var hash = _FNV1a()
    var random = _SplitMix64(seed: seed)
    let engine = BatchEngine<S>()
    let groups = [
      engine.addGroup(.spring(Spring(response: 0.4, dampingRatio: 0.6)), restRule: .pixel),
      engine.addGroup(.spring(Spring(response: 0.3, dampingRatio: 1)), restRule: .alpha),
      engine.addGroup(.spring(Spring(response: 0.8, dampingRatio: 2.5)), restRule: .never),
      engine.addGroup(.timingCurve(.easeInOut, duration: 0.3), restRule: .pixel),
      engine.addGroup(.fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.7)), restRule: .pixel),
    ]
    var handles: [BatchChannel] = []
    for k in 0..<600 {
      let value = S(random.next(in: -500, 500))
      let target = S(random.next(in: -500, 500))
      let velocity = S(random.next(in: -2000, 2000))
      if let h = try? engine.addChannel(to: groups[k % 5], value: value, target: target, velocity: velocity) {
        handles.append(h)
      }
    }
    let intervals: [Int64] = [30_240, 60_480, 40_320, 90_720, 30_240]  // 120, 60, 90, 40 Hz
    for frame in 0..<240 {
      engine.step(ticks: intervals[Int(random.next() % 5)])
      hash.combine(UInt64(engine.activeCount))
      if frame % 17 == 0 {
        for h in handles where random.next() % 8 == 0 {
          let target = S(random.next(in: -500, 500))
          let move = random.next() % 4 == 0 ? groups[Int(random.next() % 5)] : nil
          try? engine.retarget(h, to: target, group: move)
        }
      }
    }
    for h in handles {
      hash.combine(UInt64(engine.value(of: h)!.bitPatternWidened))
      hash.combine(UInt64(engine.velocity(of: h)!.bitPatternWidened))
      hash.combine(UInt64(engine.displacement(of: h)!.bitPatternWidened))
    }
    return hash.value
  }
}

extension BinaryFloatingPoint {
  /// The bit pattern, zero-extended to 64 bits (Float and Double only).
  var bitPatternWidened: UInt64 {
    if let f = self as? Float { return UInt64(f.bitPattern) }
    if let d = self as? Double { return d.bitPattern }
    return 0
  }
}
