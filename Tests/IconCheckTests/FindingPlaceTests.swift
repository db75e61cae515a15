import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 13, point 3: every finding points at a file, and at a line where there is one: the
/// setting's line, the Info.plist key, the Contents.json entry, or the image.
@Suite struct FindingPlaceTests {
  func check(_ app: FixtureApp) throws -> [Diagnostic] { try FalsePositiveTests.check(app) }

  func lines(_ file: URL) throws -> [String] {
    try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
  }

  /// 1-based line of the first line holding every one of `parts`.
  func line(in file: URL, holding parts: String...) throws -> Int? {
    try lines(file).firstIndex { line in parts.allSatisfy { line.contains($0) } }.map { $0 + 1 }
  }

  @Test func aSettingNameWithoutSetIsAtItsSettingLine() throws {
    let app = try FixtureApp()
    let config = app.root.appendingPathComponent("Fixture.xcconfig")
    try """
    PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Fixture
    ASSETCATALOG_COMPILER_APPICON_NAME = Nowhere
    // ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue has a set; Gone does not.
    ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Gone

    """.write(to: config, atomically: true, encoding: .utf8)
    try app.singleSizeSet("Blue")

    let found = try check(app)

    // actool makes no alternate of a name without a set: said, and no icon.
    #expect(!found.contains { $0.id == .alternateWithoutImage })
    let gone = try #require(found.first { $0.id == .settingNameNotFound })
    #expect(gone.file == config.path)
    #expect(gone.line == 4)
    let primary = try #require(found.first { $0.id == .primaryNotFound })
    #expect(primary.file == config.path)
    #expect(primary.line == 2)
  }

  @Test func anAlternateWithoutImageIsAtItsInfoPlistKey() throws {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    try app.singleSizeSet("Blue")
    try app.infoPlist(alternates: ["Blue": "Blue", "Gone": "Gone"])
    let plist = app.root.appendingPathComponent("Info.plist")

    let found = try check(app)

    let gone = try #require(found.first { $0.id == .alternateWithoutImage })
    #expect(gone.file == plist.path)
    #expect(gone.line == (try line(in: plist, holding: "<key>Gone</key>")))
    #expect(gone.line != nil)
  }

  @Test func thePrimaryIsAtItsInfoPlistKeyWhenNoSettingNamesIt() throws {
    let app = try FixtureApp()
    try app.infoPlist(alternates: [:])
    let plist = app.root.appendingPathComponent("Info.plist")

    let found = try check(app)

    let primary = try #require(found.first { $0.id == .primaryNotFound })
    #expect(primary.file == plist.path)
    #expect(primary.line == (try line(in: plist, holding: "<key>CFBundleIconName</key>")))
  }

  /// Fixtures that between them produce every id check had before issue 13 that a folder can
  /// (missing-base-configuration needs a project, and is always at its project.pbxproj), and the
  /// two of point 2; whatever else fires must point somewhere too.
  @Test func everyFindingHasAFile() throws {
    // The folders stay until the end, so that the files found can be looked at.
    let apps = [
      try Self.settingsAndInfoPlistFaults(), try Self.imageFaults(), try Self.casesAndOddNames(),
    ]
    let found = try apps.flatMap(check)

    let ids = Set(found.map(\.id))
    let expected: Set<DiagnosticID> = [
      .alternateWithoutImage, .primaryNotFound, .iconFileWithExtension,
      .iconFileWithSuffix, .setNotShipped, .emptySet, .missingIPadDeclaration,
      .missingFile, .wrongPixelSize, .notSquare, .wrongFormat,
      .namesDifferOnlyByCase, .iconJSONInvalid, .iconNoArtwork, .noAppStoreIcon,
      .looseFileInCatalog, .handWrittenAlternates, .settingNameCase, .unusualName,
      .iconAndAppIconSetSameName, .settingNameNotFound, .missingInclude, .includeCase,
    ]
    #expect(
      expected.subtracting(ids).isEmpty,
      "not produced: \(expected.subtracting(ids).map(\.rawValue).sorted())")
    let placeless = found.filter { $0.file == nil }
    #expect(placeless.isEmpty, "no file: \(placeless.map(\.id))")
    for diagnostic in found {
      // A missing icon.json or file is pointed at where it belongs, in a folder that is there.
      let file = try #require(diagnostic.file)
      let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
      #expect(
        FileManager.default.fileExists(atPath: file)
          || diagnostic.id == .iconJSONInvalid && FileManager.default.fileExists(atPath: folder),
        "\(diagnostic.id): \(file)")
    }
    // The ids that name a declaration have its line.
    for id: DiagnosticID in [
      .alternateWithoutImage, .primaryNotFound, .namesDifferOnlyByCase, .unusualName,
      .settingNameCase, .iconFileWithExtension, .iconFileWithSuffix,
      .settingNameNotFound, .missingInclude, .includeCase,
    ] {
      #expect(
        found.filter { $0.id == id }.allSatisfy { $0.line != nil }, "\(id) has no line")
    }
  }

  // MARK: Fixtures

  /// Build settings and Info.plist at fault: an `#include` with no file and one that differs in
  /// case, a setting name with no set, the primary and an alternate without image, a
  /// setting that differs from its set in case, hand-written alternates beside generated ones, one
  /// missing from `CFBundleIcons~ipad` in an iPad app, `CFBundleIconFiles` with `.png` and with a
  /// suffix, an unused set, an empty one, a loose image in the catalog, a set and a `.icon` of one
  /// name (whose icon.json is missing), and a `.icon` with no artwork.
  static func settingsAndInfoPlistFaults() throws -> FixtureApp {
    let app = try FixtureApp()
    try """
    PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Fixture
    ASSETCATALOG_COMPILER_APPICON_NAME = Missing
    ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Gone Dark-icon
    TARGETED_DEVICE_FAMILY = 1,2
    #include "Absent.xcconfig"
    #include? "shared.xcconfig"

    """.write(
      to: app.root.appendingPathComponent("Fixture.xcconfig"), atomically: true, encoding: .utf8)
    try "OTHER = 1\n".write(
      to: app.root.appendingPathComponent("Shared.xcconfig"), atomically: true, encoding: .utf8)
    try app.singleSizeSet("Dark-Icon")
    try app.singleSizeSet("Unused")
    try app.singleSizeSet("Twin")
    try app.singleSizeSet("Hand")
    try FileManager.default.createDirectory(
      at: app.catalog.appendingPathComponent("Twin.icon"), withIntermediateDirectories: true)
    let art = app.catalog.appendingPathComponent("Art.icon")
    try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
    try "{}".write(to: art.appendingPathComponent("icon.json"), atomically: true, encoding: .utf8)
    try app.set("Empty", images: [.init(filename: "", idiom: "iphone", size: 60, scale: 2)])
    try writePNG(app.catalog.appendingPathComponent("Stray.png"), width: 8, height: 8)
    try writePNG(app.root.appendingPathComponent("Legacy60x60@2x.png"), width: 120, height: 120)
    try _ = FalsePositiveTests.writeInfoPlist(
      app,
      [
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "Hand": [
              "CFBundleIconName": "Hand", "CFBundleIconFiles": ["Hand.png", "Legacy60x60@2x"],
            ],
            "Gone": ["CFBundleIconName": "Gone"],
          ]
        ]
      ])
    return app
  }

  /// An alternate whose files are wrong in every way a file can be.
  static func imageFaults() throws -> FixtureApp {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["Broken"])
    try app.singleSizeSet("AppIcon")
    let broken = try app.set(
      "Broken",
      images: [
        .init(filename: "wide.png", idiom: "iphone", size: 60, scale: 2),
        .init(filename: "photo.png", idiom: "iphone", size: 60, scale: 3),
        .init(filename: "small.png", idiom: "iphone", size: 40, scale: 2),
        .init(filename: "gone.png", idiom: "iphone", size: 29, scale: 2),
      ])
    try writePNG(broken.appendingPathComponent("wide.png"), width: 120, height: 100)
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]).write(
      to: broken.appendingPathComponent("photo.png"))
    try writePNG(broken.appendingPathComponent("small.png"), width: 60, height: 60)
    return app
  }

  /// Two alternates whose names differ only in case, and one with a trailing space.
  static func casesAndOddNames() throws -> FixtureApp {
    let app = try FixtureApp()
    try app.singleSizeSet("AppIcon")
    try app.singleSizeSet("Sun")
    try app.singleSizeSet("Odd")
    try app.infoPlist(alternates: ["Sun": "Sun", "sun": "Sun", "Odd ": "Odd"])
    return app
  }
}
