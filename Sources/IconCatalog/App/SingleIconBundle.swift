import FoundationEssentials

/// PATH naming one Icon Composer `.icon` bundle, with no project around it: the bundle is the
/// app's only icon set, so `iconpick show Foo.icon --output foo.png` and `iconpick check
/// Foo.icon` work on a lone `.icon` (on Linux, the natural way to look at one).
enum SingleIconBundle {
  /// True when `path` is a folder ending in `.icon`.
  static func isBundlePath(_ path: URL) -> Bool {
    path.pathExtension == "icon"
  }

  /// The location of an app whose only file is the bundle at `path`.
  static func location(_ path: URL, target: String?, configuration: String?)
    throws(IconCatalogError) -> AppLocation
  {
    guard target == nil, configuration == nil else { throw .noProject(path: path.path) }
    guard IconComposerBundle.isBundle(path) else { throw .noApp(path: path.path) }
    var files = ProjectFiles()
    files.iconBundles = [path]
    return AppLocation(
      root: path.deletingLastPathComponent(), files: files, givenInfoPlist: nil,
      loneIconBundle: path)
  }

  /// The build setting that makes the bundle the primary icon, as its project would:
  /// `ASSETCATALOG_COMPILER_APPICON_NAME` = the bundle's name.
  static func settings(naming bundle: URL) -> [XCConfigAssignment] {
    [
      XCConfigAssignment(
        key: "ASSETCATALOG_COMPILER_APPICON_NAME", conditions: [],
        value: bundle.deletingPathExtension().lastPathComponent, file: bundle)
    ]
  }
}
