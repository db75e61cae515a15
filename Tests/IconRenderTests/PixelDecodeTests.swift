import Foundation
import Testing

@testable import IconRender

/// `PNGDecoder.decodePixels(opaqueAsRGB: true)`, the thumbnailer's decode: three channels
/// for a file with no transparency, otherwise the same RGBA as `decode(file:)`.
@Suite struct PixelDecodeTests {
  /// Files with neither an alpha channel nor tRNS.
  static let opaqueFiles: Set<String> = [
    "gray1.png", "gray2.png", "gray4.png", "gray8.png", "gray16.png", "rgb16.png",
    "palette1.png", "gray2-adam7.png",
  ]

  static let allFiles =
    DecodedFixture.all.map(\.name) + DecodedFixture.interlacedTwins.map(\.interlaced)

  @Test(arguments: allFiles)
  func decodesToTheSamePixelsWithOrWithoutAlpha(_ name: String) throws {
    let pixels = try PNGDecoder.decodePixels(file: PNGFixtures.url(name), opaqueAsRGB: true)
    let rgba = try PNGDecoder.decode(file: PNGFixtures.url(name))
    // 16-bit Adam7 files always come back as RGBA (the libpng#853 workaround).
    let expected = Self.opaqueFiles.contains(name) ? 3 : 4
    #expect(pixels.channels == expected)
    #expect(pixels.rgba == rgba)
    let asked = try PNGDecoder.decodePixels(file: PNGFixtures.url(name), opaqueAsRGB: false)
    #expect(asked.channels == 4 && asked.rgba == rgba)
  }

  @Test func writtenRGBIsDecodedAsRGB() throws {
    let width = 7
    let height = 5
    let samples = (0..<(width * height * 3)).map { UInt8($0 * 37 % 256) }
    let png = try PNGFixtures.write(width: width, height: height, layout: .rgb, samples: samples)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-pixels-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("rgb.png")
    try Data(png).write(to: file)
    let pixels = try PNGDecoder.decodePixels(file: file, opaqueAsRGB: true)
    #expect(pixels.channels == 3 && pixels.pixels == samples)
  }

  @Test(arguments: PNGDecoderTests.paletteIcons)
  func thePaletteIconsRenderTheSameFromRGB(_ name: String) throws {
    let file = PNGDecoderTests.paletteIcon(name)
    let pixels = try PNGDecoder.decodePixels(file: file, opaqueAsRGB: true)
    #expect(pixels.channels == 3)
    let rgba = try PNGDecoder.decode(file: file)
    for mode in [ColorMode.truecolor, .palette256] {
      #expect(
        IconRenderer.render(pixels, columns: 12, rows: 6, mode: mode)
          == IconRenderer.render(rgba, columns: 12, rows: 6, mode: mode))
    }
  }

  @Test func errorsAreTheSameAsDecodingToRGBA() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-pixels-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = try PNGFixtures.bytes("rgb16.png")
    let cut = folder.appendingPathComponent("cut.png")
    try Data(whole.prefix(whole.count / 2)).write(to: cut)
    for file in [cut, PNGFixtures.url("make-fixtures.py"), folder.appendingPathComponent("none")] {
      var rgbaError: IconRenderError?
      var pixelError: IconRenderError?
      do { _ = try PNGDecoder.decode(file: file) } catch { rgbaError = error }
      do { _ = try PNGDecoder.decodePixels(file: file, opaqueAsRGB: true) } catch {
        pixelError = error
      }
      #expect(rgbaError != nil)
      #expect(pixelError?.description == rgbaError?.description)
    }
  }
}
