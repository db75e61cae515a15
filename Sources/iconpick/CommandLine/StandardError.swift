import IconCatalog

/// Messages for stderr (`StandardErrorStream`: write(2), a failed write never a crash).
///
/// Every line is escaped and bounded here (`MessageText.lines`): whatever a message interpolated,
/// no name from an artifact reaches the terminal as an escape sequence or a megabyte line.
enum StandardError {
  static func write(_ text: String) { StandardErrorStream.write(MessageText.lines(text)) }
}
