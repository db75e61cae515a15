import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// Issue 27, point 5: on each platform of a multiplatform target, every rule looks only at that
/// platform's assets and settings; a shared Info.plist in the other platform's form is a warning;
/// one fact gives one finding.
@Suite struct PlatformChecksTests {
  static let platforms =
    #"SUPPORTED_PLATFORMS = "iphoneos iphonesimulator appletvos appletvsimulator";"#

  /// The real pattern: one target for iOS and tvOS (`SDKROOT = auto`), its alternates set only
  /// under `[sdk=iphoneos*]` (and the simulator's), shipped as Icon Composer `.icon` bundles
  /// beside the iOS primary `AppIcon.icon`; the tvOS icon is brand assets also named `AppIcon`.
  /// `extra` are more build settings of the target.
  /// `alternates` false leaves the alternates setting out; `simulatorOnly` are names only the
  /// simulator's setting has.
  static func multiplatform(
    primary: String? = "AppIcon", alternates: Bool = true, simulatorOnly: String = "",
    extra: [String] = [], infoPlist: Bool = false
  ) throws -> StoreFixture {
    let app = try StoreFixture()
    let names = "AppIcon-Blue AppIcon-Green AppIcon-Red"
    let setting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    let alternateLines =
      alternates
      ? [
        "\"\(setting)[sdk=iphoneos*]\" = \"\(names)\";",
        "\"\(setting)[sdk=iphonesimulator*]\" = \"\(names) \(simulatorOnly)\";",
      ] : []
    try app.write(
      "Solo.xcodeproj/project.pbxproj",
      InfoPlistChecksTests.soloProject(
        primary: primary, infoPlist: infoPlist,
        extra: ["SDKROOT = auto;", platforms] + alternateLines + extra))
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try BrandAssetChecksTests.brandAssets(app, at: "Solo/Assets.xcassets/AppIcon.brandassets")
    for name in ["AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Red"] {
      try IconBundle(folder: app.url("Solo/\(name).icon")).writeClean()
    }
    return app
  }

  static func diagnose(_ app: StoreFixture, _ platform: AppPlatform) throws -> [Diagnostic] {
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil, platform: platform)
    return Checker.diagnose(icons, facts: facts)
  }

  static func describe(_ found: [Diagnostic]) -> [String] {
    found.map { "\($0.id): \($0.message)" }
  }

  @Test func iOSOnlyAlternatesCheckCleanOnTVOS() throws {
    let app = try Self.multiplatform()
    let tvOS = try Self.diagnose(app, .tvOS)
    #expect(Self.describe(tvOS) == [])
    // The iOS app: its .icon primary and alternates, no brand-assets rule.
    let iOS = try Self.diagnose(app, .iOS)
    #expect(Self.describe(iOS) == [])
  }

  @Test func theTVOSAppHasNoIconComposerIconsAndTheIOSAppNoBrandAssets() throws {
    let app = try Self.multiplatform()
    let (tv, tvFacts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(tv.alternates.isEmpty)
    #expect(tv.primary.files.allSatisfy { $0.path.contains(".brandassets") })
    #expect(!tvFacts.iconSets.contains { $0.isIconComposer })
    #expect(tv.appIconAssets?.iconComposer.isEmpty == true)
    let (phone, phoneFacts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil, platform: .iOS)
    #expect(phone.alternates.map(\.name) == ["AppIcon-Blue", "AppIcon-Green", "AppIcon-Red"])
    #expect(!phoneFacts.iconSets.contains { $0.folder.pathExtension == "brandassets" })
  }

  /// An `.appiconset` with no entry for Apple TV (an iOS set in a catalog the tvOS build copies
  /// too, as Provenance and moonlight-ios have) is no tvOS asset: not an alternate of the tvOS app
  /// even with every app icon included, and no set-not-shipped there; the iOS app keeps it.
  @Test func anIOSOnlySetIsNoTVOSAsset() throws {
    let app = try Self.multiplatform(
      alternates: false, extra: ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;"])
    try app.write(
      "Solo/Assets.xcassets/AppIcon-Gold.appiconset/Contents.json",
      #"{"images":[{"filename":"gold.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
    )
    try png(
      app.url("Solo/Assets.xcassets/AppIcon-Gold.appiconset/gold.png"), width: 1024, height: 1024)
    let tv = try AppIconReader.read(
      at: app.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(tv.alternates.map(\.name) == [])
    #expect(Self.describe(try Self.diagnose(app, .tvOS)) == [])
    let phone = try AppIconReader.read(
      at: app.root, target: nil, configuration: nil, platform: .iOS)
    #expect(phone.alternates.map(\.name).contains("AppIcon-Gold"))
  }

  /// Provenance's pattern: one xcconfig names iOS-only sets as alternates for every platform,
  /// and a test target's catalog (not built by the app) holds sets of the same names. On tvOS the
  /// sets are the iOS app's: neither catalog-not-in-target nor setting-name-not-found.
  @Test func alternatesNamedForEveryPlatformThatAreIOSOnly() throws {
    let app = try Self.multiplatform(
      alternates: false, extra: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = AppIcon-Gold;"])
    for catalog in ["Solo/Assets.xcassets", "UITests/Assets.xcassets"] {
      try app.write(
        "\(catalog)/AppIcon-Gold.appiconset/Contents.json",
        #"{"images":[{"filename":"gold.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
      )
      try png(app.url("\(catalog)/AppIcon-Gold.appiconset/gold.png"), width: 1024, height: 1024)
    }
    #expect(Self.describe(try Self.diagnose(app, .tvOS)) == [])
    let phone = try AppIconReader.read(
      at: app.root, target: nil, configuration: nil, platform: .iOS)
    #expect(phone.alternates.map(\.name) == ["AppIcon-Gold"])
  }

  /// Broken brand assets are the tvOS app's finding alone; a broken `.icon` the iOS app's alone.
  @Test func eachPlatformsRulesLookAtItsOwnAssets() throws {
    let app = try Self.multiplatform()
    try FileManager.default.removeItem(
      at: app.url("Solo/Assets.xcassets/AppIcon.brandassets/Top Shelf Image.imageset"))
    try Data("not json".utf8).write(to: app.url("Solo/AppIcon-Red.icon/icon.json"))
    let tvOS = try Self.diagnose(app, .tvOS).map(\.id)
    let iOS = try Self.diagnose(app, .iOS).map(\.id)
    #expect(tvOS == [.tvTopShelfMissing])
    #expect(iOS.contains(.iconJSONInvalid))
    #expect(!iOS.contains(.tvTopShelfMissing))
    #expect(!tvOS.contains(.iconJSONInvalid))
  }

  /// Sets named only under another SDK's condition are that SDK's: an `.appiconset` named only
  /// under `[sdk=iphonesimulator*]` is not `set-not-shipped` on tvOS, one named only under
  /// `[sdk=appletvos*]` not on iOS; a set nothing names still is, on iOS, whose set it is (its
  /// only entry is universal iOS: no tvOS asset, `anIOSOnlySetIsNoTVOSAsset`).
  @Test func setsNamedOnlyForAnotherSDKAreNotReported() throws {
    let app = try Self.multiplatform(
      simulatorOnly: "Simulator",
      extra: [
        "\"ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=appletvsimulator*]\" = TVNight;",
        "\"ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=appletvos*]\" = TVNight;",
      ])
    for name in ["Simulator", "TVNight", "Unused"] {
      try app.set(name, [.single("\(name).png")])
      try FileManager.default.moveItem(
        at: app.url("Assets.xcassets/\(name).appiconset"),
        to: app.url("Solo/Assets.xcassets/\(name).appiconset"))
    }
    let notShipped = { (platform: AppPlatform) in
      try Self.diagnose(app, platform).filter { $0.id == .setNotShipped }.map(\.file)
    }
    let unused = app.path("Solo/Assets.xcassets/Unused.appiconset/Contents.json")
    #expect(try notShipped(.tvOS) == [])
    // iOS device build: the simulator's set is named for iOS, by its simulator SDK only, and
    // stays this rule's (one platform, one build); TVNight is tvOS's.
    #expect(
      try notShipped(.iOS) == [
        app.path("Solo/Assets.xcassets/Simulator.appiconset/Contents.json"), unused,
      ])
    let (_, facts) = try AppIconReader.readWithFacts(
      at: app.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(
      facts.otherPlatformIconNames[.iOS] == [
        "AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Red", "Simulator",
      ])
  }

  // MARK: A shared Info.plist

  /// One Info.plist for both platforms, its alternates in the iOS form (a dictionary): on tvOS a
  /// warning, `shared-info-plist-other-form`, not `malformed-icons-dictionary`; on iOS nothing.
  @Test func aSharedInfoPlistInTheOtherPlatformsFormIsAWarning() throws {
    let app = try Self.multiplatform(infoPlist: true)
    let text = try app.infoPlist([
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "AppIcon-Blue"]],
      ]
    ])
    try FileManager.default.moveItem(at: app.url("Info.plist"), to: app.url("Solo/Info.plist"))
    let all = try Self.diagnose(app, .tvOS)
    // Nothing else either: the tvOS app has no alternates from the iOS dictionary.
    #expect(Self.describe(all.filter { $0.severity == .error }) == [])
    let tvOS = all.filter {
      [.malformedIconsDictionary, .sharedInfoPlistOtherForm].contains($0.id)
    }
    #expect(tvOS.map(\.id) == [.sharedInfoPlistOtherForm])
    #expect(tvOS.first?.severity == .warning)
    #expect(tvOS.first?.file == app.path("Solo/Info.plist"))
    #expect(tvOS.first?.line == lineOf("<key>CFBundleAlternateIcons</key>", in: text))
    #expect(
      tvOS.first?.message.contains(
        "CFBundleIcons → CFBundleAlternateIcons is a dictionary, the iOS form") == true)
    #expect(
      tvOS.first?.message.contains("the target's iOS build reads this same Info.plist") == true)
    #expect(tvOS.first?.fix.contains("INFOPLIST_FILE[sdk=appletvos*]") == true)

    // The tvOS build reading its own Info.plist, written the same way: an error, as before.
    try app.write(
      "Solo.xcodeproj/project.pbxproj",
      try String(contentsOf: app.url("Solo.xcodeproj/project.pbxproj"), encoding: .utf8)
        .replacingOccurrences(
          of: "INFOPLIST_FILE = Solo/Info.plist;",
          with:
            "INFOPLIST_FILE = Solo/Info.plist; \"INFOPLIST_FILE[sdk=appletv*]\" = Solo/TV-Info.plist;"
        ))
    try FileManager.default.copyItem(
      at: app.url("Solo/Info.plist"), to: app.url("Solo/TV-Info.plist"))
    let own = try Self.diagnose(app, .tvOS).filter {
      [.malformedIconsDictionary, .sharedInfoPlistOtherForm].contains($0.id)
    }
    #expect(own.map(\.id) == [.malformedIconsDictionary])
  }

  /// The reverse: a shared Info.plist in the tvOS form (a string primary, an array of
  /// alternates) read while checking the iOS app.
  @Test func aSharedInfoPlistInTheTVOSFormIsAWarningOnIOS() throws {
    let app = try Self.multiplatform(
      primary: nil, alternates: false,
      extra: ["\"ASSETCATALOG_COMPILER_APPICON_NAME[sdk=appletv*]\" = AppIcon;"], infoPlist: true)
    try app.infoPlist([
      "CFBundleIcons": ["CFBundlePrimaryIcon": "AppIcon", "CFBundleAlternateIcons": ["AppIcon"]]
    ])
    try FileManager.default.moveItem(at: app.url("Info.plist"), to: app.url("Solo/Info.plist"))
    let iOS = try Self.diagnose(app, .iOS).filter {
      [.malformedIconsDictionary, .sharedInfoPlistOtherForm].contains($0.id)
    }
    #expect(iOS.map(\.id) == [.sharedInfoPlistOtherForm, .sharedInfoPlistOtherForm])
    #expect(iOS.allSatisfy { $0.message.contains("the target's tvOS build reads") })
    #expect(iOS.allSatisfy { $0.fix.contains("INFOPLIST_FILE[sdk=iphoneos*]") })
  }

  // MARK: One fact, one finding

  /// A name in the alternates setting (and the primary's) whose set is in a catalog the target
  /// does not build: `catalog-not-in-target` only, not also `setting-name-not-found` ("no app
  /// icon set has that name") or `primary-not-found`.
  @Test func aSetInACatalogTheTargetDoesNotBuildIsOneFinding() throws {
    let app = try StoreFixture()
    try app.write(
      "Solo.xcodeproj/project.pbxproj",
      InfoPlistChecksTests.soloProject(
        primary: "AppIcon", extra: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Night;"]))
    try app.write("Solo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    for name in ["AppIcon", "Night"] {
      try app.set(name, [.single("\(name).png")])
      try FileManager.default.createDirectory(
        at: app.url("Other/Other.xcassets"), withIntermediateDirectories: true)
      try FileManager.default.moveItem(
        at: app.url("Assets.xcassets/\(name).appiconset"),
        to: app.url("Other/Other.xcassets/\(name).appiconset"))
    }
    let found = try app.diagnose()
    let messages = found.filter { $0.id == .catalogNotInTarget }.map(\.message)
    #expect(messages.count == 2)
    #expect(
      messages.first?.hasPrefix("ASSETCATALOG_COMPILER_APPICON_NAME names \"AppIcon\"") == true)
    #expect(
      messages.last?.hasPrefix("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES names \"Night\"")
        == true)
    #expect(found.filter { $0.id == .settingNameNotFound } == [])
    #expect(found.filter { $0.id == .primaryNotFound } == [])

    // With no set of the name anywhere, the setting's name is still reported.
    try FileManager.default.removeItem(at: app.url("Other/Other.xcassets/Night.appiconset"))
    let without = try app.diagnose()
    #expect(without.filter { $0.id == .settingNameNotFound }.count == 1)
  }
}
