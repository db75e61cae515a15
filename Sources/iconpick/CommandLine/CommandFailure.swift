/// A command that could not do its work: one line for stderr, exit 1.
struct CommandFailure: Error, CustomStringConvertible {
  var description: String
}
