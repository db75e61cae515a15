import Foundation

/// An archive (an `.ipa`) as IconCatalog sees it: its entries, and an entry's bytes read with a
/// cap. The zip library lives in another module (IconArchive, which loads libzip on first use);
/// it installs an opener here, so IconCatalog stays Foundation only.
public struct ArchiveAccess: Sendable {
  /// Every entry, in the archive's order.
  public var entries: [ArchiveEntry]
  /// The bytes of the entry at `index` (its position in `entries`), refused when it declares
  /// or inflates to more than `limit` bytes, or to more than it declared.
  public var read: @Sendable (_ index: Int, _ limit: Int) throws(ArchiveProblem) -> [UInt8]

  public init(
    entries: [ArchiveEntry],
    read: @escaping @Sendable (_ index: Int, _ limit: Int) throws(ArchiveProblem) -> [UInt8]
  ) {
    self.entries = entries
    self.read = read
  }
}

public struct ArchiveEntry: Equatable, Sendable {
  /// The name as stored (`Payload/App.app/Info.plist`); folders end with `/`.
  public var name: String
  /// The uncompressed size the archive declares: a claim, checked when read.
  public var declaredSize: Int

  public init(name: String, declaredSize: Int) {
    self.name = name
    self.declaredSize = declaredSize
  }
}

/// Why an archive or one of its entries could not be read: the text says what is wrong, without
/// the file's name (the caller adds it).
public struct ArchiveProblem: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}

/// Opens archives through the opener the executable installed, and keeps the ones opened so
/// that a file inside one (`App.ipa/Payload/App.app/AppIcon60x60@2x.png`) can be read by path:
/// previews and `show --output` read icons from the `.ipa` in place, nothing is unpacked.
public enum ArchivedFiles {
  /// How to open a zip archive at a path; nil until installed (then an `.ipa` is refused with a
  /// message saying so).
  public typealias Opener = @Sendable (URL) throws(ArchiveProblem) -> ArchiveAccess

  private static let lock = NSLock()
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
    let access = try opener(archive)
    var byName: [String: Int] = [:]
    for (index, entry) in access.entries.enumerated() where byName[entry.name] == nil {
      byName[entry.name] = index
    }
    lock.withLock { open[archive.standardizedFileURL.path] = (access, byName) }
    return access
  }

  /// The most a file read by path may hold: PNGs, as `FastPNG.readWhole` takes from disk.
  public static let fileLimit = 256 << 20

  /// The bytes of `file` when it lies inside an archive opened here; nil when it does not (read
  /// it from disk). A file in an archive that cannot be read throws.
  public static func bytes(of file: URL) throws(ArchiveProblem) -> [UInt8]? {
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
    guard let (access, index) = found else { return nil }
    return try access.read(index, fileLimit)
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
    FileManager.default.fileExists(atPath: file.path) || exists(file)
  }

  /// True when `file` is inside an archive opened here (it may still not exist there).
  public static func isArchived(_ file: URL) -> Bool {
    let path = file.standardizedFileURL.path
    return lock.withLock { open.keys.contains { path.hasPrefix($0 + "/") } }
  }
}
