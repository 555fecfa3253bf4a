import Foundation
// The scene scenarios: determinism, exact counters at small N, and the keyframes render list
// against values computed independently from the HookeAnimation API.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene
import Scenarios
import Testing

/// Runs `frames` frames of `scenario` on `engine` and returns the trace (checksum every 10).
func trace(
  _ scenario: String, _ engine: String, elements: Int, hz: Int = 60, frames: Int = 40, threads: Int = 1,
  seed: UInt64 = 7
) throws -> WorkloadTrace {
  let d = SceneScenarios.all.first { $0.name == scenario }!
  return try BenchmarkRunner.trace(
    scenario: d, engine: engine,
    setup: WorkloadSetup(elements: elements, hz: hz, seed: seed, threads: threads),
    totalFrames: frames, checksumInterval: 10)
}

@Suite("Scene scenarios")
struct SceneScenarioTests {
  static let names = SceneScenarios.all.map(\.name)

  @Test("nine scenarios, every one offering hooke first and the four channel engines")
  func registry() {
    #expect(
      Self.names == [
        "hero-grid", "grid-reflow", "shuffle", "tab-indicator", "staggered-transitions", "zoom-navigation",
        "interrupt-storm", "keyframes", "grid-reflow-elements",
      ])
    for d in SceneScenarios.all {
      #expect(d.engines == ["hooke", "hooke-channels", "naive", "euler", "rk4"])
    }
    var r = ScenarioRegistry.selfTest
    SceneScenarios.register(into: &r)
    #expect(r.defaultScenarios == Self.names)
    #expect(r.scenario(named: "spring-field") != nil)
  }

  @Test(
    "every scenario and engine is deterministic: same checksums and counters twice and on 1 or 2 threads",
    arguments: names)
  func deterministic(_ name: String) throws {
    for engine in ["hooke", "hooke-channels", "naive", "euler", "rk4"] {
      let a = try trace(name, engine, elements: 60)
      let b = try trace(name, engine, elements: 60)
      let c = try trace(name, engine, elements: 60, threads: 2)
      #expect(a.checksums == b.checksums, "\(name)/\(engine) seed 7")
      #expect(a.counters == b.counters, "\(name)/\(engine) seed 7")
      #expect(a.checksums == c.checksums, "\(name)/\(engine) seed 7, 2 threads")
      #expect(a.counters == c.counters, "\(name)/\(engine) seed 7, 2 threads")
      #expect(a.checksums.count == 4)  // after frames 9, 19, 29 and 39 (the last)
      #expect(a.counters["frames"] == 40)
      // A different seed changes the random scripts (not the fixed-schedule ones).
      if ["interrupt-storm", "shuffle", "tab-indicator"].contains(name) {
        #expect(try trace(name, engine, elements: 60, seed: 8).checksums != a.checksums, "\(name)/\(engine)")
      }
    }
  }

  @Test("tiny N and unusual rates run on every engine without trapping, deterministically", arguments: names)
  func edgeSetups(_ name: String) throws {
    for engine in ["hooke", "hooke-channels", "naive", "euler", "rk4"] {
      for (n, hz) in [(1, 1), (2, 7), (3, 240), (7, 144)] {
        let a = try trace(name, engine, elements: n, hz: hz, frames: 30)
        let b = try trace(name, engine, elements: n, hz: hz, frames: 30, threads: 2)
        #expect(
          a.checksums == b.checksums && a.counters == b.counters, "\(name)/\(engine) N \(n) at \(hz) Hz")
      }
    }
    // Out-of-range setups are clamped by WorkloadSetup (N ≥ 1, 1…10 000 Hz).
    _ = try trace(name, "hooke", elements: 0, hz: 0, frames: 3)
  }

  @Test("channel engines never hold NaN: non-finite adds are cleaned, non-finite retargets ignored")
  func nonFiniteInput() {
    for factory in ChannelEngineFactory.builtIn {
      let name = factory.name
      let e = factory.make(1)
      let a = e.addChannel(
        value: .nan, target: 5, motion: .swiftUISpring(response: 0.5, dampingFraction: 0.8))
      let b = e.addChannel(value: 3, target: .infinity, motion: .timingCurve(.easeIn, duration: .nan))
      let c = e.addChannel(value: .nan, target: .nan, motion: .spring(Spring()))
      e.retarget(a, to: .nan, motion: .spring(Spring()))
      for k in 0...5 { _ = e.advance(toTick: Int64(k) * 1000, ticksPerSecond: 60_000) }
      #expect(e.value(of: a) == 5 && e.value(of: b) == 3 && e.value(of: c) == 0, "\(name)")
      #expect(e.isAtRest(a) && e.isAtRest(b) && e.isAtRest(c), "\(name)")
    }
  }

  @Test("unknown engine is a typed error naming the scenario")
  func unknownEngine() {
    let d = SceneScenarios.all[0]
    #expect(throws: WorkloadError.self) {
      try d.makeWorkload("nope", WorkloadSetup(elements: 1, hz: 60, seed: 0, threads: 1))
    }
  }

  @Test(
    "grid-reflow counters: N moves per reflow every 0.3 s, no transitions; nothing animates before the first")
  func gridReflowCounters() throws {
    // 60 Hz: reflows at frames 18 and 36 within frames 0…39.
    for engine in ["hooke", "hooke-channels", "naive", "euler", "rk4"] {
      let t = try trace("grid-reflow", engine, elements: 10)
      #expect(t.counters["retargets"] == 20, "\(engine)")
      #expect(t.counters["transactions"] == 2, "\(engine)")
      #expect(t.counters["transitionsStarted"] == 0, "\(engine)")
      #expect(t.counters["transitionsFinished"] == 0, "\(engine)")
      let before = try trace("grid-reflow", engine, elements: 10, frames: 18)
      #expect(before.counters["channelsStepped"] == 0, "\(engine)")
      let first = try trace("grid-reflow", engine, elements: 10, frames: 19)
      // First reflow (4 → 6 columns, N = 10): every width changes (10), every x but card 0's
      // (9), and y of cards 4, 5, 8, 9 (4): 23 scalars move; heights stay 60.
      let firstStepped = first.counters["channelsStepped"] ?? 0
      if engine == "hooke" {
        // The grid steps every card's x and y and the shared width and height while it moves.
        #expect(firstStepped == 2 * 10 + 2, "\(engine): \(firstStepped)")
      } else {
        #expect(firstStepped == 23, "\(engine)")
      }
      let stepped = t.counters["channelsStepped"] ?? 0
      #expect(stepped > firstStepped && stepped <= 80 * 22, "\(engine): \(stepped)")
    }
  }

  @Test("tab-indicator counters: one hop (remove + insert) per frame for two bars")
  func tabIndicatorCounters() throws {
    for engine in ["hooke", "naive"] {
      let t = try trace("tab-indicator", engine, elements: 12)
      #expect(t.counters["transitionsStarted"] == 2 * 39, "\(engine)")
      #expect(t.counters["retargets"] == 0, "\(engine)")
      #expect(t.counters["transactions"] == 39, "\(engine)")
    }
    // Identity transitions: removed indicators leave at once in the scene.
    #expect(try trace("tab-indicator", "hooke", elements: 12).counters["transitionsFinished"] == 39)
  }

  @Test("staggered-transitions counters: 33 staggered removals in frames 1…39 at N = 100, 60 Hz")
  func staggeredCounters() throws {
    // Waves every 6 frames, block 5, one slot per frame in phases 0…4 (frame 0 skipped):
    // frames 1–4, 6–10, 12–16, 18–22, 24–28, 30–34, 36–39 = 4 + 5·5 + 4 = 33 removals.
    for engine in ["hooke", "hooke-channels", "euler"] {
      let t = try trace("staggered-transitions", engine, elements: 100)
      #expect(t.counters["transitionsStarted"] == 33, "\(engine)")
      #expect(t.counters["transactions"] == 33, "\(engine)")
      let finished = t.counters["transitionsFinished"] ?? 0
      // The first waves (curve 0.3 s = 18 frames, or the spring) have ended by frame 39.
      #expect(finished > 0 && finished < 33, "\(engine): \(finished)")
    }
  }

  @Test("interrupt-storm and keyframes counters")
  func stormAndKeyframeCounters() throws {
    for engine in ["hooke", "rk4"] {
      let storm = try trace("interrupt-storm", engine, elements: 10)
      #expect(storm.counters["retargets"] == 2 * 39, "\(engine)")  // max(1, N/5) per frame from frame 1
      let keys = try trace("keyframes", engine, elements: 32)
      #expect(keys.counters["retargets"] == 32 * 40, "\(engine)")
      #expect(keys.counters["transactions"] == 40, "\(engine)")
    }
  }

  @Test("hero-grid: every open/close is 3 transitions and N − 1 fades")
  func heroCounters() throws {
    let t = try trace("hero-grid", "hooke", elements: 50, frames: 120)
    let started = t.counters["transitionsStarted"] ?? 0
    #expect(started >= 6 && started % 3 == 0)
    #expect(t.counters["retargets"] == 49 * started / 3)
  }

  /// The pose timeline re-declared here (same keyframes as the scenario's documentation).
  struct Pose { var dx = 0.0, dy = 0.0, scale = 1.0 }

  @Test("keyframes render list at a sampled frame equals the KeyframeTimeline values, computed independently")
  func keyframesRenderList() throws {
    let timeline = KeyframeTimeline(
      initialValue: Pose(),
      KeyframeTrack(\Pose.dx) {
        LinearKeyframe(24.0, duration: 0.4, timingCurve: .easeInOut)
        SpringKeyframe(0.0, duration: 0.8, spring: .bouncy)
      },
      KeyframeTrack(\Pose.dy) {
        CubicKeyframe(-18.0, duration: 0.5)
        CubicKeyframe(0.0, duration: 0.7)
      },
      KeyframeTrack(\Pose.scale) {
        SpringKeyframe(1.15, duration: 0.3, spring: .snappy)
        LinearKeyframe(1.0, duration: 0.9)
      })
    let d = timeline.duration
    #expect(abs(d - 1.2) < 1e-12)
    let setup = WorkloadSetup(elements: 40, hz: 90, seed: 1, threads: 1)
    let w = SceneScenarioWorkload<KeyframesScript>(setup: setup)
    for k in 0...77 { try w.performFrame(k) }
    let list = w.scene.renderList
    #expect(list.count == 40)
    let time = 77.0 / 90.0
    for i in [0, 1, 7, 16, 23, 39] {
      // Cell of a 6-column grid in a 390-point window, 8-point gaps, 60-point rows 68 apart.
      let cellWidth = (390.0 - 5 * 8) / 6
      let x0 = Double(i % 6) * (cellWidth + 8)
      let y0 = Double(i / 6) * 68
      var t = time + Double(i % 16) * d / 16
      while t >= d { t -= d }
      let p = timeline.value(time: t)
      let width = cellWidth * p.scale
      let height = 60 * p.scale
      let row = try #require(list.index(of: ElementID(i)))
      let expected = [x0 + p.dx + (cellWidth - width) / 2, y0 + p.dy + (60 - height) / 2, width, height]
      let actual = [list.x[row], list.y[row], list.width[row], list.height[row]]
      for (a, e) in zip(actual, expected) {
        #expect(abs(a - e) <= 1e-9 * max(1, abs(e)), "card \(i): \(actual) vs \(expected)")
      }
      #expect(list.opacity[row] == 1)
    }
  }

  @Test("the reference engines follow the exact spring from rest (naive to 1e-9, RK4 to 1e-4, Euler to 2 %)")
  func referenceEnginesTrackSpring() {
    let spring = Spring(response: 0.5, dampingRatio: 0.8)
    for name in ["naive", "rk4", "euler", "hooke-channels"] {
      let e = ChannelEngineFactory.builtIn.first { $0.name == name }!.make(1)
      let ch = e.addChannel(value: 0, target: 100, motion: .spring(spring))
      for k in 1...30 { _ = e.advance(toTick: Int64(k) * 1000, ticksPerSecond: 60_000) }
      let expected = spring.value(target: 100.0, initialVelocity: 0, time: 0.5)
      let tolerance = ["naive": 1e-9, "rk4": 1e-4, "euler": 2.0, "hooke-channels": 1e-9][name]!
      #expect(abs(e.value(of: ch) - expected) <= tolerance, "\(name): \(e.value(of: ch)) vs \(expected)")
      #expect(!e.isAtRest(ch), "\(name)")
      for k in 31...600 { _ = e.advance(toTick: Int64(k) * 1000, ticksPerSecond: 60_000) }
      #expect(e.isAtRest(ch) && e.value(of: ch) == 100, "\(name)")
    }
  }
}

/// `prepareFrame` moves a scenario's script work out of the timed frame; the protocol promises
/// that a frame performed without it gives the same render list and counters.
@Suite("Prepared and unprepared frames agree")
struct PreparedFrameTests {
  @Test(arguments: SceneScenarios.all.map(\.name))
  func sameChecksumsAndCounters(scenario name: String) throws {
    let descriptor = try #require(SceneScenarios.all.first { $0.name == name })
    for engine in descriptor.engines {
      let setup = WorkloadSetup(elements: 60, hz: 120, seed: 7, threads: 1)
      let prepared = try descriptor.makeWorkload(engine, setup)
      let direct = try descriptor.makeWorkload(engine, setup)
      for k in 0..<90 {
        try prepared.prepareFrame(k)
        try prepared.performFrame(k)
        try direct.performFrame(k)
        #expect(prepared.renderListChecksum() == direct.renderListChecksum(), "\(name)/\(engine) frame \(k)")
        #expect(prepared.counters == direct.counters, "\(name)/\(engine) frame \(k)")
      }
    }
  }
}

@Suite("Committed golden checksums of the scene scenarios")
struct SceneGoldenTests {
  /// results/golden.json was recorded by a release build; this debug build must reproduce the
  /// full-scene (`hooke`) entries at 1k elements and 60 Hz of every scenario bit for bit
  /// (`hooke-bench verify` checks all entries in release).
  @Test func debugBuildReproducesTheReleaseGolden() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../results/golden.json").standardized.path
    let golden = try ResultsIO.read(GoldenFile.self, kind: GoldenFile.kindName, from: path)
    let entries = golden.entries.filter {
      $0.engine == "hooke" && $0.elements == 1000 && $0.hz == 60 && $0.scenario != "spring-field"
    }
    #expect(Set(entries.map(\.scenario)) == Set(SceneScenarioTests.names))
    for entry in entries {
      let d = try #require(SceneScenarios.all.first { $0.name == entry.scenario })
      let setup = WorkloadSetup(elements: entry.elements, hz: entry.hz, seed: golden.seed, threads: 1)
      // Checksums every 60 frames: verify's interval.
      let trace = try BenchmarkRunner.trace(
        scenario: d, engine: entry.engine, setup: setup, totalFrames: entry.frames, checksumInterval: 60)
      #expect(entry.firstMismatch(trace) == nil, "\(entry.id)")
    }
  }
}
