// The tolerances a compare judges timing changes against: the relative noise band and one
// absolute floor per statistic, with the defaults, the baseline file's overrides and the
// command line's, in that order.

/// Overrides of the compare tolerances, as a results file's optional `tolerance` object or as
/// the options a command line gave: every field is optional, and a nil field keeps the value
/// it overrides (``CompareOptions/applying(_:)``).
///
/// A baseline carries one when its owner knows its machine better than the defaults do (a
/// noisier runner needs larger floors); `compare`, `run` and `baseline check` read the
/// baseline's, then apply their own flags on top.
public struct CompareTolerance: Codable, Sendable, Equatable {
  /// Relative noise band in percent (``CompareOptions/noise`` × 100), 0…100.
  public var relativePct: Double?
  /// Absolute floor of a p50 change in nanoseconds (``CompareOptions/p50FloorNs``), ≥ 0.
  public var p50FloorNs: Double?
  /// Absolute floor of a p99 change in percent of the row's frame deadline
  /// (``CompareOptions/p99FloorDeadlineFraction`` × 100), 0…100.
  public var p99FloorDeadlinePct: Double?
  /// Absolute floor of a hitch-time-ratio change in ms/s (``CompareOptions/hitchTimeRatioFloor``),
  /// ≥ 0.
  public var hitchTimeRatioFloor: Double?
  /// Absolute floor of an on-time-rate change as a ratio (``CompareOptions/onTimeRateFloor``),
  /// 0…1.
  public var onTimeRateFloor: Double?

  /// Overrides of the given fields only; nil keeps the value being overridden.
  public init(
    relativePct: Double? = nil, p50FloorNs: Double? = nil, p99FloorDeadlinePct: Double? = nil,
    hitchTimeRatioFloor: Double? = nil, onTimeRateFloor: Double? = nil
  ) {
    self.relativePct = relativePct
    self.p50FloorNs = p50FloorNs
    self.p99FloorDeadlinePct = p99FloorDeadlinePct
    self.hitchTimeRatioFloor = hitchTimeRatioFloor
    self.onTimeRateFloor = onTimeRateFloor
  }

  /// Whether no field is set.
  public var isEmpty: Bool { self == CompareTolerance() }

  /// The first field outside its range, as (`tolerance.FIELD`, what is wrong), or nil; NaN and
  /// infinities are out of every range.
  public var firstInvalidField: (field: String, detail: String)? {
    let checks: [(String, Double?, ClosedRange<Double>)] = [
      ("relativePct", relativePct, 0...100), ("p50FloorNs", p50FloorNs, 0...1e12),
      ("p99FloorDeadlinePct", p99FloorDeadlinePct, 0...100),
      ("hitchTimeRatioFloor", hitchTimeRatioFloor, 0...1000), ("onTimeRateFloor", onTimeRateFloor, 0...1),
    ]
    for (name, value, range) in checks {
      if let value, !range.contains(value) {
        return (
          "tolerance." + name, "\(value) is not in \(_number(range.lowerBound))…\(_number(range.upperBound))"
        )
      }
    }
    return nil
  }
}

extension CompareOptions {
  /// The default p50 floor: 5 000 ns (5 µs, 0.06 % of a 120 Hz frame). Measured on the 2-core
  /// reference machine while shared: between back-to-back runs of one build, the p50 of the
  /// 2–15 µs rows moved by 1.5–6 µs (the bootstrap CI of the difference clearing 0 with a tight
  /// in-run spread), so a smaller floor fails the gate on drift; a 2× slowdown of a row whose
  /// p50 is below 5 µs is not flagged.
  public static let defaultP50FloorNs: Double = 5_000
  /// The default p99 floor: 5 % of the row's frame deadline (0.833 ms at 60 Hz, 0.417 ms at
  /// 120 Hz), a change that costs a twentieth of the frame. Smaller p99 shifts of the 1–3 ms rows
  /// are run-to-run drift on the shared reference machine; a 2× slowdown of a p99 of 1 ms or more
  /// clears it at 60 Hz and above.
  public static let defaultP99FloorDeadlineFraction: Double = 0.05

  /// These options with every field `tolerance` sets replacing the current value (percentages
  /// divided by 100); fields it leaves nil are kept.
  public func applying(_ tolerance: CompareTolerance?) -> CompareOptions {
    guard let t = tolerance else { return self }
    var out = self
    if let v = t.relativePct { out.noise = v / 100 }
    if let v = t.p50FloorNs { out.p50FloorNs = v }
    if let v = t.p99FloorDeadlinePct { out.p99FloorDeadlineFraction = v / 100 }
    if let v = t.hitchTimeRatioFloor { out.hitchTimeRatioFloor = v }
    if let v = t.onTimeRateFloor { out.onTimeRateFloor = v }
    return out
  }

  /// These options' noise band and floors as a tolerance with every field set.
  public var tolerance: CompareTolerance {
    CompareTolerance(
      relativePct: noise * 100, p50FloorNs: p50FloorNs, p99FloorDeadlinePct: p99FloorDeadlineFraction * 100,
      hitchTimeRatioFloor: hitchTimeRatioFloor, onTimeRateFloor: onTimeRateFloor)
  }

  /// The absolute floor of `statistic` for a row with frame deadline `deadlineNs`, in the
  /// statistic's unit: ``p50FloorNs`` ns for `p50Ns`, ``p99FloorDeadlineFraction`` · D ns for
  /// `p99Ns`, ``hitchTimeRatioFloor`` ms/s, ``onTimeRateFloor``; 0 for any other name.
  public func floor(of statistic: String, deadlineNs: UInt64) -> Double {
    switch statistic {
    case "p50Ns": return p50FloorNs
    case "p99Ns": return p99FloorDeadlineFraction * Double(deadlineNs)
    case "hitchTimeRatio": return hitchTimeRatioFloor
    case "onTimeRate": return onTimeRateFloor
    default: return 0
    }
  }
}
