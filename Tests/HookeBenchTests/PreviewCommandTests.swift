// `preview` and the scene scenarios' snapshots: what is drawn matches the scripts' documented
// layout, and the page holds every recorded frame.
import Foundation
import FrameBudget
import Scenarios
import Testing

@testable import hooke_bench

@Suite("Preview and snapshots")
struct PreviewTests {
  static func registry() -> ScenarioRegistry {
    var registry = ScenarioRegistry.selfTest
    SceneScenarios.register(into: &registry)
    return registry
  }

  /// grid-reflow starts as 4 columns of 60-pt rows every 68 pt on a 390 × 844 pt screen: rows
  /// 0…12 (y = 68·r < 844) are on screen, 13 × 4 = 52 cards, the first at (0, 0) and
  /// (390 − 3·8)/4 = 91.5 pt wide.
  @Test func gridReflowSnapshotDrawsTheCardsOnScreen() throws {
    let d = SceneScenarios.all.first { $0.name == "grid-reflow" }!
    let film = try FilmRecorder.record(
      scenario: d, engine: "hooke", setup: WorkloadSetup(elements: 1000, hz: 60, seed: 42, threads: 1),
      frames: 1)
    let snapshot = try #require(film.first?.snapshot)
    #expect(snapshot.elementCount == 1000)
    #expect(snapshot.rects.count == 52)
    #expect(snapshot.rects.first == SnapshotRect(x: 0, y: 0, width: 91.5, height: 60, opacity: 1))
  }

  /// Only the sampled frames are kept, in order; the limit caps the rectangles.
  @Test func recorderKeepsSampledFramesAndTheLimit() throws {
    let d = SceneScenarios.all.first { $0.name == "grid-reflow" }!
    let film = try FilmRecorder.record(
      scenario: d, engine: "hooke", setup: WorkloadSetup(elements: 200, hz: 60, seed: 42, threads: 1),
      frames: 20,
      sampled: [19, 3, 7, 500], limit: 5)
    #expect(film.map(\.frame) == [3, 7, 19])
    #expect(film.allSatisfy { $0.snapshot.rects.count == 5 && $0.snapshot.elementCount == 200 })
  }

  /// The spring-field self-test has no render list: a diagnostic, not a blank page.
  @Test func workloadsWithoutARenderListAreRefused() {
    let dir = NSTemporaryDirectory() + "preview-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = run(["preview", "--scenario", "spring-field", "--html", "x.html"], in: dir)
    #expect(out.code == ExitCode.usage.rawValue)
    #expect(out.stderr.contains("has no render list"), "\(out.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/x.html"))
  }

  /// The page embeds every frame; bad names are usage errors with a suggestion.
  @Test func previewWritesEveryFrameAndRejectsBadNames() throws {
    let dir = NSTemporaryDirectory() + "preview-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let out = run(["preview", "--scenario", "tab-indicator", "--elements", "50", "--frames", "12"], in: dir)
    #expect(out.code == 0, "\(out.stderr)")
    let page = try String(contentsOfFile: dir + "/preview-tab-indicator.html", encoding: .utf8)
    #expect(page.components(separatedBy: "{\"t\":").count - 1 == 12)
    #expect(!page.contains("__") && !page.contains("https://"))
    let typo = run(["preview", "--scenario", "tab-indicater"], in: dir)
    #expect(typo.code == ExitCode.usage.rawValue && typo.stderr.contains("did you mean 'tab-indicator'?"))
    let engine = run(["preview", "--scenario", "tab-indicator", "--engine", "nope"], in: dir)
    #expect(engine.code == ExitCode.usage.rawValue && engine.stderr.contains("--engine"))
    let missing = run(["preview"], in: dir)
    #expect(missing.code == ExitCode.usage.rawValue && missing.stderr.contains("--scenario"))
  }

  func run(_ arguments: [String], in directory: String) -> (code: Int32, stderr: String) {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let context = CommandContext(
      stdout: .buffer(), stderr: .buffer(), registry: Self.registry(), configuration: .release,
      workingDirectory: directory, environment: ["HOOKE_BENCH_MACHINE_ID": "test"], isTerminal: false)
    let code = HookeBenchCommand.main(arguments: arguments, context: context)
    return (code, context.stderr.text)
  }
}
