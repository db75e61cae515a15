/// The help texts, `iconpick --help` and `iconpick COMMAND --help`, made from the declaration.
enum Usage {
  /// The width the help is wrapped to.
  static let width = 90
  /// Where an option's text starts.
  static let optionColumn = 24

  static let keys = """
    KEYS: ↑/↓ k/j Ctrl-P/Ctrl-N move · PgUp/PgDn Home/End g/G jump · Enter choose ·
    / filter (Esc clears) · v grid/list (←/→ h/l in the grid) · a appearance · q/Esc quit
    """

  static func text(for command: Subcommand) -> String {
    let spec = Interface.spec(command)
    let synopsis =
      command == .pick
      ? Interface.commands.flatMap { Interface.synopsis($0.command) }
      : Interface.synopsis(command)
    var sections: [String] = []
    sections.append(
      synopsis.enumerated().map { ($0.offset == 0 ? "USAGE: " : "       ") + $0.element }
        .joined(separator: "\n"))
    sections.append(wrap(spec.about, width: width))
    sections.append(
      "ARGUMENTS:\n"
        + spec.positionals.map { argument in
          hanging(
            "  " + argument.name, argument.help, column: max(10, argument.name.count + 4))
        }.joined(separator: "\n"))
    sections.append("OPTIONS:\n" + optionLines(for: command).joined(separator: "\n"))
    if command == .pick {
      let commands = Interface.commands.compactMap { spec in
        spec.word.map { hanging("  " + $0, spec.summary, column: 15) }
      }
      sections.append("COMMANDS:\n" + commands.joined(separator: "\n"))
      sections.append("Run 'iconpick COMMAND --help' for a command's own help.")
      sections.append(keys)
    }
    sections.append(wrap("EXIT STATUS: " + spec.exitStatus, width: width))
    return sections.joined(separator: "\n\n")
  }

  /// The options a command's help lists: those every app command takes, then its own.
  static func optionLines(for command: Subcommand) -> [String] {
    let accepted = Interface.options(of: command)
    let ordered =
      accepted.filter(\.isGlobal) + accepted.filter(\.standsAlone)
      + accepted.filter { !$0.isGlobal && !$0.standsAlone }
    return ordered.map { option in
      var names = option.names.joined(separator: ", ")
      if let placeholder = option.value.placeholder { names += " " + placeholder }
      let text =
        option.details.isEmpty ? option.summary + "." : option.summary + " " + option.details
      var lines = [hanging("  " + names, text, column: optionColumn)]
      if case .choice(_, let choices) = option.value, choices.contains(where: { !$0.about.isEmpty })
      {
        let column = (choices.map(\.word.count).max() ?? 0) + optionColumn + 4
        lines += choices.map {
          hanging(
            String(repeating: " ", count: optionColumn + 2) + $0.word, $0.about, column: column)
        }
      }
      return lines.joined(separator: "\n")
    }
  }

  /// `label` then `text` from `column`, wrapped, later lines indented to `column`; the text
  /// starts on the next line when the label is too wide.
  static func hanging(_ label: String, _ text: String, column: Int) -> String {
    let indent = String(repeating: " ", count: column)
    let lines = wrapLines(text, width: width - column)
    guard let first = lines.first else { return label }
    let head =
      label.count + 2 <= column
      ? label + String(repeating: " ", count: column - label.count) + first
      : label + "\n" + indent + first
    return ([head] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
  }

  /// Wraps each paragraph line; a line that starts with spaces is kept as written.
  static func wrap(_ text: String, width: Int) -> String {
    wrapLines(text, width: width).joined(separator: "\n")
  }

  static func wrapLines(_ text: String, width: Int) -> [String] {
    var result: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(" ") {
        result.append(String(line))
        continue
      }
      var current = ""
      for word in line.split(separator: " ") {
        if current.isEmpty {
          current = String(word)
        } else if current.count + 1 + word.count <= width {
          current += " " + word
        } else {
          result.append(current)
          current = String(word)
        }
      }
      result.append(current)
    }
    return result
  }
}
