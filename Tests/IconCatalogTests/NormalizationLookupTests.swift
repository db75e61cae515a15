import Foundation
import SpecYAML
import Testing

@testable import IconCatalog

/// Issue 36, part 5: a Mac's APFS matches file names ignoring Unicode normalization as well as
/// case, so a name written decomposed (NFD) opens the file named composed (NFC), and the other
/// way round. A Linux file system compares bytes: every lookup goes through `MacFileLookup`, and
/// such a match is said once (`PathDifferingInCase`, with `.normalization`).
@Suite struct NormalizationLookupTests {
  init() { SpecYAML.install() }

  /// "Café" composed (NFC, U+00E9) and decomposed (NFD, `e` + U+0301): equal to Swift, not to a
  /// Linux file system.
  static let nfc = "Caf\u{E9}"
  static let nfd = "Cafe\u{301}"
  private static let png = Data([0x89, 0x50, 0x4E, 0x47])

  @Test("the two spellings: one String to Swift, two byte sequences, and their forms")
  func spellings() {
    #expect(Self.nfc == Self.nfd)
    #expect(!MacFileLookup.isSpelledAs(Self.nfc, Self.nfd))
    #expect(NameDifference.form(of: Self.nfc) == "NFC")
    #expect(NameDifference.form(of: Self.nfd) == "NFD")
    #expect(NameDifference.form(of: "plain") == "NFC")
    #expect(NameDifference(written: Self.nfd, found: Self.nfc) == .normalization)
    #expect(NameDifference(written: "icon", found: "Icon") == .letterCase)
    #expect(
      NameDifference(written: Self.nfd.uppercased(), found: Self.nfc) == [
        .letterCase, .normalization,
      ])
  }

  @Test(
    "MacFileLookup finds an NFC file from an NFD path and the other way round, in any component")
  func lookup() throws {
    let fixture = try Fixture()
    let composed = try fixture.write("\(Self.nfc)/\(Self.nfc).xcconfig", "")
    let found = try #require(
      MacFileLookup.find(fixture.url("\(Self.nfd)/\(Self.nfd).xcconfig"), kind: .file))
    #expect(MacFileLookup.isSpelledAs(found.url.path, composed.path))
    #expect(found.difference == .normalization)
    #expect(MacFileLookup.find(composed)?.differs == false)
    // Case and normalization at once.
    let both = try #require(MacFileLookup.find(fixture.url("CAFE\u{301}/\(Self.nfc).xcconfig")))
    #expect(both.difference == [.letterCase, .normalization])

    let decomposed = try fixture.write("Other/\(Self.nfd).png", data: Self.png)
    let back = try #require(MacFileLookup.find(fixture.url("Other/\(Self.nfc).png")))
    #expect(MacFileLookup.isSpelledAs(back.url.path, decomposed.path))
    #expect(back.difference == .normalization)
    // Both forms side by side (Linux allows it): a Mac could not tell which, so none.
    try fixture.write("Other/\(Self.nfc).png", data: Self.png)
    #expect(MacFileLookup.find(fixture.url("Other/\(Self.nfd.lowercased()).png")) == nil)
    #expect(MacFileLookup.find(decomposed)?.differs == false)
  }

  /// Lantern: one iOS app target with `settings`, a base configuration and resources.
  private func lantern(
    _ fixture: Fixture, settings: [String: String] = [:], base: String? = nil,
    catalog: String? = nil, resources: [(path: String, sourceRoot: Bool)] = []
  ) throws -> URL {
    try ProjectSketch(targets: [
      .init(
        name: "Lantern", settings: settings, baseConfiguration: base, catalog: catalog,
        resources: resources)
    ]).write(to: fixture)
    return fixture.url("Lantern.xcodeproj")
  }

  private func differing(_ facts: ProjectFacts, _ kind: String) -> [PathDifferingInCase] {
    facts.pathsDifferingInCase.filter { $0.kind == kind }
  }

  @Test("Contents.json filenames in NFD find their NFC files; said once, at the filename's line")
  func contentsJSON() throws {
    let fixture = try Fixture()
    // The sketch writes its own AppIcon set: this one replaces it.
    let project = try lantern(fixture)
    let set = "Lantern/Assets.xcassets/AppIcon.appiconset"
    try FileManager.default.removeItem(at: fixture.url(set))
    let file = try fixture.write("\(set)/\(Self.nfc).png", data: Self.png)
    try fixture.write(
      "\(set)/Contents.json",
      """
      {
        "images" : [
          { "filename" : "\(Self.nfd).png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
          { "filename" : "\(Self.nfd).png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024", "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ] }
        ],
        "info" : { "author" : "xcode", "version" : 1 }
      }
      """)
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    let files = icons.primary.renditions.compactMap(\.file)
    #expect(files.count == 2)
    #expect(files.allSatisfy { MacFileLookup.isSpelledAs($0.path, file.path) })
    let said = differing(facts, "Contents.json filename")
    #expect(said.count == 1)
    #expect(said.first?.difference == .normalization)
    #expect(said.first?.line == 3)
    #expect(said.first.map { MacFileLookup.isSpelledAs($0.written, "\(Self.nfd).png") } == true)
  }

  @Test(
    "project.pbxproj paths and INFOPLIST_FILE in NFD find NFC folders and files; each said once")
  func projectPaths() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "\(Self.nfc)/Assets.xcassets")
    try fixture.writePlist(
      "\(Self.nfc)/Info.plist", ["CFBundleIdentifier": "dev.example.Lantern"])
    let project = try lantern(
      fixture, settings: ["INFOPLIST_FILE": "\(Self.nfd)/Info.plist"],
      catalog: "\(Self.nfd)/Assets.xcassets")
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    #expect(icons.primary.renditions.count == 1)
    #expect(icons.bundleIdentifier == "dev.example.Lantern")
    #expect(differing(facts, "file reference").count == 1)
    #expect(differing(facts, "INFOPLIST_FILE").count == 1)
    #expect(facts.pathsDifferingInCase.allSatisfy { $0.difference == .normalization })
  }

  @Test("an .xcconfig #include in NFD, and a base configuration, find their NFC files; said once")
  func includes() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon-Night", catalog: "Lantern/Assets.xcassets")
    try fixture.write(
      "Config/\(Self.nfc).xcconfig",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-Night\n")
    try fixture.write(
      "Config/Lantern.xcconfig",
      "#include \"\(Self.nfd).xcconfig\"\n#include \"\(Self.nfd)\"\n")
    let project = try lantern(fixture, base: "Config/Lantern.xcconfig")
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    #expect(icons.alternates.map(\.name) == ["AppIcon-Night"])
    let said = differing(facts, "#include")
    #expect(said.count == 2)
    #expect(said.map(\.line) == [1, 2])
    #expect(said.allSatisfy { $0.difference == .normalization })

    // A base configuration written in NFD.
    try FileManager.default.moveItem(
      at: fixture.url("Config/\(Self.nfc).xcconfig"), to: fixture.url("Config/Base.xcconfig"))
    try fixture.write(
      "Config/Lantern\(Self.nfc).xcconfig",
      "#include \"Base.xcconfig\"\n")
    let based = try lantern(fixture, base: "Config/Lantern\(Self.nfd).xcconfig")
    let (again, facts2) = try AppIconReader.readWithFacts(
      at: based, target: nil, configuration: nil)
    #expect(again.alternates.map(\.name) == ["AppIcon-Night"])
    #expect(again.missingBaseConfigurations.isEmpty)
    #expect(differing(facts2, "base configuration").map(\.difference) == [.normalization])
  }

  @Test("CFBundleIconFiles names in NFD find NFC PNGs, as iOS's APFS does; said once")
  func iconFiles() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "Lantern/Assets.xcassets")
    let file = try fixture.write("Icons/\(Self.nfc)@2x.png", data: Self.png)
    try fixture.writePlist(
      "Lantern/Info.plist",
      [
        "CFBundleIdentifier": "dev.example.Lantern",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "Cafe": ["CFBundleIconFiles": [Self.nfd]],
            "Again": ["CFBundleIconFiles": [Self.nfd]],
          ]
        ],
      ])
    let project = try lantern(
      fixture, settings: ["INFOPLIST_FILE": "Lantern/Info.plist"],
      resources: [("Icons/\(Self.nfc)@2x.png", false)])
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    let files = try #require(icons.alternate(named: "Cafe")).files
    #expect(files.count == 1)
    #expect(files.allSatisfy { MacFileLookup.isSpelledAs($0.path, file.standardizedFileURL.path) })
    let said = differing(facts, "CFBundleIconFiles name")
    #expect(said.count == 1)
    #expect(said.first?.difference == .normalization)
    #expect(said.first?.line != nil)
  }

  @Test("an Icon Composer layer's image-name in NFD finds its NFC file in Assets; said once")
  func iconComposerLayers() throws {
    let fixture = try Fixture()
    let bundle = fixture.url("Lantern/Glass.icon")
    try fixture.write(
      "Lantern/Glass.icon/icon.json",
      """
      {"groups":[{"layers":[{"image-name":"\(Self.nfd).png","name":"a"},{"image-name":"\(Self.nfd).png","name":"b"},{"image-name":"plain.png","name":"c"}]}]}
      """)
    let art = try fixture.write("Lantern/Glass.icon/Assets/\(Self.nfc).png", data: Self.png)
    try fixture.write("Lantern/Glass.icon/Assets/plain.png", data: Self.png)
    let found = try #require(IconComposerBundle.findAsset(bundle, imageName: "\(Self.nfd).png"))
    #expect(MacFileLookup.isSpelledAs(found.url.path, art.path))
    #expect(found.difference == .normalization)
    #expect(IconComposerBundle.findAsset(bundle, imageName: "plain.png")?.difference == [])
    #expect(IconComposerBundle.findAsset(bundle, imageName: "../icon.json") == nil)

    let project = try lantern(
      fixture, settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "Glass"],
      resources: [("Lantern/Glass.icon", false)])
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: project, target: nil, configuration: nil)
    #expect(icons.primary.name == "Glass")
    let said = differing(facts, "layer image-name")
    #expect(said.count == 1)
    #expect(said.first?.line == 1)
    #expect(said.first?.difference == .normalization)
  }

  @Test("XcodeGen sources, includes and config files in NFD find their NFC files")
  func xcodeGen() throws {
    let fixture = try Fixture()
    try fixture.writeSingleSizeIconSet("AppIcon", catalog: "\(Self.nfc)/Assets.xcassets")
    try fixture.writeSingleSizeIconSet("Night", catalog: "\(Self.nfc)/Assets.xcassets")
    try fixture.write(
      "Config/\(Self.nfc).xcconfig", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Night\n")
    try fixture.write(
      "\(Self.nfc).yml",
      """
      targets:
        Lamp:
          type: application
          platform: iOS
          sources: [\(Self.nfd)/Assets.xcassets]
          configFiles:
            Release: Config/\(Self.nfd).xcconfig
          info:
            path: Sources/Info.plist
            properties:
              CFBundleIdentifier: dev.example.lamp

      """)
    try fixture.write(
      "project.yml",
      """
      name: Lamp
      include: [\(Self.nfd).yml]

      """)
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil)
    #expect(icons.primary.name == "AppIcon")
    #expect(icons.alternates.map(\.name) == ["Night"])
    #expect(icons.warnings.isEmpty, "\(icons.warnings)")
    #expect(differing(facts, "file reference").count == 1)
    #expect(differing(facts, "base configuration").count == 1)
  }
}
