import Foundation
import IconRender

/// Reads back what the encoders (TerminalGraphics) and `show` write, into pixels, so tests
/// compare them with the image.
public enum ImageDecoding {
  /// The kitty escapes in `bytes`: the first one's keys, and the payload of all chunks joined.
  public static func kitty(_ bytes: [UInt8]) -> (
    keys: [String: String], image: RGBAImage?, chunks: Int
  ) {
    let text = String(decoding: bytes, as: UTF8.self)
    var keys: [String: String] = [:]
    var payload = ""
    var chunks = 0
    for piece in text.components(separatedBy: "\u{1B}_G").dropFirst() {
      guard let end = piece.range(of: "\u{1B}\\") else { continue }
      let body = piece[..<end.lowerBound]
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      if chunks == 0 {
        for pair in parts[0].split(separator: ",") {
          let kv = pair.split(separator: "=", maxSplits: 1)
          if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
        }
      }
      if parts.count == 2 { payload += parts[1] }
      chunks += 1
    }
    guard let data = Data(base64Encoded: payload), let width = keys["s"].flatMap(Int.init),
      let height = keys["v"].flatMap(Int.init)
    else { return (keys, nil, chunks) }
    // o=z: zlib-compressed before base64.
    let pixels =
      keys["o"] == "z"
      ? ZlibCompressor.decompress([UInt8](data), size: width * height * 4) : [UInt8](data)
    return (keys, pixels.flatMap { RGBAImage(width: width, height: height, pixels: $0) }, chunks)
  }

  /// iTerm2's `OSC 1337 ; File=ARGS : base64 BEL`: the arguments and the PNG decoded.
  public static func iterm(_ bytes: [UInt8]) -> (arguments: [String: String], image: RGBAImage?) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let start = text.range(of: "\u{1B}]1337;File="),
      let colon = text[start.upperBound...].firstIndex(of: ":"),
      let end = text[colon...].firstIndex(of: "\u{07}")
    else { return ([:], nil) }
    var arguments: [String: String] = [:]
    for pair in text[start.upperBound..<colon].split(separator: ";") {
      let kv = pair.split(separator: "=", maxSplits: 1)
      if kv.count == 2 { arguments[String(kv[0])] = String(kv[1]) }
    }
    guard let data = Data(base64Encoded: String(text[text.index(after: colon)..<end])) else {
      return (arguments, nil)
    }
    if let size = arguments["size"], Int(size) != data.count { return (arguments, nil) }
    return (arguments, try? PNGDecoder.decode(data: [UInt8](data), source: "iTerm2 payload"))
  }

  /// A sixel image (`ESC P p1;p2;p3 q … ESC \`): its DCS parameters and the pixels it paints;
  /// pixels it leaves alone have alpha 0. The size is the raster attributes' (`"1;1;W;H`).
  public static func sixel(_ bytes: [UInt8]) -> (parameters: [Int], image: RGBAImage?) {
    guard
      let start = bytes.indices.dropLast().first(where: {
        bytes[$0] == 0x1B && bytes[$0 + 1] == UInt8(ascii: "P")
      }),
      let q = bytes[start...].firstIndex(of: UInt8(ascii: "q"))
    else { return ([], nil) }
    let parameters = String(decoding: bytes[(start + 2)..<q], as: UTF8.self)
      .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var index = q + 1
    func number() -> Int {
      var value = 0
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      return value
    }
    var width = 0
    var height = 0
    var palette: [Int: (UInt8, UInt8, UInt8)] = [:]
    var color = 0
    var x = 0
    var y = 0
    var pixels: [UInt8] = []
    func paint(_ code: UInt8, count: Int) {
      let bits = Int(code) - 63
      for _ in 0..<count {
        for bit in 0..<6 where bits >> bit & 1 == 1 {
          let row = y + bit
          guard x < width, row < height, let rgb = palette[color] else { continue }
          let offset = (row * width + x) * 4
          pixels[offset] = rgb.0
          pixels[offset + 1] = rgb.1
          pixels[offset + 2] = rgb.2
          pixels[offset + 3] = 255
        }
        x += 1
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        index = bytes.count
      case UInt8(ascii: "\""):
        index += 1
        var values: [Int] = []
        repeat {
          values.append(number())
          if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 } else { break }
        } while true
        if values.count == 4 {
          width = values[2]
          height = values[3]
          pixels = [UInt8](repeating: 0, count: width * height * 4)
        }
      case UInt8(ascii: "#"):
        index += 1
        color = number()
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") {
          var values: [Int] = []
          while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            values.append(number())
          }
          if values.count == 4, values[0] == 2 {
            func channel(_ percent: Int) -> UInt8 { UInt8(min(255, (percent * 255 + 50) / 100)) }
            palette[color] = (channel(values[1]), channel(values[2]), channel(values[3]))
          }
        }
      case UInt8(ascii: "!"):
        index += 1
        let count = number()
        if index < bytes.count {
          paint(bytes[index], count: count)
          index += 1
        }
      case UInt8(ascii: "$"):
        x = 0
        index += 1
      case UInt8(ascii: "-"):
        x = 0
        y += 6
        index += 1
      case 63...126:
        paint(byte, count: 1)
        index += 1
      default:
        index += 1
      }
    }
    guard width > 0, height > 0 else { return (parameters, nil) }
    return (parameters, RGBAImage(width: width, height: height, pixels: pixels))
  }

  /// The mean difference (0–255) over the colour channels of the pixels `reference` paints
  /// (alpha ≥ 128), and how many pixels `decoded` paints where `reference` is transparent.
  public static func compare(_ decoded: RGBAImage, with reference: RGBAImage) -> (
    meanError: Double, paintedOutside: Int
  ) {
    precondition(decoded.width == reference.width && decoded.height == reference.height)
    var total = 0.0
    var count = 0
    var outside = 0
    for offset in stride(from: 0, to: reference.pixels.count, by: 4) {
      if reference.pixels[offset + 3] < 128 {
        if decoded.pixels[offset + 3] != 0 { outside += 1 }
        continue
      }
      count += 1
      if decoded.pixels[offset + 3] == 0 {
        total += 255
        continue
      }
      for channel in 0..<3 {
        total +=
          abs(Double(decoded.pixels[offset + channel]) - Double(reference.pixels[offset + channel]))
          / 3
      }
    }
    return (count == 0 ? 0 : total / Double(count), outside)
  }

  /// A test picture: gradients and a thin stripe, cut to the home-screen shape.
  public static func sample(width: Int, height: Int) -> RGBAImage {
    IconMask.apply(to: opaqueSample(width: width, height: height))
  }

  /// The same gradients, opaque to the edges (no rounded square).
  public static func opaqueSample(width: Int, height: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let offset = (y * width + x) * 4
        pixels[offset] = UInt8(x * 255 / max(1, width - 1))
        pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
        pixels[offset + 2] = x % 16 < 3 ? 255 : 64
        pixels[offset + 3] = 255
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)!
  }
}
