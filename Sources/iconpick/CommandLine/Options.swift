import FoundationEssentials
import IconCatalog
import IconCheck
import IconRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The subcommands. The picker is the default, as `iconpick` alone opens it.
enum Subcommand: String, CaseIterable, Equatable {
  case pick
  case list
  case get
  case set
  case reset
  case push
  case show
  case check
  case add
  case remove
  case completions
}

/// The shells `iconpick completions` writes scripts for.
enum Shell: String, CaseIterable {
  case bash
  case zsh
  case fish
}

/// The command line, parsed.
struct Options {
  var command: Subcommand = .pick
  var path: String?
  /// `show`'s and `set`'s NAME.
  var iconName: String?
  /// `add`'s IMAGE: a square PNG of at least 1024 px, or an Icon Composer `.icon`.
  var image: String?
  /// `add --dark IMAGE` and `--tinted IMAGE`: the set's other appearances.
  var darkImage: String?
  var tintedImage: String?
  /// `add --dry-run`, `remove --dry-run`: print the change as a diff and write nothing.
  var dryRun = false
  /// `check --fix`: apply every safe fix, then check again; `--unsafe-fixes` adds the unsafe
  /// ones; `--background` is the colour an alpha channel is flattened onto.
  var fix = false
  var unsafeFixes = false
  var background: String?
  /// `remove --keep-files`: take the name out of the declarations, keep its set or files.
  var keepFiles = false
  /// `push`'s PAYLOAD: a file, or "-" for stdin.
  var payload: String?
  var quiet = false
  var color: String?
  /// `--graphics`: how `pick` and `show` draw previews (checked when parsed; resolved with
  /// ICONPICK_GRAPHICS by `GraphicsRequest.resolve`).
  var graphics: String?
  var size: (columns: Int, rows: Int)?
  /// `show --appearance light|dark|tinted|tinted-light|clear-light|clear-dark`: the values
  /// icon.json specializes for...
  var appearance: IconAppearance?
  /// ...and which of Icon Composer's six looks an `.icon` is drawn in (`tinted` is TintedDark).
  var look: IconComposerLook?
  /// `show --output --square`: an `.icon` as the uncut square, not cut to the rounded square.
  var square = false
  /// `show --output FILE.png`: write the icon as a PNG instead of printing its preview.
  var output: String?
  /// `show --pixels N`: the side of the PNG `--output` writes.
  var pixels: Int?
  var stateDirectory: String?
  var target: String?
  var configuration: String?
  /// `--platform ios|tvos`: which app of a target that builds for several; nil: iOS when it builds
  /// for iOS.
  var platform: AppPlatform?
  var json = false
  /// `check --format`; `--json` is `--format json`. nil: gcc.
  var format: CheckReport.Format?
  var warningsAsErrors = false
  /// `completions`' SHELL.
  var shell: Shell?
  /// `check --rules`: list every diagnostic id instead of checking an app.
  var listRules = false
  /// `check --against APP`: the built app (.app, .ipa, .xcarchive) to compare the prediction with.
  var against: String?
  var showHelp = false
  var showVersion = false
}

extension Options {
  /// The largest PNG `show --output` writes: 4096 × 4096 is 64 MiB of pixels.
  static let maximumPixels = 4096
}

/// A command line that cannot be run; exit 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  var description: String { message }
}

extension Options {
  /// Accepts `--opt VALUE` and `--opt=VALUE`; `--` ends the options. A first word that
  /// names a command selects it; give a folder of that name as `./list`. The options are
  /// those of `Interface.options`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    var positionals: [String] = []
    var optionsEnded = false

    func value(for option: String, inline: String?) throws(UsageError) -> String {
      let given: String
      if let inline {
        given = inline
      } else if let next = remaining.popFirst() {
        given = next
      } else {
        throw UsageError(message: "\(option) needs a value")
      }
      guard !given.isEmpty else { throw UsageError(message: "\(option) needs a value") }
      return given
    }

    if let first = remaining.first, let command = Subcommand(rawValue: first), command != .pick {
      options.command = command
      remaining.removeFirst()
    }

    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      if name == "--" {
        guard inline == nil else { throw UsageError(message: "-- takes no value") }
        optionsEnded = true
        continue
      }
      guard let option = Interface.option(named: name) else {
        throw UsageError(message: "unknown option '\(name)'")
      }
      if option.value == .none && inline != nil {
        throw UsageError(message: "\(name) takes no value")
      }
      guard option.commands.contains(options.command) else {
        let command = Interface.quotedCommands([options.command])
        throw UsageError(
          message: option.isGlobal
            ? "\(name) is not an option of \(command)"
            : "\(name) is an option of \(Interface.quotedCommands(option.commands))")
      }
      try option.apply(&options, option.value == .none ? "" : value(for: name, inline: inline))
    }
    if options.showHelp || options.showVersion { return options }
    if options.command == .check && options.json {
      // --json is --format json.
      guard options.format == nil || options.format == .json else {
        throw UsageError(message: "--json is --format json: give one format")
      }
      options.format = .json
    }
    if options.listRules {
      // The list of ids reads no app: a table, or JSON.
      guard options.format == nil || options.format == .json else {
        throw UsageError(
          message:
            "--rules prints a table, or JSON with --json: not --format \(options.format?.rawValue ?? "")"
        )
      }
      guard !options.warningsAsErrors else {
        throw UsageError(
          message: "--rules lists the ids and checks nothing: drop --warnings-as-errors")
      }
      if let word = positionals.first {
        throw UsageError(
          message: "unexpected argument '\(word)': --rules lists the ids and reads no app")
      }
      guard options.against == nil else {
        throw UsageError(message: "--rules lists the ids and checks nothing: drop --against")
      }
    }
    if options.command == .check {
      if options.unsafeFixes && !options.fix {
        throw UsageError(message: "--unsafe-fixes goes with --fix: give --fix too")
      }
      if options.background != nil && !options.fix {
        throw UsageError(message: "--background is the colour --fix flattens onto: give --fix too")
      }
      if options.dryRun && !options.fix {
        throw UsageError(message: "check --dry-run shows what --fix would write: give --fix too")
      }
      if options.fix && (options.against != nil || options.listRules) {
        throw UsageError(
          message: "--fix changes the project PATH: not with --against or --rules")
      }
    }
    if options.square && options.output == nil {
      throw UsageError(
        message: "--square is for the PNG --output writes: give --output FILE.png too")
    }
    if options.pixels != nil && options.output == nil {
      throw UsageError(
        message: "--pixels sets the size of the PNG --output writes: give --output FILE.png too")
    }
    if options.output != nil && options.size != nil {
      throw UsageError(
        message: "--size is for the terminal preview; with --output, give --pixels N")
    }
    if options.command == .completions {
      guard let word = positionals.first else {
        throw UsageError(message: "'iconpick completions' needs a SHELL: bash, zsh or fish")
      }
      guard positionals.count == 1 else {
        throw UsageError(message: "unexpected argument '\(positionals[1])': give one SHELL")
      }
      guard let shell = Shell(rawValue: word) else {
        throw UsageError(message: "'\(word)' is not a shell iconpick completes: bash, zsh or fish")
      }
      options.shell = shell
      return options
    }
    if options.command == .add || options.command == .remove {
      try Self.editPositionals(positionals, into: &options)
      return options
    }
    if options.command == .set || options.command == .push {
      // set NAME [PATH], push PAYLOAD|- [PATH]: the first word is required.
      let what = options.command == .set ? "NAME" : "PAYLOAD (a file, or - for stdin)"
      guard let first = positionals.first else {
        throw UsageError(message: "'iconpick \(options.command.rawValue)' needs a \(what)")
      }
      guard positionals.count <= 2 else {
        throw UsageError(
          message: "unexpected argument '\(positionals[2])': give \(what) and at most one PATH")
      }
      if options.command == .set { options.iconName = first } else { options.payload = first }
      options.path = positionals.count == 2 ? positionals[1] : nil
      return options
    }
    if options.command == .show {
      // show [NAME] [PATH]: one word is a PATH when such a file exists, else a NAME.
      switch positionals.count {
      case 0: break
      case 1:
        if FileManager.default.fileExists(atPath: positionals[0]) {
          options.path = positionals[0]
        } else {
          options.iconName = positionals[0]
        }
      case 2:
        options.iconName = positionals[0]
        options.path = positionals[1]
      default:
        throw UsageError(
          message: "unexpected argument '\(positionals[2])': give at most a NAME and a PATH")
      }
      return options
    }
    guard positionals.count <= 1 else {
      throw UsageError(message: "unexpected argument '\(positionals[1])': give at most one PATH")
    }
    // A bare word that is neither a command nor a file is a mistyped command, not a PATH.
    if options.command == .pick, let word = positionals.first, !word.contains("/"),
      !FileManager.default.fileExists(atPath: word)
    {
      let commands = Subcommand.allCases.filter { $0 != .pick }.map(\.rawValue)
      throw UsageError(
        message:
          "unknown command '\(word)' (commands: \(commands.joined(separator: ", "))); for a PATH in the current folder, write ./\(word)"
      )
    }
    options.path = positionals.first
    return options
  }
}

extension Options {
  /// A word after `add NAME` alone is IMAGE when it names a `.png` or an `.icon`, or a file that
  /// is none of a project's (a PNG saved without its extension, `icon-1024`); else PATH, which
  /// is a folder, an `.xcodeproj` or a spec.
  static func isImageWord(_ word: String) -> Bool {
    let ext = PathText.pathExtension(word).lowercased()
    if ext == "png" || ext == "icon" { return true }
    var info = stat()
    guard stat(word, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    return !["yml", "yaml", "plist", "pbxproj", "xcconfig"].contains(ext)
  }

  /// `add NAME [IMAGE] [PATH]` and `remove NAME [PATH]`. Of `add`'s two words after NAME, one
  /// alone is IMAGE or PATH (`isImageWord`).
  static func editPositionals(_ positionals: [String], into options: inout Options)
    throws(UsageError)
  {
    let command = options.command.rawValue
    guard let name = positionals.first else {
      throw UsageError(message: "'iconpick \(command)' needs a NAME: the icon's name")
    }
    options.iconName = name
    let rest = Array(positionals.dropFirst())
    if options.command == .remove {
      guard rest.count <= 1 else {
        throw UsageError(
          message: "unexpected argument '\(rest[1])': give NAME and at most one PATH")
      }
      options.path = rest.first
    } else {
      switch rest.count {
      case 0: break
      case 1:
        if isImageWord(rest[0]) { options.image = rest[0] } else { options.path = rest[0] }
      case 2:
        options.image = rest[0]
        options.path = rest[1]
      default:
        throw UsageError(
          message: "unexpected argument '\(rest[2])': give NAME, IMAGE and at most one PATH")
      }
      if options.image == nil, options.darkImage != nil || options.tintedImage != nil {
        throw UsageError(
          message: "--dark and --tinted go with an IMAGE: give the icon's main image too")
      }
    }
  }
}
