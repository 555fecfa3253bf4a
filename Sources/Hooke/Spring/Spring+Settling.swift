extension Spring {
  /// The estimated time (seconds) for the spring to come to rest within `epsilon` of `target`,
  /// SwiftUI's algorithm:
  ///
  /// - λ == 0 (undamped) → +∞.
  /// - Under-damped (ω > 0): the closed form `max(0, −ln(ε/M)/λ)` with
  ///   `M = |λ·target − v0| + |target|` (lengths as `√magnitudeSquared`), an envelope bound on the
  ///   displacement (SwiftUI does not divide the first term by ω, so the bound is loose).
  /// - Critical and over-damped (ω ≤ 0): a grid search. `time` starts at 0 and advances by
  ///   repeated `time += 0.1` (floating-point accumulation is part of the contract: results look
  ///   like `0.7999999999999999`), at most 1024 samples. While the best distance
  ///   `|value(t) − target|` seen so far is ≥ ε the smallest one and its time are kept; once it
  ///   is below ε, a later sample ≥ ε resets the best distance to ∞, and the best time is
  ///   returned as soon as `time − bestTime > 1`. A non-finite distance stops the search; running
  ///   off the end (no settling within ~102 s) returns 0, as in SwiftUI.
  ///
  /// Edge cases: ε NaN → 0.001; ε ≤ 0 → +∞ (no motion stays within a non-positive threshold);
  /// ε = +∞ → 0. A zero target and velocity → 0. Under-damped: when `ε/M` underflows or
  /// overflows (subnormal ε, huge M) the logarithm is taken as `ln M − ln ε`, and when M itself
  /// overflows from finite operands it is measured on the operands scaled by 2⁻¹⁰⁰⁰, so finite
  /// input gives a finite time; a time beyond the `Double` range (λ subnormal) is reported as
  /// `greatestFiniteMagnitude`. Non-finite operands, under-damped: an infinite target or
  /// velocity gives `greatestFiniteMagnitude` (never within ε), a NaN one (or `∞ − ∞` in M)
  /// gives 0; critical and over-damped: they stop the grid search (0).
  /// Cost: one `log` (under-damped); up to 1024 evaluations of the closed form otherwise
  /// (typically 10–30).
  @inlinable
  public func settlingDuration<V: VectorArithmetic>(
    target: V, initialVelocity: V = .zero, epsilon: Double = 0.001
  ) -> Double {
    let epsilon = epsilon.isNaN ? 0.001 : epsilon
    guard epsilon > 0 else { return .infinity }
    let lambda = decayConstant
    guard lambda != 0 else { return .infinity }
    if angularFrequency > 0 {
      guard epsilon < .infinity else { return 0 }
      let envelope =
        (target.scaled(by: lambda) - initialVelocity).magnitudeSquared.squareRoot()
        + target.magnitudeSquared.squareRoot()
      let ratio = epsilon / envelope
      var logRatio: Double
      if ratio >= .leastNormalMagnitude && ratio < .infinity {
        logRatio = Deterministic.log(ratio)
      } else {
        logRatio = Deterministic.log(epsilon) - Spring._logEnvelope(envelope, target, initialVelocity, lambda)
      }
      let duration = -logRatio / lambda
      guard duration > 0 else { return 0 }  // also NaN (non-finite operands)
      return Swift.min(duration, .greatestFiniteMagnitude)
    }
    var time = 0.0
    var bestTime = 0.0
    var bestDistance = Double.infinity
    for _ in 0..<1024 {
      let position = value(target: target, initialVelocity: initialVelocity, time: time)
      let distance = (position - target).magnitudeSquared.squareRoot()
      if !distance.isFinite { break }
      if bestDistance >= epsilon {
        if distance < bestDistance {
          bestDistance = distance
          bestTime = time
        }
      } else if distance >= epsilon {
        bestDistance = .infinity
      } else if time - bestTime > 1 {
        return bestTime
      }
      time += 0.1
    }
    return 0
  }

  /// `ln M` for the under-damped settling envelope M of
  /// ``settlingDuration(target:initialVelocity:epsilon:)``; when M overflowed from finite
  /// operands, M is re-measured on the operands scaled by 2⁻¹⁰⁰⁰ and 1000·ln 2 added back.
  @inlinable
  static func _logEnvelope<V: VectorArithmetic>(
    _ envelope: Double, _ target: V, _ initialVelocity: V, _ lambda: Double
  ) -> Double {
    guard envelope == .infinity else { return Deterministic.log(envelope) }
    let scale = 0x1p-1000
    let t = target.scaled(by: scale)
    let v = initialVelocity.scaled(by: scale)
    let scaled = (t.scaled(by: lambda) - v).magnitudeSquared.squareRoot() + t.magnitudeSquared.squareRoot()
    return Deterministic.log(scaled) + 1000 * 0.6931471805599453
  }

  /// Creates a spring that settles (SwiftUI's envelope criterion) within `epsilon` after about
  /// `settlingDuration` seconds.
  ///
  /// SwiftUI's procedure, reproduced step for step: clamp ζ to `[ulpOfOne, 1]` (this
  /// initialiser never makes an over-damped spring) and the duration d to `[0.01, 10]`; solve for a
  /// frequency x by Newton's method, first from `5/d` with at most 12 iterations, and if that
  /// reports failure from `1/d` with at most 20:
  /// - ζ == 1: `f(x) = e^(−dx)·(dx + 1) − sign(x)·ε`, `f′ = −d²x·e^(−dx)` (x is λ);
  /// - ζ < 1: `f(x) = ε − (ζ/√(1−ζ²))·e^(−ζdx)`, `f′ = ζ²d·e^(−ζdx)/√(1−ζ²)` (x is ω0).
  /// The first two steps are unconditional (a non-finite iterate is a failure); then iteration
  /// stops when `|x₊ − x| ≤ ε` and returns x₊, reporting success only if the signed step before,
  /// `x₋ − x`, is ≤ ε·10⁵; running out of iterations counts as success (ε doubles as the Newton
  /// tolerance). Result: `ω = x·√(1 − ζ²)`, `λ = x·ζ`, mass 1.
  ///
  /// Bad input: settlingDuration NaN → 0.01 (others clamp as above, ±∞ included); dampingRatio NaN
  /// → 1; epsilon NaN, ≤ 0 or ≥ 1 → 0.001. If the retry also fails or the root is not a finite
  /// positive frequency (e.g. ζ so small that `ζ/√(1−ζ²) < ε`: the envelope starts below ε and
  /// the equation's root is negative) the spring gets ω0 = 2π/d (response = settling duration).
  /// ω0 is finally clamped to the response range ``minimumResponse``…``maximumResponse``.
  /// Cost: at most 32 Newton steps, each one `exp`.
  public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
    let d = settlingDuration.isNaN ? 0.01 : Swift.min(Swift.max(settlingDuration, 0.01), 10)
    let zeta = dampingRatio.isNaN ? 1 : Swift.min(Swift.max(dampingRatio, .ulpOfOne), 1)
    let eps = epsilon > 0 && epsilon < 1 ? epsilon : 0.001
    var root = Spring._settlingNewton(guess: 5 / d, maxIterations: 12, d: d, zeta: zeta, epsilon: eps)
    if !root.converged {
      root = Spring._settlingNewton(guess: 1 / d, maxIterations: 20, d: d, zeta: zeta, epsilon: eps)
    }
    var x = root.x
    if !(x > 0 && x < .infinity) { x = Spring._tau / d }
    let slowest = Spring._tau / Spring.maximumResponse
    let fastest = Spring._tau / Spring.minimumResponse
    x = Swift.min(Swift.max(x, slowest), fastest)
    self.init(
      _angularFrequency: x * (1 - zeta * zeta).squareRoot(), decayConstant: x * zeta, mass: 1)
  }

  /// The settling equation of ``init(settlingDuration:dampingRatio:epsilon:)`` and the
  /// derivative SwiftUI uses with it.
  @usableFromInline
  static func _settlingEquation(
    _ x: Double, d: Double, zeta: Double, epsilon: Double
  ) -> (value: Double, derivative: Double) {
    if zeta == 1 {
      let decay = Deterministic.exp(-d * x)
      let signedEpsilon = x.sign == .minus ? -epsilon : epsilon
      return (decay * (d * x + 1) - signedEpsilon, -(d * d) * x * decay)
    }
    let root = (1 - zeta * zeta).squareRoot()
    let decay = Deterministic.exp(-zeta * d * x)
    return (epsilon - zeta / root * decay, zeta * zeta * d * decay / root)
  }

  /// SwiftUI's hand-rolled Newton iteration (see ``init(settlingDuration:dampingRatio:epsilon:)``).
  @usableFromInline
  static func _settlingNewton(
    guess: Double, maxIterations: Int, d: Double, zeta: Double, epsilon: Double
  ) -> (x: Double, converged: Bool) {
    func step(_ x: Double) -> Double {
      let f = _settlingEquation(x, d: d, zeta: zeta, epsilon: epsilon)
      return x - f.value / f.derivative
    }
    var previous = step(guess)
    guard previous.isFinite else { return (previous, false) }
    var current = step(previous)
    guard current.isFinite else { return (current, false) }
    var iterations = 2
    while iterations < maxIterations {
      let next = step(current)
      iterations += 1
      guard next.isFinite else { return (next, false) }
      if (next - current).magnitude <= epsilon {
        return (next, previous - current <= epsilon * 1e5)
      }
      previous = current
      current = next
    }
    return (current, true)
  }
}
