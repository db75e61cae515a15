import CPNG
import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    // Only a regular file, opened without blocking; only the chunk headers and the chunks
    // libpng is given are read (`PNGChunkList`), not the chunks left out nor the pixels.
    let file: RegularFile.Opened
    do {
      file = try RegularFile.open(path)
    } catch {
      throw .unreadable(file: path, reason: error.reason)
    }
    defer { close(file.descriptor) }
    func read(_ range: Range<Int>) throws(IconRenderError) -> [UInt8] {
      var bytes = [UInt8](repeating: 0, count: range.count)
      var done = 0
      while done < range.count {
        let count = bytes.withUnsafeMutableBytes {
          pread(
            file.descriptor, $0.baseAddress! + done, range.count - done,
            off_t(range.lowerBound + done))
        }
        if count < 0 && errno == EINTR { continue }
        if count < 0 { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        if count == 0 { break }  // the file shrank: libpng says the data ends early
        done += count
      }
      return Array(bytes[..<done])
    }
    let head = try read(0..<min(file.size, ImageFormat.sniffLength))
    let format = ImageFormat.sniff(head[...])
    guard format == .png else { throw .notPNG(file: path, format: format) }
    let bytes = try PNGChunkList.forLibpng(
      size: file.size, source: path, extent: .header, read: read)
    return try header(path: path, bytes: bytes)
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

  /// The header of a PNG held in memory (its chunk list checked, the unused chunks left out).
  private static func header(path: String, bytes: [UInt8]) throws(IconRenderError) -> PNGHeader {
    let bytes = try PNGChunkList.forLibpng(bytes, source: path, extent: .header)
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(IconRenderError) -> PNGHeader in
        try header(path: path) {
          cp_png_image_begin_read_from_memory($0, buffer.baseAddress, buffer.count)
        }
      }
    }
    return try result.get()
  }

  /// Reads the header with `begin` (from a file or from memory) and frees libpng's state.
  private static func header(
    path: String, begin: (UnsafeMutablePointer<png_image>) -> Int32
  ) throws(IconRenderError) -> PNGHeader {
    try PNGLibrary.require(for: path)
    var control = png_image()  // zeroed: opaque is NULL, as libpng requires
    control.version = UInt32(PNG_IMAGE_VERSION)
    return try withUnsafeMutablePointer(to: &control) {
      (image) throws(IconRenderError) -> PNGHeader in
      defer { cp_png_image_free(image) }
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
