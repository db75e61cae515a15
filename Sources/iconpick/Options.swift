import Foundation

/// The command line, parsed. Later commands (list, get, set, ...) add their own.
struct Options: Equatable {
  var path: String?
  var stateDirectory: String?
  var showHelp = false
  var showVersion = false
}

/// A command line that cannot be run; exit 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var message: String
  var description: String { message }
}

extension Options {
  /// Accepts `--opt VALUE` and `--opt=VALUE`; `--` ends the options.
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var remaining = arguments[...]
    var positionals: [String] = []
    var optionsEnded = false

    func value(for option: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard let next = remaining.popFirst() else {
        throw UsageError(message: "\(option) needs a value")
      }
      return next
    }

    while let argument = remaining.popFirst() {
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        positionals.append(argument)
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      switch name {
      case "--":
        optionsEnded = true
      case "-h", "--help":
        options.showHelp = true
      case "--version":
        options.showVersion = true
      case "--state-dir":
        let directory = try value(for: name, inline: inline)
        guard !directory.isEmpty else { throw UsageError(message: "--state-dir needs a folder") }
        options.stateDirectory = directory
      default:
        throw UsageError(message: "unknown option '\(name)'")
      }
      if inline != nil && ["-h", "--help", "--version", "--"].contains(name) {
        throw UsageError(message: "\(name) takes no value")
      }
    }
    guard positionals.count <= 1 else {
      throw UsageError(message: "unexpected argument '\(positionals[1])': give at most one PATH")
    }
    options.path = positionals.first
    return options
  }
}
