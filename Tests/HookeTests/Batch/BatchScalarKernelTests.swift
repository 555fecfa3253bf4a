import Hooke
import Testing
import _TestSupport

/// `BatchScalar._firstRestingIndex`, the search the compaction after a step runs: against its
/// documented definition written as a one-by-one loop, on seeded columns where channels at rest,
/// −0, NaN and a nonzero force sit at random positions (inside and across the 32- and 8-lane
/// vectors the search passes over), for every start (negative and past the end included). The
/// same for `BatchScalar._firstSettleCandidate`, the search of SwiftUI's end rule on vectors, on
/// states around its 0.0036 bounds, non-finite ones and squares that overflow.
@Suite struct BatchScalarKernelTests {
  /// The definition: the first `i` in `start..<count` with `y == 0`, `v == 0` and (with `a`)
  /// `a == 0`, else `count`.
  func reference<S: BatchScalar>(_ y: [S], _ v: [S], _ a: [S]?, from start: Int, count: Int) -> Int {
    var i = max(start, 0)
    while i < count {
      if y[i] == 0 && v[i] == 0 && (a == nil || a![i] == 0) { return i }
      i += 1
    }
    return count
  }

  func check<S: BatchScalar>(_: S.Type, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = Int(random.next() % 150)
    func entry() -> S {
      switch random.next() % 16 {
      case 0, 1, 2: return 0
      case 3: return -0.0
      case 4: return .nan
      default: return S(Double(random.next() % 2000) / 8 - 125)
      }
    }
    // One entry more than `count`, at rest: the search must not read past `count`.
    var y = (0..<count).map { _ in entry() } + [0]
    var v = (0..<count).map { _ in entry() } + [0]
    var a = (0..<count).map { _ in entry() } + [0]
    // Some long moving runs, so that whole vectors are passed over.
    if count > 40 { for i in 0..<40 { y[i] = 1 } }
    for start in -2...(count + 2) {
      for withForce in [false, true] {
        let expected = reference(y, v, withForce ? a : nil, from: start, count: count)
        let found = y.withUnsafeMutableBufferPointer { yb in
          v.withUnsafeMutableBufferPointer { vb in
            a.withUnsafeMutableBufferPointer { ab in
              S._firstRestingIndex(
                yb.baseAddress!, vb.baseAddress!, withForce ? ab.baseAddress! : nil, from: start, count: count
              )
            }
          }
        }
        #expect(
          found == expected, "seed \(seed), \(S.self), count \(count), start \(start), force \(withForce)")
      }
    }
  }

  /// The definition: the first `i` in `start..<count` unless its state (in Double; `a` from the
  /// column or `−k·y − c·v`) is finite with `v² > 0.0036` or `a² > 0.0036`, else `count`.
  func candidateReference<S: BatchScalar>(
    _ y: [S], _ v: [S], _ a: [S]?, _ k: Double, _ c: Double, from start: Int, count: Int
  ) -> Int {
    var i = max(start, 0)
    while i < count {
      let yi = Double(y[i])
      let vi = Double(v[i])
      let ai = a.map { Double($0[i]) } ?? -k * yi - c * vi
      let v2 = vi * vi
      let a2 = ai * ai
      if !(yi.isFinite && v2.isFinite && a2.isFinite && (v2 > 0.0036 || a2 > 0.0036)) { return i }
      i += 1
    }
    return count
  }

  func checkCandidates<S: BatchScalar>(_: S.Type, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = Int(random.next() % 150)
    let special: [Double] = [
      0, -0.0, 0.06, -0.06, 0.0600000001, 0.05999999, .nan, .infinity, -.infinity, 1e160, -1e200,
    ]
    func entry() -> S {
      switch random.next() % 8 {
      case 0, 1: return S(special[Int(random.next() % UInt64(special.count))])
      case 2: return S(Double(random.next() % 2000) / 20_000 - 0.05)
      default: return S(Double(random.next() % 2000) / 8 - 125)
      }
    }
    // One entry more than `count`, a candidate: the search must not read past `count`.
    var y = (0..<count).map { _ in entry() } + [0]
    var v = (0..<count).map { _ in entry() } + [0]
    var a = (0..<count).map { _ in entry() } + [0]
    // Some long runs of fast channels, so that whole vectors are passed over.
    if count > 40 { for i in 0..<40 { v[i] = 1 } }
    let (k, c) = (Double(random.next() % 400), Double(random.next() % 40) / 2)
    for start in -2...(count + 2) {
      for withForce in [false, true] {
        let expected = candidateReference(y, v, withForce ? a : nil, k, c, from: start, count: count)
        let found = y.withUnsafeMutableBufferPointer { yb in
          v.withUnsafeMutableBufferPointer { vb in
            a.withUnsafeMutableBufferPointer { ab in
              S._firstSettleCandidate(
                yb.baseAddress!, vb.baseAddress!, withForce ? ab.baseAddress! : nil, quotients: (k, c),
                from: start, count: count)
            }
          }
        }
        #expect(
          found == expected, "seed \(seed), \(S.self), count \(count), start \(start), force \(withForce)")
      }
    }
  }

  @Test func firstSettleCandidateFollowsItsDefinition() {
    for seed in UInt64(1)...60 {
      checkCandidates(Float.self, seed: seed)
      checkCandidates(Double.self, seed: seed)
    }
  }

  @Test func firstRestingIndexFollowsItsDefinition() {
    for seed in UInt64(1)...60 {
      check(Float.self, seed: seed)
      check(Double.self, seed: seed)
    }
  }
}
