import FoundationEssentials
import IconCatalog
import IconRender

/// The unsafe fixes, which change artwork: an image flattened onto a background, an image
/// resampled to the size its slot asks for. Each PNG is rewritten in place, as RGB when opaque.
enum ArtworkFixes {
  static func flattenAlpha(file path: String, background: String?, context: EditContext)
    throws(EditError) -> EditPlan
  {
    let file = URL(fileURLWithPath: path)
    // A background that is no colour is refused whatever the image: the same option goes to
    // every fix of a run.
    let given = try background.map { text throws(EditError) in
      guard let parsed = parseHex(text) else {
        throw .unsupported(
          file: path, reason: "the background \"\(text)\" is not a colour written #RRGGBB")
      }
      return parsed
    }
    let source = try FixPlanner.loadPNG(file)
    let image = source.image
    let name = file.lastPathComponent
    let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy {
      image.pixels[$0] == 255
    }
    if opaque && !IconImageInput.pngHasAlphaChannel(source.bytes) {
      return FixPlanner.nothingToDo(context, name: name, "\(name) has no alpha channel")
    }
    let colour: (r: UInt8, g: UInt8, b: UInt8)
    let described: String
    if let given {
      colour = given
      described = "onto \(hex(given))"
    } else {
      guard let edge = edgeColour(image) else {
        throw .unsupported(
          file: path,
          reason:
            "its edge is fully transparent, so it has no colour of its own to flatten onto: give --background #RRGGBB"
        )
      }
      colour = edge
      described = "onto its edge colour \(hex(edge))"
    }
    var pixels = image.pixels
    for offset in stride(from: 0, to: pixels.count, by: 4) {
      let alpha = Int(pixels[offset + 3])
      guard alpha != 255 else { continue }
      for (channel, back) in [(0, colour.r), (1, colour.g), (2, colour.b)] {
        let blended = Int(pixels[offset + channel]) * alpha + Int(back) * (255 - alpha)
        pixels[offset + channel] = UInt8((blended + 127) / 255)
      }
      pixels[offset + 3] = 255
    }
    guard let flattened = RGBAImage(width: image.width, height: image.height, pixels: pixels) else {
      throw .badImage(file: path, reason: "its pixels cannot be copied")
    }
    let bytes: [UInt8]
    do {
      bytes = try PNGMemoryEncoder.encodeForFile(flattened)
    } catch {
      throw .badImage(file: path, reason: "cannot be encoded: \(error)")
    }
    var files = PlannedFiles(root: context.places.root)
    let summary = "flattened \(described), written without alpha"
    try files.edit(file, to: bytes, summary)
    return FixPlanner.plan(files, form: "\(name) \(summary)", name: name)
  }

  static func resample(file path: String, pixels side: Int, context: EditContext)
    throws(EditError) -> EditPlan
  {
    let file = URL(fileURLWithPath: path)
    let source = try FixPlanner.loadPNG(file)
    let image = source.image
    let name = file.lastPathComponent
    if image.width == side && image.height == side {
      return FixPlanner.nothingToDo(context, name: name, "\(name) is \(side)×\(side) px")
    }
    guard image.width == image.height else {
      throw .unsupported(
        file: path,
        reason:
          "it is \(image.width)×\(image.height) px, not square: resampling would distort it; crop it first"
      )
    }
    guard side >= 1, side < image.width else {
      throw .unsupported(
        file: path,
        reason:
          "it is \(image.width)×\(image.height) px, smaller than \(side)×\(side), and iconpick never enlarges an image: export it at \(side)×\(side)"
      )
    }
    let bytes = try FixPlanner.pngBytes(source, file: file, side: side)
    var files = PlannedFiles(root: context.places.root)
    let summary = "resampled from \(image.width)×\(image.height) to \(side)×\(side) px"
    try files.edit(file, to: bytes, summary)
    return FixPlanner.plan(files, form: "\(name) \(summary)", name: name)
  }

  /// `#RRGGBB` (or without `#`).
  static func parseHex(_ text: String) -> (r: UInt8, g: UInt8, b: UInt8)? {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16)
    else { return nil }
    return (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }

  static func hex(_ colour: (r: UInt8, g: UInt8, b: UInt8)) -> String {
    "#" + [colour.r, colour.g, colour.b].map { String(printf: "%02X", $0) }.joined()
  }

  /// The mean colour of the opaque pixels on the image's edge; nil when none is opaque.
  static func edgeColour(_ image: RGBAImage) -> (r: UInt8, g: UInt8, b: UInt8)? {
    var sums = (r: 0, g: 0, b: 0)
    var count = 0
    func add(_ x: Int, _ y: Int) {
      let pixel = image.pixel(x: x, y: y)
      guard pixel.a == 255 else { return }
      sums.r += Int(pixel.r)
      sums.g += Int(pixel.g)
      sums.b += Int(pixel.b)
      count += 1
    }
    for x in 0..<image.width {
      add(x, 0)
      if image.height > 1 { add(x, image.height - 1) }
    }
    if image.height > 2 {
      for y in 1..<(image.height - 1) {
        add(0, y)
        if image.width > 1 { add(image.width - 1, y) }
      }
    }
    guard count > 0 else { return nil }
    return (
      UInt8((sums.r + count / 2) / count), UInt8((sums.g + count / 2) / count),
      UInt8((sums.b + count / 2) / count)
    )
  }
}
