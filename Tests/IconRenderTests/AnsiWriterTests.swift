import Testing

@testable import IconRender

@Suite struct AnsiWriterTests {
  /// 2 × 2 pixels: red over blue, then green over nothing.
  static let pixels = RGBAImage(
    width: 2, height: 2,
    pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0])!

  func written(_ mode: ColorMode, ascii: Bool = false) -> String {
    let cells = ColorQuantizer.quantize(
      CellRaster.cells(from: Self.pixels), mode: mode, ascii: ascii)
    return AnsiWriter.ansi(cells, mode: mode)
  }

  @Test func truecolor() {
    #expect(
      written(.truecolor) == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[38;2;0;255;0;49m▀\u{1B}[0m\n"
    )
  }

  @Test func palette256() {
    #expect(written(.palette256) == "\u{1B}[38;5;196;48;5;21m▀\u{1B}[38;5;46;49m▀\u{1B}[0m\n")
  }

  @Test func palette16() {
    // Red -> 9 (bright, 101 as a background), blue -> 4 (xterm's 0,0,238; 104 would be
    // 92,92,255), green -> 10 (92). The lower number is the foreground: `▄` in blue on red.
    #expect(written(.palette16) == "\u{1B}[34;101m▄\u{1B}[92;49m▀\u{1B}[0m\n")
  }

  @Test func palette8() {
    // Only 30-37 and 40-47: red -> 1, blue -> 4, green -> 2 (xterm's 0,205,0).
    #expect(written(.palette8) == "\u{1B}[31;44m▀\u{1B}[32;49m▀\u{1B}[0m\n")
  }

  @Test func noColourWritesOnlyGlyphs() {
    // Red (OKLab L 0.63) over blue (0.45): mean 0.54, the third of four shades, the fifth of
    // nine characters; green (0.87) alone: the fourth shade, the eighth character.
    #expect(written(.none) == "▓█\n")
    #expect(written(.none, ascii: true) == "+%\n")
  }

  @Test func asciiWithColourUsesBackgroundSpaces() {
    #expect(
      written(.truecolor, ascii: true) == "\u{1B}[48;2;188;0;188m \u{1B}[48;2;0;255;0m \u{1B}[0m\n")
  }

  @Test func coloursRepeatOnlyWhenTheyChangeAndEachLineResets() {
    let same = IconCell(glyph: "▀", foreground: .indexed(9), background: .indexed(1))
    let image = CellImage(columns: 2, rows: 2, cells: [same, same, .blank, same])
    #expect(
      AnsiWriter.ansi(image, mode: .palette16)
        == "\u{1B}[91;41m▀▀\u{1B}[0m\n \u{1B}[91;41m▀\u{1B}[0m\n")
    #expect(
      AnsiWriter.ansi(image, mode: .palette256)
        == "\u{1B}[38;5;9;48;5;1m▀▀\u{1B}[0m\n \u{1B}[38;5;9;48;5;1m▀\u{1B}[0m\n")
  }
}
