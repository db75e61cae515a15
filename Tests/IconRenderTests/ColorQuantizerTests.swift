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
    // Red (9) over black (0): the lower number in front, so `▄` in black on red.
    #expect(
      sixteen.cells[0] == IconCell(glyph: "▄", foreground: .indexed(0), background: .indexed(9)))
    // Already quantized: unchanged.
    #expect(ColorQuantizer.quantize(palette, mode: .palette256) == palette)
    #expect(ColorQuantizer.quantize(sixteen, mode: .palette16) == sixteen)
  }

  @Test func theEightColoursAreTheFirstEight() {
    #expect(ColorQuantizer.nearest8(255, 0, 0) == 1)
    #expect(ColorQuantizer.nearest8(255, 255, 255) == 7)
    #expect(ColorQuantizer.nearest8(40, 40, 40) == 0)
    for index in 0..<8 {
      let (r, g, b) = ColorQuantizer.rgb(ofIndex: UInt8(index))
      #expect(ColorQuantizer.nearest8(r, g, b) == UInt8(index))
    }
    // A pale blue: nearest xterm's light grey (7) by the sum of channel differences.
    #expect(ColorQuantizer.nearest16(170, 190, 235) == 7)
  }

  /// Every colour of the cube and the grey ramp, as pixels over their neighbours.
  static let everyColour: CellImage = {
    let colours = (16...255).map { CellColor.indexed(UInt8($0)) }.map { colour -> CellColor in
      guard case .indexed(let index) = colour else { return colour }
      let (r, g, b) = ColorQuantizer.rgb(ofIndex: index)
      return .rgb(r, g, b)
    }
    var cells = zip(colours, colours.dropFirst(7) + colours.prefix(7)).map {
      IconCell(glyph: "▀", foreground: $0, background: $1)
    }
    cells.append(IconCell(glyph: "▄", foreground: .rgb(9, 200, 30), background: .terminalDefault))
    cells.append(IconCell(glyph: "▀", foreground: .indexed(200), background: .terminalDefault))
    return CellImage(columns: cells.count, rows: 1, cells: cells)
  }()

  @Test(arguments: [ColorMode.palette8, .palette16])
  func fewColoursUseOnlyThePaletteAndTheLowerNumberInFront(mode: ColorMode) {
    let limit: UInt8 = mode == .palette8 ? 8 : 16
    let quantized = ColorQuantizer.quantize(Self.everyColour, mode: mode)
    for (before, after) in zip(Self.everyColour.cells, quantized.cells) {
      let (top, bottom) = CellRaster.pixels(of: before)
      let (shownTop, shownBottom) = CellRaster.pixels(of: after)
      // The same pixels shown or transparent, each in a colour the terminal has.
      #expect((top == nil) == (shownTop == nil) && (bottom == nil) == (shownBottom == nil))
      for shown in [shownTop, shownBottom].compactMap({ $0 }) {
        guard case .indexed(let index) = shown else {
          Issue.record("not a palette colour: \(shown)")
          continue
        }
        #expect(index < limit)
      }
      if case .indexed(let foreground) = after.foreground,
        case .indexed(let background) = after.background
      {
        #expect(foreground <= background)
      }
    }
    // Pairs needed: at most 8·9/2 + 8 (with the default background) in 8 colours.
    let pairs = Set(quantized.cells.map { "\($0.foreground)/\($0.background)" })
    #expect(pairs.count <= (mode == .palette8 ? 44 : 152))
    #expect(ColorQuantizer.quantize(quantized, mode: mode) == quantized)
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
