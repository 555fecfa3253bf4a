// Scalar per-frame spring calls, ns/call, each next to the naive closed form an engine would write
// with the C library's exp/sin/cos, and their ratio — in one run, so both see the same machine
// state. Not part of CI timing; run:
//   swift run -c release spring-scalar-bench [calls] [filter]
// (default 4 000 000 calls per row; `filter` keeps only the rows whose name contains it, e.g.
// `over-damped`, for profiling one call with `perf record`).
// SPRING_BENCH_CLOCK=thread times the rows in the thread's CPU time instead of wall time.
// Each row times the naive form and Hooke's call alternately, three rounds each, and keeps each
// side's fastest round. Every call gets its own time step (1/120 s ± a few ns, from a table), so
// no compiler can hoist the per-call exp/sincos out of the loop; the results are summed into a
// checksum that is printed, so no call is dead code. The last column is the largest difference
// from the naive form over the table, relative to the motion's size: the two must agree.
import Foundation  // exp, sin, cos from the C library, String(format:)
import Hooke

/// The textbook closed forms with libm, as engines write them, for the displacement
/// y = x − target with y(0) = y₀, ẏ(0) = v₀ and λ = ζω₀:
/// - under-damped (ω_d = ω₀√(1 − ζ²)): y = e^(−λt)(y₀ cos ω_d t + (v₀ + λy₀)/ω_d · sin ω_d t);
/// - critical: y = e^(−λt)(y₀ + (v₀ + λy₀)t);
/// - over-damped (roots r₁,₂ = −λ ± ω₀√(ζ² − 1)): y = c₁e^(r₁t) + c₂e^(r₂t).
struct NaiveSpring {
  enum Regime { case under, critical, over }
  let regime: Regime
  let lambda: Double
  let omegaD: Double  // under-damped: ω_d; over-damped: ω₀√(ζ² − 1)
  init(_ spring: Spring) {
    let omega0 = (spring.stiffness / spring.mass).squareRoot()
    let zeta = spring.dampingRatio
    lambda = zeta * omega0
    if abs(zeta - 1) < 1e-12 {
      regime = .critical
      omegaD = 0
    } else if zeta < 1 {
      regime = .under
      omegaD = omega0 * (1 - zeta * zeta).squareRoot()
    } else {
      regime = .over
      omegaD = omega0 * (zeta * zeta - 1).squareRoot()
    }
  }

  /// (y(t), ẏ(t)) from (y₀, v₀).
  @inline(__always)
  func motion(_ y0: Double, _ v0: Double, _ t: Double) -> (y: Double, v: Double) {
    switch regime {
    case .under:
      let decay = exp(-lambda * t)
      let c = cos(omegaD * t)
      let s = sin(omegaD * t)
      let b = (v0 + lambda * y0) / omegaD
      return (
        decay * (y0 * c + b * s), decay * ((b * omegaD - lambda * y0) * c - (y0 * omegaD + lambda * b) * s)
      )
    case .critical:
      let decay = exp(-lambda * t)
      let b = v0 + lambda * y0
      return (decay * (y0 + b * t), decay * (b - lambda * (y0 + b * t)))
    case .over:
      let r1 = -lambda + omegaD
      let r2 = -lambda - omegaD
      let c2 = (r1 * y0 - v0) / (r1 - r2)
      let c1 = y0 - c2
      let e1 = exp(r1 * t)
      let e2 = exp(r2 * t)
      return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
  }

  @inline(never)
  func update(value: inout Double, velocity: inout Double, target: Double, deltaTime t: Double) {
    let (y, v) = motion(value - target, velocity, t)
    value = target + y
    velocity = v
  }

  /// The under-damped step coefficients (what `SpringTransitionMatrix` holds), from one exp, sin
  /// and cos: e^(−λt)·[cos ± λ·sin/ω_d, sin/ω_d, −ω₀²·sin/ω_d].
  @inline(never)
  func matrix(_ t: Double) -> (Double, Double, Double, Double) {
    let decay = exp(-lambda * t)
    let c = decay * cos(omegaD * t)
    let s = decay * sin(omegaD * t) / omegaD
    return (c + lambda * s, s, -(lambda * lambda + omegaD * omegaD) * s, c - lambda * s)
  }

  @inline(never)
  func value(target: Double, initialVelocity: Double, time: Double) -> Double {
    target + motion(-target, initialVelocity, time).y
  }

  @inline(never)
  func velocity(target: Double, initialVelocity: Double, time: Double) -> Double {
    motion(-target, initialVelocity, time).v
  }
}

@inline(never)
func hookeUpdate(
  _ spring: Spring, _ value: inout Double, _ velocity: inout Double, _ target: Double, _ dt: Double
) {
  spring.update(value: &value, velocity: &velocity, target: target, deltaTime: dt)
}

@inline(never)
func hookeValue(_ spring: Spring, _ target: Double, _ v0: Double, _ time: Double) -> Double {
  spring.value(target: target, initialVelocity: v0, time: time)
}

@inline(never)
func hookeVelocity(_ spring: Spring, _ target: Double, _ v0: Double, _ time: Double) -> Double {
  spring.velocity(target: target, initialVelocity: v0, time: time)
}

@inline(never)
func hookeMatrix(_ spring: Spring, _ dt: Double) -> SpringTransitionMatrix {
  SpringTransitionMatrix(spring: spring, deltaTime: dt)
}

let arguments = CommandLine.arguments
let calls = arguments.count > 1 ? max(1024, Int(arguments[1]) ?? 4_000_000) : 4_000_000
let filter = arguments.count > 2 ? arguments[2] : ""
let under = Spring(duration: 0.5, bounce: 0.3)
let critical = Spring(duration: 0.5, bounce: 0)
let over = Spring(duration: 0.5, bounce: -0.3)
let intervals = (0..<1024).map { 1.0 / 120 + Double($0) * 1e-9 }
let clock = ContinuousClock()

func nanoseconds(_ d: Duration) -> Double {
  Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) * 1e-9
}

/// One retarget-per-frame motion: a value chasing a target that jumps every 256 frames.
func updateLoop(_ step: @escaping (inout Double, inout Double, Double, Double) -> Void) -> (Int) -> Double {
  { n in
    var x = 0.0
    var v = 0.0
    var sum = 0.0
    for k in 0..<n {
      let target = (k >> 8) & 1 == 0 ? 100.0 : -100.0
      step(&x, &v, target, intervals[k & 1023])
      sum += x
    }
    return sum
  }
}

/// Sums `f` over the time table scaled by `scale` (a quarter second for ×30: mid-animation).
func timeLoop(_ scale: Double, _ f: @escaping (Double) -> Double) -> (Int) -> Double {
  { n in
    var sum = 0.0
    for k in 0..<n { sum += f(intervals[k & 1023] * scale) }
    return sum
  }
}

/// The largest |a(t) − b(t)| over the time table (scaled), relative to `size`.
func largestDifference(_ scale: Double, _ size: Double, _ a: (Double) -> Double, _ b: (Double) -> Double)
  -> Double
{
  intervals.reduce(0) { max($0, abs(a($1 * scale) - b($1 * scale)) / size) }
}

/// The largest difference of one update from assorted states, Hooke against the naive form.
func updateDifference(_ spring: Spring) -> Double {
  let naive = NaiveSpring(spring)
  var worst = 0.0
  for (k, dt) in intervals.enumerated() {
    var (xh, vh) = (Double(k % 7) - 3, Double(k % 5) * 40 - 80)
    var (xn, vn) = (xh, vh)
    hookeUpdate(spring, &xh, &vh, 100, dt)
    naive.update(value: &xn, velocity: &vn, target: 100, deltaTime: dt)
    worst = max(worst, abs(xh - xn) / 100, abs(vh - vn) / 10_000)
  }
  return worst
}

struct Row {
  var name: String
  var naive: (Int) -> Double
  var hooke: (Int) -> Double
  var difference: Double
}

func updateRow(_ label: String, _ spring: Spring) -> Row {
  let naive = NaiveSpring(spring)
  return Row(
    name: "Spring.update, \(label)",
    naive: updateLoop { naive.update(value: &$0, velocity: &$1, target: $2, deltaTime: $3) },
    hooke: updateLoop { hookeUpdate(spring, &$0, &$1, $2, $3) }, difference: updateDifference(spring))
}

let naiveUnder = NaiveSpring(under)
let rows: [Row] = [
  updateRow("under-damped (bounce 0.3)", under),
  updateRow("critically damped (bounce 0)", critical),
  updateRow("over-damped (bounce -0.3)", over),
  Row(
    name: "SpringTransitionMatrix(spring:deltaTime:)",
    naive: timeLoop(1) { naiveUnder.matrix($0).0 }, hooke: timeLoop(1) { hookeMatrix(under, $0).m00 },
    difference: largestDifference(1, 1, { naiveUnder.matrix($0).0 }, { hookeMatrix(under, $0).m00 })),
  Row(
    name: "Spring.value(target:initialVelocity:time:)",
    naive: timeLoop(30) { naiveUnder.value(target: 100, initialVelocity: 50, time: $0) },
    hooke: timeLoop(30) { hookeValue(under, 100, 50, $0) },
    difference: largestDifference(
      30, 100, { naiveUnder.value(target: 100, initialVelocity: 50, time: $0) },
      { hookeValue(under, 100, 50, $0) })),
  Row(
    name: "Spring.velocity(target:initialVelocity:time:)",
    naive: timeLoop(30) { naiveUnder.velocity(target: 100, initialVelocity: 50, time: $0) },
    hooke: timeLoop(30) { hookeVelocity(under, 100, 50, $0) },
    difference: largestDifference(
      30, 10_000, { naiveUnder.velocity(target: 100, initialVelocity: 50, time: $0) },
      { hookeVelocity(under, 100, 50, $0) })),
]

/// With SPRING_BENCH_CLOCK=thread, rows are timed in the thread's CPU time instead of wall time:
/// time the thread spends descheduled on a loaded host then does not count.
let threadClock = ProcessInfo.processInfo.environment["SPRING_BENCH_CLOCK"] == "thread"

func threadNanoseconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}

/// ns per call of `body` over `calls` calls, and its checksum.
func time(_ body: (Int) -> Double) -> (ns: Double, checksum: Double) {
  if threadClock {
    let start = threadNanoseconds()
    let checksum = body(calls)
    return ((threadNanoseconds() - start) / Double(calls), checksum)
  }
  let start = clock.now
  let checksum = body(calls)
  return (nanoseconds(clock.now - start) / Double(calls), checksum)
}

print("spring-scalar-bench: \(calls) calls per row, best of 3 interleaved rounds; springs of duration 0.5 s")
print(
  "call".padding(toLength: 46, withPad: " ", startingAt: 0)
    + "   Hooke ns   naive ns   Hooke/naive   largest difference   checksums (Hooke, naive)")
for row in rows where filter.isEmpty || row.name.contains(filter) {
  var (hookeNs, naiveNs) = (Double.infinity, Double.infinity)
  var (hookeSum, naiveSum) = (0.0, 0.0)
  for _ in 0..<3 {
    let n = time(row.naive)
    let h = time(row.hooke)
    (naiveNs, naiveSum) = (min(naiveNs, n.ns), n.checksum)
    (hookeNs, hookeSum) = (min(hookeNs, h.ns), h.checksum)
  }
  print(
    row.name.padding(toLength: 46, withPad: " ", startingAt: 0)
      + String(
        format: " %10.1f %10.1f %13.2f %20.1e   (%.6g, %.6g)", hookeNs, naiveNs, hookeNs / naiveNs,
        row.difference,
        hookeSum, naiveSum))
}
