import Foundation
import IconCatalog
import Testing

@testable import IconRender

/// Layer PNGs larger than a whole-image decode allows (Sparkify's are 8534×8534) are read one row
/// at a time and box-filtered down, so the icon is drawn; hostile sizes far beyond stay refused.
@Suite struct IconComposerLargeLayerTests {
  typealias F = IconBundleFixture

  /// A `side`×`side` 1-bit palette PNG, transparent above the middle row and red from it down,
  /// its image data in stored deflate blocks (about side²/8 bytes: 9 MB at 8534).
  static func halfRedPNG(side: Int) -> [UInt8] {
    let rowBytes = (side + 7) / 8
    var raw = [UInt8]()
    raw.reserveCapacity((rowBytes + 1) * side)
    for y in 0..<side {
      raw.append(0)  // no filter
      raw.append(contentsOf: repeatElement(y < side / 2 ? 0 : 0xFF, count: rowBytes))
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    while offset < raw.count {
      let length = min(65_535, raw.count - offset)
      let last: UInt8 = offset + length == raw.count ? 1 : 0
      zlib += [
        last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF),
        UInt8(~length >> 8 & 0xFF),
      ]
      zlib += raw[offset..<(offset + length)]
      offset += length
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    zlib += PNGFixtures.bigEndian(b << 16 | a)
    let header =
      PNGFixtures.bigEndian(UInt32(side)) + PNGFixtures.bigEndian(UInt32(side)) + [1, 3, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + FastPNGTests.chunk("IHDR", header)
      + FastPNGTests.chunk("PLTE", [0, 0, 0, 255, 0, 0]) + FastPNGTests.chunk("tRNS", [0, 255])
      + FastPNGTests.chunk("IDAT", zlib) + FastPNGTests.chunk("IEND", [])
  }

  @Test func aSparkifySizedLayerIsDrawnScaledDown() throws {
    // As Sparkify: an 8534² PNG layer at scale 0.1, about 853 points on the canvas.
    let icon = try F(
      F.json(
        fill: F.solid(0, 0, 1),
        groups: [F.group([F.layer("big.png", extra: F.position(scale: 0.1))])]),
      assets: ["big.png": Self.halfRedPNG(side: 8534)])
    let image = try icon.render(pixels: 128)
    // Its lower half red, its upper half transparent over the blue background.
    let below = image.at(points: 512, 800)
    #expect(below.r > 240 && below.g < 10 && below.b < 10, "\(below)")
    let above = image.at(points: 512, 200)
    #expect(above.r < 10 && above.b > 240, "\(above)")
    // Outside the layer (it spans 85…939 points) the background.
    let outside = image.at(points: 512, 990)
    #expect(outside.r < 10 && outside.b > 240, "\(outside)")
  }

  @Test func aLayerFarAboveRealSizesIsRefusedNamingTheLimit() throws {
    let png = DecodeBudgetTests.header(side: 20_000, depth: 8, colour: 6, interlaced: false)
    let icon = try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("huge.png")])]),
      assets: ["huge.png": png])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .tooLarge(let file, 20_000, 20_000, 16_384) = error as? IconRenderError else {
        return false
      }
      return file.hasSuffix("huge.png")
    }
  }

  @Test func aDamagedLargeLayerIsAnErrorNamingTheFile() throws {
    // A valid 5000² header whose image data ends at once: libpng's error, not a crash.
    let png = DecodeBudgetTests.header(side: 5000, depth: 8, colour: 6, interlaced: false)
    let icon = try F(
      F.json(fill: F.solid(0, 0, 1), groups: [F.group([F.layer("cut.png")])]),
      assets: ["cut.png": png])
    #expect {
      try icon.render()
    } throws: { error in
      guard case .corruptPNG(let file, _) = error as? IconRenderError else { return false }
      return file.hasSuffix("cut.png")
    }
  }
}

/// Text in a font the machine does not have is drawn with the closest installed face, and the
/// drawing says which font was missing (what `show` and the picker's footer print).
@Suite struct IconComposerMissingFontTests {
  typealias F = IconBundleFixture

  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
      <text x="100" y="900" style="font-family:'NoSuchFont-Italic', 'No Such Font Pro';font-size:800px;" fill="#f00">A</text>
      <text x="0" y="100" font-family="sans-serif" font-size="80">b</text>
    </svg>
    """

  @Test func aMissingFontIsNamedAndTheTextStillDrawn() throws {
    let icon = try F(
      F.json(fill: F.solid(1, 1, 1), groups: [F.group([F.layer("note.svg")])]),
      svgs: ["note.svg": Self.svg])
    let document = try IconComposerRenderer.document(of: icon.bundle)
    let drawing = try IconComposerRenderer.draw(
      document, bundle: icon.bundle, look: .light, pixels: 64, masked: false)
    #expect(drawing.missingFonts == ["No Such Font Pro"])
    #expect(drawing.approximations.count == 1, "\(drawing.approximations)")
    #expect(
      drawing.approximations.first?.contains(
        "note.svg: text in the font \"No Such Font Pro\" (also \"NoSuchFont-Italic\"), not installed: drawn with"
      ) == true, "\(drawing.approximations)")
    // Drawn with another face: the red letter is there.
    #expect(drawing.image.hasRed)
  }

  @Test func familyListsAreReadFromStylesAndAttributes() {
    let lists = SVGFonts.familyLists(in: Self.svg)
    #expect(lists == [["NoSuchFont-Italic", "No Such Font Pro"], ["sans-serif"]])
    #expect(SVGFonts.missing(in: Array(#"<svg><rect font-family="X"/></svg>"#.utf8)) == [])
  }
}
