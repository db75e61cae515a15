import CPNG
import Foundation
import IconCatalog

/// A PNG's size and channels, read from its header without decoding any pixels.
public struct PNGHeader: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// An alpha channel, or a `tRNS` chunk that makes some colour transparent.
  public var hasAlpha: Bool
  /// Colour rather than greyscale.
  public var hasColor: Bool

  public init(width: Int, height: Int, hasAlpha: Bool, hasColor: Bool) {
    self.width = width
    self.height = height
    self.hasAlpha = hasAlpha
    self.hasColor = hasColor
  }

  /// Reads the header of the PNG at `file` with libpng's simplified API (no setjmp).
  ///
  /// Only the signature and the chunks before the image data are read. A file that is
  /// not a standard PNG (a JPEG, a Git LFS pointer, an Xcode-crushed CgBI PNG) throws
  /// `.notPNG`; one that libpng refuses throws `.corruptPNG`.
  public static func read(file: URL) throws(IconRenderError) -> PNGHeader {
    let path = file.path
    if let archived = try PNGDecoder.archivedBytes(of: file) {
      // A file inside an .ipa: its header, from memory.
      let format = ImageFormat.sniff(archived[...])
      guard format == .png else { throw .notPNG(file: path, format: format) }
      let result = archived.withUnsafeBytes { bytes in
        Result { () throws(IconRenderError) -> PNGHeader in
          try header(path: path) {
            png_image_begin_read_from_memory($0, bytes.baseAddress, bytes.count)
          }
        }
      }
      return try result.get()
    }
    guard let stream = fopen(path, "rb") else {
      throw .unreadable(file: path, reason: String(cString: strerror(errno)))
    }
    defer { fclose(stream) }
    var head = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
    let count = fread(&head, 1, head.count, stream)
    if count < head.count, ferror(stream) != 0 {
      throw .unreadable(file: path, reason: String(cString: strerror(errno)))
    }
    let format = ImageFormat.sniff(head[..<count])
    guard format == .png else { throw .notPNG(file: path, format: format) }
    rewind(stream)

    return try header(path: path) { png_image_begin_read_from_stdio($0, stream) }
  }

  /// Reads the header with `begin` (from a file or from memory) and frees libpng's state.
  private static func header(
    path: String, begin: (UnsafeMutablePointer<png_image>) -> Int32
  ) throws(IconRenderError) -> PNGHeader {
    var control = png_image()  // zeroed: opaque is NULL, as libpng requires
    control.version = UInt32(PNG_IMAGE_VERSION)
    return try withUnsafeMutablePointer(to: &control) {
      (image) throws(IconRenderError) -> PNGHeader in
      defer { png_image_free(image) }
      guard begin(image) != 0 else {
        let text = withUnsafeBytes(of: image.pointee.message) { bytes in
          String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        throw .corruptPNG(file: path, reason: text.isEmpty ? "libpng gave no reason" : text)
      }
      let format = image.pointee.format
      return PNGHeader(
        width: Int(image.pointee.width), height: Int(image.pointee.height),
        hasAlpha: format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0,
        hasColor: format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0)
    }
  }
}
