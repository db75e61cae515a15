import Foundation
import Testing

@testable import IconCatalog

@Suite("Names first, images when asked (IconImages)")
struct DeferredImagesTests {
  private static let png = Data([0x89, 0x50, 0x4E, 0x47])

  /// Palette plus what reading images involves: a dark appearance, an alternate whose images are
  /// loose files named by CFBundleIconFiles, and one whose set has no Contents.json.
  private func mixedApp() throws -> Fixture {
    let fixture = try Fixture.palette()
    try fixture.write(
      "Assets.xcassets/AppIcon-Blue.appiconset/Contents.json",
      """
      { "images" : [
          { "filename" : "Blue.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
          { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
            "filename" : "Blue-dark.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }
        ] }
      """)
    try fixture.makeFolder("Assets.xcassets/Empty.appiconset")
    try fixture.writePlist(
      "Info.plist",
      [
        "CFBundleDisplayName": "Palette",
        "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
        "CFBundleIcons": [
          "CFBundleAlternateIcons": [
            "Night": ["CFBundleIconFiles": ["Night60x60"]],
            "Empty": [:] as [String: Any],
          ]
        ],
      ])
    for file in ["Icons/Night60x60@2x.png", "Icons/Night60x60@3x.png"] {
      try fixture.write(file, data: Self.png)
    }
    return fixture
  }

  @Test("a deferred reading lists the same icons, in order, with no renditions read")
  func namesOnly() throws {
    let fixture = try mixedApp()
    let whole = try AppIconReader.read(at: fixture.root, target: nil, configuration: nil)
    let (names, _) = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    #expect(names.allIcons.map(\.name) == whole.allIcons.map(\.name))
    #expect(names.allIcons.map(\.displayName) == whole.allIcons.map(\.displayName))
    #expect(names.bundleIdentifier == whole.bundleIdentifier)
    #expect(names.allIcons.allSatisfy { $0.renditions.isEmpty })
    #expect(whole.allIcons.contains { !$0.renditions.isEmpty })
  }

  @Test("the images read later are exactly the ones a whole reading has, icon by icon")
  func sameRenditions() throws {
    let fixture = try mixedApp()
    let whole = try AppIconReader.read(at: fixture.root, target: nil, configuration: nil)
    let (names, images) = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    for (deferred, read) in zip(names.allIcons, whole.allIcons) {
      #expect(try images.renditions(of: deferred) == read.renditions, "\(read.name)")
    }
    #expect(try images.withRenditions(names) == whole)
    let night = try #require(whole.alternate(named: "Night"))
    #expect(night.renditions.count == 2)
    let blue = try #require(whole.alternate(named: "AppIcon-Blue"))
    #expect(blue.renditions.map(\.appearance) == [.any, .dark])
  }

  @Test("a broken Contents.json does not stop the names; asking for its images names the file")
  func brokenSet() throws {
    let fixture = try Fixture.palette()
    let broken = try fixture.write(
      "Assets.xcassets/AppIcon-Pink.appiconset/Contents.json", "{ \"images\" : [ ")
    #expect(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root, target: nil, configuration: nil)
    }
    let (names, images) = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    let pink = try #require(names.alternate(named: "AppIcon-Pink"))
    #expect {
      try images.renditions(of: pink)
    } throws: { error in
      guard case .invalidContentsJSON(let file, _) = error as? IconCatalogError else {
        return false
      }
      return file == broken.path
    }
    let green = try #require(names.alternate(named: "AppIcon-Green"))
    #expect(try images.renditions(of: green).count == 1)
  }

  @Test("an icon the app does not have has no images")
  func unknownIcon() throws {
    let fixture = try Fixture.palette()
    let (_, images) = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    let stranger = AppIcon(
      name: "Stranger", assetName: "AppIcon-Green", displayName: "Stranger", isPrimary: false,
      renditions: [])
    #expect(try images.renditions(of: stranger).isEmpty)
  }

  @Test("icons read on several threads at once get the same images as one by one")
  func concurrentAsking() throws {
    let fixture = try mixedApp()
    let whole = try AppIconReader.read(at: fixture.root, target: nil, configuration: nil)
    let (names, images) = try AppIconReader.readDeferringImages(
      at: fixture.root, target: nil, configuration: nil)
    let icons = Array(repeating: names.allIcons, count: 40).flatMap { $0 }
    let read = ConcurrentMap.map(icons) { try? images.renditions(of: $0) }
    let expected = Array(repeating: whole.allIcons.map(\.renditions), count: 40).flatMap { $0 }
    #expect(read == expected)
  }

  @Test("ConcurrentMap keeps the input's order, above and below its serial limit")
  func concurrentMapOrder() {
    for count in [0, 1, ConcurrentMap.serialLimit - 1, ConcurrentMap.serialLimit * 2 + 3, 5_000] {
      let items = Array(0..<count)
      #expect(ConcurrentMap.map(items) { $0 * 3 + 1 } == items.map { $0 * 3 + 1 })
    }
  }
}
