import IconCatalog

/// The chunk list of a PNG checked before libpng reads it, and the chunks iconpick has no use for
/// left out of what libpng is given.
///
/// libpng trusts a chunk's length: it allocates the whole chunk for a text chunk before reading
/// it, and on reading its "chunk data is too large" check is only a warning. A 145-byte PNG whose
/// tEXt chunk says 2 GB made it allocate 2 GB (2.0 GB resident) before the read failed. So
/// every chunk libpng would read must fit in the file (at most `FileLimits.png`), and the
/// ancillary chunks libpng's simplified API does not turn into pixels (text, time, physical
/// size, Exif, unknown ones) never reach it: the simplified API leaves them aside only after the
/// header, and the header is where they are.
enum PNGChunkList {
  /// The ancillary chunks that change the pixels libpng's simplified API gives, kept: the ones
  /// it reads the image with (pngread.c's `chunks_to_process`: bKGD, cHRM, gAMA, iCCP, sBIT,
  /// sRGB in 1.6.39; cICP and mDCV in later versions) and tRNS. Critical chunks (IHDR, PLTE,
  /// IDAT, IEND, CgBI, unknown ones libpng refuses) are always kept. Leaving the others out
  /// changes no pixel: the 135 PNGs of the corpus, the built apps and the Icon Composer exports that
  /// have some (eXIf, iTXt, pHYs, tEXt, tIME, cICP, caBX, iDOT) decode with libpng 1.6.39 to the
  /// same pixels (130) or the same error (5: CgBI files, and two over the test's size) with them
  /// and without.
  static let usedAncillary: Set<String> = [
    "bKGD", "cHRM", "cICP", "gAMA", "iCCP", "mDCV", "sBIT", "sRGB", "tRNS",
  ]

  /// How much of the file libpng reads.
  enum Extent {
    /// `png_image_begin_read`: the chunks before the image data, and the first IDAT's header.
    case header
    /// `png_image_finish_read` too: the IDAT chunks. The simplified API stops at the end of the
    /// image data (it never calls `png_read_end`), so nothing after them is checked.
    case image
  }

  /// `bytes` as libpng should read them: the same bytes when nothing is left out, else a copy
  /// without the unused ancillary chunks. Throws `.corruptPNG` naming the chunk when one that
  /// libpng would read runs past the end of the file.
  static func forLibpng(
    _ bytes: [UInt8], source: String, extent: Extent
  ) throws(IconRenderError) -> [UInt8] {
    let kept = try keptRanges(size: bytes.count, source: source, extent: extent) {
      Array(bytes[$0])
    }
    guard kept != [0..<bytes.count] else { return bytes }
    var filtered: [UInt8] = []
    filtered.reserveCapacity(kept.reduce(0) { $0 + $1.count })
    for range in kept { filtered += bytes[range] }
    return filtered
  }

  /// The same for a file of `size` bytes read with `read` (a range of the file's bytes, never
  /// past `size`): only the chunk headers and the kept chunks are read, so a header read stays
  /// a few reads whatever the file holds.
  static func forLibpng(
    size: Int, source: String, extent: Extent,
    read: (Range<Int>) throws(IconRenderError) -> [UInt8]
  ) throws(IconRenderError) -> [UInt8] {
    let kept = try keptRanges(size: size, source: source, extent: extent, read: read)
    let total = kept.reduce(0) { $0 + $1.count }
    guard total <= FileLimits.png.bytes else {
      throw .corruptPNG(
        file: source,
        reason:
          "libpng would read \(total) bytes of it, over the limit of \(FileLimits.png.bytes >> 20) MiB for a PNG"
      )
    }
    var filtered: [UInt8] = []
    filtered.reserveCapacity(total)
    for range in kept { filtered += try read(range) }
    return filtered
  }

  /// The parts of the file libpng is given, in order (adjacent ones joined).
  ///
  /// The walk stops, leaving the rest to libpng's own checks, at a chunk whose name is not four
  /// letters (libpng refuses it before reading its data), at an end that falls between chunks
  /// (libpng says the data ends early), at IEND and at the image data: for `.header`, libpng is
  /// given the first IDAT chunk's length and name and nothing after; for `.image`, the IDAT
  /// chunks (each checked) and everything after, as they are.
  private static func keptRanges(
    size: Int, source: String, extent: Extent,
    read: (Range<Int>) throws(IconRenderError) -> [UInt8]
  ) throws(IconRenderError) -> [Range<Int>] {
    var kept: [Range<Int>] = []
    func keep(_ range: Range<Int>) {
      if let last = kept.last, last.upperBound == range.lowerBound {
        kept[kept.count - 1] = last.lowerBound..<range.upperBound
      } else if !range.isEmpty {
        kept.append(range)
      }
    }
    /// The chunk at `offset` (its header `header`) must hold its data and CRC: where it ends.
    func end(of header: [UInt8], at offset: Int) throws(IconRenderError) -> Int {
      let declared =
        Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
      let follow = size - offset - 12
      guard declared <= follow else {
        let name = String(decoding: header[4..<8], as: UTF8.self)
        throw .corruptPNG(
          file: source,
          reason:
            "the data ends before the image does (its \(name) chunk at byte \(offset) declares "
            + "\(declared) bytes, \(max(0, follow)) follow)")
      }
      return offset + 12 + declared
    }
    func isName(_ header: [UInt8]) -> Bool {
      header[4..<8].allSatisfy { (65...90).contains($0) || (97...122).contains($0) }
    }
    let idat = Array("IDAT".utf8)
    var offset = min(8, size)
    keep(0..<offset)
    var seenHeader = false
    while size - offset >= 8 {
      let header = try read(offset..<offset + 8)
      // A file that shrank while read is left to libpng, which says the data ends early.
      guard header.count == 8, isName(header) else { break }
      if header[4..<8].elementsEqual(idat) {
        guard extent == .image else {
          keep(offset..<offset + 8)
          return kept
        }
        var next = offset
        var chunk = header
        while true {
          next = try end(of: chunk, at: next)
          guard size - next >= 8 else { break }
          chunk = try read(next..<next + 8)
          guard chunk.count == 8, chunk[4..<8].elementsEqual(idat) else { break }
        }
        break
      }
      let chunkEnd = try end(of: header, at: offset)
      let name = String(decoding: header[4..<8], as: UTF8.self)
      // Bit 5 of the first letter: ancillary. Whatever comes before IHDR stays, for libpng to
      // refuse.
      if !(seenHeader && header[4] & 0x20 != 0 && !usedAncillary.contains(name)) {
        keep(offset..<chunkEnd)
      }
      seenHeader = seenHeader || name == "IHDR"
      offset = chunkEnd
      if name == "IEND" { break }
    }
    keep(offset..<size)
    return kept
  }
}
