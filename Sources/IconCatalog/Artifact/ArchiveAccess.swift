import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An archive (an `.ipa`) as IconCatalog sees it: its entries, and an entry's bytes read with a
/// cap. The zip library lives in another module (IconArchive, which loads libzip on first use);
/// it installs an opener here, so IconCatalog stays Foundation only.
public struct ArchiveAccess: Sendable {
  /// Every entry, in the archive's order.
  public var entries: [ArchiveEntry]
  /// The bytes of the entry at `index` (its position in `entries`), refused when it declares
  /// or inflates to more than `limit` bytes, or to more than it declared.
  public var read: @Sendable (_ index: Int, _ limit: Int) throws(ArchiveProblem) -> [UInt8]
  /// The first `count` bytes of the entry at `index` (fewer when it is shorter): only those are
  /// inflated, so a PNG's header costs its header, whatever the entry's size.
  public var readPrefix: @Sendable (_ index: Int, _ count: Int) throws(ArchiveProblem) -> [UInt8]

  /// Without `readPrefix`, a prefix is cut from the whole entry.
  public init(
    entries: [ArchiveEntry],
    read: @escaping @Sendable (_ index: Int, _ limit: Int) throws(ArchiveProblem) -> [UInt8],
    readPrefix: (@Sendable (_ index: Int, _ count: Int) throws(ArchiveProblem) -> [UInt8])? = nil
  ) {
    self.entries = entries
    self.read = read
    if let readPrefix {
      self.readPrefix = readPrefix
    } else {
      self.readPrefix = { index, count throws(ArchiveProblem) -> [UInt8] in
        Array(try read(index, Int.max).prefix(count))
      }
    }
  }

  /// The same archive with every entry inflated whole at most once: results and refusals are
  /// remembered per entry (the bytes while they fit in `budget`, with the latest entry kept
  /// whatever its size), and a prefix of an entry held whole is cut from it. An entry that
  /// declares more than the limit is refused from its declaration, never inflated; a symbolic
  /// link stored in the archive is refused, never read as a file.
  public func remembering(budget: Int = ArchivedFiles.rememberedBytes) -> ArchiveAccess {
    let memory = EntryMemory(budget: budget)
    let entries = entries
    let read = read
    let readPrefix = readPrefix
    return ArchiveAccess(
      entries: entries,
      read: { index, limit throws(ArchiveProblem) in
        let entry = entries[index]
        if entry.isSymbolicLink { throw ArchiveProblem.symbolicLink }
        guard entry.declaredSize <= limit else {
          throw ArchiveProblem(
            "an entry declares \(entry.declaredSize) bytes, over the limit of \(limit)")
        }
        return try memory.whole(index) { () throws(ArchiveProblem) in try read(index, limit) }
      },
      readPrefix: { index, count throws(ArchiveProblem) in
        if entries[index].isSymbolicLink { throw ArchiveProblem.symbolicLink }
        return try memory.prefix(index, count) { () throws(ArchiveProblem) in
          try readPrefix(index, count)
        }
      })
  }
}

/// What `ArchiveAccess.remembering` keeps of the entries read.
final class EntryMemory: @unchecked Sendable {
  private let lock = Lock()
  private let budget: Int
  /// Whole entries read, or why they could not be.
  private var wholes: [Int: Result<[UInt8], ArchiveProblem>] = [:]
  /// The entries held whole, oldest first, and their bytes in all.
  private var held: [Int] = []
  private var heldBytes = 0
  /// Prefixes read, by entry (the longest asked for).
  private var prefixes: [Int: (asked: Int, bytes: [UInt8])] = [:]
  /// Prefixes longer than this are not kept.
  static let prefixLimit = 1 << 20

  init(budget: Int) { self.budget = budget }

  /// `NSLock.withLock` without losing the error's type.
  private func locked<T>(_ body: () throws(ArchiveProblem) -> T) throws(ArchiveProblem) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// The entry's bytes: remembered, or read with `inflate` (under the lock, so two threads
  /// asking for one entry inflate it once; the archive reads one entry at a time anyway).
  func whole(_ index: Int, inflate: () throws(ArchiveProblem) -> [UInt8]) throws(ArchiveProblem)
    -> [UInt8]
  {
    try locked { () throws(ArchiveProblem) -> [UInt8] in
      if let known = wholes[index] { return try known.get() }
      let result = Result { () throws(ArchiveProblem) -> [UInt8] in try inflate() }
      if case .success(let bytes) = result {
        // Drop the oldest until this one fits; the latest is kept whatever its size.
        while let oldest = held.first, heldBytes + bytes.count > budget {
          held.removeFirst()
          if case .success(let dropped) = wholes.removeValue(forKey: oldest) {
            heldBytes -= dropped.count
          }
        }
        held.append(index)
        heldBytes += bytes.count
      }
      wholes[index] = result
      return try result.get()
    }
  }

  func prefix(_ index: Int, _ count: Int, inflate: () throws(ArchiveProblem) -> [UInt8])
    throws(ArchiveProblem) -> [UInt8]
  {
    try locked { () throws(ArchiveProblem) -> [UInt8] in
      switch wholes[index] {
      case .success(let bytes): return Array(bytes.prefix(count))
      case .failure(let problem): throw problem
      case nil: break
      }
      // A prefix as long as asked, or the whole entry when it was shorter than that.
      if let known = prefixes[index], known.asked >= count || known.bytes.count < known.asked {
        return Array(known.bytes.prefix(count))
      }
      let bytes = try inflate()
      if count <= Self.prefixLimit { prefixes[index] = (count, bytes) }
      return bytes
    }
  }
}

public struct ArchiveEntry: Equatable, Sendable {
  /// The name as stored (`Payload/App.app/Info.plist`); folders end with `/`.
  public var name: String
  /// The uncompressed size the archive declares: a claim, checked when read.
  public var declaredSize: Int
  /// Stored as a symbolic link (its data is the link's target): never read as a file.
  public var isSymbolicLink: Bool

  public init(name: String, declaredSize: Int, isSymbolicLink: Bool = false) {
    self.name = name
    self.declaredSize = declaredSize
    self.isSymbolicLink = isSymbolicLink
  }
}

/// Why an archive or one of its entries could not be read: the text says what is wrong, without
/// the file's name (the caller adds it).
public struct ArchiveProblem: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }

  static let symbolicLink = ArchiveProblem(
    "a symbolic link stored in the archive, which iconpick does not follow")
}

/// Opens archives through the opener the executable installed, and keeps the ones opened so
/// that a file inside one (`App.ipa/Payload/App.app/AppIcon60x60@2x.png`) can be read by path:
/// previews and `show --output` read icons from the `.ipa` in place, nothing is unpacked.
public enum ArchivedFiles {
  /// How to open a zip archive at a path; nil until installed (then an `.ipa` is refused with a
  /// message saying so).
  public typealias Opener = @Sendable (URL) throws(ArchiveProblem) -> ArchiveAccess

  private static let lock = Lock()
  nonisolated(unsafe) private static var installedOpener: Opener?
  nonisolated(unsafe) private static var open:
    [String: (access: ArchiveAccess, byName: [String: Int])] = [:]

  /// Sets how archives are opened (IconArchive.install does it).
  public static func install(_ opener: @escaping Opener) {
    lock.withLock { installedOpener = opener }
  }

  static var opener: Opener? { lock.withLock { installedOpener } }

  /// Opens `archive` and keeps it for reads by path.
  static func open(_ archive: URL) throws(ArchiveProblem) -> ArchiveAccess {
    guard let opener else {
      throw ArchiveProblem("this build of iconpick cannot open zip archives")
    }
    let access = try opener(archive).remembering()
    var byName: [String: Int] = [:]
    for (index, entry) in access.entries.enumerated() where byName[entry.name] == nil {
      byName[entry.name] = index
    }
    lock.withLock { open[archive.standardizedFileURL.path] = (access, byName) }
    return access
  }

  /// The most a file read by path may hold by default: a PNG, as `FastPNG.readWhole` takes
  /// from disk.
  public static let fileLimit = FileLimits.png.bytes

  /// How many bytes of whole entries an open archive keeps, so that none is inflated twice
  /// (the latest one read is kept whatever its size).
  public static let rememberedBytes = 64 << 20

  /// The bytes of `file` when it lies inside an archive opened here; nil when it does not (read
  /// it from disk). A file in an archive that cannot be read throws, and so does one that
  /// declares more than `limit` (refused from its declaration, before anything is inflated).
  public static func bytes(of file: URL, limit: FileLimit = FileLimits.png) throws(ArchiveProblem)
    -> [UInt8]?
  {
    guard let (access, index) = entry(file) else { return nil }
    let declared = access.entries[index].declaredSize
    guard declared <= limit.bytes else {
      throw ArchiveProblem(limit.refusal(size: declared).reason)
    }
    return try access.read(index, limit.bytes)
  }

  /// The first `count` bytes of `file` when it lies inside an archive opened here (only those
  /// are inflated); nil when it does not.
  public static func prefix(of file: URL, count: Int) throws(ArchiveProblem) -> [UInt8]? {
    guard let (access, index) = entry(file) else { return nil }
    return try access.readPrefix(index, count)
  }

  /// The archive and entry `file` names, when it lies inside an archive opened here.
  private static func entry(_ file: URL) -> (ArchiveAccess, Int)? {
    let path = file.standardizedFileURL.path
    let found: (ArchiveAccess, Int)? = lock.withLock {
      guard !open.isEmpty else { return nil }
      for (archive, entry) in open where path.hasPrefix(archive + "/") {
        let inner = String(path.dropFirst(archive.count + 1))
        guard let index = entry.byName[inner] else { return nil }
        return (entry.access, index)
      }
      return nil
    }
    return found
  }

  /// True when `file` is an entry of an archive opened here.
  public static func exists(_ file: URL) -> Bool {
    let path = file.standardizedFileURL.path
    return lock.withLock {
      open.contains { archive, entry in
        path.hasPrefix(archive + "/")
          && entry.byName[String(path.dropFirst(archive.count + 1))] != nil
      }
    }
  }

  /// True when `file` exists on disk or as an entry of an archive opened here: what a check
  /// that a named file is there should ask for a built app read from an `.ipa`.
  public static func fileExists(_ file: URL) -> Bool {
    ReadDisk.exists(file.path) || exists(file)
  }

  /// True when `file` is inside an archive opened here (it may still not exist there).
  public static func isArchived(_ file: URL) -> Bool {
    let path = file.standardizedFileURL.path
    return lock.withLock { open.keys.contains { path.hasPrefix($0 + "/") } }
  }
}
