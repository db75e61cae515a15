import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One element of an XML property list with where its text lies in the file, so an edit can
/// change those bytes and no others. Values come from Foundation; the scanner only finds places,
/// and `InfoPlistEditor` checks that what it found agrees with Foundation's parse.
struct PlistElement {
  enum Kind: String {
    case dictionary = "dict"
    case array
    case string
    case key
    case integer
    case real
    case `true`
    case `false`
    case date
    case data
  }

  var kind: Kind
  /// From the `<` of the opening tag to past the `>` of the closing one (or of `<dict/>`).
  var range: Range<Int>
  /// Between the tags; empty, at the end of `range`, for `<dict/>`.
  var content: Range<Int>
  var isEmptyForm: Bool
  /// A scalar's text with entities and CDATA decoded.
  var text: String = ""
  /// A dictionary's keys, one per child.
  var keys: [PlistElement] = []
  var children: [PlistElement] = []

  var isContainer: Bool { kind == .dictionary || kind == .array }

  /// The child under `key`; nil when missing, or when written twice (an edit would be ambiguous).
  func child(_ key: String) -> (index: Int, element: PlistElement)? {
    let found = keys.indices.filter { keys[$0].text == key }
    guard found.count == 1, let index = found.first else { return nil }
    return (index, children[index])
  }

  func countOf(_ key: String) -> Int { keys.count { $0.text == key } }

  /// The element at `path` (dictionary keys), if each step is there once.
  func element(at path: ArraySlice<String>) -> PlistElement? {
    guard let key = path.first else { return self }
    guard kind == .dictionary, let (_, child) = child(key) else { return nil }
    return child.element(at: path.dropFirst())
  }

  /// Ranges of every scalar in the element, whose text must not be re-indented.
  var scalarRanges: [Range<Int>] {
    if isContainer { return keys.map(\.range) + children.flatMap(\.scalarRanges) }
    return [range]
  }

  /// Whether Foundation's parse of the same text gives this element's value. Dates and data are
  /// matched by kind only; a key written twice matches when one of its values does.
  func agrees(with tree: InfoPlistTree) -> Bool {
    switch (kind, tree) {
    case (.dictionary, .dictionary(let dictionary)):
      guard Set(keys.map(\.text)) == Set(dictionary.keys) else { return false }
      return dictionary.allSatisfy { key, value in
        zip(keys, children).contains { $0.text == key && $1.agrees(with: value) }
      }
    case (.array, .array(let items)):
      return items.count == children.count
        && zip(children, items).allSatisfy { $0.agrees(with: $1) }
    case (.string, .string(let value)), (.key, .string(let value)): return text == value
    case (.true, .bool(let value)): return value
    case (.false, .bool(let value)): return !value
    case (.integer, .number(let value)):
      let trimmed = text.trimmingWhitespaceAndNewlines()
      if let number = Int64(trimmed) { return Double(number) == value }
      if let number = UInt64(trimmed) { return Double(number) == value }
      return false
    case (.real, .number(let value)):
      guard let number = Double(text.trimmingWhitespaceAndNewlines()) else {
        return false
      }
      return number == value || (number.isNaN && value.isNaN)
    case (.date, .date), (.data, .data): return true
    default: return false
    }
  }
}

/// Finds the elements of an XML property list (`<plist>` around one value), byte by byte.
/// Anything it does not know — another encoding, a DTD's internal subset, text between elements,
/// an unknown entity — is refused: the file is then not edited, rather than edited wrongly.
struct XMLPlistScanner {
  struct Refusal: Error {
    var reason: String
    var offset: Int
  }

  let bytes: [UInt8]
  var position = 0
  var depth = 0
  static let maximumDepth = 512

  /// The `<plist>` element's one value.
  static func scan(_ bytes: [UInt8]) throws(Refusal) -> PlistElement {
    var scanner = XMLPlistScanner(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
    try scanner.skipMisc()
    let plist = try scanner.tag()
    guard plist.name == "plist", !plist.isClosing else {
      throw Refusal(reason: "no <plist> element", offset: plist.range.lowerBound)
    }
    guard !plist.isEmpty else {
      throw Refusal(reason: "an empty <plist/>", offset: plist.range.lowerBound)
    }
    try scanner.skipMisc()
    let value = try scanner.element()
    try scanner.skipMisc()
    let close = try scanner.tag()
    guard close.name == "plist", close.isClosing else {
      throw Refusal(reason: "more than one value in <plist>", offset: close.range.lowerBound)
    }
    try scanner.skipMisc()
    guard scanner.position == bytes.count else {
      throw Refusal(reason: "text after </plist>", offset: scanner.position)
    }
    return value
  }

  struct Tag {
    var name: String
    var isClosing: Bool
    var isEmpty: Bool
    var range: Range<Int>
  }

  private func at(_ text: String) -> Bool {
    let utf8 = Array(text.utf8)
    return position + utf8.count <= bytes.count
      && bytes[position..<(position + utf8.count)].elementsEqual(utf8)
  }

  private func find(_ text: String, from start: Int) -> Int? {
    let utf8 = Array(text.utf8)
    guard let first = utf8.first, bytes.count >= utf8.count else { return nil }
    var index = start
    while index + utf8.count <= bytes.count {
      if bytes[index] == first && bytes[index..<(index + utf8.count)].elementsEqual(utf8) {
        return index
      }
      index += 1
    }
    return nil
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whitespace, comments, processing instructions (`<?xml ...?>`) and a DOCTYPE without an
  /// internal subset.
  mutating func skipMisc() throws(Refusal) {
    while position < bytes.count {
      if Self.isSpace(bytes[position]) {
        position += 1
      } else if at("<!--") {
        guard let end = find("-->", from: position + 4) else {
          throw Refusal(reason: "a comment that does not end", offset: position)
        }
        position = end + 3
      } else if at("<?") {
        guard let end = find("?>", from: position + 2) else {
          throw Refusal(reason: "a processing instruction that does not end", offset: position)
        }
        let body = String(decoding: bytes[position..<end], as: UTF8.self).lowercased()
        if body.hasPrefix("<?xml"), let encoding = body.firstRange(ofText: "encoding") {
          let rest = body[encoding.upperBound...].drop {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'"
          }
          guard rest.hasPrefix("utf-8") || rest.hasPrefix("utf8") else {
            throw Refusal(reason: "an encoding other than UTF-8", offset: position)
          }
        }
        position = end + 2
      } else if at("<!DOCTYPE") {
        guard let end = find(">", from: position),
          !bytes[position..<end].contains(UInt8(ascii: "["))
        else { throw Refusal(reason: "a DOCTYPE with an internal subset", offset: position) }
        position = end + 1
      } else {
        return
      }
    }
  }

  /// `<name ...>`, `</name>` or `<name .../>`; attributes are passed over.
  mutating func tag() throws(Refusal) -> Tag {
    let start = position
    guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else {
      throw Refusal(reason: "text where an element was expected", offset: position)
    }
    position += 1
    let isClosing = position < bytes.count && bytes[position] == UInt8(ascii: "/")
    if isClosing { position += 1 }
    let nameStart = position
    while position < bytes.count, !Self.isSpace(bytes[position]),
      bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/")
    {
      position += 1
    }
    let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
    var quote: UInt8?
    while position < bytes.count {
      let byte = bytes[position]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      } else if byte == UInt8(ascii: "<") {
        throw Refusal(reason: "a tag that does not end", offset: start)
      }
      position += 1
    }
    guard position < bytes.count else {
      throw Refusal(reason: "a tag that does not end", offset: start)
    }
    let isEmpty = bytes[position - 1] == UInt8(ascii: "/")
    position += 1
    if isClosing && isEmpty { throw Refusal(reason: "a malformed closing tag", offset: start) }
    if !isClosing && isEmpty && position - start > name.utf8.count + 3 {
      // `<true />` is fine; an empty element with attributes is not a form Xcode writes.
      let inner = bytes[(nameStart + name.utf8.count)..<(position - 2)]
      guard inner.allSatisfy(Self.isSpace) else {
        throw Refusal(reason: "attributes on <\(name)/>", offset: start)
      }
    }
    return Tag(name: name, isClosing: isClosing, isEmpty: isEmpty, range: start..<position)
  }

  /// One value (or key) element.
  mutating func element() throws(Refusal) -> PlistElement {
    let open = try tag()
    guard !open.isClosing, let kind = PlistElement.Kind(rawValue: open.name) else {
      throw Refusal(reason: "an unexpected <\(open.name)>", offset: open.range.lowerBound)
    }
    if open.isEmpty {
      let end = open.range.upperBound
      return PlistElement(
        kind: kind, range: open.range, content: end..<end, isEmptyForm: true)
    }
    switch kind {
    case .dictionary, .array:
      depth += 1
      defer { depth -= 1 }
      guard depth <= Self.maximumDepth else {
        throw Refusal(reason: "values nested too deep", offset: open.range.lowerBound)
      }
      var element = PlistElement(
        kind: kind, range: open.range, content: open.range.upperBound..<open.range.upperBound,
        isEmptyForm: false)
      while true {
        try skipMisc()
        let here = position
        if at("</") {
          let close = try tag()
          guard close.name == open.name else {
            throw Refusal(reason: "</\(close.name)> closes <\(open.name)>", offset: here)
          }
          element.range = open.range.lowerBound..<close.range.upperBound
          element.content = open.range.upperBound..<close.range.lowerBound
          return element
        }
        if kind == .dictionary {
          let key = try self.element()
          guard key.kind == .key else {
            throw Refusal(reason: "a value where a <key> was expected", offset: here)
          }
          try skipMisc()
          let value = try self.element()
          guard value.kind != .key else {
            throw Refusal(
              reason: "a <key> where a value was expected", offset: value.range.lowerBound)
          }
          element.keys.append(key)
          element.children.append(value)
        } else {
          let value = try self.element()
          guard value.kind != .key else {
            throw Refusal(reason: "a <key> in an array", offset: here)
          }
          element.children.append(value)
        }
      }
    case .true, .false:
      let close = try tag()
      guard close.isClosing, close.name == open.name else {
        throw Refusal(reason: "<\(open.name)> with content", offset: open.range.lowerBound)
      }
      return PlistElement(
        kind: kind, range: open.range.lowerBound..<close.range.upperBound,
        content: open.range.upperBound..<close.range.lowerBound, isEmptyForm: false)
    default:
      let text = try characters()
      let contentEnd = position
      let close = try tag()
      guard close.isClosing, close.name == open.name else {
        throw Refusal(reason: "<\(open.name)> holding an element", offset: open.range.lowerBound)
      }
      return PlistElement(
        kind: kind, range: open.range.lowerBound..<close.range.upperBound,
        content: open.range.upperBound..<contentEnd, isEmptyForm: false, text: text)
    }
  }

  /// Character data up to the next tag: entities and CDATA sections decoded.
  mutating func characters() throws(Refusal) -> String {
    var decoded: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "<") {
        if at("<![CDATA[") {
          guard let end = find("]]>", from: position + 9) else {
            throw Refusal(reason: "a CDATA section that does not end", offset: position)
          }
          decoded += bytes[(position + 9)..<end]
          position = end + 3
          continue
        }
        if at("<!--") {
          throw Refusal(reason: "a comment inside a value", offset: position)
        }
        break
      }
      if byte == UInt8(ascii: "&") {
        guard let end = find(";", from: position), end - position <= 12 else {
          throw Refusal(reason: "an entity that does not end", offset: position)
        }
        let name = String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        guard let scalar = Self.entity(name) else {
          throw Refusal(reason: "an unknown entity &\(name);", offset: position)
        }
        decoded += Array(String(Character(scalar)).utf8)
        position = end + 1
        continue
      }
      if byte == 0x0D {
        // XML reads a line end as `\n` (Foundation's parser does too); refuse to guess.
        throw Refusal(reason: "a carriage return inside a value", offset: position)
      }
      decoded.append(byte)
      position += 1
    }
    guard position < bytes.count else {
      throw Refusal(reason: "a value that does not end", offset: position)
    }
    guard let text = String(validating: decoded, as: UTF8.self) else {
      throw Refusal(reason: "text that is not UTF-8", offset: position)
    }
    return text
  }

  static func entity(_ name: String) -> Unicode.Scalar? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      var digits = Substring(name)
      guard digits.first == "#" else { return nil }
      digits = digits.dropFirst()
      let radix = digits.first == "x" ? 16 : 10
      if radix == 16 { digits = digits.dropFirst() }
      guard !digits.isEmpty, let value = UInt32(digits, radix: radix) else { return nil }
      return Unicode.Scalar(value)
    }
  }
}
