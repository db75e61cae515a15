import Foundation
import Testing

@testable import IconRender

/// A fixture file and the 8-bit RGBA its pixel (x, y) must decode to.
struct DecodedFixture: Sendable, CustomTestStringConvertible {
  let name: String
  let pixel: @Sendable (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)

  var testDescription: String { name }

  var expected: RGBAImage { PNGFixtures.image(pixel) }
}

/// The patterns of Fixtures/make-fixtures.py, spelled out again.
enum Pattern {
  static func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 19 + y * 7) % 256) }
  static func alpha(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 23 + y * 11) % 256) }
  static func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
    (UInt8(x * 19 % 256), UInt8(y * 23 % 256), UInt8(x * y * 5 % 256))
  }
  static func four(_ x: Int, _ y: Int) -> Int { (x + 2 * y) % 4 }
  static func sixteen(_ x: Int, _ y: Int) -> Int { (x + 3 * y) % 16 }

  static let palette4: [(UInt8, UInt8, UInt8)] = [
    (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0),
  ]
  /// The file's tRNS has three entries; the fourth colour is opaque.
  static let palette4Alpha: [UInt8] = [0, 128, 255, 255]
  static let keyColours: [(UInt8, UInt8, UInt8)] = [
    (10, 20, 30), (200, 100, 50), (0, 255, 0), (255, 255, 255),
  ]

  static func palette16(_ index: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    (UInt8(index * 16), UInt8(255 - index * 16), UInt8(index * 8), UInt8(index * 17))
  }

  static func opaqueGrey(_ value: UInt8) -> (UInt8, UInt8, UInt8, UInt8) {
    (value, value, value, 255)
  }
}

extension DecodedFixture {
  static let all: [DecodedFixture] = [
    // Grey at every depth: 1, 2 and 4-bit samples scale to the full 0...255 range.
    .init(name: "gray1.png") { x, y in Pattern.opaqueGrey(UInt8((x + y) % 2 * 255)) },
    .init(name: "gray2.png") { x, y in Pattern.opaqueGrey(UInt8(Pattern.four(x, y) * 85)) },
    .init(name: "gray4.png") { x, y in Pattern.opaqueGrey(UInt8(Pattern.sixteen(x, y) * 17)) },
    .init(name: "gray8.png") { x, y in Pattern.opaqueGrey(Pattern.grey(x, y)) },
    // 16-bit samples v × 257 are scaled to v: read as sRGB, not as linear light.
    .init(name: "gray16.png") { x, y in Pattern.opaqueGrey(Pattern.grey(x, y)) },
    // tRNS on grey: the key value 0 is transparent.
    .init(name: "gray8-trns.png") { x, y in
      let v = UInt8(Pattern.four(x, y) * 85)
      return (v, v, v, v == 0 ? 0 : 255)
    },
    .init(name: "graya8.png") { x, y in
      let v = Pattern.grey(x, y)
      return (v, v, v, Pattern.alpha(x, y))
    },
    .init(name: "graya16.png") { x, y in Pattern.opaqueGrey(Pattern.grey(x, y)) },
    // tRNS on RGB: the key colour (10, 20, 30) is transparent.
    .init(name: "rgb8-trns.png") { x, y in
      let index = Pattern.four(x, y)
      let (r, g, b) = Pattern.keyColours[index]
      return (r, g, b, index == 0 ? 0 : 255)
    },
    .init(name: "rgb16.png") { x, y in
      let (r, g, b) = Pattern.rgb(x, y)
      return (r, g, b, 255)
    },
    .init(name: "rgba16.png") { x, y in
      let (r, g, b) = Pattern.rgb(x, y)
      return (r, g, b, 255)
    },
    .init(name: "rgba16-alpha.png") { x, y in
      let (r, g, b) = Pattern.rgb(x, y)
      return (r, g, b, Pattern.alpha(x, y))
    },
    .init(name: "rgba8.png") { x, y in
      let (r, g, b) = Pattern.rgb(x, y)
      return (r, g, b, Pattern.alpha(x, y))
    },
    // Palettes at 1, 2, 4 and 8 bits, with tRNS giving each entry its alpha.
    .init(name: "palette1.png") { x, y in
      let (r, g, b) = Pattern.palette4[(x + y) % 2]
      return (r, g, b, 255)
    },
    .init(name: "palette2-trns.png") { x, y in
      let index = Pattern.four(x, y)
      let (r, g, b) = Pattern.palette4[index]
      return (r, g, b, Pattern.palette4Alpha[index])
    },
    .init(name: "palette4-trns.png") { x, y in Pattern.palette16(Pattern.sixteen(x, y)) },
    .init(name: "palette8-trns.png") { x, y in
      let index = Pattern.four(x, y)
      let (r, g, b) = Pattern.palette4[index]
      return (r, g, b, Pattern.palette4Alpha[index])
    },
  ]

  /// Adam7-interlaced files and the plain files with the same pixels.
  static let interlacedTwins: [(interlaced: String, plain: String)] = [
    ("rgba8-adam7.png", "rgba8.png"),
    ("gray2-adam7.png", "gray2.png"),
    ("palette4-trns-adam7.png", "palette4-trns.png"),
    ("rgb16-adam7.png", "rgb16.png"),
    ("rgba16-alpha-adam7.png", "rgba16-alpha.png"),
    ("graya16-adam7.png", "graya16.png"),
  ]
}

@Suite struct PNGDecoderTests {
  // MARK: Every colour type, bit depth, tRNS and interlacing

  @Test(arguments: DecodedFixture.all)
  func decodesEveryFormToExactRGBA(_ fixture: DecodedFixture) throws {
    let image = try PNGDecoder.decode(file: PNGFixtures.url(fixture.name))
    #expect(image.width == PNGFixtures.width)
    #expect(image.height == PNGFixtures.height)
    let expected = fixture.expected
    let wrong = mismatches(image, expected)
    #expect(wrong.isEmpty, "\(wrong.count) pixels differ, first: \(wrong.first ?? "")")
  }

  @Test func paletteTransparencyGivesEachEntryItsAlpha() throws {
    let image = try PNGDecoder.decode(file: PNGFixtures.url("palette8-trns.png"))
    // (0, 0) is entry 0 (alpha 0), (1, 0) entry 1 (128), (2, 0) entry 2 (255), and
    // (3, 0) entry 3, past the end of tRNS, so opaque.
    #expect(image.pixel(x: 0, y: 0).a == 0)
    #expect(image.pixel(x: 1, y: 0) == (0, 255, 0, 128))
    #expect(image.pixel(x: 2, y: 0) == (0, 0, 255, 255))
    #expect(image.pixel(x: 3, y: 0) == (255, 255, 0, 255))
  }

  @Test func sixteenBitSamplesAreScaledToEightBits() throws {
    let image = try PNGDecoder.decode(file: PNGFixtures.url("rgb16.png"))
    // (12, 10) is stored as (228, 230, 88) × 257 = (58596, 59110, 22616).
    #expect(image.pixel(x: 12, y: 10) == (228, 230, 88, 255))
  }

  @Test(arguments: DecodedFixture.interlacedTwins)
  func interlacedDecodesLikeNonInterlaced(_ twins: (interlaced: String, plain: String)) throws {
    let interlaced = try PNGDecoder.decode(file: PNGFixtures.url(twins.interlaced))
    let plain = try PNGDecoder.decode(file: PNGFixtures.url(twins.plain))
    try #require(interlaced.width == plain.width && interlaced.height == plain.height)
    // Alpha and opaque colours are exact. 16-bit interlaced files reach 8 bits through
    // libpng's premultiplied linear output, so a translucent colour may be one level off.
    var wrong: [String] = []
    for y in 0..<plain.height {
      for x in 0..<plain.width {
        let got = interlaced.pixel(x: x, y: y)
        let want = plain.pixel(x: x, y: y)
        let slack = want.a == 255 ? 0 : 1
        let close =
          got.a == want.a && abs(Int(got.r) - Int(want.r)) <= slack
          && abs(Int(got.g) - Int(want.g)) <= slack && abs(Int(got.b) - Int(want.b)) <= slack
        if !close { wrong.append("(\(x), \(y)): \(got), expected \(want)") }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) pixels differ, first: \(wrong.first ?? "")")
  }

  @Test func opaqueInterlacedSixteenBitIsExact() throws {
    // Adam7 16-bit files take the workaround for pnggroup/libpng#853; before it, even
    // rows came out as copies of their neighbours.
    let image = try PNGDecoder.decode(file: PNGFixtures.url("rgb16-adam7.png"))
    let expected = PNGFixtures.image { x, y in
      let (r, g, b) = Pattern.rgb(x, y)
      return (r, g, b, 255)
    }
    #expect(image == expected)
  }

  @Test func decodingFromMemoryMatchesDecodingTheFile() throws {
    let name = "palette4-trns.png"
    let fromMemory = try PNGDecoder.decode(data: PNGFixtures.bytes(name), source: name)
    #expect(fromMemory == (try PNGDecoder.decode(file: PNGFixtures.url(name))))
  }

  // MARK: PNGs written by libpng's simplified writer

  @Test func anRGBAImageSurvivesARoundTripThroughLibpng() throws {
    let original = PNGFixtures.image(width: 7, height: 5) { x, y in
      (UInt8(x * 36), UInt8(y * 60), UInt8((x ^ y) * 20), UInt8(255 - x * y * 9))
    }
    let png = try PNGFixtures.write(original)
    #expect(try PNGDecoder.decode(data: png, source: "round trip") == original)
  }

  @Test func writtenGreyAndGreyAlphaBecomeRGBA() throws {
    let grey = try PNGFixtures.write(width: 2, height: 1, layout: .gray, samples: [0, 200])
    let decodedGrey = try PNGDecoder.decode(data: grey, source: "grey")
    #expect(decodedGrey.pixels == [0, 0, 0, 255, 200, 200, 200, 255])

    let greyAlpha = try PNGFixtures.write(
      width: 2, height: 1, layout: .grayAlpha, samples: [90, 255, 40, 77])
    let decodedGreyAlpha = try PNGDecoder.decode(data: greyAlpha, source: "grey+alpha")
    #expect(decodedGreyAlpha.pixels == [90, 90, 90, 255, 40, 40, 40, 77])
  }

  @Test func writtenRGBBecomesOpaqueRGBA() throws {
    let png = try PNGFixtures.write(
      width: 1, height: 2, layout: .rgb, samples: [1, 2, 3, 250, 128, 0])
    let image = try PNGDecoder.decode(data: png, source: "rgb")
    #expect(image.width == 1 && image.height == 2)
    #expect(image.pixels == [1, 2, 3, 255, 250, 128, 0, 255])
  }

  // MARK: Size limits, checked before allocating

  @Test func aHeaderWiderThanTheLimitIsRefusedBeforeDecoding() throws {
    let tiny = try PNGFixtures.write(width: 1, height: 1, layout: .rgba, samples: [1, 2, 3, 4])
    let wide = PNGFixtures.withHeaderSize(tiny, width: 9000, height: 10)
    // The data is still one pixel's worth: decoding it would fail as truncated, so
    // tooLarge shows the size was refused from the header alone.
    #expect(
      throws: IconRenderError.tooLarge(file: "wide.png", width: 9000, height: 10, limit: 8192)
    ) {
      try PNGDecoder.decode(data: wide, source: "wide.png")
    }
  }

  @Test func aHeaderTallerThanTheLimitIsRefused() throws {
    let tiny = try PNGFixtures.write(width: 1, height: 1, layout: .rgba, samples: [1, 2, 3, 4])
    let tall = PNGFixtures.withHeaderSize(tiny, width: 10, height: 8193)
    #expect(
      throws: IconRenderError.tooLarge(file: "tall.png", width: 10, height: 8193, limit: 8192)
    ) {
      try PNGDecoder.decode(data: tall, source: "tall.png")
    }
  }

  @Test func aHugeHeaderIsRefusedWithoutAllocatingItsPixels() throws {
    // 1,000,000 × 1,000,000 RGBA would be 4 TB: allocating it would crash the test.
    let tiny = try PNGFixtures.write(width: 1, height: 1, layout: .rgba, samples: [1, 2, 3, 4])
    let huge = PNGFixtures.withHeaderSize(tiny, width: 1_000_000, height: 1_000_000)
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("huge.png")
    try Data(huge).write(to: file)
    #expect(
      throws: IconRenderError.tooLarge(
        file: file.path, width: 1_000_000, height: 1_000_000, limit: 8192)
    ) {
      try PNGDecoder.decode(file: file)
    }
  }

  @Test func theLimitIsTheCallersToChoose() throws {
    let url = PNGFixtures.url("rgba8.png")
    #expect(throws: IconRenderError.tooLarge(file: url.path, width: 13, height: 11, limit: 12)) {
      try PNGDecoder.decode(file: url, maxDimension: 12)
    }
    #expect(try PNGDecoder.decode(file: url, maxDimension: 13).width == 13)
  }

  // MARK: Damaged files

  @Test func aPNGCutInHalfIsCorrupt() throws {
    let whole = try PNGFixtures.bytes("rgba8.png")
    let half = Array(whole.prefix(whole.count / 2))
    let error = try #require(throws: IconRenderError.self) {
      try PNGDecoder.decode(data: half, source: "half.png")
    }
    guard case .corruptPNG(let file, let reason) = error else {
      Issue.record("expected corruptPNG, got \(error)")
      return
    }
    #expect(file == "half.png")
    // The chunk list, checked before libpng reads it, says which chunk the file ends in.
    #expect(
      reason
        == "the data ends before the image does (its IDAT chunk at byte 33 declares 572 bytes, 269 follow)"
    )
  }

  @Test(arguments: [20, 33, 200])
  func aFileCutShortIsCorrupt(keeping length: Int) throws {
    // 20 bytes end inside IHDR, 33 just after it, 200 inside the image data.
    let whole = try PNGFixtures.bytes("rgba8.png")
    try #require(whole.count > 200)
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("cut.png")
    try Data(whole.prefix(length)).write(to: file)
    let error = try #require(throws: IconRenderError.self) { try PNGDecoder.decode(file: file) }
    guard case .corruptPNG(let path, let reason) = error else {
      Issue.record("expected corruptPNG, got \(error)")
      return
    }
    #expect(path == file.path)
    // Inside a chunk, the check of the chunk list says so; between chunks (33), libpng does.
    let expected =
      length == 33
      ? "the data ends before the image does (libpng: read beyond end of data)"
      : "the data ends before the image does (its \(length == 20 ? "IHDR" : "IDAT") chunk at byte "
    #expect(reason.hasPrefix(expected), "\(reason)")
  }

  @Test func aDamagedImageChunkIsCorruptWithLibpngsReason() throws {
    var png = try PNGFixtures.bytes("rgba8.png")
    let idat = try #require(firstIndex(of: "IDAT", in: png))
    png[idat + 10] ^= 0xFF  // inside the compressed data: the chunk's CRC no longer matches
    let error = try #require(throws: IconRenderError.self) {
      try PNGDecoder.decode(data: png, source: "damaged.png")
    }
    guard case .corruptPNG(_, let reason) = error else {
      Issue.record("expected corruptPNG, got \(error)")
      return
    }
    #expect(reason.contains("IDAT") || reason.lowercased().contains("crc"), "\(reason)")
  }

  @Test func everyPrefixOfAPNGFailsCleanly() throws {
    // No prefix may crash or give wrong pixels. A prefix that lacks only the 12-byte
    // IEND chunk holds every pixel, and libpng accepts it; any shorter one is an error.
    let whole = try PNGFixtures.bytes("palette4-trns-adam7.png")
    let image = try PNGDecoder.decode(data: whole, source: "whole")
    for length in 0..<whole.count {
      let prefix = Array(whole.prefix(length))
      if length < whole.count - 12 {
        #expect(throws: IconRenderError.self, "\(length) bytes") {
          try PNGDecoder.decode(data: prefix, source: "prefix")
        }
      } else if let decoded = try? PNGDecoder.decode(data: prefix, source: "prefix") {
        #expect(decoded == image, "\(length) bytes")
      }
    }
  }

  // MARK: Files that are not PNGs

  @Test func randomBytesAreNotAPNG() {
    // Noise from a fixed seed (SplitMix64), so every run sees the same bytes.
    var state: UInt64 = 0x1C0_9D1C
    let noise = (0..<300).map { _ -> UInt8 in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
    #expect(ImageFormat.sniff(noise[...]) == .unknown)
    #expect(throws: IconRenderError.notPNG(file: "noise.png", format: .unknown)) {
      try PNGDecoder.decode(data: noise, source: "noise.png")
    }
  }

  @Test func aJPEGNamedPNGSaysItIsAJPEG() throws {
    let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0]
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Blue.png")
    try Data(jpeg).write(to: file)
    let expected = IconRenderError.notPNG(file: file.path, format: .jpeg)
    #expect(throws: expected) { try PNGDecoder.decode(file: file) }
    #expect(
      expected.description.hasSuffix("Blue.png: a JPEG image, not a PNG: iOS app icons must be PNG")
    )
  }

  @Test func aGitLFSPointerSaysToPullTheImage() throws {
    let pointer = """
      version https://git-lfs.github.com/spec/v1
      oid sha256:e9a489f9c42b87eca37d05e612a665db235150fcdeeb0a407cc9f3a86e0ccd39
      size 2394

      """
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("icon-1@2x.png")
    try pointer.write(to: file, atomically: true, encoding: .utf8)
    let expected = IconRenderError.notPNG(file: file.path, format: .gitLFSPointer)
    #expect(throws: expected) { try PNGDecoder.decode(file: file) }
    #expect(expected.description.contains("Git LFS pointer"))
    #expect(expected.description.contains("git lfs pull"))
  }

  @Test func anEmptyFileSaysItIsEmpty() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Empty.png")
    #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
    #expect(throws: IconRenderError.notPNG(file: file.path, format: .empty)) {
      try PNGDecoder.decode(file: file)
    }
    #expect(throws: IconRenderError.notPNG(file: "mem", format: .empty)) {
      try PNGDecoder.decode(data: [], source: "mem")
    }
  }

  @Test func aCutShortXcodeCrushedPNGIsNamedAsSuch() throws {
    // A built app's PNGs carry a CgBI chunk before IHDR that libpng refuses; the fast path's
    // CgBI mode reads them (CgBITests), and says what is wrong with a damaged one.
    let crushed: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 4] + Array("CgBI".utf8)
      + [0x50, 0, 0x20, 0x06, 0x5F, 0x59, 0x49, 0x6E]
    #expect(
      throws: IconRenderError.corruptPNG(
        file: "AppIcon60x60@2x.png",
        reason: "an Xcode-optimized (CgBI) PNG: not a PNG file, or cut short before its header ends"
      )
    ) {
      try PNGDecoder.decode(data: crushed, source: "AppIcon60x60@2x.png")
    }
  }

  // MARK: Files that cannot be read

  @Test func aMissingFileIsUnreadable() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("Missing.png")
    let expected = IconRenderError.unreadable(
      file: missing.path, reason: "No such file or directory")
    #expect(throws: expected) { try PNGDecoder.decode(file: missing) }
    #expect(expected.description == "\(missing.path): cannot be read: No such file or directory")
  }

  @Test func aFolderIsUnreadable() throws {
    let folder = try PNGFixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = try #require(throws: IconRenderError.self) { try PNGDecoder.decode(file: folder) }
    guard case .unreadable(let file, let reason) = error else {
      Issue.record("expected unreadable, got \(error)")
      return
    }
    #expect(file == folder.path)
    #expect(reason == "a folder, not a file")
  }

  // MARK: The demo app's icons as PNGs (Tests/Fixtures/PaletteAppIconSets)

  static let paletteIcons = [
    "AppIcon", "AppIcon-Blue", "AppIcon-Green", "AppIcon-Orange", "AppIcon-Pink",
    "AppIcon-Purple", "AppIcon-Teal", "AppIcon-Yellow",
  ]

  static func paletteIcon(_ name: String) -> URL {
    PNGFixtures.paletteAppIconSets.appendingPathComponent("\(name).appiconset/\(name).png")
  }

  @Test(arguments: paletteIcons)
  func decodesThePaletteIcons(_ name: String) throws {
    let image = try PNGDecoder.decode(file: Self.paletteIcon(name))
    #expect(image.width == 1024)
    #expect(image.height == 1024)
    #expect(image.pixels.count == 1024 * 1024 * 4)
    let translucent = stride(from: 3, to: image.pixels.count, by: 4).count {
      image.pixels[$0] != 255
    }
    #expect(translucent == 0, "an RGB PNG decodes fully opaque")
  }

  @Test func theTealIconIsTeal() throws {
    let image = try PNGDecoder.decode(file: Self.paletteIcon("AppIcon-Teal"))
    var sums = (r: 0, g: 0, b: 0)
    for offset in stride(from: 0, to: image.pixels.count, by: 4) {
      sums.r += Int(image.pixels[offset])
      sums.g += Int(image.pixels[offset + 1])
      sums.b += Int(image.pixels[offset + 2])
    }
    let count = image.width * image.height
    let mean = (r: sums.r / count, g: sums.g / count, b: sums.b / count)
    #expect(mean.g > mean.r + 40, "mean colour \(mean)")
    #expect(mean.b > mean.r + 40, "mean colour \(mean)")
  }

  // MARK: Threads

  @Test func decodesConcurrently() async throws {
    // No shared state: many decodes at once give the same pixels as one alone.
    let names = DecodedFixture.all.map(\.name)
    let alone = try names.map { try PNGDecoder.decode(file: PNGFixtures.url($0)) }
    let together = try await withThrowingTaskGroup(of: (Int, RGBAImage).self) { group in
      for _ in 0..<4 {
        for (index, name) in names.enumerated() {
          group.addTask { (index, try PNGDecoder.decode(file: PNGFixtures.url(name))) }
        }
      }
      var results: [(Int, RGBAImage)] = []
      for try await result in group { results.append(result) }
      return results
    }
    #expect(together.count == names.count * 4)
    #expect(together.allSatisfy { alone[$0.0] == $0.1 })
  }

  // MARK: Errors

  @Test func everyDescriptionIsOneLineNamingTheFile() {
    let file = "/app/Assets.xcassets/Blue.appiconset/Blue.png"
    let errors: [IconRenderError] = [
      .unreadable(file: file, reason: "Permission denied"),
      .notPNG(file: file, format: .jpeg),
      .notPNG(file: file, format: .heic),
      .notPNG(file: file, format: .svg),
      .notPNG(file: file, format: .gitLFSPointer),
      .notPNG(file: file, format: .empty),
      .notPNG(file: file, format: .unknown),
      .notPNG(file: file, format: .appleCgBI),
      .tooLarge(file: file, width: 9000, height: 10, limit: 8192),
      .corruptPNG(file: file, reason: "IDAT: CRC error"),
    ]
    for error in errors {
      #expect(error.description.hasPrefix(file + ": "), "\(error)")
      #expect(!error.description.contains("\n"), "\(error)")
    }
    #expect(errors[2].description.contains("an HEIC image, not a PNG"))
    #expect(errors[8].description.contains("9000×10"))
    #expect(errors[8].description.contains("8192×8192"))
    #expect(errors[9].description.hasSuffix("IDAT: CRC error"))
  }

  // MARK: Helpers

  /// "(x, y): got … expected …" for each pixel that differs.
  private func mismatches(_ image: RGBAImage, _ expected: RGBAImage) -> [String] {
    guard image.width == expected.width, image.height == expected.height else {
      return ["size \(image.width)×\(image.height), expected \(expected.width)×\(expected.height)"]
    }
    var wrong: [String] = []
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y) != expected.pixel(x: x, y: y) {
        wrong.append(
          "(\(x), \(y)): \(image.pixel(x: x, y: y)), expected \(expected.pixel(x: x, y: y))")
      }
    }
    return wrong
  }

  private func firstIndex(of chunkType: String, in png: [UInt8]) -> Int? {
    let type = Array(chunkType.utf8)
    return (0...(png.count - type.count)).first { Array(png[$0..<$0 + type.count]) == type }
  }
}
