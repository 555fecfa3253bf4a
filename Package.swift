// swift-tools-version:6.0
// Hooke: SwiftUI-faithful animation physics off Apple platforms. Zero package dependencies.
import PackageDescription

let package = Package(
  name: "Hooke",
  products: [
    .library(name: "Hooke", targets: ["Hooke"]),
    .library(name: "HookeAnimation", targets: ["HookeAnimation"]),
    .library(name: "HookeScene", targets: ["HookeScene"]),
    .executable(name: "scene-bench", targets: ["scene-bench"]),
    .library(name: "FrameBudget", targets: ["FrameBudget"]),
    .executable(name: "hooke-bench", targets: ["hooke-bench"]),
  ],
  targets: [
    // The numeric core: standard library only, Embedded-Swift clean (checked by .ci/run).
    .target(name: "Hooke"),
    // Test-only helpers: approximate equality, seeded randomness, fixtures, a double-double reference.
    .target(name: "_TestSupport", dependencies: ["Hooke"]),
    .testTarget(name: "HookeTests", dependencies: ["Hooke", "_TestSupport"]),
    // SwiftUI-faithful animations on top of the core (no Foundation).
    .target(name: "HookeAnimation", dependencies: ["Hooke"]),
    .testTarget(name: "HookeAnimationTests", dependencies: ["HookeAnimation", "Hooke", "_TestSupport"]),
    // Headless transitions, matched geometry and transactions for many elements (no Foundation).
    .target(name: "HookeScene", dependencies: ["Hooke", "HookeAnimation"]),
    .testTarget(name: "HookeSceneTests", dependencies: ["HookeScene", "HookeAnimation", "Hooke", "_TestSupport"]),
    .executableTarget(name: "scene-bench", dependencies: ["HookeScene", "HookeAnimation", "Hooke"], path: "Benchmarks/scene-bench"),
    // The frame-budget benchmark harness: workloads, metrics, results, compare, reports, CLI layer.
    .target(name: "FrameBudget", dependencies: ["Hooke"]),
    .testTarget(name: "FrameBudgetTests", dependencies: ["FrameBudget", "Hooke"]),
    .executableTarget(name: "hooke-bench", dependencies: ["Hooke"], path: "Benchmarks/hooke-bench"),
  ],
  swiftLanguageModes: [.v6]
)
