/// Deflate streams (RFC 1951, one block of fixed Huffman codes) that inflate to far more than
/// they hold: a zip bomb's entry, a decompression-bomb PNG's pixels. A test holds a 255 MiB entry
/// in 1.7 MB; the library under test inflates it, nothing here does. Shared by IconArchiveTests
/// and iconpickTests (linked), the one writer of such streams.
enum ZeroDeflate {
  /// A raw deflate stream (one fixed-Huffman block) of `prefix` followed by `count` zero bytes:
  /// a literal zero, then copies of 258 bytes at distance 1, 13 bits each (255 MiB in 1.7 MB).
  static func stream(prefix: [UInt8] = [], count zeros: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, 1)  // BFINAL
    bits.write(1, 2)  // BTYPE 01: fixed Huffman codes
    for byte in prefix { bits.literal(byte) }
    if zeros > 0 {
      bits.literal(0)
      var left = zeros - 1
      // Length code 285 (258 bytes) is 11000101; distance code 0 (distance 1) is 00000.
      let copy = BitWriter.reversed(0xC5, 8)
      let copies = left / 258
      left -= copies * 258
      // Eight copies are 104 bits, 13 whole bytes: past the first two groups every group of
      // eight writes the same 13 bytes, so they are repeated instead of written bit by bit.
      var done = 0
      while done < min(copies, 16) {
        bits.write(copy, 13)
        done += 1
      }
      if copies - done >= 8 {
        let groups = (copies - done) / 8
        bits.repeatLastBytes(13, times: groups)
        done += groups * 8
      }
      while done < copies {
        bits.write(copy, 13)
        done += 1
      }
      for _ in 0..<left { bits.literal(0) }
    }
    bits.write(0, 7)  // end of block (256)
    return bits.finish()
  }
}

/// Bits written least significant first, as deflate packs them.
private struct BitWriter {
  private var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var count = 0

  mutating func write(_ value: UInt64, _ bits: Int) {
    buffer |= value << UInt64(count)
    count += bits
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
  }

  /// A literal byte in the fixed Huffman code (Huffman codes go most significant bit first).
  mutating func literal(_ byte: UInt8) {
    if byte < 144 {
      write(Self.reversed(0x30 + UInt64(byte), 8), 8)
    } else {
      write(Self.reversed(0x190 + UInt64(byte) - 144, 9), 9)
    }
  }

  static func reversed(_ code: UInt64, _ bits: Int) -> UInt64 {
    var out: UInt64 = 0
    for bit in 0..<bits where code & (1 << UInt64(bit)) != 0 { out |= 1 << UInt64(bits - 1 - bit) }
    return out
  }

  /// Appends the last `count` bytes written `times` more times (the pending bits stay as they
  /// are: right for a pattern of whole bytes that left them so).
  mutating func repeatLastBytes(_ count: Int, times: Int) {
    let pattern = Array(bytes.suffix(count))
    bytes.reserveCapacity(bytes.count + count * times)
    for _ in 0..<times { bytes += pattern }
  }

  mutating func finish() -> [UInt8] {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    buffer = 0
    count = 0
    return bytes
  }
}
