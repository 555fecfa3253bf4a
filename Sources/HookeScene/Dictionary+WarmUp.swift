extension Dictionary {
  /// Inserts `value` at `key` and removes it again: the dictionary is left as it was in content
  /// (with storage for an entry), and its storage type's metadata is instantiated now. The first
  /// time a dictionary of a given key and value type grows, the runtime resolves that type from
  /// its mangled name, checking the key's `Hashable` conformance by a scan of the process's
  /// conformance records — about 360,000 instructions, once per process and type. A scene does
  /// it at creation for the tables its transactions grow, so that no frame pays it (measured in
  /// zoom-navigation's first detail pop at 100,000 elements: 578,642 instructions, 206,291
  /// after). `key` must not be in the dictionary.
  mutating func _instantiateStorage(with key: Key, _ value: Value) {
    self[key] = value
    self[key] = nil
  }
}
