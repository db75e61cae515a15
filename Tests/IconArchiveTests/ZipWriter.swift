import Foundation

/// Writes small zip archives for the tests: entries stored, or "deflated" as deflate stored
/// blocks (a valid deflate stream libzip inflates), with sizes that may lie.
struct ZipWriter {
  struct Entry {
    var name: String
    var data: [UInt8]
    var deflate = false
    /// The uncompressed size written in the headers; the real one when nil.
    var declaredSize: Int?
    /// A deflate stream made elsewhere and the CRC-32 of what it inflates to; `data` is then
    /// unused and `declaredSize` is the size written.
    var precompressed: (stream: [UInt8], crc: UInt32)? = nil
    /// A Unix mode for the central directory (`0o120777` makes the entry a symbolic link).
    var unixMode: Int? = nil
  }

  var entries: [Entry] = []

  mutating func add(
    _ name: String, _ data: [UInt8], deflate: Bool = false, declaredSize: Int? = nil
  ) {
    entries.append(Entry(name: name, data: data, deflate: deflate, declaredSize: declaredSize))
  }

  mutating func add(_ name: String, _ text: String) { add(name, Array(text.utf8)) }

  /// An entry whose deflate stream is given (a zip bomb's), declaring `size` bytes.
  mutating func add(_ name: String, stream: [UInt8], crc: UInt32, size: Int) {
    entries.append(
      Entry(name: name, data: [], deflate: true, declaredSize: size, precompressed: (stream, crc)))
  }

  /// A symbolic link entry, as zip(1) stores one: the target's text, Unix mode 0o120777.
  mutating func addSymlink(_ name: String, to target: String) {
    entries.append(Entry(name: name, data: Array(target.utf8), unixMode: 0o120777))
  }

  func bytes() -> [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let stored =
        entry.precompressed?.stream ?? (entry.deflate ? Self.storedBlocks(entry.data) : entry.data)
      let crc = entry.precompressed?.crc ?? Self.crc32(entry.data)
      let size = entry.declaredSize ?? entry.data.count
      let name = Array(entry.name.utf8)
      let method: Int = entry.deflate ? 8 : 0
      let offset = out.count
      out += Self.le32(0x0403_4B50) + Self.le16(20) + Self.le16(0) + Self.le16(method)
      out += Self.le16(0) + Self.le16(0x21) + Self.le32(Int(crc)) + Self.le32(stored.count)
      out += Self.le32(size) + Self.le16(name.count) + Self.le16(0) + name + stored
      // Made by Unix (3) when the entry has a mode, else MS-DOS.
      let madeBy = entry.unixMode == nil ? 20 : 0x0314
      central += Self.le32(0x0201_4B50) + Self.le16(madeBy) + Self.le16(20) + Self.le16(0)
      central += Self.le16(method) + Self.le16(0) + Self.le16(0x21) + Self.le32(Int(crc))
      central += Self.le32(stored.count) + Self.le32(size) + Self.le16(name.count)
      central += Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0)
      central += Self.le32((entry.unixMode ?? 0) << 16)
      central += Self.le32(offset) + name
    }
    let directory = out.count
    out += central
    out += Self.le32(0x0605_4B50) + Self.le16(0) + Self.le16(0) + Self.le16(entries.count)
    out += Self.le16(entries.count) + Self.le32(central.count) + Self.le32(directory) + Self.le16(0)
    return out
  }

  static func storedBlocks(_ data: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = []
    var offset = 0
    repeat {
      let count = min(65535, data.count - offset)
      let last: UInt8 = offset + count == data.count ? 1 : 0
      stream += [last, UInt8(count & 0xFF), UInt8(count >> 8)]
      stream += [UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      stream += data[offset..<offset + count]
      offset += count
    } while offset < data.count
    return stream
  }

  static func le32(_ value: Int) -> [UInt8] {
    [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
  static func le16(_ value: Int) -> [UInt8] {
    [0, 8].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
