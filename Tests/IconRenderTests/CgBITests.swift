import Foundation
import Testing

@testable import IconRender

/// Apple's CgBI PNGs, made here from ordinary PNGs by `CgBIWriter`: decoding one must give back
/// libpng's pixels of the ordinary file (exactly for opaque pixels; for translucent ones, what
/// premultiplying and dividing out again leaves).
@Suite struct CgBITests {
  /// A 13×11 image with every kind of pixel: opaque, clear, and translucent at many levels.
  static func source(alpha: Bool) throws -> PixelImage {
    let image = PNGFixtures.image(width: 29, height: 23) { x, y in
      let a: UInt8 =
        alpha ? UInt8(truncatingIfNeeded: (x * 37 + y * 11) % 7 == 0 ? 0 : x * 9 + y * 5) : 255
      return (UInt8(x * 8), UInt8(y * 11), UInt8(truncatingIfNeeded: x * y * 3), a)
    }
    // Through libpng both ways, so the pixels are libpng's reading of an ordinary file.
    return PixelImage(try PNGDecoder.decode(data: PNGFixtures.write(image), source: "source.png"))
  }

  /// What a CgBI file of `image` decodes to: each translucent pixel premultiplied as the writer
  /// does, then divided out as the spec of the format says.
  static func expected(_ image: PixelImage) -> PixelImage {
    var pixels = image.pixels
    for offset in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Int(pixels[offset + 3])
      if alpha == 0 {
        // Premultiplied, a clear pixel's colour is gone.
        pixels.replaceSubrange(offset..<offset + 3, with: [0, 0, 0])
      }
      guard alpha != 0, alpha != 255 else { continue }
      for channel in 0..<3 {
        let premultiplied = CgBIWriter.premultiply(Int(pixels[offset + channel]), alpha)
        pixels[offset + channel] = UInt8(min(255, (premultiplied * 255 + alpha / 2) / alpha))
      }
    }
    return PixelImage(width: image.width, height: image.height, channels: 4, pixels: pixels)!
  }

  @Test(arguments: [false, true], [false, true])
  func decodesToLibpngsPixels(interlaced: Bool, alpha: Bool) throws {
    let image = try Self.source(alpha: alpha)
    for pieces in [1, 3] {
      let cgbi = CgBIWriter.write(
        image, channels: 4, interlaced: interlaced, pieces: pieces, iDOT: pieces > 1)
      #expect(ImageFormat.sniff(cgbi[...]) == .appleCgBI)
      let decoded = try PNGDecoder.decode(data: cgbi, source: "cgbi.png")
      #expect(
        PixelImage(decoded) == Self.expected(image), "interlaced \(interlaced), \(pieces) IDATs")

      let folder = try PNGFixtures.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("AppIcon60x60@2x.png")
      try Data(cgbi).write(to: file)
      #expect(
        try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: true) == Self.expected(image))
      #expect(PixelImage(try PNGDecoder.decode(file: file)) == Self.expected(image))
    }
  }

  @Test(arguments: [false, true])
  func rgbWithoutAlpha(interlaced: Bool) throws {
    let image = try Self.source(alpha: false)
    let cgbi = CgBIWriter.write(image, channels: 3, interlaced: interlaced, pieces: 2, iDOT: false)
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("icon.png")
    try Data(cgbi).write(to: file)
    let preview = try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: true)
    #expect(preview.channels == 3)
    #expect(preview.rgba == image.rgba)
  }

  @Test(arguments: [1, 2, 3, 5, 8, 9])
  func tinyInterlacedImagesWithEmptyPasses(side: Int) throws {
    let image = PixelImage(
      PNGFixtures.image(width: side, height: side + 1) { x, y in
        (UInt8(x * 30), UInt8(y * 20), 200, 255)
      })
    let cgbi = CgBIWriter.write(image, channels: 4, interlaced: true, pieces: 1, iDOT: false)
    #expect(PixelImage(try PNGDecoder.decode(data: cgbi, source: "tiny.png")) == image)
  }

  @Test func ordinaryInterlacedPNGsStayLibpngs() throws {
    let png = try PNGFixtures.bytes("rgba8-adam7.png")
    #expect(png.withUnsafeBytes { FastPNG.parse($0, maxDimension: 8192) } == nil)
  }

  /// A damaged CgBI file is an error that says it is a CgBI PNG and what is wrong, never a
  /// fall back to libpng (which cannot read it at all).
  @Test func damagedFilesSayWhatIsWrong() throws {
    let image = try Self.source(alpha: true)
    let cgbi = CgBIWriter.write(image, channels: 4, interlaced: false, pieces: 2, iDOT: true)
    var badCRC = cgbi
    badCRC[cgbi.count - 20] ^= 0xFF
    var zlibStream = CgBIWriter.write(image, channels: 4, interlaced: false, pieces: 1, iDOT: false)
    zlibStream = Array(zlibStream.prefix(8 + 16 + 25)) + Array(zlibStream.suffix(12))  // no IDAT
    let cases: [(String, [UInt8], String)] = [
      ("cut short", Array(cgbi.prefix(cgbi.count - 40)), "past the end of the file"),
      ("bad CRC", badCRC, "CRC"),
      ("no image data", zlibStream, "no image data"),
      ("too large", PNGFixtures.withCgBIHeaderSize(cgbi, width: 9000, height: 9000), "9000"),
    ]
    for (what, bytes, reason) in cases {
      do {
        _ = try PNGDecoder.decode(data: bytes, source: "AppIcon.png")
        Issue.record("\(what): decoded")
      } catch {
        #expect(error.description.contains("AppIcon.png"), "\(what): \(error)")
        #expect(error.description.contains(reason), "\(what): \(error)")
      }
    }
  }
}

/// Turns pixels into an Xcode-style CgBI PNG: a `CgBI` chunk first, BGR(A) with premultiplied
/// alpha, every row filter in turn, raw deflate (stored blocks), optionally Adam7, an `iDOT`
/// chunk and the stream split over several IDATs.
enum CgBIWriter {
  static func premultiply(_ value: Int, _ alpha: Int) -> Int { (value * alpha + 127) / 255 }

  static func write(
    _ image: PixelImage, channels: Int, interlaced: Bool, pieces: Int, iDOT: Bool
  ) -> [UInt8] {
    let rgba = image.rgba
    var samples = [UInt8]()
    for offset in stride(from: 0, to: rgba.pixels.count, by: 4) {
      let alpha = Int(rgba.pixels[offset + 3])
      let (r, g, b) = (
        Int(rgba.pixels[offset]), Int(rgba.pixels[offset + 1]), Int(rgba.pixels[offset + 2])
      )
      let colour =
        channels == 4 && alpha != 255 ? [b, g, r].map { premultiply($0, alpha) } : [b, g, r]
      samples += colour.map(UInt8.init)
      if channels == 4 { samples.append(UInt8(alpha)) }
    }
    var raw: [UInt8] = []
    if interlaced {
      for pass in Adam7.passes(width: image.width, height: image.height)
      where pass.width > 0 && pass.height > 0 {
        var sub: [UInt8] = []
        for row in 0..<pass.height {
          for column in 0..<pass.width {
            let x = pass.x + column * pass.dx
            let y = pass.y + row * pass.dy
            let start = (y * image.width + x) * channels
            sub += samples[start..<start + channels]
          }
        }
        raw += filtered(sub, width: pass.width, height: pass.height, channels: channels)
      }
    } else {
      raw = filtered(samples, width: image.width, height: image.height, channels: channels)
    }
    // Raw deflate: stored blocks, no zlib header, no Adler-32.
    let stream = PNGFixtures.storedDeflate(raw)

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += FastPNGTests.chunk("CgBI", [0x50, 0x00, 0x20, 0x06])
    var header =
      PNGFixtures.bigEndian(UInt32(image.width)) + PNGFixtures.bigEndian(UInt32(image.height))
    header += [8, channels == 4 ? 6 : 2, 0, 0, interlaced ? 1 : 0]
    png += FastPNGTests.chunk("IHDR", header)
    if iDOT { png += FastPNGTests.chunk("iDOT", [UInt8](repeating: 7, count: 28)) }
    let step = max(1, (stream.count + pieces - 1) / pieces)
    for start in stride(from: 0, to: stream.count, by: step) {
      png += FastPNGTests.chunk("IDAT", Array(stream[start..<min(stream.count, start + step)]))
    }
    return png + FastPNGTests.chunk("IEND", [])
  }

  /// Rows with filter types 0 to 4 in turn, by the spec's definitions.
  static func filtered(_ samples: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
    let rowBytes = width * channels
    var out: [UInt8] = []
    for y in 0..<height {
      let type = UInt8(y % 5)
      out.append(type)
      for i in 0..<rowBytes {
        let x = Int(samples[y * rowBytes + i])
        let a = i >= channels ? Int(samples[y * rowBytes + i - channels]) : 0
        let b = y > 0 ? Int(samples[(y - 1) * rowBytes + i]) : 0
        let c = i >= channels && y > 0 ? Int(samples[(y - 1) * rowBytes + i - channels]) : 0
        let predictor: Int
        switch type {
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: predictor = 0
        }
        out.append(UInt8((x - predictor) & 0xFF))
      }
    }
    return out
  }
}

extension PNGFixtures {
  /// A CgBI file with its IHDR size replaced (IHDR is the second chunk there).
  static func withCgBIHeaderSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
    var patched = png
    // Signature (8), CgBI chunk (16), IHDR length and type (8), then width and height.
    patched.replaceSubrange(32..<36, with: bigEndian(width))
    patched.replaceSubrange(36..<40, with: bigEndian(height))
    patched.replaceSubrange(45..<49, with: bigEndian(crc32(patched[28..<45])))
    return patched
  }
}
