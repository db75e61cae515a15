import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value of an asset catalog's `Contents.json`, as Foundation's JSON parser reads it. Objects
/// keep no key order: Xcode writes keys sorted, so the order is the writer's.
public enum ContentsJSONValue: Sendable, Equatable, Hashable {
  case string(String)
  case integer(Int)
  case number(Double)
  case bool(Bool)
  case null
  case array([ContentsJSONValue])
  case object([String: ContentsJSONValue])

  /// The member `key` of an object; nil for a missing key or a value that is not an object.
  public subscript(key: String) -> ContentsJSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  public var stringValue: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  public var arrayValue: [ContentsJSONValue]? {
    guard case .array(let items) = self else { return nil }
    return items
  }

  public var objectValue: [String: ContentsJSONValue]? {
    guard case .object(let members) = self else { return nil }
    return members
  }
}

extension ContentsJSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: ContentsJSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, ContentsJSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension ContentsJSONValue: Decodable {
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: MemberKey.self) {
      var members: [String: ContentsJSONValue] = [:]
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(ContentsJSONValue.self, forKey: key)
      }
      self = .object(members)
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var items: [ContentsJSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(ContentsJSONValue.self)) }
      self = .array(items)
      return
    }
    let single = try decoder.singleValueContainer()
    // JSONDecoder does not turn a number into a Bool, nor `true` into a number, so the order
    // only has to put whole numbers before other numbers.
    if single.decodeNil() {
      self = .null
    } else if let text = try? single.decode(String.self) {
      self = .string(text)
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let whole = try? single.decode(Int.self) {
      self = .integer(whole)
    } else {
      self = .number(try single.decode(Double.self))
    }
  }

  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// Writes `Contents.json` files byte for byte as Xcode does: two-space indentation, `" : "`
/// between a key and its value, keys sorted, one array item or member per line, an empty array
/// or object as an opening and a closing line with a blank line between, and a final newline.
public enum ContentsJSONWriter {
  /// The `info` member of every file Xcode writes.
  public static let xcodeInfo: ContentsJSONValue = ["author": "xcode", "version": 1]

  /// The file's bytes for `value` (usually an object with `images` and `info`).
  public static func encode(_ value: ContentsJSONValue) -> [UInt8] {
    var text = ""
    write(value, depth: 0, into: &text)
    text += "\n"
    return Array(text.utf8)
  }

  /// Parses a `Contents.json` with Foundation's decoder; `file` names it in the error.
  public static func parse(_ bytes: [UInt8], file: String) throws(EditError) -> ContentsJSONValue {
    do {
      return try JSONDecoder().decode(ContentsJSONValue.self, from: Data(bytes))
    } catch {
      throw .cannotEdit(file: file, reason: "not valid JSON: fix it, or re-save the set in Xcode")
    }
  }

  private static func write(_ value: ContentsJSONValue, depth: Int, into text: inout String) {
    let inner = String(repeating: "  ", count: depth + 1)
    let closing = String(repeating: "  ", count: depth)
    switch value {
    case .string(let string): text += quoted(string)
    case .integer(let number): text += String(number)
    case .number(let number):
      // NSJSONSerialization writes a whole double without a fraction.
      if number == number.rounded(), abs(number) < 1e15 {
        text += String(Int(number))
      } else {
        text += "\(number)"
      }
    case .bool(let flag): text += flag ? "true" : "false"
    case .null: text += "null"
    case .array(let items):
      guard !items.isEmpty else {
        text += "[\n\n\(closing)]"
        return
      }
      text += "[\n"
      for (index, item) in items.enumerated() {
        text += inner
        write(item, depth: depth + 1, into: &text)
        text += index == items.count - 1 ? "\n" : ",\n"
      }
      text += closing + "]"
    case .object(let members):
      guard !members.isEmpty else {
        text += "{\n\n\(closing)}"
        return
      }
      text += "{\n"
      let keys = members.keys.sorted()
      for (index, key) in keys.enumerated() {
        text += inner + quoted(key) + " : "
        if let member = members[key] { write(member, depth: depth + 1, into: &text) }
        text += index == keys.count - 1 ? "\n" : ",\n"
      }
      text += closing + "}"
    }
  }

  /// A JSON string as NSJSONSerialization writes it: `"`, `\` and `/` escaped, control
  /// characters as short escapes or `\u00XX`, everything else as UTF-8.
  static func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "/": result += "\\/"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
