import Foundation
import IconCatalog
import Testing

@Suite("Reading a Palette-like app")
struct PaletteReadingTests {
  @Test("names, order, display names and renditions")
  func readsEverything() throws {
    let palette = try Fixture.palette()
    let icons = try AppIconReader.read(at: palette.root)

    #expect(icons.appName == "Palette")
    #expect(icons.bundleIdentifier == "dev.iconpick.Palette")
    #expect(icons.location == palette.root.standardizedFileURL)
    #expect(icons.supportsAlternateIcons)

    #expect(icons.primary.name == "AppIcon")
    #expect(icons.primary.assetName == "AppIcon")
    #expect(icons.primary.displayName == "Default")
    #expect(icons.primary.isPrimary)

    #expect(icons.alternates.map(\.name) == Fixture.paletteAlternates)
    #expect(
      icons.alternates.map(\.displayName) == [
        "Green", "Blue", "Orange", "Pink", "Purple", "Teal", "Yellow",
      ])
    #expect(icons.alternates.allSatisfy { !$0.isPrimary })
    #expect(icons.alternates.map(\.assetName) == Fixture.paletteAlternates)

    for icon in icons.allIcons {
      let set = palette.url("Assets.xcassets/\(icon.name).appiconset")
      #expect(
        icon.renditions == [
          IconRendition(
            file: set.appendingPathComponent("\(icon.name).png"), idiom: "universal",
            pointSize: 1024,
            scale: 1, appearance: .any, platform: "ios")
        ], "\(icon.name)")
      #expect(icon.renditions.first?.pixelSize == 1024)
      let file = try #require(icon.renditions.first?.file)
      #expect(FileManager.default.fileExists(atPath: file.path))
    }
  }

  @Test("PATH may be the Info.plist itself; its folder is the app root")
  func infoPlistPath() throws {
    let palette = try Fixture.palette()
    let fromFolder = try AppIconReader.read(at: palette.root)
    let fromPlist = try AppIconReader.read(at: palette.url("Info.plist"))
    #expect(fromPlist == fromFolder)
    #expect(fromPlist.location == palette.root.standardizedFileURL)
  }

  @Test("PATH may be the .xcodeproj: the folder holding it is read")
  func projectPath() throws {
    let palette = try Fixture.palette()
    try palette.write("Palette.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{}")
    let icons = try AppIconReader.read(at: palette.url("Palette.xcodeproj"))
    #expect(icons.location == palette.root.standardizedFileURL)
    #expect(icons.alternates.count == 7)
  }

  @Test(
    "a build-setting alternate whose set is missing is no icon: actool makes alternates of sets only"
  )
  func missingAlternateSet() throws {
    let palette = try Fixture.palette()
    try FileManager.default.removeItem(at: palette.url("Assets.xcassets/AppIcon-Teal.appiconset"))
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: palette.root, target: nil, configuration: nil)
    #expect(icons.alternate(named: "AppIcon-Teal") == nil)
    #expect(icons.alternates.count == 6)
    #expect(facts.settingNamesNotFound.map(\.written) == ["AppIcon-Teal"])
    #expect(facts.settingNamesNotFound.first?.location?.line != nil)
  }

  @Test("a primary with no set and no images at all is still returned, with no renditions")
  func missingPrimarySet() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Bare"])
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.primary.renditions.isEmpty)
    #expect(icons.alternates.isEmpty)
    #expect(!icons.supportsAlternateIcons)
  }
}
