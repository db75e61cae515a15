import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file was not read: the text says what is wrong, without the file's name (the caller
/// adds it, as for `ArchiveProblem`).
public struct FileRefusal: Error, Equatable, Sendable {
  public var reason: String
  /// The system's error number when opening or reading failed (the reason is its text); nil
  /// for iconpick's own refusals (not a regular file, over the limit).
  public var code: Int32?
  public init(_ reason: String, code: Int32? = nil) {
    self.reason = reason
    self.code = code
  }
  /// There is no such file.
  public var isMissing: Bool { code == ENOENT }

  /// A refusal for the system's error `code`.
  static func system(_ code: Int32) -> FileRefusal {
    FileRefusal(String(cString: strerror(code)), code: code)
  }
}

/// The most iconpick reads of one kind of file, far above what real apps and projects hold: a
/// file over its limit is refused from its size, before a byte of it is read. docs/built-apps.md
/// lists them.
public struct FileLimit: Equatable, Sendable {
  /// What the file is, as a message says it: `an Info.plist`.
  public var kind: String
  public var bytes: Int

  public init(kind: String, bytes: Int) {
    self.kind = kind
    self.bytes = bytes
  }

  /// "1073741824 bytes, over the limit of 8 MiB for an Info.plist".
  public func refusal(size: Int) -> FileRefusal {
    FileRefusal("\(size) bytes, over the limit of \(Self.spelled(bytes)) for \(kind)")
  }

  static func spelled(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0
      ? "\(bytes >> 20) MiB"
      : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
  }
}

/// Every limit in one place.
public enum FileLimits {
  /// Real ones hold a few kilobytes; a big app's, a few hundred.
  public static let infoPlist = FileLimit(kind: "an Info.plist", bytes: 8 << 20)
  /// The largest real projects' run to a few tens of megabytes.
  public static let project = FileLimit(kind: "a project.pbxproj", bytes: 64 << 20)
  /// Other property lists (an `.xcarchive`'s Info.plist), build settings files and the project
  /// text read for line numbers.
  public static let text = FileLimit(kind: "a settings file", bytes: 64 << 20)
  /// A file the write side edits or removes (a project file, a plist, an image): the largest of
  /// the limits above.
  public static let edited = FileLimit(kind: "a file to edit", bytes: 64 << 20)
  /// An asset catalog's Contents.json: a few kilobytes, even for a set with every size.
  public static let contentsJSON = FileLimit(kind: "a Contents.json", bytes: 8 << 20)
  /// The picker's record of which sets compile to an icon (`SetContentCache`): about 120 bytes
  /// a set, so some 70,000 sets; a larger one is a miss, as a damaged one is.
  public static let setContentCache = FileLimit(kind: "a set content cache", bytes: 8 << 20)
  /// An Icon Composer bundle's icon.json: a few kilobytes.
  public static let iconJSON = FileLimit(kind: "an icon.json", bytes: 4 << 20)
  /// A PNG read whole (previews, `show`, transparency): a 1024×1024 RGBA icon is at most about
  /// 4 MiB; an 8192×8192 one, the largest decoded, compresses to far less than this.
  public static let png = FileLimit(kind: "a PNG", bytes: 64 << 20)
  /// What is read of a PNG for its header: the signature and the chunks before the pixels.
  public static let pngHeaderBytes = 64 << 10
  /// A compiled asset catalog: games ship cars of a few hundred megabytes' worth of images,
  /// but an app's icons come in far smaller ones.
  public static let assetsCar = FileLimit(kind: "an Assets.car", bytes: 256 << 20)
}

/// Opens files for reading the one safe way: without blocking (a FIFO would hold up `open`
/// forever), only a regular file (a FIFO, a socket or a device is refused: `/dev/zero` never
/// ends), its size checked against the limit for its kind before it is read.
public enum RegularFile {
  /// An open regular file: close it with `close(descriptor)`.
  public struct Opened {
    public var descriptor: Int32
    public var size: Int
  }

  /// Opens `path`, refusing what is not a regular file; a file that cannot be opened is refused
  /// with the system's text (`No such file or directory`).
  public static func open(_ path: String) throws(FileRefusal) -> Opened {
    if let planned = try planned(path) { return try anonymous(planned) }
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      // A socket cannot be opened at all (ENXIO): say what it is.
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
        throw FileRefusal(notRegular(mode: status.st_mode))
      }
      throw .system(code)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw .system(code)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw FileRefusal(notRegular(mode: status.st_mode))
    }
    // O_NONBLOCK stays: it changes nothing for a regular file's reads.
    return Opened(descriptor: descriptor, size: Int(status.st_size))
  }

  /// The bytes a planned change gives `path` (`DiskOverlay`); nil when the disk decides.
  private static func planned(_ path: String) throws(FileRefusal) -> [UInt8]? {
    guard let overlay = DiskOverlay.current, let entry = overlay.entry(path) else { return nil }
    switch entry {
    case .file(let bytes): return bytes
    case .folder: throw FileRefusal(notRegular(mode: S_IFDIR))
    case .gone: throw .system(ENOENT)
    }
  }

  /// An unnamed file holding `bytes`, for readers that want a descriptor (libpng's stream, a
  /// layer's reader): the planned bytes read as a file on disk would be.
  private static func anonymous(_ bytes: [UInt8]) throws(FileRefusal) -> Opened {
    guard let file = tmpfile() else { throw .system(errno) }
    let descriptor = dup(fileno(file))
    fclose(file)
    guard descriptor >= 0 else { throw .system(errno) }
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(descriptor)
        throw .system(code)
      }
      done += count
    }
    lseek(descriptor, 0, SEEK_SET)
    return Opened(descriptor: descriptor, size: bytes.count)
  }

  /// "not a regular file (a FIFO)", for a file of this mode.
  /// A regular file at `path`, a symbolic link followed.
  public static func isRegularFile(_ path: String) -> Bool {
    if DiskOverlay.current != nil { return ReadDisk.kind(path) == .file }
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  static func notRegular(mode: mode_t) -> String {
    let what: String
    switch mode & S_IFMT {
    case S_IFDIR: return "a folder, not a file"
    case S_IFIFO: what = "a FIFO"
    case S_IFSOCK: what = "a socket"
    case S_IFCHR: what = "a character device"
    case S_IFBLK: what = "a block device"
    default: what = "an unknown kind of file"
    }
    return "not a regular file (\(what))"
  }

  /// The whole file, refused from its size when over `limit`.
  public static func read(_ path: String, limit: FileLimit) throws(FileRefusal) -> [UInt8] {
    if let planned = try planned(path) {
      guard planned.count <= limit.bytes else { throw limit.refusal(size: planned.count) }
      return planned
    }
    let file = try open(path)
    defer { close(file.descriptor) }
    guard file.size <= limit.bytes else { throw limit.refusal(size: file.size) }
    // The file may grow since fstat: never more than one byte past the limit is read.
    return try read(file.descriptor, atMost: limit.bytes + 1, expected: file.size, limit: limit)
  }

  /// The whole file, or nil when there is none.
  public static func readIfPresent(_ path: String, limit: FileLimit) throws(FileRefusal)
    -> [UInt8]?
  {
    do {
      return try read(path, limit: limit)
    } catch {
      if error.isMissing { return nil }
      throw error
    }
  }

  /// The first `count` bytes of the file (fewer when it is shorter).
  public static func prefix(_ path: String, count: Int) throws(FileRefusal) -> [UInt8] {
    if let planned = try planned(path) { return Array(planned.prefix(count)) }
    let file = try open(path)
    defer { close(file.descriptor) }
    return try read(file.descriptor, atMost: count, expected: count, limit: nil)
  }

  /// A stdio stream on the file, for libpng, and the file's size: close it with `fclose`.
  public static func stream(_ path: String) throws(FileRefusal) -> (
    stream: UnsafeMutablePointer<FILE>, size: Int
  ) {
    let file = try open(path)
    guard let stream = fdopen(file.descriptor, "rb") else {
      let code = errno
      close(file.descriptor)
      throw .system(code)
    }
    return (stream, file.size)
  }

  /// The file's bytes, nil when it cannot be read or is over `limit`: for readers that report
  /// an unreadable file elsewhere.
  public static func contents(_ file: URL, limit: FileLimit) -> Data? {
    (try? read(file.path, limit: limit)).map { Data($0) }
  }

  /// Reads until the file ends or `count` bytes are in; `expected` (the size fstat gave) sizes
  /// the first buffer, which grows only for a file that grew.
  private static func read(
    _ descriptor: Int32, atMost count: Int, expected: Int, limit: FileLimit?
  ) throws(FileRefusal) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: min(count, max(expected, 0) + 1))
    var done = 0
    while done < count {
      if done == bytes.count {
        bytes += [UInt8](repeating: 0, count: min(count - done, max(bytes.count, 1 << 16)))
      }
      let read = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done)
      }
      if read == 0 { break }
      if read < 0 {
        if errno == EINTR { continue }
        throw .system(errno)
      }
      done += read
    }
    if let limit, done > limit.bytes { throw limit.refusal(size: done) }
    bytes.removeLast(bytes.count - done)
    return bytes
  }
}
