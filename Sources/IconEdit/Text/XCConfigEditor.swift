import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edits an `.xcconfig` file line by line: the lines that do not change keep every byte, and a
/// changed line keeps its key, conditions, spacing around `=`, `;` and trailing comment.
///
/// Lines are read as IconCatalog's `XCConfig` reads them (Xcode's rules): a line ends at `\n`,
/// `\r\n` or `\r`, and at `//` even inside a value; `KEY[cond=pattern]... = value;`.
public struct XCConfigEditor: Sendable {
  public let file: URL
  public private(set) var bytes: [UInt8]

  public init(file: URL, bytes: [UInt8]) throws(EditError) {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .cannotEdit(file: file.path, reason: "the file is not UTF-8 text")
    }
    self.file = file
    self.bytes = bytes
  }

  /// One line of the file: its bytes without and with its line end.
  struct Line {
    var number: Int
    var range: Range<Int>
    /// The range with the line end (`\n`, `\r\n` or `\r`); equal to `range` for a last line
    /// without one.
    var fullRange: Range<Int>
  }

  /// One `KEY[...] = value` line, with where its value lies.
  struct Assignment: Equatable {
    var line: Int
    var key: String
    /// The conditions as written between the key and `=`, trimmed: `[sdk=iphoneos*]`.
    var conditions: String
    var value: String
    /// The value's bytes (before a `;`, trailing spaces and a comment).
    var valueRange: Range<Int>
    /// Where `=` is.
    var equals: Int
  }

  static func lines(_ bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        let end = index
        if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
        lines.append(
          Line(number: lines.count + 1, range: start..<end, fullRange: start..<(index + 1)))
        start = index + 1
      }
      index += 1
    }
    lines.append(
      Line(number: lines.count + 1, range: start..<bytes.count, fullRange: start..<bytes.count))
    return lines
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Where a line's text ends: at its first `//`.
  private static func cut(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
    var index = range.lowerBound
    while index + 1 < range.upperBound {
      if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "/") { return index }
      index += 1
    }
    return range.upperBound
  }

  static func assignment(in line: Line, of bytes: [UInt8]) -> Assignment? {
    let end = cut(bytes, line.range)
    var start = line.range.lowerBound
    while start < end, isSpace(bytes[start]) || bytes[start] == 0x0C || bytes[start] == 0x0B {
      start += 1
    }
    guard start < end, bytes[start] != UInt8(ascii: "#") else { return nil }
    // The first `=` outside `[...]`.
    var inCondition = false
    var equals: Int?
    for index in start..<end {
      switch bytes[index] {
      case UInt8(ascii: "["): inCondition = true
      case UInt8(ascii: "]"): inCondition = false
      case UInt8(ascii: "=") where !inCondition: equals = index
      default: continue
      }
      if equals != nil { break }
    }
    guard let equals else { return nil }
    let left = String(decoding: bytes[start..<equals], as: UTF8.self).trimmingWhitespace()
    guard let (key, conditions) = settingKey(left) else { return nil }
    var valueStart = equals + 1
    while valueStart < end, isSpace(bytes[valueStart]) { valueStart += 1 }
    var valueEnd = end
    while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    if valueEnd > valueStart, bytes[valueEnd - 1] == UInt8(ascii: ";") {
      valueEnd -= 1
      while valueEnd > valueStart, isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
    }
    return Assignment(
      line: line.number, key: key, conditions: conditions,
      value: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self),
      valueRange: valueStart..<valueEnd, equals: equals)
  }

  /// `KEY` or `KEY[sdk=iphoneos*][arch=*]`, as Xcode reads the left side.
  private static func settingKey(_ text: String) -> (key: String, conditions: String)? {
    let keyEnd = text.firstIndex(of: "[") ?? text.endIndex
    let key = text[..<keyEnd].trimmingWhitespace()
    guard let first = key.unicodeScalars.first, first == "_" || isLetter(first),
      key.unicodeScalars.allSatisfy({ $0 == "_" || isLetter($0) || ("0"..."9").contains($0) })
    else { return nil }
    var rest = text[keyEnd...]
    while !rest.isEmpty {
      guard rest.first == "[", let close = rest.firstIndex(of: "]"),
        rest[rest.startIndex..<close].contains("=")
      else { return nil }
      rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
    }
    return (key, String(text[keyEnd...]))
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  var allAssignments: [Assignment] {
    Self.lines(bytes).compactMap { Self.assignment(in: $0, of: bytes) }
  }

  /// Every assignment of `key` in this file (its includes are files of their own), in order;
  /// lines count from 1.
  public func assignments(of key: String) -> [(line: Int, conditions: String, value: String)] {
    allAssignments.filter { $0.key == key }.map { ($0.line, $0.conditions, $0.value) }
  }

  /// Spells the key of the assignment on `line` as `newKey` (a setting's name in the wrong case),
  /// keeping its conditions, value and comment.
  public mutating func renameKey(line: Int, to newKey: String) throws(EditError) {
    let lines = Self.lines(bytes)
    guard let assignment = allAssignments.first(where: { $0.line == line }), line <= lines.count
    else { throw refusal("line \(line) is not an assignment") }
    var start = lines[line - 1].range.lowerBound
    while start < assignment.equals,
      Self.isSpace(bytes[start]) || bytes[start] == 0x0C
        || bytes[start] == 0x0B
    {
      start += 1
    }
    let keyBytes = Array(assignment.key.utf8)
    guard start + keyBytes.count <= assignment.equals,
      Array(bytes[start..<(start + keyBytes.count)]) == keyBytes
    else { throw refusal("the key on line \(line) is not where it was read") }
    var updated = bytes
    updated.replaceSubrange(start..<(start + keyBytes.count), with: Array(newKey.utf8))
    var expected = allAssignments.map { ($0.line, $0.key, $0.conditions, $0.value) }
    if let index = expected.firstIndex(where: { $0.0 == line }) { expected[index].1 = newKey }
    try commit(updated, expecting: expected, "spell line \(line)'s setting \(newKey)")
  }

  /// Replaces the value of the assignment on `line`, keeping the rest of the line.
  public mutating func setValue(_ value: String, line: Int) throws(EditError) {
    try checkWritable(value)
    guard let assignment = allAssignments.first(where: { $0.line == line }) else {
      throw refusal("line \(line) is not an assignment")
    }
    var text = Array(value.utf8)
    // `KEY =` with nothing after: a space before the new value, as Xcode writes it.
    if assignment.valueRange.isEmpty && assignment.valueRange.lowerBound == assignment.equals + 1
      && !text.isEmpty
    {
      text.insert(0x20, at: 0)
    }
    var updated = bytes
    updated.replaceSubrange(assignment.valueRange, with: text)
    var expected = allAssignments.map { ($0.line, $0.key, $0.conditions, $0.value) }
    if let index = expected.firstIndex(where: { $0.0 == line }) { expected[index].3 = value }
    try commit(updated, expecting: expected, "set line \(line) to \(value)")
  }

  /// Adds `text` (`KEY = value`) as a line of its own after line `afterLine`, or by default after
  /// the file's last line with anything on it but a comment (so it comes after every
  /// `#include` too), in the file's line ends; a file without a final line end still has none.
  /// Returns the new line's number.
  @discardableResult
  public mutating func appendLine(_ text: String, after afterLine: Int? = nil) throws(EditError)
    -> Int
  {
    guard !text.contains(where: { $0 == "\n" || $0 == "\r" }) else {
      throw refusal("a line cannot hold a line end")
    }
    let lines = Self.lines(bytes)
    let newline =
      lines.first { $0.fullRange.upperBound > $0.range.upperBound }.map {
        Array(bytes[$0.range.upperBound..<$0.fullRange.upperBound])
      } ?? [0x0A]
    let hasContent: (Line) -> Bool = { line in
      let end = Self.cut(self.bytes, line.range)
      return self.bytes[line.range.lowerBound..<end].contains { !Self.isSpace($0) }
    }
    let after: Line?
    if let afterLine, afterLine >= 1, afterLine <= lines.count {
      after = lines[afterLine - 1]
    } else {
      after = lines.last(where: hasContent) ?? lines.last
    }
    var updated = bytes
    let number: Int
    if let after, after.fullRange.upperBound > after.range.upperBound {
      updated.insert(contentsOf: Array(text.utf8) + newline, at: after.fullRange.upperBound)
      number = after.number + 1
    } else if bytes.isEmpty {
      updated = Array(text.utf8) + newline
      number = 1
    } else {
      // The last line, without a line end: the new line ends the file the same way.
      updated += newline + Array(text.utf8)
      number = lines.count + 1
    }
    var expected = allAssignments.map {
      ($0.line >= number ? $0.line + 1 : $0.line, $0.key, $0.conditions, $0.value)
    }
    if let added = Self.assignment(
      in: Line(number: number, range: 0..<text.utf8.count, fullRange: 0..<text.utf8.count),
      of: Array(text.utf8))
    {
      expected.append((number, added.key, added.conditions, added.value))
      expected.sort { $0.0 < $1.0 }
    }
    try commit(updated, expecting: expected, "add \(text)")
    return number
  }

  /// Removes `line` with its line end (a last line without one takes the line end before it).
  public mutating func removeLine(_ line: Int) throws(EditError) {
    let lines = Self.lines(bytes)
    guard line >= 1 && line <= lines.count, !(bytes.isEmpty) else {
      throw refusal("no line \(line)")
    }
    let removed = lines[line - 1]
    var range = removed.fullRange
    if removed.fullRange.upperBound == removed.range.upperBound && line > 1 {
      range = lines[line - 2].range.upperBound..<removed.fullRange.upperBound
    }
    var updated = bytes
    updated.removeSubrange(range)
    let expected = allAssignments.filter { $0.line != line }.map {
      ($0.line > line ? $0.line - 1 : $0.line, $0.key, $0.conditions, $0.value)
    }
    try commit(updated, expecting: expected, "remove line \(line)")
  }

  private func checkWritable(_ value: String) throws(EditError) {
    if value.contains(where: { $0 == "\n" || $0 == "\r" }) {
      throw refusal("a value cannot hold a line end")
    }
    // Xcode ends the line at `//`, and trims spaces and a final `;`.
    if value.contains("//") { throw refusal("a value cannot hold \"//\" (write it /$()/)") }
    if value != value.trimmingWhitespace() || value.hasSuffix(";") {
      throw refusal("a value cannot begin or end with spaces or end with \";\"")
    }
  }

  /// Takes the new bytes when reading them gives exactly the expected assignments.
  private mutating func commit(
    _ updated: [UInt8], expecting expected: [(Int, String, String, String)], _ what: String
  ) throws(EditError) {
    let editor = XCConfigEditor(unchecked: file, updated)
    let found = editor.allAssignments.map { ($0.line, $0.key, $0.conditions, $0.value) }
    guard found.count == expected.count, zip(found, expected).allSatisfy({ $0 == $1 }) else {
      throw refusal("\(what) would not give exactly that change when read back")
    }
    bytes = updated
  }

  private init(unchecked file: URL, _ bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }

  private func refusal(_ reason: String) -> EditError {
    .cannotEdit(file: file.path, reason: reason)
  }
}
