import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finishes what a killed change left: the project put back as it was before the change, from the
/// journal the change wrote before its first byte (`ChangeJournal`), then the journal folder
/// removed. Every command that reads a project calls `recover(near:)` first.
///
/// Each step can be repeated (a file already put back is left alone, a file already removed is
/// not missed), and the journal goes last: recovery killed part-way is finished by the next one.
public enum ChangeRecovery {
  /// Rolls back an interrupted change journalled for the app at PATH: in PATH (a folder), in
  /// PATH's ancestors, or in the root of the project a reading of PATH reads. A journal a live
  /// writer holds the lock of is left to it (a reader never waits). Returns the lines to print
  /// (one per journal found); throws when a journal cannot be trusted, writing nothing.
  public static func recover(near path: URL) throws(EditError) -> [String] {
    var lines: [String] = []
    for root in candidates(for: path) {
      if let line = try recover(root: root) { lines.append(line) }
    }
    return lines
  }

  /// The roots whose `.iconpick` may journal a change to what reading PATH reads. A stat each,
  /// and only for a folder that holds no project of its own, a look for the one it means.
  static func candidates(for path: URL) -> [String] {
    let path = path.standardizedFileURL.path
    var roots: [String] = []
    var status = stat()
    let isFolder = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    if isFolder { roots.append(path) }
    var ancestor = PathText.directory(path)
    while !ancestor.isEmpty {
      roots.append(ancestor)
      if ancestor == "/" { break }
      ancestor = PathText.directory(ancestor)
    }
    if isFolder, !holdsProject(path),
      let root = AppIconReader.projectRoot(at: URL(fileURLWithPath: path, isDirectory: true))?
        .standardizedFileURL.path, !roots.contains(root)
    {
      roots.append(root)
    }
    return roots.filter { JournalFolder(root: $0).exists }
  }

  /// True when `folder` holds an `.xcodeproj` or an XcodeGen spec itself: it is its own root.
  private static func holdsProject(_ folder: String) -> Bool {
    if PathText.pathExtension(folder) == "xcodeproj" { return true }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.contains {
      $0.hasSuffix(".xcodeproj") || $0 == "project.yml" || $0 == "project.yaml"
    }
  }

  /// The recovery of one root's journal folder; the line to print, if any.
  static func recover(root: String) throws(EditError) -> String? {
    let folder = JournalFolder(root: root)
    // A reader does not make the lock file: without one, no writer is alive to hold it.
    let fd = open(folder.lock, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
    if fd < 0 {
      let code = errno
      if code == ENOENT { return try rollBack(folder) }
      // Another user's writer, or its leftovers: this user can neither take the lock nor undo.
      guard folder.hasJournal else { return nil }
      return
        "an interrupted change's journal is in \(display(folder.path)), and this user cannot put it back (\(display(folder.lock)): \(String(cString: strerror(code)))): what is read may be half-changed; run iconpick as the user who made the change"
    }
    defer { close(fd) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      // A live writer: its change is under way (or it is planning one). Said only when a journal
      // shows the project is being written.
      guard folder.hasJournal else { return nil }
      let holder = ProjectLock.holder(of: folder.lock)
      return
        "another iconpick\(holder.pid.map { " (pid \($0))" } ?? "") is changing this project: what is read now may be half-changed (\(display(folder.path)))"
    }
    // The lock file may have been removed and made again by a writer meanwhile: then this is
    // not the lock, and whoever holds the new one is writing.
    guard ProjectLock.sameFile(fd, folder.lock) else { return nil }
    JournalFolder.markHeld(root, true)
    defer { JournalFolder.markHeld(root, false) }
    let line = try rollBack(folder)
    if !folder.hasJournal { unlink(folder.lock) }
    folder.removeFolderIfEmpty()
    return line
  }

  /// Rolls back the journal in `folder`, whose lock is held (or has no file); removes the journal
  /// and what it kept, and the folder when nothing else is in it. The line to print when a change
  /// was undone.
  static func rollBack(_ folder: JournalFolder) throws(EditError) -> String? {
    guard let bytes = JournalFolder.read(folder.journal) else {
      // No journal: the change had not begun writing the project, or was committed. What is left
      // (blobs, a journal never published, the .gitignore) is only removed.
      folder.removeScratch()
      if !JournalFolder.isHeld(folder.root) { folder.removeFolderIfEmpty() }
      return nil
    }
    let journal: ChangeJournal
    do {
      journal = try ChangeJournal.decode(bytes)
    } catch {
      throw .untrustedJournal(file: folder.journal, folder: folder.path, reason: error.reason)
    }
    // Every original read and checked before anything is written.
    var originals: [Int: [UInt8]] = [:]
    for (index, entry) in journal.entries.enumerated() {
      guard let blob = entry.original else { continue }
      let file = folder.file(blob.file)
      guard let kept = JournalFolder.read(file) else {
        throw .untrustedJournal(
          file: folder.journal, folder: folder.path,
          reason: "the original of \(MessageText.escaped(entry.path)) (\(blob.file)) is missing")
      }
      guard kept.count == blob.length, ChangeJournal.checksum(kept) == blob.checksum else {
        throw .untrustedJournal(
          file: folder.journal, folder: folder.path,
          reason:
            "the original of \(MessageText.escaped(entry.path)) (\(blob.file)) is not what was kept"
        )
      }
      originals[index] = kept
    }
    let rootPath = ChangeApplier.realPath(folder.root) ?? folder.root
    for entry in journal.entries {
      do {
        try ChangeApplier.checkContainment(folder.inRoot(entry.path), root: rootPath)
      } catch {
        throw .untrustedJournal(
          file: folder.journal, folder: folder.path,
          reason:
            "\(MessageText.escaped(entry.path)) leads out of the project through a symbolic link")
      }
    }
    let outcome = Rollback.run(
      journal, entries: journal.entries[...], folder: folder, originals: originals,
      calls: .system)
    guard outcome.failed.isEmpty else {
      throw .recoveryFailed(
        folder: folder.path, file: folder.inRoot(outcome.failed[0].path),
        reason: outcome.failed[0].reason)
    }
    folder.finish()
    if !JournalFolder.isHeld(folder.root) { folder.removeFolderIfEmpty() }
    let line = "an interrupted change was undone: " + Self.summary(journal)
    var said = line
    if !outcome.kept.isEmpty {
      said +=
        "; kept \(outcome.kept.map { MessageText.escaped(display(folder.inRoot($0))) }.joined(separator: ", ")), which the change did not write"
    }
    return said + " (\(display(folder.path)))"
  }

  /// What the undoing did, counted: "2 files put back as they were, 1 new file removed".
  static func summary(_ journal: ChangeJournal) -> String {
    let back = journal.entries.filter { $0.kind == .modify || $0.kind == .delete }.count
    let removed = journal.entries.filter { $0.kind == .create }.count
    var parts: [String] = []
    if back > 0 || removed == 0 {
      parts.append(back == 1 ? "1 file put back as it was" : "\(back) files put back as they were")
    }
    if removed > 0 {
      parts.append(removed == 1 ? "1 new file removed" : "\(removed) new files removed")
    }
    return parts.joined(separator: ", ")
  }

  /// A path as people see it: relative to the current folder when under it.
  static func display(_ path: String) -> String {
    let current = FileManager.default.currentDirectoryPath
    let prefix = current.hasSuffix("/") ? current : current + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}

/// Putting back what a journal says a change did, whatever part of it was done: used by recovery
/// (all entries) and by `Applied.undo` (those applied).
enum Rollback {
  struct Outcome {
    /// What could not be put back (a path relative to the root) and why.
    var failed: [(path: String, reason: String)] = []
    /// New files whose place holds something the change did not write: left alone.
    var kept: [String] = []
  }

  static func run(
    _ journal: ChangeJournal, entries: ArraySlice<ChangeJournal.Entry>, folder: JournalFolder,
    originals: [Int: [UInt8]], calls: ChangeApplier.SystemCalls
  ) -> Outcome {
    var outcome = Outcome()
    var touched = Set<String>()
    func fail(_ path: String, _ code: Int32) {
      outcome.failed.append((path, String(cString: strerror(code))))
    }
    // 1. Every temporary file the change may have left.
    for entry in journal.entries {
      guard let temporary = entry.temporary else { continue }
      if unlink(folder.inRoot(temporary)) == 0 { touched.insert(PathText.directory(temporary)) }
    }
    // 2. Removed folders made again, parents first (they were removed children first).
    for entry in entries.reversed() where entry.kind == .deleteFolder {
      let path = folder.inRoot(entry.path)
      if mkdir(path, 0o700) == 0 {
        chmod(path, mode_t(entry.mode ?? 0o755))
        touched.insert(PathText.directory(entry.path))
      } else if errno != EEXIST {
        fail(entry.path, errno)
      }
    }
    // 3. Edited and removed files put back, each atomically, unless already as they were.
    for (offset, entry) in zip(entries.indices, entries)
    where entry.kind == .modify || entry.kind == .delete {
      guard let original = originals[offset], let mode = entry.mode else { continue }
      let path = folder.inRoot(entry.path)
      if isRegularFile(path, mode: mode), JournalFolder.read(path) == original { continue }
      do {
        try ChangeApplier.writeAtomically(
          original, to: path, mode: mode_t(mode),
          temporary: folder.inRoot(
            entry.temporary ?? ChangeJournal.temporaryName(for: entry.path, id: journal.id)),
          calls: calls)
      } catch {
        outcome.failed.append((entry.path, error.reason))
      }
    }
    // 4. New files removed, last first, when they hold what the change wrote.
    for entry in entries.reversed() where entry.kind == .create {
      let path = folder.inRoot(entry.path)
      guard let current = JournalFolder.read(path) else { continue }
      guard entry.updated?.matches(current) == true else {
        outcome.kept.append(entry.path)
        continue
      }
      if unlink(path) == 0 {
        touched.insert(PathText.directory(entry.path))
      } else if errno != ENOENT {
        fail(entry.path, errno)
      }
    }
    // 5. New folders removed, deepest first.
    for entry in entries.reversed() where entry.kind == .createFolder {
      let path = folder.inRoot(entry.path)
      if rmdir(path) == 0 {
        touched.insert(PathText.directory(entry.path))
      } else if errno != ENOENT {
        if errno == ENOTEMPTY || errno == EEXIST {
          outcome.kept.append(entry.path)
        } else {
          fail(entry.path, errno)
        }
      }
    }
    for relative in touched { JournalFolder.syncFolder(folder.inRoot(relative)) }
    return outcome
  }

  private static func isRegularFile(_ path: String, mode: UInt32) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      && UInt32(status.st_mode & 0o7777) == mode
  }
}
