import Testing

@testable import IconRender

@Suite struct ColorQuantizerTests {
  static let levels: [UInt8] = [0, 95, 135, 175, 215, 255]

  @Test func everyCubeColourMapsToItsOwnIndex() {
    for r in 0..<6 {
      for g in 0..<6 {
        for b in 0..<6 {
          let index = ColorQuantizer.nearest256(Self.levels[r], Self.levels[g], Self.levels[b])
          #expect(index == UInt8(16 + 36 * r + 6 * g + b))
        }
      }
    }
  }

  @Test func everyGreyOfTheRampMapsToItsOwnIndex() {
    for k in 0..<24 {
      let grey = UInt8(8 + 10 * k)
      #expect(ColorQuantizer.nearest256(grey, grey, grey) == UInt8(232 + k))
    }
  }

  @Test func theReThemableFirstSixteenAreNeverUsed() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let colour = (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(ColorQuantizer.nearest256(colour[0], colour[1], colour[2]) >= 16)
    }
    for value in 0...255 {
      let v = UInt8(value)
      #expect(ColorQuantizer.nearest256(v, v, v) >= 16)
      #expect(ColorQuantizer.nearest256(v, 0, 0) >= 16)
    }
  }

  @Test func nearbyColoursGoToTheNearestStableColour() {
    #expect(ColorQuantizer.nearest256(250, 3, 2) == 196)  // (255, 0, 0)
    #expect(ColorQuantizer.nearest256(1, 1, 1) == 16)  // black is the cube's corner
    #expect(ColorQuantizer.nearest256(250, 250, 250) == 231)  // nearer white than grey 238
    #expect(ColorQuantizer.nearest256(100, 100, 100) == 241)  // grey 98, not the cube's 95
  }

  @Test func theSixteenColoursUseXtermsValues() {
    // Pure red is exactly xterm's bright red (9); red (1) is xterm's (205, 0, 0).
    #expect(ColorQuantizer.nearest16(255, 0, 0) == 9)
    #expect(ColorQuantizer.nearest16(205, 0, 0) == 1)
    #expect(ColorQuantizer.nearest16(180, 10, 10) == 1)
    #expect(ColorQuantizer.nearest16(0, 0, 0) == 0)
    #expect(ColorQuantizer.nearest16(255, 255, 255) == 15)
    #expect(ColorQuantizer.nearest16(128, 128, 128) == 8)
    for index in 0..<16 {
      let (r, g, b) = ColorQuantizer.rgb(ofIndex: UInt8(index))
      #expect(ColorQuantizer.nearest16(r, g, b) == UInt8(index))
    }
  }

  @Test func paletteEntriesHaveTheStandardValues() {
    #expect(ColorQuantizer.rgb(ofIndex: 16) == (0, 0, 0))
    #expect(ColorQuantizer.rgb(ofIndex: 196) == (255, 0, 0))
    #expect(ColorQuantizer.rgb(ofIndex: 67) == (95, 135, 175))
    #expect(ColorQuantizer.rgb(ofIndex: 231) == (255, 255, 255))
    #expect(ColorQuantizer.rgb(ofIndex: 232) == (8, 8, 8))
    #expect(ColorQuantizer.rgb(ofIndex: 255) == (238, 238, 238))
  }

  static let sample = CellImage(
    columns: 3, rows: 1,
    cells: [
      IconCell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0)),
      IconCell(glyph: "▄", foreground: .rgb(255, 255, 255), background: .terminalDefault),
      .blank,
    ])

  @Test func quantizingMapsColoursAndKeepsGlyphsAndDefaults() {
    #expect(ColorQuantizer.quantize(Self.sample, mode: .truecolor) == Self.sample)
    let palette = ColorQuantizer.quantize(Self.sample, mode: .palette256)
    #expect(
      palette.cells == [
        IconCell(glyph: "▀", foreground: .indexed(196), background: .indexed(16)),
        IconCell(glyph: "▄", foreground: .indexed(231), background: .terminalDefault),
        .blank,
      ])
    let sixteen = ColorQuantizer.quantize(Self.sample, mode: .palette16)
    #expect(
      sixteen.cells[0] == IconCell(glyph: "▀", foreground: .indexed(9), background: .indexed(0)))
    // Already quantized: unchanged.
    #expect(ColorQuantizer.quantize(palette, mode: .palette256) == palette)
    #expect(ColorQuantizer.quantize(sixteen, mode: .palette16) == sixteen)
  }

  @Test func withoutColourCellsBecomeShadesByLightness() {
    let plain = ColorQuantizer.quantize(Self.sample, mode: .none)
    // Red (OKLab L 0.63) over black (0): mean 0.31, the second of four shades and the third of
    // nine characters; white (1) the last of each.
    #expect(plain.cells.map(\.glyph) == ["▒", "█", " "])
    #expect(
      plain.cells.allSatisfy {
        $0.foreground == .terminalDefault && $0.background == .terminalDefault
      })
    let ascii = ColorQuantizer.quantize(Self.sample, mode: .none, ascii: true)
    #expect(ascii.cells.map(\.glyph) == ["-", "@", " "])
  }

  @Test func asciiWithColourPaintsSpacesWithTheMeanOfBothPixels() {
    let cells = ColorQuantizer.quantize(Self.sample, mode: .truecolor, ascii: true)
    // Red and black averaged in linear light: half of red's light is sRGB 188.
    #expect(
      cells.cells[0]
        == IconCell(glyph: " ", foreground: .terminalDefault, background: .rgb(188, 0, 0)))
    #expect(
      cells.cells[1]
        == IconCell(glyph: " ", foreground: .terminalDefault, background: .rgb(255, 255, 255)))
    #expect(cells.cells[2] == .blank)
    let palette = ColorQuantizer.quantize(Self.sample, mode: .palette256, ascii: true)
    #expect(palette.cells.allSatisfy { $0.glyph == " " && $0.foreground == .terminalDefault })
  }
}
