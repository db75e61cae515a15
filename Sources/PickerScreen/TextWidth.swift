import Glibc

/// Columns a character takes in a terminal, as the C library's `wcwidth` says in a
/// UTF-8 locale. The locale is fixed here (not taken from the environment), so the
/// layout stays a pure function that gives the same frame everywhere.
public enum TextWidth {
  private nonisolated(unsafe) static let utf8Locale: locale_t? = newlocale(
    LC_CTYPE_MASK, "C.UTF-8", nil)

  /// Glibc declares `wcwidth` only under _XOPEN_SOURCE, which Swift's Glibc module
  /// leaves out, so it is looked up by name in the C library already loaded.
  private typealias WidthFunction = @convention(c) (wchar_t) -> Int32
  private static let wcwidth: WidthFunction? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"
  ).map {
    unsafeBitCast($0, to: WidthFunction.self)
  }

  public static func of(_ character: Character) -> Int {
    if character.isASCII {
      return character.unicodeScalars.first.map { $0.value >= 0x20 && $0.value != 0x7F } == true
        ? 1 : 0
    }
    var total = 0
    for (index, scalar) in character.unicodeScalars.enumerated() {
      let width = scalarWidth(scalar)
      // A grapheme is as wide as its base; marks and joiners after it add nothing.
      if index == 0 { total = width } else if width == 2 { total = 2 }
    }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { total = 2 }
    return total
  }

  public static func of(_ text: String) -> Int {
    // Most text on screen is ASCII: one column per printable byte, no grapheme breaking.
    var width = 0
    for byte in text.utf8 {
      if byte >= 0x80 { return text.reduce(0) { $0 + of($1) } }
      if byte >= 0x20 && byte != 0x7F { width += 1 }
    }
    return width
  }

  private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    guard let locale = utf8Locale, let wcwidth else { return 1 }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    let width = wcwidth(wchar_t(bitPattern: scalar.value))
    return width < 0 ? 0 : Int(width)
  }

  /// `text` cut to at most `columns`, with an ellipsis when something was cut.
  public static func truncate(_ text: String, to columns: Int, ellipsis: String) -> String {
    guard columns > 0 else { return "" }
    if of(text) <= columns { return text }
    let room = columns - of(ellipsis)
    guard room > 0 else { return String(text.prefix(columns)) }
    var result = ""
    var used = 0
    for character in text {
      let width = of(character)
      if used + width > room { break }
      result.append(character)
      used += width
    }
    return result + ellipsis
  }
}
