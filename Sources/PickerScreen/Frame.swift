/// A terminal's size in cells.
public struct TerminalSize: Equatable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  public var description: String { "\(columns)×\(rows)" }
}

/// A colour as the screen asks for it; the terminal maps it to what it can show.
public enum TerminalColor: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case terminalDefault
  /// One of the 16 ANSI colours (0-15), which every colour terminal has.
  case ansi(UInt8)
  /// One of the 256 palette colours (16-255 are the stable ones icons are quantized to).
  case indexed(UInt8)
  /// A 24-bit colour, for terminals with direct colour.
  case rgb(UInt8, UInt8, UInt8)
}

public struct CellAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = CellAttributes(rawValue: 1 << 0)
  public static let dim = CellAttributes(rawValue: 1 << 1)
  public static let reverse = CellAttributes(rawValue: 1 << 2)
  public static let underline = CellAttributes(rawValue: 1 << 3)
}

/// How a run of text is drawn.
public struct CellStyle: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: CellAttributes

  public init(
    foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
    attributes: CellAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = CellStyle()
}

/// One character cell.
public struct Cell: Hashable, Sendable {
  /// One grapheme; empty for the right half of a wide character.
  public var glyph: String
  public var style: CellStyle

  public init(glyph: String, style: CellStyle = .plain) {
    self.glyph = glyph
    self.style = style
  }

  public static let blank = Cell(glyph: " ")
  public var isContinuation: Bool { glyph.isEmpty }
}

/// A whole screen of cells: what the layout produces and the terminal draws.
public struct Frame: Equatable, Sendable {
  public let size: TerminalSize
  public private(set) var cells: [Cell]

  public init(size: TerminalSize) {
    self.size = size
    self.cells = Array(repeating: .blank, count: size.columns * size.rows)
  }

  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * size.columns + column] }
    set { cells[row * size.columns + column] = newValue }
  }

  public func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < size.rows && column >= 0 && column < size.columns
  }

  /// Writes `text` from (row, column), clipped to `limit` columns and the frame's edge.
  /// A wide character that would be cut in half is left out. Returns the columns used.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil
  )
    -> Int
  {
    guard row >= 0, row < size.rows else { return 0 }
    let end = min(size.columns, column + (limit ?? size.columns))
    var x = column
    for character in text {
      let width = TextWidth.of(character)
      if width == 0 { continue }
      if x + width > end { break }
      if x >= 0 {
        self[row, x] = Cell(glyph: String(character), style: style)
        if width == 2 { self[row, x + 1] = Cell(glyph: "", style: style) }
      }
      x += width
    }
    return max(0, x - column)
  }

  /// Paints `count` cells with `glyph` (one column wide).
  public mutating func fill(
    row: Int, column: Int, count: Int, glyph: String = " ", style: CellStyle = .plain
  ) {
    guard row >= 0, row < size.rows else { return }
    for x in max(0, column)..<max(max(0, column), min(size.columns, column + count)) {
      self[row, x] = Cell(glyph: glyph, style: style)
    }
  }

  /// Changes the style of existing cells without touching their glyphs.
  public mutating func restyle(
    row: Int, column: Int, count: Int, _ change: (inout CellStyle) -> Void
  ) {
    guard row >= 0, row < size.rows else { return }
    for x in max(0, column)..<max(max(0, column), min(size.columns, column + count)) {
      change(&self[row, x].style)
    }
  }

  /// The text of one row, as a person reads it (for tests and plain output).
  public func text(row: Int) -> String {
    (0..<size.columns).map { self[row, $0].glyph }.joined()
  }

  public var lines: [String] { (0..<size.rows).map(text(row:)) }
}
