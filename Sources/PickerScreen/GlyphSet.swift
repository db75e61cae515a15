/// The characters the screen draws with: Unicode where the locale allows, ASCII otherwise.
public struct GlyphSet: Equatable, Sendable {
  public var isUnicode: Bool
  public var checkmark: String
  public var cursor: String
  public var separator: String
  public var ellipsis: String
  public var dot: String
  public var boxTopLeft: String
  public var boxTopRight: String
  public var boxBottomLeft: String
  public var boxBottomRight: String
  public var boxHorizontal: String
  public var boxVertical: String
  public var arrowsUpDown: String
  public var enterKey: String
  /// The four arrows, as the grid's footer names them.
  public var arrows: String

  public static let unicode = GlyphSet(
    isUnicode: true, checkmark: "✓", cursor: "❯", separator: "─", ellipsis: "…", dot: "·",
    boxTopLeft: "┌", boxTopRight: "┐", boxBottomLeft: "└", boxBottomRight: "┘",
    boxHorizontal: "─", boxVertical: "│", arrowsUpDown: "↑↓", enterKey: "⏎", arrows: "←↑↓→")

  public static let ascii = GlyphSet(
    isUnicode: false, checkmark: "*", cursor: ">", separator: "-", ellipsis: "~", dot: "-",
    boxTopLeft: "+", boxTopRight: "+", boxBottomLeft: "+", boxBottomRight: "+",
    boxHorizontal: "-", boxVertical: "|", arrowsUpDown: "up/down", enterKey: "enter",
    arrows: "arrows")
}
