import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The languages whose calls that change the app's icon iconpick reads (`CodeIconNames`).
enum CodeLanguage: String, Sendable, CaseIterable {
  case swift
  case objectiveC
  case dart
  case javaScript
  case cSharp

  /// The language of a source file, by its extension; nil for any other file.
  init?(fileExtension ext: String) {
    switch ext.lowercased() {
    case "swift": self = .swift
    case "m", "mm": self = .objectiveC
    case "dart": self = .dart
    case "js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts": self = .javaScript
    case "cs": self = .cSharp
    default: return nil
    }
  }
}

/// One token of a source file: what the call finders look at. Comments and whitespace are gone;
/// a string literal is one token with its value.
struct CodeToken: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case identifier
    case string
    case number
    case punctuation
  }

  var kind: Kind
  /// An identifier's name (Swift's backticks removed); a string literal's value, its escapes
  /// read; one punctuation character; a number as written.
  var text: String
  /// A string literal whose value is not all written out: it interpolates (`"\(x)"`, `'$x'`,
  /// `` `${x}` ``, `$"{x}"`), or spans lines. Never a name.
  var isInterpolated = false
  /// 1-based.
  var line: Int
  /// Whitespace or a comment comes before it: Swift's ternary `?` has it, an optional chain's
  /// `?` does not.
  var spaceBefore: Bool

  func isIdentifier(_ name: String) -> Bool { kind == .identifier && text == name }
  func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }
  /// A string literal whose whole value is written out.
  var isPlainString: Bool { kind == .string && !isInterpolated }
}

/// A small lexer for the languages of `CodeLanguage`: enough to find calls and their literal
/// arguments without being fooled by comments or by strings that hold code-like text. It skips
/// comments (nested block comments in Swift and Dart), reads string literals of each language
/// (Swift's `"…"`, `"""…"""` and raw `#"…"#`; Objective-C's `@"…"` as `@` and a string; Dart's
/// `'…'`, `"…"`, triple-quoted and raw `r'…'`; JavaScript's quotes and template literals; C#'s
/// `"…"`, verbatim `@"…"` and interpolated `$"…"`), and marks those that interpolate. A string
/// that a single-line quote leaves open ends at the line's end, so one stray quote (an
/// apostrophe in JSX text) costs one line, not the rest of the file. Never throws: any byte
/// sequence gives tokens.
struct CodeLexer {
  private let bytes: [UInt8]
  private let language: CodeLanguage
  private var index = 0
  private var line = 1
  private var tokens: [CodeToken] = []
  private var sawSpace = false

  static func tokens(of bytes: [UInt8], language: CodeLanguage) -> [CodeToken] {
    var lexer = CodeLexer(bytes: bytes, language: language)
    lexer.run()
    return lexer.tokens
  }

  private init(bytes: [UInt8], language: CodeLanguage) {
    self.bytes = bytes
    self.language = language
  }

  private mutating func run() {
    while index < bytes.count {
      if let token = next() { tokens.append(token) }
    }
  }

  private func peek(_ offset: Int = 0) -> UInt8 {
    let at = index + offset
    return at < bytes.count ? bytes[at] : 0
  }

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
      || byte == 0x24 || byte >= 0x80
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The next token, or nil after whitespace or a comment (which only set `sawSpace`).
  private mutating func next() -> CodeToken? {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "\n"):
      line += 1
      index += 1
      sawSpace = true
      return nil
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
      index += 1
      sawSpace = true
      return nil
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
      while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      sawSpace = true
      return nil
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
      skipBlockComment(nested: language == .swift || language == .dart)
      sawSpace = true
      return nil
    default:
      break
    }
    let space = sawSpace
    sawSpace = false
    let startLine = line
    func token(_ kind: CodeToken.Kind, _ text: String, interpolated: Bool = false) -> CodeToken {
      CodeToken(
        kind: kind, text: text, isInterpolated: interpolated, line: startLine, spaceBefore: space)
    }

    switch language {
    case .swift:
      if byte == UInt8(ascii: "#") {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
          index += hashes
          let (value, interpolated) = swiftString(rawHashes: hashes)
          return token(.string, value, interpolated: interpolated)
        }
      }
      if byte == UInt8(ascii: "\"") {
        let (value, interpolated) = swiftString(rawHashes: 0)
        return token(.string, value, interpolated: interpolated)
      }
      if byte == UInt8(ascii: "`") {
        // `default`: an identifier spelt as a keyword.
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") {
          end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "`"), end > index + 1 {
          let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
          index = end + 1
          return token(.identifier, name)
        }
      }
    case .objectiveC:
      if byte == UInt8(ascii: "\"") {
        let (value, interpolated) = quoted(UInt8(ascii: "\""), interpolation: nil)
        return token(.string, value, interpolated: interpolated)
      }
      if byte == UInt8(ascii: "'") {
        // A character literal: nothing to find in it.
        _ = quoted(UInt8(ascii: "'"), interpolation: nil)
        return token(.number, "'")
      }
    case .dart:
      if byte == UInt8(ascii: "r"), peek(1) == UInt8(ascii: "'") || peek(1) == UInt8(ascii: "\"") {
        index += 1
        let (value, interpolated) = dartString(raw: true)
        return token(.string, value, interpolated: interpolated)
      }
      if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        let (value, interpolated) = dartString(raw: false)
        return token(.string, value, interpolated: interpolated)
      }
    case .javaScript:
      if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        let (value, interpolated) = quoted(byte, interpolation: nil)
        return token(.string, value, interpolated: interpolated)
      }
      if byte == UInt8(ascii: "`") {
        let (value, interpolated) = templateLiteral()
        return token(.string, value, interpolated: interpolated)
      }
      if byte == UInt8(ascii: "/"), startsRegularExpression() {
        skipRegularExpression()
        return token(.number, "/regex/")
      }
    case .cSharp:
      if let (value, interpolated) = cSharpString() {
        return token(.string, value, interpolated: interpolated)
      }
      if byte == UInt8(ascii: "'") {
        _ = quoted(UInt8(ascii: "'"), interpolation: nil)
        return token(.number, "'")
      }
    }

    if Self.isIdentifierStart(byte) {
      let start = index
      while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
      return token(.identifier, String(decoding: bytes[start..<index], as: UTF8.self))
    }
    if Self.isDigit(byte) {
      let start = index
      while index < bytes.count,
        Self.isIdentifierByte(bytes[index])
          || (bytes[index] == UInt8(ascii: ".") && Self.isDigit(peek(1)))
      {
        index += 1
      }
      return token(.number, String(decoding: bytes[start..<index], as: UTF8.self))
    }
    index += 1
    return token(.punctuation, String(UnicodeScalar(byte)))
  }

  private mutating func skipBlockComment(nested: Bool) {
    index += 2
    var depth = 1
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
      } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        index += 2
        depth -= 1
        if depth == 0 { return }
        continue
      } else if nested, bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        index += 2
        depth += 1
        continue
      }
      index += 1
    }
  }

  // MARK: Strings

  /// The value of the escape after a backslash at `index` (which is past the backslash), moving
  /// past it: `\n`, `\t`, `\0`, `\u{…}` (Swift, JavaScript), `\uXXXX`, `\xHH`; any other
  /// character stands for itself.
  private mutating func escape(into value: inout [UInt8]) {
    guard index < bytes.count else { return }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "n"): value.append(0x0A)
    case UInt8(ascii: "t"): value.append(0x09)
    case UInt8(ascii: "r"): value.append(0x0D)
    case UInt8(ascii: "0") where language == .swift: value.append(0)
    case UInt8(ascii: "u"):
      var digits: [UInt8] = []
      if peek() == UInt8(ascii: "{") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "}"), digits.count < 8 {
          digits.append(bytes[index])
          index += 1
        }
        if peek() == UInt8(ascii: "}") { index += 1 }
      } else {
        while digits.count < 4, index < bytes.count, isHex(bytes[index]) {
          digits.append(bytes[index])
          index += 1
        }
      }
      appendScalar(digits, to: &value)
    case UInt8(ascii: "x") where language != .swift:
      var digits: [UInt8] = []
      while digits.count < 2, index < bytes.count, isHex(bytes[index]) {
        digits.append(bytes[index])
        index += 1
      }
      appendScalar(digits, to: &value)
    case UInt8(ascii: "\n"):
      // A line continuation (JavaScript, C): the string goes on.
      line += 1
    default:
      value.append(byte)
    }
  }

  private func isHex(_ byte: UInt8) -> Bool {
    Self.isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }

  private func appendScalar(_ digits: [UInt8], to value: inout [UInt8]) {
    guard let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
      let scalar = UnicodeScalar(code)
    else { return }
    value.append(contentsOf: Array(String(Character(scalar)).utf8))
  }

  /// A string in `quote`s that ends at the line's end if not closed before (single-line
  /// strings: Objective-C, JavaScript, C#, character literals). `interpolation`, when given,
  /// is called at each `$` to say whether it starts one (and skip it).
  private mutating func quoted(
    _ quote: UInt8, interpolation: ((inout CodeLexer) -> Bool)?
  ) -> (String, Bool) {
    index += 1
    var value: [UInt8] = []
    var interpolated = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote {
        index += 1
        return (String(decoding: value, as: UTF8.self), interpolated)
      }
      if byte == UInt8(ascii: "\n") {
        // Left open: not a string the language allows. Its text is not a name.
        return (String(decoding: value, as: UTF8.self), true)
      }
      if byte == UInt8(ascii: "\\") {
        index += 1
        escape(into: &value)
        continue
      }
      if byte == UInt8(ascii: "$"), let interpolation, interpolation(&self) {
        interpolated = true
        continue
      }
      value.append(byte)
      index += 1
    }
    return (String(decoding: value, as: UTF8.self), true)
  }

  /// Swift's `"…"`, `"""…"""` and, after `rawHashes` `#`s, raw strings. A multi-line string is
  /// marked interpolated: its value depends on indentation rules a name never needs.
  private mutating func swiftString(rawHashes: Int) -> (String, Bool) {
    let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
    index += multiline ? 3 : 1
    var value: [UInt8] = []
    var interpolated = multiline
    func closes(_ lexer: CodeLexer) -> Bool {
      let quotes = multiline ? 3 : 1
      for offset in 0..<quotes where lexer.peek(offset) != UInt8(ascii: "\"") { return false }
      for offset in 0..<rawHashes where lexer.peek(quotes + offset) != UInt8(ascii: "#") {
        return false
      }
      return true
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") && closes(self) {
        index += (multiline ? 3 : 1) + rawHashes
        return (String(decoding: value, as: UTF8.self), interpolated)
      }
      if byte == UInt8(ascii: "\n") {
        if !multiline { return (String(decoding: value, as: UTF8.self), true) }
        line += 1
      }
      if byte == UInt8(ascii: "\\") {
        // In a raw string only `\#` (as many `#` as the string has) escapes.
        var hashes = 0
        while hashes < rawHashes, peek(1 + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if hashes == rawHashes {
          index += 1 + rawHashes
          if peek() == UInt8(ascii: "(") {
            interpolated = true
            skipBalanced(open: UInt8(ascii: "("), close: UInt8(ascii: ")"))
          } else {
            escape(into: &value)
          }
          continue
        }
      }
      value.append(byte)
      index += 1
    }
    return (String(decoding: value, as: UTF8.self), true)
  }

  /// Dart's quotes: `'…'`, `"…"`, `'''…'''`, `"""…"""`, raw when `raw`; `$name` and `${…}`
  /// interpolate except in a raw string.
  private mutating func dartString(raw: Bool) -> (String, Bool) {
    let quote = bytes[index]
    let triple = peek(1) == quote && peek(2) == quote
    if !triple {
      if raw { return rawQuoted(quote) }
      return quoted(quote) { lexer in lexer.dartInterpolation() }
    }
    index += 3
    var value: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == quote, peek(1) == quote, peek(2) == quote {
        index += 3
        return (String(decoding: value, as: UTF8.self), true)
      }
      if byte == UInt8(ascii: "\n") { line += 1 }
      if !raw, byte == UInt8(ascii: "\\") {
        index += 1
        escape(into: &value)
        continue
      }
      if !raw, byte == UInt8(ascii: "$"), dartInterpolation() { continue }
      value.append(byte)
      index += 1
    }
    return (String(decoding: value, as: UTF8.self), true)
  }

  /// A raw single-line string: no escapes.
  private mutating func rawQuoted(_ quote: UInt8) -> (String, Bool) {
    index += 1
    let start = index
    while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "\n") {
      index += 1
    }
    let value = String(decoding: bytes[start..<index], as: UTF8.self)
    guard index < bytes.count, bytes[index] == quote else { return (value, true) }
    index += 1
    return (value, false)
  }

  /// At a `$` in a Dart string: `${…}` or `$name` interpolates (skipped, true); a lone `$` is text.
  private mutating func dartInterpolation() -> Bool {
    if peek(1) == UInt8(ascii: "{") {
      index += 1
      skipBalanced(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
      return true
    }
    if Self.isIdentifierStart(peek(1)), peek(1) != UInt8(ascii: "$") {
      index += 1
      while index < bytes.count, Self.isIdentifierByte(bytes[index]),
        bytes[index] != UInt8(ascii: "$")
      {
        index += 1
      }
      return true
    }
    return false
  }

  /// JavaScript's `` `…` ``: multi-line, `${…}` interpolates.
  private mutating func templateLiteral() -> (String, Bool) {
    index += 1
    var value: [UInt8] = []
    var interpolated = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "`") {
        index += 1
        return (String(decoding: value, as: UTF8.self), interpolated)
      }
      if byte == UInt8(ascii: "\n") {
        line += 1
        interpolated = true
      }
      if byte == UInt8(ascii: "\\") {
        index += 1
        escape(into: &value)
        continue
      }
      if byte == UInt8(ascii: "$"), peek(1) == UInt8(ascii: "{") {
        index += 1
        skipBalanced(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
        interpolated = true
        continue
      }
      value.append(byte)
      index += 1
    }
    return (String(decoding: value, as: UTF8.self), true)
  }

  /// C#'s strings at `index`: `"…"`, `@"…"` (verbatim: `""` is a quote, lines may break),
  /// `$"…"` and `$@"…"`/`@$"…"` (interpolated where a `{` is not doubled). Nil when none starts.
  private mutating func cSharpString() -> (String, Bool)? {
    var offset = 0
    var verbatim = false
    var interpolating = false
    while offset < 2 {
      let byte = peek(offset)
      if byte == UInt8(ascii: "@"), !verbatim {
        verbatim = true
      } else if byte == UInt8(ascii: "$"), !interpolating {
        interpolating = true
      } else {
        break
      }
      offset += 1
    }
    guard peek(offset) == UInt8(ascii: "\"") else { return nil }
    index += offset
    if !verbatim {
      let (value, open) = quoted(UInt8(ascii: "\""), interpolation: nil)
      let interpolated =
        interpolating && value.replacingAll("{{", with: "").contains("{")
      return (value, open || interpolated)
    }
    index += 1
    var value: [UInt8] = []
    var spansLines = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        if peek(1) == UInt8(ascii: "\"") {
          value.append(byte)
          index += 2
          continue
        }
        index += 1
        let text = String(decoding: value, as: UTF8.self)
        let interpolated =
          interpolating && text.replacingAll("{{", with: "").contains("{")
        return (text, interpolated || spansLines)
      }
      if byte == UInt8(ascii: "\n") {
        line += 1
        spansLines = true
      }
      value.append(byte)
      index += 1
    }
    return (String(decoding: value, as: UTF8.self), true)
  }

  /// From an opening bracket at `index` past its matching close, lexing what is between (so a
  /// bracket inside a nested string or comment does not count).
  private mutating func skipBalanced(open: UInt8, close: UInt8) {
    index += 1
    var depth = 1
    let saved = sawSpace
    while index < bytes.count {
      let byte = bytes[index]
      if byte == close {
        depth -= 1
        index += 1
        if depth == 0 { break }
        continue
      }
      if byte == open {
        depth += 1
        index += 1
        continue
      }
      _ = next()
    }
    sawSpace = saved
  }

  // MARK: JavaScript regular expressions

  /// A `/` starts a regular expression where an expression may start: after an operator, an
  /// opening bracket, a comma or a keyword like `return`, not after a name, a number or a
  /// closing bracket (where it divides).
  private func startsRegularExpression() -> Bool {
    guard let previous = tokens.last else { return true }
    switch previous.kind {
    case .identifier:
      return [
        "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
      ]
      .contains(previous.text)
    case .number, .string:
      return false
    case .punctuation:
      return ![")", "]", "}"].contains(previous.text)
    }
  }

  /// Past a regular expression literal and its flags; a class `[…]` may hold a `/`. Ends at
  /// the line's end if not closed.
  private mutating func skipRegularExpression() {
    index += 1
    var inClass = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") { return }
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "[") { inClass = true }
      if byte == UInt8(ascii: "]") { inClass = false }
      index += 1
      if byte == UInt8(ascii: "/"), !inClass { break }
    }
    while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
  }
}
