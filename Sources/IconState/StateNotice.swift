/// Something the user should be told, without failing.
public enum StateNotice: Equatable, Sendable, CustomStringConvertible {
  /// The recorded name is no longer declared by the app; it reads as the primary.
  case undeclaredIcon(name: String, file: String)
  /// The state file is damaged; it reads as the primary and a copy is kept on the next choice.
  case corruptState(file: String, reason: String)
  /// A save moved the damaged file aside to `copy`.
  case keptCorruptCopy(file: String, copy: String)

  public var description: String {
    switch self {
    case .undeclaredIcon(let name, let file):
      return
        "\(oneLine(file)) records the icon \"\(oneLine(name))\", which the app no longer declares; "
        + "showing the primary icon. Choose an icon to replace it."
    case .corruptState(let file, let reason):
      return "\(oneLine(file)) is damaged (\(oneLine(reason))); showing the primary icon. "
        + "A copy will be kept when you next choose an icon."
    case .keptCorruptCopy(let file, let copy):
      return
        "\(oneLine(file)) was damaged; kept a copy at \(oneLine(copy)) and recorded the new choice."
    }
  }
}
