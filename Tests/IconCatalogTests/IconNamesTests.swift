import Foundation
import Testing

@testable import IconCatalog

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
    try fixture.writeSingleSizeIconSet("AppIcon-Green")
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

/// The Info.plist as the built app has it: the asset catalog compiler's generated CFBundleIcons
/// applied over the written one (swift-build, InfoPlistProcessorTaskAction.mergeCFBundleIcons).
@Suite("The built Info.plist: generated CFBundleIcons merged in")
struct GeneratedIconsMergeTests {
  private func app(plist: [String: Any], settings: String, sets: [String]) throws -> Fixture {
    let fixture = try Fixture()
    var root = plist
    root["CFBundleIdentifier"] = "dev.example.Merge"
    try fixture.writePlist("Info.plist", root)
    try fixture.write("App.xcconfig", settings)
    for set in sets { try fixture.writeSingleSizeIconSet(set) }
    return fixture
  }

  private static let colours = ["AppIcon-black", "AppIcon-blue", "AppIcon-yellow"]

  @Test("names both in Info.plist and compiled from sets get the sets' images, once each")
  func infoPlistAndSets() throws {
    let fixture = try app(
      plist: [
        "CFBundleIcons": [
          "CFBundleAlternateIcons": Dictionary(
            uniqueKeysWithValues: Self.colours.map {
              ($0, ["CFBundleIconFiles": ["\($0)-60"]] as [String: Any])
            })
        ]
      ],
      settings:
        "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n",
      sets: ["AppIcon"] + Self.colours)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name).sorted() == Self.colours)
    for icon in icons.alternates {
      #expect(icon.files.map(\.lastPathComponent) == ["\(icon.name).png"], "\(icon.name)")
    }
  }

  @Test(
    "a build-setting name that differs from its set only in case means the set, by its own spelling"
  )
  func caseOfSettingNames() throws {
    let fixture = try app(
      plist: [
        "CFBundleIcons": [
          "CFBundleAlternateIcons": Dictionary(
            uniqueKeysWithValues: Self.colours.map {
              ($0, ["CFBundleIconName": $0] as [String: Any])
            })
        ]
      ],
      settings:
        "ASSETCATALOG_COMPILER_APPICON_NAME = appicon\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-Black AppIcon-Blue AppIcon-Yellow\nASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n",
      sets: ["AppIcon"] + Self.colours)
    let reading = try AppIconReader.readProject(at: fixture.root, target: nil, configuration: nil)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.alternates.map(\.name) == Self.colours)
    #expect(icons.alternate(named: "AppIcon-Yellow") == nil)
    #expect(icons.alternates.allSatisfy { $0.files.count == 1 })
    #expect(
      reading.names.caseMismatches.map(\.written) == [
        "appicon", "AppIcon-Black", "AppIcon-Blue", "AppIcon-Yellow",
      ])
    #expect(reading.names.caseMismatches.first?.setName == "AppIcon")
  }

  @Test("the primary set named by the build settings wins over stale CFBundleIconFiles")
  func stalePrimaryFiles() throws {
    let fixture = try app(
      plist: [
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon-Pride60x60"]]
        ]
      ],
      settings: "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n", sets: ["AppIcon"])
    try fixture.write("AppIcon-Pride60x60@2x.png", data: Data([0x89]))
    let primary = try AppIconReader.read(at: fixture.root).primary
    #expect(primary.files.map(\.lastPathComponent) == ["AppIcon.png"])
  }

  @Test(
    "without the merge (INFOPLIST_ENABLE_CFBUNDLEICONS_MERGE = NO) actool's list replaces the written one"
  )
  func mergeOff() throws {
    let plist: [String: Any] = [
      "CFBundleIcons": [
        "CFBundleAlternateIcons": ["Written": ["CFBundleIconFiles": ["Written"]]]
      ]
    ]
    let settings = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Compiled\n"
    let merged = try app(plist: plist, settings: settings, sets: ["AppIcon", "Compiled"])
    #expect(
      try AppIconReader.read(at: merged.root).alternates.map(\.name) == ["Compiled", "Written"])
    let replaced = try app(
      plist: plist, settings: settings + "INFOPLIST_ENABLE_CFBUNDLEICONS_MERGE = NO\n",
      sets: ["AppIcon", "Compiled"])
    #expect(try AppIconReader.read(at: replaced.root).alternates.map(\.name) == ["Compiled"])
  }

  @Test("compiled icons are offered on the idioms TARGETED_DEVICE_FAMILY names")
  func compiledIdioms() throws {
    let fixture = try app(
      plist: [:],
      settings:
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Dark\nTARGETED_DEVICE_FAMILY = 1,2\n",
      sets: ["AppIcon", "Dark"])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternate(named: "Dark")?.declaredIdioms == ["iphone", "ipad"])
    #expect(icons.primary.declaredIdioms == [])
  }
}
