import Foundation
import Testing

@testable import IconCatalog

/// Issue 18, point 1: an icon's idioms are where the built Info.plist's dictionaries declare it,
/// for the devices the app runs on; images play no part.
@Suite struct IPadAvailabilityTests {
  /// A folder app with `settings` (an .xcconfig) and a hand-written `CFBundleIcons`.
  private func app(settings: String, plist: [String: Any]) throws -> AppIcons {
    let fixture = try Fixture()
    var root = plist
    root["CFBundleIdentifier"] = "dev.example.Pad"
    try fixture.writePlist("Info.plist", root)
    try fixture.write("App.xcconfig", settings)
    for name in ["AppIcon", "Blue", "Red"] { try fixture.writeSingleSizeIconSet(name) }
    return try AppIconReader.read(at: fixture.root)
  }

  private let handWritten: [String: Any] = [
    "CFBundleIcons": [
      "CFBundleAlternateIcons": [
        "Blue": ["CFBundleIconName": "Blue"], "Red": ["CFBundleIconName": "Red"],
      ]
    ]
  ]

  @Test("alternates written in CFBundleIcons only, a compiled primary, an iPad app: iPhone only")
  func generatedIPadDictionaryLacksThem() throws {
    let icons = try app(
      settings: "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\nTARGETED_DEVICE_FAMILY = 1,2\n",
      plist: handWritten)
    // actool writes CFBundleIcons~ipad with the primary; iPad reads it, and it has no Blue.
    #expect(icons.iconDictionaries["CFBundleIcons~ipad"]?.primary?.name == "AppIcon")
    #expect(icons.alternate(named: "Blue")?.idioms == ["iphone"])
    #expect(icons.isMissingOnIPad(try #require(icons.alternate(named: "Red"))))
    #expect(icons.primary.idioms == ["iphone", "ipad"])
  }

  @Test("nothing compiled and no CFBundleIcons~ipad: iPad reads CFBundleIcons")
  func baseServesIPad() throws {
    let icons = try app(settings: "TARGETED_DEVICE_FAMILY = 1,2\n", plist: handWritten)
    #expect(icons.iconDictionaries["CFBundleIcons~ipad"] == nil)
    #expect(icons.alternate(named: "Blue")?.idioms == ["iphone", "ipad"])
  }

  @Test("alternates from the build setting are in both dictionaries")
  func generatedAlternatesOnBoth() throws {
    let icons = try app(
      settings: """
        ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Red
        TARGETED_DEVICE_FAMILY = 1,2

        """, plist: [:])
    #expect(icons.alternates.map(\.idioms) == [["iphone", "ipad"], ["iphone", "ipad"]])
    guard
      case .buildSetting(let setting, let file, let line)? =
        icons.iconDictionaries["CFBundleIcons~ipad"]?.alternates.first?.origin
    else {
      Issue.record("the generated entry should say it came from the build setting")
      return
    }
    #expect(setting == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")
    #expect(file?.hasSuffix("App.xcconfig") == true)
    #expect(line == 2)
  }

  @Test("the written entry says where it is written")
  func writtenOrigin() throws {
    let icons = try app(settings: "TARGETED_DEVICE_FAMILY = 1\n", plist: handWritten)
    let entry = try #require(icons.iconDictionaries["CFBundleIcons"]?.alternates.first)
    guard case .infoPlist(let file, let line, let keyPath) = entry.origin else {
      Issue.record("expected an Info.plist origin")
      return
    }
    #expect(file.hasSuffix("Info.plist"))
    #expect(line != nil)
    #expect(keyPath == ["CFBundleIcons", "CFBundleAlternateIcons", "Blue"])
    #expect(icons.alternate(named: "Blue")?.idioms == ["iphone"])
  }
}
