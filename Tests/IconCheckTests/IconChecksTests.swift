import CPNG
import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Each fixture is an app folder written into a temporary folder: an xcconfig and/or an Info.plist,
/// an asset catalog whose Contents.json files are written as text (so lines are known), and real
/// PNGs written with libpng.
@Suite struct IconChecksTests {
  // MARK: Clean input

  @Test func cleanPaletteLikeAppHasNoDiagnostics() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue", "AppIcon-Green"])
    for name in ["AppIcon", "AppIcon-Blue", "AppIcon-Green"] {
      try app.singleSizeSet(name)
    }
    #expect(try Checker.diagnose(app.read()) == [])
  }

  /// The bundled demo app (Icon Composer bundles) and its older form kept as a fixture
  /// (`.appiconset`s of 1024×1024 RGB PNGs).
  @Test(arguments: ["Assets/Palette", "Tests/Fixtures/PaletteAppIconSets"])
  func bundledPaletteHasNoDiagnostics(_ folder: String) throws {
    let palette = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(folder, isDirectory: true)
    let app = try AppIconReader.read(at: palette, target: nil, configuration: nil)
    #expect(app.alternates.count == 7)
    #expect(app.allIcons.allSatisfy { !$0.files.isEmpty })
    #expect(Checker.diagnose(app) == [])
  }

  // MARK: Errors

  @Test func alternateWithoutImage() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.infoPlist(alternates: ["AppIcon-Blue": "AppIcon-Blue"])
    try app.singleSizeSet("AppIcon")
    let all = try Checker.diagnose(app.read())
    // The reading knows the catalogs' sets too, so the Info.plist's name of no set is reported
    // as check reports it (ITMS-90895).
    #expect(all.map(\.id) == [.alternateWithoutImage, .plistNameNotInCatalog])
    let found = all.filter { $0.id == .alternateWithoutImage }
    // Every reading says where the icon is declared (here its Info.plist key), as check's does.
    #expect(found.first?.file == app.root.appendingPathComponent("Info.plist").path)
    #expect(found.first?.line != nil)
    #expect(
      found.map { Diagnostic(id: $0.id, file: nil, message: $0.message, fix: $0.fix) } == [
        Diagnostic(
          id: .alternateWithoutImage, file: nil,
          message:
            "alternate icon \"AppIcon-Blue\" has no image: no app icon set \"AppIcon-Blue\" and no icon files named \"AppIcon-Blue\" hold one",
          fix:
            "Add an app icon set named \"AppIcon-Blue\" to the asset catalog, or remove \"AppIcon-Blue\" from the alternate icons."
        )
      ])
  }

  @Test func primaryNotFound() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    try app.singleSizeSet("AppIcon-Blue")
    let found = try Checker.diagnose(app.read())
    #expect(found.map(\.id) == [.primaryNotFound])
    #expect(found.first?.severity == .error)
    // At the setting that names it: every reading says where each icon is declared.
    #expect(found.first?.file == app.root.appendingPathComponent("Fixture.xcconfig").path)
    #expect(found.first?.line == 2)
    #expect(
      found.first?.message
        == "the primary icon \"AppIcon\" has no image file: no app icon set or icon file of that name holds one"
    )
  }

  @Test func missingFileIsReportedAtItsContentsJSONLine() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    try app.singleSizeSet("AppIcon")
    let set = try app.set(
      "AppIcon-Blue",
      images: [
        .init(filename: "Blue-1024.png", idiom: "ios-marketing", size: 1024, scale: 1),
        .init(filename: "Blue-60@2x.png", idiom: "iphone", size: 60, scale: 2),
      ])
    try writePNG(set.appendingPathComponent("Blue-1024.png"), width: 1024, height: 1024)
    let contents = set.appendingPathComponent("Contents.json").path
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .missingFile, file: contents, line: 10,
          message:
            "Blue-60@2x.png of icon \"AppIcon-Blue\" is named in Contents.json but does not exist",
          fix: "Add Blue-60@2x.png next to Contents.json, or remove the entry that names it.")
      ])
  }

  @Test func aSetWhoseFilesAreAllMissingSaysSoAndListsThem() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    try app.singleSizeSet("AppIcon")
    _ = try app.set(
      "AppIcon-Blue",
      images: [
        .init(filename: "Blue-1024.png", idiom: "ios-marketing", size: 1024, scale: 1),
        .init(filename: "Blue-60@2x.png", idiom: "iphone", size: 60, scale: 2),
      ])
    let found = try Checker.diagnose(app.read())
    #expect(
      found.map(\.id.rawValue).sorted() == [
        "alternate-without-image", "missing-file", "missing-file",
      ])
    #expect(
      found.first { $0.id == .alternateWithoutImage }?.message
        == "alternate icon \"AppIcon-Blue\" has no image: all 2 files its icon set names are missing"
    )
  }

  @Test func wrongPixelSize() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Blue"])
    try app.singleSizeSet("AppIcon")
    let set = try app.set(
      "AppIcon-Blue",
      images: [
        .init(filename: "AppIcon-Blue-1024.png", idiom: "ios-marketing", size: 1024, scale: 1),
        .init(filename: "AppIcon-Blue.png", idiom: "iphone", size: 60, scale: 2),
      ])
    try writePNG(set.appendingPathComponent("AppIcon-Blue-1024.png"), width: 1024, height: 1024)
    let file = set.appendingPathComponent("AppIcon-Blue.png")
    try writePNG(file, width: 512, height: 512)
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .wrongPixelSize, file: file.path,
          message:
            "AppIcon-Blue.png of icon \"AppIcon-Blue\" is 512×512 pixels; the 60pt @2x slot needs 120×120",
          fix: "Export the image at 120×120 pixels, or move it to the slot of that size.",
          autofix: .resample(file: file.path, pixels: 120))
      ])
  }

  @Test func fractionalPointSizesAreNamedAsWritten() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon",
      images: [
        .init(filename: "1024.png", idiom: "ios-marketing", size: 1024, scale: 1),
        .init(filename: "83.5@2x.png", idiom: "ipad", size: 83.5, scale: 2),
      ])
    try writePNG(set.appendingPathComponent("1024.png"), width: 1024, height: 1024)
    try writePNG(set.appendingPathComponent("83.5@2x.png"), width: 167, height: 167)
    // An iPhone app without a 120×120 image: primary-missing-size, which SizeChecksTests covers.
    let others = { (found: [Diagnostic]) in found.filter { $0.id != .primaryMissingSize } }
    #expect(try others(Checker.diagnose(app.read())) == [])
    try writePNG(set.appendingPathComponent("83.5@2x.png"), width: 166, height: 166)
    let found = try others(Checker.diagnose(app.read()))
    #expect(found.map(\.id) == [.wrongPixelSize])
    #expect(found.first?.message.hasSuffix("the 83.5pt @2x slot needs 167×167") == true)
  }

  @Test func notSquare() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "AppIcon.png", idiom: "universal", size: 1024)])
    let file = set.appendingPathComponent("AppIcon.png")
    try writePNG(file, width: 1024, height: 1000)
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .notSquare, file: file.path,
          message: "AppIcon.png of icon \"AppIcon\" is 1024×1000 pixels, not square",
          fix: "Export the icon as a square image of the size its slot needs.")
      ])
  }

  @Test func tvOSImageStackLayersAreWideByDesign() throws {
    let front = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconcheck-tv-\(UUID().uuidString)/App Icon.imagestack/Front.imagestacklayer/Content.imageset"
    )
    try FileManager.default.createDirectory(at: front, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(
        at: front.deletingLastPathComponent().deletingLastPathComponent()
          .deletingLastPathComponent())
    }
    let file = front.appendingPathComponent("Front.png")
    try writePNG(file, width: 400, height: 240, alpha: true)
    let layer = IconRendition(file: file, idiom: "tv", pointSize: nil, scale: 1, platform: "tvos")
    var app = AppIcons(
      appName: "TV", bundleIdentifier: "dev.example.TV",
      primary: AppIcon(
        name: "App Icon", assetName: "App Icon", displayName: "Default", isPrimary: true,
        renditions: [layer]),
      alternates: [], location: front)
    app.platform = .tvOS
    app.deviceFamilies = [3]
    #expect(Checker.diagnose(app) == [])
  }

  @Test func jpegNamedPNGIsTheWrongFormat() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "AppIcon.png", idiom: "universal", size: 1024)])
    let file = set.appendingPathComponent("AppIcon.png")
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00]).write(to: file)
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .wrongFormat, file: file.path,
          message:
            "AppIcon.png of icon \"AppIcon\" is a JPEG, not a PNG as its extension .png says",
          fix: "Export the image again as a real PNG file.")
      ])
  }

  @Test func webPNamedPNGInASetIsAWarningALooseOneAnError() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "AppIcon.png", idiom: "universal", size: 1024)])
    let file = set.appendingPathComponent("AppIcon.png")
    // RIFF, a size, WEBP, VP8L: the start of a lossless WebP.
    try Data(
      Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0x0D, 0, 0, 0, 0x2F]
    )
    .write(to: file)
    let found = try Checker.diagnose(app.read())
    #expect(found.map(\.id) == [.wrongFormat])
    #expect(found.first?.severity == .warning)
    #expect(
      found.first?.message
        == "AppIcon.png of icon \"AppIcon\" is a WebP, not a PNG as its extension .png says: actool reads a catalog's images by their content, so the build works, but tools that trust the extension do not"
    )
    #expect(IconChecks.isReadByContentInCatalog(file, format: .webp))
    #expect(
      !IconChecks.isReadByContentInCatalog(
        URL(fileURLWithPath: "/app/Icon-60@2x.png"), format: .webp))
    #expect(!IconChecks.isReadByContentInCatalog(file, format: .jpeg))
  }

  @Test func gitLFSPointerSaysToPull() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "AppIcon.png", idiom: "universal", size: 1024)])
    let file = set.appendingPathComponent("AppIcon.png")
    try Data(
      """
      version https://git-lfs.github.com/spec/v1
      oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
      size 12345

      """.utf8
    ).write(to: file)
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .wrongFormat, file: file.path,
          message:
            "AppIcon.png of icon \"AppIcon\" is a Git LFS pointer, not the image: run `git lfs pull`",
          fix: "Run `git lfs pull` to fetch the real image, then check again.")
      ])
  }

  @Test func emptyAndTruncatedFilesAreTheWrongFormatNotACrash() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon",
      images: [
        .init(filename: "1024.png", idiom: "ios-marketing", size: 1024, scale: 1),
        .init(filename: "60@2x.png", idiom: "iphone", size: 60, scale: 2),
      ])
    try Data().write(to: set.appendingPathComponent("1024.png"))
    // A PNG signature and nothing else.
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(
      to: set.appendingPathComponent("60@2x.png"))
    let found = try Checker.diagnose(app.read())
    #expect(found.map(\.id) == [.wrongFormat, .wrongFormat])
    #expect(found.first?.message == "1024.png of icon \"AppIcon\" is an empty file, not an image")
    #expect(found.last?.message.hasPrefix("60@2x.png of icon \"AppIcon\" is a damaged PNG") == true)
  }

  @Test func namesThatDifferOnlyByCase() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.singleSizeSet("AppIcon")
    try app.singleSizeSet("AppIcon-Blue")
    try app.infoPlist(alternates: ["Blue": "AppIcon-Blue", "blue": "AppIcon-Blue"])
    let found = try Checker.diagnose(app.read())
    #expect(found.first?.file == app.root.appendingPathComponent("Info.plist").path)
    #expect(
      found.map { Diagnostic(id: $0.id, file: nil, message: $0.message, fix: $0.fix) } == [
        Diagnostic(
          id: .namesDifferOnlyByCase, file: nil,
          message:
            "icon names \"Blue\" and \"blue\" differ only by case; iOS file systems may be case-insensitive",
          fix: "Rename one of them so that the names differ in more than letter case.")
      ])
  }

  // MARK: Warnings

  @Test func noAppStoreIcon() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon",
      images: [
        .init(filename: "60@2x.png", idiom: "iphone", size: 60, scale: 2),
        .init(filename: "60@3x.png", idiom: "iphone", size: 60, scale: 3),
      ])
    try writePNG(set.appendingPathComponent("60@2x.png"), width: 120, height: 120)
    try writePNG(set.appendingPathComponent("60@3x.png"), width: 180, height: 180)
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .noAppStoreIcon, file: set.appendingPathComponent("Contents.json").path,
          message:
            "icon \"AppIcon\" has no 1024×1024 App Store image (a 1024pt universal or ios-marketing @1x slot)",
          fix: "Add a 1024×1024 PNG to the set's App Store (ios-marketing) or single-size slot.")
      ])
  }

  /// The single-size image is the App Store image: transparent there, it is marketing-icon-alpha
  /// (ITMS-90717); AlphaChecksTests covers the rest.
  @Test func alphaChannel() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon", images: [.init(filename: "AppIcon.png", idiom: "universal", size: 1024)])
    let file = set.appendingPathComponent("AppIcon.png")
    try writePNG(file, width: 1024, height: 1024, alpha: true)
    #expect(
      try Checker.diagnose(app.read()) == [
        Diagnostic(
          id: .marketingIconAlpha, file: file.path,
          message:
            "AppIcon.png, the 1024×1024 App Store image of the primary icon \"AppIcon\", is transparent: 1048576 of 1048576 pixels (100%) are not opaque; App Store Connect rejects the upload (ITMS-90717: \"Invalid large app icon ... can't be transparent or contain an alpha channel\")",
          fix:
            "Flatten the image onto an opaque background and export it without an alpha channel.",
          autofix: .flattenAlpha(file: file.path))
      ])
  }

  @Test func darkAppearanceMayBeTransparent() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    let set = try app.set(
      "AppIcon",
      images: [
        .init(filename: "AppIcon.png", idiom: "universal", size: 1024),
        .init(filename: "AppIcon-Dark.png", idiom: "universal", size: 1024, dark: true),
      ])
    try writePNG(set.appendingPathComponent("AppIcon.png"), width: 1024, height: 1024)
    try writePNG(
      set.appendingPathComponent("AppIcon-Dark.png"), width: 1024, height: 1024, alpha: true)
    #expect(try Checker.diagnose(app.read()) == [])
  }

  @Test func unusualNamesAreEscaped() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: [])
    try app.singleSizeSet("AppIcon")
    try app.singleSizeSet("AppIcon-Blue")
    try app.infoPlist(alternates: ["Blue ": "AppIcon-Blue", "Tab\tBlue": "AppIcon-Blue"])
    let found = try Checker.diagnose(app.read())
    #expect(found.map(\.id) == [.unusualName, .unusualName])
    let plist = app.root.appendingPathComponent("Info.plist").path
    #expect(found.allSatisfy { $0.severity == .warning && $0.file == plist })
    #expect(
      Set(found.map(\.message)) == [
        "alternate icon name \"Blue \" has leading or trailing white space, which code cannot pass to setAlternateIconName cleanly",
        "alternate icon name \"Tab\\tBlue\" has control characters, which code cannot pass to setAlternateIconName cleanly",
      ])
  }

  @Test func escapingSpellsOutControlCharacters() {
    #expect(IconChecks.escaped("a\u{1}b\nc\u{7F}") == "a\\u{1}b\\nc\\u{7F}")
    #expect(IconChecks.escaped("Blå") == "Blå")
  }

  // MARK: Report

  static let sample = [
    Diagnostic(
      id: .alphaChannel, file: "b/Icon.png", message: "has alpha",
      fix: "Flatten it."),
    Diagnostic(
      id: .missingFile, file: "a/Contents.json", line: 12,
      message: "gone", fix: "Add it."),
    Diagnostic(
      id: .missingFile, file: "a/Contents.json", line: 4,
      message: "gone too", fix: "Add it."),
    Diagnostic(
      id: .namesDifferOnlyByCase, file: nil, message: "case",
      fix: "Rename one."),
  ]

  @Test func humanReportIsCompilerStyleSortedWithACount() {
    #expect(
      CheckReport.human(Self.sample) == """
        iconpick: error: case [names-differ-only-by-case]
            fix: Rename one.
        a/Contents.json:4: error: gone too [missing-file]
            fix: Add it.
        a/Contents.json:12: error: gone [missing-file]
            fix: Add it.
        b/Icon.png: warning: has alpha [alpha-channel]
            fix: Flatten it.
        3 errors, 1 warning

        """)
    #expect(CheckReport.human([]) == "no problems found\n")
    #expect(CheckReport.count([Self.sample[1]]) == "1 error, 0 warnings")
  }

  @Test func jsonReportHasNullsAndCounts() throws {
    let text = try CheckReport.json([Self.sample[0], Self.sample[3]])
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    #expect(object["warnings"] as? Int == 1)
    let list = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(list.count == 2)
    #expect(list[0]["id"] as? String == "names-differ-only-by-case")
    #expect(list[0]["file"] is NSNull)
    #expect(list[0]["line"] is NSNull)
    #expect(list[1]["file"] as? String == "b/Icon.png")
    #expect(list[1]["severity"] as? String == "warning")
    #expect(list[1]["fix"] as? String == "Flatten it.")
    #expect(
      Set(list[1].keys) == [
        "id", "severity", "file", "line", "message", "fix", "target", "autofix",
      ])
    #expect(list[1]["autofix"] is NSNull)
    #expect(list[1]["target"] is NSNull)
    // Sorted keys: "diagnostics" before "errors" before "warnings".
    let keys = ["\"diagnostics\"", "\"errors\"", "\"warnings\""].compactMap {
      text.range(of: $0)?.lowerBound
    }
    #expect(keys.count == 3 && keys == keys.sorted())
    let empty = try CheckReport.json([])
    let emptyObject = try #require(
      JSONSerialization.jsonObject(with: Data(empty.utf8)) as? [String: Any])
    #expect((emptyObject["diagnostics"] as? [Any])?.isEmpty == true)
    #expect(emptyObject["errors"] as? Int == 0)
  }
}

// MARK: Fixtures

/// An app folder in a fresh temporary folder, removed when the value is released.
final class FixtureApp {
  let root: URL
  var catalog: URL { root.appendingPathComponent("Assets.xcassets", isDirectory: true) }

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("iconcheck-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    try #"{ "info" : { "author" : "xcode", "version" : 1 } }"#.write(
      to: catalog.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func read() throws -> AppIcons {
    try AppIconReader.read(at: root, target: nil, configuration: nil)
  }

  func config(primary: String, alternates: [String]) {
    let text = """
      PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Fixture
      ASSETCATALOG_COMPILER_APPICON_NAME = \(primary)
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(alternates.joined(separator: " "))
      ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = NO
      TARGETED_DEVICE_FAMILY = 1

      """
    try? text.write(
      to: root.appendingPathComponent("Fixture.xcconfig"), atomically: true, encoding: .utf8)
  }

  /// An Info.plist whose `CFBundleAlternateIcons` maps each name to its asset.
  func infoPlist(alternates: [String: String]) throws {
    var icons: [String: Any] = [:]
    for (name, asset) in alternates { icons[name] = ["CFBundleIconName": asset] }
    let plist: [String: Any] = [
      "CFBundleIdentifier": "dev.iconpick.Fixture",
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": icons,
      ],
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .xml, options: 0)
    try data.write(to: root.appendingPathComponent("Info.plist"))
  }

  struct Image {
    var filename: String
    var idiom: String
    var size: Double
    var scale: Int? = nil
    var dark = false
  }

  /// Writes `NAME.appiconset/Contents.json`, one image entry per 6 or 7 lines, starting on line 3:
  /// the first entry's `"filename"` is on line 4, the second's on line 10 (without `dark`).
  @discardableResult
  func set(_ name: String, images: [Image]) throws -> URL {
    let folder = catalog.appendingPathComponent("\(name).appiconset", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let entries = images.map { image in
      let size = IconChecks.points(image.size)
      var lines = ["    {", "      \"filename\" : \"\(image.filename)\","]
      if image.dark {
        lines.append(
          "      \"appearances\" : [ { \"appearance\" : \"luminosity\", \"value\" : \"dark\" } ],")
      }
      lines.append("      \"idiom\" : \"\(image.idiom)\",")
      if image.idiom == "universal" { lines.append("      \"platform\" : \"ios\",") }
      if let scale = image.scale { lines.append("      \"scale\" : \"\(scale)x\",") }
      lines.append("      \"size\" : \"\(size)x\(size)\"")
      lines.append("    }")
      return lines.joined(separator: "\n")
    }
    let text = """
      {
        "images" : [
      \(entries.joined(separator: ",\n"))
        ],
        "info" : { "author" : "xcode", "version" : 1 }
      }

      """
    try text.write(
      to: folder.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
    return folder
  }

  /// A set in the single-size form with a 1024×1024 RGB PNG, as Palette's.
  func singleSizeSet(_ name: String) throws {
    let folder = try set(
      name, images: [Image(filename: "\(name).png", idiom: "universal", size: 1024)])
    try writePNG(folder.appendingPathComponent("\(name).png"), width: 1024, height: 1024)
  }
}

/// Writes a solid-colour PNG with libpng's simplified write API: RGB, or RGBA with `alpha`.
func writePNG(_ file: URL, width: Int, height: Int, alpha: Bool = false) throws {
  struct WriteFailed: Error { var message: String }
  let channels = alpha ? 4 : 3
  var pixels = [UInt8](repeating: 0, count: width * height * channels)
  for index in stride(from: 0, to: pixels.count, by: channels) {
    pixels[index] = 40
    pixels[index + 1] = 120
    pixels[index + 2] = 220
    if alpha { pixels[index + 3] = 200 }
  }
  var image = png_image()
  image.version = UInt32(PNG_IMAGE_VERSION)
  image.width = UInt32(width)
  image.height = UInt32(height)
  image.format = UInt32(PNG_FORMAT_FLAG_COLOR | (alpha ? PNG_FORMAT_FLAG_ALPHA : 0))
  let written = pixels.withUnsafeBytes { bytes in
    cp_png_image_write_to_file(
      &image, file.path, 0, bytes.baseAddress, Int32(width * channels), nil)
  }
  defer { cp_png_image_free(&image) }
  guard written != 0 else {
    let message = withUnsafeBytes(of: image.message) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    throw WriteFailed(message: message)
  }
}
