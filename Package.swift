// swift-tools-version: 6.0
import PackageDescription

// Layers, arrows pointing one way:
// iconpick -> PickerScreen -> IconState -> IconCatalog; only PickerScreen's terminal file imports CNcurses.
let package = Package(
  name: "iconpick",
  products: [
    .executable(name: "iconpick", targets: ["iconpick"])
  ],
  targets: [
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(name: "IconCatalog"),
    .target(name: "IconState", dependencies: ["IconCatalog"]),
    .target(name: "PickerScreen", dependencies: ["IconState", "IconCatalog", "CNcurses"]),
    .executableTarget(
      name: "iconpick", dependencies: ["PickerScreen", "IconState", "IconCatalog"]),
    .testTarget(name: "IconCatalogTests", dependencies: ["IconCatalog"]),
    .testTarget(name: "IconStateTests", dependencies: ["IconState", "IconCatalog"]),
    .testTarget(
      name: "PickerScreenTests", dependencies: ["PickerScreen", "IconState", "IconCatalog"]),
    .testTarget(name: "iconpickTests", dependencies: ["iconpick"]),
  ],
  swiftLanguageModes: [.v6]
)
