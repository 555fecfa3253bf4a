/// Approximate equality with a stated contract (the swift-numerics one):
/// `a ≈ b` iff `a == b`, or both are finite and
/// `|a − b| ≤ max(absoluteTolerance, relativeTolerance · max(|a|, |b|))`.
/// NaN is never approximately equal to anything; infinities only to themselves.
public func isApproximatelyEqual<T: BinaryFloatingPoint>(
  _ a: T, _ b: T, relativeTolerance: T, absoluteTolerance: T = 0
) -> Bool {
  if a == b { return true }
  guard a.isFinite, b.isFinite else { return false }
  let scale = Swift.max(a.magnitude, b.magnitude)
  return (a - b).magnitude <= Swift.max(absoluteTolerance, relativeTolerance * scale)
}

/// The distance between `a` and `b` in units in the last place of the *exact* value `exact`,
/// measured in `Double`: `|a − exact| / ulp(exact)` where `ulp` is the spacing of `T` at `exact`.
/// Subnormal results use the subnormal spacing. Returns `.infinity` when one side is NaN and the
/// other is not, and 0 when both are NaN or both are the same infinity.
public func ulpError<T: BinaryFloatingPoint>(_ a: T, exact: Double) -> Double {
  if a.isNaN || exact.isNaN { return a.isNaN && exact.isNaN ? 0 : .infinity }
  if a.isInfinite || exact.isInfinite {
    // An exact value beyond the largest finite T rounds to infinity: that is 0 ulp.
    if a.isInfinite && Double(a) == exact { return 0 }
    if a.isInfinite && exact.magnitude >= Double(T.greatestFiniteMagnitude) && (exact > 0) == (a > 0) {
      return 0
    }
    return .infinity
  }
  let rounded = T(exact)
  let spacing: Double
  if rounded.isInfinite {
    spacing = Double(T.greatestFiniteMagnitude.ulp)
  } else {
    // The spacing at |exact|: ulp of the representable value just below |exact| in binade terms.
    let mag = T(Swift.abs(exact))
    spacing = Double(
      mag.isFinite ? (mag == 0 ? T.leastNonzeroMagnitude : mag.ulp) : T.greatestFiniteMagnitude.ulp)
    // A value exactly on a binade boundary rounds up into the larger binade; use the smaller
    // spacing below it when |exact| is below the boundary.
    if Double(mag) > Swift.abs(exact), mag.significandBitPattern == 0, mag > T.leastNormalMagnitude {
      return Swift.abs(Double(a) - exact) / (spacing / 2)
    }
  }
  return Swift.abs(Double(a) - exact) / spacing
}
