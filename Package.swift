// swift-tools-version: 6.0
import PackageDescription

// Layers, arrows pointing one way:
// iconpick -> PickerScreen -> (IconState, IconRender) -> IconCatalog.
// Only PickerScreen's terminal file imports CNcurses; only IconRender imports the image libraries:
// CPNG (libpng), CCairo (cairo) and CRsvg (librsvg, with gdk-pixbuf and GIO), the last two to
// draw Icon Composer `.icon` bundles, and CDeflate (libdeflate), the previews' fast inflate (and
// kitty's images' deflate).
//
// cairo and librsvg are not linked: IconRender opens them the first time it draws with them
// (SharedLibrary), so the other commands start without mapping some 60 shared objects. CCairo
// and CRsvg give it their headers' types only, so they take no pkgConfig (SwiftPM would link
// pkg-config's --libs); the folders below are where Debian's -dev packages put the headers.
// IconRender imports them `internal`, so no module above it needs these flags.
//
// No C library is linked. ncurses, libpng, libdeflate and libyaml are opened by their module's
// shim.h (dlopen, each function found once), libzip, json-c and GLib by SharedLibrary, the first
// time a command needs them: mapping and relocating them cost every command at start, even
// `--version` (callgrind: ncurses 0.49 M instructions, libpng with zlib 0.21 M, libyaml 0.06 M,
// libdeflate 0.04 M, against the FoundationEssentials floor's 3.17 M). So no system library here
// takes a pkgConfig, which SwiftPM would turn into link flags.
#if arch(arm64)
  let multiarch = "aarch64-linux-gnu"
#else
  let multiarch = "x86_64-linux-gnu"
#endif
let svgStackHeaders: [SwiftSetting] = [
  .unsafeFlags(
    [
      "/usr/include/cairo", "/usr/include/librsvg-2.0", "/usr/include/gdk-pixbuf-2.0",
      "/usr/include/glib-2.0", "/usr/lib/\(multiarch)/glib-2.0/include",
    ].flatMap { ["-Xcc", "-I\($0)"] })
]

let package = Package(
  name: "iconpick",
  products: [
    .executable(name: "iconpick", targets: ["iconpick"])
  ],
  targets: [
    // ncurses' headers only: its shim opens the library on first use (dlopen), not linked.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // libpng's headers only: its shim opens the library on first use (dlopen), not linked.
    .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CCairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
    // libdeflate's and libyaml's headers only: their shims open them on first use (dlopen).
    .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"])]),
    // Opens a C library on first use (dlopen), instead of linking it.
    .target(name: "SharedLibrary"),
    // libzip's header only: IconArchive loads the library with dlopen when an .ipa is opened.
    .systemLibrary(
      name: "CZip",
      providers: [.apt(["libzip-dev"])]
    ),
    // libyaml, for XcodeGen's `project.yml`: SpecYAML reads it and installs itself in IconCatalog.
    .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),
    .target(name: "IconCatalog", dependencies: ["SharedLibrary"]),
    .target(name: "SpecYAML", dependencies: ["IconCatalog", "CYAML"]),
    .target(name: "IconArchive", dependencies: ["IconCatalog", "SharedLibrary", "CZip"]),
    .target(
      name: "IconRender",
      dependencies: ["IconCatalog", "SharedLibrary", "CPNG", "CCairo", "CRsvg", "CDeflate"],
      swiftSettings: svgStackHeaders),
    .target(name: "IconState", dependencies: ["IconCatalog"]),
    // Terminal images (kitty, iTerm2, sixel): asking the terminal what it shows, and encoding.
    .target(
      name: "TerminalGraphics", dependencies: ["IconRender", "IconCatalog", "SharedLibrary"]),
    .target(name: "IconCheck", dependencies: ["IconCatalog", "IconRender"]),
    // The write side (add, remove, check --fix): plans text edits in the files' own style,
    // previews them as a diff, applies them atomically. SpecYAML gives it libyaml's positions.
    .target(name: "IconEdit", dependencies: ["IconCatalog", "IconRender", "SpecYAML"]),
    .target(
      name: "PickerScreen",
      dependencies: ["IconState", "IconRender", "IconCatalog", "TerminalGraphics", "CNcurses"]),
    .executableTarget(
      name: "iconpick",
      dependencies: [
        "PickerScreen", "IconCheck", "IconRender", "IconState", "IconCatalog", "IconArchive",
        "SpecYAML", "TerminalGraphics", "IconEdit",
      ]),
    // Times the preview pipeline in one process for `make bench`; not installed. Its command
    // line is read by BenchCommandLine, a pure parser with its own tests.
    .target(name: "BenchCommandLine"),
    .executableTarget(
      name: "iconpick-bench",
      dependencies: [
        "BenchCommandLine", "IconRender", "IconCatalog", "IconArchive", "PickerScreen",
        "TerminalGraphics",
      ]),
    .target(
      name: "IconFuzzing",
      dependencies: [
        "IconCatalog", "IconRender", "IconState", "IconCheck", "IconArchive", "SpecYAML",
        "TerminalGraphics", "IconEdit",
      ]),
    // The readers' libFuzzer targets for `make fuzz` (built with -DFUZZING), or a replayer of
    // inputs; not installed.
    .executableTarget(name: "iconpick-fuzz", dependencies: ["IconFuzzing", "IconCatalog"]),
    // What several test targets share: small Xcode projects written as Xcode writes them (one
    // per form `add` handles, and the App template of Xcode 12, 14, 15 and 16), scratch
    // folders, opaque PNGs, and decoders of what the terminal image encoders write. A library
    // under Tests/, not shipped.
    .target(name: "TestSupport", dependencies: ["IconRender"], path: "Tests/TestSupport"),
    .testTarget(name: "SharedLibraryTests", dependencies: ["SharedLibrary"]),
    .testTarget(name: "IconCatalogTests", dependencies: ["IconCatalog", "SpecYAML"]),
    .testTarget(name: "IconArchiveTests", dependencies: ["IconArchive", "IconCatalog"]),
    .testTarget(name: "IconCheckTests", dependencies: ["IconCheck", "IconCatalog", "SpecYAML"]),
    .testTarget(
      name: "IconEditTests",
      dependencies: [
        "IconEdit", "IconCatalog", "IconRender", "IconCheck", "SpecYAML", "TestSupport",
      ]),
    .testTarget(
      name: "IconRenderTests", dependencies: ["IconRender", "IconCatalog"], exclude: ["Fixtures"]),
    .testTarget(name: "IconStateTests", dependencies: ["IconState", "IconCatalog"]),
    .testTarget(
      name: "PickerScreenTests", dependencies: ["PickerScreen", "IconState", "IconCatalog"]),
    .testTarget(name: "iconpickTests", dependencies: ["iconpick", "TestSupport"]),
    .testTarget(name: "IconFuzzingTests", dependencies: ["IconFuzzing", "IconCatalog"]),
    .testTarget(name: "BenchCommandLineTests", dependencies: ["BenchCommandLine"]),
    .testTarget(
      name: "TerminalGraphicsTests",
      dependencies: ["TerminalGraphics", "IconRender", "IconCatalog", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
