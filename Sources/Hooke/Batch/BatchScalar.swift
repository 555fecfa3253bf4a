/// A scalar type the batch engine stores channels in: `Float` or `Double`.
///
/// Matrices are computed once per (driver, frame interval) in `Double` and rounded to the scalar
/// once; the per-channel arithmetic then runs entirely in the scalar, eight channels per SIMD
/// vector. Underscored requirements are the engine's kernels, written out for each conforming
/// type with concrete SIMD8 vectors so the per-frame loops compile to straight vector code (both
/// generated from one template, `Scripts/kernels/BatchScalar+Kernels.swift.in`).
public protocol BatchScalar: DeterministicFloatingPoint {
  /// Steps `count` spring channels in place: `(y, v) ← M·(y, v)`, then snaps channels inside the
  /// rest box to `(0, 0)`. Returns the number of channels snapped in this call. The box test is
  /// `!(y² > ry² || v² > rv²)`, so a channel whose state became NaN (an unstable model that
  /// overflowed) snaps to its target too instead of staying active forever. Precondition: `y`
  /// and `v` point to at least `count` initialised elements that no other thread touches during
  /// the call.
  static func _stepLinear2(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>, count: Int,
    _ m: (Self, Self, Self, Self), rest: (Self, Self)
  ) -> Int

  /// Steps `count` SwiftUI-model channels in place: `(y, v, a) ← M·(y, v, a)` with the 3×3
  /// matrix `m` in row-major order, then snaps channels inside the rest box to `(0, 0, 0)` (NaN
  /// states included, as ``_stepLinear2(_:_:count:_:rest:)``). Precondition: `y`, `v` and `a`
  /// point to at least `count` initialised elements that no other thread touches during the call.
  static func _stepLinear3(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>,
    _ a: UnsafeMutablePointer<Self>, count: Int,
    _ m: (Self, Self, Self, Self, Self, Self, Self, Self, Self), rest: (Self, Self)
  ) -> Int

  /// Steps `count` SwiftUI-model channels in place, each with one of two 3×3 matrices: channel
  /// `i` follows substep clock `clock[i]` and takes `n` when that clock's entry of `takesSecond`
  /// is nonzero, else `m` — the channels of a group whose clocks took one of two substep counts
  /// this step. No rest test; returns 0. Each channel's state is
  /// bit for bit what ``_stepLinear3(_:_:_:count:_:rest:)`` with its matrix gives. Precondition:
  /// the pointers hold at least `count` initialised elements that no other thread touches during
  /// the call, and every clock in `clock` indexes `takesSecond`.
  static func _stepLinear3Choosing(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>,
    _ a: UnsafeMutablePointer<Self>, clock: UnsafePointer<Int32>, count: Int,
    takesSecond: UnsafePointer<UInt8>,
    _ m: (Self, Self, Self, Self, Self, Self, Self, Self, Self),
    _ n: (Self, Self, Self, Self, Self, Self, Self, Self, Self)
  ) -> Int

  /// ``_stepLinear2(_:_:count:_:rest:)`` that also lists the channels it snaps: their indices
  /// (from `y` on), ascending, go to `log[logged...]` while `logged < logCapacity`, each advancing
  /// `logged`. The result still counts every channel snapped, so one larger than the entries
  /// written says the list is incomplete. The engine's ``BatchEngine/step(ticks:)`` compacts from
  /// the list instead of searching the columns again. Precondition: as the form without a log,
  /// and `log` points to at least `logCapacity` elements.
  static func _stepLinear2(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>, count: Int,
    _ m: (Self, Self, Self, Self), rest: (Self, Self),
    log: UnsafeMutablePointer<Int>, logCapacity: Int, logged: inout Int
  ) -> Int

  /// ``_stepLinear3(_:_:_:count:_:rest:)`` that also lists the channels it snaps, as
  /// ``_stepLinear2(_:_:count:_:rest:log:logCapacity:logged:)`` does.
  static func _stepLinear3(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>,
    _ a: UnsafeMutablePointer<Self>, count: Int,
    _ m: (Self, Self, Self, Self, Self, Self, Self, Self, Self), rest: (Self, Self),
    log: UnsafeMutablePointer<Int>, logCapacity: Int, logged: inout Int
  ) -> Int

  /// The first index in `start..<count` of a channel exactly at rest (`y == 0`, `v == 0` and,
  /// when `a` is given, `a == 0`; −0 counts as 0, NaN does not), or `count` when there is none
  /// (also when `start ≥ count`). Reads only. The compaction after a step uses it to pass over
  /// moving channels eight at a time. Precondition: the pointers (`a` when given) point to at
  /// least `count` initialised elements.
  static func _firstRestingIndex(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>, _ a: UnsafeMutablePointer<Self>?,
    from start: Int, count: Int
  ) -> Int

  /// The first index in `start..<count` of a spring channel that may let its value end by
  /// SwiftUI's rule (``BatchEngine``'s vector settling), or `count` when there is none: every
  /// channel except one whose state — in Double, velocity `v` and force per unit mass `a` (from
  /// the `a` column when given, else `−k·y − c·v` with `quotients` `(k, c)`) — is finite with
  /// `v² > 0.0036` or `a² > 0.0036`, which rules out the sums over its value too. Reads only;
  /// passes over ruled-out channels eight at a time. Precondition: the pointers (`a` when given)
  /// point to at least `count` initialised elements.
  static func _firstSettleCandidate(
    _ y: UnsafeMutablePointer<Self>, _ v: UnsafeMutablePointer<Self>, _ a: UnsafeMutablePointer<Self>?,
    quotients: (Double, Double), from start: Int, count: Int
  ) -> Int
}
