let package = Package(products: [.library(name: "A", targets: ["A"]
.target(name: "A", dependencies: [")]
