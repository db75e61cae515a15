import Foundation
import IconCatalog
import Testing

@Suite("A built .app bundle")
struct BuiltAppTests {
  private static let png = Data([0x89, 0x50, 0x4E, 0x47])

  /// What actool and Xcode leave in `Palette.app`: a binary Info.plist naming the icons, their
  /// loose PNGs, and an Assets.car that cannot be read here.
  private func builtApp(format: PropertyListSerialization.PropertyListFormat = .binary) throws
    -> Fixture
  {
    let fixture = try Fixture()
    func icons(_ files: [String]) -> [String: Any] {
      [
        "CFBundlePrimaryIcon": ["CFBundleIconFiles": files, "CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": [
          "AppIcon-Blue": [
            "CFBundleIconFiles": files.map {
              $0.replacingOccurrences(of: "AppIcon", with: "AppIcon-Blue")
            },
            "CFBundleIconName": "AppIcon-Blue",
          ],
          "Night": ["CFBundleIconFiles": ["Night60x60"], "CFBundleIconName": "Night"],
        ],
      ]
    }
    try fixture.writePlist(
      "Build/Products/Release-iphoneos/Palette.app/Info.plist",
      [
        "CFBundleDisplayName": "Palette",
        "CFBundleIdentifier": "dev.iconpick.Palette",
        "CFBundleExecutable": "Palette",
        "CFBundleIcons": icons(["AppIcon60x60"]),
        "CFBundleIcons~ipad": icons(["AppIcon60x60", "AppIcon76x76"]),
      ], format: format)
    let app = "Build/Products/Release-iphoneos/Palette.app"
    for name in [
      "AppIcon60x60@2x.png", "AppIcon60x60@3x.png", "AppIcon76x76@2x~ipad.png",
      "AppIcon-Blue60x60@2x.png", "AppIcon-Blue76x76@2x~ipad.png",
    ] {
      try fixture.write("\(app)/\(name)", data: Self.png)
    }
    try fixture.write(
      "\(app)/Assets.car", data: Data([0x42, 0x4F, 0x4D, 0x53, 0x74, 0x6F, 0x72, 0x65]))
    try fixture.write("\(app)/Palette", data: Data([0x7F, 0x45, 0x4C, 0x46]))
    return fixture
  }

  private let appPath = "Build/Products/Release-iphoneos/Palette.app"

  @Test(
    "names from the processed Info.plist, images from the loose PNGs beside it",
    arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
  func readsBuiltApp(format: PropertyListSerialization.PropertyListFormat) throws {
    let fixture = try builtApp(format: format)
    let app = fixture.url(appPath)
    let icons = try AppIconReader.read(at: app)

    #expect(icons.appName == "Palette")
    #expect(icons.bundleIdentifier == "dev.iconpick.Palette")
    #expect(icons.location == app)
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.primary.assetName == "AppIcon")
    #expect(icons.alternates.map(\.name) == ["AppIcon-Blue", "Night"])
    #expect(icons.alternates.map(\.displayName) == ["Blue", "Night"])
    #expect(
      icons.primary.renditions == [
        IconRendition(
          file: app.appendingPathComponent("AppIcon60x60@2x.png"), idiom: "iphone", pointSize: 60,
          scale: 2),
        IconRendition(
          file: app.appendingPathComponent("AppIcon60x60@3x.png"), idiom: "iphone", pointSize: 60,
          scale: 3),
        IconRendition(
          file: app.appendingPathComponent("AppIcon76x76@2x~ipad.png"), idiom: "ipad",
          pointSize: 76, scale: 2),
      ])
    let blue = try #require(icons.alternate(named: "AppIcon-Blue"))
    #expect(
      blue.files.map(\.lastPathComponent) == [
        "AppIcon-Blue60x60@2x.png", "AppIcon-Blue76x76@2x~ipad.png",
      ])
    #expect(blue.declaredIdioms == ["iphone", "ipad"])
    // Declared, but its images are only in Assets.car: still listed, with no files.
    #expect(icons.alternate(named: "Night")?.renditions == [])
  }

  @Test("the model says where each icon is declared and how the primary is named, as for a project")
  func declarationsInTheModel() throws {
    let fixture = try builtApp()
    let icons = try AppIconReader.read(at: fixture.url(appPath))
    let plist = fixture.url(appPath).appendingPathComponent("Info.plist").path
    // A binary plist has no lines: the key path says where.
    #expect(
      icons.declarationPlace(of: icons.primary)
        == DeclarationPlace(file: plist, keyPath: ["CFBundleIcons", "CFBundlePrimaryIcon"]))
    let night = try #require(icons.alternate(named: "Night"))
    #expect(
      icons.declarationPlace(of: night)?.keyPath
        == ["CFBundleIcons", "CFBundleAlternateIcons", "Night"])
    #expect(icons.primaryIconNaming?.isNamed == true)
    #expect(icons.primaryIconNaming?.isKnown == true)
    // No name with a suffix: nothing to find as written, and no top-level array.
    #expect(icons.iconFilesFoundAsWritten == [])
    #expect(icons.iconDictionaries.topLevelIconFiles == nil)
    #expect(icons.iconDictionaries.entries.allSatisfy { $0.entry.isWritten })
  }

  @Test("build settings around the app are ignored: its Info.plist is the truth")
  func settingsIgnored() throws {
    let fixture = try builtApp()
    try fixture.write(
      "\(appPath)/Extra.xcconfig",
      "ASSETCATALOG_COMPILER_APPICON_NAME = Other\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Ghost\n"
    )
    let icons = try AppIconReader.read(at: fixture.url(appPath))
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.alternates.map(\.name) == ["AppIcon-Blue", "Night"])
  }

  @Test("a trailing slash or dots in PATH read the same app")
  func pathSpelling() throws {
    let fixture = try builtApp()
    let spelled = URL(fileURLWithPath: fixture.url(appPath).path + "/../Palette.app/")
    let icons = try AppIconReader.read(at: spelled)
    #expect(icons.location == fixture.url(appPath))
    #expect(icons.primary.renditions.count == 3)
  }

  @Test("without a display name: CFBundleName, then the bundle's name without .app")
  func names() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Quiet.app/Info.plist", ["CFBundleIdentifier": "dev.example.Quiet"])
    #expect(try AppIconReader.read(at: fixture.url("Quiet.app")).appName == "Quiet")
    try fixture.writePlist(
      "Quiet.app/Info.plist", ["CFBundleIdentifier": "dev.example.Quiet", "CFBundleName": "Hush"])
    #expect(try AppIconReader.read(at: fixture.url("Quiet.app")).appName == "Hush")
  }

  @Test("a built app without CFBundleIdentifier is an error naming its Info.plist")
  func noIdentifier() throws {
    let fixture = try Fixture()
    let plist = try fixture.writePlist("Broken.app/Info.plist", ["CFBundleName": "Broken"])
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.url("Broken.app"))
    }
    #expect(error == .unresolvedBundleIdentifier(file: plist.path, value: ""))
  }

  @Test("a malformed processed Info.plist is an error naming it")
  func malformed() throws {
    let fixture = try Fixture()
    let plist = try fixture.write(
      "Broken.app/Info.plist", data: Data([0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30]))
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.url("Broken.app"))
    }
    guard case .unreadablePlist(let file, _) = error else {
      Issue.record("expected unreadablePlist, got \(error)")
      return
    }
    #expect(file == plist.path)
  }

  @Test("a macOS bundle: Contents/Info.plist, icons in Contents/Resources")
  func macOSLayout() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Mac.app/Contents/Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Mac",
        "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"]]],
      ])
    try fixture.write("Mac.app/Contents/Resources/AppIcon@2x.png", data: Self.png)
    let icons = try AppIconReader.read(at: fixture.url("Mac.app"))
    #expect(icons.primary.files == [fixture.url("Mac.app/Contents/Resources/AppIcon@2x.png")])
  }

  @Test("a source folder named Something.app (holding a workspace) is read as a project")
  func sourceFolderNamedApp() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Awful.app/Info.plist", ["CFBundleIdentifier": "dev.example.Awful", "CFBundleName": "Awful"])
    try fixture.write(
      "Awful.app/App.xcconfig", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Ghost\n")
    try fixture.write("Awful.app/Awful.xcworkspace/contents.xcworkspacedata", "<Workspace/>")
    try fixture.writeSingleSizeIconSet("Ghost", catalog: "Awful.app/Assets.xcassets")
    let icons = try AppIconReader.read(at: fixture.url("Awful.app"))
    #expect(icons.alternates.map(\.name) == ["Ghost"])
  }
}
