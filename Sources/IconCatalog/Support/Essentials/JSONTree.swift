import FoundationEssentials

/// JSON's null where a reader hands values on as `Any` (JSON, YAML): what `NSNull` was.
public struct NullValue: Sendable, Hashable {
  public init() {}
}

/// A JSON document's values, read and written with FoundationEssentials' `JSONDecoder` and
/// `JSONEncoder`, and the shapes the readers take them in: `[String: Any]`, `[Any]`, `String`,
/// `Int` (a number written without a fraction or exponent that fits), `Double`, `Bool` and
/// `NullValue`.
public indirect enum JSONTree: Sendable, Equatable {
  case null
  case boolean(Bool)
  case integer(Int)
  case real(Double)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  /// Reads a JSON text (UTF-8, or UTF-16/32 with a byte order mark, as JSONDecoder reads it).
  public static func decode(_ data: Data) throws -> JSONTree {
    try JSONDecoder().decode(JSONTree.self, from: data)
  }

  /// Reads a JSON text into the `Any` shapes (`decode(_:)`'s `object`).
  public static func object(from data: Data) throws -> Any { try decode(data).object }

  public var object: Any {
    switch self {
    case .null: NullValue()
    case .boolean(let value): value
    case .integer(let value): value
    case .real(let value): value
    case .string(let value): value
    case .array(let items): items.map(\.object)
    case .object(let entries): entries.mapValues(\.object)
    }
  }

  /// The value of `object`, a tree of the `Any` shapes; nil if it holds anything else.
  public init?(object: Any) {
    switch object {
    case is NullValue: self = .null
    case let value as Bool: self = .boolean(value)
    case let value as Int: self = .integer(value)
    case let value as Double: self = .real(value)
    case let value as String: self = .string(value)
    case let value as Substring: self = .string(String(value))
    case let items as [Any]:
      guard let values = AnyCodingKey.convert(items, JSONTree.init(object:)) else { return nil }
      self = .array(values)
    case let entries as [String: Any]:
      guard let values = AnyCodingKey.convert(entries, JSONTree.init(object:)) else { return nil }
      self = .object(values)
    default: return nil
    }
  }

  /// The JSON text of `object` (a tree of the `Any` shapes), as JSONEncoder writes it.
  public static func data(
    object: Any, formatting: JSONEncoder.OutputFormatting = []
  ) throws -> Data {
    guard let value = JSONTree(object: object) else {
      throw EncodingError.invalidValue(
        object, .init(codingPath: [], debugDescription: "not a JSON value"))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting
    return try encoder.encode(value)
  }
}

extension JSONTree: Codable {
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let value = try? container.decode(String.self) {
        self = .string(value)
        return
      }
      if let value = try? container.decode(Bool.self) {
        self = .boolean(value)
        return
      }
      if let value = try? container.decode(Int.self) {
        self = .integer(value)
        return
      }
      if let value = try? container.decode(Double.self) {
        self = .real(value)
        return
      }
    }
    if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var entries: [String: JSONTree] = [:]
      for key in container.allKeys {
        entries[key.stringValue] = try container.decode(JSONTree.self, forKey: key)
      }
      self = .object(entries)
      return
    }
    var container = try decoder.unkeyedContainer()
    var items: [JSONTree] = []
    while !container.isAtEnd { items.append(try container.decode(JSONTree.self)) }
    self = .array(items)
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let items): try AnyCodingKey.encode(items, to: encoder)
    case .object(let entries): try AnyCodingKey.encode(entries, to: encoder)
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case .boolean(let value): try container.encode(value)
      case .integer(let value): try container.encode(value)
      case .real(let value): try container.encode(value)
      case .string(let value): try container.encode(value)
      default: try container.encodeNil()
      }
    }
  }
}
