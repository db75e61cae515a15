var package = Package(name: "app", products: [], targets: [])
if ProcessInfo.processInfo.environment["TEST_SERVER"] == nil {
  package.products.append(contentsOf: [.library(name: "Settings", targets: ["Settings"])])
  package.targets.append(contentsOf: [
    .target(name: "Settings", dependencies: [.target(name: "Core"), .byName(name: "Client")]),
    .target(name: "Client"), .executableTarget(name: "Tool", dependencies: ["Settings"]),
  ])
}
