import Hooke
import Testing

/// Expects `curve.valueAndVelocity(at: x)` to equal `value(at: x)` and `velocity(at: x)` bit for
/// bit, as `TimingCurve` documents it for every curve type (`seed`: the caller's, printed on
/// failure).
func expectValueAndVelocityMatchesTheTwoCalls<Curve: TimingCurve>(
  _ curve: Curve, at x: Double, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
) {
  let (v, s) = curve.valueAndVelocity(at: x)
  let value = curve.value(at: x)
  let velocity = curve.velocity(at: x)
  #expect(
    v.bitPattern == value.bitPattern && s.bitPattern == velocity.bitPattern,
    "seed \(seed): \(curve) at \(x): \(v), \(s) vs \(value), \(velocity)", sourceLocation: sourceLocation)
}
