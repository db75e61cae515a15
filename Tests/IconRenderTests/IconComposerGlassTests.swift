import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// Liquid Glass as Icon Composer's exports show it (docs/icon-composer.md): translucent glass is
/// see-through toward its bottom, glass keeps its own colour, and the tinted look does not take
/// the dark look's layer values. Glass layers in groups without shadow or specular highlight, so
/// only the rule under test changes the pixels.
@Suite struct IconComposerGlassTests {
  typealias F = IconBundleFixture

  /// A white canvas under one glass square of `color`, 800 points (112…912), in a group with
  /// `translucency` (a JSON object) and the layer's own keys in `layer`.
  static func glassSquare(color: String, translucency: String, layer: String = "") throws -> F {
    try F(
      F.json(
        fill: F.solid(1, 1, 1),
        groups: [
          F.group(
            [F.layer("square.svg", extra: layer, glass: true)],
            extra: "\"translucency\": \(translucency)")
        ]),
      svgs: ["square.svg": F.square(800, color: color)])
  }

  @Test func translucentGlassShowsMoreOfWhatIsBehindTowardItsBottom() throws {
    let icon = try Self.glassSquare(
      color: "#000000", translucency: #"{"enabled": true, "value": 0.5}"#)
    let image = try icon.render()
    let top = image.at(points: 512, 160)
    let middle = image.at(points: 512, 512)
    let bottom = image.at(points: 512, 860)
    // Black glass over white: nearly black at its top, lighter (more white through) below.
    #expect(top.r < 30, "\(top)")
    #expect(middle.r > top.r + 10, "\(middle) \(top)")
    #expect(bottom.r > middle.r + 20, "\(bottom) \(middle)")
    // Only the glass: the white around it is untouched.
    #expect(near(image.at(points: 40, 512), (255, 255, 255, 255), tolerance: 1))
  }

  @Test func glassInAGroupThatBlendsIsStillSeeThroughTowardItsBottom() throws {
    // As Bellows: a non-glass layer multiplies with what is behind, so the group is drawn
    // straight onto the canvas; its glass layer at the back is still translucent glass.
    let icon = try F(
      F.json(
        fill: F.solid(1, 1, 1),
        groups: [
          F.group(
            [
              F.layer("dot.svg", extra: "\"blend-mode\": \"multiply\""),
              F.layer("square.svg", extra: "\"blend-mode\": \"hard-light\"", glass: true),
            ],
            extra: #""translucency": {"enabled": true, "value": 0.5}"#)
        ]),
      svgs: [
        "dot.svg": F.square(100, color: "#ff0000"), "square.svg": F.square(800, color: "#000000"),
      ])
    let image = try icon.render()
    let top = image.at(points: 512, 160)
    let bottom = image.at(points: 512, 860)
    // Its tile kept (hard-light of black would be black all over), more white through below.
    #expect(top.r < 30, "\(top)")
    #expect(bottom.r > top.r + 40, "\(bottom) \(top)")
  }

  @Test func glassWithoutTranslucencyIsOpaqueInItsOwnColour() throws {
    let icon = try Self.glassSquare(
      color: "#333333", translucency: #"{"enabled": false, "value": 0.5}"#)
    let image = try icon.render()
    // No frost lifting a dark glass toward grey, and no see-through.
    #expect(near(image.at(points: 512, 160), (51, 51, 51, 255), tolerance: 2))
    #expect(near(image.at(points: 512, 860), (51, 51, 51, 255), tolerance: 2))
  }

  @Test func glassAtPartOpacityIsSeeThroughByItsOpacityAloneNotGreyedAsAnEdge() throws {
    let icon = try Self.glassSquare(
      color: "#000000", translucency: #"{"enabled": false, "value": 0.5}"#,
      layer: "\"opacity\": 0.7")
    // 0.7 of black over white: 0.3 of white, in the middle as at the top.
    #expect(near(try icon.render().at(points: 512, 512), (77, 77, 77, 255), tolerance: 3))
    #expect(near(try icon.render().at(points: 512, 300), (77, 77, 77, 255), tolerance: 3))
  }

  @Test func tintedDoesNotTakeTheDarkLooksLayerValues() throws {
    // As Ehviewer: a layer at opacity 0, 1 written for dark only.
    let layer = F.layer(
      "white.svg",
      extra: #""opacity-specializations": [{"value": 0}, {"appearance": "dark", "value": 1}]"#)
    let black = F.solid(0, 0, 0)
    let svgs = ["white.svg": F.square(400, color: "#ffffff")]
    let icon = try F(F.json(fill: black, groups: [F.group([layer])]), svgs: svgs)
    let bare = try F(F.json(fill: black, groups: []), svgs: svgs)
    // Dark draws the white square...
    #expect(try icon.render(.dark).at(points: 512, 512).r > 200)
    // ...tinted draws the light document: no square, the same pixels as without the layer.
    let tinted = try icon.render(.tinted).at(points: 512, 512)
    #expect(near(tinted, try bare.render(.tinted).at(points: 512, 512), tolerance: 1))
  }
}

extension IconComposerGlassTests {
  @Test func aDarkAutomaticGradientRunsStraightFromALiftedTopToItsColourAboveTwoThirds() throws {
    let icon = try F(
      F.json(fill: #"{"automatic-gradient": "srgb:0,0,0,1"}"#, groups: []))
    let image = try icon.render(pixels: 256)
    let top = Double(image.at(points: 512, 2).r)
    let third = Double(image.at(points: 512, 1024 / 3).r)
    // Black is lifted at the top, and black again from about two thirds of the way down.
    #expect(top > 30, "\(top)")
    #expect(image.at(points: 512, 760).r <= 1)
    // Straight in encoded values: a third of the way down is about half the lift; mixed in
    // linear light it would be nearer three quarters.
    #expect(third > 0.35 * top && third < 0.62 * top, "\(third) of \(top)")
  }
}

/// `near` for two pixels.
func near(
  _ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8),
  _ other: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), tolerance: Int
) -> Bool {
  near(pixel, (Int(other.r), Int(other.g), Int(other.b), Int(other.a)), tolerance: tolerance)
}
