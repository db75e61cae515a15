import Foundation
import Testing

@testable import IconCatalog

/// FoundationEssentials' XML plist reader says "line 1" for every syntax error; the reason
/// iconpick gives names the line Foundation's reader named.
@Suite("the line of an XML property list's syntax error")
struct PlistSyntaxLineTests {
  static let head = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n"

  /// The reason iconpick gives for `text`, and Foundation's own reason.
  static func reasons(_ text: String) throws -> (ours: String, foundation: String) {
    let fixture = try Fixture()
    try fixture.write("Info.plist", text)
    var ours = ""
    do {
      _ = try PropertyListFile.read(fixture.url("Info.plist"))
    } catch {
      if case .unreadablePlist(_, let reason) = error { ours = reason }
    }
    var foundation = ""
    do {
      _ = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    } catch {
      foundation = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    }
    return (ours, foundation)
  }

  static func line(_ reason: String) -> String? {
    reason.firstMatch(of: #/line ([0-9]+)/#).map { String($0.output.1) }
  }

  @Test(
    "each kind of error names Foundation's line",
    arguments: [
      head + "<string>x</strin>\n</dict>\n</plist>",
      head + "<integer>x</integer>\n</dict>\n</plist>",
      head + "<string>x</string>\n<key>b</key>\n</dict>\n</plist>",
      head + "<string>x</string>\n\n\n<foo/>\n</dict>\n</plist>",
      head + "<array>\n<real>1.5</real>\n<real>one</real>\n</array>\n</dict>\n</plist>",
    ])
  func namesTheLine(text: String) throws {
    let (ours, foundation) = try Self.reasons(text)
    #expect(!ours.isEmpty)
    #expect(Self.line(ours) != nil, "\(ours)")
    #expect(Self.line(ours) == Self.line(foundation), "ours: \(ours); Foundation: \(foundation)")
  }

  @Test("a problem it cannot place loses the line rather than keep a wrong one")
  func unplacedLosesTheLine() {
    #expect(
      PlistSyntaxLine.corrected("Something else on line 1", xml: Array("<plist/>".utf8))
        == "Something else")
  }
}
