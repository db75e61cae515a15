import Foundation

/// The bytes of the hostile artifacts that no writer of the project makes: a deflate stream of
/// a long run of zeros (what a zip bomb or a decompression-bomb PNG holds), its checksums
/// without walking the run, and PNG files around it.
enum HostileBytes {
  /// A zlib stream (header, `ZeroDeflate.stream`, Adler-32) of `prefix` and `zeros` zero bytes.
  static func zlib(prefix: [UInt8] = [], zeros: Int) -> [UInt8] {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in prefix {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    b = UInt32((UInt64(b) + UInt64(zeros % 65521) * UInt64(a)) % 65521)
    return [0x78, 0x01] + ZeroDeflate.stream(prefix: prefix, count: zeros) + big32(Int(b << 16 | a))
  }

  static let crcTable: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
  }

  /// CRC-32 (zip's and PNG's) of `bytes` followed by `zeros` zero bytes; the zeros through the
  /// matrix of one zero bit raised to their number (zlib's crc32_combine), not byte by byte.
  static func crc32(_ bytes: [UInt8], zeros: Int = 0) -> UInt32 {
    var register: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      register = crcTable[Int((register ^ UInt32(byte)) & 0xFF)] ^ (register >> 8)
    }
    var matrix = [UInt32](repeating: 0, count: 32)
    matrix[0] = 0xEDB8_8320
    for row in 1..<32 { matrix[row] = 1 << (row - 1) }
    func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
      var sum: UInt32 = 0
      var vector = vector
      var row = 0
      while vector != 0 {
        if vector & 1 != 0 { sum ^= matrix[row] }
        vector >>= 1
        row += 1
      }
      return sum
    }
    var count = zeros * 8
    while count > 0 {
      if count & 1 != 0 { register = times(matrix, register) }
      matrix = matrix.map { times(matrix, $0) }
      count >>= 1
    }
    return ~register
  }

  static func big32(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return big32(data.count) + typed + big32(Int(crc32(typed)))
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The bytes a PNG's pixels come to before compression: a filter byte and the RGBA samples of
  /// each row, of each of Adam7's seven passes when interlaced.
  static func rawSize(width: Int, height: Int, interlaced: Bool) -> Int {
    guard interlaced else { return height * (1 + width * 4) }
    let passes = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    return passes.reduce(0) { total, pass in
      let columns = (width - pass.0 + pass.2 - 1) / pass.2
      let rows = (height - pass.1 + pass.3 - 1) / pass.3
      return total + (columns > 0 && rows > 0 ? rows * (1 + columns * 4) : 0)
    }
  }

  /// An RGBA PNG of `width`×`height` whose IDAT inflates to `rawBytes` zeros (all of its pixels,
  /// transparent black, by default); a CgBI PNG (Apple's: raw deflate) when `cgbi`.
  static func png(
    width: Int, height: Int, interlaced: Bool = false, cgbi: Bool = false, rawBytes: Int? = nil
  ) -> [UInt8] {
    let raw = rawBytes ?? rawSize(width: width, height: height, interlaced: interlaced)
    var out = signature
    if cgbi { out += chunk("CgBI", [0x50, 0x00, 0x20, 0x06]) }
    out += chunk("IHDR", big32(width) + big32(height) + [8, 6, 0, 0, interlaced ? 1 : 0])
    out += chunk("IDAT", cgbi ? ZeroDeflate.stream(count: raw) : zlib(zeros: raw))
    return out + chunk("IEND", [])
  }

  /// What `make fuzz`'s pngdiff target found: a 145-byte 4×4 PNG whose tEXt chunk says it
  /// holds 2,113,929,229 bytes. libpng allocated them (2.0 GB resident, 3.6 s for `show`, 9.6 s
  /// for `check`) before finding the file ends; its chunk list is now checked first.
  static let damagedTextChunk = [UInt8](
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpfgAADXRFWHRTb2Z0d5+NmwNzZWVkX2ybkQAAAD9JREFUeJwBNADL/wAAJUpvlLneAyhNcpcBCzBVeumfxA4zWH2iAhY7YIWqz/QZPmOIrQMhRmuQtdr/JEluk7j7FRVHSy5+mQAAAABJRU5ErkJggg=="
    )!)

  /// A small honest RGBA PNG (opaque grey), for the icons around the hostile parts.
  static func smallPNG(_ side: Int) -> [UInt8] {
    var raw: [UInt8] = []
    for _ in 0..<side { raw += [0] + [UInt8](repeating: 0x80, count: side * 4) }
    var out = signature
    out += chunk("IHDR", big32(side) + big32(side) + [8, 6, 0, 0, 0])
    // Stored deflate blocks in a zlib stream: a valid PNG without a compressor.
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    out += chunk("IDAT", [0x78, 0x01] + ZipWriter.storedBlocks(raw) + big32(Int(b << 16 | a)))
    return out + chunk("IEND", [])
  }
}
