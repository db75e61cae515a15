/// Something the user should be told, without failing.
public enum StateNotice: Equatable, Sendable, CustomStringConvertible {
  /// The recorded name is no longer declared by the app; it reads as the primary.
  case undeclaredIcon(name: String, file: String)
  /// The state file is damaged; it reads as the primary and a copy is kept on the next choice.
  case corruptState(file: String, reason: String)
  /// A save moved the damaged file aside to `copy`.
  case keptCorruptCopy(file: String, copy: String)
  /// The app's bundle identifier cannot name a state file (`reason` says why): nothing can be
  /// recorded for it, and it reads as the primary.
  case unusableBundleIdentifier(appName: String, identifier: String, reason: String)

  public var description: String {
    switch self {
    case .undeclaredIcon(let name, let file):
      return
        "\(onePath(file)) records the icon \"\(oneLine(name))\", which the app no longer declares; "
        + "showing the primary icon. Choose an icon to replace it."
    case .corruptState(let file, let reason):
      return "\(onePath(file)) is damaged (\(onePath(reason))); showing the primary icon. "
        + "A copy will be kept when you next choose an icon."
    case .keptCorruptCopy(let file, let copy):
      return
        "\(onePath(file)) was damaged; kept a copy at \(onePath(copy)) and recorded the new choice."
    case .unusableBundleIdentifier(let appName, let identifier, let reason):
      return "\(oneLine(appName)): the bundle identifier \"\(oneLine(identifier))\" cannot name a "
        + "state file (\(reason)); the choice cannot be recorded, and the primary icon is the "
        + "active one. Fix CFBundleIdentifier in the app's Info.plist."
    }
  }
}
