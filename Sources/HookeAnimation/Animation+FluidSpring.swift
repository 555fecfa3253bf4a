import Hooke

/// Which numeric model a spring animation integrates with.
public enum SpringAnimationModel: Hashable, Sendable {
  /// SwiftUI's fixed-step integrator (`FluidSpringModel`): 1/300 s half-kick substeps on a
  /// floating-point substep clock. Predicts SwiftUI's frames, including its defects: the clock
  /// runs independently of the frames, so positions at shared timestamps are the same at any
  /// frame rate (except after a stall > 1 s, where the catch-up rule drops time), but a frame
  /// at time t shows the state of the first substep time ≥ t — an irregular lead of 0…1/300 s —
  /// and frames get unequal substep counts (60 Hz: mostly 5, sometimes 4 or 6; 144 Hz: 2 or 3),
  /// so per-frame displacements judder (measured in
  /// `PropertyAnimatorTests.swiftUIJudderIsMeasured`: > 20 % at 144 Hz), and the motion
  /// deviates from the true spring by up to ~2 % of the change early on (1.8 for 0→100,
  /// response 0.45, fraction 0.6).
  case swiftUI
  /// The exact closed-form spring (`Spring` with the same response and damping ratio,
  /// `Spring.value(target:initialVelocity:time:)`) evaluated at `time − mergeTime`: positions
  /// are a pure function of the time, so they are identical at a shared timestamp whatever the
  /// frame rate, with no substep judder. Same termination test as SwiftUI (applied to the exact
  /// velocity and force), same logical completion and merge semantics; ``FluidSpringAnimation/blendDuration``
  /// is ignored (the new response applies at once: a blended response has no closed form).
  /// Response and ratio are clamped as `Spring.init(response:dampingRatio:)` documents.
  case exact
}

/// SwiftUI's spring animation, `Animation.spring(response:dampingFraction:blendDuration:)`
/// (internally `FluidSpringAnimation`, a 1/300 s fixed-step integrator), with a selectable ``model``.
///
/// Per call (time = elapsed since the animation began):
/// 1. effective response `r = response + blendInterval·(1 − p²(3 − 2p))`, `p = (t − blendStart)/blendDuration`
///    **clamped to [0, 1]** (the evident intent; OpenSwiftUI's text clamps blendDuration instead,
///    an operator-precedence slip), when `blendDuration > 0` and a merge set a blend; else `response`;
/// 2. `isLogicallyComplete` once `t − startTime ≥ r` (startTime = time of the last merge, 0 at first);
/// 3. `FluidSpringModel.advance(_:target:to:)` to t, then `FluidSpringModel.isFinished(_:target:)`
///    → `nil` (``SpringAnimationModel/swiftUI``), or the closed form (``SpringAnimationModel/exact``).
///
/// Velocity: the integrator's (or the exact) velocity. `shouldMerge` always returns `true`:
/// it takes the previous animation's position (`animate`) and velocity (if any) at the
/// interruption, restarts the substep clock and `startTime` there (so it becomes logically
/// complete one response after the merge, even when the previous one already was), keeps the
/// force, and starts
/// a blend from the previous response when the previous animation is a fluid spring with a
/// different response. The merged animation then chases the accumulated interval.
///
/// Bad parameters: response ≤ 0 or NaN → stiffness 45000 (swiftUI model). On the
/// ``SpringAnimationModel/swiftUI`` model, parameters for which SwiftUI's integrator grows
/// without bound (`FluidSpringModel.isStable` false: negative or NaN damping fractions, or
/// fractions too large for the 1/300 s substep, e.g. `dampingFraction: 100` at response 0.5)
/// end the animation at its first evaluation — the value snaps to the target and the
/// completions fire — instead of showing the growth; a state that becomes non-finite anyway
/// (values near the `Double` range) ends it too. The ``SpringAnimationModel/exact`` model
/// clamps the parameters as `Spring.init(response:dampingRatio:)` documents instead.
public struct FluidSpringAnimation: CustomAnimation {
  /// The response in seconds (stiffness `(2π/response)²`, capped at 45000).
  public var response: Double
  /// The damping fraction (1 = critical).
  public var dampingFraction: Double
  /// Seconds over which a change of response is blended after a merge (0 = no blend).
  public var blendDuration: Double
  /// The numeric model (SwiftUI's integrator by default).
  public var model: SpringAnimationModel

  /// The animation; see the type.
  public init(
    response: Double, dampingFraction: Double, blendDuration: Double, model: SpringAnimationModel = .swiftUI
  ) {
    self.response = response
    self.dampingFraction = dampingFraction
    self.blendDuration = blendDuration
    self.model = model
  }

  struct _State<V: VectorArithmetic>: AnimationStateKey {
    var spring = FluidSpringState<V>()
    var startTime = 0.0
    var blendStart = 0.0
    var blendInterval = 0.0
    // Exact model: the state at the last merge (offset, velocity) and its time.
    var mergeOffset: V = .zero
    var mergeVelocity: V = .zero
    var mergeTime = 0.0
    static var defaultValue: _State { _State() }
  }

  func _effectiveResponse<V>(_ s: _State<V>, time: Double) -> Double {
    guard model == .swiftUI, blendDuration > 0, s.blendInterval != 0 else { return response }
    var p = (time - s.blendStart) / blendDuration
    p = p.isNaN ? 1 : Swift.min(Swift.max(p, 0), 1)
    return response + s.blendInterval * (1 - p * p * (3 - p * 2))
  }

  var _exactSpring: Spring { Spring(response: response, dampingRatio: dampingFraction) }

  /// The exact model's (offset, velocity, force) at `time`.
  func _exactState<V: VectorArithmetic>(_ s: _State<V>, value: V, time: Double) -> FluidSpringState<V> {
    let spring = _exactSpring
    let d = Swift.max(time - s.mergeTime, 0)
    let gap = value - s.mergeOffset
    let x = s.mergeOffset + spring.value(target: gap, initialVelocity: s.mergeVelocity, time: d)
    let v = spring.velocity(target: gap, initialVelocity: s.mergeVelocity, time: d)
    let a =
      (value - x).scaled(by: spring.stiffness / spring.mass) - v.scaled(by: spring.damping / spring.mass)
    return FluidSpringState(offset: x, velocity: v, force: a, clock: time)
  }

  /// See the type.
  // Scalar properties reach this through the `CustomAnimation` witness, generically: the
  // specialisation's type check at the entry runs the `Double` body. A thin entry (the body is
  // `_animate`), so that nothing ahead of the check looks up the state's generic metadata.
  @_specialize(where V == Double)
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    _animate(value: value, time: time, context: &context)
  }

  /// ``animate(value:time:context:)``'s body.
  @inline(never)
  func _animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    var s = context.state[_State<V>.self]
    let r = _effectiveResponse(s, time: time)
    if time - s.startTime >= r { context.isLogicallyComplete = true }
    let fluid = FluidSpringModel(response: r, dampingFraction: dampingFraction)
    switch model {
    case .swiftUI:
      // Where 1/300 s no longer advances the clock (|t| ≳ 2⁴⁴ s, or t = ±∞) the integrator could
      // never progress again: end the animation instead of freezing it.
      if time.isInfinite || (time.isFinite && time + FluidSpringModel.substepDuration == time) { return nil }
      guard fluid.isStable else { return nil }  // the integrator would only grow: snap now
      fluid.advance(&s.spring, target: value, to: time)
    case .exact:
      if !time.isNaN { s.spring = _exactState(s, value: value, time: time) }
    }
    context.state[_State<V>.self] = s
    return fluid.isFinished(s.spring, target: value) ? nil : s.spring.offset
  }

  /// The current velocity of the state (after the last `animate`).
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    context.state[_State<V>.self].spring.velocity
  }

  /// Always `true`; see the type for what is inherited.
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    var s = context.state[_State<V>.self]
    if let v = previous.velocity(value: value, time: time, context: context) { s.spring.velocity = v }
    if let x = previous.animate(value: value, time: time, context: &context) { s.spring.offset = x }
    // previous.animate may have written its own state under the same key: re-read ours on top.
    s.spring.clock = time
    s.startTime = time
    s.mergeOffset = s.spring.offset
    s.mergeVelocity = s.spring.velocity
    s.mergeTime = time
    if let p = previous.as(FluidSpringAnimation.self), p.response != response {
      s.blendInterval = p.response - response
      s.blendStart = time
    }
    context.state[_State<V>.self] = s
    // The merged animation is logically complete one response after the merge, like a new one:
    // the previous animation's completion (or the evaluation above) must not carry over.
    context.isLogicallyComplete = false
    return true
  }
}

extension FluidSpringAnimation: CustomStringConvertible {
  /// `FluidSpringAnimation(response: …, dampingFraction: …, blendDuration: …[, model: exact])`.
  public var description: String {
    "FluidSpringAnimation(response: \(response), dampingFraction: \(dampingFraction), blendDuration: \(blendDuration)"
      + (model == .exact ? ", model: exact)" : ")")
  }
}

/// SwiftUI's mapping from bounce to damping fraction: `1/(1 + b)` for b < 0, else `1 − b`
/// (unclamped, as SwiftUI; b > 1 gives negative damping, which ends as documented).
func _dampingFraction(bounce: Double) -> Double {
  bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
}

extension Animation {
  /// SwiftUI's persistent spring (defaults response 0.5, fraction 0.825, blend 0), on SwiftUI's
  /// integrator. Use ``exact`` for the judder-free model. `@_disfavoredOverload` as in SwiftUI,
  /// so `spring()` resolves to ``spring(duration:bounce:blendDuration:)``.
  @_disfavoredOverload
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation {
    Animation(
      FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    )
  }

  /// `spring(response: duration, dampingFraction: f(bounce))`, `f(b) = 1/(1+b)` (b < 0), `1 − b`.
  public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0)
    -> Animation
  {
    spring(
      response: duration, dampingFraction: _dampingFraction(bounce: bounce), blendDuration: blendDuration)
  }

  /// A fluid spring with `spring`'s response and damping ratio (SwiftUI's mapping is undocumented;
  /// Hooke maps to response/dampingRatio; the spring's mass is not used by SwiftUI's integrator).
  public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
    self.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
  }

  /// `.spring` binds to `spring(duration:bounce:)` with its defaults — response 0.5, fraction
  /// **1.0** (SwiftUI marks the response/fraction overload `@_disfavoredOverload`, so `spring()`
  /// resolves to duration/bounce; not yet checked on a device).
  public static let spring: Animation = Animation.spring(duration: 0.5, bounce: 0, blendDuration: 0)

  /// Interactive spring: response 0.15, fraction 0.86, blend 0.25 by default
  /// (`@_disfavoredOverload`: `interactiveSpring()` resolves to the duration/extraBounce form).
  @_disfavoredOverload
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
  ) -> Animation {
    spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
  }

  /// Interactive spring: duration 0.15, bounce 0.15 + extraBounce, blend 0.25.
  public static func interactiveSpring(
    duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25
  ) -> Animation {
    spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
  }

  /// `interactiveSpring()`, which binds to the duration/extraBounce overload like `.spring`
  /// (the same `@_disfavoredOverload` reasoning): response 0.15, fraction 0.85, blend 0.25.
  public static let interactiveSpring: Animation =
    Animation.interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25)

  /// Smooth: `spring(duration:, bounce: extraBounce)`.
  public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    spring(duration: duration, bounce: extraBounce)
  }
  /// Smooth with defaults: response 0.5, fraction 1.0.
  public static let smooth: Animation = Animation.smooth()
  /// Snappy: bounce 0.15 + extraBounce.
  public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    spring(duration: duration, bounce: 0.15 + extraBounce)
  }
  /// Snappy with defaults: response 0.5, fraction 0.85.
  public static let snappy: Animation = Animation.snappy()
  /// Bouncy: bounce 0.3 + extraBounce.
  public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
    spring(duration: duration, bounce: 0.3 + extraBounce)
  }
  /// Bouncy with defaults: response 0.5, fraction 0.70.
  public static let bouncy: Animation = Animation.bouncy()

  /// This animation on the exact closed-form spring model (``SpringAnimationModel/exact``) when
  /// it is a fluid spring (or ``default``); any other animation is returned unchanged.
  public var exact: Animation {
    if var fluid = self.as(FluidSpringAnimation.self) {
      fluid.model = .exact
      return Animation(fluid)
    }
    if self.as(DefaultAnimation.self) != nil { return DefaultAnimation._resolved.exact }
    return self
  }
}

/// SwiftUI's `Animation.default` (iOS 17+): forwards to `spring(response: 0.55,
/// dampingFraction: 1.0, blendDuration: 0)`.
///
/// Response 0.55 is Apple's documented value; OpenSwiftUI resolves to
/// `.spring` (0.5). Hooke trusts Apple's documentation over the reconstruction. Description
/// `"DefaultAnimation()"` as SwiftUI prints it.
public struct DefaultAnimation: CustomAnimation, CustomStringConvertible {
  /// The default animation.
  public init() {}

  package static let _resolved: Animation = Animation.spring(
    response: 0.55, dampingFraction: 1.0, blendDuration: 0)

  /// Forwards to the resolved spring.
  public func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    Self._resolved.animate(value: value, time: time, context: &context)
  }
  /// Forwards to the resolved spring.
  public func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
    Self._resolved.velocity(value: value, time: time, context: context)
  }
  /// Forwards to the resolved spring (always merges).
  public func shouldMerge<V: VectorArithmetic>(
    previous: Animation, value: V, time: Double, context: inout AnimationContext<V>
  ) -> Bool {
    Self._resolved.shouldMerge(previous: previous, value: value, time: time, context: &context)
  }
  /// `"DefaultAnimation()"`.
  public var description: String { "DefaultAnimation()" }
}

extension Animation {
  /// The default animation: ``DefaultAnimation`` (spring response 0.55, fraction 1.0).
  public static let `default`: Animation = Animation(DefaultAnimation())
}
