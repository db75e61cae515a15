import Glibc
import IconCatalog

/// Messages for stderr, written with write(2). Foundation's FileHandle.write traps when the
/// write fails (a full disk, a `ulimit -f` on a redirected stderr), and a failed message must
/// never turn into a crash.
///
/// Every line is escaped and bounded here (`MessageText.lines`): whatever a message interpolated,
/// no name from an artifact reaches the terminal as an escape sequence or a megabyte line.
enum StandardError {
  static func write(_ text: String) {
    var bytes = Array(MessageText.lines(text).utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
