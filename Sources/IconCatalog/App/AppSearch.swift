import FoundationEssentials

/// The app a command means when it is given no PATH, found the way git finds its repository:
/// from the current folder upward.
///
/// A project wins over loose files: in the app's source folder (an Info.plist and a catalog beside
/// the Swift files) the app is the `.xcodeproj` above it, whose settings say which sets ship.
/// The search climbs to the repository's root (the nearest folder holding `.git`), or to `/`
/// outside one. The current folder and the repository's root are looked into one folder deep
/// (`App/App.xcodeproj`, `ios/Runner.xcodeproj`), as `containsApp` does; the folders between
/// them only for what they hold themselves, so a folder of unrelated projects (`/tmp`) is no app.
enum AppSearch {
  static func nearestApp(from start: URL) -> URL? {
    let chain = folders(from: start.standardizedFileURL)
    let repositoryRoot = chain.first { holdsRepository($0) }
    func deep(_ folder: URL) -> Bool { folder == chain.first || folder == repositoryRoot }
    // Up to the repository's root, or all the way up outside one.
    let reach =
      repositoryRoot.map { root in Array(chain.prefix { $0 != root }) + [root] } ?? chain
    for folder in reach {
      if let app = projectApp(folder, deep: deep(folder)) { return app }
    }
    for folder in reach where looseApp(folder, deep: deep(folder)) { return folder }
    return nil
  }

  /// `start` and each folder above it, nearest first.
  private static func folders(from start: URL) -> [URL] {
    var chain = [start]
    var folder = start
    while folder.path != "/" {
      folder = folder.deletingLastPathComponent().standardizedFileURL
      chain.append(folder)
    }
    return chain
  }

  private static func holdsRepository(_ folder: URL) -> Bool {
    ReadDisk.exists(folder.appendingPathComponent(".git").path)
  }

  /// The folder, or the bundle it is, when it holds or is a project, a spec, a generated app's
  /// manifest or another build system's app; a built `.app` or `.xcarchive` it is inside.
  private static func projectApp(_ folder: URL, deep: Bool) -> URL? {
    if ["xcodeproj", "app", "xcarchive"].contains(folder.pathExtension) { return folder }
    let files = ProjectFiles.scan(folder, maxDepth: deep ? 2 : 1)
    if !files.projects.isEmpty || files.specs.contains(where: XcodeGenSpec.isLikelySpec) {
      return folder
    }
    if GeneratedProjects.generator(in: folder, files: files) != nil { return folder }
    if OtherBuildSystems.detect(in: folder, files: files, above: false) != nil { return folder }
    return nil
  }

  /// True when the folder holds an app's loose files: an Info.plist outside test folders, or a
  /// catalog with an app icon.
  private static func looseApp(_ folder: URL, deep: Bool) -> Bool {
    let files = ProjectFiles.scan(folder, maxDepth: deep ? 2 : 1)
    if files.infoPlists.contains(where: { !ProjectFiles.isTestFile($0, under: folder) }) {
      return true
    }
    return files.catalogs.contains { AssetCatalog.scan($0).hasIconSet }
  }
}
