import Foundation
import IconCatalog
import Testing

/// A built app's renditions of an icon: its asset's in `Assets.car`, then its loose PNGs.
@Suite struct BuiltRenditionsTests {
  /// The start of a PNG `pixels` wide, with the CgBI chunk Xcode puts first when `crushed`.
  static func pngHead(_ pixels: Int, crushed: Bool) -> Data {
    func big32(_ value: Int) -> [UInt8] {
      (0..<4).reversed().map { UInt8(value >> ($0 * 8) & 0xFF) }
    }
    var bytes: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    if crushed { bytes += big32(4) + Array("CgBI".utf8) + [0x50, 0, 0x20, 2] + big32(0) }
    bytes += big32(13) + Array("IHDR".utf8) + big32(pixels) + big32(pixels) + [8, 6, 0, 0, 0]
    return Data(bytes + big32(0))
  }

  func builtApp(car: [UInt8]?) throws -> (Fixture, URL) {
    let fixture = try Fixture()
    let app = "Seed.app"
    try fixture.writePlist(
      "\(app)/Info.plist",
      [
        "CFBundleIdentifier": "dev.iconpick.Seed", "CFBundleExecutable": "Seed",
        "CFBundleIcons": [
          "CFBundlePrimaryIcon": [
            "CFBundleIconFiles": ["AppIcon60x60"], "CFBundleIconName": "AppIcon",
          ]
        ],
      ])
    try fixture.write("\(app)/AppIcon60x60@2x.png", data: Self.pngHead(120, crushed: true))
    try fixture.write("\(app)/AppIcon60x60@3x.png", data: Self.pngHead(180, crushed: false))
    if let car { try fixture.write("\(app)/Assets.car", data: Data(car)) }
    return (fixture, fixture.url(app))
  }

  @Test func theCarsRenditionsOfTheAssetThenTheLooseFiles() throws {
    let (fixture, app) = try builtApp(car: CarWriter.appIconCar().bytes())
    defer { withExtendedLifetime(fixture) {} }
    let icons = try AppIconReader.read(at: app)
    #expect(icons.isBuiltArtifact)
    let car = try #require(try icons.compiledAssetCatalog())
    let renditions = icons.builtRenditions(of: icons.primary, car: car)
    #expect(
      renditions == [
        BuiltRendition(
          source: "Assets.car", idiom: "iphone", size: 60, scale: 2, appearance: "any",
          pixels: 120),
        BuiltRendition(
          source: "Assets.car", idiom: "ios-marketing", size: 1024, scale: 1, appearance: "any",
          pixels: 1024),
        BuiltRendition(
          source: "Assets.car", idiom: "ipad", size: 76, scale: 2, appearance: "dark",
          pixels: 152),
        BuiltRendition(
          source: app.appendingPathComponent("AppIcon60x60@2x.png").path, idiom: "iphone",
          size: 60, scale: 2, appearance: "any", pixels: 120),
        BuiltRendition(
          source: app.appendingPathComponent("AppIcon60x60@3x.png").path, idiom: "iphone",
          size: 60, scale: 3, appearance: "any", pixels: 180),
      ])
  }

  @Test func withoutACarOnlyTheLooseFiles() throws {
    let (fixture, app) = try builtApp(car: nil)
    defer { withExtendedLifetime(fixture) {} }
    let icons = try AppIconReader.read(at: app)
    #expect(try icons.compiledAssetCatalog() == nil)
    let renditions = icons.builtRenditions(of: icons.primary, car: nil)
    #expect(renditions.map(\.pixels) == [120, 180])
    #expect(renditions.allSatisfy { $0.source.hasSuffix(".png") })
  }

  @Test func aDamagedCarIsAnErrorNamingIt() throws {
    let (fixture, app) = try builtApp(car: Array("BOMStore".utf8))
    defer { withExtendedLifetime(fixture) {} }
    let icons = try AppIconReader.read(at: app)
    #expect {
      try icons.compiledAssetCatalog()
    } throws: { error in
      "\(error)".contains("Seed.app/Assets.car")
    }
  }
}
