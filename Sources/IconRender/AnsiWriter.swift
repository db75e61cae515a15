/// A preview as text with SGR escape sequences, for `iconpick show` (no curses).
public enum AnsiWriter {
  /// One line per row, each ending in a reset (`ESC[0m`) and a newline, so a cut or an
  /// interrupted print never leaves the terminal coloured. Colours change only where they
  /// differ from the cell before: truecolor `38;2;r;g;b`/`48;2;r;g;b`; palette entries
  /// `38;5;n`/`48;5;n`, except 0-15 in 16- and 8-colour mode as `30-37`/`90-97` and
  /// `40-47`/`100-107` (what 8- and 16-colour terminals understand); the default colours
  /// `39`/`49` (only where the icon is transparent). In `none`
  /// mode only the glyphs are written. The image should come from `IconRenderer.render` with
  /// the same mode.
  public static func ansi(_ image: CellImage, mode: ColorMode) -> String {
    var text = ""
    for row in 0..<image.rows {
      var foreground = CellColor.terminalDefault
      var background = CellColor.terminalDefault
      for column in 0..<image.columns {
        let cell = image[row, column]
        if mode != .none {
          var codes: [String] = []
          if cell.foreground != foreground {
            codes.append(code(cell.foreground, background: false, mode: mode))
            foreground = cell.foreground
          }
          if cell.background != background {
            codes.append(code(cell.background, background: true, mode: mode))
            background = cell.background
          }
          if !codes.isEmpty { text += "\u{1B}[" + codes.joined(separator: ";") + "m" }
        }
        text.append(cell.glyph)
      }
      if mode != .none { text += "\u{1B}[0m" }
      text += "\n"
    }
    return text
  }

  static func code(_ color: CellColor, background: Bool, mode: ColorMode) -> String {
    switch color {
    case .terminalDefault:
      return background ? "49" : "39"
    case .rgb(let red, let green, let blue):
      return "\(background ? 48 : 38);2;\(red);\(green);\(blue)"
    case .indexed(let index) where (mode == .palette16 || mode == .palette8) && index < 16:
      let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
      return String(base + Int(index % 8))
    case .indexed(let index):
      return "\(background ? 48 : 38);5;\(index)"
    }
  }
}
