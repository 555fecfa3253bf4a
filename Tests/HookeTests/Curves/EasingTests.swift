import Hooke
import Testing
import _TestSupport

/// Penner easings against an independent mpmath transcription of the easings.net formulas
/// (`Tests/Fixtures/curves-easing.txt`).
@Suite struct EasingTests {
  static let named: [String: Easing] = [
    "quadIn": .quadIn, "quadOut": .quadOut, "quadInOut": .quadInOut,
    "cubicIn": .cubicIn, "cubicOut": .cubicOut, "cubicInOut": .cubicInOut,
    "quartIn": .quartIn, "quartOut": .quartOut, "quartInOut": .quartInOut,
    "quintIn": .quintIn, "quintOut": .quintOut, "quintInOut": .quintInOut,
    "sineIn": .sineIn, "sineOut": .sineOut, "sineInOut": .sineInOut,
    "expoIn": .expoIn, "expoOut": .expoOut, "expoInOut": .expoInOut,
    "circIn": .circIn, "circOut": .circOut, "circInOut": .circInOut,
    "backIn": .backIn, "backOut": .backOut, "backInOut": .backInOut,
    "elasticIn": .elasticIn, "elasticOut": .elasticOut, "elasticInOut": .elasticInOut,
    "bounceIn": .bounceIn, "bounceOut": .bounceOut, "bounceInOut": .bounceInOut,
  ]

  static var all: [Easing] {
    Easing.Family.allCases.flatMap { f in Easing.Mode.allCases.map { Easing(f, $0) } }
  }

  @Test func valuesAndVelocitiesAgainstMpmath() {
    var checked = 0
    for row in Fixture.rows("curves-easing.txt") {
      guard let easing = Self.named[String(row[0])] else { continue }
      let x = Fixture.double(row[1])
      let value = Fixture.double(row[2])
      let slope = Fixture.double(row[3])
      let v = easing.value(at: x)
      let s = easing.velocity(at: x)
      #expect(
        isApproximatelyEqual(v, value, relativeTolerance: 0, absoluteTolerance: 2e-15),
        "\(row[0]) value(\(x)) = \(v), expected \(value)")
      #expect(
        isApproximatelyEqual(s, slope, relativeTolerance: 2e-14, absoluteTolerance: 2e-14),
        "\(row[0]) velocity(\(x)) = \(s), expected \(slope)")
      checked += 1
    }
    #expect(checked == 30 * 25)
  }

  @Test func endpointsAreExact() {
    for easing in Self.all {
      #expect(easing.value(at: 0) == 0 && easing.value(at: 1) == 1, "\(easing)")
      #expect(easing.value(at: -3) == 0 && easing.value(at: 7) == 1, "\(easing)")
      #expect(easing.value(at: .nan) == 0 && easing.value(at: .infinity) == 1, "\(easing)")
      #expect(!easing.velocity(at: .nan).isNaN && !easing.velocity(at: -.infinity).isNaN, "\(easing)")
    }
  }

  @Test func monotoneFamilies() {
    for easing in Self.all where ![.back, .elastic, .bounce].contains(easing.family) {
      var previous = -Double.infinity
      for i in 0...4000 {
        let v = easing.value(at: Double(i) / 4000)
        #expect(v >= previous, "\(easing) at \(i)")
        previous = v
      }
    }
    // And the others really are not monotone (they overshoot or bounce).
    #expect(Easing.backIn.value(at: 0.2) < 0 && Easing.backOut.value(at: 0.8) > 1)
    #expect(Easing.elasticOut.value(at: 0.1) > 1)
    #expect(Easing.bounceOut.value(at: 0.5) < Easing.bounceOut.value(at: 0.36))
  }

  @Test func velocityMatchesCentralDifferences() {
    let h = 1e-6
    // Avoid the bounce joins (kinks of the value) and x = ½ of inOut, where the second
    // derivative jumps so the central difference is only O(h) accurate (the mpmath fixture
    // covers ½).
    let kinks = [1 / 2.75, 2 / 2.75, 2.5 / 2.75]
    for easing in Self.all {
      for i in 1...49 {
        let x = Double(i) / 50
        if easing.mode == .inOut && i == 25 { continue }
        if easing.family == .bounce {
          let mapped: [Double]
          switch easing.mode {
          case .out: mapped = kinks
          case .in: mapped = kinks.map { 1 - $0 }
          case .inOut: mapped = kinks.map { (1 - $0) / 2 } + kinks.map { 0.5 + $0 / 2 }
          }
          if mapped.contains(where: { abs($0 - x) < 1e-3 }) { continue }
        }
        let fd = (easing.value(at: x + h) - easing.value(at: x - h)) / (2 * h)
        #expect(
          isApproximatelyEqual(easing.velocity(at: x), fd, relativeTolerance: 1e-6, absoluteTolerance: 1e-7),
          "\(easing) at \(x): \(easing.velocity(at: x)) vs \(fd)")
      }
    }
  }

  @Test func circVelocityIsInfiniteWhereVertical() {
    #expect(Easing.circIn.velocity(at: 1) == .infinity)
    #expect(Easing.circOut.velocity(at: 0) == .infinity)
    #expect(Easing.circInOut.velocity(at: 0.5) == .infinity)
  }
}
