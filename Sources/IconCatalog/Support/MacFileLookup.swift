import Foundation

/// How the build finds a file it names, on a Mac: macOS's default volume (APFS) ignores case, so
/// `#include "generated.xcconfig"` opens `Generated.xcconfig`, and an app can build that way for
/// years. A Linux checkout or a case-sensitive volume does not find it. Every lookup the build
/// makes on the Mac goes through here: `#include`, base configurations, `INFOPLIST_FILE`, file
/// references in `project.pbxproj`, the files of asset catalogs.
///
/// Lookups on the device do not: iOS's file system is case-sensitive, so `CFBundleIconFiles`
/// names are matched against the bundle's files exactly (`LooseIconFiles`).
enum MacFileLookup {
  /// What a lookup found.
  struct Found: Equatable, Sendable {
    /// The file as it is spelled on disk.
    var url: URL
    /// True when it was found only by ignoring case: the path as written finds nothing on a
    /// case-sensitive file system.
    var differsInCase: Bool
  }

  enum Kind: Sendable {
    case file, folder, any
  }

  /// The file at `url`: the exact spelling first; else, component by component, the one entry that
  /// matches ignoring case (none, or several that differ only in case, finds nothing).
  static func find(_ url: URL, kind: Kind = .any) -> Found? {
    let path = url.standardizedFileURL.path
    if exists(path, kind: kind) {
      return Found(
        url: URL(fileURLWithPath: path, isDirectory: kind == .folder), differsInCase: false)
    }
    var found = "/"
    var differs = false
    for component in path.split(separator: "/").map(String.init) {
      let exact = (found as NSString).appendingPathComponent(component)
      if FileManager.default.fileExists(atPath: exact) {
        found = exact
        continue
      }
      guard let match = match(component, among: DirectoryListing.entries(atPath: found).map(\.name))
      else { return nil }
      found = (found as NSString).appendingPathComponent(match)
      differs = true
    }
    guard differs, exists(found, kind: kind) else { return nil }
    return Found(
      url: URL(fileURLWithPath: found, isDirectory: kind == .folder), differsInCase: true)
  }

  /// The one entry of a folder's `names` that is `name` ignoring case; nil for none, or for several
  /// (a case-sensitive volume can hold `Icon.png` and `icon.png`: a Mac could not tell which).
  static func match(_ name: String, among names: some Collection<String>) -> String? {
    var found: String?
    for candidate in names where candidate.caseInsensitiveCompare(name) == .orderedSame {
      guard found == nil else { return nil }
      found = candidate
    }
    return found
  }

  private static func exists(_ path: String, kind: Kind) -> Bool {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return false }
    switch kind {
    case .file: return !isFolder.boolValue
    case .folder: return isFolder.boolValue
    case .any: return true
    }
  }
}

/// A path the build finds only by ignoring case (`MacFileLookup`): it works on a Mac's default
/// volume and fails on a case-sensitive one, or in a Linux checkout.
public struct PathDifferingInCase: Sendable, Equatable {
  /// `#include`, `base configuration`, `INFOPLIST_FILE`, `file reference`, ...
  public var kind: String
  /// The path as written.
  public var written: String
  /// The file it finds.
  public var found: String
  /// The file that names it, and the line there, when known.
  public var file: String
  public var line: Int?

  public init(kind: String, written: String, found: String, file: String, line: Int? = nil) {
    self.kind = kind
    self.written = written
    self.found = found
    self.file = file
    self.line = line
  }
}

/// A non-optional `#include` whose file is not there. swift-build reports "could not find included
/// file" and makes the settings without it; iconpick reads on without it too.
public struct MissingInclude: Sendable, Equatable {
  /// The path as written in the `#include`.
  public var path: String
  /// The `.xcconfig` that holds the `#include`, and its 1-based line.
  public var file: String
  public var line: Int

  public init(path: String, file: String, line: Int) {
    self.path = path
    self.file = file
    self.line = line
  }

  /// What to do, in one sentence. The Flutter template's `ios/Flutter/*.xcconfig` include the
  /// `Generated.xcconfig` that `flutter` writes and nobody commits.
  public var fix: String {
    let including = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
    if URL(fileURLWithPath: path).lastPathComponent == "Generated.xcconfig"
      && including == "Flutter"
    {
      return
        "Run `flutter pub get` (or `flutter build ios`) in the Flutter project: it writes Generated.xcconfig, which is not committed."
    }
    return
      "Restore the file or fix the path; if the file is optional (a developer's own settings), write #include? instead."
  }

  /// The one line the commands print: where, what, and what to do.
  public var description: String {
    "\(file):\(line): #include \"\(MessageText.path(path))\" not found next to it or in the project folder, so its settings are left out: \(fix.prefix(1).lowercased() + fix.dropFirst().dropLast())"
  }
}
