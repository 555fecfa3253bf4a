// Nanoseconds per channel-step of `BatchEngine` as a client module pays them: every driver kind
// (exact spring, SwiftUI-model spring, timing curve, CSS Bézier curve) in Float and Double, each
// with the default rest rule (`addGroup(_:)`, which is `.pixel`) next to `.disabled` (no rest
// test), one thread, in one run. Prints one row per driver and scalar with the ratio
// default ÷ disabled, then a "batch-step-bench: ok" line.
//
// Workload: `--channels` channels per engine starting at rest at 0, all retargeted to seeded
// random values in [−1000, 1000) every 30 frames (first at frame 0; a 0.5 s spring or 0.5 s curve
// is then still well outside a one-point rest box, so both rules step every channel); only the
// `step(ticks:)` calls of 120 Hz frames are timed. Engines run interleaved, `--rounds` rounds of
// `--frames` frames each; a row reports the best round (the least disturbed on a shared machine)
// and the median round.
//
// Usage: batch-step-bench [--channels N] [--frames N] [--rounds N] [--drivers spring,swiftui,curve,bezier]
//   defaults 65,536 channels, 60 frames, 15 rounds; CI runs it small (the figures are printed,
//   not gated on). `--help` prints the usage. Exit codes: 0 ok, 1 a figure is not finite and
//   positive or a channel settled under `.disabled`, 64 a usage error (named on stderr).
import Hooke

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: batch-step-bench [--channels N] [--frames N] [--rounds N] [--drivers LIST]
    --channels N    channels per engine, 1...4194304 (default 65536)
    --frames N      timed 120 Hz frames per round, 1...100000 (default 60)
    --rounds N      rounds, every engine once per round, 1...1000 (default 15)
    --drivers LIST  comma-separated subset of spring,swiftui,curve,bezier (default all)
    -h, --help      print this and exit
  Prints ns per channel-step with the default rest rule and with .disabled, and their ratio.
  Exit codes: 0 ok, 1 a figure is not finite and positive or a channel settled under .disabled,
  64 usage error.
  """

/// Prints `message` on standard error and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
  let bytes = Array("batch-step-bench: error: \(message)\n".utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(code)
}

struct BenchFailure: Error, CustomStringConvertible { var description: String }

/// Command line: `--channels`, `--frames`, `--rounds` with positive integer values, `--drivers`
/// with a comma-separated list of driver names, `--help`.
struct Options {
  static let driverNames = ["spring", "swiftui", "curve", "bezier"]
  /// The largest value of each numeric option.
  static let limits = ["--channels": 4_194_304, "--frames": 100_000, "--rounds": 1_000]
  var channels = 65_536
  var frames = 60
  var rounds = 15
  var drivers = Options.driverNames
  var help = false

  init(_ arguments: [String]) throws(BenchFailure) {
    var rest = arguments[...]
    while let name = rest.popFirst() {
      switch name {
      case "-h", "--help":
        help = true
        continue
      case "--drivers":
        guard let list = rest.popFirst() else { throw BenchFailure(description: "--drivers needs a list") }
        drivers = list.split(separator: ",").map(String.init)
        if let unknown = drivers.first(where: { !Options.driverNames.contains($0) }) {
          throw BenchFailure(
            description: "unknown driver '\(unknown)' (\(Options.driverNames.joined(separator: ", ")))")
        }
        if drivers.isEmpty { throw BenchFailure(description: "--drivers needs at least one driver") }
        continue
      case "--channels", "--frames", "--rounds": break
      default:
        throw BenchFailure(
          description: "unknown option '\(name)' (--channels, --frames, --rounds, --drivers, --help)")
      }
      // Capped so that eight engines' storage fits in memory and a run ends in reasonable time.
      let limit = Options.limits[name]!
      guard let text = rest.popFirst(), let value = Int(text), value > 0, value <= limit else {
        throw BenchFailure(description: "\(name) needs a whole number from 1 to \(limit)")
      }
      switch name {
      case "--channels": channels = value
      case "--frames": frames = value
      default: rounds = value
      }
    }
  }
}

/// SplitMix64: the benchmark's seeded target generator.
struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// One engine of the run: a driver, a scalar type and a rest rule.
final class Case {
  let driver: String
  let scalar: String
  let defaultRule: Bool
  /// Runs `frames` frames; returns the timed nanoseconds and the active channel-steps.
  let run: (_ frames: Int) -> (nanoseconds: Double, activeSteps: Int)
  var rounds: [Double] = []  // nanoseconds per channel-step, one per round
  var activeFraction = 1.0

  init(driver: String, scalar: String, defaultRule: Bool, run: @escaping (Int) -> (Double, Int)) {
    self.driver = driver
    self.scalar = scalar
    self.defaultRule = defaultRule
    self.run = run
  }
}

/// A case on a concrete `BatchEngine<S>`, as a client holding one writes it.
@_specialize(where S == Float)
@_specialize(where S == Double)
func makeCase<S: BatchScalar>(
  _: S.Type, driver name: String, _ driver: BatchDriver, defaultRule: Bool, channels: Int
) -> Case {
  let engine = BatchEngine<S>()
  let group = defaultRule ? engine.addGroup(driver) : engine.addGroup(driver, restRule: .disabled)
  var handles: [BatchChannel] = []
  handles.reserveCapacity(channels)
  for _ in 0..<channels { handles.append(try! engine.addChannel(to: group, value: 0, target: 0)) }
  var targets = [S](repeating: 0, count: channels)
  var random = SplitMix64(state: 0x5EED_0B47)
  let ticks = engine.ticksPerSecond / 120
  let clock = ContinuousClock()
  var frame = 0
  return Case(driver: name, scalar: S.self == Float.self ? "Float" : "Double", defaultRule: defaultRule) {
    frames in
    var nanoseconds = 0.0
    var active = 0
    for _ in 0..<frames {
      if frame % 30 == 0 {
        for i in 0..<channels { targets[i] = S(Double(random.next() >> 11) * 0x1p-53 * 2000 - 1000) }
        handles.withUnsafeBufferPointer { h in
          targets.withUnsafeBufferPointer { t in _ = engine.retarget(h, to: t) }
        }
      }
      frame += 1
      active += engine.activeCount
      let start = clock.now
      engine.step(ticks: ticks)
      let (seconds, attoseconds) = (clock.now - start).components
      nanoseconds += Double(seconds) * 1e9 + Double(attoseconds) * 1e-9
    }
    return (nanoseconds, active)
  }
}

/// `x` with `digits` decimals (no Foundation).
func fixed(_ x: Double, _ digits: Int) -> String {
  guard x.isFinite else { return "\(x)" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let n = Int((x.magnitude * scale).rounded())
  let whole = String(n / Int(scale))
  var fraction = String(n % Int(scale))
  while fraction.count < digits { fraction = "0" + fraction }
  return (x < 0 ? "-" : "") + (digits > 0 ? whole + "." + fraction : whole)
}

func padded(_ s: String, _ width: Int) -> String {
  s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
}

let options: Options
do {
  options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail("\(error)\n\(usage)", code: 64)
}
if options.help {
  print(usage)
  exit(0)
}
let drivers: [(String, BatchDriver)] = [
  ("spring", .spring(Spring(response: 0.5, dampingRatio: 0.8))),
  ("swiftui", .fluidSpring(FluidSpringModel(response: 0.5, dampingFraction: 0.8))),
  ("curve", .timingCurve(.easeInOut, duration: 0.5)),
  ("bezier", .curve(.cubicBezier(CubicBezier(0.25, 0.1, 0.25, 1)), duration: 0.5)),
]
var cases: [Case] = []
for (name, driver) in drivers where options.drivers.contains(name) {
  for defaultRule in [true, false] {
    cases.append(
      makeCase(Float.self, driver: name, driver, defaultRule: defaultRule, channels: options.channels))
  }
  for defaultRule in [true, false] {
    cases.append(
      makeCase(Double.self, driver: name, driver, defaultRule: defaultRule, channels: options.channels))
  }
}
// Warm-up (caches, first matrices), then the rounds, every engine once per round in turn.
for c in cases { _ = c.run(min(options.frames, 30)) }
for _ in 0..<options.rounds {
  for c in cases {
    let (nanoseconds, active) = c.run(options.frames)
    c.rounds.append(nanoseconds / Double(options.channels * options.frames))
    c.activeFraction = min(c.activeFraction, Double(active) / Double(options.channels * options.frames))
  }
}

print(
  "batch-step-bench: \(options.channels) channels, \(options.frames) frames × \(options.rounds) rounds,"
    + " 120 Hz, one thread; ns per channel-step, best (median) of the rounds")
print("  driver   scalar      default rest rule         .disabled    ratio  active (default)")
var failures: [String] = []
var worst = 0.0
for k in stride(from: 0, to: cases.count, by: 2) {
  let (withRule, without) = (cases[k], cases[k + 1])
  let best = (withRule.rounds.min()!, without.rounds.min()!)
  let median = (
    withRule.rounds.sorted()[withRule.rounds.count / 2], without.rounds.sorted()[without.rounds.count / 2]
  )
  let ratio = best.0 / best.1
  worst = max(worst, ratio)
  print(
    "  " + withRule.driver.padding(7) + "  " + withRule.scalar.padding(6) + padded(fixed(best.0, 3), 10)
      + padded("(\(fixed(median.0, 3)))", 10) + padded(fixed(best.1, 3), 10)
      + padded("(\(fixed(median.1, 3)))", 10)
      + padded(fixed(ratio, 2), 8) + padded(fixed(100 * withRule.activeFraction, 1) + " %", 12))
  for c in [withRule, without] where !c.rounds.allSatisfy({ $0.isFinite && $0 > 0 }) {
    failures.append("\(c.driver) \(c.scalar): a round measured \(c.rounds)")
  }
  if without.activeFraction != 1 {
    failures.append("\(without.driver) \(without.scalar): channels settled under .disabled")
  }
}
if cases.isEmpty { failures.append("no driver selected (\(drivers.map(\.0).joined(separator: ", ")))") }
if !failures.isEmpty { fail(failures.joined(separator: "; "), code: 1) }
print("batch-step-bench: ok (largest ratio default ÷ disabled \(fixed(worst, 2)))")

extension String {
  /// Left-aligned in `width` columns.
  func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
