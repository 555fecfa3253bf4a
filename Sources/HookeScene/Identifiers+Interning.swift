import Synchronization

// SwiftUI identifies views and matched groups by any `Hashable` value. The engine keys its tables
// by `ElementID` (one `Int`) and `MatchID`: other values are interned once into a reserved
// integer range, so a frame never hashes a string or an existential.

/// The process-wide table of interned ids: the value of each id, by index. Entries are never
/// removed (an id must keep its meaning for as long as any element may carry it).
struct _InternTable: ~Copyable {
  var index: [_InternKey: Int] = [:]
  var values: [_InternKey] = []
}

/// An interned value. Only made from `Sendable` values (the initialisers require it), so the
/// erased box may cross threads.
struct _InternKey: Hashable, @unchecked Sendable {
  let value: AnyHashable
  init<T: Hashable & Sendable>(_ value: T) { self.value = AnyHashable(value) }
}

let _internTable = Mutex(_InternTable())

/// The first integer of the reserved range: interned ids are `Int.min + index`, i.e. below
/// −2⁶² for the first 2⁶² distinct values.
let _internedBase = Int.min

/// The index of `value` in the intern table, adding it when new.
func _intern(_ value: _InternKey) -> Int {
  _internTable.withLock { table in
    if let i = table.index[value] { return i }
    let i = table.values.count
    table.values.append(value)
    table.index[value] = i
    return i
  }
}

/// The value interned as raw id `raw`, or `nil` when `raw` is not in the reserved range or was
/// never handed out.
func _internedValue(_ raw: Int) -> AnyHashable? {
  guard raw < 0 else { return nil }
  let i = raw &- _internedBase
  guard i >= 0 else { return nil }
  return _internTable.withLock { table in i < table.values.count ? table.values[i] : nil }?.value
}

extension ElementID: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
  /// An id from any hashable value, as SwiftUI's `.id(_:)` and `ForEach` identities.
  ///
  /// An `Int` is the id itself (`ElementID(5) == 5`), an `ElementID` stays itself; every other
  /// value (strings included) is interned: equal values (as `AnyHashable`) give the same id,
  /// different values different ones, for the life of the process. Interned ids are `Int.min + n` for the n-th distinct
  /// value, so integer ids below −2⁶² are reserved and may collide with them.
  ///
  /// Cost: one locked dictionary lookup when the id is made; none afterwards (the engine sees an
  /// `Int`). Memory: each distinct value is kept once, for the life of the process.
  public init<ID: Hashable & Sendable>(_ id: ID) {
    if let n = id as? Int {
      self.init(n)
    } else if let e = id as? ElementID {
      self = e
    } else {
      self.init(_internedBase &+ _intern(_InternKey(id)))
    }
  }

  /// An id from a string literal, `Element(id: "hero-card", …)`: the string, interned (see
  /// ``init(_:)-(ID)``).
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The value this id was interned from (a `String` for literals and interpolations), or `nil`
  /// for an integer id.
  public var internedValue: AnyHashable? { _internedValue(rawValue) }
}

extension MatchID: ExpressibleByStringInterpolation {
  /// A match id from any hashable value (SwiftUI's `id: some Hashable`): an `Int` is ``int(_:)``,
  /// a `String` is ``string(_:)``, every other value is interned (equal values as `AnyHashable`
  /// give the same id) into ``int(_:)`` of the reserved range below −2⁶² (see
  /// ``ElementID/init(_:)-(ID)``). Memory: each distinct interned value is kept once, for the life
  /// of the process.
  public init<ID: Hashable & Sendable>(_ id: ID) {
    if let n = id as? Int {
      self = .int(n)
    } else if let s = id as? String {
      self = .string(s)
    } else if let m = id as? MatchID {
      self = m
    } else {
      self = .int(_internedBase &+ _intern(_InternKey(id)))
    }
  }
}
