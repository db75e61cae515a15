import Foundation
import IconArchive

// .ipa files are read through libzip, loaded only when one is opened.
IconArchive.install()
let status = IconpickCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
exit(status.rawValue)
