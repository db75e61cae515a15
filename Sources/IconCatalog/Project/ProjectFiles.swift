import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files under an app's folder that say something about its icons.
struct ProjectFiles: Sendable {
  var infoPlists: [URL] = []
  var xcconfigs: [URL] = []
  var catalogs: [URL] = []
  var projects: [URL] = []
  /// Icon Composer `.icon` bundles outside any asset catalog (those inside are the catalog's).
  var iconBundles: [URL] = []
  /// XcodeGen specs by their default names (`project.yml`), which generate a project.
  var specs: [URL] = []
  /// Tuist's manifests (`Project.swift`, `Workspace.swift`), which generate a project.
  var tuistManifests: [URL] = []
  /// Files by which another build system is known (`BUILD`, `*.csproj`, `project.godot`...):
  /// `OtherBuildSystems` reads them only when there is no Xcode project.
  var buildSystemFiles: [URL] = []

  /// Build outputs and dependencies: they hold copies (built `Info.plist`s, other apps' catalogs).
  static let skippedFolders: Set<String> = [
    ".build", "build", "DerivedData", ".git", "Pods", "node_modules",
  ]
  /// Built bundles and workspaces: an Info.plist inside one is not a source file.
  static let skippedExtensions: Set<String> = [
    "app", "appex", "framework", "xcframework", "xcarchive", "bundle", "dSYM", "xcworkspace",
  ]

  /// Walks `root`, at most `maxDepth` levels down (nil: all the way), sorted by path in each list.
  /// Symbolic links are not followed into, but one to a catalog, project or bundle is found.
  static func scan(_ root: URL, maxDepth: Int? = nil) -> ProjectFiles {
    var files = ProjectFiles()
    if root.pathExtension == "xcassets" {
      files.catalogs = [root]
      return files
    }
    // readdir's entry types, not FileManager's enumerator with a resource value per entry,
    // which cost about 0.9 M instructions each for the first few, at every start.
    func walk(_ folder: String, depth: Int) {
      // An unreadable subfolder hides only what is in it.
      for entry in DirectoryListing.entries(atPath: folder) {
        let name = entry.name
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        let ext = DirectoryListing.pathExtension(of: name)
        let isFolder = entry.isDirectory || (entry.isLink && isFolderFollowingLinks(path))
        if isFolder {
          let url = URL(fileURLWithPath: path, isDirectory: true)
          // Catalogs and projects are read whole by their own readers; hidden folders are tooling.
          if ext == "xcassets" { files.catalogs.append(url) }
          if ext == "xcodeproj" { files.projects.append(url) }
          if ext == "icon", IconComposerBundle.isBundle(url) { files.iconBundles.append(url) }
          let opaque =
            ["xcassets", "xcodeproj", "icon"].contains(ext) || skippedExtensions.contains(ext)
          if !entry.isLink, !opaque, !name.hasPrefix("."), !skippedFolders.contains(name),
            depth < (maxDepth ?? .max)
          {
            walk(path, depth: depth + 1)
          }
        } else if isInfoPlistName(name) {
          files.infoPlists.append(URL(fileURLWithPath: path, isDirectory: false))
        } else if ext == "xcconfig" {
          files.xcconfigs.append(URL(fileURLWithPath: path, isDirectory: false))
        } else if XcodeGenSpec.fileNames.contains(name) {
          files.specs.append(URL(fileURLWithPath: path, isDirectory: false))
        } else if name == "Project.swift" || name == "Workspace.swift" {
          files.tuistManifests.append(URL(fileURLWithPath: path, isDirectory: false))
        } else if OtherBuildSystems.isEvidenceName(name) {
          files.buildSystemFiles.append(URL(fileURLWithPath: path, isDirectory: false))
        }
      }
    }
    walk(root.standardizedFileURL.path, depth: 1)
    for keyPath in [
      \ProjectFiles.infoPlists, \.xcconfigs, \.catalogs, \.projects, \.iconBundles, \.specs,
      \.tuistManifests, \.buildSystemFiles,
    ] {
      files[keyPath: keyPath].sort { $0.path < $1.path }
    }
    return files
  }

  private static func isFolderFollowingLinks(_ path: String) -> Bool { ReadDisk.isFolder(path) }

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
