extension BinaryFloatingPoint {
  /// `self` rounded to the nearest integer, halfway cases away from zero — the same result as
  /// `rounded()`, built from truncation so that it compiles to an instruction on every target
  /// (wasm32 has no round-half-away instruction, and `rounded()` would need libm's `round`).
  ///
  /// Exact: `self − trunc(self)` is computed without rounding error. NaN and ±∞ are returned
  /// unchanged; −0.4 gives −0.
  @inlinable
  var _roundedHalfAwayFromZero: Self {
    let whole = rounded(.towardZero)
    let fraction = self - whole
    if fraction >= 0.5 { return whole + 1 }
    if fraction <= -0.5 { return whole - 1 }
    return whole
  }
}
