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

  /// The bytes for `value`, an edit of the file `original`: each object keeps the order its keys
  /// have there (an older Xcode wrote them unsorted), a member or array entry matched by what it
  /// is (`images` entries by their slot), new keys after the old ones, sorted; the final line end
  /// as the file has it. Where `original` cannot be read this way, `encode(value)`.
  public static func encode(_ value: ContentsJSONValue, keepingOrderOf original: [UInt8])
    -> [UInt8]
  {
    guard let shape = KeyOrderScanner.scan(original),
      let decoded = try? JSONDecoder().decode(ContentsJSONValue.self, from: Data(original))
    else { return encode(value) }
    var text = ""
    write(value, depth: 0, into: &text, order: KeyOrder(shape: shape, value: decoded))
    let endsInNewline = original.last == 0x0A
    if endsInNewline || original.isEmpty { text += "\n" }
    return Array(text.utf8)
  }

  /// What an object's keys were in the original file, and its members' and entries' orders.
  struct KeyOrder {
    var shape: KeyOrderScanner.Shape
    var value: ContentsJSONValue

    /// The order for a member `key` of this object.
    func member(_ key: String) -> KeyOrder? {
      guard case .object(let keys) = shape, let found = keys.first(where: { $0.0 == key }),
        let member = value[key]
      else { return nil }
      return KeyOrder(shape: found.1, value: member)
    }

    /// The order for `entry`, an element of this array: the original element equal to it, else
    /// the one of its slot (same idiom, size, scale, platform, role, subtype and appearances).
    func element(matching entry: ContentsJSONValue) -> KeyOrder? {
      guard case .array(let shapes) = shape, case .array(let items) = value,
        shapes.count == items.count
      else { return nil }
      if let index = items.firstIndex(of: entry) {
        return KeyOrder(shape: shapes[index], value: items[index])
      }
      func slot(_ item: ContentsJSONValue) -> [ContentsJSONValue?] {
        ["idiom", "size", "scale", "platform", "role", "subtype", "appearances"].map { item[$0] }
      }
      let wanted = slot(entry)
      guard let index = items.firstIndex(where: { slot($0) == wanted }) else { return nil }
      return KeyOrder(shape: shapes[index], value: items[index])
    }

    /// `keys` (an object's, in the new value) in this object's order, new ones after, sorted.
    func ordered(_ keys: [String]) -> [String] {
      guard case .object(let written) = shape else { return keys.sorted() }
      let old = written.map(\.0).filter { keys.contains($0) }
      return old + keys.filter { !old.contains($0) }.sorted()
    }
  }

  /// Parses a `Contents.json` with Foundation's decoder; `file` names it in the error.
  public static func parse(_ bytes: [UInt8], file: String) throws(EditError) -> ContentsJSONValue {
    do {
      return try JSONDecoder().decode(ContentsJSONValue.self, from: Data(bytes))
    } catch {
      throw .cannotEdit(file: file, reason: "not valid JSON: fix it, or re-save the set in Xcode")
    }
  }

  private static func write(
    _ value: ContentsJSONValue, depth: Int, into text: inout String, order: KeyOrder? = nil
  ) {
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
        write(item, depth: depth + 1, into: &text, order: order?.element(matching: item))
        text += index == items.count - 1 ? "\n" : ",\n"
      }
      text += closing + "]"
    case .object(let members):
      guard !members.isEmpty else {
        text += "{\n\n\(closing)}"
        return
      }
      text += "{\n"
      let keys = order?.ordered(Array(members.keys)) ?? members.keys.sorted()
      for (index, key) in keys.enumerated() {
        text += inner + quoted(key) + " : "
        if let member = members[key] {
          write(member, depth: depth + 1, into: &text, order: order?.member(key))
        }
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

/// The order of every object's keys in a JSON text, which Foundation's decoders do not keep.
/// The text is one Foundation has already read as JSON; anything else gives nil.
enum KeyOrderScanner {
  indirect enum Shape {
    case object([(String, Shape)])
    case array([Shape])
    case scalar
  }

  static func scan(_ bytes: [UInt8]) -> Shape? {
    var index = 0
    guard let shape = value(bytes, &index) else { return nil }
    skipSpace(bytes, &index)
    return index == bytes.count ? shape : nil
  }

  private static func skipSpace(_ bytes: [UInt8], _ index: inout Int) {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private static func value(_ bytes: [UInt8], _ index: inout Int) -> Shape? {
    skipSpace(bytes, &index)
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      var members: [(String, Shape)] = []
      skipSpace(bytes, &index)
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace(bytes, &index)
        guard let key = string(bytes, &index) else { return nil }
        skipSpace(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let member = value(bytes, &index) else { return nil }
        members.append((key, member))
        skipSpace(bytes, &index)
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        } else {
          return nil
        }
      }
    case UInt8(ascii: "["):
      index += 1
      var items: [Shape] = []
      skipSpace(bytes, &index)
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      while true {
        guard let item = value(bytes, &index) else { return nil }
        items.append(item)
        skipSpace(bytes, &index)
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        } else {
          return nil
        }
      }
    case UInt8(ascii: "\""):
      return string(bytes, &index).map { _ in .scalar }
    default:
      // A number, true, false or null: up to the next delimiter.
      let start = index
      while index < bytes.count,
        ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(
          bytes[index])
      {
        index += 1
      }
      return index > start ? .scalar : nil
    }
  }

  /// A string's value, its escapes read (a key is compared with the decoded one).
  private static func string(_ bytes: [UInt8], _ index: inout Int) -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index
    index += 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    guard index < bytes.count else { return nil }
    index += 1
    // Foundation reads the literal, escapes and all, as the key it is.
    let literal = Data(bytes[start..<index])
    return try? JSONDecoder().decode(String.self, from: literal)
  }
}
