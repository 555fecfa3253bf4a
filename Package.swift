// swift-tools-version:6.0
// Hooke: SwiftUI-faithful animation physics off Apple platforms. Zero package dependencies.
import PackageDescription

let package = Package(
  name: "Hooke",
  // Apple platforms: the elementary functions read their tables through `StaticBigInt` (one load
  // per entry), which Apple's systems ship from these releases on. Linux, wasm32 and Embedded
  // Swift have no such floor.
  platforms: [.macOS("13.3"), .iOS("16.4"), .tvOS("16.4"), .watchOS("9.4"), .visionOS(.v1)],
  products: [
    .library(name: "Hooke", targets: ["Hooke"]),
    .library(name: "HookeAnimation", targets: ["HookeAnimation"]),
    .library(name: "HookeScene", targets: ["HookeScene"]),
    .library(name: "HookeThreads", targets: ["HookeThreads"]),
    .library(name: "FrameBudget", targets: ["FrameBudget"]),
    .library(name: "Scenarios", targets: ["Scenarios"]),
    .executable(name: "hooke-bench", targets: ["hooke-bench"]),
    .executable(name: "hooke-fuzz", targets: ["hooke-fuzz"]),
  ],
  targets: [
    // The numeric core: standard library only, Embedded-Swift clean (checked by .ci/run).
    // Rounding and square root (`rounded`, `squareRoot`) can lower to libm's exact floor, ceil,
    // trunc, rint, round and sqrt; Linux-like platforms keep those in libm, which a client that
    // imports only Hooke (no Foundation) would otherwise not link. No libm function computes a
    // Hooke result: the elementary functions are Hooke's own.
    .target(
      name: "Hooke", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd]))]),
    // SwiftUI-faithful animations on top of the core (no Foundation).
    .target(name: "HookeAnimation", dependencies: ["Hooke"]),
    // Headless transitions, matched geometry and transactions for many elements (no Foundation;
    // HookeThreads' worker pool for multi-core fast-path frames).
    .target(name: "HookeScene", dependencies: ["Hooke", "HookeAnimation", "HookeThreads"]),
    .testTarget(
      name: "HookeSceneTests", dependencies: ["HookeScene", "HookeAnimation", "Hooke", "_TestSupport"]),
    // Multi-core stepping of the batch engine and an allocation-free worker pool with its
    // chunked dispatch (pthreads; not part of the Embedded core).
    .target(name: "HookeThreads", dependencies: ["Hooke"]),
    // The frame-budget benchmark harness: workloads, runner, metrics, statistics, results files,
    // compare, reports. Engine-agnostic: no Hooke dependency (Foundation only).
    .target(name: "FrameBudget"),
    // Hooke's benchmark scenarios and the engine seam (`ChannelEngine`) an outside engine
    // implements to run on them, plus the reference engines (libm allowed here, not in Hooke).
    .target(
      name: "Scenarios",
      dependencies: ["Hooke", "HookeThreads", "HookeAnimation", "HookeScene", "FrameBudget"],
      path: "Benchmarks/Scenarios"),
    // The `hooke-bench` tool: the command layer (one file per command, internal) on the harness.
    .executableTarget(
      name: "hooke-bench",
      dependencies: ["Hooke", "HookeAnimation", "HookeScene", "Scenarios", "FrameBudget"],
      path: "Benchmarks/hooke-bench"),
    // Scalar spring calls next to a naive libm closed form (libm allowed here, not in Hooke).
    .executableTarget(
      name: "spring-scalar-bench", dependencies: ["Hooke"], path: "Benchmarks/spring-scalar-bench"),
    // The outside batch-step benchmark's source built inside the repository, so that the two
    // builds of the same code can be compared (`swift run -c release batch-step-bench-inside`).
    .executableTarget(
      name: "batch-step-bench-inside", dependencies: ["Hooke"],
      path: "Benchmarks/BatchStepBench/Sources/batch-step-bench"),
    // Seeded adversarial calls per public API group (a child process per chunk) and a soak.
    .executableTarget(
      name: "hooke-fuzz", dependencies: ["Hooke", "HookeAnimation", "HookeScene"],
      path: "Benchmarks/hooke-fuzz"),

    // Test-only helpers: approximate equality, seeded randomness, fixtures, a double-double reference.
    .target(name: "_TestSupport", dependencies: ["Hooke"]),
    // Test-only synthetic results files and a temporary directory, for the harness and tool tests.
    .target(name: "_FrameBudgetTestSupport", dependencies: ["FrameBudget", "Hooke"]),
    .testTarget(name: "HookeTests", dependencies: ["Hooke", "_TestSupport", "HookeThreads"]),
    .testTarget(name: "HookeAnimationTests", dependencies: ["HookeAnimation", "Hooke", "_TestSupport"]),
    .testTarget(name: "FrameBudgetTests", dependencies: ["FrameBudget", "_FrameBudgetTestSupport"]),
    .testTarget(
      name: "HookeBenchTests",
      dependencies: ["hooke-bench", "FrameBudget", "Scenarios", "Hooke", "_FrameBudgetTestSupport"],
      exclude: ["HelpSnapshots"]),
    .testTarget(name: "HookeFuzzTests", dependencies: ["hooke-fuzz"]),
    .testTarget(
      name: "ScenariosTests",
      dependencies: ["Scenarios", "FrameBudget", "HookeScene", "HookeAnimation", "Hooke"]),
  ],
  swiftLanguageModes: [.v6]
)
