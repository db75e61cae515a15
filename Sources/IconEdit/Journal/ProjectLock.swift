import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One writer at a time: an advisory `flock` on `.iconpick/lock` in the project's root, held from
/// planning a change to verifying it, the holder's pid written in it. A second writer waits
/// `waitLimit`, then is refused with the pid (and program) holding it. The file and its folder go
/// when the lock is released, so taking it checks that the name still names the file locked (the
/// holder may have removed it meanwhile), and tries again when not.
public final class ProjectLock: @unchecked Sendable {
  /// How long a second writer waits for the first: a change takes well under a second.
  public static let waitLimit: Duration = .seconds(3)

  /// The project root whose changes this lock guards.
  public let root: URL
  /// What taking the lock found and finished: the lines to print (an interrupted change undone).
  public let recovered: [String]
  private let folder: JournalFolder
  private var fd: Int32

  private init(root: URL, folder: JournalFolder, fd: Int32, recovered: [String]) {
    self.root = root
    self.folder = folder
    self.fd = fd
    self.recovered = recovered
  }

  deinit { release() }

  /// Takes the lock of the project rooted at `root`, waiting at most `timeout`. A journal found
  /// once the lock is held belongs to a writer that died: it is rolled back first (`recovered`).
  public static func acquire(root: URL, timeout: Duration = waitLimit) throws(EditError)
    -> ProjectLock
  {
    let rootPath = root.standardizedFileURL.path
    let folder = JournalFolder(root: rootPath)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var pause: UInt32 = 1_000
    while true {
      try checkFolderWritable(rootPath)
      try folder.prepare()
      let fd = open(folder.lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
      if fd < 0 {
        // The folder was removed by the holder finishing: make it again.
        if errno == ENOENT || errno == EINTR { continue }
        throw JournalFolder.failure(folder.lock, errno)
      }
      var locked = false
      while true {
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
          locked = true
          break
        }
        let code = errno
        if code == EINTR { continue }
        guard code == EWOULDBLOCK || code == EAGAIN else {
          close(fd)
          throw .writeFailed(
            file: folder.lock, reason: "cannot lock: \(String(cString: strerror(code)))")
        }
        if clock.now >= deadline { break }
        usleep(pause)
        pause = min(pause * 2, 50_000)
      }
      guard locked else {
        close(fd)
        let holder = holder(of: folder.lock)
        throw .locked(lockFile: folder.lock, pid: holder.pid, program: holder.program)
      }
      // Locked, but perhaps a file its holder removed before letting go: then try again.
      guard sameFile(fd, folder.lock) else {
        close(fd)
        continue
      }
      let pid = Array("\(getpid())\n".utf8)
      _ = ftruncate(fd, 0)
      _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
      JournalFolder.markHeld(rootPath, true)
      do {
        // The holder before may have removed the .gitignore just before this lock was made.
        try folder.prepare()
        let line = try ChangeRecovery.rollBack(folder)
        return ProjectLock(root: root, folder: folder, fd: fd, recovered: line.map { [$0] } ?? [])
      } catch {
        JournalFolder.markHeld(rootPath, false)
        close(fd)
        throw error
      }
    }
  }

  /// Lets go: the lock file, the `.gitignore` and the folder removed (unless a journal is left,
  /// of a change that could not be put back: the next command finishes it), then the lock.
  public func release() {
    guard fd >= 0 else { return }
    if !folder.hasJournal {
      folder.removeScratch()
      unlink(folder.lock)
      folder.removeFolderIfEmpty()
    }
    JournalFolder.markHeld(folder.root, false)
    close(fd)
    fd = -1
  }

  // MARK: Helpers

  /// True when `fd` is the file `path` names now.
  static func sameFile(_ fd: Int32, _ path: String) -> Bool {
    var opened = stat()
    var named = stat()
    guard fstat(fd, &opened) == 0, lstat(path, &named) == 0 else { return false }
    return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }

  /// The pid written in the lock file and, from /proc, its program's name.
  static func holder(of lockFile: String) -> (pid: Int32?, program: String?) {
    guard let bytes = JournalFolder.read(lockFile),
      let pid = Int32(String(decoding: bytes, as: UTF8.self).trimmingWhitespace()), pid > 0
    else { return (nil, nil) }
    let program = JournalFolder.read("/proc/\(pid)/comm").map {
      String(decoding: $0, as: UTF8.self).trimmingWhitespace()
    }
    return (pid, program.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// What taking the lock of `root` would refuse before any wait: a folder that cannot take the
  /// journal. A dry run, which takes no lock, asks it before planning, as a real run does.
  public static func checkRoot(_ root: URL) throws(EditError) {
    try checkFolderWritable(root.standardizedFileURL.path)
  }

  /// The root must take the journal folder: refused by its mode as `check` refuses a folder.
  private static func checkFolderWritable(_ root: String) throws(EditError) {
    var status = stat()
    guard stat(root, &status) == 0 else {
      throw JournalFolder.failure(root, errno)
    }
    if !ChangeApplier.writableByMode(status) {
      throw .notWritable(file: root, mode: UInt32(status.st_mode & 0o7777), isFolder: true)
    }
  }
}

extension String {
  fileprivate func trimmingWhitespace() -> String {
    var text = Substring(self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    return String(text)
  }
}
