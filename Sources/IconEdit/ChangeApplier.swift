import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a change set all or nothing, even when killed: every file checked first (unchanged
/// since it was read, inside the project, writable, no place taken), then a journal of what each
/// path was written and fsynced in the project's `.iconpick/` (`ChangeJournal`), then each change
/// written atomically (a temporary file named from the journal, fsync, rename). A failure part-way
/// puts back everything written before it; a kill part-way is put back by the next command that
/// reads the project (`ChangeRecovery`). `Applied.commit()` deletes the journal: the change stands.
///
/// The caller holds the project's lock (`ProjectLock`) from planning to committing.
public enum ChangeApplier {
  /// The system calls that can fail, so tests can make one fail part-way.
  public struct SystemCalls: Sendable {
    public var rename: @Sendable (String, String) -> Int32
    public var fsync: @Sendable (Int32) -> Int32

    public static let system = SystemCalls(
      rename: { Glibc.rename($0, $1) }, fsync: { Glibc.fsync($0) })

    public init(
      rename: @escaping @Sendable (String, String) -> Int32,
      fsync: @escaping @Sendable (Int32) -> Int32
    ) {
      self.rename = rename
      self.fsync = fsync
    }
  }

  /// What was written, and how to put it back.
  public struct Applied: Sendable {
    let journal: ChangeJournal
    let folder: JournalFolder
    /// The originals by entry, kept in memory too: an undo does not read them back.
    let originals: [Int: [UInt8]]
    /// How many entries were applied (or begun).
    var count: Int
    let calls: SystemCalls

    /// The journal file, while the change is neither committed nor undone.
    public var journalFile: URL { URL(fileURLWithPath: folder.journal) }

    /// Puts every file back as it was, last change first, then deletes the journal. Best effort:
    /// a step that fails does not stop the others; the files it could not restore are returned,
    /// and the journal is kept for the next command to finish the undoing.
    @discardableResult
    public func undo() -> [String] {
      let outcome = Rollback.run(
        journal, entries: journal.entries.prefix(count), folder: folder, originals: originals,
        calls: calls)
      guard outcome.failed.isEmpty else { return outcome.failed.map { folder.inRoot($0.path) } }
      finish()
      return []
    }

    /// The change stands: the journal, what it kept and (unless a lock holds it) its folder are
    /// deleted.
    public func commit() { finish() }

    private func finish() {
      folder.finish()
      if !JournalFolder.isHeld(folder.root) { folder.removeFolderIfEmpty() }
    }
  }

  /// Checks every change against the disk without writing: what `--dry-run` also runs, so a
  /// dry run refuses what a real run would.
  public static func check(_ set: ChangeSet) throws(EditError) {
    let writeRoot = set.writeRoot
    let root = realPath(writeRoot.path) ?? writeRoot.standardizedFileURL.path
    // The root first, where the journal and the lock go: a real run takes the lock before it
    // plans, so a dry run asks first too and refuses in the same words.
    var rootStatus = stat()
    if stat(writeRoot.standardizedFileURL.path, &rootStatus) == 0, !writableByMode(rootStatus) {
      throw .notWritable(
        file: writeRoot.standardizedFileURL.path, mode: UInt32(rootStatus.st_mode & 0o7777),
        isFolder: true)
    }
    var planned = Set<String>()
    var folders: [String] = []
    for change in set.changes {
      let path = change.path.standardizedFileURL.path
      try checkContainment(path, root: root, lexicalRoot: writeRoot.standardizedFileURL.path)
      var status = stat()
      let exists = lstat(path, &status) == 0
      if change.isCreation {
        // A folder made earlier in the same set is fine; anything already on disk is not.
        if exists, !planned.contains(path) { throw .exists(file: path) }
      } else if change.isDirectory {
        guard exists, status.st_mode & S_IFMT == S_IFDIR else { throw .changedOnDisk(file: path) }
      } else {
        guard exists, status.st_mode & S_IFMT == S_IFREG else { throw .changedOnDisk(file: path) }
        guard let bytes = FileManager.default.contents(atPath: path),
          [UInt8](bytes) == change.original
        else { throw .changedOnDisk(file: path) }
        // Read-only by its mode: locked in Xcode, or not checked out (Perforce). Root could write
        // it; a careful developer would not.
        if !writableByMode(status) {
          throw .notWritable(file: path, mode: UInt32(status.st_mode & 0o7777), isFolder: false)
        }
      }
      planned.insert(path)
      folders.append(PathText.directory(path))
    }
    // Each folder a name is made, replaced or removed in, and the root (the journal goes there).
    var seen = Set<String>()
    for folder in [writeRoot.standardizedFileURL.path] + folders where seen.insert(folder).inserted
    {
      // A new folder of the set: its nearest folder on disk is the one written.
      var probe = folder
      var status = stat()
      while !probe.isEmpty, stat(probe, &status) != 0 { probe = PathText.directory(probe) }
      guard !probe.isEmpty else { continue }
      if !writableByMode(status) {
        throw .notWritable(file: probe, mode: UInt32(status.st_mode & 0o7777), isFolder: true)
      }
    }
  }

  /// Applies `set`: checks it, journals it, then writes each change; on a failure, undoes what
  /// was written and throws.
  public static func apply(_ set: ChangeSet, calls: SystemCalls = .system) throws(EditError)
    -> Applied
  {
    try check(set)
    let root = set.writeRoot.standardizedFileURL.path
    let folder = JournalFolder(root: root)
    if folder.hasJournal {
      throw .untrustedJournal(
        file: folder.journal, folder: folder.path,
        reason:
          "it is the journal of another change, neither committed nor undone: run any iconpick command on the project to undo it"
      )
    }
    let id = String(UInt64.random(in: .min ... .max), radix: 16)
    let prefix = root.hasSuffix("/") ? root : root + "/"
    var entries: [ChangeJournal.Entry] = []
    var originals: [Int: [UInt8]] = [:]
    for (index, change) in set.changes.enumerated() {
      let path = change.path.standardizedFileURL.path
      guard path.hasPrefix(prefix) else { throw .outsideProject(file: path, root: root) }
      let relative = String(path.dropFirst(prefix.count))
      if change.isDirectory {
        entries.append(
          change.isCreation
            ? .init(kind: .createFolder, path: relative)
            : .init(kind: .deleteFolder, path: relative, mode: UInt32(fileMode(path) ?? 0o755)))
        continue
      }
      let temporary = ChangeJournal.temporaryName(for: relative, id: id)
      if let original = change.original {
        originals[index] = original
        entries.append(
          .init(
            kind: change.isDeletion ? .delete : .modify, path: relative,
            mode: UInt32(fileMode(path) ?? (0o666 & ~currentUmask())),
            original: .init(
              file: "blob-\(index)", length: original.count,
              checksum: ChangeJournal.checksum(original)),
            updated: change.updated.map(ChangeJournal.Digest.init), temporary: temporary))
      } else {
        entries.append(
          .init(
            kind: .create, path: relative, updated: .init(change.updated ?? []),
            temporary: temporary))
      }
    }
    let journal = ChangeJournal(id: id, pid: getpid(), entries: entries)
    try writeJournal(journal, originals: originals, folder: folder)

    var applied = Applied(
      journal: journal, folder: folder, originals: originals, count: 0, calls: calls)
    do throws(EditError) {
      for (index, change) in set.changes.enumerated() {
        let path = change.path.standardizedFileURL.path
        let entry = entries[index]
        if change.isDirectory {
          if change.isCreation {
            guard mkdir(path, 0o777) == 0 else { throw failure(path) }
          } else {
            guard rmdir(path) == 0 else { throw failure(path) }
          }
          applied.count = index + 1
          JournalFolder.syncFolder(PathText.directory(path))
          continue
        }
        // Read once more just before writing: another program may have saved it meanwhile.
        if let original = change.original {
          guard let bytes = FileManager.default.contents(atPath: path), [UInt8](bytes) == original
          else { throw EditError.changedOnDisk(file: path) }
        }
        let temporary = folder.inRoot(entry.temporary ?? "")
        if let updated = change.updated {
          applied.count = index + 1
          try writeAtomically(
            updated, to: path, mode: mode_t(entry.mode ?? UInt32(0o666 & ~currentUmask())),
            temporary: temporary, calls: calls, exclusive: change.isCreation)
        } else {
          applied.count = index + 1
          guard unlink(path) == 0 else { throw failure(path) }
          JournalFolder.syncFolder(PathText.directory(path))
        }
      }
    } catch {
      // A new file whose place was taken meanwhile is not ours to remove: not counted.
      if case .exists = error { applied.count -= 1 }
      applied.undo()
      throw error
    }
    return applied
  }

  /// The originals, then the journal (to a temporary name, fsync, rename, fsync of the folder),
  /// so the journal is either absent or whole, and whole only with its originals on disk.
  private static func writeJournal(
    _ journal: ChangeJournal, originals: [Int: [UInt8]], folder: JournalFolder
  ) throws(EditError) {
    let madeFolder = !folder.exists
    do throws(EditError) {
      try folder.prepare()
      for (index, bytes) in originals.sorted(by: { $0.key < $1.key }) {
        try JournalFolder.writeDurably(bytes, to: folder.file("blob-\(index)"), mode: 0o600)
      }
      let temporary = folder.file(JournalFolder.journalTemporary)
      try JournalFolder.writeDurably(journal.encoded(), to: temporary, mode: 0o600)
      guard rename(temporary, folder.journal) == 0 else { throw failure(folder.journal) }
      JournalFolder.syncFolder(folder.path)
      if madeFolder { JournalFolder.syncFolder(folder.root) }
    } catch {
      folder.removeScratch()
      if !JournalFolder.isHeld(folder.root) { folder.removeFolderIfEmpty() }
      throw error
    }
  }

  // MARK: Files

  /// Writes `bytes` to `temporary` (made anew: one left by a killed run is replaced), fsyncs it,
  /// then renames it over `path` (or, `exclusive`, links it there: a new file never replaces one
  /// that appeared meanwhile), and fsyncs the folder.
  static func writeAtomically(
    _ bytes: [UInt8], to path: String, mode: mode_t, temporary: String, calls: SystemCalls,
    exclusive: Bool = false
  ) throws(EditError) {
    let folder = PathText.directory(path)
    unlink(temporary)
    let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure(path) }
    func fail(_ code: Int32) -> EditError {
      close(fd)
      unlink(temporary)
      return .writeFailed(file: path, reason: String(cString: strerror(code)))
    }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        throw fail(errno)
      }
      if count == 0 { throw fail(ENOSPC) }
      written += count
    }
    if fchmod(fd, mode & 0o7777) != 0 { throw fail(errno) }
    if calls.fsync(fd) != 0 { throw fail(errno) }
    if close(fd) != 0 {
      let code = errno
      unlink(temporary)
      throw .writeFailed(file: path, reason: String(cString: strerror(code)))
    }
    if exclusive {
      guard link(temporary, path) == 0 else {
        let code = errno
        unlink(temporary)
        if code == EEXIST { throw .exists(file: path) }
        throw .writeFailed(file: path, reason: String(cString: strerror(code)))
      }
      unlink(temporary)
    } else if calls.rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw .writeFailed(file: path, reason: String(cString: strerror(code)))
    }
    let directory = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = calls.fsync(directory)
      close(directory)
    }
  }

  static func failure(_ path: String) -> EditError {
    .writeFailed(file: path, reason: String(cString: strerror(errno)))
  }

  private static func fileMode(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  private static func currentUmask() -> mode_t {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }

  /// Whether the mode lets the user write: the owner's bit for the owner and for root (whom the
  /// kernel would let write anyway: a read-only file says "do not"), else the group's or others'.
  static func writableByMode(_ status: stat) -> Bool {
    let user = geteuid()
    if user == 0 || status.st_uid == user { return status.st_mode & S_IWUSR != 0 }
    if status.st_gid == getegid() || inGroups(status.st_gid) {
      return status.st_mode & S_IWGRP != 0
    }
    return status.st_mode & S_IWOTH != 0
  }

  private static func inGroups(_ group: gid_t) -> Bool {
    let count = getgroups(0, nil)
    guard count > 0 else { return false }
    var groups = [gid_t](repeating: 0, count: Int(count))
    let found = getgroups(count, &groups)
    return found > 0 && groups.prefix(Int(found)).contains(group)
  }

  // MARK: Containment

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Refuses a path whose nearest existing ancestor (or the path itself) resolves outside
  /// `root`: a symbolic link that leaves the project is never followed.
  static func checkContainment(_ path: String, root: String, lexicalRoot: String? = nil)
    throws(EditError)
  {
    // Outside by its own path (`../images/icons`): no link is involved, and a message must not
    // say one is.
    if let lexicalRoot {
      let prefix = lexicalRoot.hasSuffix("/") ? lexicalRoot : lexicalRoot + "/"
      let lexical = URL(fileURLWithPath: path).standardizedFileURL.path
      if lexical != lexicalRoot, !lexical.hasPrefix(prefix) {
        throw .outsideProject(file: lexical, root: lexicalRoot)
      }
    }
    var probe = path
    while !probe.isEmpty, probe != "/" {
      var status = stat()
      if lstat(probe, &status) == 0 {
        guard let resolved = realPath(probe) else { return }
        let inside = resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        if !inside { throw .leavesProject(file: probe, target: resolved) }
        return
      }
      probe = PathText.directory(probe)
    }
  }
}
