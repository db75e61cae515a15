import Foundation
import IconRender

@testable import IconEdit

/// Files the tests of Sources/IconEdit/Files write for themselves, in a fresh folder each.
struct IconFileFixtures {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-files-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  func url(_ relative: String) -> URL {
    folder.appendingPathComponent(relative, isDirectory: false)
  }

  /// A `width` × `height` image: a diagonal gradient, with `alpha` everywhere.
  static func image(width: Int, height: Int, alpha: UInt8 = 255) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let offset = (y * width + x) * 4
        pixels[offset] = UInt8(x * 255 / max(1, width - 1))
        pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
        pixels[offset + 2] = 128
        pixels[offset + 3] = alpha
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }

  /// Writes a PNG (RGB when opaque, unless `rgba`) and returns its path.
  @discardableResult
  func png(
    _ relative: String, width: Int, height: Int, alpha: UInt8 = 255, rgba: Bool = false
  ) throws -> URL {
    let image = Self.image(width: width, height: height, alpha: alpha)
    let bytes =
      rgba ? try PNGMemoryEncoder.encode(image) : try PNGMemoryEncoder.encodeForFile(image)
    return try write(relative, bytes)
  }

  @discardableResult
  func write(_ relative: String, _ bytes: [UInt8]) throws -> URL {
    let file = url(relative)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
    return file
  }

  @discardableResult
  func write(_ relative: String, _ text: String) throws -> URL {
    try write(relative, Array(text.utf8))
  }

  func folder(_ relative: String) throws -> URL {
    let made = folder.appendingPathComponent(relative, isDirectory: true)
    try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    return made
  }

  func link(_ relative: String, to target: String) throws -> URL {
    let file = url(relative)
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
    return file
  }

  /// A minimal `icon.json` as Icon Composer writes it: one group, one layer.
  static let iconJSON = """
    {
      "fill" : {
        "solid" : "srgb:0.20000,0.40000,0.80000,1.00000"
      },
      "groups" : [
        {
          "layers" : [
            {
              "image-name" : "front.png",
              "name" : "front"
            }
          ]
        }
      ],
      "supported-platforms" : {
        "circles" : [
          "watchOS"
        ],
        "squares" : "shared"
      }
    }
    """
}

/// The width and height of PNG bytes, decoded back.
func decodedSize(_ bytes: [UInt8]?) throws -> (width: Int, height: Int) {
  let image = try PNGDecoder.decode(data: bytes ?? [], source: "produced PNG")
  return (image.width, image.height)
}
