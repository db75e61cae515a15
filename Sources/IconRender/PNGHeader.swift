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
    if let archived = try archivedHead(of: file) {
      // A file inside an .ipa: its header, from memory, from the first bytes alone when they
      // hold it (only those are inflated), else from the whole entry.
      let format = ImageFormat.sniff(archived[...])
      guard format == .png else { throw .notPNG(file: path, format: format) }
      do {
        return try header(path: path, bytes: archived)
      } catch {
        guard archived.count == FileLimits.pngHeaderBytes,
          let whole = try PNGDecoder.archivedBytes(of: file)
        else { throw error }
        return try header(path: path, bytes: whole)
      }
    }
    // Only a regular file, opened without blocking; libpng reads only the header's chunks.
    let stream: UnsafeMutablePointer<FILE>
    do {
      stream = try RegularFile.stream(path).stream
    } catch {
      throw .unreadable(file: path, reason: error.reason)
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

  /// The first bytes of a file inside an archive opened by IconCatalog (an `.ipa`), enough for
  /// the header of any real PNG; nil for any other file.
  static func archivedHead(of file: URL) throws(IconRenderError) -> [UInt8]? {
    do {
      return try ArchivedFiles.prefix(of: file, count: FileLimits.pngHeaderBytes)
    } catch {
      throw .unreadable(file: file.path, reason: error.reason)
    }
  }

  /// The header of a PNG held in memory.
  private static func header(path: String, bytes: [UInt8]) throws(IconRenderError) -> PNGHeader {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(IconRenderError) -> PNGHeader in
        try header(path: path) {
          png_image_begin_read_from_memory($0, buffer.baseAddress, buffer.count)
        }
      }
    }
    return try result.get()
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
