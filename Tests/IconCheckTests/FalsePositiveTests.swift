import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 13, point 2: what real apps ship that check called an error.
@Suite struct FalsePositiveTests {
  /// Check as `iconpick check` runs it on one app.
  static func check(_ app: FixtureApp) throws -> [Diagnostic] {
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil)
    return Checker.diagnose(icons, facts: facts)
  }

  static func writeInfoPlist(_ app: FixtureApp, _ keys: [String: Any]) throws -> String {
    var plist: [String: Any] = ["CFBundleIdentifier": "dev.iconpick.Fixture"]
    plist.merge(keys) { _, new in new }
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    try data.write(to: app.root.appendingPathComponent("Info.plist"))
    return String(decoding: data, as: UTF8.self)
  }

  static func line(of needle: String, in text: String) -> Int? {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
      $0.contains(needle)
    }.map { $0 + 1 }
  }

  /// One real app listed `AppIcon-Classic60x60@2x` and its kin (450 of them) and shipped: iOS adds
  /// `.png` and finds `AppIcon-Classic60x60@2x.png`. Not an error; one warning per array.
  @Test func suffixedIconFilesThatFindTheirFilesAreAWarning() throws {
    let app = try FixtureApp()
    let text = try Self.writeInfoPlist(
      app,
      [
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]],
          "CFBundleAlternateIcons": [
            "Classic": [
              "CFBundleIconFiles": [
                "AppIcon-Classic60x60@2x", "AppIcon-Classic60x60@3x", "AppIcon-Classic~ipad",
              ]
            ]
          ],
        ]
      ])
    for name in [
      "AppIcon60x60@2x.png", "AppIcon-Classic60x60@2x.png", "AppIcon-Classic60x60@3x.png",
      "AppIcon-Classic~ipad@2x.png",
    ] {
      try writePNG(app.root.appendingPathComponent(name), width: 120, height: 120)
    }

    let found = try Self.check(app).filter { $0.id.rawValue.hasPrefix("icon-file-with") }

    #expect(found.map(\.id) == [.iconFileWithSuffix])
    let warning = try #require(found.first)
    #expect(warning.severity == .warning)
    #expect(warning.file == app.root.appendingPathComponent("Info.plist").path)
    #expect(warning.line == Self.line(of: "<string>AppIcon-Classic60x60@2x</string>", in: text))
    #expect(warning.line != nil)
    #expect(warning.message.contains("alternate icon \"Classic\""))
    #expect(warning.message.contains("3 names"))
    #expect(warning.fix.contains("\"AppIcon-Classic60x60\""))
  }

  /// `.png` written out stays an error, file or no file; a suffixed name that finds nothing too.
  @Test func extensionsAndSuffixesThatFindNothingStayErrors() throws {
    let app = try FixtureApp()
    try _ = Self.writeInfoPlist(
      app,
      [
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]],
          "CFBundleAlternateIcons": [
            "Blue": ["CFBundleIconFiles": ["Blue.png"]],
            "Red": ["CFBundleIconFiles": ["Red60x60@2x"]],
          ],
        ]
      ])
    for name in ["AppIcon60x60@2x.png", "Blue.png", "Red60x60@3x.png"] {
      try writePNG(app.root.appendingPathComponent(name), width: 120, height: 120)
    }

    let found = try Self.check(app).filter { $0.id.rawValue.hasPrefix("icon-file-with") }

    #expect(found.map(\.id) == [.iconFileWithExtension, .iconFileWithExtension])
    #expect(found.allSatisfy { $0.severity == .error })
    #expect(found.contains { $0.message.contains("\"Blue.png\"") })
    #expect(found.contains { $0.message.contains("\"Red60x60@2x\"") })
  }

  /// An unused set with slots and no files was `set-not-shipped`, whose fix said to add it as an
  /// alternate icon. It is `empty-set` now, and a set of no slots at all too.
  @Test func anUnusedEmptySetIsEmptySetOnly() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.singleSizeSet("AppIcon")
    let slots = try app.set(
      "Spare",
      images: [
        .init(filename: "", idiom: "iphone", size: 60, scale: 2),
        .init(filename: "", idiom: "ios-marketing", size: 1024, scale: 1),
      ])
    // The entries as Xcode writes empty slots: no "filename" key at all.
    let contents = slots.appendingPathComponent("Contents.json")
    let text = try String(contentsOf: contents, encoding: .utf8)
      .replacingOccurrences(of: "\"filename\" : \"\",\n", with: "")
    try text.write(to: contents, atomically: true, encoding: .utf8)
    let bare = app.catalog.appendingPathComponent("Bare.appiconset")
    try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
    try #"{ "images" : [ ], "info" : { "author" : "xcode", "version" : 1 } }"#.write(
      to: bare.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)

    let found = try Self.check(app)

    #expect(!found.contains { $0.id == .setNotShipped })
    let empty = found.filter { $0.id == .emptySet }
    #expect(empty.count == 2)
    #expect(empty.allSatisfy { $0.severity == .warning })
    let spare = try #require(empty.first { $0.message.contains("\"Spare\"") })
    #expect(spare.file == contents.path)
    #expect(spare.message.contains("2 slots but no image files"))
    #expect(
      empty.contains { $0.message.contains("\"Bare\"") && $0.message.contains("no image slots") })
    #expect(!found.contains { $0.fix.contains("ALTERNATE_APPICON_NAMES") })
  }

  /// An empty set that is named: actool generates nothing from it, so it is no alternate (no
  /// alternate-without-image), and the set is empty-set, the one finding.
  @Test func aNamedEmptySetSaysItIsEmpty() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["Hollow"])
    try app.singleSizeSet("AppIcon")
    try app.set("Hollow", images: [.init(filename: "", idiom: "iphone", size: 60, scale: 2)])

    #expect(try app.read().alternates.isEmpty)
    let found = try Self.check(app)

    #expect(!found.contains { $0.id == .alternateWithoutImage })
    #expect(found.contains { $0.id == .emptySet && $0.message.contains("\"Hollow\"") })
    #expect(!found.contains { $0.id == .setNotShipped })
  }

  /// An unused set with images is still set-not-shipped.
  @Test func anUnusedSetWithImagesIsStillNotShipped() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.singleSizeSet("AppIcon")
    try app.singleSizeSet("Forgotten")

    let found = try Self.check(app)

    #expect(found.map(\.id) == [.setNotShipped])
  }
}
