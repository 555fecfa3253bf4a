import Hooke
import HookeAnimation

/// The scene's seam for "animated scalar channels": one animated vector value with SwiftUI's
/// retarget semantics (merge or combine, spec §2.7). The general path, used for every
/// animation, is a ``PropertyAnimator``; a batch engine can replace the storage for spring and
/// timing-curve animations without changing the scene. Idle channels cost nothing per frame.
struct _Channel<V: VectorArithmetic> {
  var _animator: PropertyAnimator<V>

  init(_ value: V, time: Double) { _animator = PropertyAnimator(value, time: time) }

  /// The presented value as of the last sample/retarget.
  var value: V { _animator.presentationValue }
  /// The target (model) value.
  var target: V { _animator.modelValue }
  /// Whether an animation runs.
  var isAnimating: Bool { _animator.isAnimating }
  /// The velocity at the last sample (`nil` when the animation does not report one).
  var velocity: V? { _animator.velocity }

  /// Sets the target at `time` (samples first); `nil` animation jumps.
  mutating func retarget(_ newValue: V, animation: Animation?, at time: Double) {
    // `.removed`: no completion fork to evaluate per frame (the scene polls `isAnimating`).
    _animator.set(newValue, animation: animation, at: time, completionCriteria: .removed)
  }

  /// Samples at `time` when animating.
  @inline(__always)
  mutating func sample(at time: Double) {
    if _animator.isAnimating { _animator.sample(at: time) }
  }
}

extension Rect {
  init(_v v: SIMD4<Double>) { self.init(x: v[0], y: v[1], width: v[2], height: v[3]) }
  var _v: SIMD4<Double> { SIMD4(origin.x, origin.y, size.width, size.height) }
}
