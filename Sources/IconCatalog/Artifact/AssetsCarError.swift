/// Why an `Assets.car` could not be read. A car is untrusted input: every offset, length and
/// count in it is checked, and each failure names the file and what is wrong with it.
public enum AssetsCarError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not a compiled asset catalog at all: no BOM store, or no `CARHEADER` in it.
  case notACar(file: String, reason: String)
  /// A BOM store or CAR structure that points outside the file, loops, or is cut short.
  case damaged(file: String, reason: String)
  /// More than the reader takes: a file over the size limit, or more entries than it reads.
  case tooLarge(file: String, what: String, limit: Int)
  /// The file could not be read.
  case unreadable(file: String, reason: String)

  public var description: String {
    switch self {
    case .notACar(let file, let reason):
      return
        "\(file): not a compiled asset catalog (\(reason)): give the Assets.car that actool wrote"
    case .damaged(let file, let reason):
      return "\(file): a damaged Assets.car (\(reason)): build the app again"
    case .tooLarge(let file, let what, let limit):
      return "\(file): \(what), over the limit of \(limit) this reader takes"
    case .unreadable(let file, let reason):
      return "\(file): cannot be read: \(reason)"
    }
  }
}
