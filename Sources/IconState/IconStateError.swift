import IconCatalog

/// Everything that can go wrong recording or reading the icon choice.
///
/// Each case carries what the user needs to act; `description` is a single line
/// naming the file, what is wrong and what to do.
public enum IconStateError: Error, Equatable, CustomStringConvertible {
  /// Like iOS's NSCocoaErrorDomain 4 "The file doesn't exist.": the app declares no such icon.
  case unknownIcon(name: String, appName: String, available: [String])
  /// Another change held the lock past the timeout (like NSPOSIXErrorDomain 35).
  case busy(lockFile: String)
  /// An I/O error reading the state file (not corruption, which reads as `StoredChoice.corrupt`).
  case unreadableState(file: String, reason: String)
  /// Writing failed (`reason` is the strerror text); the previous choice is intact.
  case writeFailed(file: String, reason: String)
  case stateDirectoryUnusable(path: String, reason: String)
  /// Would not make a safe file name: must match `[A-Za-z0-9._-]+` and not start with a dot.
  case invalidBundleIdentifier(String)
  /// The app has no bundle identifier (`reason` says where it should be set), and the choice is
  /// kept per bundle identifier: it can be neither read nor recorded.
  case noBundleIdentifier(appName: String, reason: String)

  public var description: String {
    switch self {
    case .unknownIcon(let name, let appName, let available):
      // At most 20: an app with thousands of alternates still gets a message of one short line.
      let names =
        available.prefix(20).map { "\"\(oneLine($0))\"" }.joined(separator: ", ")
        + (available.count > 20 ? " and \(available.count - 20) more" : "")
      return "No icon named \"\(oneLine(name))\" in \(oneLine(appName)) (the file doesn't exist); "
        + "the choice is unchanged. Available: \(names.isEmpty ? "none" : names)."
    case .busy(let lockFile):
      return "Another change to the icon choice is holding \(onePath(lockFile)) "
        + "(resource temporarily unavailable); the choice is unchanged. Try again when it finishes."
    case .unreadableState(let file, let reason):
      return "Cannot read the icon choice in \(onePath(file)): \(onePath(reason)). "
        + "Fix its permissions or remove it, or pass --state-dir DIR."
    case .writeFailed(let file, let reason):
      return "Cannot record the icon choice in \(onePath(file)): \(onePath(reason)); "
        + "the previous choice is unchanged. Free some space or fix the folder's permissions and try again."
    case .stateDirectoryUnusable(let path, let reason):
      return "Cannot use the state folder \(onePath(path)): \(onePath(reason)). "
        + "Make it a writable folder or pass --state-dir DIR."
    case .invalidBundleIdentifier(let identifier):
      let reason =
        FileChoiceStore.problem(withBundleIdentifier: identifier) ?? "the state folder refuses it"
      return
        "The bundle identifier \"\(oneLine(identifier))\" cannot name a state file (\(reason)); "
        + "the choice cannot be recorded. Fix CFBundleIdentifier in the app's Info.plist: "
        + "only letters, digits, \".\", \"-\" and \"_\", not starting with \".\". "
        + "list, show and check work without it."
    case .noBundleIdentifier(let appName, let reason):
      return "Cannot read or record the icon choice of \(oneLine(appName)): it is kept under the "
        + "app's bundle identifier, and there is none (\(onePath(reason))). "
        + "Nothing was recorded; list, show and check work without one."
    }
  }
}

/// Messages are one line; a name or path with a line break in it must not split them.
func oneLine(_ text: String) -> String { MessageText.escaped(text) }

/// A path (or a reason that may hold one) in a message: one line, shortened only past PATH_MAX.
func onePath(_ text: String) -> String { MessageText.path(text) }
