import Foundation

let status = IconpickCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
exit(status.rawValue)
