import Foundation
import IconRender
import TestSupport
import Testing

@testable import TerminalGraphics

/// Each encoder's bytes decoded back into pixels and compared with the image; placement and
/// erasing checked on the bytes.
@Suite struct EncoderTests {
  let image = ImageDecoding.sample(width: 120, height: 120)
  let placement = CellPlacement(row: 4, column: 7, columns: 12, rows: 6)

  @Test func kittyCarriesTheExactPixelsInChunks() throws {
    let bytes = KittyEncoder().draw(image, id: 42, at: placement)
    #expect(bytes.starts(with: Array("\u{1B}[5;8H".utf8)))
    let decoded = ImageDecoding.kitty(bytes)
    #expect(decoded.keys["a"] == "T")
    #expect(decoded.keys["i"] == "42")
    #expect(decoded.keys["c"] == "12")
    #expect(decoded.keys["r"] == "6")
    #expect(decoded.keys["C"] == "1")
    // zlib-compressed before base64 (o=z): fewer bytes than the raw pixels' base64.
    #expect(decoded.keys["f"] == "32" && decoded.keys["o"] == "z")
    #expect(decoded.image == image)
    #expect(bytes.count < image.pixels.count * 4 / 3, "\(bytes.count) bytes")
    #expect(String(decoding: KittyEncoder().erase(id: 42), as: UTF8.self).contains("d=I,i=42"))
    #expect(!KittyEncoder().erasesByRedrawingCells)
  }

  /// Pixels that do not compress go raw; 120×120×4 bytes in base64 need several 4096-byte
  /// chunks, the last saying m=0.
  @Test func kittySendsPixelsThatDoNotCompressRawInChunks() throws {
    var generator = SystemRandomNumberGenerator()
    let noise = RGBAImage(
      width: 120, height: 120, pixels: (0..<(120 * 120 * 4)).map { _ in generator.next() })!
    let bytes = KittyEncoder().draw(noise, id: 42, at: placement)
    let decoded = ImageDecoding.kitty(bytes)
    #expect(decoded.keys["o"] == nil)
    #expect(decoded.chunks == (120 * 120 * 4 * 4 / 3 + 4095) / 4096)
    #expect(decoded.image == noise)
    let text = String(decoding: bytes, as: UTF8.self)
    for piece in text.components(separatedBy: "\u{1B}_G").dropFirst() {
      let payload = piece.split(separator: ";", maxSplits: 1).last ?? ""
      #expect(payload.prefix { $0 != "\u{1B}" }.count <= 4096)
    }
  }

  /// kitty keeps images: sent once under an id with a placement id, placed again by id with no
  /// pixels, a placement taken away with the image kept (`d=i`), the image freed (`d=I`); all
  /// quiet (`q=2`), none moving the cursor (`C=1`).
  @Test func kittySendsOnceThenPlacesAndRemovesByID() throws {
    let encoder = KittyEncoder()
    let sent = encoder.transmit(image, id: 42, placementID: 7, at: placement)
    #expect(sent.starts(with: Array("\u{1B}[5;8H".utf8)))
    let decoded = ImageDecoding.kitty(sent)
    #expect(decoded.keys["a"] == "T")
    #expect(decoded.keys["i"] == "42" && decoded.keys["p"] == "7")
    #expect(decoded.keys["c"] == "12" && decoded.keys["r"] == "6")
    #expect(decoded.keys["C"] == "1" && decoded.keys["q"] == "2")
    #expect(decoded.image == image)

    let placed = encoder.place(id: 42, placementID: 8, at: placement)
    #expect(
      String(decoding: placed, as: UTF8.self)
        == "\u{1B}[5;8H\u{1B}_Ga=p,i=42,p=8,c=12,r=6,C=1,q=2\u{1B}\\")
    #expect(
      String(decoding: encoder.removePlacement(id: 42, placementID: 8), as: UTF8.self)
        == "\u{1B}_Ga=d,d=i,i=42,p=8,q=2\u{1B}\\")
    #expect(
      String(decoding: encoder.erase(id: 42), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=42,q=2\u{1B}\\")
    // A placement costs a few dozen bytes where the image costs its pixels, even compressed.
    #expect(placed.count < 60 && sent.count > 20 * placed.count)
  }

  @Test func itermCarriesAPNGOfTheImage() throws {
    let bytes = ITermEncoder().draw(image, id: 1, at: placement)
    #expect(bytes.starts(with: Array("\u{1B}[5;8H\u{1B}]1337;File=".utf8)))
    #expect(bytes.last == 0x07)
    let decoded = ImageDecoding.iterm(bytes)
    #expect(decoded.arguments["inline"] == "1")
    #expect(decoded.arguments["width"] == "12")
    #expect(decoded.arguments["height"] == "6")
    #expect(decoded.arguments["preserveAspectRatio"] == "0")
    let png = try #require(decoded.image)
    #expect(png == image)
    #expect(ITermEncoder().erase(id: 1).isEmpty)
    #expect(ITermEncoder().erasesByRedrawingCells)
  }

  @Test func pngInMemoryRoundTrips() throws {
    let bytes = try PNGMemoryEncoder.encode(image)
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    #expect(try PNGDecoder.decode(data: bytes, source: "memory") == image)
  }

  @Test func sixelBandsDecodeToTheImageAndLeaveTheCornersAlone() throws {
    let bytes = SixelEncoder().draw(image, id: 1, at: placement)
    #expect(bytes.starts(with: Array("\u{1B}[5;8H\u{1B}P".utf8)))
    #expect(bytes.suffix(2).elementsEqual(Array("\u{1B}\\".utf8)))
    let decoded = ImageDecoding.sixel(Array(bytes.dropFirst(6)))
    // P2 = 1: pixels left at 0 keep what is beneath (the corners outside the rounded square).
    #expect(decoded.parameters.count >= 2 && decoded.parameters[1] == 1)
    let pixels = try #require(decoded.image)
    #expect(pixels.width == image.width && pixels.height == image.height)
    let comparison = ImageDecoding.compare(pixels, with: image)
    #expect(comparison.meanError < 6, "mean error \(comparison.meanError)")
    // Only antialiased edge pixels near the threshold may differ.
    #expect(comparison.paintedOutside < image.width, "\(comparison.paintedOutside) painted outside")
    #expect(SixelEncoder().erase(id: 1).isEmpty)
    #expect(SixelEncoder().erasesByRedrawingCells)
  }

  /// Sixel draws bands of six pixel rows and libchafa's canvas holds whole bands: an image
  /// whose height is not a multiple of six is padded with transparent rows (left unpainted), so
  /// its last rows show; it once lost up to five of them.
  @Test(arguments: [(90, 85), (4, 7), (10, 10), (6, 6), (5, 1)])
  func sixelKeepsEveryRowOfAHeightThatIsNotWholeBands(width: Int, height: Int) throws {
    let image = ImageDecoding.opaqueSample(width: width, height: height)
    let bytes = try SixelEncoder.encode(image)
    let pixels = try #require(ImageDecoding.sixel(bytes).image)
    let bands = (height + 5) / 6
    #expect(pixels.width == width)
    #expect(pixels.height == bands * 6)
    // libchafa ends each band with "-" (the next band), the last one too.
    #expect(bytes.filter { $0 == UInt8(ascii: "-") }.count == bands)
    let painted = RGBAImage(
      width: width, height: height, pixels: Array(pixels.pixels.prefix(width * height * 4)))!
    #expect(ImageDecoding.compare(painted, with: image).meanError < 8)
    // Every pixel of the image's last row is painted, none of the padding below it.
    for x in 0..<width {
      #expect(pixels.pixels[((height - 1) * width + x) * 4 + 3] == 255, "x \(x)")
    }
    #expect(pixels.pixels[(width * height * 4)...].allSatisfy { $0 == 0 })
  }

  /// The padding may reach one text row below the cells; `show` makes room for it.
  @Test func theRowsTheLastBandReachesBelowTheCells() {
    let sixel = SixelEncoder()
    // 5 rows of 13 px: 65 rows padded to 66, one pixel into the sixth row.
    #expect(sixel.rowsBelowCells(ImageDecoding.opaqueSample(width: 4, height: 65), rows: 5) == 1)
    // 5 rows of 17 px: 85 padded to 90, within the sixth row.
    #expect(sixel.rowsBelowCells(ImageDecoding.opaqueSample(width: 4, height: 85), rows: 5) == 1)
    // Whole bands: nothing below.
    #expect(sixel.rowsBelowCells(ImageDecoding.opaqueSample(width: 4, height: 120), rows: 6) == 0)
    // The other protocols are scaled to their cells.
    let odd = ImageDecoding.opaqueSample(width: 4, height: 65)
    #expect(KittyEncoder().rowsBelowCells(odd, rows: 5) == 0)
    #expect(ITermEncoder().rowsBelowCells(odd, rows: 5) == 0)
  }

  @Test func paddingAddsTransparentRowsToWholeBands() {
    let image = ImageDecoding.opaqueSample(width: 3, height: 7)
    let padded = SixelEncoder.paddedToBands(image)
    #expect(padded.width == 3 && padded.height == 12)
    #expect(Array(padded.pixels.prefix(3 * 7 * 4)) == image.pixels)
    #expect(padded.pixels[(3 * 7 * 4)...].allSatisfy { $0 == 0 })
    let whole = ImageDecoding.opaqueSample(width: 3, height: 12)
    #expect(SixelEncoder.paddedToBands(whole) == whole)
  }

  @Test func drawAtCursorIsDrawWithoutTheMove() {
    let encoders: [any TerminalImageEncoder] = [KittyEncoder(), ITermEncoder(), SixelEncoder()]
    for encoder in encoders {
      let here = encoder.drawAtCursor(image, id: 3, columns: 12, rows: 6)
      let there = encoder.draw(image, id: 3, at: placement)
      #expect(Array("\u{1B}[5;8H".utf8) + here == there, "\(encoder.graphicsProtocol)")
    }
  }

  @Test func aMissingLibchafaIsOneClearError() {
    // The library is opened once per process; the reason's wording is checked on the error.
    let error = TerminalGraphicsError.libraryMissing(
      reason: "libchafa is not installed: apt-get install libchafa0 (x)")
    #expect(error.description.hasPrefix("sixel images need libchafa: libchafa is not installed"))
  }
}
