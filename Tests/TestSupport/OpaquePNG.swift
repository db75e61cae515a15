import Foundation
import IconRender

/// Opaque PNGs without an alpha channel (colour type 2, 8-bit RGB), as icon generators and
/// design tools export app icons and as App Store Connect wants the 1024 px one.
public enum OpaquePNG {
  /// A `side`×`side` image: `red`, a green ramp and a blue stripe, so no two rows are alike.
  public static func rgb(side: Int, red: UInt8) -> Data {
    let rowBytes = side * 3 + 1
    var raw = [UInt8](repeating: 0, count: side * rowBytes)  // each row's filter byte: none
    raw.withUnsafeMutableBufferPointer { raw in
      for y in 0..<side {
        let blue: UInt8 = y % 16 < 3 ? 255 : UInt8(y % 251)
        var offset = y * rowBytes + 1
        for x in 0..<side {
          raw[offset] = red
          raw[offset + 1] = UInt8(x * 255 / max(1, side - 1))
          raw[offset + 2] = blue
          offset += 3
        }
      }
    }
    var header: [UInt8] = []
    for value in [UInt32(side), UInt32(side)] { header += bigEndian(value) }
    header += [8, 2, 0, 0, 0]
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", header)
    png += chunk("IDAT", ZlibCompressor.compress(raw, level: 6) ?? stored(raw))
    png += chunk("IEND", [])
    return Data(png)
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }

  /// A zlib stream of stored blocks, where compression saves nothing.
  static func stored(_ raw: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, raw.count - offset)
      let last: UInt8 = offset + count == raw.count ? 1 : 0
      out += [
        last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF),
        UInt8(~count >> 8 & 0xFF),
      ]
      out += raw[offset..<(offset + count)]
      offset += count
    } while offset < raw.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in raw {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(b << 16 | a)
  }
}
