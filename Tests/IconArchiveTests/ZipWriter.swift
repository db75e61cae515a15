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
    /// A deflate stream written as it is, with the CRC of what it inflates to (`data` is then
    /// unused, and `declaredSize` must be given).
    var stream: (bytes: [UInt8], crc: UInt32)? = nil
    /// Marked a Unix symbolic link in the central directory (its data is the link's target).
    var symbolicLink = false
  }

  var entries: [Entry] = []

  mutating func add(
    _ name: String, _ data: [UInt8], deflate: Bool = false, declaredSize: Int? = nil
  ) {
    entries.append(Entry(name: name, data: data, deflate: deflate, declaredSize: declaredSize))
  }

  mutating func add(_ name: String, _ text: String) { add(name, Array(text.utf8)) }

  /// An entry of `count` zero bytes, deflated (a 255 MiB entry takes under 2 MB); `crc` is the
  /// CRC-32 of those zeros, checked only when the whole entry is inflated.
  mutating func addZeros(_ name: String, count: Int, crc: UInt32 = 0) {
    var entry = Entry(name: name, data: [], declaredSize: count)
    entry.stream = (ZeroDeflate.stream(count: count), crc)
    entries.append(entry)
  }

  /// An entry whose deflate stream is given (a zip bomb's), declaring `size` bytes.
  mutating func add(_ name: String, stream: [UInt8], crc: UInt32, size: Int) {
    var entry = Entry(name: name, data: [], declaredSize: size)
    entry.stream = (stream, crc)
    entries.append(entry)
  }

  /// A Unix symbolic link named `name` leading to `target`.
  mutating func addLink(_ name: String, to target: String) {
    var entry = Entry(name: name, data: Array(target.utf8))
    entry.symbolicLink = true
    entries.append(entry)
  }

  mutating func addSymlink(_ name: String, to target: String) { addLink(name, to: target) }

  func bytes() -> [UInt8] {
    var out: [UInt8] = []
    var central: [UInt8] = []
    for entry in entries {
      let stored =
        entry.stream?.bytes ?? (entry.deflate ? Self.storedBlocks(entry.data) : entry.data)
      let crc = entry.stream?.crc ?? Self.crc32(entry.data)
      let size = entry.declaredSize ?? entry.data.count
      let name = Array(entry.name.utf8)
      let method: Int = entry.deflate || entry.stream != nil ? 8 : 0
      // Made on Unix (3) for a link, whose mode (S_IFLNK | 0777) is in the external attributes.
      let madeBy = entry.symbolicLink ? 0x0314 : 20
      let external = entry.symbolicLink ? 0o120777 << 16 : 0
      let offset = out.count
      out += Self.le32(0x0403_4B50) + Self.le16(20) + Self.le16(0) + Self.le16(method)
      out += Self.le16(0) + Self.le16(0x21) + Self.le32(Int(crc)) + Self.le32(stored.count)
      out += Self.le32(size) + Self.le16(name.count) + Self.le16(0) + name + stored
      central += Self.le32(0x0201_4B50) + Self.le16(madeBy) + Self.le16(20) + Self.le16(0)
      central += Self.le16(method) + Self.le16(0) + Self.le16(0x21) + Self.le32(Int(crc))
      central += Self.le32(stored.count) + Self.le32(size) + Self.le16(name.count)
      central += Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le32(external)
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
