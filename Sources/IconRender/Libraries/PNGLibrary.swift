import CPNG

/// libpng, opened the first time a PNG is read or written (`Sources/CPNG/shim.h`): linked, it
/// and zlib cost every command about 0.21 M instructions at start, `--version` included.
enum PNGLibrary {
  /// The environment variable that names another file to open (tests name one that is not
  /// there, to check what happens on a system without libpng).
  static let variable = "ICONPICK_PNG_SONAME"

  /// Opens libpng, or says why `file` cannot be read or written without it.
  static func require(for file: String) throws(IconRenderError) {
    guard cp_png_open() else {
      throw .libraryMissing(file: file, reason: String(cString: cp_png_error()))
    }
  }
}
