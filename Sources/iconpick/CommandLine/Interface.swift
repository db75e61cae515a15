/// The shape of a command-line declaration: the commands, their arguments and their options.
/// `Interface.commands` and `Interface.options` (Declaration.swift) are the one place the
/// command line is written down; the parser, `--help`, the completion scripts and the man page's
/// synopsis and options are all made from them.
enum Interface {}

/// A word an option's value can be, offered by the completions and listed in the help.
struct ValueChoice: Equatable {
  var word: String
  /// A few words for the help, zsh and fish; empty when the word says it all.
  var about = ""
  /// The man page's paragraph, when it says more than `about` (*bold* and <italic> marked).
  var manual = ""
}

/// What follows an option.
enum OptionValue: Equatable {
  /// Nothing: a flag.
  case none
  /// Any text; nothing to offer.
  case text(String)
  /// A folder.
  case directory(String)
  /// A file; `pattern` narrows what zsh offers (`*.png`).
  case file(String, pattern: String?)
  /// One of fixed words (the parser checks; `choices` are what the completions offer).
  case choice(String, [ValueChoice])
  /// Any value, with examples to offer.
  case example(String, [String])

  /// The placeholder help and the man page show (`DIR`, `COLSxROWS`); nil for a flag.
  var placeholder: String? {
    switch self {
    case .none: nil
    case .text(let name), .directory(let name), .file(let name, _), .choice(let name, _),
      .example(let name, _):
      name
    }
  }

  /// The words the completions offer.
  var offered: [ValueChoice] {
    switch self {
    case .choice(_, let choices): choices
    case .example(_, let words): words.map { ValueChoice(word: $0) }
    default: []
    }
  }
}

/// One option, as the user types it and as every generated text shows it.
struct OptionSpec: Sendable {
  /// `--state-dir`.
  var long: String
  /// `-o`, when there is a short form.
  var short: String?
  var value: OptionValue = .none
  /// The commands that accept it; another command's use is an error naming these.
  var commands: [Subcommand]
  /// The commands whose completions offer it (default: every command that accepts it).
  var offeredIn: [Subcommand]?
  /// True when it changes which app or icons are read: the completions pass it on to the
  /// `iconpick list --json` they run to find icon names.
  var readsApp = false
  /// True for `--help` and `--version`: nothing else on the line matters.
  var standsAlone = false
  /// One line for the completions' descriptions and the start of the help.
  var summary: String
  /// More for `--help` after the summary (plain text).
  var details = ""
  /// The man page's paragraph: plain text with *bold* and _italic_ words.
  var manual: String
  /// Records the value (empty for a flag) in the options; throws when it is not one it takes.
  var apply: @Sendable (inout Options, String) throws(UsageError) -> Void

  var names: [String] { [short, long].compactMap { $0 } }
  var offeredCommands: [Subcommand] { offeredIn ?? commands }
  /// Taken by every command that reads an app; `--help` and `--version`, which every command
  /// takes, stand alone instead (else the help and the man page list them twice).
  var isGlobal: Bool {
    !standsAlone && Set(Interface.appCommands).isSubset(of: Set(commands))
  }
}

/// What a command's positional argument is, for the help and the completions.
enum PositionalKind: Equatable {
  /// The app (`PATH`).
  case app
  /// An icon name, from `iconpick list --json`.
  case iconName
  /// An icon name or, when such a file exists, the app.
  case iconNameOrApp
  /// A file, or `-` for standard input.
  case payload
  /// A file or folder to read (`add`'s IMAGE).
  case file
  /// A name that is not there yet (`add`'s NAME): nothing to complete.
  case newName
  /// A shell's name.
  case shell([String])
}

struct PositionalSpec {
  /// `NAME`, `PATH`, `PAYLOAD|-`.
  var name: String
  var kind: PositionalKind
  var optional: Bool
  /// For the help's ARGUMENTS.
  var help: String
}

/// One form of a command's synopsis: the options it shows (by long name), each in brackets
/// unless `required`.
struct SynopsisForm {
  var options: [(long: String, required: Bool)]
  /// Whether the command's positionals come first (not in a form that reads no app).
  var withPositionals = true
  /// Whether `[OPTIONS]` (the options every app command takes) follows.
  var withCommonOptions = true
}

struct CommandSpec {
  var command: Subcommand
  /// One line, for the command list and the completions.
  var summary: String
  var positionals: [PositionalSpec]
  var forms: [SynopsisForm]
  /// The help's paragraph after USAGE.
  var about: String
  /// The help's EXIT STATUS line, after "EXIT STATUS: ".
  var exitStatus: String

  /// The word typed for it; the picker has none.
  var word: String? { command == .pick ? nil : command.rawValue }
}

extension Interface {
  static func spec(_ command: Subcommand) -> CommandSpec {
    // Every case is declared; Declaration's test holds this.
    commands.first { $0.command == command }!
  }

  /// The option a word names (`--output`, `-o`), if any.
  static func option(named name: String) -> OptionSpec? {
    options.first { $0.long == name || $0.short == name }
  }

  static func option(long: String) -> OptionSpec {
    options.first { $0.long == long }!
  }

  /// The options a command accepts, in declaration order.
  static func options(of command: Subcommand) -> [OptionSpec] {
    options.filter { $0.commands.contains(command) }
  }

  /// "'iconpick show'", "'iconpick set', 'reset' and 'push'".
  static func quotedCommands(_ commands: [Subcommand]) -> String {
    let words = commands.map { $0 == .pick ? "iconpick" : $0.rawValue }
    guard let first = words.first else { return "" }
    let rest = words.dropFirst().map { "'\($0)'" }
    let head = first == "iconpick" ? "'iconpick'" : "'iconpick \(first)'"
    switch rest.count {
    case 0: return head
    case 1: return "\(head) and \(rest[0])"
    default:
      return ([head] + rest.dropLast()).joined(separator: ", ") + " and \(rest.last!)"
    }
  }

  /// The synopsis lines of a command, without "USAGE: ".
  static func synopsis(_ command: Subcommand) -> [String] {
    let spec = spec(command)
    return spec.forms.map { form in
      var words = ["iconpick"] + [spec.word].compactMap { $0 }
      if form.withPositionals {
        words += spec.positionals.map { $0.optional ? "[\($0.name)]" : $0.name }
      }
      for (long, required) in form.options {
        let option = option(long: long)
        let text = [long, option.value.placeholder].compactMap { $0 }.joined(separator: " ")
        words.append(required ? text : "[\(text)]")
      }
      if form.withCommonOptions { words.append("[OPTIONS]") }
      return words.joined(separator: " ")
    }
  }
}
