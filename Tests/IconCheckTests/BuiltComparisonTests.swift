import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// `check --against`: a project and an app built from it, compared. The pair here is an app of
/// loose `CFBundleIconFiles` PNGs for iPhone and iPad with one alternate, `Blue`; each test
/// changes one thing on the built side and expects exactly one `built-differs`.
@Suite struct BuiltComparisonTests {
  /// The icon dictionaries both sides start from: the same files on iPhone and iPad.
  static func icons(alternates: [String] = ["Blue"], primaryName: String? = nil) -> [String: Any] {
    var primary: [String: Any] = ["CFBundleIconFiles": ["AppIcon60x60"]]
    if let primaryName { primary["CFBundleIconName"] = primaryName }
    var dictionary: [String: Any] = ["CFBundlePrimaryIcon": primary]
    if !alternates.isEmpty {
      dictionary["CFBundleAlternateIcons"] = Dictionary(
        uniqueKeysWithValues: alternates.map { ($0, ["CFBundleIconFiles": ["\($0)60x60"]]) })
    }
    return dictionary
  }

  /// The loose PNGs, with their pixels.
  static let files = [
    ("AppIcon60x60@2x.png", 120), ("AppIcon60x60@3x.png", 180), ("Blue60x60@2x.png", 120),
    ("Blue60x60@3x.png", 180),
  ]

  /// The project: an Info.plist, settings for iPhone and iPad, and the PNGs beside them.
  static func project(primaryName: String? = "AppIcon") throws -> StoreFixture {
    let project = try StoreFixture()
    try project.settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Store", "TARGETED_DEVICE_FAMILY = 1,2",
    ])
    let icons = Self.icons(primaryName: primaryName)
    try project.infoPlist(["CFBundleIcons": icons, "CFBundleIcons~ipad": icons])
    for (file, pixels) in files {
      try png(project.url(file), width: pixels, height: pixels)
    }
    return project
  }

  /// The built app, `Store.app` in a folder of its own, with `plist` (what the build wrote over
  /// the project's) and the PNGs but `leaving` out.
  static func built(
    _ plist: [String: Any], leaving: Set<String> = [], in folder: StoreFixture
  ) throws -> URL {
    var keys: [String: Any] = [
      "CFBundleIdentifier": "dev.iconpick.Store", "CFBundleExecutable": "Store",
      "UIDeviceFamily": [1, 2],
    ]
    keys.merge(plist) { _, new in new }
    let data = try PropertyListSerialization.data(
      fromPropertyList: keys, format: .binary, options: 0)
    let app = folder.url("Store.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try data.write(to: app.appendingPathComponent("Info.plist"))
    for (file, pixels) in files where !leaving.contains(file) {
      try png(app.appendingPathComponent(file), width: pixels, height: pixels)
    }
    return app
  }

  /// The `built-differs` findings of the project against the built app.
  static func compare(_ project: StoreFixture, _ app: URL) throws -> [Diagnostic] {
    let (predicted, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    let built = try AppIconReader.read(at: app)
    #expect(built.isBuiltArtifact)
    let found = Checker.compare(
      predicted: predicted, facts: facts, built: built, car: try built.compiledAssetCatalog(),
      root: app.deletingLastPathComponent())
    #expect(found.allSatisfy { $0.id == .builtDiffers && $0.severity == .error })
    return found
  }

  static var same: [String: Any] {
    [
      "CFBundleIcons": icons(primaryName: "AppIcon"),
      "CFBundleIcons~ipad": icons(primaryName: "AppIcon"),
    ]
  }

  @Test func aMatchingPairDiffersInNothing() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    let found = try Self.compare(project, try Self.built(Self.same, in: folder))
    #expect(found.isEmpty, "\(found.map(\.message))")
  }

  @Test func aMissingAlternateIsOneFindingNamingBothSides() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    let icons = Self.icons(alternates: [], primaryName: "AppIcon")
    let app = try Self.built(["CFBundleIcons": icons, "CFBundleIcons~ipad": icons], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted CFBundleIcons and CFBundleIcons~ipad → CFBundleAlternateIcons has \"Blue\"; the built Info.plist (Store.app/Info.plist) has no \"Blue\""
    )
    // At the project's Info.plist, on the line of Blue's entry.
    #expect(found[0].file == project.path("Info.plist"))
    let text = try String(contentsOf: project.url("Info.plist"), encoding: .utf8)
    #expect(found[0].line == lineOf("<key>Blue</key>", in: text))
  }

  @Test func anAlternateMissingOnIPadIsOneFinding() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    let app = try Self.built(
      [
        "CFBundleIcons": Self.icons(primaryName: "AppIcon"),
        "CFBundleIcons~ipad": Self.icons(alternates: [], primaryName: "AppIcon"),
      ], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted CFBundleIcons~ipad → CFBundleAlternateIcons has \"Blue\"; the built Info.plist (Store.app/Info.plist) has no \"Blue\" there"
    )
  }

  @Test func aDifferentPrimaryNameIsOneFinding() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    let icons = Self.icons(primaryName: "AppIcon-Old")
    let app = try Self.built(["CFBundleIcons": icons, "CFBundleIcons~ipad": icons], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted CFBundleIcons and CFBundleIcons~ipad → CFBundlePrimaryIcon with CFBundleIconName \"AppIcon\"; the built Info.plist (Store.app/Info.plist) has CFBundleIconName \"AppIcon-Old\" there"
    )
  }

  @Test func aMissingIPadDictionaryIsOneFinding() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    // Without CFBundleIcons~ipad an iPad reads CFBundleIcons: the same icons, on both devices.
    let app = try Self.built(["CFBundleIcons": Self.icons(primaryName: "AppIcon")], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted CFBundleIcons~ipad (written in the Info.plist); the built Info.plist (Store.app/Info.plist) has no CFBundleIcons~ipad"
    )
  }

  @Test func aMissingSizeIsOneFindingNamingTheFile() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    let app = try Self.built(Self.same, leaving: ["Blue60x60@3x.png"], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted the alternate \"Blue\" to have a 180×180 iPhone image (Blue60x60@3x.png); the built app (Store.app: Assets.car and its loose PNGs) has none"
    )
  }

  @Test func anExtraSizeInTheBuiltAppIsOneFinding() throws {
    let project = try Self.project()
    try FileManager.default.removeItem(at: project.url("AppIcon60x60@3x.png"))
    let folder = try StoreFixture()
    let found = try Self.compare(project, try Self.built(Self.same, in: folder))
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "the built app (Store.app) has a 180×180 iPhone image of the primary icon \"AppIcon\" (AppIcon60x60@3x.png); predicted none from the sources"
    )
  }

  @Test func otherDevicesAreOneFinding() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    var plist = Self.same
    plist["UIDeviceFamily"] = [1]
    let found = try Self.compare(project, try Self.built(plist, in: folder))
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(found[0].message.hasPrefix("predicted an app for iPhone and iPad"))
    #expect(found[0].message.contains("UIDeviceFamily 1, iPhone"))
  }

  @Test func anAlternateOnlyTheBuiltAppHasIsOneFinding() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    let icons = Self.icons(alternates: ["Blue", "Green"], primaryName: "AppIcon")
    let app = try Self.built(["CFBundleIcons": icons, "CFBundleIcons~ipad": icons], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "the built Info.plist (Store.app/Info.plist) has \"Green\" in CFBundleIcons and CFBundleIcons~ipad → CFBundleAlternateIcons; predicted no \"Green\""
    )
  }

  @Test func anAlternatesOtherCFBundleIconNameIsOneFinding() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    var icons = Self.icons(primaryName: "AppIcon")
    icons["CFBundleAlternateIcons"] = [
      "Blue": ["CFBundleIconName": "Blue-Set", "CFBundleIconFiles": ["Blue60x60"]]
    ]
    let app = try Self.built(["CFBundleIcons": icons, "CFBundleIcons~ipad": icons], in: folder)
    let found = try Self.compare(project, app)
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted CFBundleIcons and CFBundleIcons~ipad → CFBundleAlternateIcons → \"Blue\" → CFBundleIconName none; the built Info.plist (Store.app/Info.plist) has \"Blue-Set\" there"
    )
  }

  @Test func otherCFBundleIconFilesAreOneFindingEach() throws {
    let project = try Self.project()
    let folder = try StoreFixture()
    var icons = Self.icons(primaryName: "AppIcon")
    icons["CFBundlePrimaryIcon"] = [
      "CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60", "AppIcon76x76"],
    ]
    icons["CFBundleAlternateIcons"] = ["Blue": ["CFBundleIconFiles": ["Blue60x60", "Blue"]]]
    let app = try Self.built(
      ["CFBundleIcons": icons, "CFBundleIcons~ipad": Self.icons(primaryName: "AppIcon")], in: folder
    )
    let found = try Self.compare(project, app)
    #expect(
      found.map(\.message) == [
        "predicted CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconFiles [\"AppIcon60x60\"]; the built Info.plist (Store.app/Info.plist) has [\"AppIcon60x60\", \"AppIcon76x76\"] there",
        "predicted CFBundleIcons → CFBundleAlternateIcons → \"Blue\" → CFBundleIconFiles [\"Blue60x60\"]; the built Info.plist (Store.app/Info.plist) has [\"Blue60x60\", \"Blue\"] there",
      ])
  }

  // MARK: Against Assets.car

  /// A car as actool writes one (`CarWriter`): its `AppIcon` holds an iPhone 120×120 @2x, the
  /// 1024×1024 App Store image and a dark iPad 152×152.
  static let appIconCar = CarWriter.appIconCar().bytes()
  /// A car whose `AppIcon` is an Icon Composer stack and group.
  static let iconComposerCar = CarWriter.appIconCar(renditions: [
    .init(identifier: 100, idiom: 0, scale: 1, pixels: 0, layout: 1019, name: "AppIcon"),
    .init(identifier: 100, idiom: 0, scale: 1, pixels: 0, layout: 1020, name: "Group"),
  ]).bytes()

  /// An iPhone app whose primary set `AppIcon` has these slots.
  static func setProject(_ slots: [StoreFixture.Slot]) throws -> StoreFixture {
    let project = try StoreFixture()
    try project.config(family: "1")
    try project.set("AppIcon", slots)
    return project
  }

  /// What actool builds of `AppIcon` for an iPhone app: the Info.plist entry, the loose 120×120
  /// PNG, and `car`.
  static func compiled(car: [UInt8]?, in folder: StoreFixture) throws -> URL {
    let entry: [String: Any] = [
      "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60"]]
    ]
    let app = try built(
      ["CFBundleIcons": entry, "UIDeviceFamily": [1]],
      leaving: Set(files.map(\.0).filter { $0 != "AppIcon60x60@2x.png" }), in: folder)
    if let car { try Data(car).write(to: app.appendingPathComponent("Assets.car")) }
    return app
  }

  static let iPhone120 = StoreFixture.Slot(
    file: "Icon-App-60x60@2x.png", idiom: "iphone", size: "60x60", scale: "2x")
  static let marketing = StoreFixture.Slot(
    file: "Icon-1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")

  @Test func aSetAndTheCarsRenditionsOfItAgree() throws {
    let project = try Self.setProject([Self.iPhone120, Self.marketing])
    let folder = try StoreFixture()
    let found = try Self.compare(project, try Self.compiled(car: Self.appIconCar, in: folder))
    #expect(found.isEmpty, "\(found.map(\.message))")
  }

  @Test func aSlotTheCarLacksIsOneFindingAtTheSet() throws {
    let iPhone180 = StoreFixture.Slot(
      file: "Icon-App-60x60@3x.png", idiom: "iphone", size: "60x60", scale: "3x")
    let project = try Self.setProject([Self.iPhone120, iPhone180, Self.marketing])
    let folder = try StoreFixture()
    let found = try Self.compare(project, try Self.compiled(car: Self.appIconCar, in: folder))
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted the primary icon \"AppIcon\" to have a 180×180 iPhone image (Icon-App-60x60@3x.png); the built app (Store.app: Assets.car and its loose PNGs) has none"
    )
    #expect(found[0].file == project.path("Assets.xcassets/AppIcon.appiconset/Contents.json"))
  }

  @Test func anImageOnlyTheCarHasNamesItsRendition() throws {
    let project = try Self.setProject([Self.iPhone120])
    let folder = try StoreFixture()
    let found = try Self.compare(project, try Self.compiled(car: Self.appIconCar, in: folder))
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "the built app (Store.app) has a 1024×1024 App Store image of the primary icon \"AppIcon\" (Assets.car: ios-marketing 1024pt @1x); predicted none from the sources"
    )
  }

  @Test func anIconComposerIconCompiledAsAStackAsksForNoSizes() throws {
    let project = try StoreFixture()
    try project.config(family: "1")
    try project.write(
      "Assets.xcassets/AppIcon.icon/icon.json",
      #"{ "groups" : [ { "layers" : [ { "image-name" : "wave.png", "name" : "wave" } ] } ] }"#)
    try png(project.url("Assets.xcassets/AppIcon.icon/Assets/wave.png"), width: 64, height: 64)
    let folder = try StoreFixture()
    let stacked = try Self.compare(
      project, try Self.compiled(car: Self.iconComposerCar, in: folder))
    #expect(stacked.isEmpty, "\(stacked.map(\.message))")
    // Without a car there is neither a stack nor an App Store image.
    let bare = try StoreFixture()
    let found = try Self.compare(project, try Self.compiled(car: nil, in: bare))
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(
      found[0].message
        == "predicted the primary icon \"AppIcon\" to have every size, drawn by actool from one image; the built app (Store.app) has no App Store (1024×1024) image of it"
    )
  }
}
