// swift-tools-version:6.0
// Hooke: SwiftUI-faithful animation physics off Apple platforms. Zero package dependencies.
import PackageDescription

let package = Package(
  name: "Hooke",
  products: [
    .library(name: "Hooke", targets: ["Hooke"]),
    .library(name: "HookeThreads", targets: ["HookeThreads"]),
    .executable(name: "hooke-bench", targets: ["hooke-bench"]),
  ],
  targets: [
    // The numeric core: standard library only, Embedded-Swift clean (checked by .ci/run).
    .target(name: "Hooke"),
    // Test-only helpers: approximate equality, seeded randomness, fixtures, a double-double reference.
    .target(name: "_TestSupport", dependencies: ["Hooke"]),
    // Multi-core stepping of the batch engine (Dispatch; not part of the Embedded core).
    .target(name: "HookeThreads", dependencies: ["Hooke"]),
    // Benchmark scenarios and the reference engines peers use (libm allowed here, not in Hooke).
    .target(name: "Scenarios", dependencies: ["Hooke", "HookeThreads"], path: "Benchmarks/Scenarios"),
    .testTarget(name: "HookeTests", dependencies: ["Hooke", "_TestSupport", "HookeThreads"]),
    .executableTarget(name: "hooke-bench", dependencies: ["Hooke", "Scenarios"], path: "Benchmarks/hooke-bench"),
  ],
  swiftLanguageModes: [.v6]
)
