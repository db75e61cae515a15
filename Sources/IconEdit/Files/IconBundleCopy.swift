import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An Icon Composer `.icon` folder copied byte for byte into the project, as changes.
public enum IconBundleCopy {
  /// The most one file of a bundle may hold: layers are SVGs and PNGs of a few megabytes.
  static let fileLimit = FileLimit(kind: "a file of an .icon bundle", bytes: 64 << 20)
  /// The most entries a bundle may hold: Icon Composer writes a few dozen.
  static let entryLimit = 10_000

  /// The folders of `source` (itself first, then the others by path), then its files by path,
  /// all under `destination`. A symbolic link is copied as the file it points to when that
  /// lies inside the bundle; a link leaving it, a link to a folder, a device, a FIFO or a
  /// socket is refused.
  public static func changes(from source: URL, to destination: URL) throws(EditError)
    -> [FileChange]
  {
    guard !FileManager.default.fileExists(atPath: destination.path) else {
      throw .exists(file: destination.path)
    }
    guard let bundleRoot = IconImageInput.realPath(source.path) else {
      throw .badImage(file: source.path, reason: "no such folder")
    }
    var folders: [String] = []  // relative paths
    var files: [(relative: String, bytes: [UInt8])] = []
    var pending: [String] = [""]
    var entries = 0
    while let relative = pending.popLast() {
      let folder = relative.isEmpty ? source.path : source.path + "/" + relative
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder)
      } catch {
        throw .badImage(file: folder, reason: "the folder cannot be read")
      }
      folders.append(relative)
      for name in names.sorted() {
        entries += 1
        guard entries <= entryLimit else {
          throw .badImage(
            file: source.path,
            reason: "more than \(entryLimit) files, far more than Icon Composer writes")
        }
        let child = relative.isEmpty ? name : relative + "/" + name
        let path = source.path + "/" + child
        var status = stat()
        guard lstat(path, &status) == 0 else {
          throw .badImage(file: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
          pending.append(child)
        case S_IFREG:
          files.append((child, try read(path)))
        case S_IFLNK:
          try checkLink(path, bundleRoot: bundleRoot)
          files.append((child, try read(path)))
        default:
          throw .badImage(
            file: path,
            reason:
              "\(kind(status.st_mode)) inside the .icon bundle, which Icon Composer never writes")
        }
      }
    }
    folders.sort()
    files.sort { $0.relative < $1.relative }
    let bundleName = source.lastPathComponent
    var changes: [FileChange] = []
    for folder in folders {
      let url =
        folder.isEmpty ? destination : destination.appendingPathComponent(folder, isDirectory: true)
      changes.append(
        .createDirectory(
          url, folder.isEmpty ? "a copy of \(bundleName)" : "\(bundleName)/\(folder)"))
    }
    for file in files {
      changes.append(
        .create(
          destination.appendingPathComponent(file.relative, isDirectory: false), file.bytes,
          "\(bundleName)/\(file.relative), copied"))
    }
    return changes
  }

  /// A link must lead to a regular file inside the bundle.
  private static func checkLink(_ path: String, bundleRoot: String) throws(EditError) {
    guard let target = IconImageInput.realPath(path) else {
      throw .badImage(file: path, reason: "a symbolic link to nothing")
    }
    guard target.hasPrefix(bundleRoot.hasSuffix("/") ? bundleRoot : bundleRoot + "/") else {
      throw .badImage(
        file: path,
        reason: "a symbolic link to \(target), outside the .icon bundle: replace it with the file")
    }
    var status = stat()
    guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw .badImage(
        file: path,
        reason: "a symbolic link to something other than a file: replace it with the file")
    }
  }

  private static func read(_ path: String) throws(EditError) -> [UInt8] {
    do {
      return try RegularFile.read(path, limit: fileLimit)
    } catch {
      throw .badImage(file: path, reason: "cannot be read: \(error.reason)")
    }
  }

  private static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "an unknown kind of file"
    }
  }
}
