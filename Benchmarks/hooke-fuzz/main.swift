// hooke-fuzz: seeded adversarial calls against every public API group of Hooke,
// HookeAnimation and HookeScene, one child process per chunk (a trap or hang is bisected down to the case that
// caused it), and a soak of a scene or of one property re-animated every frame.
//
//   hooke-fuzz [--calls N] [--seed S] [--chunk CASES] [--group NAME] [--timeout S]   the table
//   hooke-fuzz soak [--reanimations N] [--animation easeInOut|interpolatingSpring|phase|scene]
//                   [--seed S] [--trace FRAMES]
//   hooke-fuzz case GROUP SEED START COUNT                             (child; internal)
//   hooke-fuzz help
//
// The soak (Soak.swift) measures a window of 10 blocks (about 5 % of the run) right after a
// warm-up (the first 2,400 frames, or a quarter of a short run) and the last such window: per
// block the CPU time of the thread per frame; per window the RSS at its end, the subject's
// structure counts (scene: elements, slots, groups, quads, channels, handles…, each live and as
// a table size) and its mean work (elements or combining entries). A shared machine makes a
// window's cost noisy in two ways, spikes and drift over seconds, so the cost ratio the verdict
// reads is not end window / start window but the median of 50 interleaved pair ratios: a block
// of the aged subject after its last frame, then a block of a fresh replica (same seed, so in
// the after-warm-up state), and so on, alternating. The sequential ratio (median blocks) is shown
// beside it. The verdict flags growth of cost or RSS beyond 10 %.
// `--trace FRAMES` adds a line per FRAMES frames along the whole run (cost over those frames,
// RSS, mean work), to see a trend rather than two points.
//
// Exit status: 0 when every group has no trap, hang, leak or violation (soak: always 0 unless
// the arguments are bad); 1 otherwise; 2 for bad arguments.

import Foundation
import Hooke
import HookeAnimation
import HookeScene

/// The groups, in table order.
nonisolated(unsafe) let groups: [(name: String, run: (inout FuzzRandom, inout FuzzCheck) -> Void)] = [
  ("springs", FuzzCore.springs),
  ("curves", FuzzCore.curves),
  ("geometry", FuzzCore.geometry),
  ("math", FuzzCore.math),
  ("animations", FuzzAnimation.animations),
  ("keyframes", FuzzAnimation.keyframes),
  ("batch", FuzzBatch.batch),
  ("scenes", FuzzScene.scenes),
  // Not run by default: traps at case 1234 and hangs at case 4321, to show the bisection works.
  ("selftest", selfTest),
]

/// The number of groups run when no `--group` is given (the self-test is left out).
let defaultGroupCount = groups.count - 1

func selfTest(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
  c.called()
  if r.index == 1234 { fatalError("self-test trap") }
  if r.index == 4321 { while r.index == 4321 { c.called() } }
}

/// The usage and the soak's measurement, as the header comment above states them.
let usage = """
  usage: hooke-fuzz [--calls N] [--seed S] [--chunk CASES] [--group NAME] [--timeout S]
         hooke-fuzz soak [--reanimations N] [--animation easeInOut|interpolatingSpring|phase|scene]
                         [--seed S] [--trace FRAMES]
         hooke-fuzz case GROUP SEED START COUNT   (child; internal)

  soak: runs the subject (a 200-element scene with random transactions, or one property
  re-animated every frame) for N frames. Warm-up: 2,400 frames (a quarter of a short run). Start
  and end windows: 10 blocks of max(100, N/200) frames each, right after the warm-up and at the
  end; per block the thread's CPU time per frame, per window the RSS, the mean work (elements or
  combining entries) and the structure counts (live and table sizes). Then 50 interleaved pairs
  of blocks of max(100, N/1000) frames: the aged subject (frames after N) and a fresh replica with the same seed (frames
  after its warm-up, i.e. the after-warm-up state), the order flipping per pair.
  end/start cost = median of the pair ratios (robust to spikes and to host slowdowns lasting
  seconds, which hit both blocks of a pair); also shown: the sequential ratio of the windows'
  median blocks. RSS = end window / start window. The verdict flags cost or RSS growth > 10 %
  (exit status 0 either way). --trace FRAMES prints cost, RSS and work per FRAMES frames.
  Measured frames run through _soakStartFrame, _soakEndFrame, _soakAgedPairFrame and
  _soakFreshPairFrame, so callgrind gives each part's instructions.
  """

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("hooke-fuzz: \(message)\n".utf8))
  exit(2)
}

/// `--name value` options after the subcommand.
func options(_ arguments: ArraySlice<String>, allowed: Set<String>) -> [String: String] {
  var result: [String: String] = [:]
  var i = arguments.startIndex
  while i < arguments.endIndex {
    let key = arguments[i]
    guard key.hasPrefix("--"), allowed.contains(String(key.dropFirst(2))) else {
      fail(
        "unknown argument '\(key)' (allowed: \(allowed.sorted().map { "--" + $0 }.joined(separator: ", ")))")
    }
    guard i + 1 < arguments.endIndex else { fail("\(key) needs a value") }
    result[String(key.dropFirst(2))] = arguments[i + 1]
    i += 2
  }
  return result
}

func positiveInt(_ text: String?, _ name: String, default value: Int) -> Int {
  guard let text else { return value }
  guard let n = Int(text), n > 0 else { fail("--\(name) must be a positive integer, got '\(text)'") }
  return n
}

// MARK: - Child: run a range of cases and report.

/// Runs cases `start..<start+count` of `group` and prints one summary line, then up to five
/// failures: `calls C leaks L violations V` / `FAIL index kind message`.
func runCases(group: Int, seed: UInt64, start: Int, count: Int) {
  var calls = 0
  var leaks = 0
  var violations = 0
  var examples: [String] = []
  for index in start..<(start + count) {
    var random = FuzzRandom(seed: seed, group: group, index: index)
    var check = FuzzCheck()
    groups[group].run(&random, &check)
    calls += check.calls
    for f in check.failures {
      if f.kind == .leak { leaks += 1 } else { violations += 1 }
      if examples.count < 5 {
        examples.append(
          "FAIL \(index) \(f.kind.rawValue) \(count == 1 ? f.message : String(f.message.prefix(300)))")
      }
    }
  }
  print("calls \(calls) leaks \(leaks) violations \(violations)")
  for e in examples { print(e) }
}

// MARK: - Parent: chunks in child processes, bisection of traps and hangs.

struct Tally {
  var cases = 0, calls = 0, traps = 0, hangs = 0, leaks = 0, violations = 0
  var examples: [String] = []
}

enum ChildOutcome {
  case finished(String)
  case trapped(String)
  case hung
}

let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()

func launch(group: Int, seed: UInt64, start: Int, count: Int, timeout: Double) -> ChildOutcome {
  let process = Process()
  process.executableURL = executable
  process.arguments = ["case", "\(group)", "\(seed)", "\(start)", "\(count)"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { fail("cannot start a child process: \(error)") }
  // Read concurrently so a chatty child never blocks on a full pipe.
  nonisolated(unsafe) var output = Data()
  let reader = Thread { output = pipe.fileHandleForReading.readDataToEndOfFile() }
  reader.start()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(2000) }
  if process.isRunning {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return .hung
  }
  process.waitUntilExit()
  while !reader.isFinished { usleep(1000) }
  let text = String(decoding: output, as: UTF8.self)
  if process.terminationReason == .uncaughtSignal || process.terminationStatus != 0
    || !text.hasPrefix("calls ")
  {
    return .trapped(
      "status \(process.terminationStatus) (\(process.terminationReason == .uncaughtSignal ? "signal" : "exit"))"
    )
  }
  return .finished(text)
}

/// Runs a range in a child; a trap or hang splits the range until single cases are named.
func runRange(group: Int, seed: UInt64, start: Int, count: Int, minimumTimeout: Double, tally: inout Tally) {
  // Cases take microseconds; a budget of 5 ms per case (at least 20 s) only trips on a hang.
  let timeout = Swift.max(minimumTimeout, Double(count) * 0.005)
  switch launch(group: group, seed: seed, start: start, count: count, timeout: timeout) {
  case .finished(let text):
    let lines = text.split(separator: "\n")
    let fields = lines[0].split(separator: " ")
    tally.calls += Int(fields[1]) ?? 0
    tally.leaks += Int(fields[3]) ?? 0
    tally.violations += Int(fields[5]) ?? 0
    for line in lines.dropFirst() where tally.examples.count < 8 { tally.examples.append(String(line)) }
  case .trapped(let why) where count == 1:
    tally.traps += 1
    tally.examples.append("TRAP case \(start) (\(why)); rerun: hooke-fuzz case \(group) \(seed) \(start) 1")
  case .hung where count == 1:
    tally.hangs += 1
    tally.examples.append(
      "HANG case \(start) (> \(Int(timeout)) s); rerun: hooke-fuzz case \(group) \(seed) \(start) 1")
  case .trapped, .hung:
    let half = count / 2
    runRange(
      group: group, seed: seed, start: start, count: half, minimumTimeout: minimumTimeout, tally: &tally)
    runRange(
      group: group, seed: seed, start: start + half, count: count - half, minimumTimeout: minimumTimeout,
      tally: &tally)
  }
}

func fuzz(_ arguments: ArraySlice<String>) -> Int32 {
  let o = options(arguments, allowed: ["calls", "seed", "chunk", "group", "timeout"])
  let minimumTimeout = Double(positiveInt(o["timeout"], "timeout", default: 20))
  let target = positiveInt(o["calls"], "calls", default: 1_000_000)
  let chunk = positiveInt(o["chunk"], "chunk", default: 20_000)
  guard let seed = UInt64(o["seed"] ?? "20261201") else { fail("--seed must be an unsigned integer") }
  var selected = Array(0..<defaultGroupCount)
  if let name = o["group"] {
    guard let g = groups.firstIndex(where: { $0.name == name }) else {
      fail("unknown --group '\(name)' (groups: \(groups.map(\.name).joined(separator: ", ")))")
    }
    selected = [g]
  }
  print("hooke-fuzz: seed \(seed), at least \(target) calls per group, chunks of \(chunk) cases")
  print("group        cases      calls  traps  hangs  leaks  violations  seconds")
  var clean = true
  for g in selected {
    var tally = Tally()
    let clock = ContinuousClock()
    let started = clock.now
    while tally.calls < target {
      let before = tally.calls
      runRange(
        group: g, seed: seed, start: tally.cases, count: chunk, minimumTimeout: minimumTimeout, tally: &tally)
      tally.cases += chunk
      if tally.calls == before { break }  // every case of the chunk trapped or hung
    }
    let seconds =
      Double((clock.now - started).components.attoseconds) * 1e-18
      + Double((clock.now - started).components.seconds)
    let name = groups[g].name.padding(toLength: 10, withPad: " ", startingAt: 0)
    print(
      "\(name) \(pad(tally.cases, 8)) \(pad(tally.calls, 10)) \(pad(tally.traps, 6)) \(pad(tally.hangs, 6))"
        + " \(pad(tally.leaks, 6)) \(pad(tally.violations, 11)) \(String(format: "%8.1f", seconds))")
    for e in tally.examples { print("  \(e)") }
    if tally.traps + tally.hangs + tally.leaks + tally.violations > 0 { clean = false }
  }
  return clean ? 0 : 1
}

/// Resident set size in bytes, from /proc/self/statm (Linux); 0 elsewhere.
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// CPU time of this thread in ns, so other processes on a shared machine do not count.
func threadCPUNanoseconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}

/// The growth the verdict tolerates: 10 % of cost or memory.
let soakGrowthLimit = 0.10

func soak(_ arguments: ArraySlice<String>) -> Int32 {
  let o = options(arguments, allowed: ["reanimations", "animation", "seed", "trace"])
  let n = positiveInt(o["reanimations"], "reanimations", default: 1_000_000)
  let trace = o["trace"].map { positiveInt($0, "trace", default: 1) }
  let kind = o["animation"] ?? "easeInOut"
  guard let seed = UInt64(o["seed"] ?? "7") else { fail("--seed must be an unsigned integer") }
  let make: () -> SoakSubject
  switch kind {
  case "easeInOut": make = { PropertySoakSubject(seed: seed, animation: .easeInOut(duration: 0.35)) }
  case "interpolatingSpring": make = { PropertySoakSubject(seed: seed, animation: .interpolatingSpring) }
  case "phase": make = { PhaseSoakSubject() }
  case "scene": make = { SceneSoakSubject(seed: seed) }
  default: fail("--animation must be easeInOut, interpolatingSpring, phase or scene, got '\(kind)'")
  }
  guard let plan = SoakPlan(frames: n) else {
    fail("--reanimations must be at least \(SoakPlan.minimumFrames(for: n))")
  }
  let r = runSoak(
    plan, make: make, clock: threadCPUNanoseconds, resident: residentBytes, trace: trace,
    emit: { print($0) })
  let what =
    kind == "scene"
    ? "frames of a 200-element scene with random transactions"
    : kind == "phase"
      ? "frames of PhaseAnimator(.repeating, .interpolatingSpring)"
      : "re-animations (one per 120 Hz frame) with \(kind)"
  let workName = kind == "scene" ? "mean elements" : "mean entries"
  print(
    "hooke-fuzz soak: \(n) \(what); warm-up \(plan.warmUp) frames, windows of \(plan.blocks) blocks"
      + " of \(plan.blockFrames) frames, \(plan.pairs) interleaved pairs of \(plan.pairFrames)-frame blocks"
      + " against a fresh replica")
  print("window   CPU ns/frame: median block (min - max)    RSS MiB  \(workName)")
  func row(_ label: String, _ blocks: [Double], _ rss: Int, _ work: Double) {
    print(
      label.padding(toLength: 8, withPad: " ", startingAt: 0)
        + String(
          format: " %10.0f (%8.0f - %8.0f)         %9.1f  %13.1f", SoakStatistics.median(blocks),
          blocks.min() ?? .nan, blocks.max() ?? .nan, Double(rss) / 1_048_576, work))
  }
  row("start", r.startBlocks, r.startResident, r.startWork)
  row("end", r.endBlocks, r.endResident, r.endWork)
  let pairRatios = SoakStatistics.ratios(r.agedPairs, over: r.freshPairs)
  print(
    String(
      format: "pairs    aged %.0f, fresh %.0f ns/frame (medians); pair ratios: quartiles %.3f %.3f %.3f",
      SoakStatistics.median(r.agedPairs), SoakStatistics.median(r.freshPairs),
      SoakStatistics.quantile(pairRatios, 0.25), SoakStatistics.median(pairRatios),
      SoakStatistics.quantile(pairRatios, 0.75)))
  print("structure                      start        end")
  for (s, e) in zip(r.startStructure, r.endStructure) {
    print(
      "  \(s.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(pad(s.value, 10)) \(pad(e.value, 10))"
    )
  }
  let v = r.verdict
  print(
    String(
      format: "end/start: cost %.3f, RSS %.3f (cost: median of pair ratios; sequential windows %.3f)"
        + " (checksum %.6g)", v.pairedCostRatio, v.rssRatio, v.sequentialCostRatio, r.checksum))
  if kind == "scene" {
    // The sequential ratio with each window's cost per element (its mean element count).
    print(
      String(
        format: "end/start per element (sequential): cost %.3f",
        v.sequentialCostRatio * r.startWork / r.endWork))
  }
  print(
    v.flagged(limit: soakGrowthLimit)
      ? "verdict: GROWTH: cost or RSS more than \(Int(soakGrowthLimit * 100)) % above the start"
      : "verdict: within \(Int(soakGrowthLimit * 100)) % (cost and RSS)")
  return 0
}

// MARK: - Entry

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "case":
  let a = Array(arguments.dropFirst())
  guard a.count == 4, let g = Int(a[0]), groups.indices.contains(g), let seed = UInt64(a[1]),
    let start = Int(a[2]),
    let count = Int(a[3]), start >= 0, count > 0
  else { fail("usage: hooke-fuzz case GROUP SEED START COUNT") }
  runCases(group: g, seed: seed, start: start, count: count)
case "soak":
  exit(soak(arguments.dropFirst()))
case "help", "--help", "-h":
  print(usage)
default:
  exit(fuzz(arguments))
}
