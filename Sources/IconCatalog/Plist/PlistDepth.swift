import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How deep the arrays and dictionaries of an XML or old-style (ASCII) property list nest,
/// checked before Foundation parses it; binary plists are `BinaryPlistLimits`' (the same limit).
///
/// Real Info.plists and projects nest a handful of levels. Foundation refuses XML deeper than
/// 512 on its own and ASCII somewhere under 1,000 ("Unexpected character {"), and the line index
/// (`PlistLines`) walks what it is given: one limit, far above real files and checked in one
/// linear pass, says plainly what is wrong.
enum PlistDepth {
  /// The same as a binary plist's.
  static let maximum = BinaryPlistLimits.maximumDepth

  /// Why `data` is refused ("values nested more than 128 deep"), or nil (also for a binary
  /// plist, which `BinaryPlistLimits` checks).
  static func problem(_ data: Data) -> String? {
    guard !data.starts(with: Array("bplist".utf8)) else { return nil }
    let bytes = [UInt8](data)
    guard let first = bytes.first(where: { !isSpace($0) }) else { return nil }
    let depth =
      first == UInt8(ascii: "<") || first == 0xEF  // `<?xml`, `<plist`, or a byte-order mark
      ? xmlDepth(bytes) : asciiDepth(bytes)
    return depth > maximum ? "values nested more than \(maximum) deep" : nil
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The deepest nesting of `<dict>` and `<array>`, stopping once past the limit; comments,
  /// CDATA, processing instructions and the DOCTYPE are passed over (`Markup`).
  static func xmlDepth(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      let text = Markup(buffer)
      var depth = 0
      var deepest = 0
      var index = 0
      while let open = text.next("<", from: index) {
        let markup = text.skipMarkup(at: open)
        index = markup.next
        guard let tag = markup.tag else { continue }
        let name = text.tagName(tag)
        guard text.string(name.name) == "dict" || text.string(name.name) == "array" else {
          continue
        }
        if name.isClosing {
          depth = max(0, depth - 1)
        } else if !name.isEmpty {
          depth += 1
          deepest = max(deepest, depth)
          if deepest > maximum { return deepest }
        }
      }
      return deepest
    }
  }

  /// The deepest nesting of `{` and `(` in an old-style plist, outside quoted strings and
  /// comments, stopping once past the limit.
  static func asciiDepth(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { bytes in
      var depth = 0
      var deepest = 0
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        let following = index + 1 < count ? bytes[index + 1] : 0
        switch byte {
        case 0x22, 0x27:  // a quoted string, with backslash escapes
          index += 1
          while index < count && bytes[index] != byte {
            index += bytes[index] == 0x5C ? 2 : 1
          }
        case 0x2F where following == 0x2F:  // a // comment
          index = Markup(bytes).next("\n", from: index) ?? count
        case 0x2F where following == 0x2A:  // a /* comment */
          index = Markup(bytes).find("*/", from: index + 2).map { $0 + 1 } ?? count
        case 0x7B, 0x28:  // { (
          depth += 1
          deepest = max(deepest, depth)
          if deepest > maximum { return deepest }
        case 0x7D, 0x29:  // } )
          depth = max(0, depth - 1)
        default:
          break
        }
        index += 1
      }
      return deepest
    }
  }
}
