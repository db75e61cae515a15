import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds where things are in an old-style (OpenStep) property list such as `project.pbxproj`: its
/// tokens with their byte ranges, and a tree of its values, each with its range.
///
/// It only finds text; Foundation parses. It follows CoreFoundation's old-style parser
/// (CFOldStylePList.c) closely enough that, for every text it accepts, the values it reads are the
/// ones `PropertyListSerialization` gives (`PbxprojEditor` checks this on every text it edits). What
/// it does not follow exactly (data `<...>`, the `key;` shorthand, octal escapes above 127, a text
/// that is not UTF-8, a top level that is not a dictionary, an unclosed quote, which
/// CoreFoundation skips where a value may be missing) it refuses with `cannotEdit`.
public struct PbxprojScanner: Sendable {
  public enum TokenKind: Sendable, Equatable {
    case quotedString, unquotedString
    case openBrace, closeBrace, openParenthesis, closeParenthesis, equals, semicolon, comma
    case blockComment, lineComment
  }

  public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    public var range: Range<Int>
  }

  /// A value and where it is: a string is its token; an array or dictionary runs from its opening
  /// to its closing bracket.
  public struct Node: Sendable {
    public enum Content: Sendable {
      case string(String)
      case array([Item])
      case dictionary([Entry])
    }
    public var content: Content
    public var range: Range<Int>

    public var string: String? {
      if case .string(let text) = content { return text }
      return nil
    }
    public var items: [Item]? {
      if case .array(let items) = content { return items }
      return nil
    }
    public var entries: [Entry]? {
      if case .dictionary(let entries) = content { return entries }
      return nil
    }
    /// The entry Foundation keeps for `key`: the last one written.
    public func entry(_ key: String) -> Entry? {
      entries?.last { $0.key.utf16.elementsEqual(key.utf16) }
    }
  }

  /// An array element: its value, and its extent up to and including the comma after it.
  public struct Item: Sendable {
    public var value: Node
    public var extent: Range<Int>
    /// The extent with its line's leading whitespace and trailing newline, when the element is
    /// on a line of its own (comments after the comma included).
    public var line: Range<Int>?
  }

  /// A dictionary entry: from its key to its `;`.
  public struct Entry: Sendable {
    public var key: String
    public var keyRange: Range<Int>
    public var value: Node
    public var extent: Range<Int>
    /// The extent with its line's leading whitespace and trailing newline, when the entry is on a
    /// line of its own.
    public var line: Range<Int>?
  }

  public let bytes: [UInt8]
  public let tokens: [Token]
  public let root: Node

  /// How deep arrays and dictionaries may nest (Xcode writes six levels); deeper is refused
  /// rather than recursed into.
  static let maximumDepth = 200

  public init(bytes: [UInt8], file: String) throws(EditError) {
    func refuse(_ reason: String) -> EditError {
      .cannotEdit(file: file, reason: MessageText.escaped(reason, limit: 400))
    }
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw refuse("it is not UTF-8 text")
    }
    self.bytes = bytes
    self.tokens = try Self.tokenize(bytes, refuse)
    var parser = Parser(bytes: bytes, tokens: tokens, refuse: refuse)
    self.root = try parser.parseTopLevel()
  }

  // MARK: Tokens

  /// Whitespace as CoreFoundation skips it: tab to carriage return, space, U+2028 and U+2029.
  static func whitespaceLength(_ bytes: [UInt8], _ index: Int) -> Int {
    let byte = bytes[index]
    if (9...13).contains(byte) || byte == 32 { return 1 }
    if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
      bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
    {
      return 3
    }
    return 0
  }

  /// The characters a string may have without quotes (CoreFoundation's rule, not Xcode's).
  static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default: return false
    }
  }

  private static func tokenize(_ bytes: [UInt8], _ refuse: (String) -> EditError)
    throws(EditError) -> [Token]
  {
    var tokens: [Token] = []
    var index = 0
    // Foundation drops a byte order mark before parsing.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    let count = bytes.count
    while index < count {
      let space = whitespaceLength(bytes, index)
      if space > 0 {
        index += space
        continue
      }
      let byte = bytes[index]
      let start = index
      if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
        index += 2
        while index < count, !isLineEnd(bytes, index) { index += 1 }
        tokens.append(Token(kind: .lineComment, range: start..<index))
        continue
      }
      if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
        index += 2
        // An unterminated comment runs to the end of the text, as in CoreFoundation.
        while index < count {
          if bytes[index] == UInt8(ascii: "*"), index + 1 < count,
            bytes[index + 1] == UInt8(ascii: "/")
          {
            index += 2
            break
          }
          index += 1
        }
        if index > count { index = count }
        tokens.append(Token(kind: .blockComment, range: start..<index))
        continue
      }
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        index += 1
        var closed = false
        while index < count {
          if bytes[index] == byte {
            closed = true
            break
          }
          // A backslash takes the character after it; digits and hex after `\0` or `\U` are
          // never quotes, so skipping one byte finds the same end as CoreFoundation.
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard closed, index < count else { throw refuse("a quoted string is not closed") }
        index += 1
        tokens.append(Token(kind: .quotedString, range: start..<index))
        continue
      }
      if isUnquotedCharacter(byte) {
        while index < count, isUnquotedCharacter(bytes[index]) { index += 1 }
        tokens.append(Token(kind: .unquotedString, range: start..<index))
        continue
      }
      let kind: TokenKind
      switch byte {
      case UInt8(ascii: "{"): kind = .openBrace
      case UInt8(ascii: "}"): kind = .closeBrace
      case UInt8(ascii: "("): kind = .openParenthesis
      case UInt8(ascii: ")"): kind = .closeParenthesis
      case UInt8(ascii: "="): kind = .equals
      case UInt8(ascii: ";"): kind = .semicolon
      case UInt8(ascii: ","): kind = .comma
      case UInt8(ascii: "<"): throw refuse("it holds data (<...>), which project files do not")
      default:
        throw refuse(
          "an unexpected character (byte 0x\(String(byte, radix: 16))) at offset \(index)")
      }
      index += 1
      tokens.append(Token(kind: kind, range: start..<index))
    }
    return tokens
  }

  static func isLineEnd(_ bytes: [UInt8], _ index: Int) -> Bool {
    let byte = bytes[index]
    if byte == 10 || byte == 13 { return true }
    return byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
      && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
  }

  // MARK: Strings

  /// A quoted string's value as CoreFoundation reads it: escapes are read over UTF-16 units,
  /// and the units decoded at the end (a lone surrogate becomes U+FFFD, as there).
  static func unescape(_ content: ArraySlice<UInt8>, _ refuse: (String) -> EditError)
    throws(EditError) -> String
  {
    guard content.contains(UInt8(ascii: "\\")) else {
      return String(decoding: content, as: UTF8.self)
    }
    let units = Array(String(decoding: content, as: UTF8.self).utf16)
    var result: [UInt16] = []
    result.reserveCapacity(units.count)
    var index = 0
    func isOctal(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x37 }
    func hexValue(_ unit: UInt16) -> UInt16? {
      switch unit {
      case 0x30...0x39: return unit - 0x30
      case 0x41...0x46: return unit - 0x41 + 10
      case 0x61...0x66: return unit - 0x61 + 10
      default: return nil
      }
    }
    while index < units.count {
      let unit = units[index]
      index += 1
      guard unit == 0x5C else {
        result.append(unit)
        continue
      }
      guard index < units.count else { throw refuse("a string ends in a lone backslash") }
      let escaped = units[index]
      index += 1
      switch escaped {
      case 0x30...0x37:
        // Up to three octal digits, kept in a byte as CoreFoundation does.
        var value = UInt8(truncatingIfNeeded: escaped - 0x30)
        for _ in 0..<2 where index < units.count && isOctal(units[index]) {
          value = value &<< 3 &+ UInt8(truncatingIfNeeded: units[index] - 0x30)
          index += 1
        }
        // Above 127 the byte is read as NeXTSTEP Latin, which iconpick does not copy.
        guard value < 0x80 else { throw refuse("a string has an octal escape above \\177") }
        result.append(UInt16(value))
      case 0x55:  // U: up to four hex digits
        var value: UInt16 = 0
        for _ in 0..<4 {
          guard index < units.count, let digit = hexValue(units[index]) else { break }
          value = value &<< 4 | digit
          index += 1
        }
        result.append(value)
      case 0x61: result.append(7)
      case 0x62: result.append(8)
      case 0x66: result.append(12)
      case 0x6E: result.append(10)
      case 0x72: result.append(13)
      case 0x74: result.append(9)
      case 0x76: result.append(11)
      default: result.append(escaped)
      }
    }
    return String(decoding: result, as: UTF16.self)
  }

  // MARK: Tree

  private struct Parser {
    let bytes: [UInt8]
    let tokens: [Token]
    let refuse: (String) -> EditError
    /// The next token that is not a comment.
    var position = 0
    var depth = 0

    init(bytes: [UInt8], tokens: [Token], refuse: @escaping (String) -> EditError) {
      self.bytes = bytes
      self.tokens = tokens
      self.refuse = refuse
      skipComments()
    }

    mutating func skipComments() {
      while position < tokens.count,
        tokens[position].kind == .blockComment || tokens[position].kind == .lineComment
      {
        position += 1
      }
    }

    var current: Token? { position < tokens.count ? tokens[position] : nil }

    mutating func advance() {
      position += 1
      skipComments()
    }

    mutating func parseTopLevel() throws(EditError) -> Node {
      guard current?.kind == .openBrace else {
        throw refuse("its top level is not a dictionary in braces")
      }
      let root = try parseValue()
      if let extra = current {
        throw refuse("text follows the top-level dictionary at offset \(extra.range.lowerBound)")
      }
      return root
    }

    func isValueStart(_ token: Token?) -> Bool {
      guard let token else { return false }
      switch token.kind {
      case .openBrace, .openParenthesis, .quotedString, .unquotedString: return true
      default: return false
      }
    }

    func stringValue(_ token: Token) throws(EditError) -> String {
      if token.kind == .unquotedString {
        return String(decoding: bytes[token.range], as: UTF8.self)
      }
      return try PbxprojScanner.unescape(
        bytes[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)], refuse)
    }

    mutating func parseValue() throws(EditError) -> Node {
      guard let token = current else { throw refuse("the text ends where a value should be") }
      switch token.kind {
      case .quotedString, .unquotedString:
        advance()
        return Node(content: .string(try stringValue(token)), range: token.range)
      case .openBrace:
        return try nested { (parser: inout Parser) throws(EditError) in try parser.parseDictionary()
        }
      case .openParenthesis:
        return try nested { (parser: inout Parser) throws(EditError) in try parser.parseArray() }
      default:
        throw refuse("a value is missing at offset \(token.range.lowerBound)")
      }
    }

    mutating func nested(_ body: (inout Parser) throws(EditError) -> Node) throws(EditError) -> Node
    {
      depth += 1
      defer { depth -= 1 }
      guard depth <= PbxprojScanner.maximumDepth else {
        throw refuse("values nest more than \(PbxprojScanner.maximumDepth) deep")
      }
      return try body(&self)
    }

    mutating func parseDictionary() throws(EditError) -> Node {
      guard let open = current else { throw refuse("the text ends inside a dictionary") }
      advance()
      var entries: [Entry] = []
      while let key = current, key.kind == .quotedString || key.kind == .unquotedString {
        advance()
        guard let equals = current else { throw refuse("the text ends after a key") }
        guard equals.kind == .equals else {
          throw refuse(
            equals.kind == .semicolon
              ? "a key has no value (the `key;` shorthand) at offset \(key.range.lowerBound)"
              : "no `=` after the key at offset \(key.range.lowerBound)")
        }
        advance()
        let value = try parseValue()
        guard let semicolon = current, semicolon.kind == .semicolon else {
          throw refuse("no `;` after the value at offset \(value.range.lowerBound)")
        }
        advance()
        let extent = key.range.lowerBound..<semicolon.range.upperBound
        entries.append(
          Entry(
            key: try stringValue(key), keyRange: key.range, value: value, extent: extent,
            line: PbxprojScanner.ownLine(bytes, extent)))
      }
      guard let close = current, close.kind == .closeBrace else {
        throw refuse("a dictionary is not closed with `}` (offset \(open.range.lowerBound))")
      }
      advance()
      return Node(
        content: .dictionary(entries), range: open.range.lowerBound..<close.range.upperBound)
    }

    mutating func parseArray() throws(EditError) -> Node {
      guard let open = current else { throw refuse("the text ends inside a list") }
      advance()
      var items: [Item] = []
      if isValueStart(current) {
        while true {
          let value = try parseValue()
          var extent = value.range
          if let comma = current, comma.kind == .comma {
            extent = value.range.lowerBound..<comma.range.upperBound
            advance()
            items.append(
              Item(value: value, extent: extent, line: PbxprojScanner.ownLine(bytes, extent)))
            if isValueStart(current) { continue }
          } else {
            items.append(
              Item(value: value, extent: extent, line: PbxprojScanner.ownLine(bytes, extent)))
          }
          break
        }
      }
      guard let close = current, close.kind == .closeParenthesis else {
        throw refuse("a list is not closed with `)` (offset \(open.range.lowerBound))")
      }
      advance()
      return Node(content: .array(items), range: open.range.lowerBound..<close.range.upperBound)
    }
  }

  // MARK: Lines

  /// `extent` widened to its whole line when nothing but blanks precede it on the line and nothing
  /// but blanks and comments follow it: what removing it as a line removes.
  static func ownLine(_ bytes: [UInt8], _ extent: Range<Int>) -> Range<Int>? {
    var start = extent.lowerBound
    while start > 0, bytes[start - 1] == 9 || bytes[start - 1] == 32 { start -= 1 }
    guard start == 0 || bytes[start - 1] == 10 else { return nil }
    var end = extent.upperBound
    while end < bytes.count {
      let byte = bytes[end]
      if byte == 9 || byte == 32 {
        end += 1
      } else if byte == UInt8(ascii: "/"), end + 1 < bytes.count,
        bytes[end + 1] == UInt8(ascii: "*")
      {
        var close = end + 2
        while close + 1 < bytes.count,
          !(bytes[close] == UInt8(ascii: "*") && bytes[close + 1] == UInt8(ascii: "/"))
        {
          if bytes[close] == 10 { return nil }
          close += 1
        }
        guard close + 1 < bytes.count else { return nil }
        end = close + 2
      } else if byte == UInt8(ascii: "/"), end + 1 < bytes.count,
        bytes[end + 1] == UInt8(ascii: "/")
      {
        while end < bytes.count, bytes[end] != 10 { end += 1 }
      } else {
        break
      }
    }
    if end == bytes.count { return start..<end }
    if bytes[end] == 10 { return start..<(end + 1) }
    if bytes[end] == 13, end + 1 < bytes.count, bytes[end + 1] == 10 { return start..<(end + 2) }
    return nil
  }

  /// The blanks at the start of the line holding `offset`.
  public func indentation(ofLineAt offset: Int) -> [UInt8] {
    var start = min(offset, bytes.count)
    while start > 0, bytes[start - 1] != 10 { start -= 1 }
    var end = start
    while end < bytes.count, bytes[end] == 9 || bytes[end] == 32 { end += 1 }
    return Array(bytes[start..<end])
  }

  /// The start of the line holding `offset` when only blanks precede `offset` on it.
  public func lineStart(ifBlankBefore offset: Int) -> Int? {
    var start = offset
    while start > 0, bytes[start - 1] == 9 || bytes[start - 1] == 32 { start -= 1 }
    return start == 0 || bytes[start - 1] == 10 ? start : nil
  }
}
