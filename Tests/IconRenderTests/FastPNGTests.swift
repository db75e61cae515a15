import Foundation
import Testing

@testable import IconRender

/// The previews' fast PNG path against libpng, pixel for pixel: every PNG made here is decoded
/// both ways. The fast path may decline a file (then libpng decodes it); when it gives pixels,
/// they must be libpng's.
@Suite struct FastPNGTests {
  /// A PNG of 8-bit RGB (`channels` 3) or RGBA (4) whose rows carry the given filter types and
  /// pseudo-random filtered bytes (any bytes are a valid filtered row), in a zlib stream of
  /// stored blocks split over `pieces` IDAT chunks, with `extra` chunks before them.
  static func filteredPNG(
    width: Int, height: Int, channels: Int, filters: (Int) -> UInt8, seed: UInt64 = 1,
    extra: [UInt8] = [], pieces: Int = 1
  ) -> [UInt8] {
    let rowBytes = width * channels
    var raw = [UInt8]()
    raw.reserveCapacity(height * (rowBytes + 1))
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    for y in 0..<height {
      raw.append(filters(y))
      for _ in 0..<rowBytes {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        raw.append(UInt8(truncatingIfNeeded: state >> 24))
      }
    }
    var stream: [UInt8] = [0x78, 0x01] + PNGFixtures.storedDeflate(raw)
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    stream += PNGFixtures.bigEndian(b << 16 | a)

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = PNGFixtures.bigEndian(UInt32(width)) + PNGFixtures.bigEndian(UInt32(height))
    header += [8, channels == 4 ? 6 : 2, 0, 0, 0]
    png += chunk("IHDR", header) + extra
    let step = max(1, (stream.count + pieces - 1) / pieces)
    for start in stride(from: 0, to: stream.count, by: step) {
      png += chunk("IDAT", Array(stream[start..<min(stream.count, start + step)]))
    }
    return png + chunk("IEND", [])
  }

  static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(kind.utf8) + data
    return PNGFixtures.bigEndian(UInt32(data.count)) + body
      + PNGFixtures.bigEndian(PNGFixtures.crc32(body[...]))
  }

  static func fast(_ png: [UInt8], opaqueAsRGB: Bool = false) -> PixelImage? {
    png.withUnsafeBytes { FastPNG.decode($0, maxDimension: 8192, opaqueAsRGB: opaqueAsRGB) }
  }

  /// The fast path decodes `png` (it must not decline it) to libpng's pixels, as RGBA from
  /// memory and as the preview's RGB-or-RGBA from a file; the reference unfilter agrees too.
  static func expectSameAsLibpng(_ png: [UInt8], _ what: String) throws {
    let libpng = PixelImage(try PNGDecoder.decode(data: png, source: what))
    let decoded = try #require(fast(png), "\(what): the fast path declined it")
    #expect(decoded == libpng, "\(what): RGBA differs from libpng's")

    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("icon.png")
    try Data(png).write(to: file)
    let preview = try PNGDecoder.decodePixels(file: file, opaqueAsRGB: true)
    #expect(
      FastPNG.decode(file: file, maxDimension: 8192, opaqueAsRGB: true) == preview,
      "\(what): the preview's pixels differ from libpng's")
    #expect(try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: true) == preview)
  }

  @Test(arguments: [3, 4], [0, 1, 2, 3, 4] as [UInt8])
  func eachFilterTypeAtOddWidths(channels: Int, filter: UInt8) throws {
    for (width, height) in [(1, 1), (1, 5), (2, 3), (3, 7), (13, 11), (33, 4), (101, 9)] {
      let png = Self.filteredPNG(
        width: width, height: height, channels: channels, filters: { _ in filter },
        seed: UInt64(width * 31 + height))
      try Self.expectSameAsLibpng(png, "\(width)×\(height)×\(channels), filter \(filter)")
    }
  }

  @Test(arguments: [3, 4])
  func everyFilterMixedOverSeveralIDATs(channels: Int) throws {
    let png = Self.filteredPNG(
      width: 77, height: 40, channels: channels, filters: { UInt8($0 * 7 % 5) }, pieces: 5)
    try Self.expectSameAsLibpng(png, "77×40×\(channels), mixed filters, 5 IDATs")
  }

  @Test(arguments: [3, 4])
  func largest2048(channels: Int) throws {
    let png = Self.filteredPNG(
      width: 2048, height: 2048, channels: channels, filters: { UInt8($0 % 5) }, pieces: 7)
    try Self.expectSameAsLibpng(png, "2048×2048×\(channels)")
  }

  /// The fast unfilter against the spec's byte-by-byte reading, on every filter.
  @Test(arguments: [3, 4])
  func unfilterMatchesTheReference(channels: Int) throws {
    let (width, height) = (37, 25)
    let png = Self.filteredPNG(
      width: width, height: height, channels: channels, filters: { UInt8($0 % 5) })
    let result: (fast: [UInt8], reference: [UInt8])? = png.withUnsafeBytes { bytes in
      guard let layout = FastPNG.parse(bytes, maxDimension: 8192) else { return nil }
      let filtered = UnsafeMutableRawBufferPointer.allocate(
        byteCount: layout.filteredBytes, alignment: 16)
      defer { filtered.deallocate() }
      guard FastPNG.inflate(bytes, layout, into: filtered) else { return nil }
      var fast = [UInt8](repeating: 0, count: layout.rowBytes * height)
      var reference = fast
      let unfiltered = fast.withUnsafeMutableBufferPointer {
        Unfilter.rows(
          UnsafePointer(filtered.baseAddress!.assumingMemoryBound(to: UInt8.self)),
          into: $0.baseAddress!, width: width, height: height,
          channels: channels)
      }
      let referenceUnfiltered = reference.withUnsafeMutableBufferPointer {
        Unfilter.reference(
          UnsafeRawBufferPointer(filtered), into: $0.baseAddress!, width: width, height: height,
          channels: channels)
      }
      return unfiltered && referenceUnfiltered ? (fast, reference) : nil
    }
    let both = try #require(result)
    #expect(both.fast == both.reference)
  }

  /// Real compressed streams: libpng's writer, with its own choice of filters per row.
  @Test(arguments: [PNGFixtures.Layout.rgb, .rgba])
  func libpngWrittenImages(layout: PNGFixtures.Layout) throws {
    for (width, height) in [(1, 1), (13, 11), (64, 64), (255, 17)] {
      var samples: [UInt8] = []
      for y in 0..<height {
        for x in 0..<width {
          let pixel = [x * 255 / width, y * 255 / height, (x * y) & 0xFF, (x + y) * 9 & 0xFF]
          samples += pixel.prefix(layout.channels).map { UInt8($0 & 0xFF) }
        }
      }
      let png = try PNGFixtures.write(
        width: width, height: height, layout: layout, samples: samples)
      try Self.expectSameAsLibpng(png, "libpng's \(width)×\(height)×\(layout.channels)")
    }
  }

  /// Every fixture file: the 8-bit RGB(A) ones decode the fast way, the rest are declined.
  @Test func fixtureFilesDecodeTheSameOrAreDeclined() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: PNGFixtures.folder.path)
      .filter { $0.hasSuffix(".png") }.sorted()
    var taken: [String] = []
    for name in names {
      let png = try PNGFixtures.bytes(name)
      if Self.fast(png) != nil {
        try Self.expectSameAsLibpng(png, name)
        taken.append(name)
      }
    }
    #expect(taken == ["rgba8.png"])
  }

  @Test func declinesWhatChangesPixelsOrIsDamaged() throws {
    let plain = Self.filteredPNG(width: 5, height: 4, channels: 3, filters: { _ in 4 })
    #expect(Self.fast(plain) != nil)
    let gamma = { (value: UInt32) in
      Self.filteredPNG(
        width: 5, height: 4, channels: 3, filters: { _ in 4 },
        extra: Self.chunk("gAMA", PNGFixtures.bigEndian(value)))
    }
    #expect(Self.fast(gamma(45455)) != nil)
    #expect(Self.fast(gamma(100000)) == nil)
    let transparent = Self.filteredPNG(
      width: 5, height: 4, channels: 3, filters: { _ in 0 },
      extra: Self.chunk("tRNS", [0, 1, 0, 2, 0, 3]))
    #expect(Self.fast(transparent) == nil)
    var badCRC = plain
    badCRC[plain.count - 20] ^= 1  // inside the IDAT data
    #expect(Self.fast(badCRC) == nil)
    let badFilter = Self.filteredPNG(width: 5, height: 4, channels: 4, filters: { $0 == 2 ? 5 : 1 })
    #expect(Self.fast(badFilter) == nil)
    #expect(throws: IconRenderError.self) { try PNGDecoder.decode(data: badFilter, source: "f") }
    #expect(Self.fast(Array(plain.prefix(plain.count - 30))) == nil)
  }
}
