import FoundationEssentials
import IconCatalog
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rendered thumbnails on disk, under `$XDG_CACHE_HOME/iconpick` (default `~/.cache/iconpick`).
/// Safe to delete at any time. An entry is keyed by the source file's identity (path, size,
/// modification time) and the render parameters, so an edited icon is never shown stale.
public struct ThumbnailCache: Sendable {
  public let directory: URL

  public init(directory: URL) {
    self.directory = directory
  }

  /// `$XDG_CACHE_HOME/iconpick` when that is an absolute path (the XDG rule), else `~/.cache/iconpick`.
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return URL(fileURLWithPath: base).appendingPathComponent("iconpick")
    }
    let home = HomeFolder.path(environment: environment)
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/iconpick")
  }

  /// What an entry depends on. Two keys are the same entry only if every part matches.
  public struct Key: Equatable, Sendable {
    public var text: String

    /// Nil when the source file cannot be examined (then nothing is cached for it).
    ///
    /// One stat(2) of the file a symbolic link points to, so editing the image itself changes
    /// the key. (FileManager's attributes also look up the owner's and group's names.)
    public init?(source: URL, parameters: String) {
      // A planned change's files are not the disk's: nothing of a plan is cached.
      if ReadDisk.isPlanned { return nil }
      var info = stat()
      guard stat(source.path, &info) == 0 else { return nil }
      let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
      text = "\(source.standardizedFileURL.path)\n\(info.st_size)\n\(modified)\n\(parameters)"
    }

    /// A key over several source files (an Icon Composer bundle's icon.json and its layers):
    /// each one's path, size and modification time, so editing any of them changes the key. A
    /// file that is missing is part of the key as missing. Nil when there is no source or the
    /// first one cannot be examined.
    public init?(sources: [URL], parameters: String) {
      guard !ReadDisk.isPlanned, let first = sources.first,
        let firstLine = Self.identity(path: first.path, shown: first.standardizedFileURL.path)
      else {
        return nil
      }
      // The others are shown as given: standardizing each path costs more than its stat.
      let lines =
        [firstLine]
        + sources.dropFirst().map {
          let path = $0.path
          return Self.identity(path: path, shown: path) ?? "\(path)\nmissing"
        }
      text = lines.joined(separator: "\n") + "\n\(parameters)"
    }

    /// Path, size and modification time, from one stat(2) of the file a link points to.
    private static func identity(path: String, shown: String) -> String? {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
      return "\(shown)\n\(info.st_size)\n\(modified)"
    }

    init(text: String) { self.text = text }

    /// The entry's file name: a stable 64-bit FNV-1a hash (Swift's Hasher is seeded per
    /// process); the full key is stored inside the entry, so a collision reads as a miss.
    var fileName: String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
      return String(hash, radix: 16) + ".thumb"
    }
  }

  private static let magic = Array("iconpick-thumbnail 1\n".utf8)

  /// The cached bytes for `key`; nil on a miss. A damaged or foreign entry is a miss (and
  /// is replaced by the next `store`).
  public func load(_ key: Key) -> [UInt8]? {
    guard let data = FileManager.default.contents(atPath: file(for: key).path) else { return nil }
    let bytes = [UInt8](data)
    let header = Self.magic + Array(key.text.utf8) + [0]
    guard bytes.count >= header.count + 8, Array(bytes[0..<header.count]) == header else {
      return nil
    }
    var length: UInt64 = 0
    for byte in bytes[header.count..<(header.count + 8)] { length = length << 8 | UInt64(byte) }
    let payload = bytes[(header.count + 8)...]
    guard UInt64(payload.count) == length else { return nil }
    return Array(payload)
  }

  /// Writes the entry atomically (a temporary file renamed into place), so a reader never sees
  /// half an entry. Failures are ignored: the cache only saves time.
  ///
  /// Plain POSIX calls, without fsync: Foundation's `Data.write` syncs the file to disk, which
  /// took 1-3 ms of wall time per thumbnail, more than drawing it. A cache needs no
  /// durability: an entry lost or cut short by a crash is a miss (`load` checks the length)
  /// and is rewritten.
  public func store(_ bytes: [UInt8], for key: Key) {
    var entry = Self.magic + Array(key.text.utf8) + [0]
    let length = UInt64(bytes.count)
    for shift in stride(from: 56, through: 0, by: -8) {
      entry.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
    }
    entry += bytes
    let target = file(for: key).path
    // Unique among processes (the pid) and among threads of this one (the counter).
    let temporary =
      directory.appendingPathComponent(
        ".\(key.fileName).\(getpid()).\(Self.temporaryCounter.add(1, ordering: .relaxed).oldValue).tmp"
      ).path
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      // The first entry: make the folder (and, rarely, its parents), then try once more.
      if mkdir(directory.path, 0o755) != 0, errno == ENOENT {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      }
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { return }
    let written = entry.withUnsafeBytes { buffer in
      var done = 0
      while done < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        done += count
      }
      return true
    }
    let closed = close(descriptor) == 0
    if !(written && closed && rename(temporary, target) == 0) { unlink(temporary) }
  }

  private static let temporaryCounter = Atomic<Int>(0)

  func file(for key: Key) -> URL { directory.appendingPathComponent(key.fileName) }
}
