import Testing

@testable import IconEdit

/// New images are named as their set names its own, and their entries go in the set's slot
/// order. The schemes are those real sets use (pixels, points and scale, Xcode's old
/// `Icon-App-WxH@Nx`, `pt` units, `_2x`, Apple's `~iphone`).
@Suite struct SiblingNamingTests {
  typealias S = SiblingNaming.Sibling

  static func sibling(_ file: String, _ points: String, _ scale: Int, _ idiom: String = "iphone")
    -> S
  {
    S(
      fileName: file, pixels: Int((Double(points)! * Double(scale)).rounded()), points: points,
      scale: scale, idiom: idiom)
  }

  @Test(arguments: [
    // By pixels: Icon-20.png … Icon-1024.png.
    (
      [("Icon-40.png", "20", 2), ("Icon-60.png", "20", 3), ("Icon-120.png", "60", 2)],
      ("83.5", 2, "ipad"), "Icon-167.png"
    ),
    // Xcode's old names: points twice, then the scale, written at 1x too.
    (
      [
        ("Icon-App-20x20@2x.png", "20", 2), ("Icon-App-29x29@1x.png", "29", 1),
        ("Icon-App-60x60@3x.png", "60", 3),
      ], ("83.5", 2, "ipad"), "Icon-App-83.5x83.5@2x.png"
    ),
    // Points with a unit, the scale after an underscore.
    (
      [("app_icon_29pt_2x.png", "29", 2), ("app_icon_40pt_3x.png", "40", 3)], ("76", 1, "ipad"),
      "app_icon_76pt_1x.png"
    ),
    // Points and scale, 1x written nowhere.
    (
      [("icon-20@2x.png", "20", 2), ("icon-29@3x.png", "29", 3), ("icon-76.png", "76", 1)],
      ("83.5", 2, "ipad"), "icon-83.5@2x.png"
    ),
  ])
  func aNewImageIsNamedAsItsSiblings(
    siblings: [(String, String, Int)], slot: (String, Int, String), expected: String
  ) throws {
    let naming = try #require(
      SiblingNaming.detect(siblings.map { Self.sibling($0.0, $0.1, $0.2) }))
    let pixels = Int((Double(slot.0)! * Double(slot.1)).rounded())
    #expect(
      naming.name(pixels: pixels, points: slot.0, scale: slot.1, idiom: slot.2) == expected)
  }

  @Test func appleLooseNamesKeepTheirIdiom() throws {
    let naming = try #require(
      SiblingNaming.detect([
        Self.sibling("Green-20@2x~iphone.png", "20", 2),
        Self.sibling("Green-60@3x~iphone.png", "60", 3),
        Self.sibling("Green-76@2x~ipad.png", "76", 2, "ipad"),
      ]))
    #expect(
      naming.name(pixels: 167, points: "83.5", scale: 2, idiom: "ipad") == "Green-83.5@2x~ipad.png")
  }

  /// No pattern spells most of the set: nothing is guessed.
  @Test func aSetOfMixedNamesHasNoPattern() {
    #expect(
      SiblingNaming.detect([
        Self.sibling("Icon-40.png", "20", 2), Self.sibling("small@3x.png", "20", 3),
        Self.sibling("AppIcon-iPad.png", "76", 1), Self.sibling("marketing.png", "1024", 1),
      ]) == nil)
    #expect(SiblingNaming.detect([Self.sibling("Icon-40.png", "20", 2)]) == nil)
  }

  @Test func aResampledImageSaysItsNewSize() {
    #expect(SiblingNaming.resized("night-2048.png", from: 2048, to: 1024) == "night-1024.png")
    #expect(SiblingNaming.resized("night@2048px.png", from: 2048, to: 1024) == "night@1024px.png")
    // A longer number that holds it is not its size.
    #expect(SiblingNaming.resized("v12048.png", from: 2048, to: 1024) == "v12048.png")
    #expect(SiblingNaming.resized("night.png", from: 2048, to: 1024) == "night.png")
  }

  /// Xcode's order: by idiom as the set has them, then size, then scale; a new idiom before
  /// ios-marketing.
  @Test func aNewEntryGoesInTheSetsSlotOrder() {
    func entry(_ idiom: String, _ size: String, _ scale: String) -> ContentsJSONValue {
      .object([
        "idiom": .string(idiom), "size": .string("\(size)x\(size)"), "scale": .string(scale),
      ])
    }
    let images = [
      entry("iphone", "20", "2x"), entry("iphone", "60", "3x"), entry("ipad", "20", "1x"),
      entry("ipad", "76", "2x"), entry("ios-marketing", "1024", "1x"),
    ]
    #expect(CatalogFixes.slotPlace(of: entry("ipad", "83.5", "2x"), in: images) == 4)
    #expect(CatalogFixes.slotPlace(of: entry("iphone", "40", "2x"), in: images) == 1)
    #expect(CatalogFixes.slotPlace(of: entry("ipad", "76", "1x"), in: images) == 3)
    #expect(CatalogFixes.slotPlace(of: entry("car", "60", "2x"), in: Array(images)) == 4)
  }
}
