import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A built `.app` bundle, as Xcode leaves it in DerivedData or an archive. Its processed Info.plist
/// (binary or XML) is the truth: actool has already written every icon name into it, so build
/// settings play no part. The images are the loose PNGs actool puts beside it
/// (`AppIcon60x60@2x.png`, `AppIcon-Blue76x76@2x~ipad.png`), found through `CFBundleIconFiles`.
/// `Assets.car` holds the same icons compiled; it cannot be read without Apple's tools, so it is
/// left alone.
enum BuiltApp {
  /// True for a folder named `*.app` with an Info.plist at the top (iOS) or in `Contents/`
  /// (macOS) and no Xcode project: a source folder that happens to be named `Something.app`
  /// is read as a project.
  static func isBuiltApp(_ path: URL) -> Bool {
    let path = path.standardizedFileURL
    if BuiltArtifact.isArtifact(path) { return true }
    guard path.pathExtension == "app", infoPlist(in: path) != nil else { return false }
    let items = ReadDisk.names(inFolder: path.path) ?? []
    return !items.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
  }

  /// The Info.plist and the folder holding the icons: the top for iOS, tvOS and watchOS bundles,
  /// `Contents/Resources` for a macOS one.
  private static func infoPlist(in app: URL) -> (plist: URL, resources: URL)? {
    let top = app.appendingPathComponent("Info.plist", isDirectory: false)
    if ReadDisk.exists(top.path) { return (top, app) }
    let contents = app.appendingPathComponent("Contents", isDirectory: true)
    let mac = contents.appendingPathComponent("Info.plist", isDirectory: false)
    if ReadDisk.exists(mac.path) {
      return (mac, contents.appendingPathComponent("Resources", isDirectory: true))
    }
    return nil
  }

  static func read(at path: URL) throws(IconCatalogError) -> AppIcons {
    let (app, images) = try readDeferringImages(at: path)
    return try images.withRenditions(app)
  }

  /// The icons without their images, and where those are.
  static func readDeferringImages(at path: URL) throws(IconCatalogError) -> (
    icons: AppIcons, images: IconImages
  ) {
    // An .ipa or .xcarchive: the one app inside it.
    if BuiltArtifact.isArtifact(path.standardizedFileURL) {
      return try BuiltArtifact.readDeferringImages(at: path.standardizedFileURL)
    }
    var app = AssetCatalog.folderURL(path)
    // A .app given through a symbolic link reads as the .app it points to.
    if ArtifactContainment.isSymbolicLink(app.path),
      let real = ArtifactContainment.realPath(app.path)
    {
      app = URL(fileURLWithPath: real, isDirectory: true)
    }
    guard let (plistFile, resources) = infoPlist(in: app) else { throw .noApp(path: app.path) }
    // Links that lead out of the app are refused: the Info.plist's stops the reading, a PNG's
    // is left out with a note.
    if let outside = ArtifactContainment.escape(of: plistFile.path, from: app.path) {
      throw .badArtifact(
        file: plistFile.path, reason: ArtifactContainment.leaving("app", to: outside))
    }
    let leaving = ArtifactContainment.linksLeaving(app.path, in: resources.path).filter {
      $0.name.lowercased().hasSuffix(".png")
    }
    let leavingNames = Set(leaving.map(\.name))
    var read = try icons(
      app: app, infoPlist: InfoPlist.read(plistFile),
      looseFiles: {
        LooseIconFiles.searching(resources, recursive: false, excluding: leavingNames)
      })
    read.icons.warnings += leaving.map { link in
      "\(resources.appendingPathComponent(link.name).path): "
        + ArtifactContainment.leaving("app", to: link.target) + ", so it is not read"
    }
    read.icons.notes += BuiltArtifact.notes(
      nestedIn: app.path,
      names: BuiltArtifact.nestedFolders.flatMap { folder in
        (ReadDisk.names(inFolder: app.appendingPathComponent(folder).path) ?? []).map {
          "\(folder)/\($0)"
        }
      })
    return read
  }

  /// The icons of a built app whose Info.plist is read: from a folder, or from an archive.
  /// `app` is where it is (a folder, or a path inside an `.ipa`); `looseFiles` lists the PNGs
  /// at its top.
  static func icons(
    app: URL, infoPlist: InfoPlist, looseFiles: @escaping @Sendable () -> LooseIconFiles
  ) throws(IconCatalogError) -> (icons: AppIcons, images: IconImages) {
    let plistFile = infoPlist.file
    let settings = BuildSettings()
    // The processed Info.plist says where the app runs (UIDeviceFamily).
    let platform = PlatformDecision.platform(settings, infoPlist: infoPlist).platform
    let deviceFamilies = PlatformDecision.deviceFamilies(
      settings, platform: platform, infoPlist: infoPlist)
    let names = try IconNames.resolve(
      settings: settings, infoPlist: infoPlist, catalogs: AssetCatalogs(catalogs: []),
      deviceFamilies: deviceFamilies)
    let icons = names.icons()
    // iOS looks up CFBundleIconFiles at the top of the bundle only.
    let images = IconImages(
      names: names, catalogs: AssetCatalogs(catalogs: []),
      searchLooseFiles: looseFiles)

    let folderName = app.deletingPathExtension().lastPathComponent
    let candidates = [infoPlist.displayName, infoPlist.bundleName].compactMap { $0 }
    let appName =
      candidates.map { $0.trimmingWhitespace() }.first { !$0.isEmpty } ?? folderName
    guard
      let identifier = infoPlist.bundleIdentifier?.trimmingWhitespace(),
      !identifier.isEmpty
    else {
      throw .unresolvedBundleIdentifier(file: plistFile.path, value: "")
    }
    var appIcons = AppIcons(
      appName: appName, bundleIdentifier: identifier, primary: icons.primary,
      alternates: icons.alternates, location: app)
    appIcons.platform = platform
    appIcons.deviceFamilies = deviceFamilies
    appIcons.iconDictionaries = names.built
    appIcons.primaryIconNaming = names.built.primaryIconNaming(infoPlist: plistFile.path)
    appIcons.declarationPlaces = names.built.declarationPlaces(
      of: appIcons.allIcons, infoPlist: plistFile.path)
    appIcons.iconDictionaries.topLevelIconFiles = infoPlist.writtenTopLevelIconFiles()
    appIcons.plistValueProblems = infoPlist.valueProblems()
    // Only names with a suffix are looked for, so most apps list no files here.
    let written =
      ([appIcons.iconDictionaries.topLevelIconFiles].compactMap { $0 }
      + appIcons.iconDictionaries.entries.map(\.entry)).flatMap(\.iconFiles)
    appIcons.iconFilesFoundAsWritten = ProjectFacts.iconFilesFound(names: written, in: looseFiles)
    appIcons.isBuiltArtifact = true
    appIcons.build = BuildKind(infoPlist: infoPlist.root)
    appIcons.productName = folderName
    // What the car holds is part of the one reading, so no command sees a half-read app: a car
    // is listed in well under a millisecond (docs/performance.md, car-time).
    return (appIcons.withCompiledAppIcons(), images)
  }
}
