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
  /// Images drawn over blank cells, where the terminal shows images (`FrameImage`).
  public var images: [FrameImage] = []

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
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII, the common case: a cell per printable byte, no grapheme breaking.
      for byte in text.utf8 where byte >= 0x20 && byte != 0x7F {
        if x + 1 > end { break }
        if x >= 0 {
          clearWideCharacters(row: row, from: x, to: x + 1)
          self[row, x] = Cell(glyph: String(Unicode.Scalar(byte)), style: style)
        }
        x += 1
      }
      return max(0, x - column)
    }
    for character in text {
      let width = TextWidth.of(character)
      if width == 0 { continue }
      if x + width > end { break }
      if x >= 0 {
        clearWideCharacters(row: row, from: x, to: x + width)
        self[row, x] = Cell(glyph: String(character), style: style)
        if width == 2 { self[row, x + 1] = Cell(glyph: "", style: style) }
      }
      x += width
    }
    return max(0, x - column)
  }

  /// Before cells `start..<end` of a row are written: a wide character of which only one half
  /// would be overwritten becomes blank, so no half is left that a terminal cannot show.
  private mutating func clearWideCharacters(row: Int, from start: Int, to end: Int) {
    if start > 0 && start < size.columns && self[row, start].isContinuation {
      self[row, start - 1] = Cell(glyph: " ", style: self[row, start - 1].style)
    }
    if end < size.columns && self[row, end].isContinuation {
      self[row, end] = Cell(glyph: " ", style: self[row, end].style)
    }
  }

  /// Paints `count` cells with `glyph` (one column wide).
  public mutating func fill(
    row: Int, column: Int, count: Int, glyph: String = " ", style: CellStyle = .plain
  ) {
    guard row >= 0, row < size.rows else { return }
    let start = max(0, column)
    let end = max(start, min(size.columns, column + count))
    guard start < end else { return }
    clearWideCharacters(row: row, from: start, to: end)
    for x in start..<end { self[row, x] = Cell(glyph: glyph, style: style) }
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

/// Cells of one row that share a style, as the terminal writes them: `text` from
/// (row, column), covering `width` cells (the right half of a wide character included).
public struct FrameRun: Equatable, Sendable {
  public var row: Int
  public var column: Int
  public var width: Int
  public var text: String
  public var style: CellStyle

  public init(row: Int, column: Int, width: Int, text: String, style: CellStyle) {
    self.row = row
    self.column = column
    self.width = width
    self.text = text
    self.style = style
  }
}

extension Frame {
  /// What to write to turn a screen showing `previous` into this frame: the changed cells
  /// only, one run per style, widened so that no wide character is written or overwritten by
  /// half. Every cell when there is no previous frame or it has another size. Nothing beyond
  /// `limit` (a screen smaller than the frame) is written.
  public func runs(since previous: Frame?, within limit: TerminalSize? = nil) -> [FrameRun] {
    let rows = min(size.rows, limit?.rows ?? size.rows)
    let columns = min(size.columns, limit?.columns ?? size.columns)
    var runs: [FrameRun] = []
    guard let previous, previous.size == size else {
      for row in 0..<rows { appendRuns(row: row, from: 0, to: columns, into: &runs) }
      return runs
    }
    let stride = size.columns
    cells.withUnsafeBufferPointer { new in
      previous.cells.withUnsafeBufferPointer { old in
        for row in 0..<rows {
          let base = row * stride
          var x = 0
          while x < columns {
            if new[base + x] == old[base + x] {
              x += 1
              continue
            }
            var start = x
            var end = x + 1
            while end < columns && new[base + end] != old[base + end] { end += 1 }
            // A wide character is written whole, and one being overwritten is redrawn whole.
            while start > 0
              && (new[base + start].isContinuation || old[base + start].isContinuation)
            {
              start -= 1
            }
            while end < columns
              && (new[base + end].isContinuation || old[base + end].isContinuation)
            {
              end += 1
            }
            appendRuns(row: row, from: start, to: end, into: &runs)
            x = end
          }
        }
      }
    }
    return runs
  }

  /// Runs for the cells `from..<to` of a row, one per style. The right half of a wide
  /// character goes with its left half whatever its style, so text never shifts a column.
  private func appendRuns(row: Int, from start: Int, to end: Int, into runs: inout [FrameRun]) {
    var column = start
    while column < end {
      let style = self[row, column].style
      // A right half with no left half before it (not something `put` makes) shows as a space.
      var text = self[row, column].isContinuation ? " " : self[row, column].glyph
      var next = column + 1
      while next < end && (self[row, next].style == style || self[row, next].isContinuation) {
        text += self[row, next].glyph
        next += 1
      }
      runs.append(
        FrameRun(row: row, column: column, width: next - column, text: text, style: style))
      column = next
    }
  }
}
