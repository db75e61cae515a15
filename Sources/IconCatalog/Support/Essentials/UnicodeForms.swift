import SharedLibrary

/// Unicode's canonical normal forms, which Foundation gave as `precomposedStringWithCanonicalMapping`
/// (NFC) and `decomposedStringWithCanonicalMapping` (NFD). ASCII text is both already.
public enum UnicodeForms {
  /// NFC, from the standard library's own normalizer (the one `String`'s `==` uses).
  public static func nfc(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    return String(decoding: text._nfcCodeUnits, as: UTF8.self)
  }

  /// NFD, from GLib's `g_utf8_normalize` (the standard library has no decomposition), opened on
  /// first use like the other C libraries only some commands need. GLib comes with librsvg; on
  /// a system without it the text is returned as it is, which only names with accents notice.
  public static func nfd(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
    typealias Normalize =
      @convention(c) (
        UnsafePointer<CChar>?, Int, Int32
      ) -> UnsafeMutablePointer<CChar>?
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    guard let normalize = glib.function("g_utf8_normalize", as: Normalize.self),
      let free = glib.function("g_free", as: Free.self)
    else { return text }
    // G_NORMALIZE_DEFAULT: the canonical decomposition, NFD.
    guard let result = normalize(text, -1, 0) else { return text }
    defer { free(result) }
    return String(cString: result)
  }

  static let glib = SharedLibrary(
    name: "GLib", sonames: ["libglib-2.0.so.0"], package: "libglib2.0-0",
    requiredFunctions: ["g_utf8_normalize", "g_free"])
}
