// `scene`: HookeScene's transaction and frame cost at up to millions of elements.
import FrameBudget

/// `hooke-bench scene [N] [FRAMES] [--mode …] [--threads T] [--general] [--hz H]`.
struct SceneCommand: BenchCommand {
  static let configuration = CommandConfiguration(
    name: "scene",
    abstract: "Time HookeScene's transactions and frames for N matched elements (allocations too).",
    discussion: """
      Builds a 4000-point scene of N matched elements (--general: the per-property reference
      scene, every animation on its own animator, instead of the scene's batch engine), then runs
      --mode: retarget (one spring transaction retargets all N matched groups, then FRAMES
      frames), grid-reflow (every 20 frames one spring transaction lays all N cards out with a
      new column count, cycling 1000, 700, 1300, 850, before the last flight settles) or grid
      (grid-reflow's timeline on one ElementGrid; a reflow is one updateGrid).
      Prints ns per element for the build, the transactions (median) and the frames (median, p99 and
      max: the frame metrics' nearest-rank percentiles, wall clock), and a hash of the last render
      list. Run under the LD_PRELOAD allocation counter of Benchmarks/malloc-counter (build it with
      cc -shared -fPIC -O2 -o /tmp/libmalloc_counter.so Benchmarks/malloc-counter/malloc_counter.c
      -ldl), it also prints the heap allocations of the measured frames, transactions excluded:
      LD_PRELOAD=/tmp/libmalloc_counter.so .build/release/hooke-bench scene 1000000 30
      """ + "\n" + ExitCode.paragraph([.success, .usage]),
    arguments: [
      ArgumentSpec("N", "Elements, 1…100M (k/M suffixes allowed). Default: 1000000.", optional: true),
      ArgumentSpec(
        "frames", "Measured frames, 1…10M. Default: 30 for retarget, 120 for the other modes.", optional: true
      ),
    ],
    options: [
      .option("mode", "mode", "retarget, grid-reflow or grid. Default: retarget."),
      .option("threads", "n", "The scene's worker threads, 1…4096. Default: 1."),
      .flag(
        "general", "Run the per-property reference scene (one animator per property), not the batch engine."),
      .option(
        "hz", "rate", "Refresh rate in Hz, 1…10000 (the frame times and the budget line). Default: 60."),
    ],
    examples: [
      ("hooke-bench scene 1000000 30", "One million matched elements retargeted at once, then 30 frames."),
      (
        "hooke-bench scene 100k 240 --mode grid-reflow --threads 2",
        "The frame-budget suite's grid-reflow shape at 100 000 cards on two workers."
      ),
      (
        "hooke-bench scene 10k --mode grid --general",
        "A 10 000-card ElementGrid on the per-property reference."
      ),
    ])

  var bench = SceneBench()

  init(_ a: ParsedArguments) throws {
    if let raw = a.positional(0) {
      bench.n = try ParsedArguments.integer(raw, argument: "N", in: 1...100_000_000)
    }
    if let raw = try a.choice("mode", SceneBench.Mode.allCases.map(\.rawValue)) {
      bench.mode = SceneBench.Mode(rawValue: raw)!
    }
    bench.frames = bench.mode == .retarget ? 30 : 120
    if let raw = a.positional(1) {
      bench.frames = try ParsedArguments.integer(raw, argument: "frames", in: 1...10_000_000)
    }
    bench.general = a.flag("general")
    if let t = try a.int("threads", in: 1...4096) { bench.threads = t }
    if let h = try a.int("hz", in: 1...10_000) { bench.hz = Int64(h) }
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    context.stdout.write(bench.run())
    return .success
  }
}
