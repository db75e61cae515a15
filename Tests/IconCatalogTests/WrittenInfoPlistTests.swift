import Foundation
import Testing

@testable import IconCatalog

/// IconCatalog reports the Info.plist's icon dictionaries as written, with their lines and the
/// settings to expand them; IconCheck judges them (its `IconDictionaryLint`).
@Suite struct WrittenInfoPlistTests {
  @Test func theRootTheLinesAndTheCompiledNamesAreReported() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon")
    try fixture.writeSingleSizeIconSet("Green")
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Green\nTINT = Blue\n")
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Written",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "Blue": ["CFBundleIconName": "$(TINT)"], "Green": ["CFBundleIconName": "Green"],
          ]
        ],
      ])
    let facts = try AppIconReader.facts(at: fixture.root, target: nil, configuration: nil)
    let written = try #require(facts.appStore.writtenInfoPlist)

    let icons = try #require(written.root["CFBundleIcons"] as? [String: Any])
    #expect(icons["CFBundleAlternateIcons"] is [String: Any])
    #expect(written.compiledAlternates == ["Green"])
    #expect(!written.primaryCompiled)
    #expect(written.expand("$(TINT)") == "Blue")

    let text = try String(contentsOf: fixture.url("Info.plist"), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let key = try #require(lines.firstIndex { $0.contains("<key>CFBundleIcons</key>") }) + 1
    #expect(written.lines?.keyLine(of: ["CFBundleIcons"]) == key)
    let path = ["CFBundleIcons", "CFBundleAlternateIcons", "Blue", "CFBundleIconName"]
    let value = try #require(written.lines?.line(of: path))
    #expect(lines[value - 1].contains("$(TINT)"))
    #expect(AppStoreFacts.WrittenInfoPlist.kind(of: [1, 2]) == "an array")
  }

  @Test func noInfoPlistNothingWritten() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon")
    let facts = try AppIconReader.facts(
      at: fixture.url("Assets.xcassets"), target: nil, configuration: nil)
    #expect(facts.appStore.writtenInfoPlist == nil)
  }

  /// The model of the built app carries what the rules about what ships read: each written
  /// entry's CFBundleIconName (settings expanded) with its line and its CFBundleIconFiles lines,
  /// the app icons the catalogs hold, and whether anything names the primary.
  @Test func theBuiltModelCarriesTheNamesWithTheirLines() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon")
    try fixture.writeSingleSizeIconSet("Green")
    try fixture.write("App.xcconfig", "TINT = Blue\n")
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Written",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "Blue": ["CFBundleIconName": "$(TINT)", "CFBundleIconFiles": ["Blue", "Blue@2x"]]
          ]
        ],
      ])
    let (icons, _) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil)
    let blue = try #require(icons.iconDictionaries["CFBundleIcons"]?.alternates.first)
    #expect(blue.isWritten)
    #expect(blue.iconName == "Blue")
    let lines = try String(contentsOf: fixture.url("Info.plist"), encoding: .utf8)
      .components(separatedBy: "\n")
    let nameLine = try #require(blue.iconNameLine)
    #expect(lines[nameLine - 1].contains("$(TINT)"))
    #expect(blue.iconFileLines.count == 2)
    #expect(blue.iconFileLines.map { $0.map { lines[$0 - 1] } }[1]?.contains("Blue@2x") == true)
    #expect(icons.appIconAssets?.names == ["AppIcon", "Green"])
    // A folder without its Xcode project: the settings may be elsewhere, so nothing is claimed.
    #expect(icons.primaryIconNaming?.isNamed == false)
    #expect(icons.primaryIconNaming?.isKnown == false)
    // Every reading has them, as check's has: no command sees a half-read app.
    let listed = try AppIconReader.read(at: fixture.root)
    #expect(listed.appIconAssets == icons.appIconAssets)
    #expect(listed.primaryIconNaming == icons.primaryIconNaming)
    #expect(listed.declarationPlaces == icons.declarationPlaces)
    #expect(listed.iconFilesFoundAsWritten == icons.iconFilesFoundAsWritten)
    let deferred = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil
    ).icons
    #expect(deferred.declarationPlaces?["Blue"] == icons.declarationPlaces?["Blue"])
    #expect(deferred.declarationPlaces?["Blue"]?.line != nil)
  }
}
