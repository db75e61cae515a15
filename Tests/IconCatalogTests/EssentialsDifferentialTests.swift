import Foundation
import Testing

@testable import IconCatalog

/// The modules import FoundationEssentials only; what they took from Foundation's NSString,
/// CharacterSet, PropertyListSerialization and JSONSerialization is now written on the standard
/// library or done through PropertyListDecoder and JSONDecoder. Each is checked here against the
/// Foundation it replaces, which the tests still import.
@Suite("FoundationEssentials stand-ins against Foundation")
struct EssentialsDifferentialTests {
  /// (swift-corelibs-foundation's deletingLastPathComponent traps on some paths, such as those
  /// with a trailing slash, so the list keeps to paths it handles.)
  static let paths = [
    "Icon.png", "a/Icon.png", "/a/b/Icon@2x.png", "a.b/c", "x.tar.gz", "/a/b", "/a",
    "AppIcon.appiconset/Contents.json", "App Icons/Ünïcode.PNG", "no.ext.",
  ]

  @Test("PathText gives NSString's lastPathComponent, deletingLastPathComponent and extensions")
  func pathText() {
    for path in Self.paths {
      let ns = path as NSString
      #expect(PathText.lastComponent(path) == ns.lastPathComponent, "\(path)")
      #expect(PathText.directory(path) == ns.deletingLastPathComponent, "\(path)")
      #expect(PathText.pathExtension(path) == ns.pathExtension, "\(path)")
      #expect(PathText.withoutSuffix(path) == ns.deletingPathExtension, "\(path)")
    }
    for (head, tail) in [("a", "b.png"), ("/a/", "b"), ("", "b"), ("/", "b")] {
      #expect(PathText.join(head, tail) == (head as NSString).appendingPathComponent(tail))
    }
  }

  @Test("String(printf:) writes what String(format:) wrote for the formats iconpick uses")
  func printf() {
    let value = 3.14159
    #expect(String(printf: "%.1f", value) == String(format: "%.1f", value))
    #expect(
      String(printf: "%6.1f|%8.3f", value, -value) == String(format: "%6.1f|%8.3f", value, -value))
    #expect(String(printf: "%02X", UInt8(7)) == String(format: "%02X", UInt8(7)))
    #expect(
      String(printf: "%04d%02d", Int32(2026), Int32(12))
        == String(format: "%04d%02d", Int32(2026), Int32(12)))
    #expect(String(printf: "Icon-%04d", 42) == String(format: "Icon-%04d", 42))
    #expect(String(printf: "XCODEGEN%016X", 255) == String(format: "XCODEGEN%016X", 255))
    let long = String(repeating: "x", count: 500)
    #expect(String(printf: long + "%d", 1) == long + "1")
  }

  @Test("trimming and the character classes match CharacterSet's, over every BMP scalar")
  func characterClasses() {
    // Scalars Unicode assigned by version 9; later ones are newer than Foundation's tables.
    var differing: [String] = []
    for value in UInt32(0)...0xFFFF {
      guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
        age.major <= 9
      else { continue }
      if scalar.isAlphanumeric != CharacterSet.alphanumerics.contains(scalar)
        || scalar.isWhitespaceOrNewline != CharacterSet.whitespacesAndNewlines.contains(scalar)
      {
        differing.append(String(value, radix: 16))
      }
    }
    #expect(differing.isEmpty, "\(differing.prefix(20))")
    for text in ["  a b \n", "\u{3000}x\u{85}", "\t", "", " é\u{2028}"] {
      #expect(
        text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines)
      )
      #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
    }
  }

  @Test("UnicodeForms gives Foundation's NFC and NFD")
  func unicodeForms() {
    for text in ["Café", "Cafe\u{301}", "Ångström", "한국어", "e\u{301}\u{323}", "plain", "ﬁ"] {
      #expect(
        Array(UnicodeForms.nfc(text).unicodeScalars)
          == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars), "\(text)")
      #expect(
        Array(UnicodeForms.nfd(text).unicodeScalars)
          == Array(text.decomposedStringWithCanonicalMapping.unicodeScalars), "\(text)")
    }
  }

  /// NSString's non-literal compare weighs accents in a way the decomposed, lowercased scalars do
  /// not reproduce in every case: on these 2,000 pairs of made-up names 13 disagreed (names
  /// alike but for accents and case, such as "eé" and "É2"). Icon names outside ASCII are rare
  /// (one of the 41 real projects), and the ASCII order is NSString's exactly (above).
  @Test("names outside ASCII take NSString's caseInsensitive, numeric order, but for 1%")
  func naturalOrderOutsideASCII() {
    let pieces = [
      "é", "e\u{301}", "É", "e", "E", "ü", "Ü", "u", "Ω", "ω", "日本", "2", "10", " ", "a",
    ]
    var state: UInt64 = 5
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func name() -> String { (0..<(1 + next(3))).map { _ in pieces[next(pieces.count)] }.joined() }
    var disagreements: [String] = []
    for _ in 0..<2000 {
      let (a, b) = (name(), name())
      let expected: Int
      switch a.compare(b, options: [.caseInsensitive, .numeric]) {
      case .orderedAscending: expected = -1
      case .orderedDescending: expected = 1
      case .orderedSame: expected = 0
      }
      if IconOrder.naturalOrder(a, b) != expected { disagreements.append("\(a) | \(b)") }
    }
    #expect(disagreements.count <= 20, "\(disagreements.count): \(disagreements.prefix(10))")
  }

  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>CFBundleIcons</key>
      <dict><key>CFBundleAlternateIcons</key><dict><key>Blue</key><dict>
        <key>CFBundleIconFiles</key><array><string>Blue</string></array>
        <key>UIPrerenderedIcon</key><true/></dict></dict></dict>
      <key>One</key><integer>1</integer>
      <key>Zero</key><integer>0</integer>
      <key>Real</key><real>2.0</real>
      <key>Half</key><real>0.5</real>
      <key>No</key><false/>
      <key>When</key><date>2026-12-02T10:00:00Z</date>
      <key>Bytes</key><data>AAEC</data>
      <key>Empty</key><string></string>
      <key>Families</key><array><integer>1</integer><integer>2</integer></array>
    </dict>
    </plist>
    """

  /// A value's kind and content, in a form two parses can be compared by.
  static func shape(_ value: Any) -> String {
    switch value {
    case let v as [String: Any]:
      return "{" + v.keys.sorted().map { "\($0)=\(shape(v[$0]!))" }.joined(separator: ",") + "}"
    case let v as [Any]: return "[" + v.map(shape).joined(separator: ",") + "]"
    case let v as String: return "s:\(v)"
    case let v as Date: return "d:\(v.timeIntervalSince1970)"
    case let v as Data: return "b:\(Array(v))"
    default:
      if let number = value as? NSNumber {
        if String(cString: number.objCType) == "c" {
          return "?:\(number.boolValue)"
        }
        return "n:\(number.doubleValue)"
      }
      if let flag = value as? Bool { return "?:\(flag)" }
      if let number = value as? Int { return "n:\(Double(number))" }
      if let number = value as? Double { return "n:\(number)" }
      return "other:\(value)"
    }
  }

  @Test("PropertyListValue reads XML, binary and ASCII plists as PropertyListSerialization did")
  func propertyLists() throws {
    let xml = Data(Self.xml.utf8)
    let foundation = try PropertyListSerialization.propertyList(from: xml, format: nil)
    #expect(Self.shape(try PropertyListValue.decode(xml).object) == Self.shape(foundation))
    #expect(PropertyListValue.format(of: xml) == .xml)
    let binary = try PropertyListSerialization.data(
      fromPropertyList: foundation, format: .binary, options: 0)
    #expect(Self.shape(try PropertyListValue.decode(binary).object) == Self.shape(foundation))
    #expect(PropertyListValue.format(of: binary) == .binary)
    let ascii = Data(
      """
      // !$*UTF8*$!
      { archiveVersion = 1; objects = { A1 = { isa = PBXProject; n = 3; list = (a, "b c", ); }; };
        /* comment */ rootObject = A1; }
      """.utf8)
    #expect(
      Self.shape(try PropertyListValue.decode(ascii).object)
        == Self.shape(try PropertyListSerialization.propertyList(from: ascii, format: nil)))
    #expect(PropertyListValue.format(of: ascii) == .openStep)
    // What the editor writes back for a binary Info.plist reads as the same property list.
    let written = try PropertyListValue.binaryData(object: PropertyListValue.decode(xml).object)
    #expect(
      Self.shape(try PropertyListSerialization.propertyList(from: written, format: nil))
        == Self.shape(foundation))
  }

  @Test("JSONTree reads JSON as JSONSerialization did, and writes the same bytes")
  func json() throws {
    let text = Data(
      #"{"a": [1, 2.5, true, false, null, "x/y"], "b": {"c": "é\n"}, "d": -0.25}"#.utf8)
    let ours = try JSONTree.object(from: text)
    let theirs = try JSONSerialization.jsonObject(with: text)
    #expect(
      Self.shape(ours).replacingOccurrences(of: "other:NullValue()", with: "null")
        == Self.shape(theirs).replacingOccurrences(of: "other:<null>", with: "null"))
    let object: [String: Any] = [
      "name": "Blue/Green", "count": 3, "ratio": 0.5, "on": true, "list": ["a", 1],
      "nested": ["z": "ü\t\"q\""],
    ]
    for options: (JSONSerialization.WritingOptions, JSONEncoder.OutputFormatting) in [
      ([.sortedKeys], [.sortedKeys]),
      ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .withoutEscapingSlashes]),
      (
        [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes],
        [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      ),
    ] {
      let expected = try JSONSerialization.data(withJSONObject: object, options: options.0)
      let written = try JSONTree.data(object: object, formatting: options.1)
      #expect(
        String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }
    var withNull = object
    withNull["none"] = NullValue()
    var withNSNull = object
    withNSNull["none"] = NSNull()
    #expect(
      try JSONTree.data(object: withNull, formatting: [.sortedKeys])
        == JSONSerialization.data(withJSONObject: withNSNull, options: [.sortedKeys]))
  }

  @Test("a JSON syntax error's line is the one JSONSerialization's offset falls on")
  func jsonSyntaxErrorLine() throws {
    // (Not here: a string cut by a line break, where json-c names the break's line and
    // JSONSerialization the string's start; and a trailing comma, which JSONDecoder reads.)
    let texts = [
      "{\n  \"groups\" : [\n    oops\n  ]\n}\n", "{\"a\": 1,\n\"b\": }", "{\n\"a\" 1}",
      "{\"a\": tru}", "\n\n{\"a\": [1 2]}", "{\"a\": 1}\n\n}",
    ]
    for text in texts {
      let data = Data(text.utf8)
      #expect(throws: (any Error).self) { try JSONTree.decode(data) }
      var foundationOffset: Int?
      do {
        _ = try JSONSerialization.jsonObject(with: data)
      } catch {
        let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        foundationOffset = reason.firstMatch(of: #/character ([0-9]+)/#).flatMap {
          Int($0.output.1)
        }
      }
      let offset = try #require(JSONSyntaxError.offset(in: data), "\(text)")
      if let foundationOffset {
        #expect(
          JSONSyntaxError.line(of: offset, in: data)
            == JSONSyntaxError.line(of: foundationOffset, in: data), "\(text)")
      }
    }
    #expect(JSONSyntaxError.offset(in: Data("{\"a\": [1, 2]}".utf8)) == nil)
  }
}
