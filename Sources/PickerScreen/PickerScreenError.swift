import IconCatalog

/// What can stop the picker's terminal from starting.
public enum PickerScreenError: Error, Equatable, CustomStringConvertible {
  /// /dev/tty could not be opened: no controlling terminal (a cron job, a pipe without a tty).
  case noTerminal(path: String, reason: String)
  /// terminfo has no entry for $TERM.
  case unknownTerminalType(String)
  /// The terminal cannot move the cursor (TERM=dumb), which a full-screen picker needs.
  case terminalTooLimited(String)
  /// ncurses, opened when the picker starts, is not installed; `reason` is the loader's.
  case ncursesMissing(reason: String)

  public var description: String {
    switch self {
    case .noTerminal(let path, let reason):
      return
        "cannot open the terminal \(MessageText.path(path)): \(MessageText.path(reason)). The picker needs an interactive terminal."
    case .unknownTerminalType(let name):
      return
        "unknown terminal type \"\(MessageText.escaped(name))\" (TERM): terminfo has no entry for it. Set TERM to one it knows, e.g. TERM=xterm-256color, or install ncurses-term."
    case .terminalTooLimited(let name):
      return
        "the terminal type \"\(MessageText.escaped(name))\" (TERM) cannot move the cursor, which the picker needs. Use a full terminal type, e.g. TERM=xterm-256color."
    case .ncursesMissing(let reason):
      return
        "ncurses is not installed (\(MessageText.path(reason))): the picker draws with it. Install it with apt-get install libncursesw6."
    }
  }
}
