import Hooke
import HookeAnimation

/// The scene's seam for "animated scalar channels": one animated vector value with SwiftUI's
/// retarget semantics (an interrupting animation merges with the running one or combines with
/// it). The general path, used for every animation, is a ``PropertyAnimator``; a batch engine
/// can replace the storage for spring and timing-curve animations without changing the scene.
/// Idle channels cost nothing per frame.
///
/// Storage: the value inline, and the animator only while an animation runs (boxed, copied on
/// write so scene copies stay independent). An idle animator is equivalent to none: its model
/// and presentation equal ``value``, its velocity is zero, and its clock never runs ahead of the
/// scene's, so a fresh one made at the next animated change behaves identically.
struct _Channel<V: VectorArithmetic> {
  var _box: _AnimatorBox<V>?
  /// Mirrors of the animator's presentation value and running state: plain stored fields, so
  /// per-frame reads of idle channels never call into the (unspecialised) generic animator.
  private(set) var value: V
  private(set) var isAnimating = false

  init(_ value: V, time: Double) {
    self.value = value
  }

  /// The target (model) value.
  var target: V { _box?.animator.modelValue ?? value }
  /// The running animation's interval (accumulated across merges and combinations), `nil` idle.
  var runningInterval: V? { isAnimating ? _box?.animator.interval : nil }
  /// The velocity at the last sample (`nil` when the animation does not report one; zero idle).
  var velocity: V? {
    guard let b = _box else { return .zero }
    return b.animator.velocity
  }

  /// Sets the target at `time` (samples first); `nil` animation jumps.
  mutating func retarget(_ newValue: V, animation: Animation?, at time: Double) {
    if _box == nil {
      // Idle: an unanimated or unchanged set only moves the model (PropertyAnimator.set rules).
      guard animation != nil, newValue - value != .zero else {
        jumpIdle(to: newValue)
        return
      }
      _box = _AnimatorBox(PropertyAnimator(value, time: time))
    } else if !isKnownUniquelyReferenced(&_box!) {
      _box = _AnimatorBox(_box!.animator)
    }
    // `.removed`: no completion fork to evaluate per frame (the scene polls `isAnimating`).
    _box!.animator.set(newValue, animation: animation, at: time, completionCriteria: .removed)
    value = _box!.animator.presentationValue
    isAnimating = _box!.animator.isAnimating
    if !isAnimating { _box = nil }
  }

  /// Jumps an idle channel to `newValue`: what ``retarget(_:animation:at:)`` does without an
  /// animation when nothing runs (the value changes unless the difference is zero), without
  /// passing an animation around. Precondition: `!isAnimating`.
  @inline(__always)
  mutating func jumpIdle(to newValue: V) {
    if newValue - value != .zero { value = newValue }
  }

  /// Samples at `time` when animating; returns whether it was animating.
  @inline(__always)
  mutating func sampleIfAnimating(at time: Double) -> Bool {
    guard isAnimating else { return false }
    sample(at: time)
    return true
  }

  /// Samples at `time` when animating.
  @inline(__always)
  mutating func sample(at time: Double) {
    if isAnimating {
      if !isKnownUniquelyReferenced(&_box!) { _box = _AnimatorBox(_box!.animator) }
      (value, isAnimating) = _box!.animator._sampleInPlace(at: time)
      if !isAnimating { _box = nil }
    }
  }
}

extension PropertyAnimator {
  /// Samples at `time`; returns the presentation value and whether the animation still runs.
  /// One in-place (mutating) access: reading `isAnimating` off an animator stored in a class
  /// copies the whole animator first.
  @inline(__always)
  mutating func _sampleInPlace(at time: Double) -> (Value, Bool) {
    let v = sample(at: time)
    return (v, isAnimating)
  }
}

/// The heap storage of a running channel animation (see ``_Channel``).
final class _AnimatorBox<V: VectorArithmetic> {
  /// Unchecked: a box is reached through one channel, which one thread uses at a time.
  @exclusivity(unchecked) var animator: PropertyAnimator<V>
  init(_ animator: PropertyAnimator<V>) { self.animator = animator }
}

extension Rect {
  init(_v v: SIMD4<Double>) { self.init(x: v[0], y: v[1], width: v[2], height: v[3]) }
  var _v: SIMD4<Double> { SIMD4(origin.x, origin.y, size.width, size.height) }
  init(_q q: _Quad) { self.init(x: q.a, y: q.b, width: q.c, height: q.d) }
  var _q: _Quad { _Quad(origin.x, origin.y, size.width, size.height) }
}

/// Four animated scalars as one concrete vector (frames: x, y, width, height or anchor x, anchor
/// y, width, height). Concrete arithmetic so generic animation code calls straight into it
/// (the standard library's generic SIMD path goes lane by lane through metadata lookups).
struct _Quad: VectorArithmetic, Hashable {
  var a, b, c, d: Double
  init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }
  init(_ v: SIMD4<Double>) { self.init(v[0], v[1], v[2], v[3]) }
  var simd: SIMD4<Double> { SIMD4(a, b, c, d) }
  static var zero: _Quad { _Quad(0, 0, 0, 0) }
  static func + (l: _Quad, r: _Quad) -> _Quad { _Quad(l.a + r.a, l.b + r.b, l.c + r.c, l.d + r.d) }
  static func - (l: _Quad, r: _Quad) -> _Quad { _Quad(l.a - r.a, l.b - r.b, l.c - r.c, l.d - r.d) }
  mutating func scale(by s: Double) {
    a *= s
    b *= s
    c *= s
    d *= s
  }
  /// Lane `k` (0…3: a, b, c, d).
  @inline(__always)
  func lane(_ k: Int) -> Double { k == 0 ? a : k == 1 ? b : k == 2 ? c : d }
  // Same summation order as SIMD4's generic magnitudeSquared in Hooke (lane order).
  var magnitudeSquared: Double { a * a + b * b + c * c + d * d }
}

/// Eight animated scalars as one concrete vector (style and transition effects); see ``_Quad``.
struct _Oct: VectorArithmetic, Hashable {
  var lo: _Quad, hi: _Quad
  init(_ v: SIMD8<Double>) {
    lo = _Quad(v[0], v[1], v[2], v[3])
    hi = _Quad(v[4], v[5], v[6], v[7])
  }
  init(lo: _Quad, hi: _Quad) { (self.lo, self.hi) = (lo, hi) }
  var simd: SIMD8<Double> { SIMD8(lo.a, lo.b, lo.c, lo.d, hi.a, hi.b, hi.c, hi.d) }
  subscript(i: Int) -> Double {
    get { simd[i] }
    set {
      var v = simd
      v[i] = newValue
      self = _Oct(v)
    }
  }
  static var zero: _Oct { _Oct(lo: .zero, hi: .zero) }
  static func + (l: _Oct, r: _Oct) -> _Oct { _Oct(lo: l.lo + r.lo, hi: l.hi + r.hi) }
  static func - (l: _Oct, r: _Oct) -> _Oct { _Oct(lo: l.lo - r.lo, hi: l.hi - r.hi) }
  mutating func scale(by s: Double) {
    lo.scale(by: s)
    hi.scale(by: s)
  }
  var magnitudeSquared: Double {
    lo.a * lo.a + lo.b * lo.b + lo.c * lo.c + lo.d * lo.d + hi.a * hi.a + hi.b * hi.b + hi.c * hi.c + hi.d
      * hi.d
  }
}
