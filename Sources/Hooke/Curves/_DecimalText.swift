/// Deterministic decimal text for CSS export and parse-back. `\(double)` is not used because
/// its output is not guaranteed identical under Embedded Swift; this formatter is exact integer
/// arithmetic on the rounded value, so the same bits always give the same text.
@usableFromInline
enum _DecimalText {
  /// Powers of ten that are exact in `Double` (10⁰ … 10²²).
  @usableFromInline
  static func powerOfTen(_ k: Int) -> Double {
    var p = 1.0
    for _ in 0..<Swift.max(0, Swift.min(k, 22)) { p *= 10 }
    return p
  }

  /// `value` rounded half away from zero to `decimals` (0…15) fraction digits, with trailing
  /// zeros and a trailing point trimmed; "-0" prints as "0". NaN prints "0"; magnitudes are
  /// clamped to 10¹⁵ and the decimals reduced so that the scaled value stays below 2⁵³.
  @usableFromInline
  static func format(_ value: Double, decimals: Int) -> String {
    var v = value.isNaN ? 0 : _clamp(value, -1e15, 1e15)
    var digitsAfterPoint = Swift.max(0, Swift.min(decimals, 15))
    while digitsAfterPoint > 0 && (v * powerOfTen(digitsAfterPoint)).magnitude >= 0x1p53 {
      digitsAfterPoint -= 1
    }
    let scaled = (v * powerOfTen(digitsAfterPoint))._roundedHalfAwayFromZero
    v = scaled
    var n = UInt64(scaled.magnitude)
    var bytes: [UInt8] = []
    // Digits, least significant first.
    var position = 0
    var seenNonZeroFraction = false
    while n > 0 || position <= digitsAfterPoint {
      let digit = UInt8(n % 10)
      n /= 10
      if position < digitsAfterPoint {
        if digit != 0 || seenNonZeroFraction {
          seenNonZeroFraction = true
          bytes.append(48 + digit)
        }
      } else {
        if position == digitsAfterPoint && seenNonZeroFraction { bytes.append(46) }  // "."
        bytes.append(48 + digit)
      }
      position += 1
    }
    if v < 0 && (bytes.count > 1 || bytes.first != 48) { bytes.append(45) }  // "-"
    bytes.reverse()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The decimal digits of `n`.
  @usableFromInline
  static func format(_ n: Int) -> String {
    var magnitude = n.magnitude
    var bytes: [UInt8] = []
    repeat {
      bytes.append(48 + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    if n < 0 { bytes.append(45) }
    bytes.reverse()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Parses `[+-]digits[.digits][(e|E)[+-]digits]` starting at `index` in `bytes`, advancing
  /// `index`; nil if no digit is found. Correctly rounded when there are at most 15 significant
  /// digits, at most 22 fraction digits and no exponent (the shape ``format(_:decimals:)``
  /// prints); otherwise within a few ulp. `exponentShift` multiplies by 10^exponentShift as part
  /// of the same exact division (used to read percentages as fractions).
  @usableFromInline
  static func parse(_ bytes: [UInt8], _ index: inout Int, exponentShift: Int = 0) -> Double? {
    var i = index
    var negative = false
    if i < bytes.count && (bytes[i] == 45 || bytes[i] == 43) {
      negative = bytes[i] == 45
      i += 1
    }
    var mantissa: UInt64 = 0
    var digitCount = 0
    var droppedDigits = 0
    var fractionDigits = 0
    var inFraction = false
    while i < bytes.count {
      let b = bytes[i]
      if b >= 48 && b <= 57 {
        if mantissa < 100_000_000_000_000_000 {
          mantissa = mantissa * 10 + UInt64(b - 48)
          if inFraction { fractionDigits += 1 }
        } else if !inFraction {
          droppedDigits += 1
        }
        digitCount += 1
      } else if b == 46 && !inFraction {
        inFraction = true
      } else {
        break
      }
      i += 1
    }
    guard digitCount > 0 else { return nil }
    var exponent = droppedDigits - fractionDigits + exponentShift
    if i < bytes.count && (bytes[i] == 101 || bytes[i] == 69) {
      var j = i + 1
      var exponentNegative = false
      if j < bytes.count && (bytes[j] == 45 || bytes[j] == 43) {
        exponentNegative = bytes[j] == 45
        j += 1
      }
      var e = 0
      var any = false
      while j < bytes.count && bytes[j] >= 48 && bytes[j] <= 57 {
        if e < 10_000 { e = e * 10 + Int(bytes[j] - 48) }
        any = true
        j += 1
      }
      if any {
        exponent += exponentNegative ? -e : e
        i = j
      }
    }
    index = i
    var value = Double(mantissa)
    if exponent < 0 {
      var k = -exponent
      while k > 22 {
        value /= 1e22
        k -= 22
      }
      value /= powerOfTen(k)
    } else if exponent > 0 {
      var k = exponent
      while k > 22 {
        value *= 1e22
        k -= 22
      }
      value *= powerOfTen(k)
    }
    return negative ? -value : value
  }
}
