/// A build setting's value as written in `project.pbxproj`: a string, or a list of strings.
public enum PbxprojValue: Equatable, Sendable, CustomStringConvertible {
  case string(String)
  case list([String])

  /// The value of a parsed setting; nil for a dictionary or a list holding anything but strings.
  init?(_ tree: PlistTree) {
    switch tree {
    case .string(let text): self = .string(text.value)
    case .array(let items):
      var strings: [String] = []
      for item in items {
        guard let text = item.string else { return nil }
        strings.append(text)
      }
      self = .list(strings)
    case .dictionary: return nil
    }
  }

  var tree: PlistTree {
    switch self {
    case .string(let text): return .string(PlistText(text))
    case .list(let items): return .array(items.map { .string(PlistText($0)) })
    }
  }

  public var description: String {
    switch self {
    case .string(let text): return PbxprojText.quoted(text)
    case .list(let items): return "(" + items.map(PbxprojText.quoted).joined(separator: ", ") + ")"
    }
  }
}

/// How Xcode writes values and ids.
enum PbxprojText {
  /// A string as Xcode writes it: bare when it is made only of letters, digits, `_`, `$`, `.` and
  /// `/` (and has no `//` or `___`, which Xcode also quotes), else in double quotes with `\`, `"`,
  /// tab and newline escaped. Xcode's set is narrower than what Foundation reads bare (`-` and
  /// `:` are quoted), so `"-Onone"` and `"dwarf-with-dsym"` keep their quotes.
  static func quoted(_ text: String) -> String {
    let bare =
      !text.isEmpty && !text.contains("//") && !text.contains("___")
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
          UInt8(ascii: "."), UInt8(ascii: "/"):
          return true
        default: return false
        }
      }
    if bare { return text }
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// A value at a line indented with `indentation`: a list opens on the line and closes on its
  /// own line at the same indentation, one element a line, each with a trailing comma.
  static func value(_ value: PbxprojValue, indentation: String) -> String {
    switch value {
    case .string(let text): return quoted(text)
    case .list(let items):
      return "(\n" + items.map { indentation + "\t" + quoted($0) + ",\n" }.joined() + indentation
        + ")"
    }
  }

  /// An id no object has yet: 24 uppercase hex digits from a hash of the text, `name` and a
  /// counter, so planning the same edit of the same text twice gives the same id.
  static func newIdentifier(in bytes: [UInt8], name: String, taken: Set<String>) -> String {
    var textHash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { textHash = (textHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    for byte in name.utf8 { textHash = (textHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var counter: UInt64 = 0
    while true {
      let high = mix(textHash &+ counter)
      let low = mix(textHash ^ (counter &* 0x9E37_79B9_7F4A_7C15) ^ 0x5851_F42D_4C95_7F2D)
      let id = hex(high, digits: 16) + hex(low >> 32, digits: 8)
      if !taken.contains(id) && !contains(bytes, Array(id.utf8)) { return id }
      counter += 1
    }
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= bytes.count else { return needle.isEmpty }
    var index = 0
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }
}
