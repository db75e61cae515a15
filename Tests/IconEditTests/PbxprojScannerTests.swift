import Foundation
import Testing

@testable import IconEdit

/// The scanner reads every text it accepts as Foundation does (values, escapes, comments), and
/// refuses what it does not copy. "Foundation" is CoreFoundation's reader, as in Xcode
/// (PropertyListSerialization here, in the tests): iconpick itself reads with FoundationEssentials'
/// PropertyListDecoder, whose ASCII reader differs from it in corners (`\f` and `\v` read as
/// U+0012 and U+0011, `\U` surrogate pairs refused).
@Suite struct PbxprojScannerTests {
  /// CoreFoundation's reading of `bytes` as a tree.
  static func foundation(_ bytes: [UInt8]) throws -> PlistTree {
    let value = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    return try #require(PlistTree(foundation: value))
  }

  static func agree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let bytes = Array(text.utf8)
    let foundation = try Self.foundation(bytes)
    let scanner = try PbxprojScanner(bytes: bytes, file: "test.pbxproj")
    #expect(PlistTree(scanner.root) == foundation, "\(text)", sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    "{a = b;}",
    "// !$*UTF8*$!\n{\n\ta = b;\n}\n",
    "{/* x */ a /* y */ = /* z */ b /* w */; /* v */}",
    "{a = b; // end of line\n c = d; // last\n}",
    "{\"quoted key\" = \"quoted value\"; 'single' = 'it''s';}".replacingOccurrences(
      of: "''", with: "\""),
    #"{a = "x\ny\tz\\w\"q";}"#,
    #"{a = "\012\101\7\60";}"#,
    #"{a = "\U00e9\U20AC\UD83D\UDE00\u00e9";}"#,
    #"{a = "\UD83D";}"#,
    #"{a = "\U12";}"#,
    #"{a = "\a\b\f\r\v\q\'";}"#,
    "{a = \"line\\\nnext\";}",
    "{a = \"é ☃ 😀\"; \"ключ\" = \"значение\";}",
    "{a = {}; b = (); c = {\n\t\t};}",
    "{a = (b, c,); d = (e); f = (\"g\", {h = i;}, (j, k),);}",
    "{a = b; a = c;}",
    "{a = /x/y; b = \"$(inherited)\"; c = -O; d = x.y:z; e = a//b;}",
    "{a = b /*c*/;}",
    "{a = \"\";}",
    "\u{FEFF}{a = b;}",
    "{a = b;\u{2028}c = d;}\u{2029}",
    "{a = b;}// trailing comment",
    "{a = b;}/* trailing\ncomment */\n",
    "{a = \"x\0y\";}",
    "{a = 'double \" inside';}",
  ])
  func readsAsFoundationDoes(_ text: String) throws {
    try Self.agree(text)
  }

  @Test(arguments: [
    ("{a = <0fab>;}", "data"),
    ("{a;}", "shorthand"),
    (#"{a = "\200";}"#, "octal"),
    ("(a, b)", "not a dictionary"),
    ("a = b;", "not a dictionary"),
  ])
  func refusesWhatItDoesNotCopy(_ text: String, _ reason: String) {
    #expect(throws: EditError.self) { try PbxprojScanner(bytes: Array(text.utf8), file: "t") }
    do {
      _ = try PbxprojScanner(bytes: Array(text.utf8), file: "t")
    } catch {
      #expect(error.description.contains(reason), "\(error)")
    }
  }

  /// A comment right after a bare word is part of the word (`/` is a bare character), and other
  /// texts Foundation refuses: the scanner refuses them too.
  @Test(arguments: [
    "{a = b/*c*/;}", "{a = (,);}", "{a = (b,,);}", "{a = b;} junk", "{a = \u{e9};}", "{a = \"\\",
    "{a = b", "{a = b;}}", "{a = (b c);}", "{a = b; /* open", "{= b;}", "{a = ;}",
  ])
  func refusesWhatFoundationRefuses(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(
      (try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)) == nil,
      "Foundation reads \(text)")
    #expect(throws: EditError.self) { try PbxprojScanner(bytes: bytes, file: "t") }
  }

  @Test func refusesTextThatIsNotUTF8() {
    #expect(throws: EditError.self) {
      try PbxprojScanner(bytes: [0x7B, 0x61, 0x3D, 0x22, 0xFF, 0x22, 0x3B, 0x7D], file: "t")
    }
  }

  @Test func theTokensAndRangesAreWhereTheTextIs() throws {
    let text =
      "{\n\tobjects = {\n\t\tA /* a */ = (\n\t\t\tx,\n\t\t\t\"y z\", // why\n\t\t);\n\t};\n}\n"
    let bytes = Array(text.utf8)
    let scanner = try PbxprojScanner(bytes: bytes, file: "t")
    func slice(_ range: Range<Int>?) -> String {
      range.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "nil"
    }
    #expect(scanner.tokens.map(\.kind).contains(.lineComment))
    #expect(
      scanner.tokens.filter { $0.kind == .blockComment }.map { slice($0.range) } == ["/* a */"])
    let objects = try #require(scanner.root.entry("objects"))
    #expect(
      slice(objects.line)
        == "\tobjects = {\n\t\tA /* a */ = (\n\t\t\tx,\n\t\t\t\"y z\", // why\n\t\t);\n\t};\n")
    let list = try #require(objects.value.entry("A"))
    #expect(slice(list.extent) == "A /* a */ = (\n\t\t\tx,\n\t\t\t\"y z\", // why\n\t\t);")
    #expect(slice(list.keyRange) == "A")
    let items = try #require(list.value.items)
    #expect(items.map { slice($0.extent) } == ["x,", "\"y z\","])
    #expect(items.map { slice($0.line) } == ["\t\t\tx,\n", "\t\t\t\"y z\", // why\n"])
    #expect(items.map { $0.value.string } == ["x", "y z"])
    #expect(slice(list.value.range) == "(\n\t\t\tx,\n\t\t\t\"y z\", // why\n\t\t)")
  }

  @Test func anEntrySharingItsLineHasNoLineOfItsOwn() throws {
    let text = "{\n\ta = b; c = d;\n}\n"
    let scanner = try PbxprojScanner(bytes: Array(text.utf8), file: "t")
    let entries = try #require(scanner.root.entries)
    #expect(entries.allSatisfy { $0.line == nil })
  }

  @Test func theSampleProjectReadsAsFoundationDoes() throws {
    try Self.agree(PbxprojFixtures.project())
    try Self.agree(PbxprojFixtures.project(withBuildFileSection: false))
  }

  /// Random trees written in random ways (quoting, escapes, comments, spacing, trailing commas),
  /// each read by Foundation and the scanner.
  @Test func randomTextsReadAsFoundationDoes() throws {
    var random = SeededRandom(seed: 34)
    for _ in 0..<400 {
      var writer = RandomPlistWriter(random: random)
      let text = writer.dictionary(depth: 0)
      random = writer.random
      try Self.agree(text)
    }
  }
}

/// A small deterministic generator (SplitMix64), so a failure names the same text every run.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Writes random old-style plists in the forms Foundation reads.
struct RandomPlistWriter {
  var random: SeededRandom

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &random)]
  }
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  mutating func gap() -> String {
    pick([
      "", " ", "\n\t", "\t\t", " /* c */ ", "\n// line comment\n", "/**/", "\r\n", " \u{2028} ",
      "/* multi\nline */",
    ])
  }

  mutating func string() -> String {
    let bare = [
      "a", "ABC_123", "$(inherited)", "x.y", "/usr/lib", "-Onone", "1,2", "5.0", "YES", "a:b",
    ]
    let word = pick(bare)
    if chance(30), word.allSatisfy({ $0.isLetter || $0.isNumber || "_$/:.-".contains($0) }) {
      // A bare word must not run into a comment: `a/**/` is one string to Foundation.
      return word + (chance(50) ? " " : "\n")
    }
    var body = ""
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      body += pick([
        "x", " ", "é", "😀", "\\n", "\\t", "\\\\", "\\\"", "\\'", "\\012", "\\101", "\\7", "\\U00e9",
        "\\U263a", "\\UD83D\\UDE00", "\\U41", "\\q", "/", "*", "//", "/*", "'", "ключ", "e\u{301}",
        "\\a", "\\b", "\\f", "\\r", "\\v", "\\\n", "=", ";", "(", ")", "{", "}", ",",
      ])
    }
    return "\"" + body + "\""
  }

  mutating func value(depth: Int) -> String {
    if depth < 3, chance(15) { return dictionary(depth: depth + 1) }
    if depth < 3, chance(15) { return array(depth: depth + 1) }
    return string()
  }

  mutating func array(depth: Int) -> String {
    let count = Int.random(in: 0...3, using: &random)
    var text = "(" + gap()
    for index in 0..<count {
      text += value(depth: depth) + gap()
      if index < count - 1 || chance(50) { text += "," + gap() }
    }
    return text + ")"
  }

  mutating func dictionary(depth: Int) -> String {
    var text = "{" + gap()
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      text += string() + gap() + "=" + gap() + value(depth: depth) + gap() + ";" + gap()
    }
    return text + "}"
  }
}
