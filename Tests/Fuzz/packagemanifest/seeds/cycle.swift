let package = Package(name: "c", products: [.library(name: "A", targets: ["A"])], targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B", dependencies: ["A"])])
