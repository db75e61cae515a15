import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a change set: every file checked first (unchanged since it was read, inside the
/// project, no place taken), then each written atomically (a temporary file beside it, fsync,
/// rename). A failure part-way puts back everything written before it.
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
    fileprivate var undoSteps: [Step]
    let calls: SystemCalls

    /// Puts every file back as it was, last change first. Best effort: a step that fails does
    /// not stop the others; the files it could not restore are returned.
    @discardableResult
    public func undo() -> [String] {
      var failed: [String] = []
      for step in undoSteps.reversed() {
        do { try step.run(calls) } catch { failed.append(step.path) }
      }
      return failed
    }
  }

  fileprivate enum Step: Sendable {
    case removeFile(String)
    case removeDirectory(String)
    case makeDirectory(String, mode: mode_t)
    case restore(String, bytes: [UInt8], mode: mode_t)

    var path: String {
      switch self {
      case .removeFile(let path), .removeDirectory(let path), .makeDirectory(let path, _),
        .restore(let path, _, _):
        return path
      }
    }

    func run(_ calls: SystemCalls) throws(EditError) {
      switch self {
      case .removeFile(let path):
        if unlink(path) != 0, errno != ENOENT { throw ChangeApplier.failure(path) }
      case .removeDirectory(let path):
        if rmdir(path) != 0, errno != ENOENT { throw ChangeApplier.failure(path) }
      case .makeDirectory(let path, let mode):
        if mkdir(path, mode) != 0, errno != EEXIST { throw ChangeApplier.failure(path) }
      case .restore(let path, let bytes, let mode):
        try ChangeApplier.writeAtomically(bytes, to: path, mode: mode, calls: calls)
      }
    }
  }

  /// Checks every change against the disk without writing: what `--dry-run` also runs, so a
  /// dry run refuses what a real run would.
  public static func check(_ set: ChangeSet) throws(EditError) {
    let root = realPath(set.root.path) ?? set.root.standardizedFileURL.path
    var planned = Set<String>()
    for change in set.changes {
      let path = change.path.standardizedFileURL.path
      try checkContainment(path, root: root)
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
      }
      planned.insert(path)
    }
  }

  /// Applies `set`: checks it, then writes each change; on a failure, undoes what was written and
  /// throws.
  public static func apply(_ set: ChangeSet, calls: SystemCalls = .system) throws(EditError)
    -> Applied
  {
    try check(set)
    var applied = Applied(undoSteps: [], calls: calls)
    do {
      for change in set.changes {
        let path = change.path.standardizedFileURL.path
        if change.isDirectory {
          if change.isCreation {
            guard mkdir(path, 0o777) == 0 else { throw failure(path) }
            applied.undoSteps.append(.removeDirectory(path))
          } else {
            let mode = fileMode(path) ?? 0o755
            guard rmdir(path) == 0 else { throw failure(path) }
            applied.undoSteps.append(.makeDirectory(path, mode: mode))
          }
          continue
        }
        // Read once more just before writing: another program may have saved it meanwhile.
        if let original = change.original {
          guard let bytes = FileManager.default.contents(atPath: path), [UInt8](bytes) == original
          else { throw EditError.changedOnDisk(file: path) }
        }
        let mode = fileMode(path) ?? (0o666 & ~currentUmask())
        if let updated = change.updated {
          try writeAtomically(
            updated, to: path, mode: mode, calls: calls, exclusive: change.isCreation)
          applied.undoSteps.append(
            change.original.map { .restore(path, bytes: $0, mode: mode) } ?? .removeFile(path))
        } else {
          guard unlink(path) == 0 else { throw failure(path) }
          applied.undoSteps.append(.restore(path, bytes: change.original ?? [], mode: mode))
        }
      }
    } catch let error as EditError {
      applied.undo()
      throw error
    } catch {
      applied.undo()
      throw .writeFailed(file: set.root.path, reason: "\(error)")
    }
    return applied
  }

  // MARK: Files

  static func writeAtomically(
    _ bytes: [UInt8], to path: String, mode: mode_t, calls: SystemCalls, exclusive: Bool = false
  ) throws(EditError) {
    let folder = PathText.directory(path)
    let name = PathText.lastComponent(path)
    var temporary = ""
    var fd: Int32 = -1
    for _ in 0..<100 {
      temporary =
        "\(folder)/.\(name).iconpick-\(String(UInt64.random(in: .min ... .max), radix: 16))"
      fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
      if fd >= 0 || errno != EEXIST { break }
    }
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
    // A new file must not replace one that appeared meanwhile: link() fails on an existing name.
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
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
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

  // MARK: Containment

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Refuses a path whose nearest existing ancestor (or the path itself) resolves outside
  /// `root`: a symbolic link that leaves the project is never followed.
  static func checkContainment(_ path: String, root: String) throws(EditError) {
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
