import IconCatalog

/// What can go wrong choosing or writing terminal images.
public enum TerminalGraphicsError: Error, Equatable, CustomStringConvertible {
  /// `--graphics` or `ICONPICK_GRAPHICS` (`source`) holds a value that is not a protocol.
  case unknownGraphics(value: String, source: String, valid: [String])

  public var description: String {
    switch self {
    case .unknownGraphics(let value, let source, let valid):
      return
        "unknown graphics \"\(MessageText.escaped(value))\" (\(source)): use one of "
        + valid.joined(separator: ", ")
    }
  }
}
