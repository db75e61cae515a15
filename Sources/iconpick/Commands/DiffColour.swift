import Glibc

/// The colours of a change's preview (`add`, `remove` and `check --fix` with `--dry-run`), as
/// `git diff` colours its own: removed lines red, added lines green, hunk heads cyan, file heads
/// bold. Only the 8 ANSI colours, which every colour terminal shows.
enum DiffColour {
  /// Colours when `--color` says a mode other than `none`; without it, when standard output is
  /// a terminal, `NO_COLOR` is unset or empty, and `TERM` is not `dumb`.
  static func isWanted(flag: String?, environment: [String: String], stdoutIsTerminal: Bool)
    -> Bool
  {
    if let flag { return flag.lowercased() != "none" }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return stdoutIsTerminal
  }

  static func isWanted(flag: String?, environment: [String: String]) -> Bool {
    isWanted(flag: flag, environment: environment, stdoutIsTerminal: isatty(1) == 1)
  }

  /// `preview` with each line coloured by its first characters.
  static func coloured(_ preview: String) -> String {
    var lines = preview.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices {
      let line = lines[index]
      let code: String? =
        line.hasPrefix("+++") || line.hasPrefix("---") || line.hasPrefix("diff ")
        ? "1"
        : line.hasPrefix("@@")
          ? "36" : line.hasPrefix("+") ? "32" : line.hasPrefix("-") ? "31" : nil
      if let code, !line.isEmpty { lines[index] = "\u{1B}[\(code)m\(line)\u{1B}[m" }
    }
    return lines.joined(separator: "\n")
  }

  /// The preview as the options and the environment want it printed.
  static func preview(_ text: String, flag: String?, environment: [String: String]) -> String {
    isWanted(flag: flag, environment: environment) ? coloured(text) : text
  }
}
