// swift-tools-version:6.0
// An outside package that benchmarks its own animation engine on Hooke's scenarios: it implements
// the one engine seam, `ChannelEngine` (product `Scenarios`), and runs it with `EngineBenchmark`
// next to Hooke's batch engine. `.ci/clients.sh` builds and runs it from a copy placed next to a
// `Hooke` link to the repository (SwiftPM names a path dependency after its folder, so the link
// gives it the identity "hooke" whatever the clone is called); in your own package, point the
// path at your Hooke checkout.
import PackageDescription

let package = Package(
  name: "external-engine-example",
  dependencies: [.package(path: "../Hooke")],
  targets: [
    .executableTarget(
      name: "external-engine-example",
      dependencies: [
        .product(name: "Scenarios", package: "Hooke"), .product(name: "FrameBudget", package: "Hooke"),
        .product(name: "Hooke", package: "Hooke"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
