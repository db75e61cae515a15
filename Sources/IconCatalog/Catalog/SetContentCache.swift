import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether each `.appiconset` compiles to an icon (`AssetCatalogs.compilesToIcon`), remembered
/// on disk from one run of the picker to the next, so that its first screen stats each set's
/// Contents.json instead of decoding it (docs/performance.md: decoding 2,000 sets cost 142 M
/// instructions, half of reading the names).
///
/// Safe to delete at any time, and never stale: an answer is used only when the file's identity
/// (device, inode, size, modification and change times, from one stat(2)) and the running
/// program's are those it was learnt with; a file changed within `settled` seconds of being read
/// is not remembered (a second change in the same tick of the file system's clock would keep
/// every part of its identity). A cache file that is damaged, foreign or cannot be written is a
/// miss, never an error.
public struct SetContentCache: Sendable {
  public let directory: URL
  /// How long ago a Contents.json must have last changed for its answer to be remembered: more
  /// than the coarsest timestamps in use (FAT's 2 s), so that a later change has another.
  let settled: Double
  /// The running program's identity (its executable's stat): another build may answer
  /// otherwise. Nil when it cannot be known: then nothing is remembered.
  let program: String?

  /// The cache in `directory` (the previews' folder, `$XDG_CACHE_HOME/iconpick`).
  public init(directory: URL) {
    self.init(directory: directory, settled: 2, program: Self.runningProgram)
  }

  init(directory: URL, settled: Double, program: String?) {
    self.directory = directory
    self.settled = settled
    self.program = program
  }

  /// Everything one stat(2) says of a file that a change to it also changes: device, inode,
  /// size, modification and change times (seconds and nanoseconds).
  struct Identity: Equatable, Sendable {
    var device, inode, size, modified, modifiedNanoseconds, changed, changedNanoseconds: UInt64

    init(_ fields: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) {
      (device, inode, size, modified, modifiedNanoseconds, changed, changedNanoseconds) = fields
    }

    var fields: [UInt64] {
      [device, inode, size, modified, modifiedNanoseconds, changed, changedNanoseconds]
    }

    /// The identity of the regular file at `path` (a link is followed), and when it last
    /// changed (seconds since 1970); nil for no file or another kind.
    static func of(_ path: String) -> (identity: Identity, changed: Double)? {
      var info = stat()
      guard stat(path, &info) == 0 else { return nil }
      return of(info)
    }

    /// The same for `path` inside the open folder `directory` (fstatat(2)): the kernel walks
    /// only the path's own components, not the folder's again for each of thousands of sets.
    static func of(_ path: String, in directory: Int32) -> (identity: Identity, changed: Double)? {
      var info = stat()
      guard fstatat(directory, path, &info, 0) == 0 else { return nil }
      return of(info)
    }

    private static func of(_ info: stat) -> (identity: Identity, changed: Double)? {
      guard info.st_mode & S_IFMT == S_IFREG else { return nil }
      let modified = info.st_mtim
      let changed = info.st_ctim
      let identity = Identity(
        (
          UInt64(info.st_dev), UInt64(info.st_ino), UInt64(bitPattern: Int64(info.st_size)),
          UInt64(bitPattern: Int64(modified.tv_sec)), UInt64(bitPattern: Int64(modified.tv_nsec)),
          UInt64(bitPattern: Int64(changed.tv_sec)), UInt64(bitPattern: Int64(changed.tv_nsec))
        ))
      return (identity, Double(changed.tv_sec) + Double(changed.tv_nsec) / 1e9)
    }
  }

  /// What is remembered of one set: its Contents.json's identity, and the answer.
  struct Entry: Equatable, Sendable {
    var identity: Identity
    var compiles: Bool
  }

  /// The running executable's identity, once a process.
  static let runningProgram: String? = {
    #if os(Linux)
      guard let (identity, _) = Identity.of("/proc/self/exe") else { return nil }
      return identity.fields.map(String.init).joined(separator: " ")
    #else
      return nil
    #endif
  }()

  private static let magic = "iconpick-set-content 1"

  /// The header of the file for `catalogs`: nil when nothing may be remembered for them (no
  /// program identity, or a folder name holding a line break).
  private func header(for catalogs: [String]) -> String? {
    guard let program, !catalogs.contains(where: { $0.unicodeScalars.contains("\n") }) else {
      return nil
    }
    return ([Self.magic, program, String(catalogs.count)] + catalogs).joined(separator: "\n")
      + "\n"
  }

  /// The file for these catalogs: a stable 64-bit FNV-1a hash of their folders (Swift's
  /// Hasher is seeded per process); the folders are in the header, so a collision is a miss.
  func file(for catalogs: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in catalogs.joined(separator: "\n").utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return directory.path + "/" + String(hash, radix: 16) + ".sets"
  }

  /// The answers remembered for the sets of `catalogs` (folder paths, in the reading's order),
  /// by set folder path; empty when there is no file for them or it is damaged or foreign.
  func load(catalogs: [String]) -> [String: Entry] {
    guard let header = header(for: catalogs),
      let bytes = try? RegularFile.read(file(for: catalogs), limit: FileLimits.setContentCache)
    else { return [:] }
    let expected = Array(header.utf8)
    guard bytes.count >= expected.count, bytes[0..<expected.count].elementsEqual(expected) else {
      return [:]
    }
    return Self.entries(bytes[expected.count...]) ?? [:]
  }

  /// The entry lines: the identity's seven numbers, 0 or 1, then the set's folder, separated
  /// by single spaces. Nil when any line is malformed: the whole file is then a miss.
  static func entries(_ text: ArraySlice<UInt8>) -> [String: Entry]? {
    text.withUnsafeBufferPointer { bytes -> [String: Entry]? in
      var entries: [String: Entry] = [:]
      // Room for every line at once: growing rehashes every key read so far.
      entries.reserveCapacity(bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
      var index = 0
      let end = bytes.count
      var numbers: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0)
      while index < end {
        // The eight numbers, each followed by one space.
        for field in 0..<8 {
          var value: UInt64 = 0
          let start = index
          while index < end, bytes[index] != UInt8(ascii: " ") {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10, index - start < 20 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return nil }
            value = sum
            index += 1
          }
          guard index > start, index < end else { return nil }
          index += 1
          withUnsafeMutableBytes(of: &numbers) {
            $0.storeBytes(of: value, toByteOffset: field * 8, as: UInt64.self)
          }
        }
        var lineEnd = index
        while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        guard numbers.7 <= 1, lineEnd < end, lineEnd > index,
          let folder = String(validating: bytes[index..<lineEnd], as: UTF8.self)
        else { return nil }
        entries[folder] = Entry(
          identity: Identity(
            (numbers.0, numbers.1, numbers.2, numbers.3, numbers.4, numbers.5, numbers.6)),
          compiles: numbers.7 == 1)
        index = lineEnd + 1
      }
      return entries
    }
  }

  /// Writes the entries for `catalogs` atomically (a temporary file renamed into place), so a
  /// reader never sees half a file. Failures are ignored: the cache only saves time. No fsync:
  /// a file lost or cut short by a crash is a miss, and is written again.
  func store(_ entries: [String: Entry], catalogs: [String]) {
    guard let header = header(for: catalogs) else { return }
    var bytes = Array(header.utf8)
    bytes.reserveCapacity(bytes.count + entries.count * 120)
    for (folder, entry) in entries where !folder.utf8.contains(UInt8(ascii: "\n")) {
      let identity = entry.identity
      for field in [
        identity.device, identity.inode, identity.size, identity.modified,
        identity.modifiedNanoseconds, identity.changed, identity.changedNanoseconds,
        entry.compiles ? 1 : 0,
      ] {
        Self.appendDecimal(field, to: &bytes)
        bytes.append(UInt8(ascii: " "))
      }
      bytes += folder.utf8
      bytes.append(UInt8(ascii: "\n"))
    }
    let target = file(for: catalogs)
    let temporary = target + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      // The first file: make the folder (and, rarely, its parents), then try once more.
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { return }
    let written = bytes.withUnsafeBytes { buffer in
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

  /// Appends `value` in decimal: its digits written from the last, in place.
  static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    rest = value
    var index = bytes.count - 1
    repeat {
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      index -= 1
    } while rest > 0
  }

  /// The wall clock now, in seconds since 1970, as file times count.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
