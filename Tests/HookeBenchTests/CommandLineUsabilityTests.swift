// The command line people know: typos with suggestions, --version, list, glob filters, examples
// in every help, the budget verdict and --fail-on-deadline, baseline lookup, capacity retries.
import Foundation
import Hooke
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

/// The help snapshots committed next to this file (`HelpSnapshots/<command>.txt`).
private func snapshot(_ name: String) -> String? {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("HelpSnapshots/\(name).txt")
  return try? String(contentsOf: url, encoding: .utf8)
}

@Suite("hooke-bench usability")
struct CommandLineUsabilityTests {
  /// A typo of a command, an option or an action names the intended one.
  @Test(arguments: [
    (["rn"], "unknown command 'rn' (did you mean 'run'?)"),
    (["cmopare"], "unknown command 'cmopare' (did you mean 'compare'?)"),
    (["run", "--elemnts", "1k"], "unknown option '--elemnts' (did you mean '--elements'?)"),
    (["capacity", "--max-element", "1"], "unknown option '--max-element' (did you mean '--max-elements'?)"),
    (["verify", "--golde", "g.json"], "unknown option '--golde' (did you mean '--golden'?)"),
    (["compare", "a", "b", "--stict"], "unknown option '--stict' (did you mean '--strict'?)"),
    (
      ["baseline", "chek"],
      "argument <action>: 'chek' is not one of update, check, list, path (did you mean 'check'?)"
    ),
    (["report", "r.json", "--capacty", "c"], "unknown option '--capacty' (did you mean '--capacity'?)"),
    (["export", "r.json", "--formt", "bmf"], "unknown option '--formt' (did you mean '--format'?)"),
    (
      ["list", "engins"],
      "argument <kind>: 'engins' is not one of scenarios, engines, baselines (did you mean 'engines'?)"
    ),
    (["run", "--scenario", "spring-feld"], "unknown scenario 'spring-feld'; did you mean 'spring-field'?"),
    (
      ["run", "--format", "jsn"],
      "option '--format': 'jsn' is not one of text, markdown, json; did you mean 'json'?"
    ),
    (
      ["run", "--scenario", "grid*"],
      "option '--scenario': pattern 'grid*' matches no scenario (available: spring-field)"
    ),
  ])
  func typoSuggestsTheNearestName(arguments: [String], message: String) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(arguments, in: dir.path)
    #expect(r.code == 64, "\(arguments): \(r.stderr)")
    #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
    #expect(r.stderr.hasPrefix("hooke-bench"), "one error style: \(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  /// Levenshtein distance on textbook cases, and glob matching per the shell's rules.
  @Test func editDistanceAndGlob() {
    #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(Suggestion.editDistance("flaw", "lawn") == 2)
    #expect(Suggestion.nearest(to: "xyzzy", in: ["run", "list"]) == nil)
    let cases: [(String, String, Bool)] = [
      ("grid*", "grid-reflow", true), ("grid*", "grid-reflow-elements", true), ("grid*", "hero-grid", false),
      ("*grid", "hero-grid", true), ("*-*-*", "grid-reflow-elements", true), ("?ero-grid", "hero-grid", true),
      ("[gh]*", "hero-grid", true), ("[!gh]*", "hero-grid", false), ("[a-c]*", "hero-grid", false),
      ("shuffle", "shuffle", true), ("shuf", "shuffle", false), ("*", "", true), ("a*b*c", "abxbc", true),
      ("a*b*c", "abxbd", false),
    ]
    for (pattern, name, expected) in cases {
      #expect(Suggestion.glob(pattern, matches: name) == expected, "\(pattern) ~ \(name)")
    }
  }

  @Test func globSelectsScenarios() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let r = bench(["run", "--scenario", "spring-*", "--no-compare"] + tinyRun, in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("spring-field/hooke 64@60"))
  }

  /// `compare --id GLOB` restricts the comparison to matching ids (full or short form).
  @Test func compareIdFilter() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let file = syntheticFile([
      syntheticResult(id: "alpha", baseNs: 1e6, noise: 0.01, seed: 1),
      syntheticResult(id: "beta", baseNs: 1e6, noise: 0.01, seed: 2),
    ])
    try ResultsIO.write(file, to: dir.file("a.json"))
    let r = bench(["compare", "a.json", "a.json", "--id", "alpha*", "--format", "json"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    let ids = Set((report["comparisons"] as! [[String: Any]]).map { $0["id"] as! String })
    #expect(ids == ["alpha/hooke?elements=1000&hz=60"])
    let short = bench(["compare", "a.json", "a.json", "--id", "beta/hooke 1k@60"], in: dir.path)
    #expect(short.code == 0)
    #expect(short.stdout.contains("4 statistic(s)"), "\(short.stdout)")
    let none = bench(["compare", "a.json", "a.json", "--id", "gamma*"], in: dir.path)
    #expect(none.code == 64)
    #expect(none.stderr.contains("option '--id': 'gamma*' matches no result"))
  }

  @Test func versionIsPrinted() {
    for arguments in [["--version"], ["version"]] {
      let r = bench(arguments, in: "/tmp")
      #expect(r.code == 0)
      #expect(r.stdout == "hooke-bench 0.x (results schema 1, Swift \(Probe.swiftVersion), release build)\n")
    }
  }

  /// `list`: the self-test registry's one scenario and engine, and the baselines on disk.
  @Test func listShowsScenariosEnginesAndBaselines() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let empty = bench(["list"], in: dir.path)
    #expect(empty.code == 0)
    #expect(
      empty.stdout == """
        scenarios (engines; * = quick suite):
          * spring-field  hooke

        engines (scenarios offering them):
          hooke  all

        baselines (* = this machine, test-machine):
          none; record one with 'swift run -c release hooke-bench baseline update' on this machine, or pass --baseline FILE

        """)
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)]),
      to: dir.file("results/baselines/test-machine/main.json"))
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)], machineID: "other"),
      to: dir.file("results/baselines/other/nightly.json"))
    let r = bench(["list", "baselines"], in: dir.path)
    #expect(
      r.stdout == "baselines (* = this machine, test-machine):\n    other/nightly\n  * test-machine/main\n")
    let json = bench(["list", "engines", "--format", "json"], in: dir.path)
    let object =
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String: [String]]]
    #expect(object == ["engines": ["hooke": ["spring-field"]]])
  }

  /// Every command's help matches its committed snapshot, fits 100 columns, and has at least
  /// one example that its own parser accepts.
  @Test(arguments: HookeBenchCommand.commands.map { $0.configuration.name })
  func helpMatchesSnapshotAndExamplesParse(name: String) throws {
    let command = HookeBenchCommand.commands.first { $0.configuration.name == name }!
    let text = command.configuration.helpText
    let expected = try #require(snapshot(name), "missing HelpSnapshots/\(name).txt")
    #expect(text == expected, "help of \(name) changed; update HelpSnapshots/\(name).txt deliberately")
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(line.count <= 100, "\(name): \(line.count) columns: \(line)")
    }
    #expect(!command.configuration.examples.isEmpty, "\(name) has no example")
    for example in command.configuration.examples {
      var words = example.command.split(separator: " ").map {
        String($0).replacingOccurrences(of: "'", with: "")
      }
      #expect(words.first == "hooke-bench")
      words.removeFirst()
      if words.first == name { words.removeFirst() }
      let parsed = try ParsedArguments.parse(words, for: command.configuration)
      #expect(throws: Never.self, "\(example.command)") { _ = try command.init(parsed) }
    }
  }

  /// The top-level help matches its snapshot too.
  @Test func topLevelHelpMatchesSnapshot() throws {
    let text = HookeBenchCommand.helpText(HookeBenchCommand.commands)
    #expect(text == (try #require(snapshot("hooke-bench"))))
    for line in text.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
  }

  /// The run ends with the budget verdict; `--fail-on-deadline` turns a missed p99 into exit 6.
  /// At 10 000 Hz (D = 100 µs) 100 000 springs per frame cannot meet the deadline.
  @Test func budgetVerdictAndFailOnDeadline() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let heavy = [
      "--elements", "64,100k", "--hz", "10000", "--frames", "3", "--warmup", "0", "--repetitions", "1",
      "--threads", "1", "--no-compare",
    ]
    let plain = bench(["run"] + heavy, in: dir.path)
    #expect(plain.code == 0, "\(plain.stderr)")
    let file = try ResultsIO.read(
      ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("results/latest.json"))
    let missed = file.results.filter { $0.metrics.frame.p99Ns > $0.deadlineNs }
    #expect(missed.map(\.elements).contains(100_000))
    let met = file.results.count - missed.count
    #expect(
      plain.stdout.contains(
        "\nbudget: \(met) of 2 rows meet their deadline at p99; \(missed.count) miss: spring-field/hooke 100k@10000 p99 "
      ), "\(plain.stdout)")
    #expect(plain.stdout.contains(" ms > D 0.100 ms"))
    let gated = bench(["run", "--fail-on-deadline"] + heavy, in: dir.path)
    #expect(gated.code == 6)
    #expect(ExitCode.deadlineMissed.rawValue == 6)
  }

  /// Baseline lookup: this machine's exact id, else a compatible machine (same arch, cores, OS)
  /// with a warning; an incompatible one is not used (exit 5 saying how to record); `path`.
  @Test func baselineLookupFallsBackToACompatibleMachine() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let here = Probe.machine(configuration: .release, environment: [:])
    func file(id: String, cores: Int) -> ResultsFile {
      var f = syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)])
      f.machine = MachineInfo(
        id: id, os: here.os, arch: here.arch, cpu: "Other CPU", cores: cores, memoryBytes: 1, swift: "6.3",
        configuration: "release")
      return f
    }
    try ResultsIO.write(
      file(id: "bigger-box", cores: here.cores + 2), to: dir.file("results/baselines/bigger-box/main.json"))
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)]), to: dir.file("c.json"))
    let none = bench(["baseline", "check", "--from", "c.json"], in: dir.path)
    #expect(none.code == 5)
    #expect(none.stderr.contains("record one with 'swift run -c release hooke-bench baseline update'"))
    try ResultsIO.write(
      file(id: "sibling-box", cores: here.cores), to: dir.file("results/baselines/sibling-box/main.json"))
    let fallback = bench(["baseline", "check", "--from", "c.json"], in: dir.path)
    #expect(fallback.code == 0, "\(fallback.stderr)")
    #expect(
      fallback.stderr.contains(
        "warning: no baseline 'main' for machine 'test-machine'; using the compatible 'sibling-box'"))
    #expect(fallback.stdout.contains("results/baselines/sibling-box/main.json"))
    let path = bench(["baseline", "path"], in: dir.path)
    #expect(path.stdout == dir.file("results/baselines/test-machine/main.json") + "\n")
    // An explicit file wins; a missing one is exit 5.
    let explicit = bench(["run", "--baseline", "c.json"] + tinyRun, in: dir.path)
    #expect(explicit.code == 0 || explicit.code == 2, "\(explicit.stderr)")
    #expect(explicit.stdout.contains("baseline:  \(dir.file("c.json"))"))
    let missing = bench(["run", "--baseline", "nope.json", "--output", "fresh.json"] + tinyRun, in: dir.path)
    #expect(missing.code == 5)
    #expect(missing.stderr.contains("nope.json: file not found"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("fresh.json")), "measured before failing")
  }

  /// One stalled probe (10× its cost) does not end the search: it is measured again.
  @Test func capacitySearchRemeasuresAFailingProbe() {
    var stalled = false
    let found = CapacitySearch.search(start: 1000, maxElements: 1_000_000, deadlineNs: 100_000) { n in
      if n == 4000 && !stalled {
        stalled = true
        return 10_000_000
      }
      return UInt64(n)
    }
    // The largest N with N ≤ 100 000, to within 1/64.
    #expect(found.elements <= 100_000 && found.elements >= 100_000 - 100_000 / 64, "\(found.elements)")
    #expect(found.probes.filter { $0[0] == 4000 }.count == 2)
  }
}
