/// A colour as a preview cell asks for it.
public enum CellColor: Hashable, Sendable {
  /// The terminal's own foreground or background: what a transparent pixel shows.
  case terminalDefault
  case rgb(UInt8, UInt8, UInt8)
  /// A palette entry: 0-15 the ANSI colours, 16-255 the 256-colour cube and grey ramp.
  case indexed(UInt8)
}

/// One terminal cell of a preview.
public struct IconCell: Equatable, Sendable {
  public var glyph: Character
  public var foreground: CellColor
  public var background: CellColor

  public init(glyph: Character, foreground: CellColor, background: CellColor) {
    self.glyph = glyph
    self.foreground = foreground
    self.background = background
  }

  /// A space on the terminal's own colours.
  public static let blank = IconCell(
    glyph: " ", foreground: .terminalDefault, background: .terminalDefault)
}

/// A preview as a grid of cells, row by row. Every glyph is one column wide.
public struct CellImage: Equatable, Sendable {
  public let columns: Int
  public let rows: Int
  /// `columns * rows` cells, row by row.
  public var cells: [IconCell]

  public init(columns: Int, rows: Int, cells: [IconCell]) {
    precondition(
      columns >= 0 && rows >= 0 && cells.count == columns * rows, "cells must fill the grid")
    self.columns = columns
    self.rows = rows
    self.cells = cells
  }

  /// A grid of blank cells.
  public init(columns: Int, rows: Int) {
    let columns = max(0, columns)
    let rows = max(0, rows)
    self.init(columns: columns, rows: rows, cells: Array(repeating: .blank, count: columns * rows))
  }

  public subscript(row: Int, column: Int) -> IconCell {
    get { cells[row * columns + column] }
    set { cells[row * columns + column] = newValue }
  }
}

/// Pixels -> half-block cells: each cell shows two pixels, one above the other.
public enum CellRaster {
  /// Alpha at or above this (50%) draws the pixel, fully opaque; below it the terminal's
  /// background shows. A cell can only be one colour or the other, never a blend, and the
  /// terminal's background colour is unknown, so there is nothing to blend over.
  public static let opaqueAlpha: UInt8 = 128

  /// `image` as `width` × ⌈`height` / 2⌉ cells: `▀` with the top pixel as foreground and the
  /// bottom pixel as background; `▄` when only the bottom pixel shows; `▀` on the default
  /// background when only the top one shows; a blank when neither does.
  public static func cells(from image: RGBAImage) -> CellImage {
    let columns = image.width
    let rows = (image.height + 1) / 2
    var cells: [IconCell] = []
    cells.reserveCapacity(columns * rows)
    image.pixels.withUnsafeBufferPointer { pixels in
      func color(_ x: Int, _ y: Int) -> CellColor? {
        guard y < image.height else { return nil }
        let offset = (y * columns + x) * 4
        guard pixels[offset + 3] >= opaqueAlpha else { return nil }
        return .rgb(pixels[offset], pixels[offset + 1], pixels[offset + 2])
      }
      for row in 0..<rows {
        for column in 0..<columns {
          cells.append(cell(top: color(column, 2 * row), bottom: color(column, 2 * row + 1)))
        }
      }
    }
    return CellImage(columns: columns, rows: rows, cells: cells)
  }

  /// The cell for two pixels; nil is a pixel that lets the terminal's background show.
  public static func cell(top: CellColor?, bottom: CellColor?) -> IconCell {
    switch (top, bottom) {
    case (let top?, let bottom?): IconCell(glyph: "▀", foreground: top, background: bottom)
    case (let top?, nil): IconCell(glyph: "▀", foreground: top, background: .terminalDefault)
    case (nil, let bottom?): IconCell(glyph: "▄", foreground: bottom, background: .terminalDefault)
    case (nil, nil): .blank
    }
  }

  /// The two pixels a half-block cell shows (nil: transparent), the inverse of `cell`.
  /// Cells that are not half blocks (shades, letters) give nil for both.
  static func pixels(of cell: IconCell) -> (top: CellColor?, bottom: CellColor?) {
    func shown(_ color: CellColor) -> CellColor? { color == .terminalDefault ? nil : color }
    switch cell.glyph {
    case "▀": return (shown(cell.foreground), shown(cell.background))
    case "▄": return (shown(cell.background), shown(cell.foreground))
    case " ": return (shown(cell.background), shown(cell.background))
    default: return (nil, nil)
    }
  }
}
