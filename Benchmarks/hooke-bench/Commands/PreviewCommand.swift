// `preview`.
import Foundation
import FrameBudget

/// `preview --scenario S [--elements N] [--hz R] [--frames F] [--engine E] [--html FILE]`.
struct PreviewCommand: BenchCommand {
  /// `preview`'s configuration.
  static let configuration = CommandConfiguration(
    name: "preview",
    abstract: "Write a self-contained page that plays one scenario's render list frame by frame.",
    discussion: """
      Runs the scenario once from a fresh instance and records every frame: the render list's
      frames and opacities (the first 200 elements on screen in render order are drawn, the
      rest counted) and the frame's CPU time (thread CPU clock around the frame's work, as run
      measures). The page plays the frames at the scenario's refresh rate with play/pause and a
      frame slider, shows the element count, and draws each frame's work time against the
      deadline under the animation. One file, no network; the time chart works without scripts.
      """,
    options: [
      .option("scenario", "name", "The scenario to play (see 'hooke-bench list scenarios'). Required."),
      .option("elements", "n", "Element count, 1…1M (k/M suffixes allowed). Default: 1000."),
      .option("hz", "rate", "Refresh rate in Hz, 1…1000. Default: 60."),
      .option("frames", "n", "Frames to record, 1…1200. Default: 240."),
      .option("engine", "name", "Engine to drive the scenario. Default: the scenario's first (hooke)."),
      .option("seed", "n", "Seed of the scenario script. Default: 42."),
      .option("html", "file", "Where to write the page. Default: preview-<scenario>.html."),
    ],
    examples: [
      ("hooke-bench preview --scenario hero-grid", "Write preview-hero-grid.html."),
      (
        "hooke-bench preview --scenario grid-reflow-elements --elements 10k --hz 120 --html grid.html",
        "10 000 elements at 120 Hz."
      ),
    ])

  var scenario: String
  var elements: Int
  var hz: Int
  var frames: Int
  var engine: String?
  var seed: UInt64
  var html: String?

  /// Validates the arguments (the scenario and engine names are checked against the registry
  /// when the command runs).
  init(_ a: ParsedArguments) throws {
    guard let name = a.string("scenario"), !name.isEmpty else {
      throw UsageError("option '--scenario' is required (see 'hooke-bench list scenarios')")
    }
    scenario = name
    elements = try a.int("elements", in: 1...1_000_000) ?? 1000
    hz = try a.int("hz", in: 1...1000) ?? 60
    frames = try a.int("frames", in: 1...1200) ?? 240
    engine = a.string("engine")
    if let raw = a.string("seed") {
      guard let value = UInt64(raw) else {
        throw UsageError("option '--seed': '\(raw)' is not an unsigned 64-bit integer")
      }
      seed = value
    } else {
      seed = 42
    }
    html = a.string("html")
    if html?.isEmpty == true { throw UsageError("option '--html': the path is empty") }
  }

  /// Records the scenario and writes the page.
  func run(_ context: CommandContext) throws -> ExitCode {
    let names = context.registry.scenarios.map(\.name)
    guard let descriptor = context.registry.scenarios.first(where: { $0.name == scenario }) else {
      let hint = Suggestion.nearest(to: scenario, in: names).map { " (did you mean '\($0)'?)" } ?? ""
      throw UsageError("option '--scenario': unknown scenario '\(scenario)'\(hint)")
    }
    let engine = engine ?? descriptor.engines.first ?? "hooke"
    guard descriptor.engines.contains(engine) else {
      throw UsageError(
        "option '--engine': scenario '\(scenario)' offers \(descriptor.engines.joined(separator: ", ")), not '\(engine)'"
      )
    }
    let target = html ?? "preview-\(scenario).html"
    let path = context.resolve(target)
    try ResultsIO.checkWritable(path)
    let setup = WorkloadSetup(elements: elements, hz: hz, seed: seed, threads: 1)
    let film = try FilmRecorder.record(scenario: descriptor, engine: engine, setup: setup, frames: frames)
    let page = PreviewPage.render(
      scenario: descriptor, engine: engine, setup: setup, film: film,
      deadlineNs: frameDeadlineNanoseconds(hz: hz))
    let data = Data(page.utf8)
    try ResultsIO.writeAtomically(data, to: path)
    context.stdout.write("wrote \(target) (\(film.count) frames, \(data.count) bytes)\n")
    return .success
  }
}
