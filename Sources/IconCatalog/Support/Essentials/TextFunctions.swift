#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The few string functions iconpick took from Foundation's NSString bridge, on the standard
// library alone. Names differ from Foundation's so a file that imports both means one of them.

extension StringProtocol {
  /// The text without Unicode's white space (spaces, tabs and line breaks) at either end: what
  /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives.
  public func trimmingWhitespaceAndNewlines() -> String {
    trimmingScalars(where: \.isWhitespaceOrNewline)
  }

  /// The text without the scalars `drop` holds at either end.
  public func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let start = scalars.firstIndex(where: { !drop($0) }),
      let last = scalars.lastIndex(where: { !drop($0) })
    else { return "" }
    return String(self[start...last])
  }

  /// The first range of `pattern`, ASCII letters matched without regard to case (what
  /// `range(of:options: .caseInsensitive)` finds for the ASCII words iconpick looks for).
  public func firstRange(ofASCIICaseInsensitive pattern: String) -> Range<Index>? {
    let wanted = Array(pattern.utf8).map(Self.lowercasedASCII)
    guard !wanted.isEmpty else { return nil }
    let view = utf8
    var start = view.startIndex
    while start != view.endIndex {
      var here = start
      var matched = 0
      while matched < wanted.count, here != view.endIndex,
        Self.lowercasedASCII(view[here]) == wanted[matched]
      {
        here = view.index(after: here)
        matched += 1
      }
      if matched == wanted.count { return start..<here }
      start = view.index(after: start)
    }
    return nil
  }

  private static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
  }
}

extension Unicode.Scalar {
  /// Unicode's white space and line breaks, and the zero-width space, which Foundation's
  /// `CharacterSet.whitespacesAndNewlines` still counts.
  public var isWhitespaceOrNewline: Bool { properties.isWhitespace || value == 0x200B }

  /// In Unicode's letters, marks or numbers: Foundation's `CharacterSet.alphanumerics`.
  public var isAlphanumeric: Bool {
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
      true
    default: false
    }
  }
}

extension String {
  /// `format` filled in by the C library's `vsnprintf`, as Foundation's `String(format:)` does
  /// for numbers (`%d`, `%5.1f`, `%02X`): no `%@`, no locale.
  public init(printf format: String, _ arguments: any CVarArg...) {
    self = Self.printed(format, arguments)
  }

  private static func printed(_ format: String, _ arguments: [any CVarArg]) -> String {
    let needed = withVaList(arguments) { list in
      var none: CChar = 0
      return Int(vsnprintf(&none, 0, format, list))
    }
    var buffer = [CChar](repeating: 0, count: Swift.max(needed, 0) + 1)
    let size = buffer.count
    _ = withVaList(arguments) { vsnprintf(&buffer, size, format, $0) }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension StringProtocol {
  /// The first range of `target`, matched byte for byte in UTF-8 (so scalar for scalar), as
  /// NSString's `range(of:)` found text: "\n" is found inside "\r\n", which the standard
  /// library's Character-wise `firstRange(of:)` takes as one character.
  public func firstRange(ofText target: String) -> Range<Index>? {
    let wanted = Array(target.utf8)
    guard let first = wanted.first else { return nil }
    let view = utf8
    var start = view.startIndex
    while let found = view[start...].firstIndex(of: first) {
      var here = found
      var matched = 0
      while matched < wanted.count, here != view.endIndex, view[here] == wanted[matched] {
        here = view.index(after: here)
        matched += 1
      }
      if matched == wanted.count { return found..<here }
      start = view.index(after: found)
    }
    return nil
  }

  /// Every `target` replaced by `replacement`, matched as `firstRange(ofText:)` matches: what
  /// NSString's `replacingOccurrences(of:with:)` gave.
  public func replacingAll(_ target: String, with replacement: String) -> String {
    var result = ""
    var rest = self[...]
    while let found = rest.firstRange(ofText: target) {
      result += rest[..<found.lowerBound]
      result += replacement
      rest = rest[found.upperBound...]
    }
    result += rest
    return result
  }
}
