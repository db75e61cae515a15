import Foundation
import Testing

@testable import IconCatalog

@Suite("tvOS brand assets")
struct BrandAssetsTests {
  /// A tvOS app whose primary icon is a `.brandassets` with a two-layer image stack.
  func tvApp() throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.TV"])
    try fixture.write(
      "App.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = App Icon & Top Shelf Image\n")
    let brand = "Assets.xcassets/App Icon & Top Shelf Image.brandassets"
    try fixture.write(
      "\(brand)/Contents.json",
      #"""
      {"assets":[
        {"filename":"App Icon.imagestack","idiom":"tv","role":"primary-app-icon","size":"400x240"},
        {"filename":"Top Shelf Image.imageset","idiom":"tv","role":"top-shelf-image","size":"1920x720"}
      ]}
      """#)
    try fixture.write(
      "\(brand)/App Icon.imagestack/Contents.json",
      #"{"layers":[{"filename":"Front.imagestacklayer"},{"filename":"Back.imagestacklayer"}]}"#)
    for layer in ["Front", "Back"] {
      let set = "\(brand)/App Icon.imagestack/\(layer).imagestacklayer/Content.imageset"
      try fixture.write(
        "\(set)/Contents.json",
        #"{"images":[{"filename":"\#(layer).png","idiom":"tv","scale":"1x"},{"idiom":"tv","scale":"2x"}]}"#
      )
      try fixture.write("\(set)/\(layer).png", data: Data([0x89, 0x50, 0x4E, 0x47]))
    }
    return fixture
  }

  @Test("the primary's images are the layers of its app icon stack")
  func stackLayers() throws {
    let fixture = try tvApp()
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "App Icon & Top Shelf Image")
    #expect(icons.primary.files.map(\.lastPathComponent) == ["Front.png", "Back.png"])
    #expect(icons.primary.renditions.count == 4)
    #expect(icons.primary.renditions.allSatisfy { $0.idiom == "tv" && $0.pointSize == nil })
    #expect(icons.primary.renditions.map(\.scale) == [1, 2, 1, 2])
  }

  @Test("a malformed stack Contents.json is an error naming it")
  func malformedStack() throws {
    let fixture = try tvApp()
    try fixture.write(
      "Assets.xcassets/App Icon & Top Shelf Image.brandassets/App Icon.imagestack/Contents.json",
      "{ not json")
    #expect(throws: IconCatalogError.self) { try AppIconReader.read(at: fixture.root) }
  }

  @Test("layers written as image sets are read past: the stack has no layer image, the app reads")
  func layersWrittenAsImageSets() throws {
    let fixture = try tvApp()
    let stack = "Assets.xcassets/App Icon & Top Shelf Image.brandassets/App Icon.imagestack"
    try FileManager.default.removeItem(at: fixture.root.appendingPathComponent(stack))
    try fixture.write(
      "\(stack)/Contents.json",
      #"{"layers":[{"filename":"Front.imageset"},{"filename":"Back.imageset"}]}"#)
    try fixture.write(
      "\(stack)/Front.imageset/Contents.json",
      #"{"images":[{"filename":"Front.png","idiom":"tv","scale":"1x"}]}"#)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.name == "App Icon & Top Shelf Image")
    #expect(icons.primary.files.isEmpty)
  }
}
