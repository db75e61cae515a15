import Foundation
import Testing

@testable import IconCheck

/// tvOS brand assets: `tv-app-store-icon-missing` (ITMS-90471), `tv-top-shelf-missing`,
/// `tv-top-shelf-alpha` (ITMS-90497) and `tv-image-stack-layers`.
@Suite struct BrandAssetChecksTests {
  static let name = "App Icon & Top Shelf Image"
  static var folder: String { "Assets.xcassets/\(name).brandassets" }

  /// A tvOS app whose brand assets are complete, as Xcode writes them: two stacks of two layers
  /// each (home screen and App Store) and both Top Shelf images, every image opaque.
  static func tvApp() throws -> StoreFixture {
    let app = try StoreFixture()
    try app.settings([
      "PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.TV", "SDKROOT = appletvos",
      "TARGETED_DEVICE_FAMILY = 3", "ASSETCATALOG_COMPILER_APPICON_NAME = \(name)",
    ])
    try app.write("Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
    try brandAssets(app, at: folder)
    return app
  }

  /// Complete brand assets (as `tvApp` has them) at `folder`, a `.brandassets` path.
  static func brandAssets(_ app: StoreFixture, at folder: String) throws {
    try app.write(
      "\(folder)/Contents.json",
      """
      {
        "assets" : [
          { "filename" : "App Icon - App Store.imagestack", "idiom" : "tv", "role" : "primary-app-icon", "size" : "1280x768" },
          { "filename" : "App Icon.imagestack", "idiom" : "tv", "role" : "primary-app-icon", "size" : "400x240" },
          { "filename" : "Top Shelf Image Wide.imageset", "idiom" : "tv", "role" : "top-shelf-image-wide", "size" : "2320x720" },
          { "filename" : "Top Shelf Image.imageset", "idiom" : "tv", "role" : "top-shelf-image", "size" : "1920x720" }
        ],
        "info" : { "author" : "xcode", "version" : 1 }
      }

      """)
    for (stack, width, height) in [("App Icon - App Store", 1280, 768), ("App Icon", 400, 240)] {
      try stackOf(
        app, stack, layers: ["Front", "Back"], width: width, height: height, in: folder)
    }
    for (shelf, width) in [("Top Shelf Image Wide", 2320), ("Top Shelf Image", 1920)] {
      try imageSet(app, "\(folder)/\(shelf).imageset", width: width, height: 720)
    }
  }

  static func stackOf(
    _ app: StoreFixture, _ stack: String, layers: [String], width: Int, height: Int,
    in folder: String = folder
  ) throws {
    let entries = layers.map { "{ \"filename\" : \"\($0).imagestacklayer\" }" }
    try app.write(
      "\(folder)/\(stack).imagestack/Contents.json",
      "{\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 },\n  \"layers\" : [ "
        + entries.joined(separator: ", ") + " ]\n}\n")
    for layer in layers {
      try imageSet(
        app, "\(folder)/\(stack).imagestack/\(layer).imagestacklayer/Content.imageset",
        width: width, height: height)
    }
  }

  static func imageSet(
    _ app: StoreFixture, _ path: String, width: Int, height: Int, alpha: UInt8? = nil
  ) throws {
    try app.write(
      "\(path)/Contents.json",
      #"{ "images" : [ { "filename" : "image.png", "idiom" : "tv", "scale" : "1x" } ], "info" : { "author" : "xcode", "version" : 1 } }"#
    )
    try png(app.url("\(path)/image.png"), width: width, height: height, alpha: alpha)
  }

  static let tvIDs: Set<DiagnosticID> = [
    .tvAppStoreIconMissing, .tvTopShelfMissing, .tvTopShelfAlpha,
    .tvImageStackLayers,
  ]

  @Test func completeBrandAssetsAreClean() throws {
    let app = try Self.tvApp()
    #expect(try app.diagnose().filter { storeIDs.contains($0.id) } == [])
  }

  @Test func noAppStoreIcon() throws {
    let app = try Self.tvApp()
    try FileManager.default.removeItem(
      at: app.url("\(Self.folder)/App Icon - App Store.imagestack"))
    let found = try app.diagnose().filter { Self.tvIDs.contains($0.id) }
    #expect(found.map(\.id) == [.tvAppStoreIconMissing])
    #expect(found.first?.severity == .error)
    #expect(found.first?.file == app.path("\(Self.folder)/Contents.json"))
    #expect(found.first?.line == 2)
    #expect(found.first?.message.contains("ITMS-90471") == true)
  }

  @Test func noTopShelfWide() throws {
    let app = try Self.tvApp()
    try FileManager.default.removeItem(at: app.url("\(Self.folder)/Top Shelf Image Wide.imageset"))
    let found = try app.diagnose().filter { Self.tvIDs.contains($0.id) }
    #expect(found.map(\.id) == [.tvTopShelfMissing])
    #expect(
      found.first?.message.contains(
        "Top Shelf Wide image (role top-shelf-image-wide, 2320×720 pixels)") == true)
  }

  @Test func aTransparentTopShelfImage() throws {
    let app = try Self.tvApp()
    try Self.imageSet(
      app, "\(Self.folder)/Top Shelf Image.imageset", width: 1920, height: 720, alpha: 100)
    let found = try app.diagnose().filter { Self.tvIDs.contains($0.id) }
    #expect(found.map(\.id) == [.tvTopShelfAlpha])
    #expect(found.first?.file == app.path("\(Self.folder)/Top Shelf Image.imageset/image.png"))
    #expect(found.first?.message.contains("ITMS-90497") == true)
  }

  @Test func aStackOfOneLayer() throws {
    let app = try Self.tvApp()
    try Self.stackOf(app, "App Icon", layers: ["Front"], width: 400, height: 240)
    let found = try app.diagnose().filter { Self.tvIDs.contains($0.id) }
    #expect(found.map(\.id) == [.tvImageStackLayers])
    #expect(found.first?.file == app.path("\(Self.folder)/App Icon.imagestack/Contents.json"))
    #expect(found.first?.line == 3)
    #expect(
      found.first?.message.contains(
        "\"The image stack \"App Icon\" must have at least 2 layers with applicable content.\"")
        == true)
  }

  /// A real tvOS project (HomeKitTV) lists its layers as `Front.imageset` where Xcode writes
  /// `Front.imagestacklayer/Content.imageset`: the app is still read, and the stack is reported
  /// once, naming the layers that are not layers.
  @Test func layersWrittenAsImageSets() throws {
    let app = try Self.tvApp()
    let stack = "\(Self.folder)/App Icon.imagestack"
    try FileManager.default.removeItem(at: app.url(stack))
    try app.write(
      "\(stack)/Contents.json",
      #"{ "info" : { "author" : "xcode", "version" : 1 }, "layers" : [ { "filename" : "Front.imageset" }, { "filename" : "Back.imageset" } ] }"#
    )
    for layer in ["Front", "Back"] {
      try Self.imageSet(app, "\(stack)/\(layer).imageset", width: 400, height: 240)
    }
    let found = try app.diagnose().filter { Self.tvIDs.contains($0.id) }
    #expect(found.map(\.id) == [.tvImageStackLayers])
    #expect(found.first?.file == app.path("\(stack)/Contents.json"))
    #expect(
      found.first?.message.contains(
        #"0 layers with an image ("Front.imageset", "Back.imageset" are not layers"#) == true)
  }
}
