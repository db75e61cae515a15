/// A deflate stream (RFC 1951, one block of fixed Huffman codes) that inflates to `count` zero
/// bytes: one literal 0, then copies of 258 bytes from one byte back, then the rest as literals.
/// About 1/160 of the size it inflates to, so a test can hold a 255 MiB entry in 2 MB of zip.
/// The zip library under test inflates it; nothing here inflates.
enum ZeroDeflate {
  static func stream(count: Int) -> [UInt8] {
    var writer = BitWriter()
    writer.write(1, bits: 1)  // the last block
    writer.write(1, bits: 2)  // fixed Huffman codes
    var left = count
    if left > 0 {
      writer.code(0x30, length: 8)  // literal 0
      left -= 1
    }
    while left >= 258 {
      writer.code(0xC5, length: 8)  // length symbol 285: 258 bytes
      writer.code(0, length: 5)  // distance symbol 0: one byte back
      left -= 258
    }
    for _ in 0..<left { writer.code(0x30, length: 8) }
    writer.code(0, length: 7)  // end of block
    return writer.finish()
  }

  private struct BitWriter {
    var bytes: [UInt8] = []
    var pending: UInt64 = 0
    var count = 0

    /// `value`'s low `bits` bits, least significant first (header fields).
    mutating func write(_ value: UInt64, bits: Int) {
      pending |= value << UInt64(count)
      count += bits
      while count >= 8 {
        bytes.append(UInt8(truncatingIfNeeded: pending))
        pending >>= 8
        count -= 8
      }
    }

    /// A Huffman code, most significant bit first.
    mutating func code(_ code: UInt64, length: Int) {
      var reversed: UInt64 = 0
      for bit in 0..<length { reversed |= ((code >> UInt64(bit)) & 1) << UInt64(length - 1 - bit) }
      write(reversed, bits: length)
    }

    mutating func finish() -> [UInt8] {
      if count > 0 { bytes.append(UInt8(truncatingIfNeeded: pending)) }
      return bytes
    }
  }
}
