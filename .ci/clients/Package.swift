// swift-tools-version:6.0
// Out-of-repository clients of Hooke, one executable per library product, each depending on and
// importing only that product (the way a user's package would), built and run in debug and
// release by .ci/clients.sh. `../Hooke` is a symlink to the repository that the script creates, so
// the dependency's identity is "Hooke" whatever the clone's folder is called.
import PackageDescription

let package = Package(
  name: "hooke-clients",
  dependencies: [.package(path: "../Hooke")],
  targets: [
    .executableTarget(name: "hooke-client", dependencies: [.product(name: "Hooke", package: "Hooke")]),
    .executableTarget(
      name: "hooke-animation-client", dependencies: [.product(name: "HookeAnimation", package: "Hooke")]),
    .executableTarget(
      name: "hooke-scene-client", dependencies: [.product(name: "HookeScene", package: "Hooke")]),
    .executableTarget(
      name: "hooke-threads-client", dependencies: [.product(name: "HookeThreads", package: "Hooke")]),
    .executableTarget(
      name: "frame-budget-client", dependencies: [.product(name: "FrameBudget", package: "Hooke")]),
  ],
  swiftLanguageModes: [.v6]
)
