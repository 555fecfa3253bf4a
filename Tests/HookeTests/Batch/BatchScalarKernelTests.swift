import Hooke
import Testing
import _TestSupport

/// `BatchScalar._firstRestingIndex`, the search the compaction after a step runs: against its
/// documented definition written as a one-by-one loop, on seeded columns where channels at rest,
/// −0, NaN and a nonzero force sit at random positions (inside and across the 32- and 8-lane
/// vectors the search passes over), for every start (negative and past the end included).
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

  @Test func firstRestingIndexFollowsItsDefinition() {
    for seed in UInt64(1)...60 {
      check(Float.self, seed: seed)
      check(Double.self, seed: seed)
    }
  }
}
