import Foundation

/// The subcommands. The picker is the default, as `iconpick` alone opens it.
enum Subcommand: String, CaseIterable, Equatable {
  case pick
  case list
}

/// The command line, parsed.
struct Options: Equatable {
  var command: Subcommand = .pick
  var path: String?
  var stateDirectory: String?
  var target: String?
  var configuration: String?
  var json = false
  var showHelp = false
  var showVersion = false
}

/// A command line that cannot be run; exit 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  var description: String { message }
}

extension Options {
  /// Accepts `--opt VALUE` and `--opt=VALUE`; `--` ends the options. A first word that
  /// names a command selects it; give a folder of that name as `./list`.
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
      if inline != nil && ["-h", "--help", "--version", "--", "--json"].contains(name) {
        throw UsageError(message: "\(name) takes no value")
      }
      switch name {
      case "--": optionsEnded = true
      case "-h", "--help": options.showHelp = true
      case "--version": options.showVersion = true
      case "--state-dir": options.stateDirectory = try value(for: name, inline: inline)
      case "--target": options.target = try value(for: name, inline: inline)
      case "--configuration": options.configuration = try value(for: name, inline: inline)
      case "--json":
        guard options.command == .list else {
          throw UsageError(message: "--json is an option of 'iconpick list', not of the picker")
        }
        options.json = true
      default:
        throw UsageError(message: "unknown option '\(name)'")
      }
    }
    guard positionals.count <= 1 else {
      throw UsageError(message: "unexpected argument '\(positionals[1])': give at most one PATH")
    }
    options.path = positionals.first
    return options
  }
}
