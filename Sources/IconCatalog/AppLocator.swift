import Foundation

/// Where an app is: its root folder, the files found under it, and which Info.plist is the app's.
struct AppLocation: Sendable {
  /// The folder the app is read from (SRCROOT, in Xcode's words).
  var root: URL
  var files: ProjectFiles
  /// Set when PATH was an Info.plist file: that one is used, whatever else is around.
  var givenInfoPlist: URL?

  /// - PATH a folder: it is the root. A `.xcodeproj` or `.xcworkspace`: the folder holding it.
  /// - PATH a `.plist` file: the Info.plist, and its folder is the root.
  static func locate(_ path: URL) throws(IconCatalogError) -> AppLocation {
    let path = path.standardizedFileURL
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isFolder) else {
      throw .notFound(path: path.path)
    }
    if !isFolder.boolValue {
      guard path.pathExtension == "plist" else { throw .noApp(path: path.path) }
      let root = folderURL(path.deletingLastPathComponent())
      return AppLocation(root: root, files: ProjectFiles.scan(root), givenInfoPlist: path)
    }
    let isProject = ["xcodeproj", "xcworkspace"].contains(path.pathExtension)
    let root = folderURL(isProject ? path.deletingLastPathComponent() : path)
    let files = ProjectFiles.scan(root)
    guard !(files.infoPlists.isEmpty && files.catalogs.isEmpty && files.projects.isEmpty) else {
      throw .noApp(path: path.path)
    }
    return AppLocation(root: root, files: files, givenInfoPlist: nil)
  }

  /// One spelling for a folder, however PATH was written, so results compare equal.
  private static func folderURL(_ url: URL) -> URL {
    URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: true)
  }

  /// The Info.plist given as PATH, else the one `INFOPLIST_FILE` names, else the shallowest one
  /// outside test folders; nil when there is none.
  func infoPlist(settings: BuildSettings) throws(IconCatalogError) -> URL? {
    if let givenInfoPlist { return givenInfoPlist }
    // Unset, or built from settings iconpick cannot resolve (TARGET_NAME...): fall back to looking.
    if let named = settings.string("INFOPLIST_FILE") {
      let declaredIn = settings.file(settingKey: "INFOPLIST_FILE")
      // Xcode resolves it against the project folder; an xcconfig's own folder is the other usual intent.
      let bases = [root] + (declaredIn.map { [$0.deletingLastPathComponent()] } ?? [])
      let candidates =
        named.hasPrefix("/")
        ? [URL(fileURLWithPath: named)] : bases.map { $0.appendingPathComponent(named) }
      if let found = candidates.map(\.standardizedFileURL).first(where: {
        FileManager.default.fileExists(atPath: $0.path)
      }) {
        return found
      }
      throw .infoPlistNotFound(file: named, declaredIn: (declaredIn ?? root).path)
    }
    return preferredInfoPlist()
  }

  /// Shallowest first; at one depth, the one in a folder named like the app or its project, then by path.
  private func preferredInfoPlist() -> URL? {
    let appNames = Set(
      [root.lastPathComponent] + files.projects.map { $0.deletingPathExtension().lastPathComponent }
    )
    func rank(_ file: URL) -> (Int, Int, String) {
      let components = ProjectFiles.relativeComponents(of: file, under: root)
      let folder = components.dropLast().last ?? root.lastPathComponent
      return (components.count, appNames.contains(folder) ? 0 : 1, file.path)
    }
    return files.infoPlists.filter { !ProjectFiles.isTestFile($0, under: root) }.min {
      rank($0) < rank($1)
    }
  }

  /// True when `folder` holds an Info.plist (outside test folders), an `.xcodeproj`, or an `.xcassets`
  /// with an `.appiconset`, in it or one folder down: deep enough for Xcode's layout (`App.xcodeproj`,
  /// `App/Info.plist`), shallow enough that a home folder with projects somewhere inside is not an app.
  static func containsApp(_ folder: URL) -> Bool {
    let folder = folder.standardizedFileURL
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      return false
    }
    if folder.pathExtension == "xcodeproj" { return true }
    let files = ProjectFiles.scan(folder, maxDepth: 2)
    if !files.projects.isEmpty { return true }
    if files.infoPlists.contains(where: { !ProjectFiles.isTestFile($0, under: folder) }) {
      return true
    }
    return files.catalogs.contains { AssetCatalog.scan($0).hasIconSet }
  }
}
