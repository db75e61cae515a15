import FoundationEssentials
import IconCatalog

/// One file's change: its bytes before (nil for a new file) and after (nil for a removed one).
/// Planned in full before anything is written, so a dry run and a real run are the same plan.
public struct FileChange: Sendable, Equatable {
  public var path: URL
  /// What was read when planning; nil for a new file or folder.
  public var original: [UInt8]?
  /// What to write; nil removes the file.
  public var updated: [UInt8]?
  /// A folder to make (`updated` empty) or remove (`original` empty): `.appiconset`, `.icon`.
  public var isDirectory: Bool
  /// What changed, for people: `add "Blue" to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`.
  public var summary: String

  public init(
    path: URL, original: [UInt8]?, updated: [UInt8]?, isDirectory: Bool = false,
    summary: String
  ) {
    self.path = path
    self.original = original
    self.updated = updated
    self.isDirectory = isDirectory
    self.summary = summary
  }

  /// An edit of an existing text or binary file.
  public static func modify(
    _ path: URL, from original: [UInt8], to updated: [UInt8], _ summary: String
  )
    -> FileChange
  {
    FileChange(path: path, original: original, updated: updated, summary: summary)
  }

  public static func create(_ path: URL, _ bytes: [UInt8], _ summary: String) -> FileChange {
    FileChange(path: path, original: nil, updated: bytes, summary: summary)
  }

  public static func createDirectory(_ path: URL, _ summary: String) -> FileChange {
    FileChange(path: path, original: nil, updated: [], isDirectory: true, summary: summary)
  }

  public static func delete(_ path: URL, was original: [UInt8], _ summary: String) -> FileChange {
    FileChange(path: path, original: original, updated: nil, summary: summary)
  }

  public static func deleteDirectory(_ path: URL, _ summary: String) -> FileChange {
    FileChange(path: path, original: [], updated: nil, isDirectory: true, summary: summary)
  }

  public var isCreation: Bool { original == nil }
  public var isDeletion: Bool { updated == nil }

  /// Text is shown as a diff; anything else (PNGs, binary plists) is listed with its size.
  public var isText: Bool {
    guard !isDirectory else { return false }
    return [original, updated].allSatisfy { bytes in
      guard let bytes else { return true }
      return !bytes.contains(0) && String(validatingUTF8Bytes: bytes) != nil
        && !bytes.starts(with: Array("bplist".utf8))
    }
  }
}

extension String {
  init?(validatingUTF8Bytes bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    self = text
  }
}

/// Every change one command makes, in the order they are applied: folders before their files,
/// files before their folders are removed.
public struct ChangeSet: Sendable, Equatable {
  /// The project's folder: nothing outside it is written, and no link out of it is followed.
  public var root: URL
  public var changes: [FileChange]

  public init(root: URL, changes: [FileChange] = []) {
    self.root = root
    self.changes = changes
  }

  public var isEmpty: Bool { changes.isEmpty }

  public mutating func append(_ change: FileChange) { changes.append(change) }
  public mutating func append(contentsOf other: [FileChange]) { changes += other }

  /// The change to `path` planned so far, if any: a second edit of one file builds on the first.
  public func current(_ path: URL) -> [UInt8]? {
    changes.last { $0.path.standardizedFileURL.path == path.standardizedFileURL.path }?.updated
  }

  /// Records an edit of `path`, folding it into an earlier edit of the same file so that the
  /// file is written once, from the bytes read when planning.
  public mutating func edit(
    _ path: URL, from original: [UInt8], to updated: [UInt8], _ summary: String
  ) {
    let key = path.standardizedFileURL.path
    if let index = changes.firstIndex(where: { $0.path.standardizedFileURL.path == key }) {
      changes[index].updated = updated
      changes[index].summary += "; " + summary
      if changes[index].original == updated { changes.remove(at: index) }
      return
    }
    guard original != updated else { return }
    changes.append(.modify(path, from: original, to: updated, summary))
  }

  /// The folder the change is journalled in and must stay inside: the project's root; or, where
  /// the change reaches files the project references beside its folder (a React Native app's
  /// `../images/icons`), the root of the git repository that holds both (the nearest folder
  /// above holding `.git`). Outside a repository, the project's root alone.
  public var writeRoot: URL {
    let root = self.root.standardizedFileURL
    func inside(_ folder: URL) -> Bool {
      let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
      return changes.allSatisfy {
        let path = $0.path.standardizedFileURL.path
        return path == folder.path || path.hasPrefix(prefix)
      }
    }
    if inside(root) { return root }
    var folder = root
    while folder.path != "/" {
      if ReadDisk.exists(folder.appendingPathComponent(".git").path) {
        return inside(folder) ? folder : root
      }
      folder = folder.deletingLastPathComponent().standardizedFileURL
    }
    return root
  }

  /// The path as people see it: relative to the root where it lies under it.
  public func displayPath(_ path: URL) -> String {
    let rootPath = root.standardizedFileURL.path
    let full = path.standardizedFileURL.path
    let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
    return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
  }
}

extension ChangeSet {
  /// The files as they will be once the change is written, to read the project as it would be
  /// before a byte is written (`DiskOverlay.reading`).
  public var overlay: DiskOverlay {
    var overlay = DiskOverlay()
    for change in changes {
      let path = change.path.standardizedFileURL.path
      switch (change.isDirectory, change.updated) {
      case (true, nil), (false, nil): overlay.remove(path)
      case (true, _?): overlay.makeFolder(path)
      case (false, let bytes?): overlay.write(path, bytes)
      }
    }
    return overlay
  }
}
