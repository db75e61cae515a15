import Foundation

/// Reads an app's icon configuration the way Xcode's asset catalog compiler assembles it.
public enum AppIconReader {
  /// PATH can be a folder holding an Info.plist, .xcconfig and/or .xcassets (searched recursively, skipping build outputs: .build, build, DerivedData, .git, Pods, node_modules), or an Info.plist file itself (its folder is the app root).
  public static func read(at path: URL) throws(IconCatalogError) -> AppIcons {
    let location = try AppLocation.locate(path)
    let settings = try buildSettings(for: location)
    let infoPlist = try location.infoPlist(settings: settings).map { url throws(IconCatalogError) in
      try InfoPlist.read(url)
    }
    let catalogs = AssetCatalogs(catalogs: location.files.catalogs.map(AssetCatalog.scan))

    let names = try IconNames.resolve(settings: settings, infoPlist: infoPlist, catalogs: catalogs)
    var renditions = RenditionCache(catalogs: catalogs)
    let primary = AppIcon(
      name: names.primary, assetName: names.primary,
      displayName: IconDisplayName.friendly(
        for: names.primary, primaryName: names.primary, isPrimary: true),
      isPrimary: true, renditions: try renditions.of(names.primary))
    var alternates: [AppIcon] = []
    for alternate in names.alternates {
      alternates.append(
        AppIcon(
          name: alternate.name, assetName: alternate.assetName,
          displayName: IconDisplayName.friendly(
            for: alternate.name, primaryName: names.primary, isPrimary: false),
          isPrimary: false, renditions: try renditions.of(alternate.assetName)))
    }

    return AppIcons(
      appName: appName(infoPlist: infoPlist, settings: settings, root: location.root),
      bundleIdentifier: try bundleIdentifier(
        infoPlist: infoPlist, settings: settings, root: location.root),
      primary: primary, alternates: alternates, location: location.root)
  }

  /// True when `folder` looks like it holds an app (an Info.plist, .xcassets with an .appiconset, or an .xcodeproj) — used to decide whether `iconpick` with no PATH opens the current folder.
  public static func containsApp(_ folder: URL) -> Bool {
    AppLocation.containsApp(folder)
  }

  // MARK: Steps

  /// Every `.xcconfig` not included by another one is a level of its own; the shallowest wins a
  /// conflict. (Which configuration Xcode uses comes from the project file, which is not read yet.)
  static func buildSettings(for location: AppLocation) throws(IconCatalogError) -> BuildSettings {
    var configs: [XCConfig] = []
    for file in location.files.xcconfigs {
      configs.append(try XCConfig.read(file, projectFolder: location.root))
    }
    let included = Set(configs.flatMap(\.includedFiles).map(\.path))
    let levels =
      configs
      .filter { !included.contains($0.file.path) }
      .sorted {
        ($0.file.pathComponents.count, $0.file.path) < ($1.file.pathComponents.count, $1.file.path)
      }
      .map(\.assignments)
    var builtIn = ["SRCROOT": location.root.path, "PROJECT_DIR": location.root.path]
    if location.files.projects.count == 1, let project = location.files.projects.first {
      builtIn["PROJECT_NAME"] = project.deletingPathExtension().lastPathComponent
    }
    return BuildSettings(levels: levels, builtIn: builtIn)
  }

  /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name; a value whose settings
  /// cannot be resolved is passed over rather than shown raw.
  static func appName(infoPlist: InfoPlist?, settings: BuildSettings, root: URL) -> String {
    for raw in [infoPlist?.displayName, infoPlist?.bundleName].compactMap({ $0 }) {
      if let name = settings.expand(raw)?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
        return name
      }
    }
    return root.lastPathComponent
  }

  /// `CFBundleIdentifier` expanded, else the `PRODUCT_BUNDLE_IDENTIFIER` build setting (what the
  /// Info.plist almost always refers to); never the raw `$(...)` text.
  static func bundleIdentifier(infoPlist: InfoPlist?, settings: BuildSettings, root: URL)
    throws(IconCatalogError)
    -> String
  {
    let raw = infoPlist?.bundleIdentifier
    if let raw, let identifier = settings.expand(raw)?.trimmingCharacters(in: .whitespaces),
      !identifier.isEmpty
    {
      return identifier
    }
    if let identifier = settings.string("PRODUCT_BUNDLE_IDENTIFIER") { return identifier }
    throw .unresolvedBundleIdentifier(file: (infoPlist?.file ?? root).path, value: raw ?? "")
  }
}

/// Reads each icon set once, even when several alternates share it.
private struct RenditionCache {
  let catalogs: AssetCatalogs
  private var read: [String: [IconRendition]] = [:]

  init(catalogs: AssetCatalogs) {
    self.catalogs = catalogs
  }

  /// No set with that name: no renditions (`check` reports the missing set).
  mutating func of(_ assetName: String) throws(IconCatalogError) -> [IconRendition] {
    if let known = read[assetName] { return known }
    let renditions = try catalogs.iconSet(named: assetName).map { set throws(IconCatalogError) in
      try AppIconSet.renditions(in: set.folder)
    }
    read[assetName] = renditions ?? []
    return renditions ?? []
  }
}
