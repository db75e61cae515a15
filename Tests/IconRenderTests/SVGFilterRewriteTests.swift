import Foundation
import IconCatalog
import Testing

@testable import IconRender

private typealias F = IconBundleFixture

/// `feDropShadow` spelled out for librsvg 2.54, and filters it cannot draw dropped without
/// losing their artwork.
@Suite struct SVGFilterRewriteTests {
  /// A fanned deck of two cards under one `feDropShadow`, and a play triangle on top: librsvg
  /// 2.54 alone leaves the whole filtered group out.
  static let deck = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024">
    <defs><filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">\
    <feDropShadow dx="0" dy="40" stdDeviation="6" flood-color="#000000" flood-opacity="1"/>\
    </filter></defs>
    <g filter="url(#shadow)">
    <rect x="200" y="200" width="300" height="400" fill="#ff0000" transform="rotate(-10 350 400)"/>
    <rect x="420" y="200" width="300" height="400" fill="#0000ff"/>
    </g>
    <path d="M500 300 L650 400 L500 500 Z" fill="#00ff00"/>
    </svg>
    """

  @Test func feDropShadowBecomesThePrimitivesTheSpecificationDefinesItAs() {
    let result = SVGFilterRewrite.rewrite(Array(Self.deck.utf8))
    let text = String(decoding: result.bytes, as: UTF8.self)
    #expect(result.changed)
    #expect(result.approximations.isEmpty)
    #expect(!text.contains("feDropShadow"))
    for primitive in ["feGaussianBlur", "feOffset", "feFlood", "feComposite", "feMerge"] {
      #expect(text.contains("<\(primitive)"), "\(primitive)")
    }
    #expect(text.contains(#"stdDeviation="6""#) && text.contains(#"dy="40""#))
    #expect(text.contains(##"flood-color="#000000""##))
  }

  @Test func theDeckUnderADropShadowIsDrawnWithItsShadow() throws {
    let icon = try F(
      F.json(fill: F.solid(1, 1, 1), groups: [F.group([F.layer("deck.svg")])]),
      svgs: ["deck.svg": Self.deck])
    let image = try icon.render(pixels: 256)
    // The blue card (420...720 × 200...600) is there, not left out.
    let card = image.at(points: 650, 300)
    #expect(card.b > 200 && card.r < 40, "\(card)")
    // Its shadow, 40 points down: dark below the card's bottom edge, on white.
    let shadow = image.at(points: 650, 620)
    #expect(shadow.r < 120, "\(shadow)")
    #expect(near(image.at(points: 900, 900), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func aFilterLibrsvgCannotDrawIsDroppedAndItsArtworkDrawn() throws {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">\
      <filter id="odd"><feGaussianBlur stdDeviation="2"/><feFancyGlow radius="3"/></filter>\
      <rect width="400" height="400" fill="#00ff00" filter="url(#odd)"/></svg>
      """
    let result = SVGFilterRewrite.rewrite(Array(svg.utf8))
    #expect(result.approximations.count == 1)
    #expect(result.approximations.first?.contains("#odd uses feFancyGlow") == true)
    #expect(!String(decoding: result.bytes, as: UTF8.self).contains("url(#odd)"))

    let icon = try F(
      F.json(fill: F.solid(1, 1, 1), groups: [F.group([F.layer("odd.svg")])]),
      svgs: ["odd.svg": svg])
    let drawing = try IconComposerRenderer.draw(
      IconComposerRenderer.document(of: icon.bundle), bundle: icon.bundle, look: .light,
      pixels: 64, masked: false)
    #expect(near(drawing.image.at(points: 512, 512), (0, 255, 0, 255), tolerance: 0))
    #expect(drawing.approximations.count == 1)
    #expect(drawing.approximations.first?.contains("odd.svg: filter #odd") == true)
  }

  @Test func anSVGWithoutFiltersIsLeftAsItIs() {
    let svg = Array(F.square(10, color: "#123456").utf8)
    let result = SVGFilterRewrite.rewrite(svg)
    #expect(!result.changed && result.bytes == svg && result.approximations.isEmpty)
  }

  @Test func theExpansionIsBounded() {
    let many = String(repeating: "<feDropShadow/>", count: 1000)
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg"><filter id="f">"# + many
      + #"</filter><rect width="9" height="9" filter="url(#f)"/></svg>"#
    let result = SVGFilterRewrite.rewrite(Array(svg.utf8))
    // At most maxDropShadows are spelled out; the filter with the rest is dropped.
    #expect(result.bytes.count < svg.utf8.count + SVGFilterRewrite.maxDropShadows * 700)
    #expect(result.approximations.count == 1)
  }
}

/// Fills as Icon Composer draws them, and Liquid Glass's pieces.
@Suite struct IconComposerFillAndGlassTests {
  static let automaticBlue =
    #"{"automatic-gradient": "extended-srgb:0.00000,0.53333,1.00000,1.00000"}"#

  @Test func anAutomaticGradientIsDrawnFromItsOneColourNotBlack() throws {
    let icon = try F(F.json(fill: Self.automaticBlue, groups: []))
    let image = try icon.render(.any, pixels: 128)
    let top = image.at(points: 512, 60)
    let bottom = image.at(points: 512, 960)
    // Blue all the way down, lighter at the top.
    #expect(bottom.b > 200 && bottom.r < 30, "\(bottom)")
    #expect(top.b > 150 && top.b > top.r + 60, "\(top)")
    #expect(top.r > bottom.r && top.g > bottom.g)
    // In dark, with no dark fill written, Icon Composer's neutral dark ramp takes its place,
    // lighter at the top (MultiClockBar's and Teddy's Dark exports).
    let dark = try icon.render(.dark, pixels: 128)
    let darkTop = dark.at(points: 512, 60)
    let darkBottom = dark.at(points: 512, 960)
    #expect(darkTop.r == darkTop.b && darkBottom.r == darkBottom.b, "\(darkTop) \(darkBottom)")
    #expect(darkTop.r > darkBottom.r + 20 && darkTop.r < 60, "\(darkTop) \(darkBottom)")
  }

  @Test func aNeutralShadowDarkensBelowTheArtwork() throws {
    func render(shadow: String) throws -> RGBAImage {
      let icon = try F(
        F.json(
          fill: F.solid(1, 1, 1),
          groups: [
            F.group(
              [F.layer("square.svg", glass: true)], extra: "\"shadow\": \(shadow)", glass: true)
          ]),
        svgs: ["square.svg": F.square(300, color: "#ff0000")])
      return try icon.render(pixels: 256)
    }
    let shaded = try render(shadow: #"{"kind": "neutral", "opacity": 1}"#)
    let plain = try render(shadow: #"{"kind": "none", "opacity": 1}"#)
    // Just below the square's bottom edge (662 points): a few levels darker, as Icon
    // Composer's shadow is on white.
    #expect(shaded.at(points: 512, 680).r < plain.at(points: 512, 680).r - 5)
    #expect(near(plain.at(points: 512, 680), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func glassLightsTheTopLeftEdgeAndTranslucencyLetsTheBackgroundThrough() throws {
    let icon = try F(
      F.json(
        fill: F.solid(0, 0, 0),
        groups: [
          F.group(
            [F.layer("grey.svg", glass: true)],
            extra:
              #""shadow": {"kind": "none", "opacity": 0}, "translucency": {"enabled": true, "value": 1}"#,
            glass: true)
        ]),
      svgs: ["grey.svg": F.square(400, color: "#808080")])
    let image = try icon.render(pixels: 256)
    let middle = image.at(points: 512, 512)
    // Translucent: darker than the artwork's grey over black.
    #expect(middle.r < 110, "\(middle)")
    // The top-left inner edge (312 points) is lit.
    #expect(image.at(points: 316, 316).r > middle.r + 20)
  }

  @Test func theExportHasTheBrightRimInsideTheRoundedSquare() throws {
    let icon = try F(F.json(fill: F.solid(0, 0, 0), groups: []))
    let image = try icon.render(pixels: 256, masked: true)
    // At the top edge's middle the rim is light; in the middle it is black.
    #expect(image.pixel(x: 128, y: 1).r > 40)
    #expect(image.pixel(x: 128, y: 128).r == 0)
  }
}
