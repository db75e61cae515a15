import IconCatalog

/// Why an edit was refused or undone. Each case names the file and what is wrong; nothing is
/// written when one is thrown before applying, and everything is put back when one is thrown
/// after.
public enum EditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// NAME cannot be an icon name (empty, a path, a character Xcode or iOS refuses).
  case invalidName(name: String, reason: String)
  /// NAME is already an icon of the app (`existing` is how it is written there).
  case nameTaken(name: String, existing: String, app: String)
  /// NAME is not an alternate of the app.
  case unknownName(name: String, app: String, names: [String])
  /// `remove` was asked to remove the primary.
  case primaryRemoval(name: String)
  /// The image cannot be used: not square, too small, unreadable, a link out.
  case badImage(file: String, reason: String)
  /// The app's form cannot be edited this way (tvOS brand assets, a built app, ...).
  case unsupported(file: String, reason: String)
  /// A file to edit is not in the form iconpick can edit without reformatting it.
  case cannotEdit(file: String, reason: String)
  /// A file changed on disk between reading and writing.
  case changedOnDisk(file: String)
  /// A path leaves the project through a symbolic link.
  case leavesProject(file: String, target: String)
  /// A new file's place is taken.
  case exists(file: String)
  /// Writing failed (the change was undone).
  case writeFailed(file: String, reason: String)
  /// Read as the change would leave it, the project is not what was intended, or check finds
  /// something the change causes: judged before writing, so nothing was written.
  case refused(reason: String)
  /// After writing, reading the project again did not give what was intended (undone).
  case verificationFailed(reason: String)

  public var description: String {
    func q(_ text: String) -> String {
      "\"" + MessageText.escaped(text).replacingAll("\"", with: "\\\"") + "\""
    }
    switch self {
    case .invalidName(let name, let reason):
      return "\(q(name)) cannot be an icon name: \(reason)"
    case .nameTaken(let name, let existing, let app):
      return name == existing
        ? "\(MessageText.escaped(app)) already has an icon named \(q(name)); nothing was written"
        : "\(MessageText.escaped(app)) already has an icon named \(q(existing)), which differs from \(q(name)) only in case (a Mac's file system would mix them up); nothing was written"
    case .unknownName(let name, let app, let names):
      let listed = names.prefix(10).map(q).joined(separator: ", ")
      return
        "\(MessageText.escaped(app)) has no alternate icon named \(q(name)) (its alternates: \(listed.isEmpty ? "none" : listed)); nothing was written"
    case .primaryRemoval(let name):
      return
        "\(q(name)) is the primary icon, which cannot be removed (App Review 4.6: the user can always go back to it); nothing was written"
    case .badImage(let file, let reason):
      return "\(MessageText.escaped(file)): \(reason); nothing was written"
    case .unsupported(let file, let reason):
      return "\(MessageText.escaped(file)): \(reason); nothing was written"
    case .cannotEdit(let file, let reason):
      return
        "\(MessageText.escaped(file)): cannot be edited in place: \(reason); nothing was written"
    case .changedOnDisk(let file):
      return
        "\(MessageText.escaped(file)) changed on disk while iconpick was planning; nothing was written: run the command again"
    case .leavesProject(let file, let target):
      return
        "\(MessageText.escaped(file)) is a symbolic link that leaves the project (to \(MessageText.escaped(target))); nothing was written"
    case .exists(let file):
      return
        "\(MessageText.escaped(file)) is already there; nothing was written (move it away, or choose another name)"
    case .writeFailed(let file, let reason):
      return
        "\(MessageText.escaped(file)): cannot write: \(reason); every file was put back as it was"
    case .refused(let reason):
      return "\(reason); nothing was written"
    case .verificationFailed(let reason):
      return "the change was undone, every file put back as it was: \(reason)"
    }
  }
}
