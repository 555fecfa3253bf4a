// compare on synthetic result files: exit codes, behaviour changes, file errors, budgets.
import Foundation
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

@Suite("Compare on synthetic result files")
struct CompareTests {
  func write(_ file: ResultsFile, _ dir: TempDirectory, _ name: String) {
    try! ResultsIO.write(file, to: dir.file(name))
  }

  @Test func identicalFilesPass() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let file = syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 1)])
    write(file, dir, "a.json")
    write(file, dir, "b.json")
    let r = bench(["compare", "a.json", "b.json"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("4 unchanged"))
  }

  @Test(arguments: [11, 12, 13] as [UInt64])
  func thirtyPercentWorseWithLowNoiseIsARegression(seed: UInt64) {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    write(syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: seed)]), dir, "a.json")
    write(syntheticFile([syntheticResult(baseNs: 2_600_000, noise: 0.01, seed: seed &+ 100)]), dir, "b.json")
    let r = bench(["compare", "a.json", "b.json"], in: dir.path)
    #expect(r.code == 2, "seed \(seed): \(r.stdout) \(r.stderr)")
    #expect(r.stdout.contains("regressed"), "seed \(seed)")
    // Reversed, it is an improvement: 0 by default, 4 with --fail-on-improvement.
    #expect(bench(["compare", "b.json", "a.json"], in: dir.path).code == 0, "seed \(seed)")
    #expect(
      bench(["compare", "b.json", "a.json", "--fail-on-improvement"], in: dir.path).code == 4, "seed \(seed)")
  }

  @Test func smallChangeWithinTheNoiseBandIsNotARegression() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    write(syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.002, seed: 3)]), dir, "a.json")
    write(syntheticFile([syntheticResult(baseNs: 2_020_000, noise: 0.002, seed: 4)]), dir, "b.json")
    let r = bench(["compare", "a.json", "b.json", "--format", "json"], in: dir.path)
    #expect(r.code == 0, "\(r.stdout)")
    let report = try! JSONDecoder().decode(CompareReport.self, from: Data(r.stdout.utf8))
    let p50 = report.comparisons.first { $0.statistic == "p50Ns" }!
    // Significant (+1 %) but inside ±5 %: "noise", or "unchanged" if the CI is inside the band.
    #expect(p50.verdict == .noise || p50.verdict == .unchanged)
    #expect(report.exitCode == 0)
  }

  @Test func checksumAndCounterChangesAreReportedAsBehaviourChanges() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    write(syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 5)]), dir, "a.json")
    write(
      syntheticFile([
        syntheticResult(
          baseNs: 2_000_000, noise: 0.01, seed: 5, checksum: 0xBEEF, counters: ["retargets": 11])
      ]), dir, "b.json")
    let r = bench(["compare", "a.json", "b.json"], in: dir.path)
    #expect(r.code == 0)
    #expect(r.stdout.contains("BEHAVIOUR CHANGES"))
    #expect(r.stdout.contains("checksum@frame 59"))
    #expect(r.stdout.contains("counter retargets"))
    #expect(r.stdout.contains(checksumHex(0xBEEF)))
    #expect(bench(["compare", "a.json", "b.json", "--strict"], in: dir.path).code == 2)
  }

  @Test func inconclusiveOnlyFailsUnderStrict() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    // 3 repetitions per side: too few to test → inconclusive.
    write(
      syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, repetitions: 3, seed: 6)]), dir, "a.json"
    )
    write(
      syntheticFile([syntheticResult(baseNs: 2_600_000, noise: 0.01, repetitions: 3, seed: 7)]), dir, "b.json"
    )
    #expect(bench(["compare", "a.json", "b.json"], in: dir.path).code == 0)
    #expect(bench(["compare", "a.json", "b.json", "--strict"], in: dir.path).code == 8)
  }

  @Test func machineMismatchWarnsAndStrictRefuses() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    write(syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 21)]), dir, "a.json")
    write(
      syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 21)], machineID: "other-box"), dir,
      "b.json")
    let r = bench(["compare", "a.json", "b.json", "--format", "markdown"], in: dir.path)
    #expect(r.code == 0)
    #expect(r.stdout.hasPrefix("## Benchmark comparison\n"))
    #expect(r.stdout.contains("\n- machine differs: baseline 'test-machine', candidate 'other-box'\n"))
    let strict = bench(["compare", "a.json", "b.json", "--strict"], in: dir.path)
    #expect(strict.code == 1)
    #expect(
      strict.stderr.contains("--strict: machine 'other-box' of b.json differs from 'test-machine' of a.json"))
  }

  @Test func missingAndNewResultsAreListedButPass() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    write(syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 22)]), dir, "a.json")
    write(syntheticFile([syntheticResult(hz: 120, baseNs: 2_000_000, noise: 0.01, seed: 22)]), dir, "b.json")
    let r = bench(["compare", "a.json", "b.json", "--format", "json"], in: dir.path)
    #expect(r.code == 0)
    let report = try! JSONDecoder().decode(CompareReport.self, from: Data(r.stdout.utf8))
    #expect(report.missing == ["spring-field/hooke?elements=1000&hz=60"])
    #expect(report.new == ["spring-field/hooke?elements=1000&hz=120"])
    #expect(report.comparisons.isEmpty)
  }

  @Test func staticBudgetViolationExitsSeven() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let file = syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 8)])
    write(file, dir, "a.json")
    write(file, dir, "b.json")
    dir.write(
      #"{"schemaVersion":1,"kind":"hooke.budgets","budgets":[{"scenario":"*","metric":"p99Ns","maxDeadlineFraction":0.1}]}"#,
      to: "results/budgets.json")
    let r = bench(["compare", "a.json", "b.json"], in: dir.path)
    #expect(r.code == 7, "\(r.stdout)")
    #expect(r.stdout.contains("STATIC BUDGET VIOLATIONS"))
    dir.write(
      #"{"schemaVersion":1,"kind":"hooke.budgets","budgets":[{"scenario":"*","metric":"p99Ns","maxDeadlineFraction":1}]}"#,
      to: "results/budgets.json")
    #expect(bench(["compare", "a.json", "b.json"], in: dir.path).code == 0)
  }

  @Test func failedScenarioExitsThree() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    var failed = syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 9)
    write(syntheticFile([failed]), dir, "a.json")
    failed.failure = "boom"
    write(syntheticFile([failed]), dir, "b.json")
    #expect(bench(["compare", "a.json", "b.json"], in: dir.path).code == 3)
  }

  // MARK: Bad files: 1 or 5, a precise message, nothing overwritten.

  func badFileCase(_ content: String?, expectCode: Int32, messageContains: [String], asBaseline: Bool = false)
  {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let good = syntheticFile([syntheticResult(baseNs: 2_000_000, noise: 0.01, seed: 10)])
    write(good, dir, "good.json")
    if let content { dir.write(content, to: "bad.json") }
    let before = (dir.read("good.json"), dir.read("bad.json"))
    let r =
      asBaseline
      ? bench(["compare", "bad.json", "good.json"], in: dir.path)
      : bench(["compare", "good.json", "bad.json"], in: dir.path)
    #expect(r.code == expectCode, "\(r.stderr)")
    for text in messageContains { #expect(r.stderr.contains(text), "\(r.stderr)") }
    #expect(dir.read("good.json") == before.0)
    #expect(dir.read("bad.json") == before.1)
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    #expect(Set(leftovers).isSubset(of: ["good.json", "bad.json"]))
  }

  @Test func corruptFile() {
    badFileCase("this is not json", expectCode: 1, messageContains: ["bad.json", "not valid JSON"])
  }

  @Test func truncatedFile() {
    let full = String(
      decoding: try! ResultsIO.encode(syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)])),
      as: UTF8.self)
    badFileCase(
      String(full.prefix(full.count / 2)), expectCode: 1,
      messageContains: ["bad.json", "corrupt or truncated"])
  }

  @Test func emptyFile() {
    badFileCase("", expectCode: 1, messageContains: ["bad.json", "empty"])
  }

  @Test func wrongKind() {
    badFileCase(
      #"{"schemaVersion":1,"kind":"hooke.capacity","results":[]}"#, expectCode: 1,
      messageContains: ["bad.json", "field 'kind'", "expected 'hooke.results'"])
  }

  @Test func unsupportedSchemaVersion() {
    badFileCase(
      #"{"schemaVersion":2,"kind":"hooke.results"}"#, expectCode: 1,
      messageContains: ["bad.json", "schemaVersion", "version 2"])
  }

  @Test func missingFieldIsNamedByPath() {
    let full = String(
      decoding: try! ResultsIO.encode(syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)])),
      as: UTF8.self)
    let broken = full.replacingOccurrences(of: "\"p99Ns\" : ", with: "\"p99Nx\" : ")
    badFileCase(broken, expectCode: 1, messageContains: ["bad.json", "results[0].metrics.p99Ns", "missing"])
  }

  @Test func wrongTypeIsNamedByPath() {
    let full = String(
      decoding: try! ResultsIO.encode(syntheticFile([syntheticResult(baseNs: 1e6, noise: 0.01, seed: 1)])),
      as: UTF8.self)
    let broken = full.replacingOccurrences(of: "\"elements\" : 1000", with: "\"elements\" : \"many\"")
    badFileCase(broken, expectCode: 1, messageContains: ["bad.json", "results[0].elements"])
  }

  @Test func missingCandidateIsAnError() {
    badFileCase(nil, expectCode: 1, messageContains: ["bad.json", "file not found"])
  }

  @Test func missingBaselineExitsFive() {
    badFileCase(nil, expectCode: 5, messageContains: ["baseline not found", "bad.json"], asBaseline: true)
  }
}
