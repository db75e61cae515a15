import FoundationEssentials
import IconArchive
import SpecYAML

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// .ipa files are read through libzip, loaded only when one is opened; XcodeGen specs with libyaml.
IconArchive.install()
SpecYAML.install()
let status = IconpickCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
exit(status.rawValue)
