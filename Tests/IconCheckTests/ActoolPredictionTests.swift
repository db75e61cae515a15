import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 27, part 2: what actool generates, predicted from what the sets hold. A set with slots
/// but no file generates nothing (real builds of such an app by Xcode 11 and Xcode 15 have no
/// `CFBundleIcons`); an entry whose idiom has no icon of its size is ignored (an `iphone` 76×76
/// entry gives no file and no rendition).
@Suite struct ActoolPredictionTests {
  /// The 18 slots Xcode 11's new-project template gives `AppIcon` (iPhone 20 to 60 pt, iPad 20 to
  /// 83.5 pt, the App Store image), none with a file: the real app's set as committed.
  static let templateSlots: [StoreFixture.Slot] = {
    var slots: [StoreFixture.Slot] = []
    for (size, scales) in [
      ("20x20", ["2x", "3x"]), ("29x29", ["2x", "3x"]), ("40x40", ["2x", "3x"]),
      ("60x60", ["2x", "3x"]),
    ] {
      for scale in scales {
        slots.append(.init(file: nil, idiom: "iphone", size: size, scale: scale))
      }
    }
    for (size, scales) in [
      ("20x20", ["1x", "2x"]), ("29x29", ["1x", "2x"]), ("40x40", ["1x", "2x"]),
      ("76x76", ["1x", "2x"]), ("83.5x83.5", ["2x"]),
    ] {
      for scale in scales {
        slots.append(.init(file: nil, idiom: "ipad", size: size, scale: scale))
      }
    }
    slots.append(.init(file: nil, idiom: "ios-marketing", size: "1024x1024", scale: "1x"))
    return slots
  }()

  /// An iPhone and iPad app target in an Xcode project whose primary set `AppIcon` has the 18
  /// template slots and no image, and whose Info.plist writes no `CFBundleIcons`; `alternates`
  /// are sets of one 1024 image each, `emptyAlternates` sets of one slot and no image, all
  /// listed in the alternates setting.
  static func emptyPrimaryProject(alternates: [String] = [], emptyAlternates: [String] = [])
    throws -> FixtureApp
  {
    let app = try FixtureApp()
    func write(_ name: String, _ slots: [StoreFixture.Slot]) throws {
      let folder = app.catalog.appendingPathComponent("\(name).appiconset", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(
        ("{\n  \"images\" : [\n" + slots.map(\.json).joined(separator: ",\n")
          + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }\n}\n").utf8
      ).write(to: folder.appendingPathComponent("Contents.json"))
      for case let file? in slots.map(\.file) {
        try png(folder.appendingPathComponent(file), width: 1024, height: 1024)
      }
    }
    try write("AppIcon", templateSlots)
    for name in alternates { try write(name, [.single("\(name).png")]) }
    for name in emptyAlternates {
      try write(name, [.init(file: nil, idiom: "universal", size: "1024x1024", platform: "ios")])
    }
    _ = try FalsePositiveTests.writeInfoPlist(app, ["CFBundleDisplayName": "Blank"])
    try IncludesAndSettingNamesTests.writeProject(
      app,
      settings: [
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": (alternates + emptyAlternates).joined(
          separator: " "),
        "TARGETED_DEVICE_FAMILY": "1,2", "PRODUCT_BUNDLE_IDENTIFIER": "dev.iconpick.Store",
      ], resources: [])
    return app
  }

  /// The `built-differs` findings of `project` against `built`.
  static func compare(_ project: FixtureApp, _ built: URL) throws -> [Diagnostic] {
    let (predicted, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    let app = try AppIconReader.read(at: built)
    #expect(app.isBuiltArtifact)
    return Checker.compare(
      predicted: predicted, facts: facts, built: app, car: try app.compiledAssetCatalog(),
      root: built.deletingLastPathComponent())
  }

  @Test func anEmptyPrimarySetPredictsNoCFBundleIcons() throws {
    let project = try Self.emptyPrimaryProject()
    let (app, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    #expect(app.iconDictionaries.dictionaries.isEmpty, "\(app.iconDictionaries.dictionaries)")
    // Still listed: the primary is always there, named by the setting, with no image.
    #expect(app.primary.name == "AppIcon")
    #expect(app.primary.files.isEmpty)
    #expect(app.primary.renditions.count == 18)
    #expect(app.alternates.isEmpty)

    // One finding, empty-set, and no error: the set is named, so not "not shipped".
    let found = Checker.diagnose(app, facts: facts)
    let empty = found.filter { $0.id == .emptySet }
    try #require(empty.count == 1, "\(found.map(\.message))")
    #expect(empty[0].message.contains("has 18 slots but no image files"))
    #expect(!found.contains { [.setNotShipped, .alternateWithoutImage].contains($0.id) })
  }

  @Test func theBuildOfAnEmptyPrimarySetDiffersInNothing() throws {
    let project = try Self.emptyPrimaryProject()
    let folder = try StoreFixture()
    // What Xcode 11 and 15 built: a binary Info.plist without CFBundleIcons, no icon files.
    let app = try BuiltComparisonTests.built(
      ["CFBundleDisplayName": "Blank"], leaving: Set(BuiltComparisonTests.files.map(\.0)),
      in: folder)
    let found = try Self.compare(project, app)
    #expect(found.isEmpty, "\(found.map(\.message))")

    // The same app built as before this change was predicted: both dictionaries are missing.
    let wrong = try BuiltComparisonTests.built(
      [
        "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
        "CFBundleIcons~ipad": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
      ], leaving: Set(BuiltComparisonTests.files.map(\.0)), in: folder)
    let differs = try Self.compare(project, wrong)
    #expect(differs.count == 2, "\(differs.map(\.message))")
  }

  @Test func anEmptyAlternateSetIsNoAlternate() throws {
    let project = try Self.emptyPrimaryProject(alternates: ["Blue"], emptyAlternates: ["Grey"])
    let (app, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    #expect(app.alternates.map(\.name) == ["Blue"])
    // Blue alone is generated: CFBundleIcons and, for iPad, CFBundleIcons~ipad, no primary.
    #expect(
      app.iconDictionaries.dictionaries.map(\.key) == ["CFBundleIcons", "CFBundleIcons~ipad"])
    #expect(app.iconDictionaries.dictionaries.allSatisfy { $0.primary == nil })
    #expect(
      app.iconDictionaries.dictionaries.allSatisfy { $0.alternates.map(\.name) == ["Blue"] })
    let found = Checker.diagnose(app, facts: facts)
    #expect(Set(found.filter { $0.id == .emptySet }.compactMap(\.file)).count == 2)
    #expect(!found.contains { [.alternateWithoutImage, .setNotShipped].contains($0.id) })
  }

  @Test func aSetWhoseOnlyImageIsTheAppStoreOneStillGenerates() throws {
    let project = try StoreFixture()
    try project.config(family: "1")
    try project.set("AppIcon", [BuiltComparisonTests.marketing])
    let app = try AppIconReader.read(at: project.root, target: nil, configuration: nil)
    #expect(app.iconDictionaries[BuiltIconDictionaries.baseKey]?.primary?.name == "AppIcon")
  }

  // MARK: Entries actool ignores

  /// The real pattern: an iPhone app whose set also names a 152×152 image in an `iphone` entry of
  /// 76×76, a size only iPad icons have.
  static let iPhone76 = StoreFixture.Slot(
    file: "Icon-76@2x.png", idiom: "iphone", size: "76x76", scale: "2x")

  @Test func anIPhoneEntryOfAnIPadSizeGivesNoImage() throws {
    let project = try BuiltComparisonTests.setProject([
      BuiltComparisonTests.iPhone120, Self.iPhone76, BuiltComparisonTests.marketing,
    ])
    let (app, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    #expect(!app.primary.files.contains { $0.lastPathComponent == "Icon-76@2x.png" })
    #expect(!app.predictedRenditions(of: app.primary).contains { $0.pixels == 152 })
    let set = try #require(facts.iconSets.first { $0.name == "AppIcon" })
    #expect(set.slotCount == 2)
    #expect(
      set.ignoredEntries == [
        .init(index: 1, idiom: "iphone", size: "76x76", filename: "Icon-76@2x.png")
      ])

    // check says so once, at the entry's line; no other rule counts the file.
    let found = Checker.diagnose(app, facts: facts)
    let ignored = found.filter { $0.id == .ignoredSlot }
    try #require(ignored.count == 1, "\(found.map(\.message))")
    #expect(ignored[0].file == project.path("Assets.xcassets/AppIcon.appiconset/Contents.json"))
    #expect(ignored[0].line == 4)
    #expect(ignored[0].message.contains("idiom iphone and size 76x76"))
    #expect(!found.contains { [.unassignedChild, .wrongPixelSize].contains($0.id) })
  }

  @Test func theBuildOfAnIPhone76EntryDiffersInNothing() throws {
    let project = try BuiltComparisonTests.setProject([
      BuiltComparisonTests.iPhone120, Self.iPhone76, BuiltComparisonTests.marketing,
    ])
    let folder = try StoreFixture()
    let found = try BuiltComparisonTests.compare(
      project, try BuiltComparisonTests.compiled(car: BuiltComparisonTests.appIconCar, in: folder))
    #expect(found.isEmpty, "\(found.map(\.message))")
  }

  @Test func aSetWhoseOnlyImageIsIgnoredIsEmpty() throws {
    let project = try BuiltComparisonTests.setProject([Self.iPhone76])
    let (app, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    #expect(app.iconDictionaries.dictionaries.isEmpty)
    let empty = Checker.diagnose(app, facts: facts).filter { $0.id == .emptySet }
    try #require(empty.count == 1)
    #expect(empty[0].message.contains("only in entries actool ignores"))
  }

  @Test func theTableKeepsEverySizeADeviceUses() {
    for points in [20.0, 29, 40, 57, 60] {
      #expect(AppIconSlots.isUsed(idiom: "iphone", points: points, platform: nil))
    }
    for points in [20.0, 29, 40, 50, 72, 76, 83.5] {
      #expect(AppIconSlots.isUsed(idiom: "ipad", points: points, platform: nil))
    }
    #expect(!AppIconSlots.isUsed(idiom: "iphone", points: 76, platform: nil))
    #expect(!AppIconSlots.isUsed(idiom: "iphone", points: 83.5, platform: nil))
    #expect(!AppIconSlots.isUsed(idiom: "ipad", points: 60, platform: nil))
    #expect(AppIconSlots.isUsed(idiom: "universal", points: 1024, platform: "ios"))
    #expect(AppIconSlots.isUsed(idiom: "universal", points: 68, platform: "ios"))
    // A one-image universal set of another size (Flare's 256×256 alternates) is not judged.
    #expect(AppIconSlots.isUsed(idiom: "universal", points: 256, platform: "ios"))
    // Other platforms' idioms, and entries without a size, are not judged.
    #expect(AppIconSlots.isUsed(idiom: "mac", points: 16, platform: nil))
    #expect(AppIconSlots.isUsed(idiom: "watch", points: 44, platform: nil))
    #expect(AppIconSlots.isUsed(idiom: "universal", points: 1024, platform: "watchos"))
    #expect(AppIconSlots.isUsed(idiom: "iphone", points: nil, platform: nil))
  }
}
