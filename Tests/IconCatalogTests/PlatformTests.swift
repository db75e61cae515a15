import Foundation
import Testing

@testable import IconCatalog

/// Issue 18, points 1 and 5: the platform and the device families are decided once
/// (`PlatformDecision`), and a target that builds for iOS and tvOS is read as two apps.
@Suite struct PlatformTests {
  private func read(_ settings: [String: String], platform: AppPlatform? = nil) throws -> (
    icons: AppIcons, facts: ProjectFacts, summaries: [AppTargetSummary]
  ) {
    let fixture = try Fixture()
    try ProjectSketch(targets: [.init(name: "Reader", settings: settings)]).write(to: fixture)
    let (icons, facts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil, platform: platform)
    let summaries = try AppIconReader.appTargetSummaries(at: fixture.root, configuration: nil)
    return (icons, facts, summaries)
  }

  @Test(
    "SDKROOT = iphoneos with TARGETED_DEVICE_FAMILY = 3: an iPhone app, for the chooser and check alike"
  )
  func iPhoneOSWithFamilyThree() throws {
    let read = try read(["SDKROOT": "iphoneos", "TARGETED_DEVICE_FAMILY": "3"])
    #expect(read.icons.platform == .iOS)
    #expect(read.icons.deviceFamilies == [1])
    #expect(read.summaries.map(\.platform) == [.iOS])
    #expect(read.facts.appStore.isTVOS == false)
    #expect(read.facts.deviceFamily == [1])
  }

  @Test("SDKROOT = auto: SUPPORTED_PLATFORMS says the platform")
  func autoWithSupportedPlatforms() throws {
    let tv = try read(["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "appletvos appletvsimulator"])
    #expect(tv.icons.platform == .tvOS)
    #expect(tv.icons.deviceFamilies == [3])
    #expect(tv.icons.primary.idioms == ["tv"])
    #expect(tv.facts.appStore.isTVOS == true)
    #expect(tv.summaries.map(\.label) == ["Reader"])
    let phone = try read(["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator"])
    #expect(phone.icons.platform == .iOS)
    #expect(phone.icons.otherPlatforms.isEmpty)
  }

  @Test("an unset TARGETED_DEVICE_FAMILY is iPhone only; 1,2 adds iPad")
  func unsetDeviceFamily() throws {
    let unset = try read([:])
    #expect(unset.icons.deviceFamilies == [1])
    #expect(unset.icons.primary.idioms == ["iphone"])
    let universal = try read(["TARGETED_DEVICE_FAMILY": "1,2"])
    #expect(universal.icons.deviceFamilies == [1, 2])
    #expect(universal.icons.primary.idioms == ["iphone", "ipad"])
  }

  /// One target for iOS, tvOS and macOS; the alternates only under `[sdk=iphoneos*]`; a tvOS
  /// brand assets also called `AppIcon` beside the iOS set.
  private func multiplatform() throws -> Fixture {
    let fixture = try Fixture()
    try ProjectSketch(targets: [
      .init(
        name: "Reader",
        settings: [
          "SDKROOT": "auto",
          "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator appletvos appletvsimulator macosx",
          "TARGETED_DEVICE_FAMILY": "1,2,3",
          "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphoneos*]": "Blue",
          "PRODUCT_BUNDLE_IDENTIFIER[sdk=appletvos*]": "dev.example.Reader.tv",
        ])
    ]).write(to: fixture)
    try fixture.writeSingleSizeIconSet("Blue", catalog: "Reader/Assets.xcassets")
    let brand = "Reader/Assets.xcassets/AppIcon.brandassets"
    try fixture.write(
      "\(brand)/Contents.json",
      #"{"assets":[{"filename":"App Icon.imagestack","idiom":"tv","role":"primary-app-icon","size":"400x240"}]}"#
    )
    try fixture.write(
      "\(brand)/App Icon.imagestack/Contents.json",
      #"{"layers":[{"filename":"Front.imagestacklayer"}]}"#)
    let layer = "\(brand)/App Icon.imagestack/Front.imagestacklayer/Content.imageset"
    try fixture.write(
      "\(layer)/Contents.json", #"{"images":[{"filename":"Front.png","idiom":"tv","scale":"1x"}]}"#)
    try fixture.write("\(layer)/Front.png", data: Data([0x89, 0x50, 0x4E, 0x47]))
    return fixture
  }

  @Test("one target for iOS and tvOS: two apps, each with its own settings and assets")
  func oneTargetTwoPlatforms() throws {
    let fixture = try multiplatform()
    let iOS = try AppIconReader.read(at: fixture.root)
    #expect(iOS.platform == .iOS)
    #expect(iOS.otherPlatforms == [.tvOS])
    #expect(iOS.deviceFamilies == [1, 2])
    #expect(iOS.alternates.map(\.name) == ["Blue"])
    // The iOS primary is the app icon set alone, not the tvOS brand assets of the same name.
    #expect(!iOS.primary.files.contains { $0.path.contains(".brandassets") })
    #expect(iOS.primary.files.map(\.lastPathComponent) == ["AppIcon.png"])

    let tvOS = try AppIconReader.read(
      at: fixture.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(tvOS.platform == .tvOS)
    #expect(tvOS.otherPlatforms == [.iOS])
    #expect(tvOS.bundleIdentifier == "dev.example.Reader.tv")
    #expect(tvOS.alternates.isEmpty)
    #expect(tvOS.primary.files.contains { $0.path.contains(".brandassets") })

    let summaries = try AppIconReader.appTargetSummaries(at: fixture.root, configuration: nil)
    #expect(summaries.map(\.label) == ["Reader · iOS", "Reader · tvOS"])
    #expect(summaries.map(\.iconCount) == [2, 1])
  }

  /// Issue 27, point 5: Icon Composer bundles are no tvOS asset; what the other platform's
  /// `[sdk=...]` settings name, and whether both builds read one Info.plist, are in the facts.
  @Test("each platform of a multiplatform target reads only its own assets and settings")
  func eachPlatformItsOwnAssetsAndSettings() throws {
    let fixture = try Fixture()
    var settings = [
      "SDKROOT": "auto",
      "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator appletvos appletvsimulator",
      "INFOPLIST_FILE": "Reader/Info.plist",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphoneos*]": "Green",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphonesimulator*]": "Green Sim",
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=appletvos*]": "Night",
    ]
    let sketch = { (settings: [String: String]) in
      ProjectSketch(targets: [.init(name: "Reader", settings: settings)])
    }
    try sketch(settings).write(to: fixture)
    try fixture.writePlist("Reader/Info.plist", ["CFBundleIdentifier": "dev.example.Reader"])
    try fixture.write(
      "Reader/Assets.xcassets/Green.icon/icon.json", #"{"groups":[{"layers":[]}]}"#)

    let (tv, tvFacts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(tv.alternates.isEmpty)
    // The sketch's AppIcon set is a single-size iOS set: no tvOS asset either.
    #expect(tvFacts.iconSets.map(\.name) == [])
    #expect(tvFacts.otherPlatformIconNames == [.iOS: ["AppIcon", "Green", "Sim"]])
    #expect(tvFacts.infoPlistSharedWith == [.iOS])

    let (phone, phoneFacts) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil, platform: .iOS)
    #expect(phone.alternates.map(\.name) == ["Green"])
    #expect(phoneFacts.iconSets.map(\.name) == ["AppIcon", "Green"])
    #expect(phoneFacts.otherPlatformIconNames == [.tvOS: ["AppIcon", "Night"]])
    #expect(phoneFacts.infoPlistSharedWith == [.tvOS])

    // The tvOS build with an Info.plist of its own: not shared.
    settings["INFOPLIST_FILE[sdk=appletv*]"] = "Reader/TV-Info.plist"
    try sketch(settings).write(to: fixture)
    try fixture.writePlist("Reader/TV-Info.plist", ["CFBundleIdentifier": "dev.example.Reader"])
    let (_, own) = try AppIconReader.readWithFacts(
      at: fixture.root, target: nil, configuration: nil, platform: .tvOS)
    #expect(own.infoPlistSharedWith == [])
  }

  @Test("--platform naming a platform the target does not build for says which it does")
  func platformNotBuilt() throws {
    let fixture = try Fixture()
    try ProjectSketch(targets: [.init(name: "Reader")]).write(to: fixture)
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root, target: nil, configuration: nil, platform: .tvOS)
    }
    #expect(error.description.contains("does not build for tvOS (it builds for iOS)"))
  }
}
