import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// What kind of build an artifact is changes what is judged: a car thinned for one device is one
/// note and no size finding, and a difference that is a known habit of the older Xcode that made
/// the artifact is a note saying so.
@Suite struct BuildKindChecksTests {
  typealias Rendition = CarWriter.Rendition

  /// What a car thinned for an iPhone @3x holds of an icon set (as assetutil lists a real one:
  /// the multisize set and the iPhone @3x images, no iPad and no App Store image).
  static func iPhoneAt3x(_ identifier: Int, name: String) -> [Rendition] {
    [Rendition(identifier: identifier, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: name)]
      + [60, 87, 120, 180].map {
        Rendition(identifier: identifier, idiom: 1, scale: 3, pixels: $0, name: "\(name)-\($0)")
      }
  }

  static func car(thinning: String) -> CarWriter {
    CarWriter.car(
      facets: BuiltAppChecksTests.facets, thinning: thinning,
      renditions: iPhoneAt3x(100, name: "AppIcon") + iPhoneAt3x(101, name: "Blue"))
  }

  @Test func aThinnedBuildIsOneNoteAndNoSizeFinding() throws {
    let plist = BuiltAppChecksTests.icons().merging(["DTXcode": "1520", "DTXcodeBuild": "15C500b"])
    { _, new in new }
    let fixture = try BuiltAppChecksTests.BuiltFixture(
      plist: plist, car: Self.car(thinning: CarWriter.iPhoneThinning))
    let found = try fixture.diagnose()
    #expect(found.map(\.id) == [.thinnedBuild], "\(found.map(\.message))")
    let note = try #require(found.first)
    #expect(note.severity == .note)
    #expect(note.file == fixture.carPath)
    #expect(
      note.message.hasPrefix(
        "built for one device, iPhone @3x: sizes for other devices are not in it (a build by Xcode 15.2 (15C500b); its car's thinning: optimized <idiom 1>"
      ))
    #expect(!found.contains { $0.message.contains("ITMS-") })
    #expect(CheckReport.count(found) == "0 errors, 0 warnings, 1 note")
  }

  /// The same car for every device (no thinning): the iPad sizes and the App Store image are
  /// missing, as the rules say.
  @Test func theSameCarUnthinnedLacksSizes() throws {
    let fixture = try BuiltAppChecksTests.BuiltFixture(
      plist: BuiltAppChecksTests.icons(), car: Self.car(thinning: ""))
    let found = try fixture.diagnose()
    #expect(found.contains { $0.id == .primaryMissingSize && $0.message.contains("ITMS-90023") })
    #expect(found.contains { $0.id == .noAppStoreIcon })
    #expect(!found.contains { $0.id == .thinnedBuild })
  }

  /// An App Store variant (carutil's thinning) is one device's too.
  @Test func anAppStoreVariantIsThinnedToo() throws {
    let fixture = try BuiltAppChecksTests.BuiltFixture(
      plist: BuiltAppChecksTests.icons(), car: Self.car(thinning: CarWriter.appStoreThinning))
    #expect(try fixture.diagnose().map(\.id) == [.thinnedBuild])
  }

  // MARK: --against

  /// `check --against` as the command runs it: the built app read with its car.
  static func compare(_ project: StoreFixture, _ app: URL) throws -> [Diagnostic] {
    let (predicted, facts) = try AppIconReader.readWithFacts(
      at: project.root, target: nil, configuration: nil)
    let read = try AppIconReader.read(at: app)
    let car = try read.compiledAssetCatalog()
    return Checker.compare(
      predicted: predicted, facts: facts, built: read.withCompiledAppIcons(car: car), car: car,
      root: app.deletingLastPathComponent())
  }

  /// An iPhone-only project (loose files), and its build by the Xcode `xcode` names, which wrote
  /// `CFBundleIcons~ipad` too.
  static func iPhoneOnlyPair(xcode: String, build: String) throws -> [Diagnostic] {
    let project = try StoreFixture()
    try project.settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Store", "TARGETED_DEVICE_FAMILY = 1",
    ])
    let icons = BuiltComparisonTests.icons(primaryName: "AppIcon")
    _ = try project.infoPlist(["CFBundleIcons": icons])
    for (file, pixels) in BuiltComparisonTests.files {
      try png(project.url(file), width: pixels, height: pixels)
    }
    let folder = try StoreFixture()
    let app = try BuiltComparisonTests.built(
      [
        "UIDeviceFamily": [1], "CFBundleIcons": icons, "CFBundleIcons~ipad": icons,
        "DTXcode": xcode, "DTXcodeBuild": build, "DTPlatformName": "iphoneos",
      ], in: folder)
    return try compare(project, app)
  }

  @Test func anXcode10HabitIsANoteSayingSo() throws {
    let found = try Self.iPhoneOnlyPair(xcode: "1000", build: "10A255")
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(found[0].id == .builtDiffers)
    #expect(found[0].severity == .note)
    #expect(
      found[0].message
        == "the built Info.plist (Store.app/Info.plist) has CFBundleIcons~ipad; predicted no CFBundleIcons~ipad from the sources; Xcode 10.0 (10A255), which made the artifact, writes CFBundleIcons~ipad for an app that runs on iPhone only (UIDeviceFamily 1): a habit of that Xcode, not a difference in the sources"
    )
  }

  @Test func theSameDifferenceFromAnotherXcodeIsAnError() throws {
    let found = try Self.iPhoneOnlyPair(xcode: "1520", build: "15C500b")
    try #require(found.count == 1, "\(found.map(\.message))")
    #expect(found[0].severity == .error)
    #expect(!found[0].message.contains("habit"))
  }

  /// A thinned build compared with its sources: sizes it does not hold are not differences.
  @Test func aThinnedBuildLacksNoSize() throws {
    let iPhone180 = StoreFixture.Slot(
      file: "Icon-App-60x60@3x.png", idiom: "iphone", size: "60x60", scale: "3x")
    let project = try BuiltComparisonTests.setProject([
      BuiltComparisonTests.iPhone120, iPhone180, BuiltComparisonTests.marketing,
    ])
    func car(_ thinning: String) -> [UInt8] {
      CarWriter.appIconCar(
        renditions: [
          Rendition(identifier: 100, idiom: 1, scale: 1, pixels: 0, layout: 1010, name: "AppIcon"),
          Rendition(identifier: 100, idiom: 1, scale: 3, pixels: 180, name: "Icon-App-60x60@3x"),
        ], thinning: thinning
      ).bytes()
    }
    // The folders live as long as their fixtures.
    let (thinFolder, wholeFolder) = (try StoreFixture(), try StoreFixture())
    let thinned = try Self.compare(
      project,
      try BuiltComparisonTests.compiled(car: car(CarWriter.iPhoneThinning), in: thinFolder))
    #expect(thinned.isEmpty, "\(thinned.map(\.message))")
    let whole = try Self.compare(
      project, try BuiltComparisonTests.compiled(car: car(""), in: wholeFolder))
    #expect(whole.count == 1, "\(whole.map(\.message))")
    #expect(whole.first?.message.contains("1024×1024 App Store image") == true)
  }
}
