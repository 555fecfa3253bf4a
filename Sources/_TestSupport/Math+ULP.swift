/// An exact reference value stored as `hi + frac·ulp(hi)`: `hi` is the exact value rounded to
/// the nearest `Double`, `frac ∈ [−½, ½]` the remainder in units of `hi.ulp` (fixture format of
/// `Tests/Fixtures/math/`). Precise far beyond `Double`, also for subnormal results.
public struct MathReferenceValue: Sendable {
  /// The exact value rounded to the nearest `Double`.
  public var hi: Double
  /// (exact − hi) / ulp(hi).
  public var frac: Double

  /// Creates a reference value from its two fixture fields.
  public init(hi: Double, frac: Double) {
    self.hi = hi
    self.frac = frac
  }

  /// A reference value from a double-double `hi + lo` (`hi` = fl(hi + lo)).
  public init(doubleDouble hi: Double, _ lo: Double) {
    self.hi = hi
    let u = MathReferenceValue.unit(hi)
    self.frac = u > 0 && hi.isFinite ? lo / u : 0
  }

  static func unit(_ h: Double) -> Double {
    if h == 0 { return Double.leastNonzeroMagnitude }
    return h.magnitude.ulp
  }

  /// The spacing of `Double` at the exact value (half of `hi.ulp` just below a power of two).
  var spacing: Double {
    let u = MathReferenceValue.unit(hi)
    if frac < 0, hi != 0, hi.magnitude.significandBitPattern == 0,
      hi.magnitude > Double.leastNormalMagnitude, hi > 0
    {
      return u / 2
    }
    if frac > 0, hi.magnitude.significandBitPattern == 0, hi.magnitude > Double.leastNormalMagnitude, hi < 0 {
      return u / 2
    }
    return u
  }

  /// |value − exact| in ulps of the exact value (`Double` spacing). NaN matches NaN (0);
  /// infinities match an infinite `hi` of the same sign (0); any other mismatch is `.infinity`.
  public func ulpError(_ value: Double) -> Double {
    if value.isNaN || hi.isNaN { return value.isNaN && hi.isNaN ? 0 : .infinity }
    if value.isInfinite || hi.isInfinite { return value == hi ? 0 : .infinity }
    // value − hi is exact when they are within a binade of each other; TwoSum otherwise.
    let d = value - hi
    let dLo = (value - (d + hi))
    let u = MathReferenceValue.unit(hi)
    // In units of u, so that nothing is lost when u is the subnormal spacing.
    let diff = (d / u - frac) + dLo / u
    return diff.magnitude / (spacing / u)
  }

  /// |value − exact| in ulps of `Float` at the exact value (via ``ulpError(_:exact:)``).
  public func ulpError(_ value: Float) -> Double {
    if hi.isNaN || value.isNaN { return value.isNaN && hi.isNaN ? 0 : .infinity }
    if hi.isInfinite { return _TestSupport.ulpError(value, exact: hi) }
    return _TestSupport.ulpError(value, exact: hi + frac * MathReferenceValue.unit(hi))
  }
}
