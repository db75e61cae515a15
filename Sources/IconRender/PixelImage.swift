/// Decoded 8-bit pixels as the preview pipeline takes them: three channels (RGB, every pixel
/// opaque) when the file has no transparency, so libpng adds no alpha channel it would only
/// fill with 255, or four (RGBA, straight alpha). Rows top to bottom, no padding.
public struct PixelImage: Equatable, Sendable {
  public let width: Int
  public let height: Int
  /// 3 (RGB) or 4 (RGBA).
  public let channels: Int
  public let pixels: [UInt8]

  /// Nil unless `pixels` holds exactly `width * height` pixels of 3 or 4 channels.
  public init?(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, channels == 3 || channels == 4,
      pixels.count == width * height * channels
    else { return nil }
    self.width = width
    self.height = height
    self.channels = channels
    self.pixels = pixels
  }

  /// The same pixels, shared, not copied.
  public init(_ image: RGBAImage) {
    width = image.width
    height = image.height
    channels = 4
    pixels = image.pixels
  }

  /// As RGBA: RGB pixels gain an opaque alpha.
  public var rgba: RGBAImage {
    guard channels == 3 else { return RGBAImage(width: width, height: height, pixels: pixels)! }
    var expanded = [UInt8]()
    expanded.reserveCapacity(width * height * 4)
    for offset in stride(from: 0, to: pixels.count, by: 3) {
      expanded += [pixels[offset], pixels[offset + 1], pixels[offset + 2], 255]
    }
    return RGBAImage(width: width, height: height, pixels: expanded)!
  }
}
