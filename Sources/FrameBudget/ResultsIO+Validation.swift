// Semantic checks of decoded files: what JSON decoding cannot see (empty result sets, negative or
// inconsistent counts), each reported as the dotted field path and what is wrong with it.
import Foundation

/// A file kind whose decoded value can be checked for consistency beyond its JSON shape.
public protocol ValidatedFile {
  /// Throws `ResultsFileError.wrongSchema` for `path`, naming the first inconsistent field.
  func validate(path: String) throws
}

/// The field error `path: field 'field': detail`.
func _invalid(_ path: String, _ field: String, _ detail: String) -> ResultsFileError {
  .wrongSchema(path: path, field: field, detail: detail)
}

/// Throws unless `value` lies in `range`: `-5 is not in 1…10000`.
func _require<T: Comparable>(_ value: T, in range: ClosedRange<T>, _ path: String, _ field: String) throws {
  guard range.contains(value) else {
    throw _invalid(path, field, "\(value) is not in \(range.lowerBound)…\(range.upperBound)")
  }
}

/// The element, Hz and frame ranges the command line accepts; files are held to the same ranges
/// so a hand-edited count cannot allocate or run without bound.
enum _Limits {
  static let elements = 1...100_000_000
  static let hz = 1...10_000
  static let frames = 1...10_000_000
  static let warmupFrames = 0...10_000_000
  static let repetitions = 1...10_000
  static let threads = 1...4096
}

extension ResultsFile: ValidatedFile {
  /// Checks: at least one result; `config` counts in the CLI's ranges; an optional `tolerance`
  /// within its fields' ranges (``CompareTolerance/firstInvalidField``); per result, `id` equal to
  /// the id of its scenario, engine, elements and Hz (compare pairs results by id), unique ids,
  /// `deadlineNs = round(1e9/hz)`, and — unless it failed — at least one repetition, each with
  /// `p50Ns ≤ p99Ns ≤ maxNs` and `onTimeRate` in 0…1.
  public func validate(path: String) throws {
    guard !results.isEmpty else {
      throw _invalid(path, "results", "is empty; a results file holds at least one result")
    }
    try _require(config.repetitions, in: _Limits.repetitions, path, "config.repetitions")
    try _require(config.frames, in: _Limits.frames, path, "config.frames")
    try _require(config.warmupFrames, in: _Limits.warmupFrames, path, "config.warmupFrames")
    try _require(config.threads, in: _Limits.threads, path, "config.threads")
    if let bad = tolerance?.firstInvalidField { throw _invalid(path, bad.field, bad.detail) }
    var seen = Set<String>()
    for (i, r) in results.enumerated() {
      let field = "results[\(i)]"
      try _require(r.elements, in: _Limits.elements, path, field + ".elements")
      try _require(r.hz, in: _Limits.hz, path, field + ".hz")
      try _require(r.frames, in: _Limits.frames, path, field + ".frames")
      let id = ScenarioResult.makeID(scenario: r.scenario, engine: r.engine, elements: r.elements, hz: r.hz)
      guard r.id == id else {
        throw _invalid(
          path, field + ".id", "'\(r.id)' does not match its scenario, engine, elements and hz ('\(id)')")
      }
      guard seen.insert(r.id).inserted else { throw _invalid(path, field + ".id", "'\(r.id)' appears twice") }
      let deadline = frameDeadlineNanoseconds(hz: r.hz)
      guard r.deadlineNs == deadline else {
        throw _invalid(path, field + ".deadlineNs", "\(r.deadlineNs) is not round(1e9/hz) = \(deadline)")
      }
      guard r.failure == nil else { continue }
      guard !r.repetitions.isEmpty else {
        throw _invalid(
          path, field + ".repetitions", "is empty; a result that ran has at least one repetition")
      }
      for (k, rep) in r.repetitions.enumerated() {
        let repField = field + ".repetitions[\(k)]"
        guard rep.p50Ns <= rep.p99Ns, rep.p99Ns <= rep.maxNs else {
          throw _invalid(
            path, repField, "p50Ns \(rep.p50Ns) ≤ p99Ns \(rep.p99Ns) ≤ maxNs \(rep.maxNs) does not hold")
        }
        guard (0...1).contains(rep.onTimeRate) else {
          throw _invalid(path, repField + ".onTimeRate", "\(rep.onTimeRate) is not in 0…1")
        }
      }
    }
  }
}

extension CapacityFile: ValidatedFile {
  /// Checks: at least one result; Hz in the CLI's range; `deadlineNs = round(1e9/hz)`.
  public func validate(path: String) throws {
    guard !results.isEmpty else {
      throw _invalid(path, "results", "is empty; a capacity file holds at least one result")
    }
    for (i, r) in results.enumerated() {
      try _require(r.hz, in: _Limits.hz, path, "results[\(i)].hz")
      try _require(r.maxElements, in: 0...Int.max, path, "results[\(i)].maxElements")
      let deadline = frameDeadlineNanoseconds(hz: r.hz)
      guard r.deadlineNs == deadline else {
        throw _invalid(path, "results[\(i)].deadlineNs", "\(r.deadlineNs) is not round(1e9/hz) = \(deadline)")
      }
    }
  }
}

extension GoldenFile: ValidatedFile {
  /// Checks: at least one entry; elements, Hz and frames in the ranges of `--elements`, `--hz` and
  /// `verify --frames` (a huge count would otherwise allocate or run without bound).
  public func validate(path: String) throws {
    guard !entries.isEmpty else {
      throw _invalid(path, "entries", "is empty; a golden file holds at least one entry")
    }
    for (i, entry) in entries.enumerated() {
      try _require(entry.elements, in: _Limits.elements, path, "entries[\(i)].elements")
      try _require(entry.hz, in: _Limits.hz, path, "entries[\(i)].hz")
      try _require(entry.frames, in: 1...1_000_000, path, "entries[\(i)].frames")
    }
  }
}

extension BudgetsFile: ValidatedFile {
  /// Checks: every rule names a metric `Comparator.metricValue` knows and sets at least one limit.
  public func validate(path: String) throws {
    for (i, rule) in budgets.enumerated() {
      guard Comparator.metricKeys.contains(rule.metric) else {
        let hint = Suggestion.nearest(to: rule.metric, in: Comparator.metricKeys).map {
          " (did you mean '\($0)'?)"
        }
        throw _invalid(path, "budgets[\(i)].metric", "unknown metric '\(rule.metric)'\(hint ?? "")")
      }
      guard rule.max != nil || rule.min != nil || rule.maxDeadlineFraction != nil else {
        throw _invalid(path, "budgets[\(i)]", "sets none of max, min, maxDeadlineFraction")
      }
    }
  }
}

extension ResultsIO {
  /// For a decoding failure Foundation reports without a coding path (a number that does not fit
  /// its integer field, such as 1e30 or −5 for an unsigned count), the dotted path of that number
  /// and why, found by replacing suspicious numbers one at a time with 0 until the file decodes.
  /// At most 64 candidates are tried (huge, negative, then fractional numbers); nil if none explains it.
  static func _locateBadNumber<T: Decodable>(_ type: T.Type, in object: Any) -> (String, String)? {
    var candidates: [(path: [Any], value: NSNumber, rank: Int)] = []
    func walk(_ node: Any, _ path: [Any]) {
      if let dictionary = node as? [String: Any] {
        for key in dictionary.keys.sorted() { walk(dictionary[key]!, path + [key]) }
      } else if let array = node as? [Any] {
        for (i, item) in array.enumerated() { walk(item, path + [i]) }
      } else if let number = node as? NSNumber {
        let d = number.doubleValue
        let rank = abs(d) >= 9.2e18 ? 0 : d < 0 ? 1 : d != d.rounded() ? 2 : 3
        if rank < 3 { candidates.append((path, number, rank)) }
      }
    }
    walk(object, [])
    func replacing(_ node: Any, _ path: ArraySlice<Any>, with value: Any) -> Any {
      guard let head = path.first else { return value }
      if var dictionary = node as? [String: Any], let key = head as? String {
        dictionary[key] = replacing(dictionary[key]!, path.dropFirst(), with: value)
        return dictionary
      }
      if var array = node as? [Any], let i = head as? Int {
        array[i] = replacing(array[i], path.dropFirst(), with: value)
        return array
      }
      return node
    }
    func decodes(_ candidate: Any) -> Bool {
      guard let data = try? JSONSerialization.data(withJSONObject: candidate) else { return false }
      return (try? JSONDecoder().decode(type, from: data)) != nil
    }
    for c in candidates.sorted(by: { $0.rank < $1.rank }).prefix(64) {
      guard decodes(replacing(object, c.path[...], with: 0)) else { continue }
      let field = c.path.reduce(into: "") { text, key in
        if let i = key as? Int { text += "[\(i)]" } else { text += text.isEmpty ? "\(key)" : ".\(key)" }
      }
      let signed = decodes(replacing(object, c.path[...], with: -1))
      let range = signed ? "\(Int64.min)…\(Int64.max)" : "0…\(UInt64.max)"
      return (field, "\(c.value) is valid JSON but not an integer in \(range)")
    }
    return nil
  }
}
