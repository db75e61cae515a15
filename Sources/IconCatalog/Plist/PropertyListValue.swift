import FoundationEssentials

/// A property list's values as FoundationEssentials' `PropertyListDecoder` reads them (XML,
/// binary, and the old ASCII form `project.pbxproj` is written in), and the shapes the readers
/// take them in: `[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `Date`, `Data`.
public indirect enum PropertyListValue: Sendable, Equatable {
  case string(String)
  case integer(Int)
  case real(Double)
  case boolean(Bool)
  case date(Date)
  case data(Data)
  case array([PropertyListValue])
  case dictionary([String: PropertyListValue])

  /// The three ways a property list is written, told apart by their first bytes.
  public enum Format: Sendable, Equatable {
    case xml, binary, openStep
  }

  /// The format of `data`: binary from its magic number, XML from its first `<`, otherwise
  /// the old ASCII form.
  public static func format(of data: Data) -> Format {
    if data.starts(with: Array("bplist".utf8)) { return .binary }
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "<") ? .xml : .openStep
  }

  /// Decodes `data`; the error is the decoder's (`reason(_:)` words it).
  public static func decode(_ data: Data) throws -> PropertyListValue {
    try PropertyListDecoder().decode(PropertyListValue.self, from: data)
  }

  /// The value as the readers take it: dictionaries `[String: Any]`, arrays `[Any]`, and each
  /// leaf as its own Swift type.
  public var object: Any {
    switch self {
    case .string(let value): value
    case .integer(let value): value
    case .real(let value): value
    case .boolean(let value): value
    case .date(let value): value
    case .data(let value): value
    case .array(let items): items.map(\.object)
    case .dictionary(let entries): entries.mapValues(\.object)
    }
  }

  /// The value of `object`, a tree of the shapes `object` gives; nil if it holds anything else.
  public init?(object: Any) {
    switch object {
    case let value as Bool: self = .boolean(value)
    case let value as Int: self = .integer(value)
    case let value as Double: self = .real(value)
    case let value as String: self = .string(value)
    case let value as Date: self = .date(value)
    case let value as Data: self = .data(value)
    case let items as [Any]:
      guard let values = AnyCodingKey.convert(items, PropertyListValue.init(object:)) else {
        return nil
      }
      self = .array(values)
    case let entries as [String: Any]:
      guard let values = AnyCodingKey.convert(entries, PropertyListValue.init(object:)) else {
        return nil
      }
      self = .dictionary(values)
    default: return nil
    }
  }

  /// A binary property list of `object` (a tree of the shapes `object` gives), as
  /// PropertyListEncoder writes it.
  public static func binaryData(object: Any) throws -> Data {
    guard let value = PropertyListValue(object: object) else {
      throw EncodingError.invalidValue(
        object, .init(codingPath: [], debugDescription: "not a property list value"))
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return try encoder.encode(value)
  }

  /// A number's text as NSNumber's `stringValue` gave it: "3", "2.5", and "2" for a real 2.0.
  public static func numberText(_ value: Any) -> String? {
    switch value {
    case is Bool: return nil
    case let number as Int: return String(number)
    case let number as Double:
      if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
      return "\(number)"
    default: return nil
    }
  }

  /// An integer (or a real with no fraction), not a Boolean or text: what NSNumber's `intValue`
  /// was read for.
  public static func integer(_ value: Any) -> Int? {
    switch value {
    case is Bool: return nil
    case let number as Int: return number
    case let number as Double:
      return number.rounded(.towardZero) == number ? Int(exactly: number) : Int(number)
    default: return nil
    }
  }

  /// The one-line reason a decode failed, with the decoder's line where it gives one.
  public static func reason(_ error: any Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error {
      if let cocoa = context.underlyingError as? CocoaError,
        let debug = cocoa.userInfo["NSDebugDescription"] as? String, !debug.isEmpty
      {
        return debug
      }
      return context.debugDescription
    }
    if case DecodingError.typeMismatch(_, let context) = error { return context.debugDescription }
    return "\(error)"
  }
}

extension PropertyListValue: Decodable {
  public init(from decoder: any Decoder) throws {
    // Decoder has no way to ask what a value is, so each kind is tried in turn, and each wrong
    // guess is a thrown error that costs more than the value: text first (nearly every value of
    // a project.pbxproj, and all of the old ASCII form's leaves), then dictionaries and arrays,
    // then the other leaves.
    let single = try? decoder.singleValueContainer()
    if let single, let value = try? single.decode(String.self) {
      self = .string(value)
      return
    }
    if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var entries: [String: PropertyListValue] = [:]
      entries.reserveCapacity(container.allKeys.count)
      for key in container.allKeys {
        entries[key.stringValue] = try container.decode(PropertyListValue.self, forKey: key)
      }
      self = .dictionary(entries)
      return
    }
    if let single {
      if let value = try? single.decode(Bool.self) {
        self = .boolean(value)
        return
      }
      if let value = try? single.decode(Int.self) {
        self = .integer(value)
        return
      }
      if let value = try? single.decode(Double.self) {
        self = .real(value)
        return
      }
      if let value = try? single.decode(Date.self) {
        self = .date(value)
        return
      }
      if let value = try? single.decode(Data.self) {
        self = .data(value)
        return
      }
    }
    var container: any UnkeyedDecodingContainer
    do {
      container = try decoder.unkeyedContainer()
    } catch {
      throw Self.unreadable(error, at: decoder.codingPath)
    }
    var items: [PropertyListValue] = []
    if let count = container.count { items.reserveCapacity(count) }
    while !container.isAtEnd { items.append(try container.decode(PropertyListValue.self)) }
    self = .array(items)
  }

  /// A value no decode could read (`<integer>x</integer>`: the decoder reads a value's text only
  /// when asked for it): its kind and key path, in place of the last attempt's "expected an
  /// array".
  private static func unreadable(_ error: any Error, at path: [any CodingKey]) -> any Error {
    guard case DecodingError.typeMismatch(_, let context) = error,
      let found = context.debugDescription.firstMatch(of: #/but found (.+) instead/#)
    else { return error }
    let kinds = [
      "an integer": "integer", "a real number": "real", "a date": "date", "data": "data",
      "a string": "string", "a boolean": "true/false",
    ]
    let kind = kinds[String(found.output.1)] ?? String(found.output.1)
    let place = path.isEmpty ? "" : " at " + path.map(\.stringValue).joined(separator: ".")
    return DecodingError.dataCorrupted(
      .init(codingPath: path, debugDescription: "Invalid <\(kind)> value\(place)"))
  }
}

extension PropertyListValue: Encodable {
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let items): try AnyCodingKey.encode(items, to: encoder)
    case .dictionary(let entries): try AnyCodingKey.encode(entries, to: encoder)
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case .string(let value): try container.encode(value)
      case .integer(let value): try container.encode(value)
      case .real(let value): try container.encode(value)
      case .boolean(let value): try container.encode(value)
      case .date(let value): try container.encode(value)
      case .data(let value): try container.encode(value)
      case .array, .dictionary: break
      }
    }
  }
}

/// Any key of a keyed container, for dictionaries whose keys are data; and what the value trees
/// (`PropertyListValue`, `JSONTree`) share: their containers written, and `Any` trees converted.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }

  static func encode(_ items: [some Encodable], to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for item in items { try container.encode(item) }
  }

  static func encode(_ entries: [String: some Encodable], to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnyCodingKey.self)
    for (key, value) in entries {
      try container.encode(value, forKey: AnyCodingKey(stringValue: key))
    }
  }

  /// Each item converted, or nil if any cannot be.
  static func convert<Value>(_ items: [Any], _ convert: (Any) -> Value?) -> [Value]? {
    var values: [Value] = []
    values.reserveCapacity(items.count)
    for item in items {
      guard let value = convert(item) else { return nil }
      values.append(value)
    }
    return values
  }

  static func convert<Value>(_ entries: [String: Any], _ convert: (Any) -> Value?) -> [String:
    Value]?
  {
    var values: [String: Value] = [:]
    for (key, item) in entries {
      guard let value = convert(item) else { return nil }
      values[key] = value
    }
    return values
  }
}
