import Foundation
import IconCatalog
import Synchronization
import Testing

@testable import IconRender

/// Pixels of drawn Icon Composer bundles. Images are 64 pixels on a side (16 points a pixel)
/// and unmasked unless a test says otherwise; a white background unless it says otherwise.
@Suite struct IconComposerRendererTests {
  typealias F = IconBundleFixture
  static let white = F.solid(1, 1, 1)

  // MARK: Background

  @Test func aSolidFillPaintsTheBackground() throws {
    let icon = try F(F.json(fill: F.solid(0.2, 0.4, 0.6), groups: []))
    let image = try icon.render()
    #expect(image.width == 64 && image.height == 64)
    #expect(near(image.at(points: 512, 512), (51, 102, 153, 255), tolerance: 1))
    #expect(near(image.at(points: 0, 0), (51, 102, 153, 255), tolerance: 1))
  }

  @Test func aLinearGradientRunsFromTheFirstColourAtTheTopToTheSecondPastItsStop() throws {
    let icon = try F(
      F.json(
        fill: #"{"linear-gradient": ["srgb:1,0,0,1", "srgb:0,0,1,1"]}"#, groups: []))
    let image = try icon.render()
    let top = image.at(points: 512, 4)
    #expect(top.r > 240 && top.b < 15)
    // The stop at 70% reaches 87.5% in Icon Composer's exports: past it, the second colour.
    #expect(near(image.at(points: 512, 910), (0, 0, 255, 255), tolerance: 1))
    #expect(near(image.at(points: 512, 1020), (0, 0, 255, 255), tolerance: 1))
    // Halfway, half of each in linear light (sRGB 188), as Icon Composer mixes.
    let middle = image.at(points: 512, 448)
    #expect(abs(Int(middle.r) - 188) < 16 && abs(Int(middle.b) - 188) < 16)
  }

  @Test func anOrientationTurnsTheGradient() throws {
    let icon = try F(
      F.json(
        fill: #"""
          {"linear-gradient": ["srgb:1,0,0,1", "srgb:0,0,1,1"],
           "orientation": {"start": {"x": 0, "y": 0.5}, "stop": {"x": 1, "y": 0.5}}}
          """#, groups: []))
    let image = try icon.render()
    #expect(image.at(points: 8, 512).r > 240)
    #expect(image.at(points: 1016, 512).b > 220)  // the stop is reached a quarter further on
    // Horizontal: the same colour all the way down a column.
    let bottomLeft = image.at(points: 8, 1016)
    #expect(
      near(image.at(points: 8, 8), (Int(bottomLeft.r), 0, Int(bottomLeft.b), 255), tolerance: 1))
  }

  @Test func withNoFillLightIsWhiteAndDarkIsTheNeutralDarkRamp() throws {
    let icon = try F(F.json(groups: []))
    #expect(near(try icon.render(.any).at(points: 512, 512), (255, 255, 255, 255), tolerance: 0))
    // Icon Composer's dark background: grey, about 52 at the top to 16 at the bottom.
    let dark = try icon.render(.dark)
    #expect(near(dark.at(points: 512, 512), (34, 34, 34, 255), tolerance: 2))
    #expect(dark.at(points: 512, 40).r > dark.at(points: 512, 980).r + 25)
  }

  @Test func aDarkSpecializationChangesTheFill() throws {
    let icon = try F(
      F.json(
        extra: """
          "fill-specializations": [{"value": \(F.solid(1, 0, 0))},
            {"appearance": "dark", "value": \(F.solid(0, 0, 1))}]
          """, groups: []))
    #expect(near(try icon.render(.any).at(points: 512, 512), (255, 0, 0, 255), tolerance: 0))
    #expect(near(try icon.render(.dark).at(points: 512, 512), (0, 0, 255, 255), tolerance: 0))
  }

  // MARK: Layers: where and how they are drawn

  @Test func aLayerIsDrawnInItsColourWhereItsShapeIs() throws {
    let icon = try F(
      F.json(fill: Self.white, groups: [F.group([F.layer("square.svg")])]),
      svgs: ["square.svg": F.square(256, color: "#00ff00")])
    let image = try icon.render()
    // 256 points centred: 384...640.
    #expect(near(image.at(points: 512, 512), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 400, 620), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 360, 512), (255, 255, 255, 255), tolerance: 0))
    #expect(near(image.at(points: 100, 100), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func theFirstLayerIsTheFront() throws {
    let icon = try F(
      F.json(
        fill: Self.white, groups: [F.group([F.layer("red.svg"), F.layer("blue.svg")])]),
      svgs: [
        "red.svg": F.square(300, color: "#ff0000"), "blue.svg": F.square(600, color: "#0000ff"),
      ]
    )
    let image = try icon.render()
    #expect(near(image.at(points: 512, 512), (255, 0, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 740, 512), (0, 0, 255, 255), tolerance: 0))
  }

  @Test func theFirstGroupIsTheFront() throws {
    let icon = try F(
      F.json(
        fill: Self.white, groups: [F.group([F.layer("red.svg")]), F.group([F.layer("blue.svg")])]),
      svgs: [
        "red.svg": F.square(300, color: "#ff0000"), "blue.svg": F.square(600, color: "#0000ff"),
      ]
    )
    let image = try icon.render()
    #expect(near(image.at(points: 512, 512), (255, 0, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 740, 512), (0, 0, 255, 255), tolerance: 0))
  }

  @Test func aPositiveYTranslationMovesDown() throws {
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [F.group([F.layer("square.svg", extra: F.position(y: 300))])]),
      svgs: ["square.svg": F.square(200, color: "#00ff00")])
    let image = try icon.render()
    #expect(near(image.at(points: 512, 812), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 512, 212), (255, 255, 255, 255), tolerance: 0))
    #expect(near(image.at(points: 512, 512), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func aLayerScaleGrowsItAboutItsCentre() throws {
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [F.group([F.layer("square.svg", extra: F.position(scale: 4))])]),
      svgs: ["square.svg": F.square(100, color: "#00ff00")])
    let image = try icon.render()
    // 400 points wide: 312...712.
    #expect(near(image.at(points: 700, 330), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 740, 512), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func aGroupScaleAlsoScalesTheLayersTranslation() throws {
    // device = T(512) · S(2) · T(100, 0) · T(-50): 200 points wide, centred 200 points right.
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [
          F.group(
            [F.layer("square.svg", extra: F.position(x: 100))], extra: F.position(scale: 2))
        ]),
      svgs: ["square.svg": F.square(100, color: "#00ff00")])
    let image = try icon.render()
    #expect(near(image.at(points: 712, 512), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 630, 512), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 590, 512), (255, 255, 255, 255), tolerance: 0))
    #expect(near(image.at(points: 830, 512), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func aLayerFillReplacesTheArtworksColours() throws {
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [F.group([F.layer("red.svg", extra: "\"fill\": \(F.solid(0, 0, 1))")])]),
      svgs: ["red.svg": F.square(400, color: "#ff0000")])
    let image = try icon.render()
    #expect(near(image.at(points: 512, 512), (0, 0, 255, 255), tolerance: 0))
    #expect(near(image.at(points: 100, 512), (255, 255, 255, 255), tolerance: 0))
    #expect(!image.hasRed)
  }

  @Test func anAutomaticLayerFillKeepsTheArtworksColours() throws {
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [F.group([F.layer("red.svg", extra: "\"fill\": \"automatic\"")])]),
      svgs: ["red.svg": F.square(400, color: "#ff0000")])
    #expect(near(try icon.render().at(points: 512, 512), (255, 0, 0, 255), tolerance: 0))
  }

  @Test func layerAndGroupOpacityBlendWithWhatIsBehind() throws {
    let black = F.solid(0, 0, 0)
    let layer = try F(
      F.json(
        fill: black,
        groups: [F.group([F.layer("white.svg", extra: "\"opacity\": 0.5")])]),
      svgs: ["white.svg": F.square(400, color: "#ffffff")])
    #expect(near(try layer.render().at(points: 512, 512), (128, 128, 128, 255), tolerance: 2))
    let group = try F(
      F.json(
        fill: black,
        groups: [F.group([F.layer("white.svg")], extra: "\"opacity\": 0.25")]),
      svgs: ["white.svg": F.square(400, color: "#ffffff")])
    #expect(near(try group.render().at(points: 512, 512), (64, 64, 64, 255), tolerance: 2))
  }

  @Test func aMultiplyLayerMultipliesWithTheBackground() throws {
    let icon = try F(
      F.json(
        fill: F.solid(1, 1, 0),
        groups: [
          F.group([F.layer("cyan.svg", extra: "\"blend-mode\": \"multiply\"")])
        ]),
      svgs: ["cyan.svg": F.square(400, color: "#00ffff")])
    let image = try icon.render()
    #expect(near(image.at(points: 512, 512), (0, 255, 0, 255), tolerance: 1))
    #expect(near(image.at(points: 100, 100), (255, 255, 0, 255), tolerance: 0))
  }

  @Test func aGlassLayerKeepsItsTileWhateverItsBlendMode() throws {
    // As MultiClockBar's Dark export: Icon Composer draws a glass layer as it is, not blended.
    let icon = try F(
      F.json(
        fill: F.solid(1, 1, 0),
        groups: [
          F.group([F.layer("cyan.svg", extra: "\"blend-mode\": \"multiply\"", glass: true)])
        ]),
      svgs: ["cyan.svg": F.square(400, color: "#00ffff")])
    let centre = try icon.render().at(points: 512, 512)
    #expect(centre.r < 60 && centre.g > 200 && centre.b > 200, "\(centre)")
  }

  @Test func aPlusLighterGroupAddsToTheBackground() throws {
    let icon = try F(
      F.json(
        fill: F.solid(0.5, 0, 0),
        groups: [F.group([F.layer("red.svg")], extra: "\"blend-mode\": \"plus-lighter\"")]),
      svgs: ["red.svg": F.square(400, color: "#800000")])
    let image = try icon.render()
    #expect(image.at(points: 512, 512).r >= 254)
    #expect(abs(Int(image.at(points: 100, 100).r) - 128) <= 1)
  }

  @Test func hiddenLayersAndGroupsAreSkippedPerAppearance() throws {
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [
          F.group([F.layer("red.svg", extra: "\"hidden\": true")]),
          F.group(
            [F.layer("blue.svg")],
            extra: #""hidden-specializations": [{"appearance": "dark", "value": true}]"#),
        ]),
      svgs: [
        "red.svg": F.square(400, color: "#ff0000"), "blue.svg": F.square(400, color: "#0000ff"),
      ])
    #expect(near(try icon.render(.any).at(points: 512, 512), (0, 0, 255, 255), tolerance: 0))
    // In dark, with the blue group hidden, the middle is the (system dark) background.
    let dark = try icon.render(.dark)
    let background = dark.at(points: 150, 512)
    #expect(background.r < 60 && background.b < 60)
    #expect(
      near(
        dark.at(points: 512, 512),
        (Int(background.r), Int(background.g), Int(background.b), Int(background.a)), tolerance: 0))
  }

  @Test func aViewBoxOnlySVGIsSizedByItsViewBox() throws {
    let icon = try F(
      F.json(fill: Self.white, groups: [F.group([F.layer("box.svg")])]),
      svgs: [
        "box.svg": """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">\
        <rect width="512" height="512" fill="#00ff00"/></svg>
        """
      ])
    let image = try icon.render()
    // 512 points centred: 256...768.
    #expect(near(image.at(points: 280, 512), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 750, 750), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 230, 512), (255, 255, 255, 255), tolerance: 0))
    #expect(near(image.at(points: 800, 512), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func widthAndHeightWinOverTheViewBox() throws {
    let icon = try F(
      F.json(fill: Self.white, groups: [F.group([F.layer("box.svg")])]),
      svgs: [
        "box.svg": """
        <svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 10 10">\
        <rect width="10" height="10" fill="#00ff00"/></svg>
        """
      ])
    let image = try icon.render()
    #expect(near(image.at(points: 400, 512), (0, 255, 0, 255), tolerance: 0))
    #expect(near(image.at(points: 360, 512), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func aPNGLayerIsPlacedAtItsPixelSize() throws {
    let icon = try F(
      F.json(fill: Self.white, groups: [F.group([F.layer("green.png")])]),
      assets: ["green.png": try F.png(width: 128, height: 128, (0, 200, 0, 255))])
    let image = try icon.render()
    // 128 points centred: 448...576.
    #expect(near(image.at(points: 512, 512), (0, 200, 0, 255), tolerance: 1))
    #expect(near(image.at(points: 460, 560), (0, 200, 0, 255), tolerance: 1))
    #expect(near(image.at(points: 420, 512), (255, 255, 255, 255), tolerance: 0))
  }

  @Test func aJPEGLayerIsDrawn() throws {
    let icon = try F(
      F.json(
        fill: Self.white,
        groups: [F.group([F.layer("green.jpg", extra: F.position(scale: 16))])]),
      assets: ["green.jpg": F.greenJPEG])
    let image = try icon.render()
    // 16 pixels × 16: 384...640.
    #expect(near(image.at(points: 512, 512), (0, 192, 0, 255), tolerance: 8))
    #expect(near(image.at(points: 360, 512), (255, 255, 255, 255), tolerance: 0))
  }

  // MARK: Tinted, and the shape

  @Test func tintedDarkMapsLuminanceOntoIconComposersIndigo() throws {
    let icon = try F(
      F.json(fill: F.solid(1, 0, 0), groups: [F.group([F.layer("green.svg")])]),
      svgs: ["green.svg": F.square(400, color: "#00ff00")])
    let image = try icon.render(.tinted)
    guard let (dark, light) = LiquidGlass.ramp(.tintedDark) else {
      Issue.record("tinted dark has no ramp")
      return
    }
    for offset in stride(from: 0, to: image.pixels.count, by: 4) {
      #expect(image.pixels[offset + 3] == 255)
      // Every pixel lies on the line from the dark end to the light end: blue leads.
      #expect(image.pixels[offset + 2] > image.pixels[offset])
    }
    // The green layer (L 0.72) is lighter than the red background (L 0.21).
    let layer = image.at(points: 512, 512)
    let background = image.at(points: 100, 100)
    #expect(Double(layer.b) > Double(background.b) * 1.5)
    let expected = 255 * (dark.2 + (light.2 - dark.2) * 0.7152)
    #expect(abs(Double(layer.b) - expected) < 3)
  }

  @Test func eachLookMapsOntoItsOwnColours() throws {
    // Black in every look (dark and tinted draw the dark fill).
    let icon = try F(
      F.json(
        fill: F.solid(0, 0, 0),
        extra:
          #""fill-specializations": [{"appearance": "dark", "value": {"solid": "srgb:0,0,0,1"}}]"#,
        groups: []))
    func centre(_ look: IconComposerLook) throws -> (UInt8, UInt8, UInt8, UInt8) {
      let image = try IconComposerRenderer.render(bundle: icon.bundle, look: look, pixels: 64)
      let pixel = image.pixel(x: 32, y: 32)
      return (pixel.r, pixel.g, pixel.b, pixel.a)
    }
    // Whatever the fill, each look's background is its own ramp, measured on Icon Composer's
    // exports: at the middle, half way from its top to its bottom.
    #expect(near(try centre(.light), (0, 0, 0, 255), tolerance: 0))
    #expect(near(try centre(.tintedDark), (13, 8, 29, 255), tolerance: 2))
    #expect(near(try centre(.tintedLight), (124, 102, 211, 255), tolerance: 2))
    #expect(near(try centre(.clearLight), (134, 134, 134, 255), tolerance: 2))
    #expect(near(try centre(.clearDark), (56, 56, 56, 255), tolerance: 2))
  }

  @Test func theMaskLeavesTheCornersTransparent() throws {
    let icon = try F(F.json(fill: F.solid(0, 0, 1), groups: []))
    let image = try icon.render(masked: true)
    #expect(image.pixel(x: 0, y: 0).a == 0)
    #expect(image.pixel(x: 63, y: 63).a == 0)
    #expect(image.pixel(x: 2, y: 2).a == 0)
    #expect(near(image.pixel(x: 32, y: 32), (0, 0, 255, 255), tolerance: 0))
    #expect(image.pixel(x: 32, y: 0).a > 200)
    #expect(image.pixel(x: 0, y: 32).a > 200)
    // Unmasked, the corners are the fill.
    #expect(try icon.render(masked: false).pixel(x: 0, y: 0).a == 255)
  }

  @Test(.timeLimit(.minutes(1))) func bundlesDrawTheSameOnManyThreadsAtOnce() throws {
    let icon = try F(
      F.json(
        fill: #"{"linear-gradient": ["srgb:1,0.5,0,1", "srgb:0,0,1,1"]}"#,
        groups: [
          F.group([
            F.layer("text.svg", extra: "\"fill\": \(F.solid(1, 1, 1))"),
            F.layer("square.svg", extra: "\"blend-mode\": \"screen\", \"opacity\": 0.7"),
          ]),
          F.group([F.layer("green.png")], extra: F.position(scale: 3)),
        ]),
      assets: [
        "text.svg": Array(
          """
          <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200">\
          <text x="20" y="150" font-size="140" font-family="sans-serif">Aa</text></svg>
          """.utf8),
        "square.svg": Array(F.square(600, color: "#336699").utf8),
        "green.png": try F.png(width: 100, height: 100, (0, 200, 0, 255)),
      ])
    let expected = try icon.render(pixels: 96, masked: true)
    let results = Mutex<[RGBAImage?]>(Array(repeating: nil, count: 24))
    let bundle = icon.bundle
    DispatchQueue.concurrentPerform(iterations: 24) { index in
      let image = try? IconComposerRenderer.render(
        bundle: bundle, appearance: .any, pixels: 96, masked: true)
      results.withLock { $0[index] = image }
    }
    for image in results.withLock({ $0 }) { #expect(image == expected) }
  }

  @Test func theSizeIsThePixelsAsked() throws {
    let icon = try F(F.json(fill: F.solid(0, 0, 1), groups: []))
    for pixels in [1, 7, 180] {
      let image = try icon.render(pixels: pixels)
      #expect(image.width == pixels && image.height == pixels)
    }
  }
}
