import FoundationEssentials
import IconCatalog

/// A string compared and hashed by its UTF-16 units, as CoreFoundation compares keys: Swift's
/// `==` would take "é" and "e\u{301}" for one string.
public struct PlistText: Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public let value: String

  public init(_ value: String) { self.value = value }
  public init(stringLiteral value: String) { self.value = value }

  public static func == (lhs: PlistText, rhs: PlistText) -> Bool {
    lhs.value.utf16.elementsEqual(rhs.value.utf16)
  }

  public func hash(into hasher: inout Hasher) {
    for unit in value.utf16 { hasher.combine(unit) }
  }

  /// Byte order of the UTF-8 text: how Xcode orders keys and object ids.
  public static func < (lhs: PlistText, rhs: PlistText) -> Bool {
    lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
  }

  public var description: String { value.debugDescription }
}

/// A property list of strings, arrays and dictionaries (all a project file holds), compared
/// exactly: the common form of Foundation's parse and the scanner's, so the two can be checked
/// against each other, and an edit's result against what it should be.
public indirect enum PlistTree: Equatable, Sendable, CustomStringConvertible {
  case string(PlistText)
  case array([PlistTree])
  case dictionary([PlistText: PlistTree])

  /// Foundation's value as a tree; nil for anything else (data, numbers, dates).
  public init?(foundation value: Any) {
    if value is Data { return nil }
    if let text = value as? String {
      self = .string(PlistText(text))
    } else if let array = value as? [Any] {
      var items: [PlistTree] = []
      for element in array {
        guard let item = PlistTree(foundation: element) else { return nil }
        items.append(item)
      }
      self = .array(items)
    } else if let dictionary = value as? [AnyHashable: Any] {
      var entries: [PlistText: PlistTree] = [:]
      for (key, element) in dictionary {
        guard let key = key.base as? String, let item = PlistTree(foundation: element) else {
          return nil
        }
        entries[PlistText(key)] = item
      }
      self = .dictionary(entries)
    } else {
      return nil
    }
  }

  /// The scanner's reading: the last of repeated keys wins, as in Foundation.
  public init(_ node: PbxprojScanner.Node) {
    switch node.content {
    case .string(let text): self = .string(PlistText(text))
    case .array(let items): self = .array(items.map { PlistTree($0.value) })
    case .dictionary(let entries):
      var dictionary: [PlistText: PlistTree] = [:]
      for entry in entries { dictionary[PlistText(entry.key)] = PlistTree(entry.value) }
      self = .dictionary(dictionary)
    }
  }

  /// Foundation's parse of `bytes`, or why it is not a tree of this kind.
  public static func parse(_ bytes: [UInt8]) -> Result<PlistTree, ParseFailure> {
    let value: Any
    do {
      value = try PropertyListValue.decode(Data(bytes)).object
    } catch {
      return .failure(.notParsed(PropertyListValue.reason(error)))
    }
    guard let tree = PlistTree(foundation: value) else {
      return .failure(.notParsed("it holds values other than strings, lists and dictionaries"))
    }
    return .success(tree)
  }

  public enum ParseFailure: Error, Equatable {
    case notParsed(String)
  }

  public subscript(key: String) -> PlistTree? {
    if case .dictionary(let entries) = self { return entries[PlistText(key)] }
    return nil
  }

  public var string: String? {
    if case .string(let text) = self { return text.value }
    return nil
  }

  public var array: [PlistTree]? {
    if case .array(let items) = self { return items }
    return nil
  }

  public var dictionary: [PlistText: PlistTree]? {
    if case .dictionary(let entries) = self { return entries }
    return nil
  }

  /// The strings of an array, skipping anything else.
  public var strings: [String] { array?.compactMap(\.string) ?? [] }

  /// Changes the value at `path` (dictionary keys): `body` gets nil when it is absent and may
  /// set nil to remove it. Does nothing when a step on the way is not a dictionary.
  public mutating func update(_ path: [String], _ body: (inout PlistTree?) -> Void) {
    guard let first = path.first, case .dictionary(var entries) = self else { return }
    let key = PlistText(first)
    if path.count == 1 {
      var value = entries[key]
      body(&value)
      entries[key] = value
    } else {
      guard var child = entries[key] else { return }
      child.update(Array(path.dropFirst()), body)
      entries[key] = child
    }
    self = .dictionary(entries)
  }

  public var description: String {
    switch self {
    case .string(let text): return text.description
    case .array(let items): return "(" + items.map(\.description).joined(separator: ", ") + ")"
    case .dictionary(let entries):
      let listed = entries.sorted { $0.key < $1.key }.map { "\($0.key) = \($0.value);" }
      return "{" + listed.joined(separator: " ") + "}"
    }
  }
}
