import CPNG
import Foundation
import Testing

@testable import IconRender

/// PNG fixtures: files made once by Fixtures/make-fixtures.py for the forms libpng's
/// simplified writer cannot produce, and PNGs the tests write themselves with it.
enum PNGFixtures {
  /// `raw` as a raw deflate stream of stored blocks (no zlib header, no Adler-32): what a CgBI
  /// PNG holds, and with a zlib header and trailer, an ordinary PNG's IDAT.
  static func storedDeflate(_ raw: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = []
    var offset = 0
    repeat {
      let count = min(65535, raw.count - offset)
      let last: UInt8 = offset + count == raw.count ? 1 : 0
      stream += [last, UInt8(count & 0xFF), UInt8(count >> 8)]
      stream += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      stream += raw[offset..<offset + count]
      offset += count
    } while offset < raw.count
    return stream
  }

  /// Tests/IconRenderTests/Fixtures, found from this source file (no resources needed).
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The repository's root.
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The asset catalog of Tests/Fixtures/PaletteAppIconSets: the demo app Palette as it was
  /// with `.appiconset`s of 1024×1024 RGB PNGs (Assets/Palette now has Icon Composer bundles).
  static let paletteAppIconSets = repositoryRoot.appendingPathComponent(
    "Tests/Fixtures/PaletteAppIconSets/Assets.xcassets", isDirectory: true)

  /// Every fixture image is this size: odd and not square, so a swapped width and
  /// height, a wrong stride or a lost padding bit shows.
  static let width = 13
  static let height = 11

  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url(name)))
  }

  /// An 8-bit RGBA image whose pixel (x, y) is `pixel(x, y)`.
  static func image(
    width: Int = width, height: Int = height,
    _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)
  ) -> RGBAImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b, a) = pixel(x, y)
        pixels += [r, g, b, a]
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }

  // MARK: Writing PNGs with libpng's simplified writer

  /// The libpng sample layouts the writer takes (Swift does not import the composite
  /// PNG_FORMAT_* macros, so they are spelled with their flags).
  enum Layout {
    case gray, grayAlpha, rgb, rgba

    var format: UInt32 {
      switch self {
      case .gray: return 0
      case .grayAlpha: return UInt32(PNG_FORMAT_FLAG_ALPHA)
      case .rgb: return UInt32(PNG_FORMAT_FLAG_COLOR)
      case .rgba: return UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
      }
    }

    var channels: Int {
      switch self {
      case .gray: return 1
      case .grayAlpha: return 2
      case .rgb: return 3
      case .rgba: return 4
      }
    }
  }

  struct WriteFailed: Error, CustomStringConvertible {
    let description: String
  }

  /// A PNG of 8-bit `samples` (`layout.channels` per pixel, rows top to bottom),
  /// written by png_image_write_to_memory.
  static func write(
    width: Int, height: Int, layout: Layout, samples: [UInt8]
  ) throws -> [UInt8] {
    precondition(samples.count == width * height * layout.channels)
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = layout.format
    defer { cp_png_image_free(&image) }

    let stride = Int32(width * layout.channels)
    var size: png_alloc_size_t = 0
    // First the size the PNG needs, then the PNG itself.
    guard cp_png_image_write_to_memory(&image, nil, &size, 0, samples, stride, nil) != 0 else {
      throw WriteFailed(description: "libpng cannot size the PNG: \(message(image))")
    }
    var png = [UInt8](repeating: 0, count: Int(size))
    guard cp_png_image_write_to_memory(&image, &png, &size, 0, samples, stride, nil) != 0 else {
      throw WriteFailed(description: "libpng cannot write the PNG: \(message(image))")
    }
    return Array(png.prefix(Int(size)))
  }

  /// A PNG of `image`, written by libpng as 8-bit RGBA.
  static func write(_ image: RGBAImage) throws -> [UInt8] {
    try write(width: image.width, height: image.height, layout: .rgba, samples: image.pixels)
  }

  private static func message(_ image: png_image) -> String {
    withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  }

  // MARK: Crafting headers

  /// `png` with the IHDR width and height replaced and the chunk's CRC recomputed, so
  /// libpng accepts the header and only the size is out of the ordinary.
  static func withHeaderSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
    // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
    precondition(Array(png[12..<16]) == Array("IHDR".utf8))
    var patched = png
    patched.replaceSubrange(16..<20, with: bigEndian(width))
    patched.replaceSubrange(20..<24, with: bigEndian(height))
    // The CRC covers the chunk type and its 13 data bytes.
    patched.replaceSubrange(29..<33, with: bigEndian(crc32(patched[12..<29])))
    return patched
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// The CRC-32 of PNG chunks (ISO 3309, reflected polynomial 0xEDB88320).
  static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var c = UInt32(index)
    for _ in 0..<8 {
      c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
    }
    return c
  }

  // MARK: Files

  /// A new empty folder for one test's files, removed by the caller.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("iconpick-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
