import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One folder's entries with their types, straight from readdir: FileManager's enumerator asks
/// for each entry's type with a separate stat, which dominates walking thousands of folders.
public enum DirectoryListing {
  struct Entry: Equatable {
    var name: String
    /// A real folder; a symbolic link to one is not (walks do not follow links).
    var isDirectory: Bool
    /// A symbolic link, to anything.
    var isLink = false
  }

  /// The entries of the folder at `path`, without `.` and `..`, in no particular order; empty
  /// when it cannot be read.
  static func entries(atPath path: String) -> [Entry] {
    guard let overlay = DiskOverlay.current else { return diskEntries(atPath: path) }
    // A planned change: the disk's entries less what it removes, and what it adds.
    let (added, isGone) = overlay.listing(path)
    var entries =
      isGone
      ? []
      : diskEntries(atPath: path).filter {
        added.contains($0.name) || overlay.entry(path + "/" + $0.name) == nil
      }
    for name in added {
      let full = path.hasSuffix("/") ? path + name : path + "/" + name
      guard let entry = overlay.entry(full) else { continue }
      let planned: Entry
      switch entry {
      case .file: planned = Entry(name: name, isDirectory: false)
      case .folder: planned = Entry(name: name, isDirectory: true)
      case .gone: continue
      }
      if let index = entries.firstIndex(where: { $0.name == name }) {
        entries[index] = planned
      } else {
        entries.append(planned)
      }
    }
    return entries
  }

  /// The entries on disk, the overlay aside.
  private static func diskEntries(atPath path: String) -> [Entry] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    var entries: [Entry] = []
    while let pointer = readdir(stream) {
      let name = Self.name(of: pointer)
      if name == "." || name == ".." { continue }
      var isDirectory = false
      var isLink = false
      switch Int32(type(of: pointer)) {
      case Int32(DT_DIR): isDirectory = true
      case Int32(DT_LNK): isLink = true
      case Int32(DT_UNKNOWN):
        // Some file systems do not fill in the type: ask, without following a link.
        var info = stat()
        if lstat(path + "/" + name, &info) == 0 {
          isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
          isLink = (info.st_mode & S_IFMT) == S_IFLNK
        }
      default: break
      }
      entries.append(Entry(name: name, isDirectory: isDirectory, isLink: isLink))
    }
    return entries
  }

  /// The name of a `readdir` entry, read where it lies. `entry.pointee` would copy the whole
  /// `dirent` (280 bytes), but an entry is only as long as its name needs (`d_reclen`), and the
  /// last in readdir's buffer ends with the buffer: the copy read past it (AddressSanitizer, in
  /// `make fuzz`'s pbxproj target, listing /tmp).
  public static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(
      cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
  }

  /// The type of a `readdir` entry (`DT_DIR`, `DT_LNK`…), read where it lies, as the name is.
  static func type(of entry: UnsafeMutablePointer<dirent>) -> UInt8 {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
    return UnsafeRawPointer(entry).load(fromByteOffset: offset, as: UInt8.self)
  }

  /// What follows the last dot of a name, as URL.pathExtension has it ("" for none, or for a name
  /// that starts with its only dot).
  static func pathExtension(of name: String) -> String {
    // An ASCII name, nearly every one, by its bytes: a search by Characters cost 4,000
    // instructions a name, a tenth of walking a catalog of thousands of sets.
    let bytes = name.utf8
    if bytes.allSatisfy({ $0 < 0x80 }) {
      guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else {
        return ""
      }
      return String(name[bytes.index(after: dot)...])
    }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}

/// A depth-first walk of a folder, each folder's entries in name order, that does not follow
/// symbolic links and passes over folders it cannot read: what FileManager's enumerator gave.
public final class DirectoryWalker {
  private var pending: [(url: URL, isDirectory: Bool)] = []
  private var lastFolder: URL?
  private let recursive: Bool

  /// `recursive: false` lists `root`'s own entries only.
  public init(_ root: URL, recursive: Bool = true) {
    self.recursive = recursive
    pending = Self.children(of: root).reversed()
  }

  /// The next entry: its URL and whether it is a folder (a link to one is not).
  public func next() -> (url: URL, isDirectory: Bool)? {
    if let folder = lastFolder, recursive {
      pending.append(contentsOf: Self.children(of: folder).reversed())
    }
    lastFolder = nil
    guard let entry = pending.popLast() else { return nil }
    if entry.isDirectory { lastFolder = entry.url }
    return entry
  }

  /// Leaves out what is inside the folder `next()` gave last.
  public func skipDescendants() { lastFolder = nil }

  private static func children(of folder: URL) -> [(url: URL, isDirectory: Bool)] {
    let path = folder.path
    return DirectoryListing.entries(atPath: path).sorted { $0.name < $1.name }.map {
      (
        URL(
          fileURLWithPath: path.hasSuffix("/") ? path + $0.name : path + "/" + $0.name,
          isDirectory: $0.isDirectory),
        $0.isDirectory
      )
    }
  }
}
