// swift-tools-version: 6.0
import PackageDescription

// Layers, arrows pointing one way:
// iconpick -> PickerScreen -> (IconState, IconRender) -> IconCatalog.
// Only PickerScreen's terminal file imports CNcurses; only IconRender imports the image libraries:
// CPNG (libpng), CCairo (cairo) and CRsvg (librsvg, with gdk-pixbuf and GIO), the last two to
// draw Icon Composer `.icon` bundles, and CDeflate (libdeflate), the previews' fast inflate.
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
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]
    ),
    .systemLibrary(
      name: "CRsvg",
      pkgConfig: "librsvg-2.0",
      providers: [.apt(["librsvg2-dev"])]
    ),
    .systemLibrary(
      name: "CDeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"])]
    ),
    // libzip's header only: IconArchive loads the library with dlopen when an .ipa is opened.
    .systemLibrary(
      name: "CZip",
      providers: [.apt(["libzip-dev"])]
    ),
    .target(name: "IconCatalog"),
    .target(name: "IconArchive", dependencies: ["IconCatalog", "CZip"]),
    .target(
      name: "IconRender", dependencies: ["IconCatalog", "CPNG", "CCairo", "CRsvg", "CDeflate"]),
    .target(name: "IconState", dependencies: ["IconCatalog"]),
    .target(name: "IconCheck", dependencies: ["IconCatalog", "IconRender"]),
    .target(
      name: "PickerScreen", dependencies: ["IconState", "IconRender", "IconCatalog", "CNcurses"]),
    .executableTarget(
      name: "iconpick",
      dependencies: [
        "PickerScreen", "IconCheck", "IconRender", "IconState", "IconCatalog", "IconArchive",
      ]),
    // Times the preview pipeline in one process for `make bench`; not installed.
    .executableTarget(
      name: "iconpick-bench", dependencies: ["IconRender", "IconCatalog", "IconArchive"]),
    .target(
      name: "IconFuzzing",
      dependencies: ["IconCatalog", "IconRender", "IconState", "IconCheck", "IconArchive"]),
    // The readers' libFuzzer targets for `make fuzz` (built with -DFUZZING), or a replayer of
    // inputs; not installed.
    .executableTarget(name: "iconpick-fuzz", dependencies: ["IconFuzzing"]),
    .testTarget(name: "IconCatalogTests", dependencies: ["IconCatalog"]),
    .testTarget(name: "IconArchiveTests", dependencies: ["IconArchive", "IconCatalog"]),
    .testTarget(name: "IconCheckTests", dependencies: ["IconCheck", "IconCatalog"]),
    .testTarget(
      name: "IconRenderTests", dependencies: ["IconRender", "IconCatalog"], exclude: ["Fixtures"]),
    .testTarget(name: "IconStateTests", dependencies: ["IconState", "IconCatalog"]),
    .testTarget(
      name: "PickerScreenTests", dependencies: ["PickerScreen", "IconState", "IconCatalog"]),
    .testTarget(name: "iconpickTests", dependencies: ["iconpick"]),
    .testTarget(name: "IconFuzzingTests", dependencies: ["IconFuzzing", "IconCatalog"]),
  ],
  swiftLanguageModes: [.v6]
)
