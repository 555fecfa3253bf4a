// The engine seam from outside: an engine the test defines runs on the scenarios through
// `EngineBenchmark`, row by row like the built-in engines, and bad requests fail before measuring.
import Foundation
import FrameBudget
import Scenarios
import Testing

/// An engine of the test's own that forwards every call to another engine (the built-in `naive`
/// here), so its checksums and counters must be exactly that engine's.
final class ForwardingEngine: ChannelEngine {
  let inner: any ChannelEngine
  let name = "forwarding"
  init(_ inner: any ChannelEngine) { self.inner = inner }
  /// Forwards to a fresh `naive` engine.
  convenience init() { self.init(ChannelEngineFactory.naive.make(1)) }
  func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int {
    inner.addChannel(value: value, target: target, motion: motion)
  }
  func retarget(_ channel: Int, to target: Double, motion: ChannelMotion) {
    inner.retarget(channel, to: target, motion: motion)
  }
  func removeChannel(_ channel: Int) { inner.removeChannel(channel) }
  func advance(toTick tick: Int64, ticksPerSecond: Int64) -> Int {
    inner.advance(toTick: tick, ticksPerSecond: ticksPerSecond)
  }
  func value(of channel: Int) -> Double { inner.value(of: channel) }
  func isAtRest(_ channel: Int) -> Bool { inner.isAtRest(channel) }
}

@Suite("EngineBenchmark: an outside engine on the scenarios")
struct EngineBenchmarkTests {
  static let forwarding = ChannelEngineFactory("forwarding") { threads in
    ForwardingEngine(ChannelEngineFactory.naive.make(threads))
  }

  static var tiny: RunOptions {
    var options = RunOptions()
    options.warmupFrames = 2
    options.frames = 30  // past the first reflow (0.3 s) and shuffle wave (0.25 s)
    options.repetitions = 2
    options.threads = 1
    options.checksumInterval = 8
    return options
  }

  /// Rows come in scenario, engine (the outside one first), elements, Hz order, and the outside
  /// engine reproduces the engine it forwards to bit for bit (checksums and counters).
  @Test func outsideEngineRunsLikeTheEngineItForwardsTo() throws {
    let file = try EngineBenchmark.run(
      Self.forwarding, references: [.naive], scenarios: ["grid-reflow", "shuffle"], elements: [40, 80],
      hz: [60], options: Self.tiny, configuration: .debug)
    #expect(
      file.results.map(\.id) == [
        "grid-reflow/forwarding?elements=40&hz=60", "grid-reflow/forwarding?elements=80&hz=60",
        "grid-reflow/naive?elements=40&hz=60", "grid-reflow/naive?elements=80&hz=60",
        "shuffle/forwarding?elements=40&hz=60", "shuffle/forwarding?elements=80&hz=60",
        "shuffle/naive?elements=40&hz=60", "shuffle/naive?elements=80&hz=60",
      ])
    #expect(file.results.allSatisfy { $0.failure == nil && $0.repetitions.count == 2 && $0.frames == 30 })
    #expect(file.machine.configuration == "debug" && file.config.repetitions == 2)
    for row in file.results where row.engine == "forwarding" {
      let reference = try #require(
        file.results.first {
          $0.engine == "naive" && $0.scenario == row.scenario && $0.elements == row.elements
        })
      #expect(row.checksums == reference.checksums, "\(row.id)")
      #expect(row.counters == reference.counters, "\(row.id)")
      #expect((row.counters["channelsStepped"] ?? 0) > 0, "\(row.id)")
    }
    // The file is what `hooke-bench run` writes: it passes the reader's validation.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "engine-\(UUID().uuidString).json"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try ResultsIO.write(file, to: path)
    let back = try ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path)
    #expect(back.results.map(\.id) == file.results.map(\.id))
  }

  /// Bad requests throw before anything is measured, naming what was wrong.
  @Test func badRequestsThrowBeforeMeasuring() {
    func failure(_ body: () throws -> [BenchmarkItem]) -> EngineBenchmark.Failure? {
      do {
        _ = try body()
        return nil
      } catch {
        return error as? EngineBenchmark.Failure
      }
    }
    let f = Self.forwarding
    #expect(
      failure { try EngineBenchmark.items(f, scenarios: ["grid-reflw"]) }
        == .unknownScenario("grid-reflw", available: SceneScenarios.names))
    for name in ["", "hooke", "a/b", "x?y", "naive"] {
      let named = ChannelEngineFactory(name, make: f.make)
      #expect(
        failure { try EngineBenchmark.items(named, references: [.naive]) } == .badEngineName(name), "\(name)")
    }
    #expect(failure { try EngineBenchmark.items(f, scenarios: []) } == .nothingToMeasure("scenarios"))
    #expect(failure { try EngineBenchmark.items(f, elements: []) } == .nothingToMeasure("element counts"))
    #expect(failure { try EngineBenchmark.items(f, hz: []) } == .nothingToMeasure("refresh rates"))
    // The defaults: every scenario, 1k and 10k, 60 and 120 Hz, the engine and hooke-channels.
    let all = (try? EngineBenchmark.items(f)) ?? []
    #expect(all.count == SceneScenarios.names.count * 2 * 2 * 2)
    #expect(Set(all.map(\.engine)) == ["forwarding", "hooke-channels"])
  }
}
