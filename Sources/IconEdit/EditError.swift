import IconCatalog

/// Why an edit was refused or undone. Each case names the file and what is wrong; nothing is
/// written when one is thrown before applying, and everything is put back when one is thrown
/// after.
public enum EditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// NAME cannot be an icon name (empty, a path, a character Xcode or iOS refuses).
  case invalidName(name: String, reason: String)
  /// NAME is already an icon of the app (`existing` is how it is written there).
  case nameTaken(name: String, existing: String, app: String)
  /// NAME is a set the catalogs hold that does not ship: `add NAME` without an image declares it.
  case setNotDeclared(name: String, set: String)
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
  /// A path lies outside the project's folder (no link involved).
  case outsideProject(file: String, root: String)
  /// A new file's place is taken.
  case exists(file: String)
  /// Writing failed (the change was undone).
  case writeFailed(file: String, reason: String)
  /// Read as the change would leave it, the project is not what was intended, or check finds
  /// something the change causes: judged before writing, so nothing was written.
  case refused(reason: String)
  /// After writing, reading the project again did not give what was intended (undone).
  case verificationFailed(reason: String)
  /// A file to change, or a folder a name is made or removed in, is read-only by its mode
  /// (locked in Xcode, not checked out of Perforce): refused even for root.
  case notWritable(file: String, mode: UInt32, isFolder: Bool)
  /// Another writer holds the project's lock (`ProjectLock`) and did not let go in time.
  case locked(lockFile: String, pid: Int32?, program: String?)
  /// A journal of an interrupted change that cannot be trusted: torn, altered, of another
  /// version, naming a path out of the project, its originals missing. Nothing is written.
  case untrustedJournal(file: String, folder: String, reason: String)
  /// Putting back an interrupted change failed at `file`; the journal is kept.
  case recoveryFailed(folder: String, file: String, reason: String)

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
    case .setNotDeclared(let name, let set):
      return
        "\(MessageText.path(set)) is a set named \(q(name)) that the build does not ship yet: `iconpick add \(MessageText.escaped(name))` without an image declares it as it is; to give it a new image, remove the set first; nothing was written"
    case .unknownName(let name, let app, let names):
      let close = NameSuggestions.close(to: name, among: names).prefix(3)
      if !close.isEmpty {
        return
          "\(MessageText.escaped(app)) has no alternate icon named \(q(name)) (names are matched exactly); did you mean \(close.map(q).joined(separator: " or "))? Nothing was written"
      }
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
    case .outsideProject(let file, let root):
      return
        "\(MessageText.path(file)) is outside the project's folder (\(MessageText.path(root))), which is all iconpick changes; move it into the project, or make the change in Xcode; nothing was written"
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
    case .notWritable(let file, let mode, let isFolder):
      let shown = MessageText.escaped(file)
      let octal = String(mode, radix: 8)
      let permissions = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
      return isFolder
        ? "\(shown) is a read-only folder (mode \(permissions)) and the change makes, replaces or removes a file in it; nothing was written: make it writable (chmod u+w \(shellQuoted(file))), then run the command again"
        : "\(shown) is read-only (mode \(permissions)): locked in Xcode, or not checked out; nothing was written: make it writable (chmod u+w \(shellQuoted(file)), or unlock it in Xcode, or check it out), then run the command again"
    case .locked(let lockFile, let pid, let program):
      let holder =
        pid.map { pid in
          program.map { "\(MessageText.escaped($0)) (pid \(pid))" } ?? "pid \(pid)"
        } ?? "another process"
      return
        "another change to this project is under way: \(holder) holds \(MessageText.escaped(lockFile)); nothing was written: run the command again when it has finished (if no such process is running, delete \(MessageText.escaped(lockFile)))"
    case .untrustedJournal(let file, let folder, let reason):
      return
        "\(MessageText.escaped(file)): the journal of an interrupted change cannot be trusted: \(reason); nothing was written: see what the change left with git status (or your version control), put back what needs it, then delete \(MessageText.escaped(folder))"
    case .recoveryFailed(let folder, let file, let reason):
      return
        "\(MessageText.escaped(file)): an interrupted change cannot be put back: \(reason); its journal is kept in \(MessageText.escaped(folder)): fix that, then run the command again to finish putting it back"
    }
  }

  /// The reason alone, for a message about something else (a recovery's failing step).
  var reason: String {
    switch self {
    case .writeFailed(_, let reason), .cannotEdit(_, let reason), .badImage(_, let reason),
      .unsupported(_, let reason):
      return reason
    default:
      return description
    }
  }
}

/// A path as a shell takes it: quoted when it holds anything but the usual characters.
private func shellQuoted(_ path: String) -> String {
  let plain = path.unicodeScalars.allSatisfy {
    $0.isASCII && ($0.properties.isAlphabetic || "0123456789/._-+,@".unicodeScalars.contains($0))
  }
  if plain, !path.isEmpty { return path }
  return "'" + MessageText.escaped(path).replacingAll("'", with: "'\\''") + "'"
}
