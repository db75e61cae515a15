import Foundation
import Testing

@testable import IconCatalog

/// Issue 14, point 1: what the picker's target chooser lists.
@Suite struct TargetSummaryTests {
  @Test("an iOS and a tvOS app, each with its number of icons; extensions left out")
  func iOSAndTVOS() throws {
    let fixture = try Fixture()
    try ProjectSketch(
      name: "Swiftfin",
      targets: [
        .init(
          name: "Swiftfin iOS",
          settings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Blue Red"]),
        .init(name: "Swiftfin tvOS", settings: ["SDKROOT": "appletvos"]),
        .init(name: "Widget", productType: "com.apple.product-type.app-extension"),
        .init(
          name: "Living Room", settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "appletvos"]),
      ]
    ).write(to: fixture)
    for name in ["Blue", "Red"] {
      try fixture.writeSingleSizeIconSet(name, catalog: "Swiftfin iOS/Assets.xcassets")
    }
    let summaries = try AppIconReader.appTargetSummaries(at: fixture.root, configuration: nil)
    #expect(
      summaries == [
        AppTargetSummary(name: "Swiftfin iOS", platform: .iOS, iconCount: 3),
        AppTargetSummary(name: "Swiftfin tvOS", platform: .tvOS, iconCount: 1),
        AppTargetSummary(name: "Living Room", platform: .tvOS, iconCount: 1),
      ])
    // The same names as the error the scripted commands give.
    #expect(
      summaries.map(\.name)
        == (try AppIconReader.appTargets(at: fixture.root, configuration: nil)))
  }

  @Test("a target that cannot be read is listed with the reason")
  func unreadableTarget() throws {
    let fixture = try Fixture()
    try ProjectSketch(targets: [
      .init(name: "Lantern"),
      .init(name: "Broken", settings: ["INFOPLIST_FILE": "Nowhere/Info.plist"]),
    ]).write(to: fixture)
    let summaries = try AppIconReader.appTargetSummaries(at: fixture.root, configuration: nil)
    #expect(summaries.count == 2)
    #expect(summaries[0] == AppTargetSummary(name: "Lantern", platform: .iOS, iconCount: 1))
    #expect(summaries[1].name == "Broken")
    #expect(summaries[1].iconCount == nil)
    #expect(summaries[1].problem?.contains("Nowhere/Info.plist") == true)
  }

  @Test("no project: nothing to choose")
  func noProject() throws {
    let fixture = try Fixture.palette()
    #expect(try AppIconReader.appTargetSummaries(at: fixture.root, configuration: nil).isEmpty)
  }
}
