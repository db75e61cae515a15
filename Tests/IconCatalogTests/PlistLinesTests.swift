import Foundation
import Testing

@testable import IconCatalog

/// The Info.plist line index (`PlistLines`) and the depth limit checked before Foundation parses
/// a plist (`PlistDepth`): XML markup is passed over as XML defines it, in one linear pass, and
/// key paths are not stored whole.
@Suite struct PlistLinesTests {
  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>
    """
  }

  @Test func valuesAndKeysAreFoundByPath() throws {
    let lines = try #require(
      PlistLines(
        xml: Self.plist(
          """
          <key>CFBundleIcons</key>
          <dict>
            <key>CFBundleAlternateIcons</key>
            <dict>
              <key>Blue</key>
              <dict>
                <key>CFBundleIconFiles</key>
                <array>
                  <string>Blue60x60</string>
                  <string>Blue76x76</string>
                </array>
              </dict>
            </dict>
          </dict>
          """)))
    #expect(lines.line(of: []) == 4)
    #expect(lines.keyLine(of: ["CFBundleIcons"]) == 5)
    #expect(lines.line(of: ["CFBundleIcons"]) == 6)
    let files = ["CFBundleIcons", "CFBundleAlternateIcons", "Blue", "CFBundleIconFiles"]
    #expect(lines.keyLine(of: files) == 11)
    #expect(lines.line(of: files + ["0"]) == 13)
    #expect(lines.line(of: files + ["1"]) == 14)
    #expect(lines.line(of: files + ["2"]) == nil)
    #expect(lines.line(of: ["CFBundleAlternateIcons"]) == nil)
  }

  /// A comment ends at `-->`, not at its first `>`: what it holds is no markup, and the lines
  /// after it stay right. CDATA is a key's text; a DOCTYPE's internal subset may hold `>`.
  @Test func commentsCDATAAndTheDoctypeAreXMLs() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      <!-- a comment > <string> with a tag that never closes -->
      <!-- <a -->
      <!-- <key>Fake</key><string>no</string>
      over lines -->
      <key><![CDATA[Odd<Key>]]></key>
      <string>one</string>
      <key>Next</key>
      <string><![CDATA[</string>]]> still the value</string>
      <key>Last</key><?pi ?><integer>3</integer>
      </dict>
      </plist>
      """
    let lines = try #require(PlistLines(xml: text))
    #expect(lines.keyLine(of: ["Fake"]) == nil)
    #expect(lines.keyLine(of: ["Odd<Key>"]) == 9)
    #expect(lines.line(of: ["Odd<Key>"]) == 10)
    #expect(lines.line(of: ["Next"]) == 12)
    #expect(lines.keyLine(of: ["Last"]) == 13)
    #expect(lines.line(of: ["Last"]) == 13)
    // Foundation agrees on what the file holds.
    let root = try #require(
      try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
        as? [String: Any])
    #expect(Set(root.keys) == ["Odd<Key>", "Next", "Last"])
    // XML allows an internal subset, which may hold `>` (Foundation refuses one).
    let subset = try #require(
      PlistLines(
        xml: "<!DOCTYPE plist [ <!ENTITY x \"a>b\"> ]>\n<plist><dict><key>K</key>\n<true/>"))
    #expect(subset.line(of: ["K"]) == 3)
  }

  /// 60,000 comments that each hold an unclosed tag were a scan to the end of the file each (tens
  /// of seconds); now they cost what their bytes do. Counted, not timed: the index must see every
  /// value after them.
  @Test func manyCommentsWithUnclosedTagsAreOnePass() throws {
    let comments = String(repeating: "<!-- > <string> <a -->\n", count: 60_000)
    let lines = try #require(
      PlistLines(xml: Self.plist(comments + "<key>After</key>\n<string>x</string>")))
    #expect(lines.keyLine(of: ["After"]) == 5 + 60_000)
    #expect(lines.line(of: ["After"]) == 6 + 60_000)
  }

  /// A value at the deepest level allowed is found; its path is not stored once per value.
  @Test func deepValuesAreIndexed() throws {
    let depth = PlistDepth.maximum - 2
    let values = (0..<500).map { "<key>v\($0)</key><string>x</string>\n" }.joined()
    let text = Self.plist(
      "<key>Deep</key>\n" + String(repeating: "<dict><key>k</key>\n", count: depth) + "<dict>\n"
        + values + "</dict>" + String(repeating: "</dict>", count: depth))
    let lines = try #require(PlistLines(xml: text))
    let path = ["Deep"] + Array(repeating: "k", count: depth)
    #expect(lines.line(of: path) == 6 + depth)
    #expect(lines.keyLine(of: path + ["v499"]) == 6 + depth + 500)
    #expect(lines.line(of: path + ["v500"]) == nil)
  }

  @Test func nestingPastTheLimitIsRefusedNamingTheFile() throws {
    let fixture = try Fixture()
    let deep = PlistDepth.maximum
    // The top dictionary is one level: `deep` arrays inside it are one too many.
    try fixture.write(
      "Info.plist",
      Self.plist(
        "<key>Deep</key>" + String(repeating: "<array>", count: deep)
          + String(repeating: "</array>", count: deep)))
    #expect(PlistLines(xml: [UInt8](try Data(contentsOf: fixture.url("Info.plist")))) == nil)
    #expect {
      try InfoPlist.read(fixture.url("Info.plist"))
    } throws: { error in
      guard case IconCatalogError.unreadablePlist(let file, let reason) = error else {
        return false
      }
      return file.hasSuffix("/Info.plist") && reason.contains("nested more than \(deep) deep")
    }
    // One level less is read.
    try fixture.write(
      "Info.plist",
      Self.plist(
        "<key>Deep</key>" + String(repeating: "<array>", count: deep - 1)
          + String(repeating: "</array>", count: deep - 1)))
    _ = try InfoPlist.read(fixture.url("Info.plist"))
  }

  /// The old ASCII form (`project.pbxproj`'s): Foundation said "Unexpected character {" past
  /// some depth; now the limit says what is wrong. Brackets in strings and comments do not count.
  @Test func asciiNestingIsLimitedToo() throws {
    let fixture = try Fixture()
    let deep =
      String(repeating: "(", count: PlistDepth.maximum)
      + String(
        repeating: ")", count: PlistDepth.maximum)
    try fixture.write("Deep.plist", "{ Deep = \(deep); }")
    #expect {
      try PropertyListFile.read(fixture.url("Deep.plist"))
    } throws: { error in
      guard case IconCatalogError.unreadablePlist(_, let reason) = error else { return false }
      return reason.contains("nested more than \(PlistDepth.maximum) deep")
    }
    let quoted = String(repeating: "(", count: 300)
    try fixture.write(
      "Quoted.plist", "{ A = \"\(quoted)\"; /* \(quoted) */ B = ((x)); // \(quoted)\n}")
    let read = try #require(
      try PropertyListFile.read(fixture.url("Quoted.plist")) as? [String: Any])
    #expect(read["A"] as? String == quoted)
    #expect(PlistDepth.asciiDepth(Array("{ A = ((x)); }".utf8)) == 3)
  }
}
