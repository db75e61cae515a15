import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `.iconpick/` in a project's root (SRCROOT, the folder holding the `.xcodeproj` or
/// `project.yml`): the journal of the change being written, the originals it keeps, and the lock
/// of the one writer. Its first file is a `.gitignore` holding `*`, so nothing in it is committed
/// by accident; the folder is removed once the change is committed or undone, so `git status`
/// shows nothing.
struct JournalFolder: Sendable {
  static let name = ".iconpick"
  static let ignoreFile = ".gitignore"
  static let journalFile = "journal"
  static let journalTemporary = "journal.tmp"
  static let lockFile = "lock"

  /// The project root.
  let root: String

  init(root: String) { self.root = root }

  var path: String { PathText.join(root, Self.name) }
  var journal: String { PathText.join(path, Self.journalFile) }
  var lock: String { PathText.join(path, Self.lockFile) }
  func file(_ name: String) -> String { PathText.join(path, name) }
  func inRoot(_ relative: String) -> String { PathText.join(root, relative) }

  var exists: Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  var hasJournal: Bool {
    var status = stat()
    return lstat(journal, &status) == 0
  }

  /// Makes the folder and its `.gitignore` (`*`) when they are not there.
  func prepare() throws(EditError) {
    if mkdir(path, 0o755) != 0 {
      let code = errno
      guard code == EEXIST else { throw Self.failure(path, code) }
    }
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw .writeFailed(file: path, reason: "it is there and is not a folder")
    }
    let ignore = file(Self.ignoreFile)
    if let bytes = Self.read(ignore), bytes == Array("*\n".utf8) { return }
    try Self.writeDurably(Array("*\n".utf8), to: ignore, mode: 0o644)
  }

  /// Removes the kept originals and a journal never published: what a change leaves before its
  /// journal is written or after it is deleted.
  func removeScratch() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    for name in names where name.hasPrefix("blob-") || name == Self.journalTemporary {
      unlink(file(name))
    }
  }

  /// Deletes the journal (the change stands, or is undone), then what it kept.
  func finish() {
    if unlink(journal) == 0 { Self.syncFolder(path) }
    removeScratch()
  }

  /// Removes the `.gitignore` and the folder when nothing else is in it (a lock file, someone's
  /// file): never a folder git would then show.
  func removeFolderIfEmpty() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path),
      names.allSatisfy({ $0 == Self.ignoreFile })
    else { return }
    unlink(file(Self.ignoreFile))
    if rmdir(path) == 0 { Self.syncFolder(root) }
  }

  // MARK: Files

  static func read(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  /// Writes a whole file in place (O_TRUNC) and fsyncs it: for the journal folder's own files,
  /// which nothing reads before the rename that publishes them.
  static func writeDurably(_ bytes: [UInt8], to path: String, mode: mode_t) throws(EditError) {
    let fd = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, mode)
    guard fd >= 0 else { throw failure(path, errno) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(fd)
        throw failure(path, code)
      }
      if count == 0 {
        close(fd)
        throw failure(path, ENOSPC)
      }
      written += count
    }
    if fsync(fd) != 0 {
      let code = errno
      close(fd)
      throw failure(path, code)
    }
    close(fd)
  }

  /// fsync of a folder, so the names made or removed in it last.
  static func syncFolder(_ path: String) {
    let fd = open(path.isEmpty ? "/" : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  static func failure(_ path: String, _ code: Int32) -> EditError {
    .writeFailed(file: path, reason: String(cString: strerror(code)))
  }

  // MARK: Locks held by this process

  private static let held = HeldRoots()

  static func markHeld(_ root: String, _ isHeld: Bool) { held.set(root, isHeld) }
  static func isHeld(_ root: String) -> Bool { held.contains(root) }
}

/// The roots whose lock this process holds: a committed change leaves the folder to the lock's
/// release.
private final class HeldRoots: @unchecked Sendable {
  private var roots: [String: Int] = [:]
  private var mutex = pthread_mutex_t()

  init() { pthread_mutex_init(&mutex, nil) }

  func set(_ root: String, _ isHeld: Bool) {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    roots[root, default: 0] += isHeld ? 1 : -1
    if roots[root, default: 0] <= 0 { roots[root] = nil }
  }

  func contains(_ root: String) -> Bool {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return roots[root] != nil
  }
}
