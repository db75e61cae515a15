import FoundationEssentials
import IconCatalog
import SharedLibrary

/// The fonts an SVG layer's text asks for that this machine does not have. librsvg draws such
/// text with fontconfig's closest installed face (NowPlayingRemote's music note asks for Apple's
/// "SF Pro", which Linux does not have); iconpick says so, naming the font and the face used:
/// in `show`, the picker's footer, and `check` (`icon-svg-unsupported`).
///
/// fontconfig is the library librsvg itself matches fonts with (through Pango), opened the
/// first time an SVG with text is drawn.
public enum SVGFonts {
  /// A font family list of the SVG none of whose families is installed.
  public struct Missing: Sendable, Equatable {
    /// The families asked for, in order (`'SFPro-RegularItalic', 'SF Pro'`).
    public var families: [String]
    /// The installed family fontconfig draws with instead, when it says.
    public var substitute: String?

    /// One line: `text in the font "SF Pro" (also "SFPro-RegularItalic"), not installed: …`.
    public var note: String {
      let named = families.last.map { "\"\($0)\"" } ?? "?"
      let others = families.dropLast().map { "\"\($0)\"" }
      return "text in the font \(named)"
        + (others.isEmpty ? "" : " (also \(others.joined(separator: ", ")))")
        + ", not installed: drawn with \(substitute ?? "the closest installed font")"
    }
  }

  /// Generic CSS families, always drawn with some installed face.
  static let generic: Set<String> = [
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math",
    "fangsong", "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded", "inherit", "initial",
  ]

  /// At most this many distinct family lists are looked up per file.
  static let maxLists = 32

  /// The family lists of `svg`'s text (`font-family` attributes and style properties) none of
  /// whose families is installed; empty when the SVG has no `<text>` or fontconfig is absent.
  public static func missing(in svg: [UInt8]) -> [Missing] {
    let text = String(decoding: svg, as: UTF8.self)
    guard
      text.firstRange(ofASCIICaseInsensitive: "<text") != nil
        || text.firstRange(ofASCIICaseInsensitive: "<svg:text") != nil
    else { return [] }
    let lists = familyLists(in: text)
    guard !lists.isEmpty, let fontconfig = FontConfig.shared else { return [] }
    var found: [Missing] = []
    for families in lists.prefix(maxLists) {
      let named = families.filter { !generic.contains($0.lowercased()) }
      guard named.count == families.count, !named.isEmpty else { continue }
      var installed = false
      var substitute: String?
      for family in named {
        let matched = fontconfig.match(family)
        if matched?.lowercased() == family.lowercased() {
          installed = true
          break
        }
        if substitute == nil { substitute = matched }
      }
      if !installed { found.append(Missing(families: named, substitute: substitute)) }
    }
    return found
  }

  /// Each distinct `font-family` value's families, unquoted, in file order.
  static func familyLists(in text: String) -> [[String]] {
    var lists: [[String]] = []
    var rest = text[...]
    while let key = rest.firstRange(ofASCIICaseInsensitive: "font-family") {
      rest = rest[key.upperBound...]
      var value = rest.drop { $0 == " " || $0 == "\t" }
      guard let separator = value.first, separator == ":" || separator == "=" else { continue }
      value = value.dropFirst().drop { $0 == " " || $0 == "\t" }
      var quote: Character?
      if separator == "=", let first = value.first, first == "\"" || first == "'" {
        quote = first
        value = value.dropFirst()
      }
      // The value ends at the attribute's quote, or a style's `;`, `"` or `>`.
      let end =
        value.firstIndex { character in
          if let quote { return character == quote }
          return character == ";" || character == "\"" || character == ">" || character == "}"
        } ?? value.endIndex
      let families = value[..<end].split(separator: ",").map { part in
        part.trimmingScalars { " \t\n\r'\"&;".unicodeScalars.contains($0) }
          .replacingAll("quot", with: "")
      }.filter { !$0.isEmpty }
      if !families.isEmpty, !lists.contains(families) { lists.append(families) }
      rest = value[end...]
    }
    return lists
  }
}

/// The few fontconfig functions `SVGFonts` needs, opened on first use.
final class FontConfig: @unchecked Sendable {
  typealias Create = @convention(c) () -> OpaquePointer?
  typealias AddString =
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>, UnsafePointer<UInt8>)
    -> Int32
  typealias Substitute = @convention(c) (OpaquePointer?, OpaquePointer?, Int32) -> Int32
  typealias Default = @convention(c) (OpaquePointer?) -> Void
  typealias Match =
    @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Int32>)
    -> OpaquePointer?
  typealias GetString =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>, Int32,
      UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    ) -> Int32
  typealias Destroy = @convention(c) (OpaquePointer?) -> Void

  static let library = SharedLibrary(
    name: "fontconfig", sonames: ["libfontconfig.so.1"], package: "libfontconfig1")

  /// Nil when fontconfig cannot be opened (then no font is reported missing).
  static let shared: FontConfig? = {
    do { try library.load() } catch { return nil }
    guard let create = library.function("FcPatternCreate", as: Create.self),
      let add = library.function("FcPatternAddString", as: AddString.self),
      let substitute = library.function("FcConfigSubstitute", as: Substitute.self),
      let defaults = library.function("FcDefaultSubstitute", as: Default.self),
      let match = library.function("FcFontMatch", as: Match.self),
      let get = library.function("FcPatternGetString", as: GetString.self),
      let destroy = library.function("FcPatternDestroy", as: Destroy.self)
    else { return nil }
    return FontConfig(
      create: create, add: add, substitute: substitute, defaults: defaults, match: match,
      get: get, destroy: destroy)
  }()

  let create: Create
  let add: AddString
  let substitute: Substitute
  let defaults: Default
  let matchFont: Match
  let get: GetString
  let destroy: Destroy
  private let lock = Lock()

  init(
    create: @escaping Create, add: @escaping AddString, substitute: @escaping Substitute,
    defaults: @escaping Default, match: @escaping Match, get: @escaping GetString,
    destroy: @escaping Destroy
  ) {
    self.create = create
    self.add = add
    self.substitute = substitute
    self.defaults = defaults
    self.matchFont = match
    self.get = get
    self.destroy = destroy
  }

  /// The installed family fontconfig picks for `family` (itself when installed).
  func match(_ family: String) -> String? {
    lock.lock()
    defer { lock.unlock() }
    guard let pattern = create() else { return nil }
    defer { destroy(pattern) }
    let added = family.withCString { name in
      name.withMemoryRebound(to: UInt8.self, capacity: family.utf8.count + 1) {
        add(pattern, "family", $0)
      }
    }
    guard added != 0 else { return nil }
    _ = substitute(nil, pattern, 0)  // FcMatchPattern
    defaults(pattern)
    var result: Int32 = 0
    guard let matched = matchFont(nil, pattern, &result) else { return nil }
    defer { destroy(matched) }
    var name: UnsafeMutablePointer<UInt8>?
    guard get(matched, "family", 0, &name) == 0, let name else { return nil }  // FcResultMatch
    return String(cString: name)
  }
}
