import Foundation
import IconCatalog
import Testing

@Suite("Icon Composer .icon bundles")
struct IconComposerTests {
  private static let png = Data([0x89, 0x50, 0x4E, 0x47])

  /// The shape Icon Composer writes (trimmed from a real one): specializations, fills of several
  /// kinds, positions, shadows, and `supported-platforms`.
  private static let iceCubesLike = """
    {
      "fill-specializations" : [ { "value" : "system-light" }, { "appearance" : "dark", "value" : "system-dark" } ],
      "groups" : [
        {
          "blur-material" : null,
          "layers" : [
            {
              "fill-specializations" : [ { "appearance" : "tinted", "value" : { "linear-gradient" : [ "srgb:1,1,1,1", "srgb:0,0,0,1" ] } } ],
              "glass" : true, "hidden" : false, "image-name" : "cube.png", "name" : "cube",
              "position" : { "scale" : 1.24, "translation-in-points" : [ 0, 0 ] }
            },
            { "image-name" : "cube.png", "name" : "cube again" },
            {
              "image-name-specializations" : [
                { "value" : "light.png" }, { "appearance" : "dark", "value" : "dark.png" },
                { "appearance" : "tinted", "value" : "tinted.png" }
              ],
              "name" : "special"
            },
            { "image-name" : "hidden.png", "hidden" : true },
            { "image-name" : "shape.svg", "name" : "shape" }
          ],
          "shadow" : { "kind" : "layer-color", "opacity" : 0.5 },
          "translucency" : { "enabled" : true, "value" : 0.5 }
        },
        { "layers" : [ { "image-name" : "back.jpg", "glass" : false } ] },
        { "layers" : [ { "image-name" : "gone.png" } ], "hidden" : true }
      ],
      "fill" : "automatic",
      "supported-platforms" : { "circles" : [ "watchOS" ], "squares" : "shared" }
    }
    """

  private func writeBundle(_ fixture: Fixture, _ path: String, json: String = iceCubesLike) throws {
    try fixture.write("\(path)/icon.json", json)
    for image in ["cube.png", "light.png", "dark.png", "tinted.png", "shape.svg", "back.jpg"] {
      try fixture.write("\(path)/Assets/\(image)", data: Self.png)
    }
  }

  private func app(_ settings: String) throws -> Fixture {
    let fixture = try Fixture()
    try fixture.writePlist("Info.plist", ["CFBundleIdentifier": "dev.example.Composer"])
    try fixture.write("App.xcconfig", settings)
    return fixture
  }

  @Test("the name is the folder's; its renditions are the bundle in each appearance")
  func bundleRenditions() throws {
    let fixture = try app("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Cubes\n")
    try writeBundle(fixture, "Icons/Cubes.icon")
    let cubes = try #require(try AppIconReader.read(at: fixture.root).alternate(named: "Cubes"))
    let bundle = fixture.url("Icons/Cubes.icon")
    #expect(
      cubes.renditions
        == [IconAppearance.any, .dark, .tinted].map {
          IconRendition(
            file: bundle, idiom: "universal", pointSize: 1024, scale: 1, appearance: $0,
            kind: .iconComposer)
        })
    #expect(cubes.assetName == "Cubes")
    #expect(cubes.displayName == "Cubes")
    #expect(cubes.files.map(\.lastPathComponent) == ["Cubes.icon"])
  }

  @Test("an .icon inside an asset catalog counts, and include-all takes it")
  func insideCatalog() throws {
    let fixture = try app("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n")
    try fixture.writeSingleSizeIconSet("AppIcon")
    try writeBundle(fixture, "Assets.xcassets/Glass.icon")
    try writeBundle(fixture, "Outside/Loose.icon")
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name) == ["Glass", "Loose"])
    #expect(icons.alternates.allSatisfy { $0.renditions.count == 3 })
  }

  @Test("an .appiconset and an .icon with one name: the .icon's images, as Xcode 26 builds it")
  func sameNameAsIconSet() throws {
    let fixture = try app("ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n")
    try fixture.writeSingleSizeIconSet("AppIcon")
    try writeBundle(fixture, "App/AppIcon.icon")
    let primary = try AppIconReader.read(at: fixture.root).primary
    #expect(primary.renditions.first?.file?.lastPathComponent == "AppIcon.icon")
    #expect(primary.renditions.map(\.kind) == [.iconComposer, .iconComposer, .iconComposer])
    #expect(!primary.files.contains { $0.lastPathComponent == "AppIcon.png" })
  }

  @Test("missing fields are fine: no groups, no layers, a layer without an image")
  func sparse() throws {
    let fixture = try app("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = A B C\n")
    try fixture.write("A.icon/icon.json", "{}")
    try fixture.write("B.icon/icon.json", #"{"groups": [{}]}"#)
    try fixture.write("C.icon/icon.json", #"{"groups": [{"layers": [{"name": "fill only"}]}]}"#)
    let icons = try AppIconReader.read(at: fixture.root)
    #expect(icons.alternates.map(\.name) == ["A", "B", "C"])
    #expect(icons.alternates.allSatisfy { $0.renditions.isEmpty })
  }

  @Test("a folder named .icon without icon.json is not an icon outside a catalog")
  func notABundle() throws {
    let fixture = try app("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n")
    try fixture.write("Docs/Old.icon/readme.txt", "not an icon")
    #expect(try AppIconReader.read(at: fixture.root).alternates.isEmpty)
  }

  @Test(
    "icon.json that is not JSON, or not an object: the app still opens; reading the bundle says what is wrong",
    arguments: [
      ("{ not json", "invalid icon.json (the top level: expected JSON"),
      (
        "[1, 2]",
        "invalid icon.json (the top level: expected a JSON object at the top level, not an array)"
      ),
    ])
  func malformed(json: String, reason: String) throws {
    let fixture = try app("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Bad\n")
    let file = try fixture.write("Bad.icon/icon.json", json)
    // The icon is listed with its bundle: drawing it or checking it reports the problem.
    let bad = try #require(try AppIconReader.read(at: fixture.root).alternate(named: "Bad"))
    #expect(bad.renditions.map(\.kind) == [.iconComposer, .iconComposer, .iconComposer])
    let error = try #require(throws: IconCatalogError.self) {
      try IconComposerBundle.read(fixture.url("Bad.icon"))
    }
    guard case .invalidIconJSON(let named, _) = error else {
      Issue.record("expected invalidIconJSON, got \(error)")
      return
    }
    #expect(named == file.path)
    #expect(error.description.hasPrefix(file.path + ": " + reason))
    #expect(!error.description.contains("\n"))
  }

  @Test("values of the wrong type are left out and listed with their path; reading goes on")
  func wrongTypes() throws {
    let fixture = try app("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Odd\n")
    try fixture.write(
      "Odd.icon/icon.json",
      #"{"groups": [{"layers": [{"image-name": 3}, {"image-name": "a.svg", "hidden": "no"}]}], "fill": 7}"#
    )
    let odd = try #require(try AppIconReader.read(at: fixture.root).alternate(named: "Odd"))
    #expect(odd.renditions.count == 3)
    let read = try IconComposerBundle.read(fixture.url("Odd.icon"))
    #expect(read.document.imageNames == ["a.svg"])
    #expect(
      read.problems.map(\.description) == [
        "fill: expected a fill (a string or an object), not a number",
        "groups[0].layers[0].image-name: expected a string, not a number",
        "groups[0].layers[1].hidden: expected true or false, not a string",
      ])
  }
}
