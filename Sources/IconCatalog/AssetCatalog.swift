import Foundation

/// An `.xcassets` folder and the app icon sets in it.
struct AssetCatalog: Sendable {
  struct IconSet: Equatable, Sendable {
    /// The folder name without `.appiconset`: the name build settings and Info.plist use.
    var name: String
    var folder: URL
  }

  var folder: URL
  /// Every `NAME.appiconset`, at any depth (groups are plain folders), sorted by path.
  var iconSets: [IconSet]

  /// Lists the icon sets; their Contents.json is read only when an icon is used (`AppIconSet`).
  static func scan(_ folder: URL) -> AssetCatalog {
    var sets: [IconSet] = []
    let keys: [URLResourceKey] = [.isDirectoryKey]
    // An unreadable subfolder hides only what is in it; the rest of the catalog still counts.
    let walker = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: keys, options: [], errorHandler: { _, _ in true })
    while let url = walker?.nextObject() as? URL {
      guard url.pathExtension == "appiconset" else { continue }
      walker?.skipDescendants()
      guard (try? url.resourceValues(forKeys: Set(keys)))?.isDirectory == true else { continue }
      let folder = URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: true)
      sets.append(IconSet(name: folder.deletingPathExtension().lastPathComponent, folder: folder))
    }
    sets.sort { $0.folder.path < $1.folder.path }
    return AssetCatalog(folder: folder, iconSets: sets)
  }

  var hasIconSet: Bool { !iconSets.isEmpty }
}

/// The icon sets of several catalogs, looked up by name.
struct AssetCatalogs: Sendable {
  var catalogs: [AssetCatalog]

  /// All icon sets, catalog by catalog.
  var iconSets: [AssetCatalog.IconSet] { catalogs.flatMap(\.iconSets) }

  /// The first set with this exact name (actool refuses two sets with one name, so order rarely matters).
  func iconSet(named name: String) -> AssetCatalog.IconSet? {
    iconSets.first { $0.name == name }
  }
}
