/// Names and paths as they may appear inside a one-line message. A name comes from a project
/// file, a built app or a push payload, so it may hold line breaks or escape sequences that would
/// split the message or drive the terminal (clear the screen, retitle the window), and it may be
/// megabytes long; those are spelled out and shortened instead.
///
/// Two places use it, so no path is missed: a message puts each name through `escaped` (or
/// `path`) where it is built, and the output (stderr's lines, each format of `check`) puts each
/// whole line through `line`. Escaping is idempotent (an escaped name has no control character
/// left), so a name escaped at both places reads the same as one escaped once.
public enum MessageText {
  /// A name longer than this many characters (Unicode scalars) is shortened. Real names are far
  /// shorter (icon and target names a few dozen characters, bundle identifiers under 155), and
  /// 200 still fits a message on two lines of a wide terminal, with enough of both ends to tell
  /// the name from its neighbours.
  public static let nameLimit = 200
  /// Paths are longer than names: 1024 is the longest path macOS accepts (PATH_MAX), so no path
  /// of a real project or app is shortened.
  public static let pathLimit = 1024
  /// A whole line of output: above any message made of shortened names.
  public static let lineLimit = 4096

  /// `\t`, `\n` and `\r` by name; other control characters (C0, DEL, C1), invisible format
  /// characters (such as bidirectional overrides; not the zero-width joiners of emoji) and line or paragraph separators as `\u{1B}`.
  /// With `quoting`, `\` and `"` are escaped too, for text shown between double quotes.
  /// Text longer than `limit` characters is shortened (see `shortened`); nil keeps it whole.
  /// With `keepingLineBreaks`, tab, LF and CR stay as they are, for formats that encode them by
  /// their own rules (JSON, XML, GitHub's workflow commands).
  public static func escaped(
    _ text: String, quoting: Bool = false, limit: Int? = nameLimit, keepingLineBreaks: Bool = false
  ) -> String {
    let keep = keepingLineBreaks
    guard let limit else {
      return escapedWhole(text.unicodeScalars[...], quoting: quoting, keepingLineBreaks: keep)
    }
    return shortened(text, limit: limit) {
      escapedWhole($0, quoting: quoting, keepingLineBreaks: keep)
    }
  }

  /// A path in a message: escaped, and shortened only past `pathLimit`.
  public static func path(_ path: String) -> String { escaped(path, limit: pathLimit) }

  /// One line of output, at the boundary: escaped (a line break becomes `\n`) and shortened past
  /// `lineLimit`. Names escaped in it already are left as they are.
  public static func line(_ text: String, keepingLineBreaks: Bool = false) -> String {
    escaped(text, limit: lineLimit, keepingLineBreaks: keepingLineBreaks)
  }

  /// Several lines of output (a message with a second line): each line as `line` does.
  public static func lines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
      .joined(separator: "\n")
  }

  /// Text of more than `limit` characters as its first two thirds and last third around an
  /// ellipsis, then its length: `AppIcon-aaaa…aaaa-Blue (1048576 characters)`. The end is kept
  /// because it is what tells paths (the file name) and numbered names apart. `transform` turns
  /// each kept part into output (escaping it); the length is of the text as given.
  static func shortened(
    _ text: String, limit: Int, transform: (Substring.UnicodeScalarView) -> String
  ) -> String {
    let scalars = text.unicodeScalars
    // Counting stops past the limit: a 10 MB name is not walked to its end twice.
    var count = 0
    var index = scalars.startIndex
    while index != scalars.endIndex && count <= limit {
      scalars.formIndex(after: &index)
      count += 1
    }
    if count <= limit { return transform(Substring(text).unicodeScalars) }
    let total = scalars.count
    let headCount = max(1, limit * 2 / 3)
    let tailCount = max(1, limit - headCount - 1)
    let headEnd = scalars.index(scalars.startIndex, offsetBy: headCount)
    let tailStart = scalars.index(scalars.endIndex, offsetBy: -tailCount)
    let substring = Substring(text)
    let head = substring.unicodeScalars[substring.startIndex..<headEnd]
    let tail = substring.unicodeScalars[tailStart..<substring.endIndex]
    return transform(head) + "…" + transform(tail) + " (\(total) characters)"
  }

  private static func escapedWhole(
    _ scalars: Substring.UnicodeScalarView, quoting: Bool, keepingLineBreaks: Bool
  ) -> String {
    func kept(_ scalar: Unicode.Scalar) -> Bool {
      keepingLineBreaks && (scalar == "\t" || scalar == "\n" || scalar == "\r")
    }
    // Nothing to escape, the common case: the text as it is.
    if !scalars.contains(where: { needsEscape($0, quoting: quoting) && !kept($0) }) {
      return String(scalars)
    }
    var result = ""
    for scalar in scalars {
      if kept(scalar) {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\\" where quoting: result += "\\\\"
      case "\"" where quoting: result += "\\\""
      default:
        if isInvisible(scalar) {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  private static func needsEscape(_ scalar: Unicode.Scalar, quoting: Bool) -> Bool {
    if quoting && (scalar == "\\" || scalar == "\"") { return true }
    return isInvisible(scalar)
  }

  /// Control characters, invisible format characters (bidirectional overrides, tags, but not
  /// the zero-width joiners) and line or paragraph separators: what `escaped` spells out.
  public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
    if isControl(scalar) { return true }
    // Zero-width non-joiner and joiner are parts of names (emoji sequences, Indic scripts) and
    // move nothing: shown as they are.
    if scalar.value == 0x200C || scalar.value == 0x200D { return false }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// C0, DEL and C1 control characters.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// JSON text with every character `escaped` spells out written as a `\uXXXX` escape. JSON
  /// encoders escape only C0; C1 controls (U+009B is a terminal's CSI), DEL and bidirectional
  /// overrides pass raw. Outside strings JSON text is ASCII, so only strings change, and each
  /// holds the same value as before.
  public static func jsonSafe(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && isInvisible($0) }) else {
      return json
    }
    var result = ""
    result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
    for scalar in json.unicodeScalars {
      if scalar.value >= 0x7F && isInvisible(scalar) {
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
