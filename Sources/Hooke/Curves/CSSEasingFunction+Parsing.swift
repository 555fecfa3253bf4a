/// Why CSS easing text was rejected, and where (see ``CSSEasingFunction/init(parsing:)``).
public struct CSSEasingParseError: Error, Hashable, Sendable {
  /// What was wrong.
  public enum Reason: Hashable, Sendable {
    /// The text is empty or only white space.
    case empty
    /// A keyword that is not an easing keyword (`auto`, `ease-in-ease-out`, …).
    case unknownKeyword
    /// A function other than `cubic-bezier()`, `steps()` and `linear()`.
    case unknownFunction
    /// A number was expected (also: a percentage where a number is required).
    case expectedNumber
    /// A comma was expected between arguments.
    case expectedComma
    /// The closing parenthesis is missing.
    case expectedClosingParenthesis
    /// A number followed by a unit (`10px`, `1e`): CSS easing arguments take none.
    case unexpectedUnit
    /// A number too large for `Double`.
    case numberOutOfRange
    /// `cubic-bezier()` needs exactly four numbers.
    case bezierArgumentCount
    /// `cubic-bezier()` x1 or x2 outside `[0, 1]` (CSS Easing 1: the definition is invalid).
    case bezierXOutOfRange
    /// The `steps()` count is not an `<integer>` (`2.5`, `2.0`, `2e0`).
    case stepCountNotInteger
    /// The `steps()` count is below 1, or below 2 with `jump-none`.
    case stepCountTooSmall
    /// The second `steps()` argument is not a `<step-position>` keyword.
    case unknownStepPosition
    /// `linear()` without any stop.
    case linearEmpty
    /// A `linear()` stop with more than two percentages, or with percentages on both sides of
    /// its number (the grammar is `<number> && <percentage>{0,2}`).
    case linearStopShape
    /// Text after a complete easing function.
    case trailingCharacters
  }

  /// What was wrong.
  public let reason: Reason
  /// The UTF-8 offset in the text where the problem was found.
  public let offset: Int

  /// An error for `reason` at UTF-8 `offset`.
  public init(_ reason: Reason, at offset: Int) {
    self.reason = reason
    self.offset = offset
  }
}

extension CSSEasingFunction {
  /// Parses one CSS `<easing-function>`:
  /// `linear | ease | ease-in | ease-out | ease-in-out | step-start | step-end`
  /// `| cubic-bezier(<number>, <number>, <number>, <number>)`
  /// `| steps(<integer>[, <step-position>]?)`
  /// `| linear([<number> && <percentage>{0,2}]#)`.
  ///
  /// As CSS: keywords and function names are ASCII case-insensitive; white space (space, tab,
  /// line feed, carriage return, form feed) may surround the easing and every argument but not
  /// separate a function name from its `(`; numbers are CSS number tokens
  /// (`[+-]? (digits [. digits] | . digits) [(e|E) [+-]? digits]`). Not supported: comments,
  /// `calc()`, CSS escapes. Errors (CSS Easing 1 and 2): x1 or x2 of `cubic-bezier()` outside
  /// `[0, 1]`; a `steps()` count that is not an integer, below 1, or below 2 with `jump-none`;
  /// an unknown `<step-position>`; `linear()` with no stop, a stop without its number, with
  /// three percentages, or with percentages on both sides of its number; a unit on any
  /// number; missing commas or parentheses; anything after the easing. Hooke's own rule: a
  /// number beyond the `Double` range is rejected (`numberOutOfRange`). A single `linear()`
  /// stop is accepted (the CSS Working Group resolved in 2024 to allow it: a constant easing).
  ///
  /// y coordinates of `cubic-bezier()` are stored as ``CubicBezier`` clamps them (±2³²).
  /// Throws ``CSSEasingParseError`` naming the reason and its UTF-8 offset. Cost: O(text length).
  public init(parsing text: String) throws(CSSEasingParseError) {
    var scanner = _CSSEasingScanner(Array(text.utf8))
    scanner.skipSpace()
    guard !scanner.atEnd else { throw CSSEasingParseError(.empty, at: scanner.index) }
    let nameStart = scanner.index
    let name = scanner.identifier()
    guard !name.isEmpty else { throw CSSEasingParseError(.unknownKeyword, at: nameStart) }
    if scanner.peek == 40 {  // "(": a function
      scanner.index += 1
      switch name {
      case "cubic-bezier": self = .cubicBezier(try scanner.cubicBezierArguments())
      case "steps": self = .steps(try scanner.stepsArguments())
      case "linear": self = .linearFunction(try scanner.linearArguments())
      default: throw CSSEasingParseError(.unknownFunction, at: nameStart)
      }
    } else {
      switch name {
      case "linear": self = .linear
      case "ease": self = .ease
      case "ease-in": self = .easeIn
      case "ease-out": self = .easeOut
      case "ease-in-out": self = .easeInOut
      case "step-start": self = .steps(.stepStart)
      case "step-end": self = .steps(.stepEnd)
      default: throw CSSEasingParseError(.unknownKeyword, at: nameStart)
      }
    }
    scanner.skipSpace()
    guard scanner.atEnd else { throw CSSEasingParseError(.trailingCharacters, at: scanner.index) }
  }
}

/// A cursor over UTF-8 CSS text with the few token shapes easing functions use.
struct _CSSEasingScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 || b == 12 }
  static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
  static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
  /// A byte that may start a CSS identifier: a letter, `_`, `-` or any non-ASCII byte.
  static func isIdentifierByte(_ b: UInt8) -> Bool {
    isLetter(b) || isDigit(b) || b == 45 || b == 95 || b >= 0x80
  }

  mutating func skipSpace() {
    while let b = peek, Self.isSpace(b) { index += 1 }
  }

  /// An identifier at the cursor, ASCII-lowercased (empty if none starts here).
  mutating func identifier() -> String {
    guard let first = peek, Self.isLetter(first) || first == 45 || first == 95 || first >= 0x80 else {
      return ""
    }
    var name: [UInt8] = []
    while let b = peek, Self.isIdentifierByte(b) {
      name.append(Self.isLetter(b) ? b | 0x20 : b)
      index += 1
    }
    return String(decoding: name, as: UTF8.self)
  }

  /// A CSS number token at the cursor: its value and whether it is an `<integer>` (no
  /// fraction, no exponent). Nil (cursor unchanged) when no number starts here.
  mutating func number() throws(CSSEasingParseError) -> (value: Double, isInteger: Bool)? {
    let start = index
    var i = index
    if i < bytes.count && (bytes[i] == 43 || bytes[i] == 45) { i += 1 }
    var digits = 0
    while i < bytes.count && Self.isDigit(bytes[i]) {
      i += 1
      digits += 1
    }
    var isInteger = true
    if i + 1 < bytes.count && bytes[i] == 46 && Self.isDigit(bytes[i + 1]) {
      isInteger = false
      i += 1
      while i < bytes.count && Self.isDigit(bytes[i]) {
        i += 1
        digits += 1
      }
    }
    guard digits > 0 else { return nil }
    if i < bytes.count && (bytes[i] | 0x20) == 101 {  // exponent only when digits follow
      var j = i + 1
      if j < bytes.count && (bytes[j] == 43 || bytes[j] == 45) { j += 1 }
      if j < bytes.count && Self.isDigit(bytes[j]) {
        isInteger = false
        while j < bytes.count && Self.isDigit(bytes[j]) { j += 1 }
        i = j
      }
    }
    var k = 0
    guard let value = _DecimalText.parse(Array(bytes[start..<i]), &k) else { return nil }
    index = i
    guard value.isFinite else { throw CSSEasingParseError(.numberOutOfRange, at: start) }
    // A unit glued to the number makes it a dimension (`10px`, `1e`), which no argument takes.
    if let b = peek, b != 37,
      Self.isLetter(b) || b == 95 || b >= 0x80
        || (b == 45 && index + 1 < bytes.count && Self.isLetter(bytes[index + 1]))
    {
      throw CSSEasingParseError(.unexpectedUnit, at: index)
    }
    return (value, isInteger)
  }

  /// A number that must be there (percentages are not numbers).
  mutating func requiredNumber() throws(CSSEasingParseError) -> (value: Double, isInteger: Bool) {
    skipSpace()
    let start = index
    guard let n = try number(), peek != 37 else { throw CSSEasingParseError(.expectedNumber, at: start) }
    return n
  }

  /// A percentage at the cursor as a fraction (`25%` → 0.25, the division exact on the
  /// decimal), or nil (cursor unchanged) when none starts here.
  mutating func percentage() throws(CSSEasingParseError) -> Double? {
    skipSpace()
    let start = index
    guard try number() != nil, peek == 37 else {
      index = start
      return nil
    }
    var k = 0
    let fraction = _DecimalText.parse(Array(bytes[start..<index]), &k, exponentShift: -2)!
    index += 1
    return fraction
  }

  /// `,` (true) or `)` (false) after optional white space; anything else is `expectedComma`,
  /// the end of the text `expectedClosingParenthesis`.
  mutating func separator() throws(CSSEasingParseError) -> Bool {
    skipSpace()
    guard let b = peek else { throw CSSEasingParseError(.expectedClosingParenthesis, at: index) }
    index += 1
    if b == 44 { return true }
    if b == 41 { return false }
    throw CSSEasingParseError(.expectedComma, at: index - 1)
  }

  mutating func cubicBezierArguments() throws(CSSEasingParseError) -> CubicBezier {
    let start = index
    var values: [Double] = []
    while true {
      skipSpace()
      if values.count < 4 && peek == 41 { throw CSSEasingParseError(.bezierArgumentCount, at: index) }
      let numberStart = index
      let value = try requiredNumber().value
      if (values.count == 0 || values.count == 2) && !(value >= 0 && value <= 1) {
        throw CSSEasingParseError(.bezierXOutOfRange, at: numberStart)
      }
      values.append(value)
      let more = try separator()
      if values.count == 4 {
        if more { throw CSSEasingParseError(.bezierArgumentCount, at: index - 1) }
        break
      }
      if !more { throw CSSEasingParseError(.bezierArgumentCount, at: start) }
    }
    return CubicBezier(values[0], values[1], values[2], values[3])
  }

  mutating func stepsArguments() throws(CSSEasingParseError) -> StepsEasing {
    skipSpace()
    let countStart = index
    let (count, isInteger) = try requiredNumber()
    guard isInteger else { throw CSSEasingParseError(.stepCountNotInteger, at: countStart) }
    var position = StepsEasing.Position.end
    var explicitPosition = false
    if try separator() {
      skipSpace()
      let keywordStart = index
      switch identifier() {
      case "jump-start": position = .jumpStart
      case "jump-end": position = .jumpEnd
      case "jump-none": position = .jumpNone
      case "jump-both": position = .jumpBoth
      case "start": position = .start
      case "end": position = .end
      default: throw CSSEasingParseError(.unknownStepPosition, at: keywordStart)
      }
      explicitPosition = true
      guard try !separator() else { throw CSSEasingParseError(.expectedClosingParenthesis, at: index - 1) }
    }
    let minimum = position == .jumpNone ? 2.0 : 1.0
    guard count >= minimum else { throw CSSEasingParseError(.stepCountTooSmall, at: countStart) }
    // Integers beyond Int are kept as the largest Int (the staircase is then finer than Double).
    let n = count >= 0x1p63 ? Int.max : Int(count)
    return StepsEasing(n, explicitPosition ? position : .end)
  }

  mutating func linearArguments() throws(CSSEasingParseError) -> CSSLinearEasing {
    skipSpace()
    if peek == 41 { throw CSSEasingParseError(.linearEmpty, at: index) }
    var stops: [CSSLinearEasing.Stop] = []
    while true {
      skipSpace()
      let stopStart = index
      var before: [Double] = []
      while before.count < 3, let p = try percentage() { before.append(p) }
      skipSpace()
      let output = try requiredNumber().value
      var after: [Double] = []
      while after.count < 3, let p = try percentage() { after.append(p) }
      if before.count + after.count > 2 || (!before.isEmpty && !after.isEmpty) {
        throw CSSEasingParseError(.linearStopShape, at: stopStart)
      }
      let inputs = before + after
      if inputs.isEmpty {
        stops.append(CSSLinearEasing.Stop(output))
      } else {
        for input in inputs { stops.append(CSSLinearEasing.Stop(output, at: input)) }
      }
      if try !separator() { break }
    }
    return CSSLinearEasing(stops: stops)
  }
}
