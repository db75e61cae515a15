import Foundation

let status = IconpickCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
exit(status.rawValue)
