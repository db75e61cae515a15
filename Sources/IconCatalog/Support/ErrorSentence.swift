import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension MessageText {
  /// An error as a user reads it: iconpick's own errors by their one-line description; the
  /// system's and Foundation's by the system's words (`No such file or directory`); never a
  /// Swift error value (`CocoaError(code: …, userInfo: …)`).
  public static func sentence(_ error: any Error) -> String {
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    if let cocoa = error as? CocoaError {
      if let underlying = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
        return String(cString: strerror(underlying.code.rawValue))
      }
      switch cocoa.code {
      case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
      case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
      case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
      case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
      case .fileReadTooLarge: return "the file is too large"
      case .fileReadCorruptFile, .propertyListReadCorrupt: return "its contents are damaged"
      case .fileReadInapplicableStringEncoding, .fileReadUnknownStringEncoding:
        return "it is not text in an encoding that can be read"
      default: return "the file system refused (error \(cocoa.code.rawValue))"
      }
    }
    if let described = error as? any CustomStringConvertible {
      let text = described.description
      // A type of iconpick's says itself; a value printed by Swift (`Name(field: …)`) is no
      // sentence.
      if !text.contains("(") || !text.hasPrefix(String(describing: type(of: error))) {
        return text
      }
    }
    return "an unexpected failure of the system (\(String(describing: type(of: error))))"
  }
}
