/// How far the motion a group's driver starts from a state can carry it: the test behind the
/// batch engine's overflow clamp (``BatchEngine/_shifted(keeping:target:velocity:force:bound:)``),
/// which snaps a channel to its target rather than let its state overflow the scalar later.
///
/// A spring conserves or loses energy, so from a displacement `y`, velocity `v` and stored force
/// `a` its speed never exceeds `e = √(K·y² + u²)` and its displacement never exceeds `e/ω0`, with
/// `K = ω0²` the stiffness per unit mass and `u = |v| + |a|·h/2` (the SwiftUI model's stored
/// force kicks the velocity by `a·h/2` in its first substep of h = 1/300 s; exact springs store
/// no force). A state is admitted when, with L the scalar's largest finite magnitude,
/// - `2e ≤ L` (the speed, and the sums of products a step forms, stay finite),
/// - `2e/ω0 ≤ L` (the displacement likewise),
/// - `|target| + 1.5·e/ω0 ≤ L` (the value `target + y` stays finite),
/// - for the SwiftUI model, whose state includes the force `−K·y − C·v`: `2e·(ω0 + C) ≤ L`.
///
/// The SwiftUI model's integrator is a stable discretisation of the same spring; the speed `e`
/// its states reach can exceed the starting one by about 22 % (measured over 3,000 random stable
/// models, 600 frames each: the most at the stiffness cap with almost no damping), inside the
/// factors above.
/// A spring without stiffness (a SwiftUI model of infinite response) keeps its velocity forever:
/// only a state at rest is admitted. Always admitted: a timing curve (its value moves from the
/// start towards the target along the curve, its velocity read as 0 where not finite) and an
/// unstable SwiftUI model (``FluidSpringModel/isStable`` false), whose frame matrix reads as
/// zero, so its channels arrive at their targets on their first step whatever their state.
///
/// The test runs in Double on values scaled by a power of two that brings L just below 1, so
/// squares neither overflow (Double scalars) nor lose the bound (exact scaling). A state whose
/// displacement, velocity, force and target are all within ``quick`` passes on a comparison of
/// their largest magnitude (every state of a realistic animation: about 10³⁷ for Float at
/// ω0 = 10 rad/s); only larger ones take the whole test, about ten multiplications and
/// additions, no division or square root.
struct _MotionBound: Sendable {
  /// ω0² (1/s²); 0 for a timing curve.
  let stiffness: Double
  /// h/2 for the SwiftUI model (its force's kick, s), 0 otherwise.
  let kick: Double
  /// The largest `e²` the speed, displacement and force tests admit, in scaled units.
  let cap: Double
  /// L scaled (in [0.5, 1)) and the scale: a power of two.
  let limit: Double
  let scale: Double
  /// A magnitude within which every displacement, velocity, force and target is admitted
  /// (0 where none is: a spring without stiffness; +∞ for a timing curve or an unstable SwiftUI
  /// model, which admit every state).
  let quick: Double

  /// The bound of `driver`'s motion for a scalar whose largest finite magnitude is `greatest`.
  init(_ driver: BatchDriver, greatest: Double) {
    scale = Double(sign: .plus, exponent: -(greatest.exponent + 1), significand: 1)
    limit = greatest * scale
    let quarter = limit * limit / 4
    var admitsAll = false
    switch driver {
    case .spring(let s):
      // ω0 ∈ [2π·10⁻⁶, 2π·10⁶] by `Spring`'s invariants.
      let k = s._naturalFrequencySquared
      (stiffness, kick) = (k, 0)
      cap = Swift.min(quarter, k * quarter)
    case .fluidSpring(let m):
      // Stable: k and c finite and ≥ 0.
      let k = m.stiffness
      let force = k.squareRoot() + m.damping
      (stiffness, kick, admitsAll) = (k, 0.5 / 300, !m.isStable)
      cap = Swift.min(quarter, k * quarter, quarter / (force * force))
    case .timingCurve, .curve:
      (stiffness, kick, admitsAll) = (0, 0, true)
      cap = .infinity
    }
    // With every magnitude ≤ q (scaled): energy ≤ q²·(K + (1 + kick)²), within the cap when
    // q ≤ √(cap / (K + (1 + kick)²)), and the value test holds when
    // 1.5·q·√(K + (1 + kick)²) ≤ √K·(L − q). A hundredth off covers the rounding of both.
    let spread = (stiffness + (1 + kick) * (1 + kick)).squareRoot()
    let root = stiffness.squareRoot()
    let q = Swift.min((cap / (spread * spread)).squareRoot(), root * limit / (root + 1.5 * spread))
    quick = admitsAll ? .infinity : q.isFinite ? 0.99 * q / scale : 0
  }

  /// Whether the motion from displacement `y`, velocity `v` and force `a` (0 where the group
  /// stores none) about `target` is admitted (see the type). Arguments are finite, so a bound
  /// that admits every state answers on the first comparison.
  @inline(__always)
  func admits(y: Double, v: Double, a: Double, target: Double) -> Bool {
    if Swift.max(y.magnitude, v.magnitude, a.magnitude, target.magnitude) <= quick { return true }
    let y = y * scale
    let u = (v.magnitude + a.magnitude * kick) * scale
    let energy = stiffness * y * y + u * u
    let room = limit - target.magnitude * scale
    return energy <= cap && 2.25 * energy <= stiffness * room * room
  }
}
