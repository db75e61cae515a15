import IconCatalog

/// What can go wrong choosing or writing terminal images.
public enum TerminalGraphicsError: Error, Equatable, CustomStringConvertible {
  /// `--graphics` or `ICONPICK_GRAPHICS` (`source`) holds a value that is not a protocol.
  case unknownGraphics(value: String, source: String, valid: [String])
  /// The library an encoder needs (libchafa for sixel) cannot be opened; `reason` says why.
  case libraryMissing(reason: String)

  public var description: String {
    switch self {
    case .unknownGraphics(let value, let source, let valid):
      return
        "unknown graphics \"\(MessageText.escaped(value))\" (\(source)): use one of "
        + valid.joined(separator: ", ")
    case .libraryMissing(let reason):
      return "sixel images need libchafa: \(reason)"
    }
  }
}
