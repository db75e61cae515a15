import Foundation

/// The files under an app's folder that say something about its icons.
struct ProjectFiles: Sendable {
  var infoPlists: [URL] = []
  var xcconfigs: [URL] = []
  var catalogs: [URL] = []
  var projects: [URL] = []
  /// Icon Composer `.icon` bundles outside any asset catalog (those inside are the catalog's).
  var iconBundles: [URL] = []

  /// Build outputs and dependencies: they hold copies (built `Info.plist`s, other apps' catalogs).
  static let skippedFolders: Set<String> = [
    ".build", "build", "DerivedData", ".git", "Pods", "node_modules",
  ]
  /// Built bundles and workspaces: an Info.plist inside one is not a source file.
  static let skippedExtensions: Set<String> = [
    "app", "appex", "framework", "xcframework", "xcarchive", "bundle", "dSYM", "xcworkspace",
  ]

  /// Walks `root`, at most `maxDepth` levels down (nil: all the way), sorted by path in each list.
  static func scan(_ root: URL, maxDepth: Int? = nil) -> ProjectFiles {
    var files = ProjectFiles()
    if root.pathExtension == "xcassets" {
      files.catalogs = [root]
      return files
    }
    let keys: [URLResourceKey] = [.isDirectoryKey]
    let rootDepth = root.standardizedFileURL.pathComponents.count
    // An unreadable subfolder hides only what is in it.
    let walker = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: keys, options: [], errorHandler: { _, _ in true })
    while let url = walker?.nextObject() as? URL {
      let depth = url.standardizedFileURL.pathComponents.count - rootDepth
      let isFolder = (try? url.resourceValues(forKeys: Set(keys)))?.isDirectory == true
      let name = url.lastPathComponent
      let ext = url.pathExtension

      if isFolder {
        // Catalogs and projects are read whole by their own readers; hidden folders are tooling.
        if ext == "xcassets" { files.catalogs.append(url) }
        if ext == "xcodeproj" { files.projects.append(url) }
        if ext == "icon", IconComposerBundle.isBundle(url) { files.iconBundles.append(url) }
        let opaque =
          ["xcassets", "xcodeproj", "icon"].contains(ext) || skippedExtensions.contains(ext)
        if opaque || name.hasPrefix(".") || skippedFolders.contains(name)
          || depth >= (maxDepth ?? .max)
        {
          walker?.skipDescendants()
        }
      } else if isInfoPlistName(name) {
        files.infoPlists.append(url)
      } else if ext == "xcconfig" {
        files.xcconfigs.append(url)
      }
    }
    for (keyPath, isFolder) in [
      (\ProjectFiles.infoPlists, false), (\.xcconfigs, false), (\.catalogs, true),
      (\.projects, true), (\.iconBundles, true),
    ] {
      files[keyPath: keyPath] = files[keyPath: keyPath].map { absolute($0, isFolder: isFolder) }
        .sorted { $0.path < $1.path }
    }
    return files
  }

  /// The walker's URLs can be relative to the root; results must compare equal however they were found.
  private static func absolute(_ url: URL, isFolder: Bool) -> URL {
    URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: isFolder)
  }

  /// `Info.plist`, or the older `Name-Info.plist`.
  static func isInfoPlistName(_ name: String) -> Bool {
    name == "Info.plist" || name.hasSuffix("-Info.plist")
  }

  /// A plist in a test bundle's folder (`PaletteTests/`, `PaletteUITests/`) describes the tests, not the app.
  /// The older layout says it in the name: `PaletteTests-Info.plist`.
  static func isTestFile(_ file: URL, under root: URL) -> Bool {
    var names = relativeComponents(of: file, under: root).dropLast()
    if file.lastPathComponent.hasSuffix("-Info.plist") {
      names.append(String(file.lastPathComponent.dropLast("-Info.plist".count)))
    }
    return names.contains { $0.hasSuffix("Tests") || $0.hasSuffix("Test") }
  }

  static func relativeComponents(of file: URL, under root: URL) -> [String] {
    let base = root.standardizedFileURL.pathComponents
    let components = file.standardizedFileURL.pathComponents
    guard components.starts(with: base) else { return components }
    return Array(components.dropFirst(base.count))
  }
}
