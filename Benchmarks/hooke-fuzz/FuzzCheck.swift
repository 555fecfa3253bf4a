/// What one fuzz case found: the number of public API calls it made and its failures.
struct FuzzCheck {
  enum Kind: String {
    /// NaN or ±∞ where the documentation promises a finite value.
    case leak
    /// Any other broken documented promise (range, exact value, idempotence, completion).
    case violation
  }

  var calls = 0
  var failures: [(kind: Kind, message: String)] = []

  /// Counts `n` API calls.
  mutating func called(_ n: Int = 1) { calls += n }

  /// Records a non-finite leak unless every value is finite.
  mutating func finite(_ values: Double..., what: @autoclosure () -> String) {
    if values.contains(where: { !$0.isFinite }) { failures.append((.leak, "\(what()) = \(values)")) }
  }

  /// Records a leak unless `value` is not NaN.
  mutating func notNaN(_ value: Double, what: @autoclosure () -> String) {
    if value.isNaN { failures.append((.leak, "\(what()) = NaN")) }
  }

  /// Records a contract violation unless `condition` holds.
  mutating func expect(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { failures.append((.violation, what())) }
  }
}

/// Bit equality that treats every NaN as equal (payloads are not part of any contract).
func same(_ a: Double, _ b: Double) -> Bool {
  a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
}
