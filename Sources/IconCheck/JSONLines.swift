import FoundationEssentials

/// Where each value of a JSON text is, by path (`groups[0].layers[1].fill`, the form
/// `IconComposerProblem.path` uses): enough to point a diagnostic at a line. Not a parser of the
/// values, which `JSONDecoder` reads; on text that is not JSON it records what it can and stops.
struct JSONLines {
  /// The 1-based line of each path: of its key in an object, of its first character in an array.
  private(set) var lines: [String: Int] = [:]

  /// Paths nest deeper than this only in text no tool writes; deeper values are not recorded.
  static let maximumDepth = 256

  /// The line of `path`, else of the nearest enclosing value that is there (a problem about a
  /// missing key is shown at the object that lacks it); nil for the top level or when no part of
  /// the path is found.
  func line(of path: String) -> Int? {
    var path = Substring(path)
    while !path.isEmpty {
      if let line = lines[String(path)] { return line }
      guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
      path = path[..<cut]
    }
    return nil
  }

  /// True when `path` is written in the text.
  func contains(_ path: String) -> Bool { lines[path] != nil }

  init(_ data: Data) {
    let bytes = [UInt8](data)
    enum Container {
      case object(path: String, key: String?)
      case array(path: String, next: Int)
    }
    var stack: [Container] = []
    var line = 1
    var index = 0
    var expectingKey = false

    /// The path of a value that starts here; records array items' lines.
    func valuePath() -> String? {
      guard let top = stack.last else { return "" }
      switch top {
      case .object(let path, let key):
        guard let key else { return nil }
        return Self.join(path, key)
      case .array(let path, let next):
        let itemPath = "\(path)[\(next)]"
        if lines[itemPath] == nil { lines[itemPath] = line }
        return itemPath
      }
    }

    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\n"):
        line += 1
        index += 1
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
        index += 1
      case UInt8(ascii: "\""):
        let start = line
        var text: [UInt8] = []
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
            index += 1
            switch bytes[index] {
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "u"):
              // Four hex digits; a surrogate half (or bad digits) becomes U+FFFD.
              let digits = bytes[(index + 1)..<min(index + 5, bytes.count)].prefix {
                UInt8(ascii: "0") <= $0 && $0 <= UInt8(ascii: "9")
                  || UInt8(ascii: "a") <= $0 | 0x20 && $0 | 0x20 <= UInt8(ascii: "f")
              }
              let value =
                digits.count == 4 ? UInt32(String(decoding: digits, as: UTF8.self), radix: 16) : nil
              let scalar = value.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
              text += Array(String(Character(scalar)).utf8)
              index += digits.count
            default: text.append(bytes[index])
            }
          } else {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            text.append(bytes[index])
          }
          index += 1
        }
        index += 1
        if expectingKey, case .object(let path, _) = stack.last {
          let key = String(decoding: text, as: UTF8.self)
          stack[stack.count - 1] = .object(path: path, key: key)
          let keyPath = Self.join(path, key)
          if lines[keyPath] == nil { lines[keyPath] = start }
          expectingKey = false
        } else {
          _ = valuePath()
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard stack.count < Self.maximumDepth, let path = valuePath() else { return }
        stack.append(
          byte == UInt8(ascii: "{") ? .object(path: path, key: nil) : .array(path: path, next: 0))
        expectingKey = byte == UInt8(ascii: "{")
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        _ = stack.popLast()
        expectingKey = false
        index += 1
      case UInt8(ascii: ","):
        switch stack.last {
        case .object(let path, _)?:
          stack[stack.count - 1] = .object(path: path, key: nil)
          expectingKey = true
        case .array(let path, let next)?:
          stack[stack.count - 1] = .array(path: path, next: next + 1)
        case nil:
          return
        }
        index += 1
      default:
        // A number or a literal: one value, up to the next structural character.
        _ = valuePath()
        while index < bytes.count, !Self.ends(bytes[index]) { index += 1 }
      }
    }
  }

  private static func join(_ path: String, _ key: String) -> String {
    path.isEmpty ? key : path + "." + key
  }

  private static func ends(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "),
      UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"),
      UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["):
      return true
    default:
      return false
    }
  }
}
