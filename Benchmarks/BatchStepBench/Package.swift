// swift-tools-version:6.0
// An outside package that measures what a client with a concrete `BatchEngine<Float>` or
// `BatchEngine<Double>` pays per channel-step, with the default rest rule and with `.disabled`,
// for every driver kind. `.ci/clients.sh` builds and runs it in release from a copy placed next to
// a `Hooke` link to the repository (at a small size: CI checks that it runs, not the ratios); the
// repository builds the same source as `batch-step-bench-inside` for the comparison.
import PackageDescription

let package = Package(
  name: "batch-step-bench",
  dependencies: [.package(path: "../Hooke")],
  targets: [
    .executableTarget(name: "batch-step-bench", dependencies: [.product(name: "Hooke", package: "Hooke")])
  ],
  swiftLanguageModes: [.v6]
)
