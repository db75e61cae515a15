import Foundation
import IconCatalog
import Testing

@Suite("Reading .appiconset/Contents.json")
struct AppIconSetTests {
  /// An app whose primary icon set has this Contents.json.
  private func app(
    primaryContents json: String, setFolder: String = "Assets.xcassets/AppIcon.appiconset"
  )
    throws -> Fixture
  {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Sets"])
    try fixture.write("\(setFolder)/Contents.json", json)
    return fixture
  }

  @Test("the legacy per-size list: sizes, scales, idioms, fractional 83.5")
  func legacyList() throws {
    let fixture = try app(
      primaryContents: """
        {
          "images" : [
            { "filename" : "Icon-20@2x.png", "idiom" : "iphone", "size" : "20x20", "scale" : "2x" },
            { "filename" : "Icon-20@3x.png", "idiom" : "iphone", "size" : "20x20", "scale" : "3x" },
            { "filename" : "Icon-60@3x.png", "idiom" : "iphone", "size" : "60x60", "scale" : "3x" },
            { "filename" : "Icon-76.png", "idiom" : "ipad", "size" : "76x76", "scale" : "1x" },
            { "filename" : "Icon-83.5@2x.png", "idiom" : "ipad", "size" : "83.5x83.5", "scale" : "2x" },
            { "filename" : "Icon-1024.png", "idiom" : "ios-marketing", "size" : "1024x1024", "scale" : "1x" }
          ],
          "info" : { "author" : "xcode", "version" : 1 }
        }
        """)
    let renditions = try AppIconReader.read(at: fixture.root).primary.renditions
    let set = fixture.url("Assets.xcassets/AppIcon.appiconset")

    #expect(renditions.count == 6)
    #expect(
      renditions.map(\.idiom) == ["iphone", "iphone", "iphone", "ipad", "ipad", "ios-marketing"])
    #expect(renditions.map(\.pointSize) == [20, 20, 60, 76, 83.5, 1024])
    #expect(renditions.map(\.scale) == [2, 3, 3, 1, 2, 1])
    #expect(renditions.map(\.pixelSize) == [40, 60, 180, 76, 167, 1024])
    #expect(renditions.allSatisfy { $0.appearance == .any && $0.platform == nil })
    #expect(renditions[4].file?.path == set.appendingPathComponent("Icon-83.5@2x.png").path)
  }

  @Test("slots that name no file are kept, with no file")
  func emptySlots() throws {
    let fixture = try app(
      primaryContents: """
        { "images" : [
            { "idiom" : "iphone", "size" : "60x60", "scale" : "2x" },
            { "filename" : "Icon-60@3x.png", "idiom" : "iphone", "size" : "60x60", "scale" : "3x" }
        ] }
        """)
    let renditions = try AppIconReader.read(at: fixture.root).primary.renditions
    #expect(renditions.count == 2)
    #expect(renditions[0].file == nil)
    #expect(renditions[0].pixelSize == 120)
    #expect(renditions[1].file?.lastPathComponent == "Icon-60@3x.png")
  }

  @Test("appearances: any, dark, tinted")
  func appearances() throws {
    let fixture = try app(
      primaryContents: """
        { "images" : [
            { "filename" : "Light.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
            { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
              "filename" : "Dark.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
            { "appearances" : [ { "appearance" : "luminosity", "value" : "tinted" } ],
              "filename" : "Tinted.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }
        ] }
        """)
    let renditions = try AppIconReader.read(at: fixture.root).primary.renditions
    #expect(renditions.map(\.appearance) == [.any, .dark, .tinted])
    #expect(
      renditions.map { $0.file?.lastPathComponent } == ["Light.png", "Dark.png", "Tinted.png"])
    #expect(renditions.allSatisfy { $0.pointSize == 1024 && $0.scale == 1 && $0.platform == "ios" })
  }

  @Test("icon sets inside catalog groups are found")
  func groups() throws {
    let fixture = try app(
      primaryContents:
        #"{ "images" : [ { "filename" : "A.png", "idiom" : "universal", "size" : "1024x1024" } ] }"#,
      setFolder: "Assets.xcassets/Icons/Main/AppIcon.appiconset")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.renditions.count == 1)
    #expect(icons.primary.renditions.first?.file?.lastPathComponent == "A.png")
  }

  @Test("a set without Contents.json has no renditions")
  func noContentsJSON() throws {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Sets"])
    try fixture.makeFolder("Assets.xcassets/AppIcon.appiconset")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.primary.renditions.isEmpty)
  }

  @Test("malformed JSON: the error names the file")
  func malformedJSON() throws {
    let fixture = try app(primaryContents: #"{ "images" : [ { "idiom" : "#)
    let file = fixture.url("Assets.xcassets/AppIcon.appiconset/Contents.json").path
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    guard case .invalidContentsJSON(let named, _) = error else {
      Issue.record("expected invalidContentsJSON, got \(error)")
      return
    }
    #expect(named == file)
    #expect(error.description.hasPrefix(file + ": invalid Contents.json"))
  }

  @Test("JSON of the wrong shape: the reason says where")
  func wrongShape() throws {
    let fixture = try app(
      primaryContents: #"{ "images" : [ { "idiom" : "iphone", "size" : 20 } ] }"#)
    let error = try #require(throws: IconCatalogError.self) {
      try AppIconReader.read(at: fixture.root)
    }
    guard case .invalidContentsJSON(_, let reason) = error else {
      Issue.record("expected invalidContentsJSON, got \(error)")
      return
    }
    #expect(reason.contains("images[0].size"))
  }

  @Test("a size or scale Xcode would not write is reported, not guessed")
  func badSizeAndScale() throws {
    for image in [#""size" : "large""#, #""size" : "20x20", "scale" : "double""#] {
      let fixture = try app(
        primaryContents: #"{ "images" : [ { "idiom" : "iphone", \#(image) } ] }"#)
      let error = try #require(throws: IconCatalogError.self) {
        try AppIconReader.read(at: fixture.root)
      }
      guard case .invalidContentsJSON(_, let reason) = error else {
        Issue.record("expected invalidContentsJSON, got \(error)")
        continue
      }
      #expect(reason.hasPrefix("images[0]:"), "\(reason)")
    }
  }

  @Test("an unused set's Contents.json is not read")
  func unusedSetNotRead() throws {
    let palette = try Fixture.palette()
    try palette.write("Assets.xcassets/Spare.appiconset/Contents.json", "not json")
    let icons = try AppIconReader.read(at: palette.root)
    #expect(icons.alternate(named: "Spare") == nil)
  }
}
