/// An image as 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom.
public struct RGBAImage: Equatable, Sendable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes: R, G, B, A for each pixel.
  public let pixels: [UInt8]

  /// Nil when `pixels` does not hold exactly `width * height` RGBA pixels.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at (x, y) as (r, g, b, a).
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let offset = (y * width + x) * 4
    return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
  }
}
