import Foundation
import Testing

@testable import IconRender

/// A PNG within the 8192×8192 limit can still take more memory to decode than every command
/// may use (an interlaced 16-bit one: 768 MiB): the decode is refused, naming the file, before
/// any pixel memory is taken. The files here are headers with a token of image data: the
/// refusal comes first.
@Suite struct DecodeBudgetTests {
  /// A PNG header of `side`×`side`, with an empty zlib stream as its image data.
  static func header(side: Int, depth: UInt8, colour: UInt8, interlaced: Bool) -> [UInt8] {
    var header = PNGFixtures.bigEndian(UInt32(side)) + PNGFixtures.bigEndian(UInt32(side))
    header += [depth, colour, 0, 0, interlaced ? 1 : 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + FastPNGTests.chunk("IHDR", header)
      + FastPNGTests.chunk("IDAT", [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
      + FastPNGTests.chunk("IEND", [])
  }

  static func refusal(_ png: [UInt8], opaqueAsRGB: Bool = true) throws -> IconRenderError? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "budget-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      _ = try PNGDecoder.decodePreviewPixels(file: file, opaqueAsRGB: opaqueAsRGB)
      return nil
    } catch {
      return error
    }
  }

  @Test func anInterlacedImageAtTheSizeLimitIsRefusedNamingItsMemory() throws {
    for (depth, bytes) in [(UInt8(8), 256), (16, 768)] {
      let error = try Self.refusal(
        Self.header(side: 8192, depth: depth, colour: 6, interlaced: true))
      guard case .tooLargeToDecode(let file, 8192, 8192, let needed, let limit)? = error else {
        Issue.record("\(depth)-bit: \(String(describing: error))")
        continue
      }
      #expect(file.hasSuffix(".png"))
      #expect(needed >> 20 == bytes)
      #expect(limit == PNGDecoder.maximumDecodedBytes)
      #expect(error!.description.contains("over the 192 MiB limit for previews"))
    }
    // Not interlaced, with alpha: 256 MiB too.
    let flat = try Self.refusal(Self.header(side: 8192, depth: 8, colour: 6, interlaced: false))
    #expect({ if case .tooLargeToDecode? = flat { true } else { false } }())
  }

  /// Within the budget the decode goes ahead (and here finds the token data too short).
  @Test func withinTheBudgetTheDecodeIsTried() throws {
    // Opaque RGB 8192×8192 is 192 MiB: the most a preview decodes.
    for png in [
      Self.header(side: 8192, depth: 8, colour: 2, interlaced: false),
      Self.header(side: 4096, depth: 16, colour: 6, interlaced: true),
    ] {
      let error = try Self.refusal(png)
      #expect(
        { if case .corruptPNG? = error { true } else { false } }(), "\(String(describing: error))")
    }
  }
}
