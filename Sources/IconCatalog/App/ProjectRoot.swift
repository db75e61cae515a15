import FoundationEssentials

extension AppIconReader {
  /// The folder a reading of PATH takes as the app's root (SRCROOT): the folder holding the
  /// `.xcodeproj` (or XcodeGen spec) PATH means, else the folder holding the Info.plist or `.icon`
  /// PATH names, else PATH. Where the write side keeps a change's journal and lock, so that a
  /// reader finds them from any PATH that means the same app. Nil when PATH is no file or folder,
  /// or is a built app (which is never written).
  public static func projectRoot(at path: URL) -> URL? {
    let path = path.standardizedFileURL
    var isFolder = false
    guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder),
      !BuiltApp.isBuiltApp(path)
    else { return nil }
    if !isFolder || SingleIconBundle.isBundlePath(path) || path.pathExtension == "xcodeproj"
      || path.pathExtension == "xcworkspace"
    {
      return folder(path.deletingLastPathComponent())
    }
    guard let project = try? AppLocation.project(at: path).project else { return folder(path) }
    return folder(project.deletingLastPathComponent())
  }

  private static func folder(_ url: URL) -> URL {
    URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: true)
  }
}
