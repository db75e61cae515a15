import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a file of a built app really is. A symbolic link inside an `.app` or an `.xcarchive`
/// is followed only while it stays inside: one that leads out (to `/etc/passwd`, `/dev/zero`, a
/// PNG elsewhere) is refused and named, never read. The check resolves the path (`realpath`)
/// rather than reading its text.
enum ArtifactContainment {
  /// The path with every symbolic link resolved; nil when it cannot be (no such file).
  static func realPath(_ path: String) -> String? { ReadDisk.realPath(path) }

  /// True when `path` names a symbolic link itself.
  static func isSymbolicLink(_ path: String) -> Bool { ReadDisk.isSymbolicLink(path) }

  /// True when the real path `resolved` is `root` (a real path) or lies under it.
  static func contains(_ root: String, _ resolved: String) -> Bool {
    resolved == root || resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// Where `path` really leads when that is outside the real path of `root`; nil when it stays
  /// inside, or cannot be resolved (reading it then says why).
  static func escape(of path: String, from root: String) -> String? {
    guard let resolved = realPath(path) else { return nil }
    return contains(realPath(root) ?? root, resolved) ? nil : resolved
  }

  /// "a symbolic link that leaves the app (to /etc/passwd)".
  static func leaving(_ what: String, to target: String) -> String {
    "a symbolic link that leaves the \(what) (to \(MessageText.escaped(target)))"
  }

  /// The names of the entries at the top of `folder` that are symbolic links leading out of
  /// `root`, with where they lead.
  static func linksLeaving(_ root: String, in folder: String) -> [(name: String, target: String)] {
    let rootPath = realPath(root) ?? root
    return DirectoryListing.entries(atPath: folder).filter(\.isLink).compactMap { entry in
      guard let resolved = realPath(folder + "/" + entry.name), !contains(rootPath, resolved)
      else { return nil }
      return (entry.name, resolved)
    }.sorted { $0.name < $1.name }
  }
}
