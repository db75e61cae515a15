import Foundation
import IconCatalog
import IconState
import PickerScreen

/// The command line: parses, runs the picker, and turns every outcome into an exit status.
enum IconpickCommand {
  static let version = "0.1.0"

  static let usage = """
    USAGE: iconpick [PATH] [--state-dir DIR]

    Choose the app's icon in an interactive picker, as iOS's alternate icons do.

    ARGUMENTS:
      PATH              The app: a folder with an Info.plist, .xcconfig and .xcassets,
                        or an Info.plist. Default: the current folder if it holds an
                        app, otherwise the bundled demo app, Palette.

    OPTIONS:
      --state-dir DIR   Keep the recorded choice in DIR
                        (default: $XDG_STATE_HOME/iconpick or ~/.local/state/iconpick).
      -h, --help        Show this help.
      --version         Show the version.

    KEYS: ↑/↓ k/j Ctrl-P/Ctrl-N move · PgUp/PgDn Home/End g/G jump · Enter choose · q/Esc quit

    EXIT STATUS: 0 done · 1 failed · 2 bad command line · 130 interrupted (Ctrl-C).
    """

  static func run(arguments: [String], environment: [String: String]) -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      printError("\(error.message)\nRun 'iconpick --help' for usage.")
      return .usage
    }
    if options.showHelp {
      print(usage)
      return .success
    }
    if options.showVersion {
      print("iconpick \(version)")
      return .success
    }
    do {
      return try PickCommand(options: options, environment: environment).run()
    } catch {
      printError(String(describing: error))
      return .failure
    }
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data("iconpick: \(message)\n".utf8))
  }
}
