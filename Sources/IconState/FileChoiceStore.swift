import FoundationEssentials
import Glibc
import IconCatalog

/// Keeps the recorded choice per bundle identifier as `<directory>/<bundleIdentifier>.json`.
///
/// Writes are atomic (temporary file, fsync, rename, fsync of the folder) and serialised by an
/// advisory `flock` on a separate `<bundleIdentifier>.lock`, so the rename never replaces the lock.
public struct FileChoiceStore: ChoiceStore {
  public let directory: URL
  public let lockTimeout: Duration
  let calls: SystemCalls

  public init(directory: URL, lockTimeout: Duration = .seconds(10)) {
    self.init(directory: directory, lockTimeout: lockTimeout, calls: .system)
  }

  /// Tests replace individual system calls to force failures that root cannot otherwise provoke.
  init(directory: URL, lockTimeout: Duration, calls: SystemCalls) {
    self.directory = directory
    self.lockTimeout = lockTimeout
    self.calls = calls
  }

  /// `$XDG_STATE_HOME/iconpick` when that is absolute (the XDG spec says to ignore relative values),
  /// else `$HOME/.local/state/iconpick`. `--state-dir` is applied by the caller before this.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent(
        "iconpick", isDirectory: true)
    }
    return URL(fileURLWithPath: HomeFolder.path(environment: environment), isDirectory: true)
      .appendingPathComponent(".local/state/iconpick", isDirectory: true)
  }

  public func stateFile(for bundleIdentifier: String) -> URL {
    directory.appendingPathComponent(bundleIdentifier + ".json", isDirectory: false)
  }

  public func location(bundleIdentifier: String) -> String {
    stateFile(for: bundleIdentifier).path
  }

  public func validate(bundleIdentifier: String) throws(IconStateError) {
    try Self.validate(bundleIdentifier)
  }

  func lockFile(for bundleIdentifier: String) -> URL {
    directory.appendingPathComponent(bundleIdentifier + ".lock", isDirectory: false)
  }

  // MARK: - Reading

  public func load(bundleIdentifier: String) throws(IconStateError) -> StoredChoice {
    try Self.validate(bundleIdentifier)
    // No lock: the rename makes every reader see a whole file, and reading must not create anything.
    return try read(bundleIdentifier: bundleIdentifier)
  }

  private func read(bundleIdentifier: String) throws(IconStateError) -> StoredChoice {
    let path = stateFile(for: bundleIdentifier).path
    // O_NONBLOCK so a FIFO planted at the path cannot hang us.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      let code = errno
      switch code {
      case ENOENT: return .primary
      case ENOTDIR:
        throw .stateDirectoryUnusable(
          path: directory.path, reason: "part of the path is not a folder")
      default: throw .unreadableState(file: path, reason: errorText(code))
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .unreadableState(file: path, reason: errorText(errno))
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .unreadableState(file: path, reason: "it is not a regular file")
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while bytes.count <= Self.maximumFileSize {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw .unreadableState(file: path, reason: errorText(code))
      }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return Self.parse(bytes, bundleIdentifier: bundleIdentifier, file: path)
  }

  /// A real state file is under 1 KiB; anything this big is not ours.
  static let maximumFileSize = 1 << 20

  static func parse(_ bytes: [UInt8], bundleIdentifier: String, file: String) -> StoredChoice {
    if bytes.isEmpty { return .corrupt(file: file, reason: "the file is empty") }
    if bytes.count > maximumFileSize {
      return .corrupt(file: file, reason: "the file is larger than 1 MiB")
    }
    let object: Any
    do {
      object = try JSONTree.object(from: Data(bytes))
    } catch {
      return .corrupt(file: file, reason: "not valid JSON")
    }
    guard let fields = object as? [String: Any] else {
      return .corrupt(file: file, reason: "expected a JSON object")
    }
    if let recorded = fields["bundleIdentifier"] {
      guard let recorded = recorded as? String, recorded == bundleIdentifier else {
        return .corrupt(file: file, reason: "\"bundleIdentifier\" is not \"\(bundleIdentifier)\"")
      }
    }
    guard let value = fields["alternateIconName"] else {
      return .corrupt(file: file, reason: "no \"alternateIconName\" field")
    }
    if value is NullValue { return .primary }
    guard let name = value as? String else {
      return .corrupt(file: file, reason: "\"alternateIconName\" is neither a string nor null")
    }
    return .alternate(name)
  }

  // MARK: - Writing

  public func save(alternateIconName: String?, bundleIdentifier: String) throws(IconStateError)
    -> SaveReport
  {
    try Self.validate(bundleIdentifier)
    // Under `ulimit -f`, an over-long write raises SIGXFSZ, which kills the process before
    // the error can be reported; ignored, write() returns EFBIG. Set on every save: a lazy
    // global's initializer is not guaranteed to run for a discarded read.
    signal(SIGXFSZ, SIG_IGN)
    try makeDirectory()
    let lock = try acquireLock(lockFile(for: bundleIdentifier).path)
    defer { close(lock) }

    let target = stateFile(for: bundleIdentifier).path
    // Read under the lock so a damaged file found here is the one we move aside.
    let current = try read(bundleIdentifier: bundleIdentifier)
    let temporary = try writeTemporary(
      contents: Self.encode(
        alternateIconName: alternateIconName, bundleIdentifier: bundleIdentifier),
      bundleIdentifier: bundleIdentifier, target: target)

    // The damaged file moves only after the new contents are safely on disk, so a failed write leaves it as it was.
    var copy: String?
    if case .corrupt = current {
      let aside = availableCopyName(for: target)
      guard calls.rename(target, aside) == 0 else {
        let reason = errorText(errno)
        unlink(temporary)
        throw .writeFailed(
          file: target, reason: "could not keep a copy of the damaged file: \(reason)")
      }
      copy = aside
    }
    guard calls.rename(temporary, target) == 0 else {
      let reason = errorText(errno)
      unlink(temporary)
      if let copy { _ = Glibc.rename(copy, target) }
      throw .writeFailed(file: target, reason: reason)
    }
    syncDirectory()
    return SaveReport(preservedCorruptCopy: copy)
  }

  static func encode(alternateIconName: String?, bundleIdentifier: String) -> [UInt8] {
    let fields: [String: Any] = [
      "alternateIconName": alternateIconName.map { $0 as Any } ?? NullValue(),
      "bundleIdentifier": bundleIdentifier,
    ]
    // Two strings and a null always serialise; the fallback only keeps this total.
    let data =
      (try? JSONTree.data(object: fields, formatting: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
    return [UInt8](data) + [UInt8(ascii: "\n")]
  }

  /// Creates the folder and any missing parents with mode 0700, as the XDG spec asks.
  private func makeDirectory() throws(IconStateError) {
    let path = directory.path
    var info = stat()
    if stat(path, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFDIR { return }
      throw .stateDirectoryUnusable(path: path, reason: "it exists and is not a folder")
    }
    if let (failed, code) = createFolder(path) {
      let reason = failed == path ? errorText(code) : "\(failed): \(errorText(code))"
      throw .stateDirectoryUnusable(path: path, reason: reason)
    }
  }

  /// Returns the path that could not be created and why, or nil when `path` is now a folder.
  private func createFolder(_ path: String) -> (String, Int32)? {
    if mkdir(path, 0o700) == 0 {
      // umask may have taken bits away; the folder must be exactly 0700.
      _ = chmod(path, 0o700)
      return nil
    }
    let code = errno
    switch code {
    case EEXIST:
      var info = stat()
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return nil }
      return (path, ENOTDIR)
    case ENOENT:
      let parent = PathText.directory(path)
      guard !parent.isEmpty, parent != path else { return (path, code) }
      if let failure = createFolder(parent) { return failure }
      if mkdir(path, 0o700) == 0 {
        _ = chmod(path, 0o700)
        return nil
      }
      let retry = errno
      var info = stat()
      if retry == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return nil }
      return (path, retry)
    default:
      return (path, code)
    }
  }

  /// Polls a non-blocking flock so a stuck holder yields `.busy` instead of a hang; until then changes queue.
  private func acquireLock(_ path: String) throws(IconStateError) -> Int32 {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw .writeFailed(file: path, reason: "cannot open the lock file: \(errorText(errno))")
    }
    _ = fchmod(fd, 0o600)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: lockTimeout)
    var pause: UInt32 = 1_000
    while true {
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { return fd }
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else {
        close(fd)
        throw .writeFailed(file: path, reason: "cannot lock: \(errorText(code))")
      }
      if clock.now >= deadline {
        close(fd)
        throw .busy(lockFile: path)
      }
      usleep(pause)
      pause = min(pause * 2, 50_000)
    }
  }

  /// Writes `contents` to a fresh 0600 file beside `target` and returns its path; on any failure the file is gone.
  private func writeTemporary(contents: [UInt8], bundleIdentifier: String, target: String)
    throws(IconStateError)
    -> String
  {
    try TemporaryFile.write(
      contents, in: directory.path, prefix: ".\(bundleIdentifier).json", target: target,
      calls: calls)
  }

  /// `<file>.corrupt-20261129T154200Z`, then `-1`, `-2`... so an earlier copy is never replaced.
  private func availableCopyName(for target: String) -> String {
    var now = time_t(calls.now().timeIntervalSince1970)
    var parts = tm()
    gmtime_r(&now, &parts)
    let stamp = String(
      printf: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
      parts.tm_hour, parts.tm_min, parts.tm_sec)
    let base = "\(target).corrupt-\(stamp)"
    var candidate = base
    var number = 0
    var info = stat()
    while lstat(candidate, &info) == 0 {
      number += 1
      candidate = "\(base)-\(number)"
    }
    return candidate
  }

  /// Makes the rename durable. The choice is already recorded, so a failure here is not reported.
  private func syncDirectory() {
    let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  // MARK: - Names

  /// Only `[A-Za-z0-9._-]+`, not starting with a dot, so a name can never leave the folder or hide.
  static func validate(_ bundleIdentifier: String) throws(IconStateError) {
    if problem(withBundleIdentifier: bundleIdentifier) != nil {
      throw .invalidBundleIdentifier(bundleIdentifier)
    }
  }

  /// The longest bundle identifier that names a state file: the longest file made from it
  /// (`ID.json.corrupt-20261129T154200Z-N`, 36 more bytes) stays under the 255 bytes a file name
  /// may have on Linux and macOS. Real identifiers are far shorter (App Store Connect takes 155).
  public static let maximumBundleIdentifierLength = 200

  /// Why `bundleIdentifier` cannot name a state file, or nil when it can: it must match
  /// `[A-Za-z0-9._-]+`, not start with a dot, and be at most `maximumBundleIdentifierLength`
  /// bytes. The reason names the first character that is not allowed, escaped.
  public static func problem(withBundleIdentifier bundleIdentifier: String) -> String? {
    if bundleIdentifier.isEmpty { return "it is empty" }
    for scalar in bundleIdentifier.unicodeScalars {
      switch scalar {
      case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": continue
      case "/": return "it contains \"/\", which would leave the state folder"
      case "\u{FFFD}":
        return "it contains U+FFFD, the mark of text that was not valid UTF-8 or UTF-16"
      default:
        let shown =
          MessageText.isInvisible(scalar) || scalar == " "
          ? "U+" + String(scalar.value, radix: 16, uppercase: true)
          : "\"\(scalar)\""
        return "it contains \(shown), which is not a letter, digit, \".\", \"-\" or \"_\""
      }
    }
    if bundleIdentifier.hasPrefix(".") {
      return bundleIdentifier == "." || bundleIdentifier == ".."
        ? "it is \"\(bundleIdentifier)\", a folder, not a name"
        : "it starts with \".\", which would hide the file"
    }
    let length = bundleIdentifier.utf8.count
    if length > maximumBundleIdentifierLength {
      return
        "it is \(length) characters long, more than the \(maximumBundleIdentifierLength) a state file's name allows"
    }
    return nil
  }
}

/// The system calls a test may replace; everything else always goes to the kernel.
struct SystemCalls: Sendable {
  var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
  var fsync: @Sendable (_ fd: Int32) -> Int32
  var rename: @Sendable (_ from: String, _ to: String) -> Int32
  var now: @Sendable () -> Date

  static let system = SystemCalls(
    write: { Glibc.write($0, $1, $2) },
    fsync: { Glibc.fsync($0) },
    rename: { Glibc.rename($0, $1) },
    now: { Date() })
}

private func errorText(_ code: Int32) -> String {
  String(cString: strerror(code))
}
