import Hooke
import Testing
import _TestSupport

/// Expectations from CSS Easing Level 1 (§2 keywords and `cubic-bezier()`, §3 `steps()`, the
/// serialization section), CSS Easing Level 2 (`linear()` grammar and the serialization of its
/// control points), CSSOM (a number has at most 6 decimals, trailing zeros dropped) and the
/// web-platform tests' parsing cases for `animation-timing-function`.
@Suite struct CSSEasingFunctionTests {
  func parse(_ text: String) -> CSSEasingFunction? { try? CSSEasingFunction(parsing: text) }

  func reason(_ text: String) -> CSSEasingParseError.Reason? {
    do {
      _ = try CSSEasingFunction(parsing: text)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func keywordsStayKeywords() {
    let table: [(String, CSSEasingFunction)] = [
      ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut),
      ("ease-in-out", .easeInOut),
    ]
    for (text, expected) in table {
      #expect(parse(text) == expected, "\(text)")
      #expect(expected.cssText == text)
      #expect(parse(text.uppercased()) == expected, "keywords are ASCII case-insensitive")
      #expect(parse("  \t\(text)\n ") == expected, "surrounding white space")
    }
    // CSS Easing 1 defines each keyword as a Bézier.
    #expect(CSSEasingFunction.ease.cubicBezier == CubicBezier(0.25, 0.1, 0.25, 1))
    #expect(CSSEasingFunction.easeIn.cubicBezier == CubicBezier(0.42, 0, 1, 1))
    #expect(CSSEasingFunction.easeOut.cubicBezier == CubicBezier(0, 0, 0.58, 1))
    #expect(CSSEasingFunction.easeInOut.cubicBezier == CubicBezier(0.42, 0, 0.58, 1))
    #expect(CSSEasingFunction.linear.value(at: 1.5) == 1.5 && CSSEasingFunction.linear.velocity(at: 3) == 1)
  }

  @Test func stepKeywordsSerializeAsSteps() {
    #expect(parse("step-start") == .steps(StepsEasing(1, .start)))
    #expect(parse("step-end") == .steps(StepsEasing(1, .end)))
    #expect(parse("step-start")?.cssText == "steps(1, start)")
    #expect(parse("step-end")?.cssText == "steps(1)")
    let table: [(String, String)] = [
      ("steps(4)", "steps(4)"), ("steps(4, end)", "steps(4)"), ("steps(4, jump-end)", "steps(4)"),
      ("steps(2, start)", "steps(2, start)"), ("steps(2, jump-start)", "steps(2, jump-start)"),
      ("steps(2, jump-none)", "steps(2, jump-none)"), ("steps(3, jump-both)", "steps(3, jump-both)"),
      ("STEPS( +3 , START )", "steps(3, start)"),
    ]
    for (text, serialized) in table { #expect(parse(text)?.cssText == serialized, "\(text)") }
  }

  @Test func cubicBezierTextAndRange() {
    let valid: [(String, String)] = [
      ("cubic-bezier(0.1, 0.2, 0.8, 0.9)", "cubic-bezier(0.1, 0.2, 0.8, 0.9)"),
      ("cubic-bezier(0, -2, 1, 3)", "cubic-bezier(0, -2, 1, 3)"),
      ("cubic-bezier(0, 0.7, 1, 1.3)", "cubic-bezier(0, 0.7, 1, 1.3)"),
      ("Cubic-Bezier(.25,.1,.25,1)", "cubic-bezier(0.25, 0.1, 0.25, 1)"),
      ("cubic-bezier(0.333333333, 0, 1e-1, 1.0)", "cubic-bezier(0.333333, 0, 0.1, 1)"),
    ]
    for (text, serialized) in valid { #expect(parse(text)?.cssText == serialized, "\(text)") }
    #expect(parse("cubic-bezier(0.5, 0, 1, 0.5)") == .cubicBezier(CubicBezier(0.5, 0, 1, 0.5)))
  }

  @Test func invalidTextNamesTheReason() {
    typealias R = CSSEasingParseError.Reason
    let table: [(String, R)] = [
      ("", .empty), ("   ", .empty),
      ("auto", .unknownKeyword), ("ease-in ease-out", .trailingCharacters), ("initial", .unknownKeyword),
      ("frames(3)", .unknownFunction), ("cubic-bezier (0, 0, 1, 1)", .unknownKeyword),
      ("cubic-bezier(1, 2, 3)", .bezierXOutOfRange), ("cubic-bezier(0.1, 0.2, 0.3)", .bezierArgumentCount),
      ("cubic-bezier(0.1, 0.2, 0.3, 0.4, 0.5)", .bezierArgumentCount),
      ("cubic-bezier()", .bezierArgumentCount),
      ("cubic-bezier(0.1, 0.2, 0.3, infinite)", .expectedNumber),
      ("cubic-bezier(-0.1, 0.1, 0.5, 0.9)", .bezierXOutOfRange),
      ("cubic-bezier(0.5, 0.1, 1.1, 0.9)", .bezierXOutOfRange),
      ("cubic-bezier(0.1 0.2, 0.3, 0.4)", .expectedComma),
      ("cubic-bezier(0.1, 0.2, 0.3, 0.4", .expectedClosingParenthesis),
      ("cubic-bezier(0.1, 10%, 0.3, 0.4)", .expectedNumber),
      ("cubic-bezier(0.1, 1px, 0.3, 0.4)", .unexpectedUnit),
      ("cubic-bezier(0.1, 1e999, 0.3, 0.4)", .numberOutOfRange),
      ("steps(0)", .stepCountTooSmall), ("steps(0, start)", .stepCountTooSmall),
      ("steps(-1)", .stepCountTooSmall),
      ("steps(1, jump-none)", .stepCountTooSmall), ("steps(1.5, end)", .stepCountNotInteger),
      ("steps(2.0)", .stepCountNotInteger), ("steps(2e0)", .stepCountNotInteger),
      ("steps(2, left)", .unknownStepPosition), ("steps(2,)", .unknownStepPosition),
      ("steps(2 end)", .expectedComma), ("steps()", .expectedNumber), ("steps(end)", .expectedNumber),
      ("steps(2, end, end)", .expectedClosingParenthesis),
      ("linear()", .linearEmpty), ("linear( )", .linearEmpty), ("linear(50%)", .expectedNumber),
      ("linear(0% 100%)", .expectedNumber), ("linear(0 0% 50% 100%)", .linearStopShape),
      ("linear(0% 1 50%)", .linearStopShape), ("linear(0 0% 1 100%)", .expectedComma),
      ("linear(0 1)", .expectedComma), ("linear(0, 1,)", .expectedNumber), ("linear(0,, 1)", .expectedNumber),
      ("linear(0 10px, 1)", .unexpectedUnit), ("linear(0, 1", .expectedClosingParenthesis),
      ("linear(0, 1) x", .trailingCharacters), ("linear(a)", .expectedNumber),
      ("linear(0, 5., 1)", .expectedComma),
    ]
    for (text, expected) in table {
      #expect(reason(text) == expected, "\(text)")
      #expect(CSSLinearEasing(parsing: text) == nil, "\(text)")
    }
    // The offset points at the offending token.
    do {
      _ = try CSSEasingFunction(parsing: "cubic-bezier(0.5, 0, 1.5, 1)")
      Issue.record("accepted an x outside [0, 1]")
    } catch {
      #expect(error == CSSEasingParseError(.bezierXOutOfRange, at: 21))
    }
  }

  /// CSS Easing 2: stops are canonicalised (missing inputs spread evenly, inputs raised to the
  /// largest before them) and each control point serializes as `<number> <percentage>`.
  @Test func linearGrammarAndSerialization() {
    let table: [(String, String)] = [
      ("linear(0 0%, 1 100%)", "linear(0 0%, 1 100%)"),
      ("linear(0, 1)", "linear(0 0%, 1 100%)"),
      ("linear(0 0% 50%, 1 50% 100%)", "linear(0 0%, 0 50%, 1 50%, 1 100%)"),
      ("linear(0, 0.5 25% 75%, 1 100% 100%)", "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%, 1 100%)"),
      ("linear(0, 1.3, 1, 0.92, 1)", "linear(0 0%, 1.3 25%, 1 50%, 0.92 75%, 1 100%)"),
      ("linear(-10, -5, 0, 5, 10)", "linear(-10 0%, -5 25%, 0 50%, 5 75%, 10 100%)"),
      ("linear(-10 -10%, -5 -5%, 0, 5, 10)", "linear(-10 -10%, -5 -5%, 0 30%, 5 65%, 10 100%)"),
      ("linear(0 20%, 0.5 10%, 1)", "linear(0 20%, 0.5 20%, 1 100%)"),
      ("linear(25% 0, 1)", "linear(0 25%, 1 100%)"),  // `<number> && <percentage>`: either order
      ("linear(0, 25% 75% 0.5, 1)", "linear(0 0%, 0.5 25%, 0.5 75%, 1 100%)"),
      ("LINEAR(0,1)", "linear(0 0%, 1 100%)"),
      // A single stop is valid since the CSS Working Group's 2024 resolution: a constant.
      ("linear(0.5)", "linear(0.5 0%)"), ("linear(0 0% 100%)", "linear(0 0%, 0 100%)"),
    ]
    for (text, serialized) in table {
      #expect(parse(text)?.cssText == serialized, "\(text) → \(parse(text)?.cssText ?? "nil")")
      #expect(parse(serialized)?.cssText == serialized, "serialization is a fixed point: \(serialized)")
    }
    #expect(parse("linear(0.5)")?.value(at: 0.3) == 0.5)
    #expect(parse("linear")?.cssText == "linear", "the keyword is not the function")
  }

  /// Random easings of every kind with decimal parameters print and parse back to equal values.
  @Test func textRoundTrips() {
    let seed: UInt64 = 0x5EED_C55
    var rng = SplitMix64(seed: seed)
    func decimal(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &rng)) / 1000 }
    let positions = StepsEasing.Position.allCases
    for trial in 0..<300 {
      let easing: CSSEasingFunction
      switch trial % 3 {
      case 0:
        easing = .cubicBezier(
          CubicBezier(decimal(0...1000), decimal(-3000...3000), decimal(0...1000), decimal(-3000...3000)))
      case 1:
        let position = positions[Int.random(in: 0..<positions.count, using: &rng)]
        easing = .steps(StepsEasing(Int.random(in: 2...500, using: &rng), position))
      default:
        var stops: [CSSLinearEasing.Stop] = []
        for _ in 0..<Int.random(in: 2...8, using: &rng) {
          // Inputs as exact decimals of a percentage (m / 10⁵), as the parser reads them back.
          let input = Double(Int.random(in: -50_000...150_000, using: &rng)) / 100_000
          stops.append(CSSLinearEasing.Stop(decimal(-2000...2000), at: input))
        }
        easing = .linearFunction(CSSLinearEasing(stops: stops))
      }
      let text = easing.cssText
      #expect(parse(text)?.cssText == text, "seed \(seed) trial \(trial): \(text)")
      // `jump-end` serializes as the default and reads back as its alias `end` (same staircase).
      if case .steps(let steps) = easing, steps.position == .jumpEnd {
        #expect(parse(text) == .steps(StepsEasing(steps.stepCount, .end)), "seed \(seed) trial \(trial)")
      } else {
        #expect(parse(text) == easing, "seed \(seed) trial \(trial): \(text)")
      }
    }
  }
}
