/// A scalar type the batch engine stores channels in: `Float` or `Double`.
///
/// Matrices are computed once per (driver, frame interval) in `Double` and rounded to the scalar
/// once; the per-channel arithmetic then runs entirely in the scalar, eight channels per SIMD
/// vector. Underscored requirements are the engine's kernels, written out for each conforming
/// type with concrete SIMD8 vectors so the per-frame loops compile to straight vector code.
public protocol BatchScalar: DeterministicFloatingPoint {
  /// Steps `count` spring channels in place: `(y, v) ← M·(y, v)`, then snaps channels inside the
  /// rest box to `(0, 0)`. Returns the number of channels snapped in this call. The box test is
  /// `!(y² > ry² || v² > rv²)`, so a channel whose state became NaN (an unstable model that
  /// overflowed) snaps to its target too instead of staying active forever.
  static func _stepLinear2(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>, count: Int,
    _ m: (Self, Self, Self, Self), rest: (Self, Self)
  ) -> Int

  /// Steps `count` SwiftUI-model channels in place: `(y, v, a) ← M·(y, v, a)` with the 3×3
  /// matrix `m` in row-major order, then snaps channels inside the rest box to `(0, 0, 0)` (NaN
  /// states included, as ``_stepLinear2(_:_:count:_:rest:)``).
  static func _stepLinear3(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>,
    _ a: UnsafeMutablePointer<Self>, count: Int,
    _ m: (Self, Self, Self, Self, Self, Self, Self, Self, Self), rest: (Self, Self)
  ) -> Int
}

extension Float: BatchScalar {
  /// See ``BatchScalar/_stepLinear2(_:_:count:_:rest:)``.
  public static func _stepLinear2(
    _ y: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, count: Int,
    _ m: (Float, Float, Float, Float), rest: (Float, Float)
  ) -> Int { _kernel2(y, v, count: count, m, rest: rest) }

  /// See ``BatchScalar/_stepLinear3(_:_:_:count:_:rest:)``.
  public static func _stepLinear3(
    _ y: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>,
    _ a: UnsafeMutablePointer<Float>, count: Int,
    _ m: (Float, Float, Float, Float, Float, Float, Float, Float, Float), rest: (Float, Float)
  ) -> Int { _kernel3(y, v, a, count: count, m, rest: rest) }
}

extension Double: BatchScalar {
  /// See ``BatchScalar/_stepLinear2(_:_:count:_:rest:)``.
  public static func _stepLinear2(
    _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, count: Int,
    _ m: (Double, Double, Double, Double), rest: (Double, Double)
  ) -> Int { _kernel2(y, v, count: count, m, rest: rest) }

  /// See ``BatchScalar/_stepLinear3(_:_:_:count:_:rest:)``.
  public static func _stepLinear3(
    _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>,
    _ a: UnsafeMutablePointer<Double>, count: Int,
    _ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double),
    rest: (Double, Double)
  ) -> Int { _kernel3(y, v, a, count: count, m, rest: rest) }
}

// The kernels, written out for each scalar type (generated from one template).

extension Float {
  /// The kernels for ``BatchRestRule/disabled``: the same arithmetic, no rest test, no snapping.
  @inline(__always)
  static func _kernel2WithoutRest(
    _ y: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, count: Int,
    _ m: (Float, Float, Float, Float)
  ) -> Int {
    let m00 = m.0
    let m01 = m.1
    let m10 = m.2
    let m11 = m.3
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Float>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(y + i).storeBytes(of: m00 * y0 + m01 * v0, as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: m10 * y0 + m11 * v0, as: SIMD8<Float>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      y[i] = m00 * y0 + m01 * v0
      v[i] = m10 * y0 + m11 * v0
      i &+= 1
    }
    return 0
  }

  /// See ``_kernel2WithoutRest(_:_:count:_:)``; the 3×3 (SwiftUI model) form.
  @inline(__always)
  static func _kernel3WithoutRest(
    _ y: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, _ a: UnsafeMutablePointer<Float>,
    count: Int, _ m: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
  ) -> Int {
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Float>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Float>.self)
      let a0 = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(y + i).storeBytes(of: m.0 * y0 + m.1 * v0 + m.2 * a0, as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: m.3 * y0 + m.4 * v0 + m.5 * a0, as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(a + i).storeBytes(of: m.6 * y0 + m.7 * v0 + m.8 * a0, as: SIMD8<Float>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      let a0 = a[i]
      y[i] = m.0 * y0 + m.1 * v0 + m.2 * a0
      v[i] = m.3 * y0 + m.4 * v0 + m.5 * a0
      a[i] = m.6 * y0 + m.7 * v0 + m.8 * a0
      i &+= 1
    }
    return 0
  }
}

extension Float {
  // Concrete SIMD8<Float> code: the stdlib's concrete vector operations compile to straight vector
  // instructions, whereas the same code written generically goes through lane-by-lane fallbacks.
  // Each lane does exactly the scalar tail's IEEE multiplies and adds in the same order (Swift
  // does not contract to fused multiply-add), so results do not depend on where a range starts
  // or how it is split: chunking and threading cannot change a bit.
  @inline(__always)
  static func _kernel2(
    _ y: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, count: Int,
    _ m: (Float, Float, Float, Float), rest: (Float, Float)
  ) -> Int {
    if rest.0 < 0 { return _kernel2WithoutRest(y, v, count: count, m) }  // BatchRestRule.disabled
    let m00 = m.0
    let m01 = m.1
    let m10 = m.2
    let m11 = m.3
    let restY2 = rest.0 * rest.0
    let restV2 = rest.1 * rest.1
    var snapped = 0
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Float>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Float>.self)
      var y1 = m00 * y0 + m01 * v0
      var v1 = m10 * y0 + m11 * v0
      // Lanes at rest snap to 0 in this vector: the same test as the scalar tail's, so which
      // channels snap does not depend on where a range starts or how it is split.
      let atRest = .!((y1 * y1 .> restY2) .| (v1 * v1 .> restV2))
      if any(atRest) {
        y1.replace(with: 0, where: atRest)
        v1.replace(with: 0, where: atRest)
        snapped &+= Int(SIMD8<Int32>(repeating: 0).replacing(with: 1, where: atRest).wrappedSum())
      }
      UnsafeMutableRawPointer(y + i).storeBytes(of: y1, as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: v1, as: SIMD8<Float>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      var y1 = m00 * y0 + m01 * v0
      var v1 = m10 * y0 + m11 * v0
      if !(y1 * y1 > restY2 || v1 * v1 > restV2) {
        y1 = 0
        v1 = 0
        snapped &+= 1
      }
      y[i] = y1
      v[i] = v1
      i &+= 1
    }
    return snapped
  }

  @inline(__always)
  static func _kernel3(
    _ y: UnsafeMutablePointer<Float>, _ v: UnsafeMutablePointer<Float>, _ a: UnsafeMutablePointer<Float>,
    count: Int, _ m: (Float, Float, Float, Float, Float, Float, Float, Float, Float), rest: (Float, Float)
  ) -> Int {
    if rest.0 < 0 { return _kernel3WithoutRest(y, v, a, count: count, m) }  // BatchRestRule.disabled
    let restY2 = rest.0 * rest.0
    let restV2 = rest.1 * rest.1
    var snapped = 0
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Float>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Float>.self)
      let a0 = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Float>.self)
      var y1 = m.0 * y0 + m.1 * v0 + m.2 * a0
      var v1 = m.3 * y0 + m.4 * v0 + m.5 * a0
      var a1 = m.6 * y0 + m.7 * v0 + m.8 * a0
      // Lanes at rest snap to 0 in this vector: the same test as the scalar tail's, so which
      // channels snap does not depend on where a range starts or how it is split.
      let atRest = .!((y1 * y1 .> restY2) .| (v1 * v1 .> restV2))
      if any(atRest) {
        y1.replace(with: 0, where: atRest)
        v1.replace(with: 0, where: atRest)
        a1.replace(with: 0, where: atRest)
        snapped &+= Int(SIMD8<Int32>(repeating: 0).replacing(with: 1, where: atRest).wrappedSum())
      }
      UnsafeMutableRawPointer(y + i).storeBytes(of: y1, as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: v1, as: SIMD8<Float>.self)
      UnsafeMutableRawPointer(a + i).storeBytes(of: a1, as: SIMD8<Float>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      let a0 = a[i]
      var y1 = m.0 * y0 + m.1 * v0 + m.2 * a0
      var v1 = m.3 * y0 + m.4 * v0 + m.5 * a0
      var a1 = m.6 * y0 + m.7 * v0 + m.8 * a0
      if !(y1 * y1 > restY2 || v1 * v1 > restV2) {
        y1 = 0
        v1 = 0
        a1 = 0
        snapped &+= 1
      }
      y[i] = y1
      v[i] = v1
      a[i] = a1
      i &+= 1
    }
    return snapped
  }
}

extension Double {
  /// The kernels for ``BatchRestRule/disabled``: the same arithmetic, no rest test, no snapping.
  @inline(__always)
  static func _kernel2WithoutRest(
    _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, count: Int,
    _ m: (Double, Double, Double, Double)
  ) -> Int {
    let m00 = m.0
    let m01 = m.1
    let m10 = m.2
    let m11 = m.3
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Double>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(y + i).storeBytes(of: m00 * y0 + m01 * v0, as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: m10 * y0 + m11 * v0, as: SIMD8<Double>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      y[i] = m00 * y0 + m01 * v0
      v[i] = m10 * y0 + m11 * v0
      i &+= 1
    }
    return 0
  }

  /// See ``_kernel2WithoutRest(_:_:count:_:)``; the 3×3 (SwiftUI model) form.
  @inline(__always)
  static func _kernel3WithoutRest(
    _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>,
    count: Int, _ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
  ) -> Int {
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Double>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Double>.self)
      let a0 = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(y + i).storeBytes(of: m.0 * y0 + m.1 * v0 + m.2 * a0, as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: m.3 * y0 + m.4 * v0 + m.5 * a0, as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(a + i).storeBytes(of: m.6 * y0 + m.7 * v0 + m.8 * a0, as: SIMD8<Double>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      let a0 = a[i]
      y[i] = m.0 * y0 + m.1 * v0 + m.2 * a0
      v[i] = m.3 * y0 + m.4 * v0 + m.5 * a0
      a[i] = m.6 * y0 + m.7 * v0 + m.8 * a0
      i &+= 1
    }
    return 0
  }
}

extension Double {
  // Concrete SIMD8<Double> code: the stdlib's concrete vector operations compile to straight vector
  // instructions, whereas the same code written generically goes through lane-by-lane fallbacks.
  // Each lane does exactly the scalar tail's IEEE multiplies and adds in the same order (Swift
  // does not contract to fused multiply-add), so results do not depend on where a range starts
  // or how it is split: chunking and threading cannot change a bit.
  @inline(__always)
  static func _kernel2(
    _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, count: Int,
    _ m: (Double, Double, Double, Double), rest: (Double, Double)
  ) -> Int {
    if rest.0 < 0 { return _kernel2WithoutRest(y, v, count: count, m) }  // BatchRestRule.disabled
    let m00 = m.0
    let m01 = m.1
    let m10 = m.2
    let m11 = m.3
    let restY2 = rest.0 * rest.0
    let restV2 = rest.1 * rest.1
    var snapped = 0
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Double>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Double>.self)
      var y1 = m00 * y0 + m01 * v0
      var v1 = m10 * y0 + m11 * v0
      // Lanes at rest snap to 0 in this vector: the same test as the scalar tail's, so which
      // channels snap does not depend on where a range starts or how it is split.
      let atRest = .!((y1 * y1 .> restY2) .| (v1 * v1 .> restV2))
      if any(atRest) {
        y1.replace(with: 0, where: atRest)
        v1.replace(with: 0, where: atRest)
        snapped &+= Int(SIMD8<Int64>(repeating: 0).replacing(with: 1, where: atRest).wrappedSum())
      }
      UnsafeMutableRawPointer(y + i).storeBytes(of: y1, as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: v1, as: SIMD8<Double>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      var y1 = m00 * y0 + m01 * v0
      var v1 = m10 * y0 + m11 * v0
      if !(y1 * y1 > restY2 || v1 * v1 > restV2) {
        y1 = 0
        v1 = 0
        snapped &+= 1
      }
      y[i] = y1
      v[i] = v1
      i &+= 1
    }
    return snapped
  }

  @inline(__always)
  static func _kernel3(
    _ y: UnsafeMutablePointer<Double>, _ v: UnsafeMutablePointer<Double>, _ a: UnsafeMutablePointer<Double>,
    count: Int, _ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double),
    rest: (Double, Double)
  ) -> Int {
    if rest.0 < 0 { return _kernel3WithoutRest(y, v, a, count: count, m) }  // BatchRestRule.disabled
    let restY2 = rest.0 * rest.0
    let restV2 = rest.1 * rest.1
    var snapped = 0
    var i = 0
    while i &+ 8 <= count {
      let y0 = UnsafeRawPointer(y + i).loadUnaligned(as: SIMD8<Double>.self)
      let v0 = UnsafeRawPointer(v + i).loadUnaligned(as: SIMD8<Double>.self)
      let a0 = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Double>.self)
      var y1 = m.0 * y0 + m.1 * v0 + m.2 * a0
      var v1 = m.3 * y0 + m.4 * v0 + m.5 * a0
      var a1 = m.6 * y0 + m.7 * v0 + m.8 * a0
      // Lanes at rest snap to 0 in this vector: the same test as the scalar tail's, so which
      // channels snap does not depend on where a range starts or how it is split.
      let atRest = .!((y1 * y1 .> restY2) .| (v1 * v1 .> restV2))
      if any(atRest) {
        y1.replace(with: 0, where: atRest)
        v1.replace(with: 0, where: atRest)
        a1.replace(with: 0, where: atRest)
        snapped &+= Int(SIMD8<Int64>(repeating: 0).replacing(with: 1, where: atRest).wrappedSum())
      }
      UnsafeMutableRawPointer(y + i).storeBytes(of: y1, as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(v + i).storeBytes(of: v1, as: SIMD8<Double>.self)
      UnsafeMutableRawPointer(a + i).storeBytes(of: a1, as: SIMD8<Double>.self)
      i &+= 8
    }
    while i < count {
      let y0 = y[i]
      let v0 = v[i]
      let a0 = a[i]
      var y1 = m.0 * y0 + m.1 * v0 + m.2 * a0
      var v1 = m.3 * y0 + m.4 * v0 + m.5 * a0
      var a1 = m.6 * y0 + m.7 * v0 + m.8 * a0
      if !(y1 * y1 > restY2 || v1 * v1 > restV2) {
        y1 = 0
        v1 = 0
        a1 = 0
        snapped &+= 1
      }
      y[i] = y1
      v[i] = v1
      a[i] = a1
      i &+= 1
    }
    return snapped
  }
}
