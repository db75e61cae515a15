import Foundation
import Testing

@testable import IconCatalog

@Suite("Friendly display names: words")
struct DisplayNameWordsTests {
  @Test(
    "CamelCase, acronyms, digits and separators",
    arguments: [
      ("AppIconDarkMode", "AppIcon", "Dark Mode"),
      ("AppIcon-Green", "AppIcon", "Green"),
      ("AppIconHDR", "AppIcon", "HDR"),
      ("AppIconRetroCRT", "AppIcon", "Retro CRT"),
      ("AppIconHDRMode", "AppIcon", "HDR Mode"),
      ("BlueIcon", "AppIcon", "Blue Icon"),
      ("AppIcon2", "AppIcon", "Icon 2"),
      ("AppIconAlternate32", "AppIcon", "Alternate 32"),
      ("AppIcon.Night.Sky", "AppIcon", "Night Sky"),
      ("App Icon Blue", "AppIcon", "Blue"),
      ("AppIcon-iPhone", "AppIcon", "iPhone"),
      ("AppIcon-iOS7", "AppIcon", "iOS 7"),
      ("AppIcon-V2", "AppIcon", "V2"),
      ("AppIcon-3D", "AppIcon", "3D"),
      ("AppIcon-80s", "AppIcon", "80s"),
      ("2024Crescendo", "AppIcon", "2024 Crescendo"),
      ("CRESCENDO", "AppIcon", "CRESCENDO"),
      ("icon-1", "AppIcon", "icon 1"),
      // The primary's name, or AppIcon, at the end says as little as at the start.
      ("cute_appicon", "rated_five_appicon", "cute"),
      ("froggo_purple_appicon", "rated_five_appicon", "froggo purple"),
      ("BlueBrand", "Brand", "Blue"),
      ("AppIcon-invertedLight-blue", "AppIcon-primary-primary", "inverted Light blue"),
      ("Brand2", "Brand", "Brand 2"),
      // A word that merely starts like the primary is not the primary.
      ("AppIconic", "AppIcon", "App Iconic"),
      // Namespaced: the last component.
      ("Seasons/AppIcon-Winter", "AppIcon", "Winter"),
      ("Seasons/Winter", "Brand/AppIcon", "Winter"),
      ("Seasons/", "AppIcon", "Seasons"),
      ("---", "AppIcon", "---"),
    ])
  func words(name: String, primary: String, expected: String) {
    #expect(IconDisplayName.friendly(for: name, primaryName: primary, isPrimary: false) == expected)
  }

  @Test("the primary is Default, whatever its name")
  func primary() {
    #expect(
      IconDisplayName.friendly(
        for: "Seasons/AppIcon", primaryName: "Seasons/AppIcon", isPrimary: true)
        == "Default")
  }

  @Test("word splitting on its own")
  func splitting() {
    #expect(IconDisplayName.words(in: "AppIconRetroCRT2") == ["App", "Icon", "Retro", "CRT", "2"])
    #expect(IconDisplayName.words(in: "  a__b--c ") == ["a", "b", "c"])
    #expect(IconDisplayName.words(in: "").isEmpty)
  }

  @Test("ASCII names split by their bytes as by their Characters, 20,000 generated ones")
  func bytesAndCharacters() {
    // Letters of both cases, digits, the separators, other ASCII, a carriage return and line
    // feed (one Character together), and a few non-ASCII letters that send a name the slow way.
    let alphabet: [Character] = Array("aAbBiIoOsSzZ0129-_ ./#éÉ日") + ["\r", "\n", "\r\n"]
    var random = SplitMix64(state: 37)
    var bytePath = 0
    for _ in 0..<20_000 {
      let name = String(
        (0..<Int.random(in: 0...12, using: &random)).map { _ in
          alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
        })
      let characters = IconDisplayName.characterWords(in: name)
      #expect(IconDisplayName.words(in: name) == characters, "\(Array(name.utf8))")
      if let bytes = IconDisplayName.asciiWords(in: name) {
        bytePath += 1
        #expect(bytes == characters, "\(Array(name.utf8))")
      }
    }
    // Both ways are taken often enough to mean something.
    #expect(bytePath > 4_000 && bytePath < 16_000, "\(bytePath)")
    #expect(IconDisplayName.asciiWords(in: "a\r\nb") == nil)
    #expect(IconDisplayName.asciiWords(in: "Été") == nil)
  }
}

@Suite("Many icons")
struct ManyIconsTests {
  /// 2,000 alternates, half compiled from sets, half loose files that Info.plist names, all
  /// resolve. How the time grows is measured by `make bench`, not here: timed tests fail on a busy
  /// machine.
  @Test("2,000 alternates from sets and loose files all resolve")
  func manyIcons() throws {
    let count = 1000
    let fixture = try Fixture()
    let setNames = (0..<count).map { "AppIcon-\($0)" }
    let looseNames = (0..<count).map { "Loose-\($0)" }
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Many",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": Dictionary(
            uniqueKeysWithValues: looseNames.map {
              ($0, ["CFBundleIconFiles": [$0]] as [String: Any])
            }
          )
            as [String: Any]
        ],
      ])
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(setNames.joined(separator: " "))\n")
    for name in setNames {
      try fixture.write(
        "Assets.xcassets/\(name).appiconset/Contents.json",
        #"{"images": [{"filename": "a.png", "idiom": "universal", "size": "1024x1024"}]}"#)
    }
    for name in looseNames { try fixture.write("Loose/\(name)@2x.png", data: Data([0x89])) }
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.count == 2 * count)
    #expect(icons.alternates.allSatisfy { $0.renditions.count == 1 })
    #expect(
      icons.alternate(named: "Loose-7")?.renditions.first?.file?.lastPathComponent
        == "Loose-7@2x.png")
  }
}

@Suite("Display names stay distinct")
struct DistinctDisplayNameTests {
  private func names(_ alternates: [String], primary: String = "AppIcon") throws -> [String] {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Names"])
    try fixture.write(
      "App.xcconfig",
      "ASSETCATALOG_COMPILER_APPICON_NAME = \(primary)\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(alternates.joined(separator: " "))\n"
    )
    // actool makes an alternate only of a set of that name.
    for name in alternates { try fixture.writeSingleSizeIconSet(name) }
    let icons = try AppIconReader.read(at: fixture.root)
    return icons.allIcons.map(\.displayName)
  }

  @Test("`AppIcon.beta` and `beta` both short to beta: the longer name shows whole")
  func betaTwice() throws {
    #expect(try names(["AppIcon.beta", "beta"]) == ["Default", "AppIcon.beta", "beta"])
  }

  @Test("three names that short to one word, and one only differing in case")
  func manyCollisions() throws {
    #expect(
      try names(["AppIcon-Dark", "AppIcon_Dark", "dark"])
        == ["Default", "AppIcon-Dark", "AppIcon_Dark", "dark"])
  }

  @Test("an alternate called Default is told apart from the primary")
  func calledDefault() throws {
    #expect(try names(["Default"]) == ["Default", "Default (Default)"])
  }

  @Test("names that do not collide keep their short form")
  func noCollision() throws {
    #expect(try names(["AppIcon-Green", "AppIcon-Blue"]) == ["Default", "Green", "Blue"])
  }
}
