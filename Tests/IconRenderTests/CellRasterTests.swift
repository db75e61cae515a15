import Testing

@testable import IconRender

@Suite struct CellRasterTests {
  static let red: [UInt8] = [255, 0, 0, 255]
  static let blue: [UInt8] = [0, 0, 255, 255]
  static let clear: [UInt8] = [0, 0, 0, 0]

  func cell(top: [UInt8], bottom: [UInt8]) -> IconCell {
    let image = RGBAImage(width: 1, height: 2, pixels: top + bottom)!
    let cells = CellRaster.cells(from: image)
    #expect(cells.columns == 1 && cells.rows == 1)
    return cells.cells[0]
  }

  @Test func twoShownPixelsAreAnUpperHalfBlockOnTheLowerColour() {
    #expect(
      cell(top: Self.red, bottom: Self.blue)
        == IconCell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
  }

  @Test func onlyTheTopShownIsAnUpperHalfOnTheTerminalsBackground() {
    #expect(
      cell(top: Self.red, bottom: Self.clear)
        == IconCell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .terminalDefault))
  }

  @Test func onlyTheBottomShownIsALowerHalfBlock() {
    #expect(
      cell(top: Self.clear, bottom: Self.blue)
        == IconCell(glyph: "▄", foreground: .rgb(0, 0, 255), background: .terminalDefault))
  }

  @Test func twoTransparentPixelsAreABlank() {
    #expect(cell(top: Self.clear, bottom: Self.clear) == .blank)
  }

  @Test func halfAlphaIsTheThresholdAndShowsTheColourUnblended() {
    #expect(
      cell(top: [10, 20, 30, 128], bottom: [10, 20, 30, 127])
        == IconCell(glyph: "▀", foreground: .rgb(10, 20, 30), background: .terminalDefault))
  }

  @Test func anOddHeightLeavesTheLastRowsBottomTransparent() {
    let image = RGBAImage(
      width: 2, height: 3, pixels: Array(repeating: Self.red, count: 6).flatMap { $0 })!
    let cells = CellRaster.cells(from: image)
    #expect(cells.columns == 2 && cells.rows == 2)
    #expect(
      cells[1, 1] == IconCell(glyph: "▀", foreground: .rgb(255, 0, 0), background: .terminalDefault)
    )
  }

  // MARK: - The whole pipeline

  static func flat(_ side: Int, _ colour: [UInt8]) -> RGBAImage {
    RGBAImage(width: side, height: side, pixels: (0..<(side * side)).flatMap { _ in colour })!
  }

  @Test func aSquareIconFillsTwiceAsManyColumnsAsRows() {
    let cells = IconRenderer.render(
      Self.flat(64, [40, 120, 200, 255]), columns: 12, rows: 6, mode: .truecolor)
    #expect(cells.columns == 12 && cells.rows == 6)
    // At 12 px the rounded corner takes off just the corner pixel.
    #expect(
      cells[0, 0]
        == IconCell(glyph: "▄", foreground: .rgb(40, 120, 200), background: .terminalDefault))
    #expect(
      cells[5, 11]
        == IconCell(glyph: "▀", foreground: .rgb(40, 120, 200), background: .terminalDefault))
    let large = IconRenderer.render(
      Self.flat(64, [40, 120, 200, 255]), columns: 40, rows: 20, mode: .truecolor)
    #expect(large[0, 0] == .blank)
    #expect(large[19, 39] == .blank)
    let colour = CellColor.rgb(40, 120, 200)
    #expect(cells[3, 6] == IconCell(glyph: "▀", foreground: colour, background: colour))
    #expect(cells[3, 0].foreground == colour)  // the sides' midpoints reach the edge
  }

  @Test func aWideAreaCentresTheSquare() {
    let cells = IconRenderer.render(
      Self.flat(64, [40, 120, 200, 255]), columns: 20, rows: 6, mode: .truecolor)
    #expect(cells.columns == 20 && cells.rows == 6)
    for row in 0..<6 {
      for column in Array(0..<4) + Array(16..<20) { #expect(cells[row, column] == .blank) }
    }
    #expect(cells[3, 4].foreground == .rgb(40, 120, 200))
    #expect(cells[3, 15].foreground == .rgb(40, 120, 200))
  }

  @Test func aTallAreaCentresTheSquareOnHalfRows() {
    // 6 columns × 5 rows = 6 × 10 pixels: the 6-pixel square starts two pixels down.
    let cells = IconRenderer.render(
      Self.flat(30, [40, 120, 200, 255]), columns: 6, rows: 5, mode: .truecolor)
    #expect((0..<6).allSatisfy { cells[0, $0] == .blank })
    #expect((0..<6).allSatisfy { cells[4, $0] == .blank })
    #expect(cells[2, 0].glyph == "▀")
  }

  @Test func theModeDecidesTheColours() {
    let image = Self.flat(24, [255, 0, 0, 255])
    #expect(
      IconRenderer.render(image, columns: 12, rows: 6, mode: .palette256)[3, 6].foreground
        == .indexed(196))
    #expect(
      IconRenderer.render(image, columns: 12, rows: 6, mode: .palette16)[3, 6].foreground
        == .indexed(9))
    let plain = IconRenderer.render(image, columns: 12, rows: 6, mode: .none)
    #expect(
      plain[3, 6]
        == IconCell(glyph: "▓", foreground: .terminalDefault, background: .terminalDefault))
    #expect(plain[0, 0].glyph == "▓")  // the corner cell's lower pixel shows
    let ascii = IconRenderer.render(image, columns: 12, rows: 6, mode: .none, ascii: true)
    #expect(ascii.cells.allSatisfy { $0.glyph.isASCII })
  }

  @Test func anEmptyAreaIsAnEmptyImage() {
    let cells = IconRenderer.render(Self.flat(4, Self.red), columns: 0, rows: 3, mode: .truecolor)
    #expect(cells.cells.isEmpty && cells.columns == 0)
  }

  @Test func thePlaceholderIsAPatternWithItsLabelInTheMiddle() {
    let box = IconRenderer.placeholder(columns: 12, rows: 6, label: "JPEG")
    #expect(box.columns == 12 && box.rows == 6)
    let middle = String((0..<12).map { box[3, $0].glyph })
    #expect(middle == "    JPEG    ")
    #expect(box[0, 0].glyph == "░")
    #expect(
      box.cells.allSatisfy {
        $0.foreground == .terminalDefault && $0.background == .terminalDefault
      })

    let narrow = IconRenderer.placeholder(columns: 3, rows: 1, label: "JPEG", ascii: true)
    // The square is 2 columns wide; the label may use the whole width.
    #expect(String(narrow.cells.map(\.glyph)) == "JPE")
    let wide = IconRenderer.placeholder(columns: 10, rows: 2, label: "?", ascii: true)
    #expect(String((0..<10).map { wide[0, $0].glyph }) == "   ::::   ")
    #expect(String((0..<10).map { wide[1, $0].glyph }) == "    ?     ")
  }
}
