/// Names and paths as they may appear inside a one-line message. A name comes from a project
/// file or a push payload, so it may hold line breaks or escape sequences that would split the
/// message or drive the terminal; those are spelled out instead.
public enum MessageText {
  /// `\t`, `\n` and `\r` by name; other control characters (C0, DEL, C1), invisible format
  /// characters (such as bidirectional overrides) and line or paragraph separators as `\u{1B}`.
  /// With `quoting`, `\` and `"` are escaped too, for text shown between double quotes.
  public static func escaped(_ text: String, quoting: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\\" where quoting: result += "\\\\"
      case "\"" where quoting: result += "\\\""
      default:
        let category = scalar.properties.generalCategory
        if isControl(scalar) || category == .format || category == .lineSeparator
          || category == .paragraphSeparator
        {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// C0, DEL and C1 control characters.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
