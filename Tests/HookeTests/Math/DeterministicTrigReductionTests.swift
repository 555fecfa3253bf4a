import Hooke
import Testing

/// The π/2 reduction switches between a two-part Cody–Waite reduction (|x| < 64·π/2 and a
/// reduced argument |r| ≥ 2^-7) and a four-part one. Inputs on both sides of each switch —
/// the neighbours of 64·π/2, of n·π/2 ± 2^-7 for n = 1, 2, 3, 37, 63, 64, and the nearest
/// doubles to π/2 and π, plus a few ordinary points — against `float(mp.sin(mp.mpf(x)))` and
/// `float(mp.cos(mp.mpf(x)))` from mpmath with `mp.prec = 400` (rounded to nearest).
/// Every listed exact value lies at least 0.02 ulp from a rounding midpoint, so the
/// documented ≤ 0.51 ulp bound forces exactly these results.
@Suite struct DeterministicTrigReductionTests {
  /// (x, sin x, cos x) correctly rounded.
  static let rows: [(x: Double, sin: Double, cos: Double)] = [
    (0x1.921fb54442d16p+6, -0x1.234c4c6628b81p-45, 0x1.0000000000000p+0),
    (0x1.921fb54442d17p+6, -0x1.469898cc51702p-46, 0x1.0000000000000p+0),
    (0x1.921fb54442d18p+6, -0x1.1a62633145c07p-48, 0x1.0000000000000p+0),
    (0x1.921fb54442d19p+6, 0x1.72cece675d1fdp-47, 0x1.0000000000000p+0),
    (0x1.941fb54442d19p+0, 0x1.fffc000155552p-1, -0x1.fffeaaaaeefa8p-8),
    (0x1.901fb54442d17p+0, 0x1.fffc000155552p-1, 0x1.fffeaaaaef035p-8),
    (0x1.931fb54442d17p+1, -0x1.fffeaaaaeec61p-8, -0x1.fffc000155553p-1),
    (0x1.931fb54442d19p+1, -0x1.fffeaaaaef061p-8, -0x1.fffc000155552p-1),
    (0x1.911fb54442d17p+1, 0x1.fffeaaaaef17cp-8, -0x1.fffc000155552p-1),
    (0x1.2e17c7f3321d1p+2, -0x1.fffc000155553p-1, 0x1.fffeaaaaeea1bp-8),
    (0x1.2e17c7f3321d3p+2, -0x1.fffc000155552p-1, 0x1.fffeaaaaef21bp-8),
    (0x1.2d17c7f3321d1p+2, -0x1.fffc000155552p-1, -0x1.fffeaaaaef3c2p-8),
    (0x1.2d17c7f3321d2p+2, -0x1.fffc000155552p-1, -0x1.fffeaaaaeefc2p-8),
    (0x1.2d17c7f3321d3p+2, -0x1.fffc000155553p-1, -0x1.fffeaaaaeebc2p-8),
    (0x1.d104a996ed423p+5, 0x1.fffc000155553p-1, -0x1.fffeaaaaeccbbp-8),
    (0x1.d104a996ed425p+5, 0x1.fffc000155552p-1, -0x1.fffeaaaaf0cbap-8),
    (0x1.d0e4a996ed423p+5, 0x1.fffc000155552p-1, 0x1.fffeaaaaf1122p-8),
    (0x1.d0e4a996ed424p+5, 0x1.fffc000155552p-1, 0x1.fffeaaaaef123p-8),
    (0x1.d0e4a996ed425p+5, 0x1.fffc000155553p-1, 0x1.fffeaaaaed123p-8),
    (0x1.8bdf366f31c63p+6, -0x1.fffc000155553p-1, 0x1.fffeaaaaeb58fp-8),
    (0x1.8bdf366f31c64p+6, -0x1.fffc000155552p-1, 0x1.fffeaaaaef58fp-8),
    (0x1.8bdf366f31c65p+6, -0x1.fffc000155551p-1, 0x1.fffeaaaaf358ep-8),
    (0x1.8bcf366f31c63p+6, -0x1.fffc000155552p-1, -0x1.fffeaaaaf284ep-8),
    (0x1.8bcf366f31c64p+6, -0x1.fffc000155553p-1, -0x1.fffeaaaaee84ep-8),
    (0x1.8bcf366f31c65p+6, -0x1.fffc000155554p-1, -0x1.fffeaaaaea84fp-8),
    (0x1.9227b54442d17p+6, 0x1.fffeaaaae9d49p-8, 0x1.fffc000155554p-1),
    (0x1.9227b54442d19p+6, 0x1.fffeaaaaf1d48p-8, 0x1.fffc000155552p-1),
    (0x1.9217b54442d17p+6, -0x1.fffeaaaaf4094p-8, 0x1.fffc000155551p-1),
    (0x1.9217b54442d18p+6, -0x1.fffeaaaaf0095p-8, 0x1.fffc000155552p-1),
    (0x1.9217b54442d19p+6, -0x1.fffeaaaaec095p-8, 0x1.fffc000155553p-1),
    (0x1.921fb54442d18p+0, 0x1.0000000000000p+0, 0x1.1a62633145c07p-54),
    (0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53, -0x1.0000000000000p+0),
    (0x1.1efd21ff2e48fp+1, 0x1.90e6e006af964p-1, -0x1.3e77bddd4651ep-1),
    (0x1.919999999999ap+6, -0x1.0b7337d90d0f5p-3, 0x1.fb9d8b7628c25p-1),
    (0x1.921fb54442d19p-1, 0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bccp-1),
  ]

  @Test func reductionSwitchesAgreeWithOracle() {
    for row in Self.rows {
      for x in [row.x, -row.x] {
        let sign: Double = x < 0 ? -1 : 1
        #expect(Deterministic.sin(x) == sign * row.sin, "sin(\(x))")
        #expect(Deterministic.cos(x) == row.cos, "cos(\(x))")
        let pair = Deterministic.sincos(x)
        #expect(pair.sin == sign * row.sin && pair.cos == row.cos, "sincos(\(x))")
      }
    }
  }
}
