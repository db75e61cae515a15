import CDeflate
import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The preview path's decoder for the PNGs app icons nearly always are: 8-bit, not interlaced,
/// RGB or RGBA, with nothing that changes pixels (no tRNS, no gAMA other than sRGB's 1/2.2).
///
/// It walks the chunks, inflates the IDAT data with libdeflate in one call into a buffer of the
/// exact size (height × (1 + width × channels)), and unfilters the rows. Every other file — and
/// any file it finds anything odd in: a bad chunk CRC, a short or long stream, a filter type past
/// Paeth — gets nil, and the caller decodes it with libpng (`PNGDecoder`), which then decodes it or
/// says what is wrong. So this never refuses a file; when it returns pixels, they are libpng's
/// pixels (the differential tests and the `pngdiff` fuzz target hold it to that).
///
/// Chunk CRCs are checked (libdeflate's CRC-32 costs little), and libdeflate checks the
/// Adler-32; `check` still validates everything through libpng.
///
/// Apple's CgBI PNGs ("Xcode-optimized", from device builds) are read here too, and only here
/// (libpng refuses their critical `CgBI` chunk): a `CgBI` chunk before IHDR, raw deflate (no zlib
/// header, no Adler-32), BGR(A) pixels with premultiplied alpha, maybe Adam7-interlaced, maybe
/// an `iDOT` chunk and several IDATs (one stream). For them a refusal is final, with a reason.
enum FastPNG {
  /// How the image data is compressed.
  enum Compression {
    /// A zlib stream (RFC 1950), as every standard PNG holds.
    case zlib
    /// Raw deflate (RFC 1951), as Apple's CgBI PNGs hold.
    case rawDeflate
  }

  /// What `parse` found: the image's size and channels, and where its compressed data is.
  struct Layout {
    let width: Int
    let height: Int
    /// 3 (RGB) or 4 (RGBA).
    let channels: Int
    let compression: Compression
    /// The IDAT chunks' data, in order (offsets into the file's bytes).
    let data: [Range<Int>]
    /// A CgBI file: BGR(A), premultiplied.
    var isCgBI = false
    /// Adam7 (CgBI files only: ordinary interlaced files are libpng's).
    var interlaced = false

    /// Bytes of one row of pixels, without its filter byte.
    var rowBytes: Int { width * channels }
    /// The inflated size: each row (of each Adam7 pass) with its filter byte.
    var filteredBytes: Int {
      guard interlaced else { return height * (1 + rowBytes) }
      return Adam7.passes(width: width, height: height).reduce(0) {
        $0 + ($1.width == 0 ? 0 : $1.height * (1 + $1.width * channels))
      }
    }
  }

  /// Why `parse` or `decode` declined a file: for an ordinary PNG only a sign to ask libpng;
  /// for a CgBI file (which libpng cannot read) the message the user gets.
  struct Decline: Error {
    var reason: String
    /// Set when the reason is the image's size (`IconRenderError.tooLarge`).
    var size: (width: Int, height: Int)?
    /// Set, with `size`, when the reason is the memory its decode would take
    /// (`IconRenderError.tooLargeToDecode`).
    var decodedBytes: Int?

    init(_ reason: String, size: (width: Int, height: Int)? = nil, decodedBytes: Int? = nil) {
      self.reason = reason
      self.size = size
      self.decodedBytes = decodedBytes
    }
  }

  /// libpng's default limit on a chunk other than IDAT (`PNG_USER_CHUNK_MALLOC_MAX`).
  static let chunkLimit = 8_000_000

  /// The chunks of `bytes`, or nil when the file is not one the fast path reads.
  static func parse(_ bytes: UnsafeRawBufferPointer, maxDimension: Int) -> Layout? {
    try? layout(bytes, maxDimension: maxDimension).get()
  }

  /// True when `bytes` start like a CgBI file: the signature, then a `CgBI` chunk.
  static func isCgBI(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count >= 16 && bytes.prefix(8).elementsEqual(signature)
      && bytes[12...15].elementsEqual("CgBI".utf8)
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The chunks of `bytes`, or why the fast path does not read them.
  static func layout(
    _ bytes: UnsafeRawBufferPointer, maxDimension: Int
  ) -> Result<Layout, Decline> {
    guard bytes.count >= 8 + 25, bytes.prefix(8).elementsEqual(signature) else {
      return .failure(Decline("not a PNG file, or cut short before its header ends"))
    }
    func word(_ offset: Int) -> Int {
      Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
    }
    let cgbi = isCgBI(bytes)
    var width = 0
    var height = 0
    var channels = 0
    var interlaced = false
    var data: [Range<Int>] = []
    var idatLimit = 0
    var offset = 8
    var index = 0
    // IHDR comes first, or second after a CgBI chunk.
    let headerIndex = cgbi ? 1 : 0
    while true {
      // libpng stops reading after the image data, so the file may end there.
      if !data.isEmpty && offset == bytes.count { break }
      guard offset + 12 <= bytes.count else {
        return .failure(
          Decline(data.isEmpty ? "the file ends before the image data" : "a chunk is cut short"))
      }
      let length = word(offset)
      guard length <= 0x7FFF_FFFF, length <= bytes.count - offset - 12 else {
        return .failure(Decline("a chunk's length runs past the end of the file"))
      }
      let kind = UInt32(truncatingIfNeeded: word(offset + 4))
      let name = (0..<4).map { bytes[offset + 4 + $0] }
      guard name.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
        return .failure(Decline("a chunk's name is not four letters"))
      }
      let body = offset + 8
      let crc = cd_libdeflate_crc32(0, bytes.baseAddress! + offset + 4, length + 4)
      guard crc == UInt32(truncatingIfNeeded: word(body + length)) else {
        return .failure(
          Decline("the \(String(decoding: name, as: UTF8.self)) chunk's CRC is wrong"))
      }
      let position = index
      index += 1
      offset = body + length + 4
      if !data.isEmpty && kind != Chunk.idat { break }  // libpng reads no further either
      switch kind {
      case Chunk.cgbi where cgbi && position == 0:
        break
      case Chunk.ihdr:
        guard position == headerIndex, length == 13 else {
          return .failure(Decline("IHDR is not where it belongs, or not 13 bytes"))
        }
        width = word(body)
        height = word(body + 4)
        let depth = bytes[body + 8]
        let colorType = bytes[body + 9]
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
          return .failure(Decline("the header's size is \(width)×\(height)"))
        }
        guard width <= maxDimension, height <= maxDimension else {
          return .failure(Decline("too large", size: (width, height)))
        }
        // Compression and filter method 0; interlacing none (Adam7 in a CgBI file too).
        guard depth == 8, colorType == 2 || colorType == 6 else {
          return .failure(
            Decline(
              "bit depth \(depth), colour type \(colorType): only 8-bit RGB and RGBA are read"))
        }
        guard bytes[body + 10] == 0, bytes[body + 11] == 0,
          bytes[body + 12] == 0 || (cgbi && bytes[body + 12] == 1)
        else {
          return .failure(Decline("an unknown compression, filter or interlace method"))
        }
        interlaced = bytes[body + 12] == 1
        channels = colorType == 6 ? 4 : 3
        // libpng refuses an IDAT chunk longer than this (png_check_chunk_length).
        idatLimit = height * (width * channels + 1)
        idatLimit = min(idatLimit + 6 + 5 * (idatLimit / 32566 + 1), 0x7FFF_FFFF)
        // Adam7's passes add filter bytes, and raw deflate may spend more than zlib's estimate.
        if cgbi { idatLimit = min(idatLimit * 2 + 1024, 0x7FFF_FFFF) }
      case _ where position <= headerIndex:
        return .failure(Decline("the file does not start with IHDR"))
      case Chunk.idat:
        guard length <= idatLimit else {
          return .failure(Decline("an IDAT chunk longer than the image could need"))
        }
        data.append(body..<body + length)
      case Chunk.gama where !cgbi:
        // sRGB's gamma, or libpng would convert the samples.
        guard length == 4, word(body) == 45455 else { return .failure(Decline("gAMA")) }
      case Chunk.trns, Chunk.plte:
        // Transparency or a palette: libpng's (a CgBI file has neither in practice).
        return .failure(Decline("a palette or a tRNS chunk, which this reader does not take"))
      case Chunk.iend:
        return .failure(Decline("no image data (IEND before any IDAT)"))
      default:
        // Another critical chunk is libpng's (a second CgBI among them); an ancillary one
        // changes nothing libpng's simplified API gives. A CgBI file's colour chunks (gAMA,
        // iCCP) are left aside the way previews leave them aside for any PNG.
        guard name[0] & 0x20 != 0 else {
          return .failure(
            Decline("an unknown critical chunk \(String(decoding: name, as: UTF8.self))"))
        }
        guard length <= chunkLimit else { return .failure(Decline("an ancillary chunk over 8 MB")) }
      }
    }
    return .success(
      Layout(
        width: width, height: height, channels: channels,
        compression: cgbi ? .rawDeflate : .zlib, data: data, isCgBI: cgbi,
        interlaced: interlaced))
  }

  enum Chunk {
    static let cgbi: UInt32 = 0x4367_4249
    static let ihdr: UInt32 = 0x4948_4452
    static let idat: UInt32 = 0x4944_4154
    static let iend: UInt32 = 0x4945_4E44
    static let plte: UInt32 = 0x504C_5445
    static let trns: UInt32 = 0x7452_4E53
    static let gama: UInt32 = 0x6741_4D41
  }

  /// Inflates the layout's data into `output` (exactly `filteredBytes`): false unless the
  /// stream is whole, fills `output` exactly and has nothing after its end.
  static func inflate(
    _ bytes: UnsafeRawBufferPointer, _ layout: Layout, into output: UnsafeMutableRawBufferPointer
  ) -> Bool {
    guard output.count == layout.filteredBytes,
      let decompressor = cd_libdeflate_alloc_decompressor()
    else { return false }
    defer { cd_libdeflate_free_decompressor(decompressor) }
    func run(_ input: UnsafeRawBufferPointer) -> Bool {
      var consumed = 0
      let result: libdeflate_result
      switch layout.compression {
      case .zlib:
        result = cd_libdeflate_zlib_decompress_ex(
          decompressor, input.baseAddress, input.count, output.baseAddress, output.count,
          &consumed, nil)
      case .rawDeflate:
        result = cd_libdeflate_deflate_decompress_ex(
          decompressor, input.baseAddress, input.count, output.baseAddress, output.count,
          &consumed, nil)
      }
      return result == LIBDEFLATE_SUCCESS && consumed == input.count
    }
    // One IDAT chunk (the usual case) is inflated where it lies; several are joined first.
    if layout.data.count == 1 {
      return run(UnsafeRawBufferPointer(rebasing: bytes[layout.data[0]]))
    }
    var joined: [UInt8] = []
    joined.reserveCapacity(layout.data.reduce(0) { $0 + $1.count })
    for range in layout.data { joined += bytes[range] }
    return joined.withUnsafeBytes(run)
  }

  /// Decodes `bytes` (a whole PNG file), or nil for libpng to do it. RGB comes back as RGB when
  /// `opaqueAsRGB` is set, as RGBA otherwise, the way `PNGDecoder.decodePixels` gives it.
  static func decode(
    _ bytes: UnsafeRawBufferPointer, maxDimension: Int, opaqueAsRGB: Bool
  ) -> PixelImage? {
    try? decoding(bytes, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB).get()
  }

  /// `decode`, saying why not: what a CgBI file's error reports.
  static func decoding(
    _ bytes: UnsafeRawBufferPointer, maxDimension: Int, opaqueAsRGB: Bool
  ) -> Result<PixelImage, Decline> {
    // Its CRCs and inflate are libdeflate's; without it libpng reads every file.
    guard cd_open() else { return .failure(Decline("libdeflate is not installed")) }
    let layout: Layout
    switch self.layout(bytes, maxDimension: maxDimension) {
    case .success(let found): layout = found
    case .failure(let decline): return .failure(decline)
    }
    // Inflated into the pixels' own array, then unfiltered in place (each row moves down by
    // its filter bytes): one buffer of fresh pages instead of two. Adam7's passes are
    // unfiltered apart and spread over a second buffer.
    let filteredBytes = layout.filteredBytes
    // The buffers below: the inflated rows, Adam7's second buffer, the RGBA copy of RGB.
    let pixelCount = layout.width * layout.height
    let decodedBytes =
      filteredBytes + (layout.interlaced ? layout.rowBytes * layout.height : 0)
      + (layout.channels == 3 && !opaqueAsRGB ? pixelCount * 4 : 0)
    if decodedBytes > PNGDecoder.maximumDecodedBytes {
      return .failure(
        Decline(
          "its decode would take \(decodedBytes) bytes", size: (layout.width, layout.height),
          decodedBytes: decodedBytes))
    }
    var failure: Decline?
    var pixels = [UInt8](unsafeUninitializedCapacity: filteredBytes) { buffer, initialized in
      let base = buffer.baseAddress!
      guard
        inflate(
          bytes, layout, into: UnsafeMutableRawBufferPointer(start: base, count: filteredBytes))
      else {
        failure = Decline("the image data does not inflate to the image's size")
        initialized = 0
        return
      }
      if layout.interlaced {
        initialized = filteredBytes
        return
      }
      let unfiltered = Unfilter.rows(
        UnsafePointer(base), into: base, width: layout.width, height: layout.height,
        channels: layout.channels)
      if !unfiltered { failure = Decline("a row has an unknown filter type") }
      initialized = unfiltered ? layout.rowBytes * layout.height : 0
    }
    if let failure { return .failure(failure) }
    if layout.interlaced {
      guard let spread = Adam7.deinterlace(pixels, layout) else {
        return .failure(Decline("a row has an unknown filter type"))
      }
      pixels = spread
    }
    if layout.isCgBI { CgBI.toStraightRGBA(&pixels, channels: layout.channels) }
    if layout.channels == 3 && !opaqueAsRGB {
      // RGBA with an opaque alpha, as libpng gives it; in one pass, with no array per pixel.
      let count = layout.width * layout.height
      let rgba = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
        pixels.withUnsafeBufferPointer { rgb in
          for pixel in 0..<count {
            buffer[pixel * 4] = rgb[pixel * 3]
            buffer[pixel * 4 + 1] = rgb[pixel * 3 + 1]
            buffer[pixel * 4 + 2] = rgb[pixel * 3 + 2]
            buffer[pixel * 4 + 3] = 255
          }
        }
        initialized = count * 4
      }
      return image(layout, channels: 4, rgba)
    }
    return image(layout, channels: layout.channels, pixels)
  }

  private static func image(
    _ layout: Layout, channels: Int, _ pixels: [UInt8]
  ) -> Result<PixelImage, Decline> {
    guard
      let image = PixelImage(
        width: layout.width, height: layout.height, channels: channels, pixels: pixels)
    else { return .failure(Decline("the pixels do not fill the image")) }
    return .success(image)
  }

  /// Reads `file` whole and decodes it; nil if it cannot be read or is not for the fast path.
  static func decode(file: URL, maxDimension: Int, opaqueAsRGB: Bool) -> PixelImage? {
    guard let bytes = readWhole(file.path) else { return nil }
    return bytes.withUnsafeBytes {
      decode($0, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
    }
  }

  /// A file's bytes with one open, one fstat and one read; nil on any failure (libpng's
  /// path then reports it), or for a file over the limit for a PNG (`FileLimits.png`), or one
  /// that is not a regular file.
  static func readWhole(_ path: String) -> [UInt8]? {
    // A file inside an .ipa comes from the archive (an error there is libpng's path's to report).
    if ArchivedFiles.isArchived(URL(fileURLWithPath: path)) {
      return (try? ArchivedFiles.bytes(of: URL(fileURLWithPath: path))) ?? nil
    }
    guard let bytes = try? RegularFile.read(path, limit: FileLimits.png), !bytes.isEmpty else {
      return nil
    }
    return bytes
  }
}

extension PNGDecoder {
  /// What previews decode with: `FastPNG` for the files it takes, libpng for every other (from
  /// the bytes already read, or `decodePixels(file:maxDimension:opaqueAsRGB:)` when they could
  /// not be read, for its error), and for every error.
  public static func decodePreviewPixels(
    file: URL, maxDimension: Int = defaultMaxDimension, opaqueAsRGB: Bool
  ) throws(IconRenderError) -> PixelImage {
    if let bytes = FastPNG.readWhole(file.path) {
      let decoded = bytes.withUnsafeBytes {
        (
          FastPNG.decode($0, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB),
          FastPNG.isCgBI($0)
        )
      }
      if let image = decoded.0 { return image }
      // A CgBI file the fast path refused: libpng cannot do better, so say why.
      if decoded.1 {
        return try decodeCgBI(
          bytes, source: file.path, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
      }
      // libpng, from the bytes already read.
      return try decodePixels(
        bytes: bytes, source: file.path, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
    }
    return try decodePixels(file: file, maxDimension: maxDimension, opaqueAsRGB: opaqueAsRGB)
  }
}

/// The fast path's stages one at a time, for `make bench` (iconpick-bench): what the decode
/// costs, and how much of it is libdeflate's inflate (the floor) and the unfilter.
public enum FastPNGStages {
  /// The fast path alone, as previews use it (RGB for an opaque file); nil if it declines.
  public static func decode(file: URL) -> PixelImage? {
    FastPNG.decode(file: file, maxDimension: PNGDecoder.defaultMaxDimension, opaqueAsRGB: true)
  }

  /// The fast path against libpng on one file, as `make corpus-png` runs it: "same" when both
  /// give the same pixels (as the preview's RGB-or-RGBA and as RGBA), "libpng" when the fast
  /// path declines the file, or what went wrong.
  public static func compareWithLibpng(file: URL) -> (agree: Bool, verdict: String) {
    guard let preview = decode(file: file) else {
      return (true, "libpng (declined by the fast path)")
    }
    do {
      let libpng = try PNGDecoder.decodePixels(file: file, opaqueAsRGB: true)
      guard preview == libpng else { return (false, "DIFFERENT preview pixels") }
      let rgba = try PNGDecoder.decode(file: file)
      let fast = FastPNG.decode(
        file: file, maxDimension: PNGDecoder.defaultMaxDimension, opaqueAsRGB: false)
      guard fast == PixelImage(rgba) else { return (false, "DIFFERENT RGBA pixels") }
      return (true, "same (\(preview.width)×\(preview.height)×\(preview.channels))")
    } catch {
      return (false, "libpng refuses what the fast path decoded: \(error.description)")
    }
  }

  /// For a file the fast path takes: closures that each run one stage over buffers made once —
  /// the inflate of the IDAT data already in memory, the unfilter, and the reference unfilter.
  public static func stages(
    file: URL
  ) -> (inflate: () -> Bool, unfilter: () -> Bool, reference: () -> Bool)? {
    guard let bytes = FastPNG.readWhole(file.path) else { return nil }
    let layout = bytes.withUnsafeBytes {
      FastPNG.parse($0, maxDimension: PNGDecoder.defaultMaxDimension)
    }
    guard let layout else { return nil }
    let filtered = UnsafeMutableRawBufferPointer.allocate(
      byteCount: layout.filteredBytes, alignment: 16)
    let output = UnsafeMutablePointer<UInt8>.allocate(capacity: layout.rowBytes * layout.height)
    // Freed when the process ends: the bench makes a few.
    let inflate = {
      bytes.withUnsafeBytes { FastPNG.inflate($0, layout, into: filtered) }
    }
    guard inflate() else { return nil }
    let unfilter = {
      Unfilter.rows(
        UnsafePointer(filtered.baseAddress!.assumingMemoryBound(to: UInt8.self)), into: output,
        width: layout.width,
        height: layout.height, channels: layout.channels)
    }
    let reference = {
      Unfilter.reference(
        UnsafeRawBufferPointer(filtered), into: output, width: layout.width,
        height: layout.height, channels: layout.channels)
    }
    return (inflate, unfilter, reference)
  }
}
