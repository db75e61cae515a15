import Foundation
import IconRender
import Testing

/// What a terminal shows for text with SGR colour sequences, read back as pixels, so a preview
/// written in few colours can be compared with the icon it stands for.
///
/// Colours are xterm's: the 16 ANSI colours as `ColorQuantizer` knows them, the 256-colour cube
/// and grey ramp, and xterm's default colours, black text on white. Each cell becomes 2 × 2
/// pixels: a half block, a quadrant or a full block in its foreground, the rest in its background.
enum TerminalPixels {
  struct Colour: Equatable {
    var rgb: SIMD3<Double>
    /// The terminal's own colour (`39`/`49` or none set): what a transparent pixel may show.
    var isDefault: Bool
  }

  struct Cell {
    var glyph: Character
    var foreground: Colour
    var background: Colour
  }

  /// A grid of pixels, row by row.
  struct Pixels {
    var width: Int
    var height: Int
    var colours: [Colour]
  }

  static let defaultForeground = Colour(rgb: .zero, isDefault: true)
  static let defaultBackground = Colour(rgb: SIMD3(255, 255, 255), isDefault: true)

  /// The foreground's share of a cell, as [top left, top right, bottom left, bottom right].
  static let masks: [Character: [Bool]] = [
    " ": [false, false, false, false], "█": [true, true, true, true],
    "▀": [true, true, false, false], "▄": [false, false, true, true],
    "▌": [true, false, true, false], "▐": [false, true, false, true],
    "▘": [true, false, false, false], "▝": [false, true, false, false],
    "▖": [false, false, true, false], "▗": [false, false, false, true],
    "▚": [true, false, false, true], "▞": [false, true, true, false],
    "▙": [true, false, true, true], "▛": [true, true, true, false],
    "▜": [true, true, false, true], "▟": [false, true, true, true],
  ]

  /// Each line of `text` as the cells a terminal shows; escape sequences other than SGR are
  /// skipped. Every character is taken as one column wide (true of what previews write).
  static func cells(_ text: String) -> [[Cell]] {
    var rows: [[Cell]] = []
    var foreground = defaultForeground
    var background = defaultBackground
    var reverse = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var row: [Cell] = []
      let scalars = Array(line.unicodeScalars)
      var index = 0
      while index < scalars.count {
        guard scalars[index] == "\u{1B}" else {
          let glyph = Character(scalars[index])
          row.append(
            reverse
              ? Cell(glyph: glyph, foreground: background, background: foreground)
              : Cell(glyph: glyph, foreground: foreground, background: background))
          index += 1
          continue
        }
        var end = index + 1
        guard end < scalars.count, scalars[end] == "[" else {
          index = end
          continue
        }
        end += 1
        var parameters = ""
        while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) {
          parameters.unicodeScalars.append(scalars[end])
          end += 1
        }
        if end < scalars.count, scalars[end] == "m" {
          apply(
            parameters, foreground: &foreground, background: &background, reverse: &reverse)
        }
        index = end + 1
      }
      rows.append(row)
    }
    return rows
  }

  private static func apply(
    _ parameters: String, foreground: inout Colour, background: inout Colour, reverse: inout Bool
  ) {
    let numbers = parameters.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == ":" }
    ).map { Int($0) ?? 0 }
    var index = 0
    while index < numbers.count {
      let code = numbers[index]
      switch code {
      case 0:
        foreground = defaultForeground
        background = defaultBackground
        reverse = false
      case 7: reverse = true
      case 27: reverse = false
      case 30...37: foreground = palette(code - 30)
      case 90...97: foreground = palette(code - 90 + 8)
      case 40...47: background = palette(code - 40)
      case 100...107: background = palette(code - 100 + 8)
      case 39: foreground = defaultForeground
      case 49: background = defaultBackground
      case 38, 48:
        var colour: Colour?
        if index + 2 < numbers.count, numbers[index + 1] == 5 {
          colour = palette(numbers[index + 2])
          index += 2
        } else if index + 4 < numbers.count, numbers[index + 1] == 2 {
          colour = Colour(
            rgb: SIMD3(
              Double(numbers[index + 2]), Double(numbers[index + 3]), Double(numbers[index + 4])),
            isDefault: false)
          index += 4
        }
        if let colour {
          if code == 38 { foreground = colour } else { background = colour }
        }
      default: break
      }
      index += 1
    }
  }

  static func palette(_ index: Int) -> Colour {
    let (red, green, blue) = ColorQuantizer.rgb(ofIndex: UInt8(clamping: index))
    return Colour(rgb: SIMD3(Double(red), Double(green), Double(blue)), isDefault: false)
  }

  /// The `columns` × `rows` cells from (`top`, `left`) as pixels, 2 × 2 a cell; a cell past a
  /// line's end is a blank on the default colours. Throws on a glyph that is not a block.
  static func pixels(
    of cells: [[Cell]], top: Int = 0, left: Int = 0, columns: Int, rows: Int
  ) throws -> Pixels {
    let width = columns * 2
    var colours = [Colour](repeating: defaultBackground, count: width * rows * 2)
    for row in 0..<rows {
      for column in 0..<columns {
        let line = top + row < cells.count ? cells[top + row] : []
        let cell =
          left + column < line.count
          ? line[left + column]
          : Cell(glyph: " ", foreground: defaultForeground, background: defaultBackground)
        let mask = try #require(
          masks[cell.glyph], "not a block glyph: \(cell.glyph.debugDescription)")
        for (quarter, isForeground) in mask.enumerated() {
          let x = column * 2 + quarter % 2
          let y = row * 2 + quarter / 2
          colours[y * width + x] = isForeground ? cell.foreground : cell.background
        }
      }
    }
    return Pixels(width: width, height: rows * 2, colours: colours)
  }

  /// The mean error, 0-255 per channel, between `shown` and `icon` resized to the same pixels,
  /// over the pixels wholly inside the home-screen shape; and how many of those show a default
  /// colour (the terminal's black or white where the icon has a colour: stripes).
  static func error(of shown: Pixels, against icon: RGBAImage) -> (mean: Double, defaults: Int) {
    let reference = Downscale.resize(icon, width: shown.width, height: shown.height)
    let coverage = IconMask.coverage(width: shown.width, height: shown.height)
    var sum = 0.0
    var count = 0
    var defaults = 0
    for index in coverage.indices where coverage[index] >= 1 {
      let expected = SIMD3(
        Double(reference.pixels[index * 4]), Double(reference.pixels[index * 4 + 1]),
        Double(reference.pixels[index * 4 + 2]))
      let colour = shown.colours[index]
      let difference = expected - colour.rgb
      sum += (abs(difference.x) + abs(difference.y) + abs(difference.z)) / 3
      count += 1
      if colour.isDefault { defaults += 1 }
    }
    return (count == 0 ? .infinity : sum / Double(count), defaults)
  }

  /// chafa's drawing of `file` at `columns` × `rows` cells with `colors` colours and half
  /// blocks, the bound for iconpick's own. A missing chafa fails the test that needs it.
  static func chafa(
    _ file: URL, colors: Int, columns: Int, rows: Int, symbols: String = "half",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let chafa = try #require(
      ["/usr/bin/chafa", "/usr/local/bin/chafa"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "chafa is not installed, and it is this test's bound: run `make setup` (Debian package chafa)",
      sourceLocation: sourceLocation)
    let run = try runProcess(
      chafa,
      [
        "-c", "\(colors)", "--symbols", symbols, "--size", "\(columns)x\(rows)", "--font-ratio",
        "1/2", "--animate", "off", "--polite", "on", file.path,
      ])
    try #require(run.status == 0, "chafa failed: \(run.stderr)", sourceLocation: sourceLocation)
    return run.stdout
  }
}
