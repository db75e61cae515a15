import Foundation
import IconCatalog
import Testing

@Suite("Which icons an app has")
struct IconNamesTests {
  @Test("include-all adds every other set, after the declared ones, without repeats")
  func includeAll() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.All"])
    try fixture.write(
      "App.xcconfig",
      """
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Zebra
      ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES
      """)
    for name in ["AppIcon", "Zebra", "Apple", "Mango"] { try fixture.writeSingleSizeIconSet(name) }
    try fixture.writeSingleSizeIconSet("Kiwi", catalog: "More.xcassets")

    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.alternates.map(\.name) == ["Zebra", "Apple", "Mango", "Kiwi"])
    #expect(icons.alternates.allSatisfy { $0.renditions.count == 1 })
  }

  @Test("include-all off (NO or unset): only declared icons")
  func includeAllOff() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.All"])
    try fixture.write("App.xcconfig", "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = NO\n")
    for name in ["AppIcon", "Apple"] { try fixture.writeSingleSizeIconSet(name) }
    #expect(try AppIconReader.read(at: fixture.root).alternates.isEmpty)
  }

  @Test("a name declared in build settings and Info.plist is listed once, where first declared")
  func deduplicate() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Dup",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "AppIcon-Blue": ["CFBundleIconName": "BlueAsset"],
            "AppIcon-Red": ["CFBundleIconName": "AppIcon-Red"],
          ]
        ],
      ])
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-Green AppIcon-Blue AppIcon-Green AppIcon\n"
    )
    let icons = try AppIconReader.read(at: fixture.root)
    // The primary is never repeated as an alternate.
    #expect(icons.alternates.map(\.name) == ["AppIcon-Green", "AppIcon-Blue", "AppIcon-Red"])
    // Info.plist's CFBundleIconName is what iOS reads, so it names the asset.
    #expect(icons.alternate(named: "AppIcon-Blue")?.assetName == "BlueAsset")
  }

  @Test("CFBundleIcons~ipad declarations count too")
  func iPadIcons() throws {
    let fixture = try Fixture()
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Pad",
        "CFBundleIcons": ["CFBundleAlternateIcons": ["Blue": [String: Any]()]],
        "CFBundleIcons~ipad": [
          "CFBundleAlternateIcons": ["Blue": [String: Any](), "Wide": [String: Any]()]
        ],
      ])
    #expect(try AppIconReader.read(at: fixture.root).alternates.map(\.name) == ["Blue", "Wide"])
  }
}

@Suite("Friendly display names")
struct IconDisplayNameTests {
  @Test(
    "alternates drop the primary's name and separators",
    arguments: [
      ("AppIcon-Green", "AppIcon", "Green"),
      ("AppIconBlue", "AppIcon", "Blue"),
      ("AppIcon_Orange", "AppIcon", "Orange"),
      ("AppIcon Pink", "AppIcon", "Pink"),
      ("AppIcon - Teal", "AppIcon", "Teal"),
      ("appicon-yellow", "AppIcon", "yellow"),
      ("Dark", "AppIcon", "Dark"),
      ("AppIcon", "AppIcon", "AppIcon"),
      ("AppIcon--", "AppIcon", "AppIcon--"),
      ("Brand-Night", "Brand", "Night"),
      // Xcode's default name says as little as the primary's.
      ("AppIcon-Green", "Brand", "Green"),
      ("Green", "", "Green"),
    ])
  func alternates(name: String, primary: String, expected: String) {
    #expect(IconDisplayName.friendly(for: name, primaryName: primary, isPrimary: false) == expected)
  }

  @Test("the primary is Default")
  func primary() {
    #expect(
      IconDisplayName.friendly(for: "AppIcon", primaryName: "AppIcon", isPrimary: true) == "Default"
    )
    #expect(
      IconDisplayName.friendly(for: "Brand", primaryName: "Brand", isPrimary: true) == "Default")
  }
}
