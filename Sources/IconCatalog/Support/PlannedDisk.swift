import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a reading sees: the disk as it is, or the disk with a planned change laid over it.
/// The write side judges a change before writing a byte by reading the project as it would be
/// (`DiskOverlay.reading(_:)`), so every reader and every check goes through the few functions
/// here (and `RegularFile`, `DirectoryListing`), never through FileManager or stat(2) directly.
public struct DiskOverlay: Sendable, Equatable {
  /// Planned contents, by standardized absolute path.
  public private(set) var files: [String: [UInt8]] = [:]
  /// Planned new folders.
  public private(set) var folders: Set<String> = []
  /// Removed files and folders (a removed folder hides everything under it on disk).
  public private(set) var removed: Set<String> = []
  /// The names each folder gains: new files and folders.
  private var added: [String: Set<String>] = [:]

  public init() {}

  public var isEmpty: Bool { files.isEmpty && folders.isEmpty && removed.isEmpty }

  /// `path` holds `bytes`.
  public mutating func write(_ path: String, _ bytes: [UInt8]) {
    let path = Self.normalized(path)
    files[path] = bytes
    removed.remove(path)
    note(path)
  }

  /// A folder is made at `path`.
  public mutating func makeFolder(_ path: String) {
    let path = Self.normalized(path)
    folders.insert(path)
    removed.remove(path)
    note(path)
  }

  /// The file or folder at `path` is gone.
  public mutating func remove(_ path: String) {
    let path = Self.normalized(path)
    files[path] = nil
    folders.remove(path)
    removed.insert(path)
    let parent = PathText.directory(path)
    added[parent]?.remove(PathText.lastComponent(path))
  }

  private mutating func note(_ path: String) {
    added[PathText.directory(path), default: []].insert(PathText.lastComponent(path))
  }

  /// The overlay a reading in this task sees; nil: the disk as it is.
  @TaskLocal public static var current: DiskOverlay?

  /// `body` with every reading seeing this overlay.
  public func reading<T>(_ body: () throws -> T) rethrows -> T {
    try Self.$current.withValue(self, operation: body)
  }

  /// A path as the overlay keys it: absolute, without `.`, `..` or doubled slashes.
  static func normalized(_ path: String) -> String {
    // Nearly every path is already clean: only a path with `//`, `/.` or a trailing slash is
    // rebuilt.
    guard path.contains("//") || path.contains("/.") || (path.count > 1 && path.hasSuffix("/"))
    else { return path }
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// What the overlay says of `path`: planned bytes, a new folder, gone, or nothing (the disk's).
  enum Entry {
    case file([UInt8])
    case folder
    case gone
  }

  func entry(_ rawPath: String) -> Entry? {
    let path = Self.normalized(rawPath)
    if let bytes = files[path] { return .file(bytes) }
    if folders.contains(path) { return .folder }
    guard !removed.isEmpty else { return nil }
    // A removed folder hides what lies under it, unless planned again.
    var probe = path
    while probe.count > 1 {
      if removed.contains(probe) { return .gone }
      probe = PathText.directory(probe)
    }
    return nil
  }

  /// The names the folder `path` gains, and whether it is gone on disk.
  func listing(_ rawPath: String) -> (added: Set<String>, isGone: Bool) {
    let path = Self.normalized(rawPath)
    let gone: Bool
    if case .gone? = entry(path) { gone = true } else { gone = false }
    return (added[path] ?? [], gone)
  }
}

/// The disk as the current reading sees it (`DiskOverlay.current` laid over the files): the
/// questions readers ask of the file system, each answered the same way with or without a plan.
public enum ReadDisk {
  /// What is at `path`, a symbolic link followed: a file, a folder, something else, or nothing.
  public enum Kind: Equatable, Sendable {
    case file, folder, other
  }

  /// The kind of `path`, nil when there is nothing there.
  public static func kind(_ path: String) -> Kind? {
    if let overlay = DiskOverlay.current, let entry = overlay.entry(path) {
      switch entry {
      case .file: return .file
      case .folder: return .folder
      case .gone: return nil
      }
    }
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// FileManager's `fileExists(atPath:)`, through the overlay.
  public static func exists(_ path: String) -> Bool { kind(path) != nil }

  /// FileManager's `fileExists(atPath:isDirectory:)`, through the overlay.
  public static func exists(_ path: String, isFolder: inout Bool) -> Bool {
    guard let kind = kind(path) else { return false }
    isFolder = kind == .folder
    return true
  }

  /// A folder at `path` (a link to one counts).
  public static func isFolder(_ path: String) -> Bool { kind(path) == .folder }

  /// The names in the folder `path`, in no particular order; nil when it is no folder that can
  /// be read (FileManager's `contentsOfDirectory(atPath:)`, which threw).
  public static func names(inFolder path: String) -> [String]? {
    if DiskOverlay.current != nil {
      guard kind(path) == .folder else { return nil }
      return DirectoryListing.entries(atPath: path).map(\.name)
    }
    guard let stream = opendir(path) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let pointer = readdir(stream) {
      let name = DirectoryListing.name(of: pointer)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The path with every symbolic link resolved (`realpath`); for a path the plan makes, its
  /// nearest existing folder resolved and the rest appended. Nil when it cannot be.
  public static func realPath(_ path: String) -> String? {
    if let overlay = DiskOverlay.current, let entry = overlay.entry(path) {
      if case .gone = entry {
        errno = ENOENT
        return nil
      }
      // A planned file is no link: its folder decides where it is.
      let folder = PathText.directory(DiskOverlay.normalized(path))
      guard let real = realPath(folder) else { return nil }
      let name = PathText.lastComponent(DiskOverlay.normalized(path))
      return real == "/" ? "/" + name : real + "/" + name
    }
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// True when `path` is a symbolic link itself (a planned file never is).
  public static func isSymbolicLink(_ path: String) -> Bool {
    if let overlay = DiskOverlay.current, overlay.entry(path) != nil { return false }
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// True when a plan is laid over the disk: caches keyed by what stat(2) says of a file are
  /// neither read nor written then, since a planned file's bytes are not the disk's.
  public static var isPlanned: Bool { DiskOverlay.current != nil }
}
