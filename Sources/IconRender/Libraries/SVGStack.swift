import SharedLibrary

/// cairo and librsvg (with the GLib, GIO and gdk-pixbuf it brings), opened the first time an
/// Icon Composer bundle is drawn or a PNG is enlarged. Linked, they cost every command, even
/// `--version`, about 10 ms and 8 MB at start (some 60 shared objects to map and relocate).
///
/// `CairoFunctions.swift` and `RsvgFunctions.swift` forward each C function IconRender calls
/// to these libraries; the code that draws calls `require(for:)` or `requireCairo(for:)` first.
enum SVGStack {
  /// The environment variables that name another file to open (tests name one that is not
  /// there, to check what happens on a system without the libraries).
  static let cairoVariable = "ICONPICK_CAIRO_SONAME"
  static let rsvgVariable = "ICONPICK_RSVG_SONAME"

  static let cairo = SharedLibrary(
    name: "cairo", sonames: ["libcairo.so.2"], package: "libcairo2",
    overrideVariable: cairoVariable)
  /// librsvg 2.52 brought `rsvg_handle_get_intrinsic_size_in_pixels`, the newest function used.
  static let rsvg = SharedLibrary(
    name: "librsvg", sonames: ["librsvg-2.so.2"], package: "librsvg2-2",
    requiredFunctions: ["rsvg_handle_get_intrinsic_size_in_pixels"],
    overrideVariable: rsvgVariable)

  /// Opens cairo, or says why drawing `file` cannot happen.
  static func requireCairo(for file: String) throws(IconRenderError) {
    do {
      try cairo.load()
    } catch {
      throw .libraryMissing(file: file, reason: error.description)
    }
  }

  /// Opens cairo and librsvg, or says why drawing `file` cannot happen.
  static func require(for file: String) throws(IconRenderError) {
    try requireCairo(for: file)
    do {
      try rsvg.load()
    } catch {
      throw .libraryMissing(file: file, reason: error.description)
    }
  }

  /// `symbol` from `library` as `type`. Callers have required the library, whose version has
  /// every function forwarded, so a missing one is a mistake in this program.
  static func function<Function>(
    _ symbol: String, in library: SharedLibrary, as type: Function.Type
  ) -> Function {
    guard let function = library.function(symbol, as: type) else {
      preconditionFailure("\(library.name) has no \(symbol), or was not loaded before the call")
    }
    return function
  }
}
