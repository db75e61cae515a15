/// How previews reach the screen: one of the terminal image protocols, or character cells.
public enum GraphicsProtocol: String, CaseIterable, Sendable {
  /// kitty's graphics protocol (APC `_G`): kitty, WezTerm, Ghostty, Konsole.
  case kitty
  /// iTerm2's inline images (OSC 1337 `File=`): iTerm2, WezTerm, VS Code's terminal.
  case iterm
  /// DEC sixel graphics: xterm `-ti vt340`, foot, mlterm, Windows Terminal, tmux 3.4+.
  case sixel
  /// Half-block characters in colour: every terminal, and the fallback everywhere.
  case cells
}

/// What `--graphics` or `ICONPICK_GRAPHICS` asked for.
public enum GraphicsRequest: Equatable, Sendable {
  /// Ask the terminal what it can show; cells when it answers nothing.
  case auto
  /// This protocol, whatever the terminal says.
  case forced(GraphicsProtocol)

  /// The values `--graphics` accepts, as shown in its error message.
  public static let flagValues = ["auto"] + GraphicsProtocol.allCases.map(\.rawValue)

  /// The request for a `--graphics` value; nil when it is not one of `flagValues`.
  public init?(flag: String) {
    let value = flag.lowercased()
    if value == "auto" {
      self = .auto
    } else if let chosen = GraphicsProtocol(rawValue: value) {
      self = .forced(chosen)
    } else {
      return nil
    }
  }

  /// `--graphics` when given, else `ICONPICK_GRAPHICS` when set and non-empty, else `auto`.
  /// An unknown value is an error naming where it came from and the valid ones.
  public static func resolve(flag: String?, environment: [String: String])
    throws(TerminalGraphicsError) -> GraphicsRequest
  {
    if let flag {
      guard let request = GraphicsRequest(flag: flag) else {
        throw .unknownGraphics(value: flag, source: "--graphics", valid: flagValues)
      }
      return request
    }
    if let value = environment["ICONPICK_GRAPHICS"], !value.isEmpty {
      guard let request = GraphicsRequest(flag: value) else {
        throw .unknownGraphics(value: value, source: "ICONPICK_GRAPHICS", valid: flagValues)
      }
      return request
    }
    return .auto
  }
}
