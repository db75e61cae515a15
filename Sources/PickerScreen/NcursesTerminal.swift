import CNcurses
import Glibc
import IconRender
import TerminalGraphics

/// The real terminal: draws frames with ncurses on /dev/tty and reads keys from it.
/// The only file that knows about curses.
public final class NcursesTerminal: PickerTerminal {
  public let glyphs: GlyphSet
  private let file: UnsafeMutablePointer<FILE>
  private let screen: OpaquePointer
  private let colorEnabled: Bool
  /// Colour pairs by their colour numbers, so colours that a terminal shows the same way (an
  /// 8-colour terminal's bright and dim twins) share one: pairs are few (64 in `xterm`), and a
  /// cell past them is drawn in the default colours.
  private var pairs: [PairColors: Int32] = [:]
  /// The pair of each style's colours met so far: the common case costs one look-up.
  private var stylePairs: [CellColors: Int32] = [:]
  private var nextPair: Int32 = 1
  private var ended = false
  /// The frame on screen, when it is the screen's size: the next draw writes only changes.
  private var shown: Frame?
  /// The images on screen, where the terminal shows them; nil draws cells only.
  private var images: TerminalImageLayer?

  private struct CellColors: Hashable {
    var foreground: TerminalColor
    var background: TerminalColor
  }

  private struct PairColors: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// Opens `ttyPath` and starts curses on it, so stdout stays free for results.
  /// `imageEncoder` writes the images frames place (kitty, iTerm2, sixel); nil: cells only.
  public init(
    ttyPath: String = "/dev/tty", environment: [String: String],
    imageEncoder: (any TerminalImageEncoder)? = nil
  ) throws(PickerScreenError) {
    if let imageEncoder { images = TerminalImageLayer(encoder: imageEncoder) }
    setlocale(LC_ALL, "")
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    glyphs = codeset.uppercased() == "UTF-8" ? .unicode : .ascii

    guard cn_open() else { throw .ncursesMissing(reason: String(cString: cn_open_error())) }
    guard let file = fopen(ttyPath, "r+") else {
      throw .noTerminal(path: ttyPath, reason: String(cString: strerror(errno)))
    }
    guard let screen = cn_newterm(nil, file, file) else {
      fclose(file)
      throw .unknownTerminalType(environment["TERM"] ?? "")
    }
    self.file = file
    self.screen = screen
    cn_set_term(screen)
    // Without cursor addressing (TERM=dumb) every frame would print as a scroll of junk.
    guard cn_has_capability("cup") else {
      cn_endwin()
      cn_delscreen(screen)
      fclose(file)
      ended = true
      throw .terminalTooLimited(environment["TERM"] ?? "")
    }

    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    if !noColor && cn_has_colors() {
      cn_start_color()
      cn_use_default_colors()
      colorEnabled = true
    } else {
      colorEnabled = false
    }
    cn_raw()  // Ctrl-C arrives as a key, so quitting restores the terminal in one place.
    cn_noecho()
    cn_nonl()
    cn_set_escdelay(25)
    let window = cn_stdscr()
    cn_keypad(window, true)
    cn_intrflush(window, false)
    cn_leaveok(window, true)
    cn_curs_set(0)
    cn_mouseinterval(0)
    cn_mousemask(cn_button1_pressed() | cn_button4_pressed() | cn_button5_pressed(), nil)
  }

  deinit { end() }

  /// Gives the terminal back as it was. Safe to call more than once.
  public func end() {
    guard !ended else { return }
    ended = true
    // Nothing left behind: kitty's images deleted, those kept off the screen too (their memory
    // freed), sixel's rows rewritten.
    if var layer = images, !layer.isEmpty {
      let update = layer.clear()
      images = layer
      write(update.beforeCells)
      if !update.redrawRows.isEmpty {
        let window = cn_stdscr()
        cn_werase(window)
        cn_clearok(window, true)
        cn_wrefresh(window)
      }
    }
    cn_endwin()
    cn_delscreen(screen)
    fclose(file)
  }

  public var size: TerminalSize {
    var rows: Int32 = 0
    var columns: Int32 = 0
    cn_getmaxyx(cn_stdscr(), &rows, &columns)
    return TerminalSize(columns: Int(columns), rows: Int(rows))
  }

  /// Writes only the cells that differ from the frame drawn before, so ncurses compares
  /// and sends only those; everything after a resize or the first time.
  public func draw(_ frame: Frame) {
    draw(frame, pixels: { _ in nil })
  }

  /// The cells, then the frame's images once ncurses' refresh is out (see `TerminalImageLayer`).
  public func draw(_ frame: Frame, pixels: (PixelPreviewKey) -> RGBAImage?) {
    let window = cn_stdscr()
    let current = size
    let runs: [FrameRun]
    let whole: Bool
    if frame.size == current, let shown, shown.size == current {
      runs = frame.runs(since: shown)
      whole = false
    } else {
      runs = frame.runs(since: nil, within: current)
      whole = true
    }
    var update = TerminalImageLayer.Update()
    // While images are on screen every row is written again: ncurses would otherwise move rows
    // it finds elsewhere with a scroll (its scroll optimization, on wherever terminfo can
    // scroll a region), and the terminal would scroll the images with them. Rows forgotten
    // (wredrawln) match nothing, so nothing is scrolled; sixel and iTerm2 images are drawn again.
    var imagesShown = false
    if var layer = images {
      imagesShown = !layer.shown.isEmpty || !frame.images.isEmpty
      update = layer.update(
        to: frame.images, size: current, runs: whole || imagesShown ? nil : runs, pixels: pixels)
      images = layer
    }
    if runs.isEmpty && update.isEmpty { return }
    if whole { cn_werase(window) }
    if imagesShown && !whole { cn_wredrawln(window, 0, Int32(current.rows)) }
    write(update.beforeCells)
    // ncurses forgets what it wrote on these rows, so the refresh writes them again over the
    // images that were there.
    for row in update.redrawRows { cn_wredrawln(window, Int32(row), 1) }
    if update.redrawAll { cn_clearok(window, true) }
    // A frame of another size than the screen is drawn clipped and not kept as the screen.
    shown = frame.size == current ? frame : nil
    for run in runs {
      cn_set_attributes(window, attributes(for: run.style), pair(for: run.style))
      // The bottom-right cell reports an error (the cursor cannot move past it) but is drawn.
      _ = cn_mvwaddstr(window, Int32(run.row), Int32(run.column), run.text)
    }
    cn_set_attributes(window, cn_a_normal(), 0)
    cn_wnoutrefresh(window)
    cn_doupdate()
    write(update.afterCells)
  }

  /// Bytes straight to the terminal, in order with ncurses' own output (flushed at once).
  private func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    fflush(file)
    bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    fflush(file)
  }

  public func nextKey(timeoutMilliseconds: Int) -> PickerKey? {
    let window = cn_stdscr()
    cn_wtimeout(window, Int32(timeoutMilliseconds))
    var code: wint_t = 0
    let result = cn_wget_wch(window, &code)
    if result == ERR { return nil }
    if result == cn_key_code_yes() {
      switch Int32(code) {
      case cn_key_up(): return .up
      case cn_key_down(): return .down
      case cn_key_left(): return .left
      case cn_key_right(): return .right
      case cn_key_ppage(): return .pageUp
      case cn_key_npage(): return .pageDown
      case cn_key_home(): return .home
      case cn_key_end(): return .end
      case cn_key_enter(): return .enter
      case cn_key_backspace(): return .backspace
      case cn_key_resize(): return .resize(size)
      case cn_key_mouse(): return mouseKey()
      default: return nil
      }
    }
    switch code {
    case 0x1B: return .escape
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .backspace
    default:
      guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
      return .character(Character(scalar))
    }
  }

  private func mouseKey() -> PickerKey? {
    var event = MEVENT()
    guard cn_getmouse(&event) == OK else { return nil }
    if event.bstate & cn_button1_pressed() != 0 {
      return .click(row: Int(event.y), column: Int(event.x))
    }
    if event.bstate & cn_button4_pressed() != 0 { return .wheelUp }
    if event.bstate & cn_button5_pressed() != 0 { return .wheelDown }
    return nil
  }

  private func attributes(for style: CellStyle) -> attr_t {
    var result = cn_a_normal()
    if style.attributes.contains(.bold) { result |= cn_a_bold() }
    if style.attributes.contains(.dim) { result |= cn_a_dim() }
    if style.attributes.contains(.reverse) { result |= cn_a_reverse() }
    if style.attributes.contains(.underline) { result |= cn_a_underline() }
    return result
  }

  private func pair(for style: CellStyle) -> Int32 {
    guard colorEnabled else { return 0 }
    let style = CellColors(foreground: style.foreground, background: style.background)
    if let pair = stylePairs[style] { return pair }
    let colors = PairColors(
      foreground: colorNumber(style.foreground), background: colorNumber(style.background))
    let pair: Int32
    if colors.foreground == -1 && colors.background == -1 {
      pair = 0
    } else if let known = pairs[colors] {
      pair = known
    } else {
      guard nextPair < cn_color_pairs() else { return 0 }
      pair = nextPair
      nextPair += 1
      cn_init_extended_pair(pair, colors.foreground, colors.background)
      pairs[colors] = pair
    }
    stylePairs[style] = pair
    return pair
  }

  /// What terminfo says `term` can show, without opening a screen: for output written to
  /// stdout (`iconpick show`). Nil when terminfo has no entry for it.
  public static func terminfoColors(term: String) -> (colors: Int, direct: Bool)? {
    var colors: Int32 = 0
    var rgb = false
    guard cn_terminfo_colors(term, &colors, &rgb) else { return nil }
    return (Int(colors), rgb)
  }

  /// What the terminal can show, as terminfo says: the number of colours and whether colour
  /// numbers are 24-bit RGB values (direct colour, the `RGB` capability).
  public var colorCapability: (colors: Int, direct: Bool) {
    guard colorEnabled else { return (0, false) }
    return (Int(cn_colors()), cn_has_direct_color())
  }

  private func colorNumber(_ color: TerminalColor) -> Int32 {
    let colors = cn_colors()
    switch color {
    case .terminalDefault: return -1
    case .ansi(let index):
      // An 8-colour terminal shows the bright colours as their plain ones; so does a
      // direct-colour one, where numbers from 8 up are RGB values (8 would be near black).
      return colors >= 16 && !cn_has_direct_color() ? Int32(index) : Int32(index % 8)
    case .indexed(let index) where Int32(index) < colors:
      return Int32(index)
    case .indexed(let index):
      // Never the default colours for a colour the terminal lacks (they would draw a preview's
      // pixel as the text's black or white): a bright colour as its dim twin, the rest as the
      // nearest of the 8 (previews are quantized for the terminal, so this is a fallback).
      guard colors >= 8 else { return -1 }
      if index < 16 { return Int32(index % 8) }
      let (red, green, blue) = ColorQuantizer.rgb(ofIndex: index)
      return Int32(ColorQuantizer.nearest8(red, green, blue))
    case .rgb(let red, let green, let blue):
      // Direct-colour terminfo entries number colours by their packed RGB value.
      guard cn_has_direct_color() else { return -1 }
      return Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
    }
  }
}
