import Foundation
import Testing

@testable import IconRender

/// The chunk list checked before libpng reads a PNG, and the chunks left out (`PNGChunkList`).
@Suite struct PNGChunkListTests {
  /// What `make fuzz`'s pngdiff target found: a 4×4 RGB PNG whose tEXt chunk (at byte 33) says
  /// it holds 2,113,929,229 bytes. libpng allocated them all (2.0 GB resident, seconds) before
  /// finding the file ends 100 bytes later.
  static let damagedTextChunk = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpfgAADXRFWHRTb2Z0d5+NmwNzZWVkX2ybkQAAAD9JREFUeJwBNADL/wAAJUpvlLneAyhNcpcBCzBVeumfxA4zWH2iAhY7YIWqz/QZPmOIrQMhRmuQtdr/JEluk7j7FRVHSy5+mQAAAABJRU5ErkJggg=="
    )!)
  static let damagedTextReason =
    "the data ends before the image does (its tEXt chunk at byte 33 declares 2113929229 bytes, 100 follow)"

  static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(name.utf8) + data
    return PNGFixtures.bigEndian(UInt32(data.count)) + typed
      + PNGFixtures.bigEndian(PNGFixtures.crc32(typed[...]))
  }

  /// `png` with `chunks` inserted before its first IDAT.
  static func inserting(_ chunks: [UInt8], into png: [UInt8]) throws -> [UInt8] {
    let idat = try #require(png.firstRange(of: Array("IDAT".utf8))).lowerBound - 4
    return Array(png[..<idat]) + chunks + Array(png[idat...])
  }

  static func expectRefused(
    _ reason: String, file: String, _ body: () throws(IconRenderError) -> Void
  ) {
    do {
      try body()
      Issue.record("read; expected the refusal \(reason)")
    } catch {
      #expect(error == .corruptPNG(file: file, reason: reason))
    }
  }

  @Test func theDamagedTextChunkIsRefusedByEveryReadBeforeLibpngSeesIt() throws {
    let bytes = Self.damagedTextChunk
    #expect(bytes.count == 145)
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("AppIcon.png")
    try Data(bytes).write(to: file)

    Self.expectRefused(Self.damagedTextReason, file: "memory.png") {
      () throws(IconRenderError) in
      _ = try PNGDecoder.decode(data: bytes, source: "memory.png")
    }
    Self.expectRefused(Self.damagedTextReason, file: file.path) { () throws(IconRenderError) in
      _ = try PNGDecoder.decode(file: file)
    }
    Self.expectRefused(Self.damagedTextReason, file: file.path) { () throws(IconRenderError) in
      _ = try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: true)
    }
    Self.expectRefused(Self.damagedTextReason, file: file.path) { () throws(IconRenderError) in
      _ = try PNGHeader.read(file: file)
    }
    // The fast path declines it (the chunk runs past the end), so it never reaches pixels.
    #expect(bytes.withUnsafeBytes { FastPNG.parse($0, maxDimension: 8192) } == nil)
  }

  @Test func theSameChunkMendedIsLeftOutAndTheImageDataRead() throws {
    // The tEXt chunk's length set to what it holds (13 bytes: "Softw", 4 damaged bytes, "seed")
    // and its CRC fixed: libpng is given the file without it, and reads on to the image data,
    // whose checksum the fuzzer damaged too.
    var bytes = Self.damagedTextChunk
    bytes.replaceSubrange(33..<37, with: PNGFixtures.bigEndian(13))
    bytes.replaceSubrange(54..<58, with: PNGFixtures.bigEndian(PNGFixtures.crc32(bytes[37..<54])))
    let forLibpng = try PNGChunkList.forLibpng(bytes, source: "mended.png", extent: .image)
    #expect(forLibpng == Array(bytes[..<33]) + Array(bytes[58...]))
    Self.expectRefused("IDAT: incorrect data check", file: "mended.png") {
      () throws(IconRenderError) in
      _ = try PNGDecoder.decode(data: bytes, source: "mended.png")
    }
  }

  @Test func unusedChunksAreLeftOutAndChangeNoPixel() throws {
    let original = try PNGFixtures.bytes("rgba8.png")
    let text = [UInt8]("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 300_000)
    // A zTXt chunk whose data is no zlib stream, an unknown ancillary chunk, text and size.
    let extra =
      Self.chunk("tEXt", text) + Self.chunk("zTXt", Array("Title\0\0".utf8) + [1, 2, 3])
      + Self.chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0".utf8) + Array("<x/>".utf8))
      + Self.chunk("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1]) + Self.chunk("teSt", [9, 9])
      + Self.chunk("eXIf", [0x4D, 0x4D, 0, 42])
    let bytes = try Self.inserting(extra, into: original)
    #expect(try PNGChunkList.forLibpng(bytes, source: "x.png", extent: .image) == original)
    #expect(
      try PNGDecoder.decode(data: bytes, source: "x.png")
        == PNGDecoder.decode(data: original, source: "x.png"))

    // From a file, the header too: the text chunk takes the file past the 64 KiB a header read
    // once took, and only the chunk headers are read.
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("text.png")
    try Data(bytes).write(to: file)
    #expect(
      try PNGHeader.read(file: file)
        == PNGHeader(width: 13, height: 11, hasAlpha: true, hasColor: true))
    #expect(try PNGDecoder.decode(file: file) == PNGDecoder.decode(data: original, source: "x.png"))
  }

  @Test func theChunksLibpngReadsPixelsWithStay() throws {
    let original = try PNGFixtures.bytes("rgba8.png")
    // gAMA 1.0 (linear): libpng converts the samples with it.
    let bytes = try Self.inserting(
      Self.chunk("gAMA", PNGFixtures.bigEndian(100_000)) + Self.chunk("sBIT", [8, 8, 8, 8]),
      into: original)
    #expect(try PNGChunkList.forLibpng(bytes, source: "x.png", extent: .image) == bytes)
    #expect(
      try PNGDecoder.decode(data: bytes, source: "x.png")
        != PNGDecoder.decode(data: original, source: "x.png"))
  }

  @Test func whatComesBeforeTheHeaderStaysForLibpngToRefuse() throws {
    let original = try PNGFixtures.bytes("rgba8.png")
    let bytes = Array(original[..<8]) + Self.chunk("tEXt", Array("a\0b".utf8)) + original[8...]
    #expect(try PNGChunkList.forLibpng(bytes, source: "x.png", extent: .image) == bytes)
    #expect(throws: IconRenderError.self) { try PNGDecoder.decode(data: bytes, source: "x.png") }
  }

  @Test func nothingAfterTheImageDataIsChecked() throws {
    // libpng's simplified API stops at the end of the image data: a damaged chunk after it is
    // never read, so it is no reason to refuse the file.
    let original = try PNGFixtures.bytes("rgba8.png")
    let iend = try #require(original.firstRange(of: Array("IEND".utf8))).lowerBound - 4
    let bytes =
      Array(original[..<iend]) + PNGFixtures.bigEndian(0x7E00_000D) + Array("tEXt".utf8)
    #expect(try PNGChunkList.forLibpng(bytes, source: "x.png", extent: .image) == bytes)
    #expect(
      try PNGDecoder.decode(data: bytes, source: "x.png")
        == PNGDecoder.decode(data: original, source: "x.png"))
  }

  @Test func aHeaderReadStopsAtTheImageData() throws {
    // The first IDAT's length and name reach libpng, nothing after: its data is not checked.
    let original = try PNGFixtures.bytes("rgba8.png")
    let idat = try #require(original.firstRange(of: Array("IDAT".utf8))).lowerBound - 4
    let cut = Array(original[..<(idat + 20)])
    let forLibpng = try PNGChunkList.forLibpng(cut, source: "x.png", extent: .header)
    #expect(forLibpng == Array(original[..<(idat + 8)]))
    Self.expectRefused(
      "the data ends before the image does (its IDAT chunk at byte \(idat) declares 572 bytes, 8 follow)",
      file: "x.png"
    ) { () throws(IconRenderError) in
      _ = try PNGChunkList.forLibpng(cut, source: "x.png", extent: .image)
    }
  }

  @Test func aLaterIDATCutShortIsNamed() throws {
    // Two IDAT chunks, the second cut short: the run of IDATs is checked to its end.
    let original = try PNGFixtures.bytes("rgba8.png")
    let idat = try #require(original.firstRange(of: Array("IDAT".utf8))).lowerBound - 4
    let length = 572
    let data = Array(original[(idat + 8)..<(idat + 8 + length)])
    let split =
      Array(original[..<idat]) + Self.chunk("IDAT", Array(data[..<100]))
      + Self.chunk("IDAT", Array(data[100...]))
    let cut = Array(split.dropLast(10))
    Self.expectRefused(
      "the data ends before the image does (its IDAT chunk at byte \(idat + 112) declares 472 bytes, 462 follow)",
      file: "x.png"
    ) { () throws(IconRenderError) in
      _ = try PNGDecoder.decode(data: cut, source: "x.png")
    }
  }
}
