// Checking a recomputed trace against a golden entry (what `verify` reports).

extension GoldenEntry {
  /// The first difference between this entry and a recomputed `trace` ("frame K: checksum …,
  /// golden …", a golden frame without a recomputed checksum, or "counter NAME: …"), or nil when
  /// every golden checksum and counter matches.
  public func firstMismatch(_ trace: WorkloadTrace) -> String? {
    let computed = Dictionary(
      trace.checksums.map { ($0.frame, $0.checksum) }, uniquingKeysWith: { a, _ in a })
    for sample in checksums {
      guard let value = computed[sample.frame] else {
        return "frame \(sample.frame): no checksum was recomputed"
      }
      if value != sample.checksum {
        return "frame \(sample.frame): checksum \(value), golden \(sample.checksum)"
      }
    }
    for key in Set(counters.keys).union(trace.counters.keys).sorted()
    where counters[key] != trace.counters[key] {
      return
        "counter \(key): \(trace.counters[key].map(String.init) ?? "absent"), golden \(counters[key].map(String.init) ?? "absent")"
    }
    return nil
  }
}
