import FoundationEssentials
import IconCatalog
import IconState
import PickerScreen

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line: parses, runs the picker, and turns every outcome into an exit status.
enum IconpickCommand {
  static let version = "0.1.0"

  static func run(arguments: [String], environment: [String: String]) -> ExitStatus {
    let options: Options
    do {
      options = try Options.parse(arguments)
    } catch {
      printError("\(error.message)\nRun '\(helpCommand(arguments))' for usage.")
      return .usage
    }
    if options.showHelp {
      print(Usage.text(for: options.command))
      return .success
    }
    if options.showVersion {
      print("iconpick \(version)")
      return .success
    }
    do {
      switch options.command {
      case .pick: return try PickCommand(options: options, environment: environment).run()
      case .list: return try ListCommand(options: options, environment: environment).run()
      case .show: return try ShowCommand(options: options, environment: environment).run()
      case .get: return try GetCommand(options: options, environment: environment).run()
      case .set, .reset: return try SetCommand(options: options, environment: environment).run()
      case .push: return try PushCommand(options: options, environment: environment).run()
      case .check: return try CheckCommand(options: options, environment: environment).run()
      case .add, .remove:
        return try EditCommand(options: options, environment: environment).run()
      case .completions:
        print(Completions.script(for: options.shell ?? .bash), terminator: "")
        return .success
      }
    } catch {
      printError(MessageText.sentence(error))
      return .failure
    }
  }

  /// The help that covers a wrong command line: the command's own (`iconpick add --help`) when
  /// its first word names one, as the parser reads it; else `iconpick --help`.
  static func helpCommand(_ arguments: [String]) -> String {
    guard let first = arguments.first, let command = Subcommand(rawValue: first), command != .pick
    else { return "iconpick --help" }
    return "iconpick \(command.rawValue) --help"
  }

  // Every line iconpick writes on stderr says what it is, so a script or CI can tell them apart:
  // `iconpick: error:` a refusal (the command did not do its work, exit 1 or 2), `iconpick:
  // warning:` a problem the work went on past, `iconpick: note:` anything else (which Xcode made
  // an artifact, a bundle left out, what was written). The one other line is the change alert of
  // set, reset and push, worded as iOS words it (`--quiet` leaves it out).

  /// A line that is neither a refusal nor a warning.
  static func printNote(_ message: String) {
    StandardError.write("iconpick: note: \(message)\n")
  }

  /// A problem the command went on past.
  static func printWarning(_ message: String) {
    StandardError.write("iconpick: warning: \(message)\n")
  }

  /// A refusal: the command stops with a non-zero status.
  static func printError(_ message: String) {
    StandardError.write("iconpick: error: \(message)\n")
  }
}
