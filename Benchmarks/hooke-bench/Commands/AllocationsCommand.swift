// `allocations`: heap allocations per frame of the scene scenarios, under the malloc counter.
import FrameBudget
import Scenarios

/// `hooke-bench allocations [--scenario …] [--elements N] [--hz H] [--threads T] [--frames F]
/// [--warmup W]`.
struct AllocationsCommand: BenchCommand {
  static let configuration = CommandConfiguration(
    name: "allocations",
    abstract: "Count the heap allocations of each scenario's frames on the hooke engine.",
    discussion: """
      Runs each scenario's hooke engine for --warmup frames, then counts the heap allocations of
      each of --frames frames with the LD_PRELOAD counter of Benchmarks/malloc-counter (build it
      with cc -shared -fPIC -O2 -o /tmp/libmalloc_counter.so Benchmarks/malloc-counter/malloc_counter.c
      -ldl; without it the command exits 1). A steady frame applies no script transaction: only the
      animations advance and the render list is written, which must not allocate. Frames with
      transactions are reported separately (their operations are built by the script, which
      allocates). One line per scenario: steady frames, their allocations and the most in one frame,
      then the frames with transactions and their allocations. The budget is static: zero
      allocations per steady frame (exit 7 when a steady frame allocated).
      """ + "\n" + ExitCode.paragraph([.success, .failure, .budgetViolated, .usage]),
    options: [
      .option(
        "scenario", "name",
        "Scenario name or glob; repeatable, comma lists allowed. Default: the tool's quick-suite scenarios.",
        repeating: true),
      .option("elements", "n", "Elements, 1…100000000 (k/M suffixes allowed). Default: 100000."),
      .option("hz", "rate", "Refresh rate in Hz, 1…10000. Default: 120."),
      .option("threads", "n", "The scene's worker threads, 1…4096. Default: 1."),
      .option("frames", "n", "Counted frames, 1…10000000. Default: 240."),
      .option("warmup", "n", "Frames run first, not counted, 0…10000000. Default: 60."),
    ],
    examples: [
      (
        "hooke-bench allocations --threads 2",
        "Under LD_PRELOAD=/tmp/libmalloc_counter.so: every scenario at 100 000 elements, two workers."
      )
    ])

  var scenarios: [String]?
  var elements = 100_000
  var hz = 120
  var threads = 1
  var frames = 240
  var warmup = 60

  init(_ a: ParsedArguments) throws {
    scenarios = try a.nonEmptyList("scenario")
    if let n = try a.ints("elements", in: 1...100_000_000) {
      guard n.count == 1 else { throw UsageError("option '--elements': give one element count") }
      elements = n[0]
    }
    if let h = try a.int("hz", in: 1...10_000) { hz = h }
    if let t = try a.int("threads", in: 1...4096) { threads = t }
    if let f = try a.int("frames", in: 1...10_000_000) { frames = f }
    if let w = try a.int("warmup", in: 0...10_000_000) { warmup = w }
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    let chosen = try _chooseScenarios(scenarios, engines: ["hooke"], in: context.registry)
    guard let count = HeapCounter.count else {
      context.stderr.write("hooke-bench allocations: not counted; \(HeapCounter.howTo)\n")
      return .failure
    }
    var allocatingScenarios: [String] = []
    for s in chosen where s.engines.contains("hooke") {
      let setup = WorkloadSetup(elements: elements, hz: hz, seed: 42, threads: threads)
      let workload = try s.makeWorkload("hooke", setup)
      guard let counting = workload as? any TransactionCounting else {
        context.stdout.write("\(s.name): not a scene scenario, not counted\n")
        continue
      }
      for k in 0..<warmup {
        try workload.prepareFrame(k)
        try workload.performFrame(k)
      }
      var steady = (frames: 0, allocations: UInt64(0), most: UInt64(0))
      var busy = (frames: 0, allocations: UInt64(0))
      for k in warmup..<(warmup + frames) {
        try workload.prepareFrame(k)
        let before = count()
        try workload.performFrame(k)
        let allocations = count() &- before
        if counting.lastFrameTransactionCount == 0 {
          steady.frames += 1
          steady.allocations += allocations
          steady.most = max(steady.most, allocations)
        } else {
          busy.frames += 1
          busy.allocations += allocations
        }
      }
      if steady.allocations > 0 { allocatingScenarios.append(s.name) }
      context.stdout.write(
        "\(s.name) \(TextReports.count(elements))@\(hz), \(threads) thread(s): steady frames \(steady.frames), "
          + "heap allocations \(steady.allocations) (most in one frame \(steady.most)); "
          + "frames with transactions \(busy.frames), heap allocations \(busy.allocations)\n")
    }
    if allocatingScenarios.isEmpty {
      context.stdout.write("allocations: no steady frame allocated.\n")
      return .success
    }
    context.stdout.write(
      "allocations: steady frames allocated in \(allocatingScenarios.joined(separator: ", ")).\n")
    return .budgetViolated
  }
}
