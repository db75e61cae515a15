import Glibc
import IconCatalog
import IconRender
import TerminalGraphics

/// `show`'s terminal images: the protocol to use, the icon's pixels for the cells it covers, and
/// the bytes that draw them at the cursor.
enum ShowImage {
  /// The protocol and cell size for `request`. `auto` with stdout not a terminal is cells
  /// without asking anything (today's output, byte for byte); otherwise the terminal is asked on
  /// `/dev/tty` (a forced protocol asks only the cell size); a forced protocol into a pipe or a
  /// file uses `GraphicsDetection.defaultCellPixels`.
  static func setup(request: GraphicsRequest, environment: [String: String]) -> GraphicsSetup {
    guard isatty(STDOUT_FILENO) == 1 else {
      return GraphicsDetection.decide(
        request: request, capabilities: nil, environment: environment, isTerminal: false)
    }
    let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    defer { if terminal >= 0 { close(terminal) } }
    return GraphicsDetection.detect(
      request: request, environment: environment,
      descriptor: terminal >= 0 ? terminal : STDOUT_FILENO)
  }

  /// The bytes that draw `image` at the cursor over `columns` × `rows` cells and leave the
  /// cursor at the start of the line below: newlines first make room (so the image never
  /// scrolls the screen itself), then back up, save the cursor, draw, restore, and go down.
  /// The room includes the row a sixel image's last band may reach below the cells: xterm puts
  /// its cursor on the line after the image, and scrolled the screen when that was past the end.
  /// Each run draws a new kitty image id, so an earlier `show` stays on the screen.
  static func bytes(
    _ image: RGBAImage, encoder: any TerminalImageEncoder, columns: Int, rows: Int
  ) -> [UInt8] {
    let room = rows + encoder.rowsBelowCells(image, rows: rows)
    var bytes = Array(String(repeating: "\n", count: room).utf8)
    bytes += Array("\u{1B}[\(room)A\r\u{1B}7".utf8)
    bytes += encoder.drawAtCursor(
      image, id: UInt32.random(in: 1...UInt32.max), columns: columns, rows: rows)
    bytes += Array("\u{1B}8\u{1B}[\(rows)B\r".utf8)
    return bytes
  }

  /// Writes `bytes` to stdout whole (after anything `print` has buffered).
  static func write(_ bytes: [UInt8]) {
    fflush(nil)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count)
      }
      if count > 0 {
        written += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
