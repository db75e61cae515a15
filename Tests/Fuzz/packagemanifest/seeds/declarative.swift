// swift-tools-version:5.9
import PackageDescription

let package = Package(
  name: "App",
  products: [.library(name: "Core", targets: ["Core"])],
  targets: [
    .target(name: "Core", dependencies: ["Models", .product(name: "Gen", package: "swift-gen")]),
    .target(name: "Models", path: "Sources/SharedModels"),
    .testTarget(name: "CoreTests", dependencies: ["Core"]),
  ]
)
