// hooke-fuzz: seeded adversarial calls against every public API group of Hooke,
// HookeAnimation and HookeScene, one child process per chunk (a trap or hang is bisected down to the case that
// caused it), and a soak of one property re-animated every frame.
//
//   hooke-fuzz [--calls N] [--seed S] [--chunk CASES] [--group NAME] [--timeout S]   the table
//   hooke-fuzz soak [--reanimations N] [--animation easeInOut|interpolatingSpring|phase|scene]
//                   [--seed S] [--trace FRAMES]
//   hooke-fuzz case GROUP SEED START COUNT                             (child; internal)
//   hooke-fuzz help
//
// The soak times two windows of 5 % of the run (at least 1,000 frames): one right after a
// warm-up (the first 2,400 frames, or a quarter of a short run) and the last one. It reports,
// per window, the CPU time of the thread per frame, the RSS at the window's end, and the work
// the window had: the mean number of elements over its frames (scene; elements come and go, so
// a count at one frame says little about the window) or the combining entries at its end, then
// the ratios end/start of cost and RSS. The scene soak also gives the cost ratio per element
// (each window's cost divided by its mean element count) beside the raw one, so a window that
// simply had more elements is not read as growth; the raw ratio is what the limit is about.
// `--trace FRAMES` adds a line per FRAMES frames along the whole run (cost over those frames,
// RSS, mean elements or entries), to see a trend rather than two points.
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

  soak: times a window of 5 % of the run (at least 1,000 frames) after a warm-up of 2,400 frames
  (a quarter of a short run) and the last such window: CPU time of the thread per frame, RSS at
  the window's end, and the window's work (scene: mean elements over its frames; otherwise the
  combining entries at its end), then the ratios end/start of cost and RSS. The scene soak adds
  the cost ratio per element (each window's cost over its mean element count). --trace FRAMES
  prints cost, RSS and work per FRAMES frames along the run.
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

func pad(_ n: Int, _ width: Int) -> String {
  let s = "\(n)"
  return String(repeating: " ", count: Swift.max(0, width - s.count)) + s
}

// MARK: - Soak

/// Resident set size in bytes, from /proc/self/statm (Linux); 0 elsewhere.
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

func soak(_ arguments: ArraySlice<String>) -> Int32 {
  let o = options(arguments, allowed: ["reanimations", "animation", "seed", "trace"])
  let n = positiveInt(o["reanimations"], "reanimations", default: 1_000_000)
  let trace = positiveInt(o["trace"], "trace", default: Int.max)
  let kind = o["animation"] ?? "easeInOut"
  let animation: Animation
  switch kind {
  case "easeInOut": animation = .easeInOut(duration: 0.35)
  case "interpolatingSpring": animation = .interpolatingSpring
  case "phase": animation = .interpolatingSpring
  case "scene": animation = .default
  default: fail("--animation must be easeInOut, interpolatingSpring, phase or scene, got '\(kind)'")
  }
  var random = FuzzRandom(seed: UInt64(o["seed"] ?? "7") ?? 7, group: 99, index: 0)
  let hz: Int64 = 120
  // Warm-up: 20 s of frames (every entry of the steady state has been created and retired);
  // windows of 5 % of the run (at least 1,000 frames) after the warm-up and at the end.
  let warmUp = Swift.min(2_400, n / 4)
  let window = Swift.max(1_000, n / 20)
  guard n >= warmUp + 2 * window else { fail("--reanimations must be at least \(warmUp + 2 * window)") }
  var animator = PropertyAnimator(0.0)
  var phases = PhaseAnimator(phases: [0.0, 100.0], value: { $0 }, animation: { _ in animation })
  // CPU time of this thread, so other processes on a shared machine do not inflate the cost.
  func cpuNanoseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
  }
  var windowStart = cpuNanoseconds()
  var report: [(label: String, ns: Double, rss: Int, work: Double, evaluated: Int)] = []
  var checksum = 0.0
  // The scene soak: 200 elements on the batch path; a transaction on most frames moves or
  // fades ten of them with a spring of a new response each time (a new batch group per
  // animation, recycled), a curve or none, and every 50 frames elements leave and arrive.
  let scene = Scene(fastPath: true)
  var nextID = 200
  if kind == "scene" {
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<200 {
        tx.insert(
          Element(
            id: ElementID(i),
            frame: Rect(x: Double(i % 20) * 19, y: Double(i / 20) * 80, width: 18, height: 70)))
      }
    }
  }
  func sceneFrame(_ frame: Int, at t: Double) {
    if random.chance(0.8) {
      let response = 0.2 + Double(frame % 1000) / 1000
      let animation: Animation? = random.pick([
        .spring(response: response, dampingFraction: 0.8), .easeInOut(duration: 0.3), nil,
      ])
      scene.withAnimation(animation, at: t) { tx in
        for _ in 0..<10 {
          let id = ElementID(nextID - 200 + random.int(200))
          if random.bool() {
            tx.setFrame(id, Rect(x: random.uniform(0, 370), y: random.uniform(0, 800), width: 18, height: 70))
          } else {
            let o = random.uniform(0, 1)
            tx.update(id) { $0.opacity = o }
          }
        }
        if frame % 50 == 0 {
          for k in 0..<5 { tx.remove(ElementID(nextID - 200 + k)) }
          for _ in 0..<5 {
            tx.insert(Element(id: ElementID(nextID), frame: Rect(x: 0, y: 0, width: 18, height: 70)))
            nextID += 1
          }
        }
      }
    }
    scene.advance(to: t)
    checksum += scene.renderList.count > 0 ? scene.renderList.x[0] : 0
  }
  func entries() -> Int {
    if kind == "scene" { return scene.elementCount }
    let running = kind == "phase" ? phases.animator.animation : animator.animation
    return running?.as(DefaultCombiningAnimation.self)?.entries.count ?? (running == nil ? 0 : 1)
  }
  // Work summed per frame over the current window and trace interval (scene: elements).
  var windowWork = 0
  var traceWork = 0
  var traceStart = windowStart
  for frame in 0..<n {
    if frame == warmUp || frame == n - window {
      windowStart = cpuNanoseconds()
      windowWork = 0
    }
    let t = PropertyAnimator<Double>.time(tick: Int64(frame), ticksPerSecond: hz)
    if kind == "scene" {
      sceneFrame(frame, at: t)
    } else if kind == "phase" {
      checksum += phases.sample(at: t)
    } else {
      animator.set(random.uniform(0, 100), animation: animation, at: t)
      checksum += animator.presentationValue
    }
    if kind == "scene" {
      windowWork += scene.elementCount
      traceWork += scene.elementCount
    }
    if frame == warmUp + window - 1 || frame == n - 1 {
      let ns = (cpuNanoseconds() - windowStart) / Double(window)
      let evaluated =
        kind == "scene"
        ? 0 : kind == "phase" ? phases.animator.evaluatedEntryCount : animator.evaluatedEntryCount
      let work = kind == "scene" ? Double(windowWork) / Double(window) : Double(entries())
      report.append((frame == n - 1 ? "end" : "start", ns, residentBytes(), work, evaluated))
    }
    if (frame + 1) % trace == 0 {
      let now = cpuNanoseconds()
      let work = kind == "scene" ? Double(traceWork) / Double(trace) : Double(entries())
      print(
        "trace frame \(pad(frame + 1, 8)) \(String(format: "%10.0f", (now - traceStart) / Double(trace))) ns/frame"
          + " \(String(format: "%7.1f", Double(residentBytes()) / 1_048_576)) MiB"
          + " \(String(format: "%9.1f", work)) \(kind == "scene" ? "elements (mean)" : "entries")")
      traceWork = 0
      traceStart = cpuNanoseconds()
      windowStart += traceStart - now  // a window's cost leaves the trace line out
    }
  }
  let what =
    kind == "scene"
    ? "frames of a 200-element scene with random transactions (column: mean elements)"
    : kind == "phase"
      ? "frames of PhaseAnimator(.repeating, .interpolatingSpring)"
      : "re-animations (one per 120 Hz frame) with \(kind)"
  print("hooke-fuzz soak: \(n) \(what); warm-up \(warmUp) frames, windows of \(window) frames")
  // Evaluated: entries one frame evaluates, including those kept for pending completions.
  print(
    "window   CPU ns/frame RSS MiB   "
      + (kind == "scene" ? "   mean elements" : "combined entries  evaluated"))
  for r in report {
    print(
      "\(r.label.padding(toLength: 6, withPad: " ", startingAt: 0)) \(String(format: "%10.0f", r.ns))"
        + " \(String(format: "%11.1f", Double(r.rss) / 1_048_576))"
        + (kind == "scene" ? String(format: " %18.1f", r.work) : " \(pad(Int(r.work), 18))")
        + (kind == "scene" ? "" : " \(pad(r.evaluated, 10))")
    )
  }
  let costRatio = report[1].ns / report[0].ns
  let rssRatio = Double(report[1].rss) / Double(Swift.max(report[0].rss, 1))
  print(String(format: "end/start: cost %.3f, RSS %.3f (checksum %.6g)", costRatio, rssRatio, checksum))
  if kind == "scene" {
    // The same ratio with each window's cost per element (its mean element count).
    let perElement = (report[1].ns / report[1].work) / (report[0].ns / report[0].work)
    print(String(format: "end/start per element: cost %.3f", perElement))
  }
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
