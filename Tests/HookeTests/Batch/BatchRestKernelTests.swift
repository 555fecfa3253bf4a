import Hooke
import Testing
import _TestSupport

/// The stepping kernels with a rest rule, `BatchScalar._stepLinear2` and `_stepLinear3`, against
/// their documented definition written lane by lane: `(y, v[, a]) ← M·(y, v[, a])` in the
/// scalar, then every channel with `!(y² > ry² || v² > rv²)` snaps to `(0, 0[, 0])`, and the
/// result is the number snapped. Seeded columns of every length up to 150 (vectors of 16 and 8
/// and the scalar tail all run), with channels that land inside, on the edge of and just outside
/// the rest box, non-finite states, and the first and second half of the test deciding, at
/// random positions; the entry after the last channel must stay untouched.
@Suite struct BatchRestKernelTests {
  /// Equal, or both NaN.
  func same<S: BatchScalar>(_ a: S, _ b: S) -> Bool { a == b || (a.isNaN && b.isNaN) }

  func check<S: BatchScalar>(_: S.Type, seed: UInt64, threeColumns: Bool) {
    var random = SplitMix64(seed: seed)
    let count = Int(random.next() % 151)
    let rest = (S(0.5), S(30))
    // Entries chosen so that a step with the identity-like matrix below lands around the box.
    let special: [Double] = [0, -0.0, 0.5, -0.5, 0.5000001, 29.99, 30, -30, 30.001, .nan, .infinity, 1e30]
    func entry() -> S {
      switch random.next() % 8 {
      case 0, 1: return S(special[Int(random.next() % UInt64(special.count))])
      case 2: return S(Double(random.next() % 2000) / 1000 - 1)
      default: return S(Double(random.next() % 20_000) / 8 - 1250)
      }
    }
    let sentinel = S(1234.5)
    var y = (0..<count).map { _ in entry() } + [sentinel]
    var v = (0..<count).map { _ in entry() } + [sentinel]
    var a = (0..<count).map { _ in entry() } + [sentinel]
    // Runs of channels far from rest, so that whole vectors pass the first half of the test.
    if count > 60 { for i in 10..<50 { y[i] = S(Double(i) * 10 + 7) } }
    // Either the identity (states land exactly on the special values) or a mild mixing matrix.
    let identity = random.next() % 2 == 0
    let m2: (S, S, S, S) = identity ? (1, 0, 0, 1) : (S(0.9), S(0.01), S(-2), S(0.8))
    let m3: (S, S, S, S, S, S, S, S, S) =
      identity
      ? (1, 0, 0, 0, 1, 0, 0, 0, 1)
      : (S(0.9), S(0.01), S(0.001), S(-2), S(0.8), S(0.01), S(-1), S(-3), S(0.5))

    // The definition, lane by lane.
    var expectedY: [S] = []
    var expectedV: [S] = []
    var expectedA: [S] = []
    var expectedSnapped = 0
    for i in 0..<count {
      var y1: S
      var v1: S
      var a1: S = 0
      if threeColumns {
        y1 = m3.0 * y[i] + m3.1 * v[i] + m3.2 * a[i]
        v1 = m3.3 * y[i] + m3.4 * v[i] + m3.5 * a[i]
        a1 = m3.6 * y[i] + m3.7 * v[i] + m3.8 * a[i]
      } else {
        y1 = m2.0 * y[i] + m2.1 * v[i]
        v1 = m2.2 * y[i] + m2.3 * v[i]
      }
      if !(y1 * y1 > rest.0 * rest.0 || v1 * v1 > rest.1 * rest.1) {
        (y1, v1, a1) = (0, 0, 0)
        expectedSnapped += 1
      }
      expectedY.append(y1)
      expectedV.append(v1)
      expectedA.append(a1)
    }

    let snapped = y.withUnsafeMutableBufferPointer { yb in
      v.withUnsafeMutableBufferPointer { vb in
        a.withUnsafeMutableBufferPointer { ab in
          threeColumns
            ? S._stepLinear3(yb.baseAddress!, vb.baseAddress!, ab.baseAddress!, count: count, m3, rest: rest)
            : S._stepLinear2(yb.baseAddress!, vb.baseAddress!, count: count, m2, rest: rest)
        }
      }
    }
    let label = "seed \(seed), \(S.self), count \(count), identity \(identity), three \(threeColumns)"
    #expect(snapped == expectedSnapped, "\(label)")
    for i in 0..<count {
      #expect(same(y[i], expectedY[i]) && same(v[i], expectedV[i]), "\(label), channel \(i)")
      if threeColumns { #expect(same(a[i], expectedA[i]), "\(label), channel \(i)") }
    }
    #expect(y[count] == sentinel && v[count] == sentinel && a[count] == sentinel, "\(label)")
  }

  @Test func restKernelsFollowTheirDefinition() {
    for seed in UInt64(1)...120 {
      for threeColumns in [false, true] {
        check(Float.self, seed: seed, threeColumns: threeColumns)
        check(Double.self, seed: seed, threeColumns: threeColumns)
      }
    }
  }

  /// A single channel at rest among moving ones snaps wherever it sits: in each half of a
  /// 16-channel block, in the 8-channel vector after the blocks and in the scalar tail.
  @Test func oneRestingChannelSnapsAtEveryPosition() {
    for count in [8, 16, 24, 40, 45] {
      for position in 0..<count {
        var y = [Float](repeating: 100, count: count)
        var v = [Float](repeating: -40, count: count)
        y[position] = 0.25
        v[position] = 3
        let snapped = y.withUnsafeMutableBufferPointer { yb in
          v.withUnsafeMutableBufferPointer { vb in
            Float._stepLinear2(yb.baseAddress!, vb.baseAddress!, count: count, (1, 0, 0, 1), rest: (0.5, 30))
          }
        }
        #expect(snapped == 1, "count \(count), position \(position)")
        #expect(y[position] == 0 && v[position] == 0, "count \(count), position \(position)")
        #expect(y.indices.allSatisfy { $0 == position || (y[$0] == 100 && v[$0] == -40) })
      }
    }
  }
}
