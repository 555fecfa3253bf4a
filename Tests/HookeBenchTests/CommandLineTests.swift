// The hooke-bench command layer: usage errors, help texts, run/verify/baseline/report/export end to end.
import Foundation
import Hooke
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A tiny, fast run of the self-test workload.
let tinyRun = [
  "--elements", "64", "--hz", "60", "--frames", "20", "--warmup", "5", "--repetitions", "2", "--threads", "1",
]

@Suite("hooke-bench command line")
struct CommandLineTests {
  @Test(arguments: [
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["run", "--frobnicate"], "unknown option '--frobnicate'"),
    (["run", "--frames", "ten"], "option '--frames': 'ten' is not an integer"),
    (["run", "--frames"], "option '--frames' needs a value"),
    (["run", "--format", "xml"], "option '--format': 'xml' is not one of text, markdown, json"),
    (["run", "--scenario", "nope"], "option '--scenario': unknown scenario 'nope'"),
    (
      ["run", "--scenario", "spring-field", "nope", "--quiet"], "option '--scenario': unknown scenario 'nope'"
    ),
    (["run", "--scenario=spring-field", "nope"], "unexpected argument 'nope'"),
    (["run", "--engine", "rk4"], "option '--engine': no selected scenario offers engine 'rk4'"),
    (["run", "--quiet=yes"], "flag '--quiet' does not take a value"),
    (["run", "--seed", "-1"], "option '--seed': '-1' is not an unsigned 64-bit integer"),
    (["compare", "a.json"], "missing argument <candidate>"),
    (["compare", "a.json", "b.json", "c.json"], "unexpected argument 'c.json'"),
    (["compare", "a.json", "b.json", "--noise", "200"], "option '--noise'"),
    (["baseline", "destroy"], "argument <action>: 'destroy' is not one of update, check, list"),
    (["baseline", "update", "../x"], "argument <name>"),
    (["export", "r.json"], "missing option '--format <format>'"),
    (["capacity", "--hz", ""], "option '--hz' needs at least one value"),
    (["verify", "--threads", "0"], "option '--threads': '0' is not an integer in 1…4096"),
    (
      ["run", "--output", "r.json", "--html", "r.json"], "options '--output' and '--html' name the same file"
    ),
    (["run", "--output", ""], "option '--output': the file name is empty"),
    (["report", "r.json", "--html="], "option '--html': the file name is empty"),
    (["report", ""], "argument <results> is empty"),
    (["compare", "a.json", ""], "argument <candidate> is empty"),
  ])
  func usageErrorsExit64WithAHint(arguments: [String], message: String) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(arguments, in: dir.path)
    #expect(r.code == 64, "\(arguments): \(r.stderr)")
    #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
    #expect(r.stderr.contains("Usage: hooke-bench"), "\(arguments): \(r.stderr)")
    #expect(r.stderr.contains("--help"), "\(arguments): \(r.stderr)")
    #expect(r.stdout.isEmpty)
    // A usage error writes nothing.
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).isEmpty)
  }

  @Test func topLevelHelpListsEveryCommandAndExitCode() {
    for arguments in [["--help"], ["-h"], ["help"]] {
      let r = bench(arguments, in: "/tmp")
      #expect(r.code == 0)
      #expect(r.stdout.hasPrefix("OVERVIEW: Hooke's frame-budget benchmark suite.\n"))
      for name in ["run", "capacity", "verify", "compare", "baseline", "report", "export"] {
        #expect(r.stdout.contains("\n  \(name) "), "\(name) missing from help")
      }
      #expect(r.stdout.contains("\n  5   baseline not found\n"))
      #expect(r.stdout.contains("\n  6   a p99 missed its deadline (--fail-on-deadline)\n"))
      #expect(r.stdout.contains("\n  64  usage error\n"))
    }
  }

  @Test(arguments: HookeBenchCommand.commands.map { $0.configuration.name })
  func everyCommandHasHelp(name: String) {
    let command = HookeBenchCommand.commands.first { $0.configuration.name == name }!
    let r = bench([name, "--help"], in: "/tmp")
    #expect(r.code == 0)
    #expect(r.stdout == command.configuration.helpText)
    #expect(r.stdout.hasPrefix("OVERVIEW: \(command.configuration.abstract)\n"))
    #expect(r.stdout.contains("\nUSAGE: hooke-bench \(name)"))
    for option in command.configuration.options {
      #expect(r.stdout.contains("  --\(option.name)"), "\(name): --\(option.name) undocumented")
    }
    #expect(r.stdout.contains("  -h, --help                Show help information.\n"))
    // `help NAME` prints the same text; help wins over missing arguments.
    #expect(bench(["help", name], in: "/tmp").stdout == r.stdout)
  }

  @Test func runHelpTextIsExact() {
    // The first lines are fixed text; a change here is a deliberate CLI change.
    let text = RunCommand.configuration.helpText
    #expect(
      text.hasPrefix(
        """
        OVERVIEW: Measure scenarios frame by frame against the frame deadline (the default command).

        Each (scenario, engine, elements, Hz) runs --repetitions fresh instances
        """))
    #expect(
      text.contains(
        "\nUSAGE: hooke-bench run [<options>]\n\nOPTIONS:\n  --scenario <name>         Scenario name or glob ('grid*');"
      ))
    #expect(
      text.contains("  --threads <n>             Worker threads for the workloads. Default: all cores.\n"))
    #expect(CompareCommand.configuration.usage == "hooke-bench compare <baseline> <candidate> [<options>]")
    #expect(BaselineCommand.configuration.usage == "hooke-bench baseline <action> [<name>] [<options>]")
  }

  /// `--checksum-every n` samples the render list after every n-th frame (warm-up included) and
  /// after the last, without changing what the frames compute; 0 is a usage error.
  @Test func checksumEverySetsTheSampledFrames() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(
      ["run", "--no-compare", "--checksum-every", "10", "--output", "ten.json"] + tinyRun, in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let ten = try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("ten.json"))
    #expect(ten.results[0].checksums.map(\.frame) == [9, 19, 24])  // 5 warm-up + 20 frames
    let d = bench(["run", "--no-compare", "--output", "default.json"] + tinyRun, in: dir.path)
    #expect(d.code == 0, "\(d.stderr)")
    let every60 = try ResultsIO.read(
      ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("default.json"))
    #expect(every60.results[0].checksums.map(\.frame) == [24])
    #expect(every60.results[0].checksum == ten.results[0].checksum)
    let bad = bench(["run", "--checksum-every", "0"] + tinyRun, in: dir.path)
    #expect(bad.code == 64)
    #expect(bad.stderr.contains("option '--checksum-every'"), "\(bad.stderr)")
  }

  /// Both reports may go to one device: `--output /dev/null --html /dev/null` runs, writes
  /// nothing, and leaves `/dev/null` a character device (renaming a temp file over it replaced it
  /// when run as root).
  @Test func reportsToDevNullAreDiscarded() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    // Run as root, a regression that renamed a file over the device would replace the host's
    // `/dev/null`: the run only goes ahead when the path resolves to the device.
    guard try ResultsIO._target(of: "/dev/null") == .characterDevice("/dev/null") else {
      Issue.record("/dev/null does not resolve to a device")
      return
    }
    let r = bench(
      ["run", "--no-compare", "--output", "/dev/null", "--html", "/dev/null"] + tinyRun, in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    var info = stat()
    #expect(stat("/dev/null", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).isEmpty)
  }

  @Test func runWritesResultsAndHTMLAndIsDeterministicAcrossThreads() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(["run"] + tinyRun, in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("\nspring-field/hooke 64@60 "))
    #expect(r.stdout.contains("CPU-budget proxy"))
    #expect(r.stdout.hasSuffix("\nbudget: 1 of 1 rows meet their deadline at p99.\n"))
    let file = try ResultsIO.read(
      ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("results/latest.json"))
    #expect(file.results.count == 1)
    let result = file.results[0]
    #expect(result.repetitions.count == 2)
    #expect(result.repetitionP50CV != nil)
    #expect(result.metrics.frame.frameCount == 40)
    #expect(result.deadlineNs == 16_666_667)
    #expect(result.counters["channelsStepped"]! > 0)
    #expect(result.counters["retargets"] == 24)  // max(1, 64/64) = 1 per frame for frames 1…24
    #expect(result.checksums.map(\.frame) == [24])
    #expect(file.machine.id == "test-machine")
    #expect(dir.read("results/latest.html")?.contains("<svg") == true)
    // Same script with 2 threads: identical checksums and counters.
    var two = tinyRun
    two[two.firstIndex(of: "--threads")! + 1] = "2"
    let r2 = bench(["run", "--output", "two.json", "--html", "two.html"] + two, in: dir.path)
    #expect(r2.code == 0, "\(r2.stderr)")
    let other = try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("two.json"))
    #expect(other.results[0].checksum == result.checksum)
    #expect(other.results[0].counters == result.counters)
    #expect(other.config.clock == "wall")
    // JSON format prints the results document.
    let json = bench(["run", "--format", "json", "--no-compare"] + tinyRun, in: dir.path)
    #expect(json.stdout.contains("\"kind\" : \"hooke.results\""))
  }

  @Test func runComparesWithTheBaselineWhenOneExists() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    #expect(bench(["run"] + tinyRun, in: dir.path).code == 0)
    #expect(bench(["baseline", "update", "--from", "results/latest.json"], in: dir.path).code == 0)
    let r = bench(["run"] + tinyRun, in: dir.path)
    #expect(r.stdout.contains("baseline:  \(dir.path)/results/baselines/test-machine/main.json"))
    #expect(r.code == 0 || r.code == 2, "\(r.stdout)")  // timing of a 64-element run may legitimately move
  }

  @Test func verifyDetectsAChangedChecksumAndNamesScenarioAndFrame() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    var registry = ScenarioRegistry.selfTest
    registry.defaultElements = [32]
    registry.defaultHz = [60, 120]
    let update = bench(["verify", "--update", "--frames", "130"], in: dir.path, registry: registry)
    #expect(update.code == 0, "\(update.stderr)")
    let ok = bench(["verify"], in: dir.path, registry: registry)
    #expect(ok.code == 0, "\(ok.stderr)")
    #expect(ok.stdout.contains("all 2 entries match"))
    var golden = try ResultsIO.read(
      GoldenFile.self, kind: GoldenFile.kindName, from: dir.file("results/golden.json"))
    #expect(golden.entries[0].checksums.map(\.frame) == [59, 119, 129])
    golden.entries[1].checksums[1].checksum = checksumHex(1)
    golden.entries[0].counters["retargets"] = 0
    try ResultsIO.write(golden, to: dir.file("results/golden.json"))
    let bad = bench(["verify"], in: dir.path, registry: registry)
    #expect(bad.code == 1)
    #expect(
      bad.stderr.contains(
        "MISMATCH spring-field/hooke?elements=32&hz=120 (scenario spring-field): frame 119: checksum"))
    #expect(
      bad.stderr.contains(
        "MISMATCH spring-field/hooke?elements=32&hz=60 (scenario spring-field): counter retargets"))
    // Missing golden file: a precise error.
    let missing = bench(["verify", "--golden", "nope.json"], in: dir.path, registry: registry)
    #expect(missing.code == 1)
    #expect(missing.stderr.contains("nope.json: file not found"))
  }

  @Test func baselineUpdateRefusesDebugBuilds() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try! ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)], configuration: "debug"),
      to: dir.file("debug.json"))
    let r = bench(["baseline", "update", "--from", "debug.json"], in: dir.path)
    #expect(r.code == 1)
    #expect(r.stderr.contains("field 'machine.configuration' is 'debug'"))
    let run = bench(["baseline", "update"] + tinyRun, in: dir.path, configuration: .debug)
    #expect(run.code == 1)
    #expect(run.stderr.contains("refusing to record a baseline from a debug build"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/baselines")))
  }

  @Test func interruptedBaselineUpdateLeavesTheOldFileIntact() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)]), to: dir.file("old.json"))
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 3e6, noise: 0.01, seed: 2)]), to: dir.file("new.json"))
    #expect(bench(["baseline", "update", "--from", "old.json"], in: dir.path).code == 0)
    let path = "results/baselines/test-machine/main.json"
    let before = dir.read(path)
    struct Interrupted: Error {}
    let r = bench(
      ["baseline", "update", "--from", "new.json"], in: dir.path,
      beforeBaselineRename: { throw Interrupted() })
    #expect(r.code == 1)
    #expect(r.stderr.contains("main.json: cannot write"))
    #expect(dir.read(path) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.file("results/baselines/test-machine")) == [
        "main.json"
      ])
    // Uninterrupted, it is replaced.
    #expect(bench(["baseline", "update", "--from", "new.json"], in: dir.path).code == 0)
    #expect(dir.read(path) == dir.read("new.json"))
  }

  @Test func baselineCheckAndList() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)]), to: dir.file("a.json"))
    let missing = bench(["baseline", "check", "--from", "a.json"], in: dir.path)
    #expect(missing.code == 5)
    #expect(missing.stderr.contains("baseline 'main' not found for machine 'test-machine'"))
    #expect(missing.stderr.contains("hooke-bench baseline update"))
    #expect(bench(["baseline", "update", "nightly", "--from", "a.json"], in: dir.path).code == 0)
    #expect(bench(["baseline", "check", "nightly", "--from", "a.json"], in: dir.path).code == 0)
    let list = bench(["baseline", "list"], in: dir.path)
    #expect(list.stdout.contains("test-machine/nightly  1 results"))
  }

  @Test func reportAndExport() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let file = syntheticFile([
      syntheticResult(baseNs: 2e6, noise: 0.05, seed: 1),
      syntheticResult(hz: 120, baseNs: 9e6, noise: 0.05, seed: 2),
    ])
    try ResultsIO.write(file, to: dir.file("r.json"))
    let capacity = CapacityFile(
      createdAt: "x", machine: syntheticMachine(), source: SourceInfo(commit: nil, dirty: nil),
      results: [
        CapacityResult(
          scenario: "spring-field", engine: "hooke", hz: 120, maxElements: 1_200_000, p99NsAtMax: 8_000_000,
          deadlineNs: 8_333_333, reachedLimit: false, peakResidentBytes: 1 << 26, probes: [[1000, 10]])
      ])
    try ResultsIO.write(capacity, to: dir.file("c.json"))
    let r = bench(["report", "r.json", "--capacity", "c.json"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let html = try #require(dir.read("r.html"))
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    #expect(!html.contains("<script"))
    // Every inline SVG is well-formed XML: 2 per result, 1 capacity chart, 2 trajectory charts.
    var svgs: [String] = []
    var rest = Substring(html)
    while let start = rest.range(of: "<svg"),
      let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
    {
      svgs.append(String(rest[start.lowerBound..<end.upperBound]))
      rest = rest[end.upperBound...]
    }
    #expect(svgs.count == 7)
    for svg in svgs {
      let parser = XMLParser(data: Data(svg.utf8))
      #expect(parser.parse(), "SVG does not parse: \(svg.prefix(200))")
    }
    #expect(html.contains("1200000"))

    let bmf = bench(["export", "r.json", "--format", "bmf"], in: dir.path)
    #expect(bmf.code == 0)
    let object =
      try JSONSerialization.jsonObject(with: Data(bmf.stdout.utf8)) as! [String: [String: [String: Double]]]
    let entry = try #require(object["spring-field/hooke?elements=1000&hz=60"])
    #expect(entry["p99-ns"]?["value"] == Double(file.results[0].metrics.frame.p99Ns))
    #expect(entry["p99-ns"]!["lower_value"]! <= entry["p99-ns"]!["upper_value"]!)
    let gab = bench(
      ["export", "r.json", "--format", "github-action-benchmark", "--output", "g.json"], in: dir.path)
    #expect(gab.code == 0)
    let array =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.file("g.json"))))
      as! [[String: Any]]
    #expect(array.count == 4)
    #expect(array[0]["unit"] as? String == "ns")
    #expect((array[0]["name"] as? String)?.hasSuffix(" p50") == true)
  }

  @Test func capacityCommandWritesACapacityFile() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(
      [
        "capacity", "--hz", "60", "--max-elements", "4000", "--frames", "5", "--warmup", "1", "--threads",
        "1", "--format", "json",
      ], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let file = try ResultsIO.read(
      CapacityFile.self, kind: CapacityFile.kindName, from: dir.file("results/latest-capacity.json"))
    #expect(file.results.count == 1)
    // A 4000-spring frame is far below 16.7 ms even in debug: the limit is reached.
    #expect(file.results[0].maxElements == 4000)
    #expect(file.results[0].reachedLimit)
    #expect(file.results[0].probes.map { $0[0] } == [1000, 2000, 4000])
    #expect(r.stdout.contains("\"kind\" : \"hooke.capacity\""))
  }
}

@Suite("Capacity search and atomic writes")
struct CapacityAndIOTests {
  @Test(arguments: [50, 100, 333] as [UInt64])
  func searchFindsTheLargestPassingNForALinearCost(costPerElement: UInt64) {
    let deadline: UInt64 = 8_333_333
    let exact = Int(deadline / costPerElement)  // largest N with N·cost ≤ D
    let found = CapacitySearch.search(start: 1000, maxElements: 10_000_000, deadlineNs: deadline) {
      UInt64($0) * costPerElement
    }
    #expect(found.elements <= exact)
    #expect(found.elements >= exact - exact / 64 - 1, "cost \(costPerElement): \(found.elements) vs \(exact)")
    #expect(found.p99Ns <= deadline)
    #expect(!found.reachedLimit)
    #expect(found.probes.count < 40)
  }

  @Test func searchEdges() {
    let none = CapacitySearch.search(start: 1000, maxElements: 5000, deadlineNs: 10) { _ in 11 }
    // The start fails: the binary phase searches 1…start, and finds nothing.
    #expect(none.elements == 0)
    // Every failing probe is measured twice: at most 2 × (1 + 10 binary steps) measurements.
    #expect(none.probes.count <= 22)
    let below = CapacitySearch.search(start: 1000, maxElements: 5000, deadlineNs: 300) { UInt64($0) }
    #expect(below.elements == 300)
    let all = CapacitySearch.search(start: 1000, maxElements: 5000, deadlineNs: 10) { _ in 1 }
    #expect(all.elements == 5000 && all.reachedLimit)
    #expect(all.probes.map { $0[0] } == [1000, 2000, 4000, 5000])
  }

  @Test func atomicWriteFailureKeepsOldContentAndRemovesTheTempFile() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let path = dir.file("x.json")
    try ResultsIO.writeAtomically(Data("old".utf8), to: path)
    struct Boom: Error {}
    #expect(throws: ResultsFileError.self) {
      try ResultsIO.writeAtomically(Data("new".utf8), to: path, beforeRename: { throw Boom() })
    }
    #expect(dir.read("x.json") == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["x.json"])
  }

  @Test func sourceInfoWithoutGitIsNull() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let info = Probe.source(directory: dir.path)
    #expect(info == SourceInfo(commit: nil, dirty: nil))
    let json = String(decoding: try ResultsIO.encode(info), as: UTF8.self)
    #expect(json.contains("\"commit\" : null"))
    #expect(json.contains("\"dirty\" : null"))
  }

  @Test func machineIdIsASlugAndOverridable() {
    let m = Probe.machine(configuration: .release, environment: [:])
    #expect(!m.id.isEmpty)
    #expect(m.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_" })
    #expect(
      Probe.machine(configuration: .release, environment: ["HOOKE_BENCH_MACHINE_ID": "My CI/Box"]).id
        == "my-ci-box")
  }

  @Test func workloadSetupClampsBadInput() {
    let s = WorkloadSetup(elements: -5, hz: 0, seed: 0, threads: -1)
    #expect(s.elements == 1 && s.hz == 1 && s.threads == 1)
    #expect(s.tick(ofFrame: 3) == 3000)
    #expect(s.seconds(atTick: 1500) == 1.5)
  }

  @Test(arguments: [1, 7, 99] as [UInt64])
  func springFieldStepsExactly(seed: UInt64) throws {
    // N = 1: after frame 0 (one exact step of 1/60 s from rest at 0) the value equals the closed
    // form Spring.value(target:time:) of the channel's spring; the script draws the spring index
    // and target from SplitMix64(seed) as documented.
    let setup = WorkloadSetup(elements: 1, hz: 60, seed: seed, threads: 1)
    var random = _SplitMix64(seed: seed)
    let springs: [Spring] = [.smooth, .snappy, .bouncy, Spring(response: 0.35, dampingRatio: 0.7)]
    let spring = springs[Int(random.next() & 3)]
    let target = random.next(in: -100, 100)
    let w = SpringFieldWorkload(setup: setup)
    try w.performFrame(0)
    let expected: Double = spring.value(target: target, time: 1.0 / 60)
    #expect(abs(w.value(ofChannel: 0) - expected) <= 1e-9 * abs(target), "seed \(seed)")
    #expect(
      w.counters == ["channelsStepped": 1, "transitionsStarted": 1, "retargets": 0, "transitionsFinished": 0])
    // Many frames later every started transition has either finished or is still running.
    for k in 1..<600 { try w.performFrame(k) }
    let c = w.counters
    #expect(c["retargets"] == 599)
    #expect(c["transitionsFinished"]! <= c["transitionsStarted"]!, "seed \(seed)")
  }
}

/// An executable-registered command, as `micro` from the batch engine would be.
struct EchoCommand: BenchCommand {
  static let configuration = CommandConfiguration(
    name: "echo", abstract: "Echo a word (test command).",
    arguments: [ArgumentSpec("word", "The word.")], options: [.flag("loud", "Upper-case it.")])
  var word: String
  var loud: Bool
  init(_ a: ParsedArguments) throws {
    word = a.positionals[0]
    loud = a.flag("loud")
  }
  func run(_ context: CommandContext) throws -> ExitCode {
    context.stdout.write((loud ? word.uppercased() : word) + "\n")
    return .success
  }
}

@Suite("hooke-bench extension points")
struct ExtensionTests {
  func context(terminal: Bool) -> CommandContext {
    CommandContext(
      stdout: .buffer(), stderr: .buffer(), registry: .selfTest, configuration: .release,
      workingDirectory: NSTemporaryDirectory(), environment: [:], isTerminal: terminal)
  }

  @Test func extraCommandsAreDispatchedAndListed() {
    let c = context(terminal: false)
    #expect(
      HookeBenchCommand.main(
        arguments: ["echo", "hi", "--loud"], context: c, extraCommands: [EchoCommand.self]) == 0)
    #expect(c.stdout.text == "HI\n")
    let help = context(terminal: false)
    #expect(
      HookeBenchCommand.main(arguments: ["--help"], context: help, extraCommands: [EchoCommand.self]) == 0)
    #expect(help.stdout.text.contains("\n  echo "))
    let bad = context(terminal: false)
    #expect(
      HookeBenchCommand.main(arguments: ["echo"], context: bad, extraCommands: [EchoCommand.self]) == 64)
    #expect(bad.stderr.text.contains("missing argument <word>"))
    #expect(HookeBenchCommand.main(arguments: ["echo", "x"], context: context(terminal: false)) == 64)
  }

  @Test func progressBarOnlyOnATerminal() {
    let tty = context(terminal: true)
    let report = tty.progress(total: 4)
    report(1, "a")
    report(4, "b")
    #expect(tty.stderr.text.contains("[#######                       ] 1/4 a"))
    #expect(tty.stderr.text.hasSuffix("\r\u{1B}[K"))
    let pipe = context(terminal: false)
    pipe.progress(total: 4)(1, "a")
    #expect(pipe.stderr.text.isEmpty)
  }

  @Test func registryReplacesByName() {
    var registry = ScenarioRegistry.selfTest
    registry.register(
      ScenarioDescriptor(name: "spring-field", summary: "x", engines: ["a", "b"]) { engine, setup in
        SpringFieldWorkload(setup: setup)
      })
    #expect(registry.scenarios.count == 1)
    #expect(registry.scenario(named: "spring-field")?.engines == ["a", "b"])
    #expect(throws: WorkloadError.self) {
      try SpringFieldWorkload.descriptor.makeWorkload(
        "naive", WorkloadSetup(elements: 1, hz: 60, seed: 0, threads: 1))
    }
  }
}

@Suite("Committed golden checksums")
struct GoldenTests {
  /// results/golden.json was recorded by a release build (`hooke-bench verify --update`); this
  /// debug build must reproduce its spring-field entries bit for bit (other scenarios' entries are
  /// checked by `hooke-bench verify`, which has their registry).
  @Test func debugBuildReproducesTheReleaseGoldenForTheSelfTestWorkload() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../results/golden.json").standardized.path
    let golden = try ResultsIO.read(GoldenFile.self, kind: GoldenFile.kindName, from: path)
    let entries = golden.entries.filter { $0.scenario == SpringFieldWorkload.descriptor.name }
    #expect(!entries.isEmpty)
    for entry in entries {
      let setup = WorkloadSetup(elements: entry.elements, hz: entry.hz, seed: golden.seed, threads: 1)
      let trace = try BenchmarkRunner.trace(
        scenario: SpringFieldWorkload.descriptor, engine: entry.engine, setup: setup,
        totalFrames: entry.frames, checksumInterval: VerifyCommand.interval)
      #expect(entry.firstMismatch(trace) == nil, "\(entry.id)")
    }
  }
}
