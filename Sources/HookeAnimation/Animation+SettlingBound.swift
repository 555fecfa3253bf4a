import Hooke

// How long a built-in animation can run: what an embedder that must not keep a value animating
// forever (HookeScene's `Scene`) checks before it starts one.

extension Animation {
  /// An upper estimate, in seconds from its start, of how long this animation keeps a value
  /// moving: `0` when it ends at its first evaluation (bad parameters that snap), `+∞` when it
  /// never ends by time (an undamped spring, a spring that never moves, an infinite duration or
  /// delay), and `nil` when there is no such bound to give: a ``RepeatAnimation`` without a count
  /// (it repeats until replaced, as asked) and custom animations (``CustomAnimation`` conformers
  /// outside this module). Never NaN.
  ///
  /// - Timing curves: their duration (0 when ≤ 0 or NaN).
  /// - ``SpringAnimation``: its end time ``SpringAnimation/duration``.
  /// - ``FluidSpringAnimation``: 0 when SwiftUI's integrator would grow (it snaps); otherwise the
  ///   time the slowest mode of the spring (`k`, `c` of ``FluidSpringModel``, or of the clamped
  ///   ``Spring`` for the exact model) takes to decay by e⁻³⁰ (about 10⁻¹³): `30 / rate`, with
  ///   rate `ζ·√k` below critical damping and `√k / (ζ + √(ζ² − 1))` from it; +∞ for `k = 0`
  ///   or `ζ = 0`. Its rest test is on the remaining motion, so real runs end sooner.
  /// - ``DefaultAnimation``: the spring it resolves to.
  /// - Modifiers: a delay adds its positive part (NaN reads as 0); a speed divides (a speed that
  ///   snaps gives 0); `repeatCount(n)` multiplies by `n` (cycles of a base that ends at once
  ///   counted as 1 ms each); `logicallyComplete(after:)` is its base.
  ///
  /// Cost: a few arithmetic operations and type checks per modifier level. The built-in types
  /// are matched by concrete type (a metadata comparison each); only a generic
  /// ``TimingCurveAnimation`` or a custom animation reaches a protocol lookup (as
  /// `cssLinear(tolerance:maximumDuration:)`'s curve check does).
  package var _settlingBound: Double? {
    let bound: Double?
    if let a = self.as(FluidSpringAnimation.self) {
      bound = a._settlingBound
    } else if self.as(DefaultAnimation.self) != nil {
      bound = DefaultAnimation._resolved._settlingBound
    } else if let a = self.as(SpringAnimation.self) {
      bound = a.duration
    } else if let a = self.as(DelayAnimation.self) {
      let delay = a.delay.isNaN ? 0 : Swift.max(a.delay, 0)
      bound = a.base._settlingBound.map { delay + $0 }
    } else if let a = self.as(SpeedAnimation.self) {
      bound = a.speed > 0 && a.speed.isFinite ? a.base._settlingBound.map { $0 / a.speed } : 0
    } else if let a = self.as(RepeatAnimation.self) {
      // Cycles of a base that ends at once count as 1 ms each.
      bound = a.repeatCount.flatMap { count in
        a.base._settlingBound.map { Double(Swift.max(count, 1)) * Swift.max($0, 0.001) }
      }
    } else if let a = self.as(LogicallyCompleteAnimation.self) {
      bound = a.base._settlingBound
    } else if let (_, duration) = _timingCurve {
      bound = duration > 0 ? duration : 0
    } else {
      bound = nil
    }
    return bound.map { $0.isNaN ? .infinity : $0 }
  }
}

extension FluidSpringAnimation {
  /// See ``Animation/_settlingBound``.
  var _settlingBound: Double {
    switch model {
    case .swiftUI:
      let fluid = FluidSpringModel(response: response, dampingFraction: dampingFraction)
      guard fluid.isStable else { return 0 }
      return Self._decayBound(stiffness: fluid.stiffness, damping: fluid.damping)
    case .exact:
      let spring = _exactSpring
      return Self._decayBound(
        stiffness: spring.stiffness / spring.mass, damping: spring.damping / spring.mass)
    }
  }

  /// `30 / rate` for the slowest mode of `x'' = −k·x − c·x'` (see ``Animation/_settlingBound``).
  static func _decayBound(stiffness k: Double, damping c: Double) -> Double {
    guard k > 0, k.isFinite, c > 0, c.isFinite else { return k.isFinite && c.isFinite ? .infinity : 0 }
    let w0 = k.squareRoot()
    let zeta = c / (2 * w0)
    let rate = zeta < 1 ? zeta * w0 : w0 / (zeta + (zeta * zeta - 1).squareRoot())
    return rate > 0 ? 30 / rate : .infinity
  }
}
