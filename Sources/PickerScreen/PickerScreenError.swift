/// What can stop the picker's terminal from starting.
public enum PickerScreenError: Error, Equatable, CustomStringConvertible {
  /// /dev/tty could not be opened: no controlling terminal (a cron job, a pipe without a tty).
  case noTerminal(path: String, reason: String)
  /// terminfo has no entry for $TERM.
  case unknownTerminalType(String)

  public var description: String {
    switch self {
    case .noTerminal(let path, let reason):
      return
        "cannot open the terminal \(path): \(reason). The picker needs an interactive terminal; in scripts use `iconpick get`/`set`."
    case .unknownTerminalType(let name):
      return
        "unknown terminal type \"\(name)\" (TERM): terminfo has no entry for it. Set TERM to one it knows, e.g. TERM=xterm-256color, or install ncurses-term."
    }
  }
}
