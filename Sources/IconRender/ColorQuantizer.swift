/// Maps the true colours of a preview to what a colour mode can show.
///
/// For 256 colours, the nearest in OKLab, where distance follows how different colours look
/// (RGB distance overrates greens and underrates blues). For 16 and 8, the nearest by the sum
/// of the sRGB channels' differences, as chafa picks by default: with so few colours, OKLab
/// trades lightness for hue (a pale blue becomes a saturated blue, not grey or white), and
/// the preview ends farther from the icon. On the demo app's 8 icons at 24×12 cells, the mean
/// error (0-255 per channel, inside the rounded square, FewColoursTests) is 41.6 at 8 colours
/// and 36.7 at 16, against OKLab's 44.2 and 41.8 and `chafa --symbols half`'s 51.5 and 52.5.
/// Dithering (Floyd-Steinberg, ordered) measured farther on these icons and on 25 others
/// (8 colours: 50-56 here, 36-47 there against 35.3), so there is none.
public enum ColorQuantizer {
  /// `image` in `mode`: truecolor leaves it as it is; 256, 16 and 8 pick palette entries (only
  /// ones the terminal has: 8 colours never use 8-15); none keeps only glyphs, shades `░▒▓█`
  /// by lightness, or with `ascii` the characters `.:-=+*#%@` (lightest last; a transparent
  /// cell stays blank). The terminal's default colours stay only where the icon is
  /// transparent.
  ///
  /// In 16 and 8 colours a half block whose two pixels both show is written with the lower
  /// palette number as the foreground (`▀` becomes `▄` with the colours swapped: the same
  /// pixels), so a picture needs at most 8·9/2 + 8 = 44 colour pairs in 8 colours: an 8-colour
  /// terminal often has only 64 (`pairs#64`), and curses draws a cell beyond them in the
  /// default colours.
  ///
  /// With `ascii` and a colour mode, half blocks are unavailable, so each cell becomes a space
  /// on the mean colour of its two pixels (averaged in linear light).
  public static func quantize(_ image: CellImage, mode: ColorMode, ascii: Bool = false)
    -> CellImage
  {
    var result = image
    var memo: [CellColor: CellColor] = [:]
    for index in result.cells.indices {
      var cell = result.cells[index]
      if mode == .none {
        result.cells[index] = shade(cell, ascii: ascii)
        continue
      }
      if ascii, cell.glyph == "▀" || cell.glyph == "▄" {
        let (top, bottom) = CellRaster.pixels(of: cell)
        let mean = mix([top, bottom].compactMap { $0 })
        cell = IconCell(
          glyph: " ", foreground: .terminalDefault, background: mean ?? .terminalDefault)
      }
      cell.foreground = map(cell.foreground, mode: mode, memo: &memo)
      cell.background = map(cell.background, mode: mode, memo: &memo)
      if mode == .palette16 || mode == .palette8, cell.glyph == "▀" || cell.glyph == "▄",
        case .indexed(let foreground) = cell.foreground,
        case .indexed(let background) = cell.background, foreground > background
      {
        cell = IconCell(
          glyph: cell.glyph == "▀" ? "▄" : "▀", foreground: cell.background,
          background: cell.foreground)
      }
      result.cells[index] = cell
    }
    return result
  }

  /// The nearest of the 240 stable colours (16-255) to an sRGB colour, in OKLab.
  public static func nearest256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    UInt8(16 + nearest(ColorSpace.oklab(red, green, blue), in: stableLab))
  }

  /// The nearest of the 16 ANSI colours (xterm's values) to an sRGB colour: the least sum of
  /// the channels' differences, ties to the lower number.
  public static func nearest16(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    nearestANSI(red, green, blue, count: 16)
  }

  /// The same among the first 8, the colours an 8-colour terminal has.
  public static func nearest8(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
    nearestANSI(red, green, blue, count: 8)
  }

  private static func nearestANSI(_ red: UInt8, _ green: UInt8, _ blue: UInt8, count: Int)
    -> UInt8
  {
    var best = 0
    var bestDistance = Int.max
    for index in 0..<count {
      let (r, g, b) = ansiRGB[index]
      let distance =
        abs(Int(r) - Int(red)) + abs(Int(g) - Int(green)) + abs(Int(b) - Int(blue))
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return UInt8(best)
  }

  /// The sRGB value of a palette entry: xterm's defaults for 0-15, the standard cube and
  /// grey ramp for 16-255.
  public static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
    switch index {
    case 0..<16: return ansiRGB[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    default:
      let grey = UInt8(8 + 10 * (Int(index) - 232))
      return (grey, grey, grey)
    }
  }

  /// xterm's 16 colours: black, red, green, yellow, blue, magenta, cyan, white, then bright.
  static let ansiRGB: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

  /// Entries 16-255, in index order.
  private static let stableLab: [SIMD3<Double>] = (16...255).map {
    let (red, green, blue) = rgb(ofIndex: UInt8($0))
    return ColorSpace.oklab(red, green, blue)
  }

  /// The first entry at the least distance (so ties go to the lower index).
  private static func nearest(_ lab: SIMD3<Double>, in palette: [SIMD3<Double>]) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for (index, entry) in palette.enumerated() {
      let difference = entry - lab
      let distance = (difference * difference).sum()
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }

  private static func map(_ color: CellColor, mode: ColorMode, memo: inout [CellColor: CellColor])
    -> CellColor
  {
    if let known = memo[color] { return known }
    let mapped: CellColor
    switch (mode, color) {
    case (_, .terminalDefault), (.truecolor, _), (.none, _): mapped = color
    case (.palette256, .rgb(let red, let green, let blue)):
      mapped = .indexed(nearest256(red, green, blue))
    case (.palette256, .indexed): mapped = color
    case (.palette16, .rgb(let red, let green, let blue)):
      mapped = .indexed(nearest16(red, green, blue))
    case (.palette16, .indexed(let index)):
      let (red, green, blue) = rgb(ofIndex: index)
      mapped = index < 16 ? color : .indexed(nearest16(red, green, blue))
    case (.palette8, .rgb(let red, let green, let blue)):
      mapped = .indexed(nearest8(red, green, blue))
    case (.palette8, .indexed(let index)):
      let (red, green, blue) = rgb(ofIndex: index)
      mapped = index < 8 ? color : .indexed(nearest8(red, green, blue))
    }
    memo[color] = mapped
    return mapped
  }

  private static func components(_ color: CellColor) -> (UInt8, UInt8, UInt8)? {
    switch color {
    case .terminalDefault: nil
    case .rgb(let red, let green, let blue): (red, green, blue)
    case .indexed(let index): rgb(ofIndex: index)
    }
  }

  /// The mean of colours in linear light, as sRGB; nil for none.
  private static func mix(_ colors: [CellColor]) -> CellColor? {
    let known = colors.compactMap(components)
    guard !known.isEmpty else { return nil }
    let table = ColorSpace.srgbToLinear
    var sum = SIMD3<Double>.zero
    for (red, green, blue) in known {
      sum += SIMD3(Double(table[Int(red)]), Double(table[Int(green)]), Double(table[Int(blue)]))
    }
    let mean = sum / Double(known.count)
    return .rgb(
      ColorSpace.encodeByte(mean.x), ColorSpace.encodeByte(mean.y), ColorSpace.encodeByte(mean.z))
  }

  static let shades: [Character] = ["░", "▒", "▓", "█"]
  static let asciiShades: [Character] = [".", ":", "-", "=", "+", "*", "#", "%", "@"]

  /// A colourless cell: the shade of its shown pixels' mean OKLab lightness. The darkest shade
  /// still draws something, so dark parts of an icon keep its outline.
  private static func shade(_ cell: IconCell, ascii: Bool) -> IconCell {
    let (top, bottom) = CellRaster.pixels(of: cell)
    let shown = [top, bottom].compactMap { $0 }.compactMap(components)
    guard !shown.isEmpty else {
      // Already colourless (a shade, a placeholder's letter): keep the glyph.
      let glyph = cell.glyph == "▀" || cell.glyph == "▄" ? " " : cell.glyph
      return IconCell(glyph: glyph, foreground: .terminalDefault, background: .terminalDefault)
    }
    let lightness =
      shown.map { ColorSpace.oklab($0.0, $0.1, $0.2).x }.reduce(0, +) / Double(shown.count)
    let ramp = ascii ? asciiShades : shades
    let step = min(ramp.count - 1, max(0, Int(lightness * Double(ramp.count))))
    return IconCell(glyph: ramp[step], foreground: .terminalDefault, background: .terminalDefault)
  }
}
