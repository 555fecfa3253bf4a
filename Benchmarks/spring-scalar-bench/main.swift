// Scalar per-frame spring calls, ns/call, next to a naive closed form that uses the C library's
// exp/sin/cos — in one run, so both see the same machine state. Not part of CI timing; run:
//   swift run -c release spring-scalar-bench [calls]      (default 4 000 000 calls per row)
// Each call gets its own frame interval (1/120 s ± a few ns, from a table), so no compiler can
// hoist the per-call exp/sincos out of the loop; the results are summed into a checksum that is
// printed, so no call is dead code. The last column is the largest difference from the naive
// closed form over the table (relative to the motion's size): the two must agree.
import Foundation  // exp, sin, cos from the C library, String(format:)
import Hooke

/// The naive under-damped closed form (the textbook one, as engines write it): displacement
/// y = x − target, y(t) = e^(−ζω₀t)(y₀ cos ω_d t + (v₀ + ζω₀y₀)/ω_d · sin ω_d t), with libm.
struct NaiveSpring {
  let zetaOmega0: Double
  let omegaD: Double
  init(_ spring: Spring) {
    let omega0 = (spring.stiffness / spring.mass).squareRoot()
    zetaOmega0 = spring.dampingRatio * omega0
    omegaD = omega0 * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
  }
  @inline(never)
  func update(value: inout Double, velocity: inout Double, target: Double, deltaTime t: Double) {
    let y0 = value - target
    let v0 = velocity
    let decay = exp(-zetaOmega0 * t)
    let c = cos(omegaD * t)
    let s = sin(omegaD * t)
    let b = (v0 + zetaOmega0 * y0) / omegaD
    value = target + decay * (y0 * c + b * s)
    velocity = decay * ((b * omegaD - zetaOmega0 * y0) * c - (y0 * omegaD + zetaOmega0 * b) * s)
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
let spring = Spring(duration: 0.5, bounce: 0.3)
let naive = NaiveSpring(spring)
let intervals = (0..<1024).map { 1.0 / 120 + Double($0) * 1e-9 }
let clock = ContinuousClock()

func nanoseconds(_ d: Duration) -> Double {
  Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) * 1e-9
}

/// Runs `body` over `calls` calls (three rounds, the fastest kept) and returns ns per call.
func measure(_ body: (Int) -> Double) -> (ns: Double, checksum: Double) {
  var best = Double.infinity
  var checksum = 0.0
  for _ in 0..<3 {
    let start = clock.now
    checksum = body(calls)
    best = min(best, nanoseconds(clock.now - start) / Double(calls))
  }
  return (best, checksum)
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

// Accuracy: one update from the same state, Hooke against the naive closed form.
var worst = 0.0
for (k, dt) in intervals.enumerated() {
  var (xh, vh) = (Double(k % 7) - 3, Double(k % 5) * 40 - 80)
  var (xn, vn) = (xh, vh)
  hookeUpdate(spring, &xh, &vh, 100, dt)
  naive.update(value: &xn, velocity: &vn, target: 100, deltaTime: dt)
  worst = max(worst, abs(xh - xn) / 100)
}

let rows: [(String, (Int) -> Double)] = [
  (
    "naive closed form, libm exp/sin/cos",
    updateLoop { naive.update(value: &$0, velocity: &$1, target: $2, deltaTime: $3) }
  ),
  ("Spring.update(value:velocity:target:deltaTime:)", updateLoop { hookeUpdate(spring, &$0, &$1, $2, $3) }),
  (
    "SpringTransitionMatrix(spring:deltaTime:)",
    { n in
      var sum = 0.0
      for k in 0..<n { sum += hookeMatrix(spring, intervals[k & 1023]).m00 }
      return sum
    }
  ),
  (
    "Spring.value(target:initialVelocity:time:)",
    { n in
      var sum = 0.0
      for k in 0..<n { sum += hookeValue(spring, 100, 50, intervals[k & 1023] * 30) }
      return sum
    }
  ),
  (
    "Spring.velocity(target:initialVelocity:time:)",
    { n in
      var sum = 0.0
      for k in 0..<n { sum += hookeVelocity(spring, 100, 50, intervals[k & 1023] * 30) }
      return sum
    }
  ),
]

print("spring-scalar-bench: \(calls) calls per row, best of 3; spring duration 0.5 s, bounce 0.3")
var naiveNs = 0.0
for (name, body) in rows {
  let (ns, checksum) = measure(body)
  if naiveNs == 0 { naiveNs = ns }
  print(
    name.padding(toLength: 50, withPad: " ", startingAt: 0)
      + String(format: " %6.1f ns/call  x%.2f of naive  (checksum %.6g)", ns, ns / naiveNs, checksum))
}
print("largest |Hooke − naive| of one update, relative to the move: \(worst)")
