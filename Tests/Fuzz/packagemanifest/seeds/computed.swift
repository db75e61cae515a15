let names = ["A", "B"]
let package = Package(name: "x", products: names.map { .library(name: $0, targets: [$0]) }, targets: names.map { .target(name: $0) })
