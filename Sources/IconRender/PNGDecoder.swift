import CPNG
import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decodes PNG files into 8-bit straight-alpha RGBA with libpng's simplified API.
///
/// The simplified API (`png_image`) reports errors in the struct instead of with
/// setjmp/longjmp, which Swift cannot survive. It reads every colour type, bit depth,
/// palette with tRNS, 16-bit and grey+alpha image, interlaced or not.
///
/// Nothing here is shared between calls, so decoding is safe on any thread.
public enum PNGDecoder {
  /// The largest width or height decoded by default: 8192×8192 RGBA is 256 MiB.
  public static let defaultMaxDimension = 8192
  /// The most pixel memory one decode may take: every command stays under 256 MB with it. An
  /// 8192×8192 opaque image (RGB, 192 MiB) fits; the same with alpha (256 MiB) does not, nor an
  /// interlaced 16-bit one past 4096×4096, which libpng reads at 8 bytes a pixel and iconpick
  /// brings to 4 (12 in all). App icons are 1024×1024 (4 MiB).
  public static let maximumDecodedBytes = 192 << 20

  /// Decodes the PNG file at `file`.
  ///
  /// The file's first bytes are checked first, so a JPEG or a Git LFS pointer named
  /// `.png` is reported as what it is. Its chunk list is checked before libpng reads it
  /// (`PNGChunkList`), and the header's size before any pixel memory is allocated.
  public static func decode(
    file: URL, maxDimension: Int = defaultMaxDimension
  ) throws(IconRenderError) -> RGBAImage {
    let decoded = try decodePixels(file: file, maxDimension: maxDimension, opaqueAsRGB: false)
    return RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)!
  }

  /// Like `decode(file:)`, but with `opaqueAsRGB` a file without transparency comes back as
  /// three-channel RGB: libpng then skips adding an alpha channel of 255s, which costs about
  /// as much as the rest of the thumbnail after the decode.
  public static func decodePixels(
    file: URL, maxDimension: Int = defaultMaxDimension, opaqueAsRGB: Bool
  ) throws(IconRenderError) -> PixelImage {
    let path = file.path
    if let archived = try archivedBytes(of: file) {
      // A file inside an .ipa, read in place.
      if ImageFormat.sniff(archived[...]) == .appleCgBI {
        return try decodeCgBI(
          archived, source: path, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
      }
      return PixelImage(try decode(data: archived, source: path, maxDimension: maxDimension))
    }
    // Only a regular file, opened without blocking, within the limit for a PNG, read whole:
    // its chunk list is checked before libpng sees it (`PNGChunkList`).
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: FileLimits.png)
    } catch {
      throw .unreadable(file: path, reason: error.reason)
    }
    return try decodePixels(
      bytes: bytes, source: path, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
  }

  /// Decodes a PNG held in memory; `source` names it in errors (usually its path).
  public static func decode(
    data: [UInt8], source: String, maxDimension: Int = defaultMaxDimension
  ) throws(IconRenderError) -> RGBAImage {
    let decoded = try decodePixels(
      bytes: data, source: source, maxDimension: maxDimension, opaqueAsRGB: false)
    return RGBAImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)!
  }

  /// A whole file's bytes decoded: a CgBI file by the fast path's CgBI mode, a PNG by libpng
  /// once its chunk list is checked and its unused chunks left out. The file's first bytes say
  /// what it is, so a JPEG or a Git LFS pointer named `.png` is reported as what it is.
  static func decodePixels(
    bytes: [UInt8], source: String, maxDimension: Int, opaqueAsRGB: Bool
  ) throws(IconRenderError) -> PixelImage {
    let format = ImageFormat.sniff(bytes[...])
    if format == .appleCgBI {
      // libpng cannot read these; the fast path's CgBI mode can.
      return try decodeCgBI(
        bytes, source: source, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
    }
    guard format == .png else { throw .notPNG(file: source, format: format) }
    let data = try PNGChunkList.forLibpng(bytes, source: source, extent: .image)
    // libpng reads from the buffer until png_image_finish_read returns, so the whole
    // decode runs inside the one borrow of its bytes.
    let result: Result<PixelImage, IconRenderError> = data.withUnsafeBytes { buffer in
      Result { () throws(IconRenderError) -> PixelImage in
        try decodePNG(
          source: source, head: data[...], maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB
        ) { image in
          cp_png_image_begin_read_from_memory(image, buffer.baseAddress, buffer.count)
        }
      }
    }
    // libpng says only this when the data runs out between chunks.
    if case .failure(.corruptPNG(_, let reason)) = result, reason == "read beyond end of data" {
      throw .corruptPNG(file: source, reason: endsEarly(reason))
    }
    return try result.get()
  }

  /// The bytes of a file inside an archive opened by IconCatalog (an `.ipa`), nil for any other.
  static func archivedBytes(of file: URL) throws(IconRenderError) -> [UInt8]? {
    do {
      return try ArchivedFiles.bytes(of: file)
    } catch {
      throw .unreadable(file: file.path, reason: error.reason)
    }
  }

  /// An Xcode-optimized (CgBI) PNG, which only the fast path's CgBI mode reads.
  static func decodeCgBI(
    _ bytes: [UInt8], source: String, maxDimension: Int, opaqueAsRGB: Bool
  ) throws(IconRenderError) -> PixelImage {
    let result = bytes.withUnsafeBytes {
      FastPNG.decoding($0, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
    }
    switch result {
    case .success(let image): return image
    case .failure(let decline):
      if let size = decline.size, let bytes = decline.decodedBytes {
        throw .tooLargeToDecode(
          file: source, width: size.width, height: size.height, bytes: bytes,
          limit: maximumDecodedBytes)
      }
      if let size = decline.size {
        throw .tooLarge(file: source, width: size.width, height: size.height, limit: maxDimension)
      }
      throw .corruptPNG(file: source, reason: "an Xcode-optimized (CgBI) PNG: \(decline.reason)")
    }
  }

  private static func endsEarly(_ libpngMessage: String) -> String {
    "the data ends before the image does (libpng: \(libpngMessage))"
  }

  /// Reads the header with `begin`, checks the size, then decodes the pixels.
  /// `head` is the file's first bytes, for what the simplified API does not report.
  /// Every path that fails frees libpng's state. The result is RGBA, or RGB for a file with
  /// no transparency when `opaqueAsRGB` is set.
  private static func decodePNG(
    source: String, head: ArraySlice<UInt8>, maxDimension: Int, opaqueAsRGB: Bool,
    begin: (UnsafeMutablePointer<png_image>) -> Int32
  ) throws(IconRenderError) -> PixelImage {
    try PNGLibrary.require(for: source)
    var control = png_image()  // zeroed: opaque is NULL, as libpng requires
    control.version = UInt32(PNG_IMAGE_VERSION)
    return try withUnsafeMutablePointer(to: &control) {
      (image) throws(IconRenderError) -> PixelImage in
      defer { cp_png_image_free(image) }  // safe after finish_read has freed it too

      guard begin(image) != 0 else {
        throw .corruptPNG(file: source, reason: message(of: image))
      }
      let width = Int(image.pointee.width)
      let height = Int(image.pointee.height)
      guard width <= maxDimension, height <= maxDimension else {
        throw .tooLarge(file: source, width: width, height: height, limit: maxDimension)
      }
      // 16-bit samples with no gAMA, sRGB or iCCP chunk are sRGB, as browsers and
      // Apple's tools read them, not linear light (libpng's default). The flag can
      // only be set after begin, which fills in `flags`.
      image.pointee.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)

      // `format` describes the file here: alpha means an alpha channel or a tRNS chunk.
      let sixteenBit = image.pointee.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0
      let transparent = image.pointee.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
      let readsLinear = sixteenBit && isInterlaced(head)
      let bytesPerPixel = readsLinear ? 12 : opaqueAsRGB && !transparent ? 3 : 4
      if width * height * bytesPerPixel > maximumDecodedBytes {
        throw .tooLargeToDecode(
          file: source, width: width, height: height, bytes: width * height * bytesPerPixel,
          limit: maximumDecodedBytes)
      }
      let channels: Int
      let pixels: [UInt8]
      if readsLinear {
        channels = 4
        pixels = try readThroughLinear(image, width: width, height: height, source: source)
      } else {
        channels = opaqueAsRGB && !transparent ? 3 : 4
        pixels = try read(
          image, width: width, height: height, channels: channels, source: source)
      }
      guard
        let decoded = PixelImage(
          width: width, height: height, channels: channels, pixels: pixels)
      else {
        throw .corruptPNG(file: source, reason: "the image has no pixels")
      }
      return decoded
    }
  }

  /// The usual path: libpng converts whatever the file holds to 8-bit sRGB RGBA, or RGB
  /// (`channels` 3, only for a file with no transparency, so nothing is composited).
  private static func read(
    _ image: UnsafeMutablePointer<png_image>, width: Int, height: Int, channels: Int,
    source: String
  ) throws(IconRenderError) -> [UInt8] {
    // PNG_FORMAT_RGBA and PNG_FORMAT_RGB, spelled with their flags: Swift does not import
    // the composite macros.
    image.pointee.format =
      channels == 4
      ? UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA) : UInt32(PNG_FORMAT_FLAG_COLOR)
    let rowBytes = width * channels
    var finished = false
    let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) {
      buffer, initialized in
      finished =
        cp_png_image_finish_read(image, nil, buffer.baseAddress, Int32(rowBytes), nil) != 0
      // On failure the buffer is dropped unread; UInt8 needs no deinitialization.
      initialized = finished ? buffer.count : 0
    }
    guard finished else { throw .corruptPNG(file: source, reason: message(of: image)) }
    return pixels
  }

  /// For 16-bit interlaced files. libpng's 16-to-8-bit path loses rows of Adam7 images
  /// (pnggroup/libpng#853: later passes merge into a stale row buffer; Debian's
  /// 1.6.39 security updates have it), so these are read as 16-bit linear RGBA, which
  /// takes another path, and brought to 8 bits here.
  private static func readThroughLinear(
    _ image: UnsafeMutablePointer<png_image>, width: Int, height: Int, source: String
  ) throws(IconRenderError) -> [UInt8] {
    image.pointee.format = UInt32(
      PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let rowSamples = width * 4
    var finished = false
    let linear = [UInt16](unsafeUninitializedCapacity: rowSamples * height) {
      buffer, initialized in
      // The stride counts 16-bit components, not bytes.
      finished =
        cp_png_image_finish_read(image, nil, buffer.baseAddress, Int32(rowSamples), nil) != 0
      initialized = finished ? buffer.count : 0
    }
    guard finished else { throw .corruptPNG(file: source, reason: message(of: image)) }

    // Linear output has premultiplied ("associated") alpha: divide it out, then encode.
    let encode = linearToEncoded
    return [UInt8](unsafeUninitializedCapacity: linear.count) { pixels, initialized in
      for offset in stride(from: 0, to: linear.count, by: 4) {
        let alpha = UInt32(linear[offset + 3])
        for channel in 0..<3 {
          let premultiplied = UInt32(linear[offset + channel])
          let straight =
            alpha == 0 ? 0 : min(65535, (premultiplied * 65535 + alpha / 2) / alpha)
          pixels[offset + channel] = encode[Int(straight)]
        }
        pixels[offset + 3] = UInt8((alpha * 255 + 32767) / 65535)
      }
      initialized = linear.count
    }
  }

  /// 16-bit linear light to 8-bit encoded values. libpng linearizes 16-bit sRGB
  /// samples with the power 2.2 (its gamma for sRGB), so this inverts that exactly:
  /// an opaque sample v × 257 comes back as v, as on the direct path. Built once,
  /// never changed.
  private static let linearToEncoded: [UInt8] = (0...65535).map { value in
    UInt8((pow(Double(value) / 65535, 1 / 2.2) * 255).rounded())
  }

  /// The IHDR interlace method (byte 28: after the signature, the chunk's length and
  /// type, width, height, bit depth, colour type, compression and filter method).
  private static func isInterlaced(_ head: ArraySlice<UInt8>) -> Bool {
    head.count > 28 && head[head.startIndex + 28] == 1
  }

  /// libpng's error text, kept in the struct's fixed-size `message` field.
  private static func message(of image: UnsafeMutablePointer<png_image>) -> String {
    let text = withUnsafeBytes(of: image.pointee.message) { bytes in
      String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
    return text.isEmpty ? "libpng gave no reason" : text
  }
}
