import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Each fixable id, on a small project with the fault: the finding carries the one fix, with
/// the exact data `check --fix` needs (issue 35), and none where the right form is a guess.
@Suite struct AutofixTests {
  typealias Slot = StoreFixture.Slot

  /// The one finding of `id`, whose fix is `expected` (or none), of the safety its id lists.
  @discardableResult
  func expectFix(
    _ found: [Diagnostic], _ id: DiagnosticID, _ expected: IconFix?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Diagnostic {
    let matching = found.filter { $0.id == id }
    try #require(
      matching.count == 1, "\(id): \(found.map(\.message))", sourceLocation: sourceLocation)
    let diagnostic = matching[0]
    #expect(diagnostic.autofix == expected, sourceLocation: sourceLocation)
    if let fix = diagnostic.autofix {
      #expect(fix.safety == id.fixSafety, "\(id)", sourceLocation: sourceLocation)
    }
    return diagnostic
  }

  // MARK: CFBundleIconFiles

  /// The base name the fix line gives: iOS adds @2x and .png itself, so "Blue60x60@2x.png" is
  /// written "Blue60x60", not "Blue60x60@2x", which has a scale suffix still.
  @Test func anIconFileWithItsExtensionIsWrittenWithout() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconFiles": ["Blue60x60@2x.png"]]]
      ]
    ])
    try png(app.url("Blue60x60@2x.png"), width: 120, height: 120)
    try expectFix(
      try app.diagnose(), .iconFileWithExtension,
      .removeIconFileExtension(
        plist: app.path("Info.plist"),
        keyPath: ["CFBundleIcons", "CFBundleAlternateIcons", "Blue", "CFBundleIconFiles"],
        index: 0, value: "Blue60x60"))
  }

  @Test func theTopLevelArrayIsItsOwnKeyPath() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.infoPlist(["CFBundleIconFiles": ["Icon", "Icon.PNG"]])
    try png(app.url("Icon.png"), width: 120, height: 120)
    try expectFix(
      try app.diagnose(), .iconFileWithExtension,
      .removeIconFileExtension(
        plist: app.path("Info.plist"), keyPath: ["CFBundleIconFiles"], index: 1, value: "Icon"))
  }

  /// A scale suffix alone names no extension to drop; an item the reading skips moves the
  /// indices: no fix for either.
  @Test func noFixWhereTheNameOrItsPlaceIsAGuess() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundleAlternateIcons": [
          "Blue": ["CFBundleIconFiles": [7, "Blue.png"]],
          "Red": ["CFBundleIconFiles": ["Red60x60@2x"]],
        ]
      ]
    ])
    let found = try app.diagnose(.iconFileWithExtension)
    #expect(found.count == 2)
    #expect(found.allSatisfy { $0.autofix == nil })
  }

  // MARK: Info.plist

  @Test func anAlternateMissingOnIPadIsDeclaredThere() throws {
    let app = try StoreFixture()
    try app.config(family: "1,2")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "Blue"]],
      ],
      "CFBundleIcons~ipad": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
    ])
    try expectFix(
      try app.diagnose(), .missingIPadDeclaration,
      .declareForIPad(plist: app.path("Info.plist"), name: "Blue"))
  }

  @Test func aPrimaryInsideTheAlternatesMovesUp() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundleAlternateIcons": [
          "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
          "Blue": ["CFBundleIconName": "Blue"],
        ]
      ]
    ])
    try expectFix(
      try app.diagnose(), .malformedIconsDictionary,
      .movePrimaryOutOfAlternates(plist: app.path("Info.plist"), dictionary: "CFBundleIcons"))
  }

  /// A primary there already: which of the two is meant is a guess. A misspelt key: no fix.
  @Test func noMoveWhereAPrimaryIsThereNorForOtherShapes() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"]],
      ],
      "CFBundleIcons~ipad": ["CFBundleAlternateIcon": [String: Any]()],
    ])
    let found = try app.diagnose(.malformedIconsDictionary)
    #expect(found.count == 2)
    #expect(found.allSatisfy { $0.autofix == nil })
  }

  @Test func valuesOfAnotherTypeAreWrittenInApplesType() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon", "UIPrerenderedIcon": "NO"],
        "CFBundleAlternateIcons": [
          "Blue": ["CFBundleIconFiles": "Blue.png"],
          "Green": ["CFBundleIconName": 7],
        ],
      ]
    ])
    let found = try app.diagnose(.plistValueType)
    #expect(found.count == 3)
    func fix(_ key: String) -> IconFix?? {
      found.first { $0.message.contains(key) }.map(\.autofix)
    }
    let plist = app.path("Info.plist")
    #expect(
      fix("UIPrerenderedIcon")
        == .setPlistValue(
          plist: plist, keyPath: ["CFBundleIcons", "CFBundlePrimaryIcon", "UIPrerenderedIcon"],
          value: .bool(false)))
    // As an array, and without the extension the array would be icon-file-with-extension's for.
    #expect(
      fix("Blue → CFBundleIconFiles")
        == .setPlistValue(
          plist: plist,
          keyPath: ["CFBundleIcons", "CFBundleAlternateIcons", "Blue", "CFBundleIconFiles"],
          value: .strings(["Blue"])))
    // A number where a name goes: what was meant is a guess.
    #expect(fix("Green → CFBundleIconName") == .some(nil))
  }

  // MARK: Build settings and catalogs

  @Test func aSettingNameIsSpeltAsItsSet() throws {
    let app = try FixtureApp()
    app.config(primary: "AppIcon", alternates: ["AppIcon-Black"])
    try app.infoPlist(alternates: [:])
    for name in ["AppIcon", "AppIcon-black"] {
      try app.set(name, images: [.init(filename: "\(name).png", idiom: "universal", size: 1024)])
    }
    let facts = try AppIconReader.facts(at: app.root, target: nil, configuration: nil)
    try expectFix(
      try projectFindings(facts), .settingNameCase,
      .renameInSetting(
        setting: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", written: "AppIcon-Black",
        correct: "AppIcon-black"))
  }

  @Test func aCatalogTheTargetDoesNotBuildIsAddedToIt() throws {
    let app = try StoreFixture()
    try app.write(
      "Solo.xcodeproj/project.pbxproj", InfoPlistChecksTests.soloProject(primary: "AppIcon"))
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try Self.outsideSet(app, catalog: "Other/Other.xcassets")
    try expectFix(
      try app.diagnose(), .catalogNotInTarget,
      .addCatalogToTarget(catalog: app.path("Other/Other.xcassets")))

    // Two catalogs hold the set: which to add is a guess.
    try Self.outsideSet(app, catalog: "More/More.xcassets")
    try expectFix(try app.diagnose(), .catalogNotInTarget, nil)
  }

  static func outsideSet(_ app: StoreFixture, catalog: String) throws {
    try app.write("\(catalog)/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try app.write(
      "\(catalog)/AppIcon.appiconset/Contents.json",
      #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
    )
    try png(app.url("\(catalog)/AppIcon.appiconset/AppIcon.png"), width: 1024, height: 1024)
  }

  @Test func theOneSetThatCanBeMeantIsNamedThePrimary() throws {
    let (app, _) = try InfoPlistChecksTests.solo(
      primary: nil, icons: ["CFBundleAlternateIcons": [String: Any]()])
    try expectFix(try app.diagnose(), .iconNameNotSet, .setPrimaryIconName(name: "AppIcon"))

    // A second set nothing declares: either could be the app's icon.
    try app.write(
      "Solo/Assets.xcassets/Other.appiconset/Contents.json",
      #"{"images":[{"filename":"Other.png","idiom":"universal","platform":"ios","size":"1024x1024"}]}"#
    )
    try png(
      app.url("Solo/Assets.xcassets/Other.appiconset/Other.png"), width: 1024, height: 1024)
    try expectFix(try app.diagnose(), .iconNameNotSet, nil)
  }

  @Test func anIgnoredEntryIsRemoved() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    let set = try app.set(
      "AppIcon",
      [
        .single("AppIcon.png"),
        Slot(file: "Icon-76@2x.png", idiom: "iphone", size: "76x76", scale: "2x"),
      ])
    try expectFix(
      try app.diagnose(), .ignoredSlot,
      .removeContentsEntry(contents: set.appendingPathComponent("Contents.json").path, index: 1))
  }

  @Test func aSetThatDoesNotShipIsASuggestion() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    try app.set("AppIcon", [.single("AppIcon.png")])
    try app.set("Blue", [.single("Blue.png")])
    let found = try expectFix(try app.diagnose(), .setNotShipped, .declareSet(name: "Blue"))
    #expect(found.autofix?.safety == .suggestion)
    #expect(found.autofix?.changeDescription == "run `iconpick add Blue`")
    #expect(
      IconFix.declareSet(name: "Dark Blue").changeDescription == "run `iconpick add 'Dark Blue'`")
  }

  // MARK: Sizes

  static let marketing = Slot(
    file: "1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x")
  static let iPhone120 = Slot(file: "60@2x.png", idiom: "iphone", size: "60x60", scale: "2x")
  static let iPhone80 = Slot(file: "40@2x.png", idiom: "iphone", size: "40x40", scale: "2x")

  @Test func missingSizesAreMadeFromTheLargestImage() throws {
    let app = try StoreFixture()
    try app.config(alternates: ["Blue"], family: "1,2")
    let primary = try app.set("AppIcon", [Self.marketing, Self.iPhone120])
    let blue = try app.set(
      "Blue",
      [
        Slot(file: "b1024.png", idiom: "ios-marketing", size: "1024x1024", scale: "1x"),
        Slot(file: "b40@2x.png", idiom: "iphone", size: "40x40", scale: "2x"),
      ])
    let found = try app.diagnose()
    let iPad = [
      IconFix.Size(idiom: "ipad", points: 76, scale: 2),
      IconFix.Size(idiom: "ipad", points: 83.5, scale: 2),
    ]
    try expectFix(
      found, .primaryMissingSize,
      .addMissingSizes(icon: "AppIcon", set: primary.path, sizes: iPad))
    try expectFix(
      found, .alternateMissingSize,
      .addMissingSizes(
        icon: "Blue", set: blue.path,
        sizes: [IconFix.Size(idiom: "iphone", points: 60, scale: 2)] + iPad))
    #expect(iPad.map(\.pixels) == [152, 167])
  }

  /// 120 pixels cannot make 152 or 167 without upscaling: no fix.
  @Test func noImageLargeEnoughNoFix() throws {
    let app = try StoreFixture()
    try app.config(family: "1,2")
    try app.set("AppIcon", [Self.iPhone120, Self.iPhone80])
    try expectFix(try app.diagnose(), .primaryMissingSize, nil)
  }

  // MARK: Unsafe: artwork

  @Test func aTransparentAppStoreImageIsFlattened() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    let set = try app.set("AppIcon", [.single("AppIcon.png")], images: false)
    let file = set.appendingPathComponent("AppIcon.png")
    try png(file, width: 1024, height: 1024, alpha: 255, transparentCorner: true)
    let found = try expectFix(
      try app.diagnose(), .marketingIconAlpha, .flattenAlpha(file: file.path))
    #expect(found.autofix?.safety == .unsafe)
  }

  @Test func anImageOfAnotherSizeIsResampledWhereOneSizeIsMeant() throws {
    let app = try StoreFixture()
    try app.config(family: "1")
    let set = try app.set("AppIcon", [Self.marketing, Self.iPhone120], images: false)
    try png(set.appendingPathComponent("1024.png"), width: 1024, height: 1024)
    try png(set.appendingPathComponent("60@2x.png"), width: 100, height: 100)
    try expectFix(
      try app.diagnose(), .wrongPixelSize,
      .resample(file: set.appendingPathComponent("60@2x.png").path, pixels: 120))

    // One file in two slots of two sizes: resampling it for one breaks the other.
    let shared = try app.set(
      "AppIcon",
      [
        Self.marketing, Slot(file: "shared.png", idiom: "iphone", size: "60x60", scale: "2x"),
        Slot(file: "shared.png", idiom: "iphone", size: "40x40", scale: "2x"),
      ], images: false)
    try png(shared.appendingPathComponent("shared.png"), width: 120, height: 120)
    let found = try app.diagnose(.wrongPixelSize)
    #expect(found.count == 1)
    #expect(found.first?.autofix == nil)
  }

  // MARK: The ids

  /// The ids issue 35 names have the fix and safety it gives them; no other id has one.
  @Test func theFixableIdsAndTheirSafety() {
    let expected: [DiagnosticID: IconFix.Safety] = [
      .iconFileWithExtension: .safe, .missingIPadDeclaration: .safe,
      .malformedIconsDictionary: .safe, .plistValueType: .safe, .settingNameCase: .safe,
      .catalogNotInTarget: .safe, .alternateMissingSize: .safe, .primaryMissingSize: .safe,
      .iconNameNotSet: .safe, .ignoredSlot: .safe, .setNotShipped: .suggestion,
      .marketingIconAlpha: .unsafe, .wrongPixelSize: .unsafe,
    ]
    for id in DiagnosticID.allCases {
      #expect(id.fixSafety == expected[id], "\(id)")
      #expect((id.fixSummary != nil) == (id.fixSafety != nil), "\(id)")
      #expect(id.fixColumn == (expected[id]?.rawValue ?? "-"), "\(id)")
      if let summary = id.fixSummary {
        #expect(!summary.isEmpty && !summary.contains("\n") && summary.count <= 120, "\(id)")
      }
    }
  }
}
