import Foundation

/// The application target of an Xcode project that iconpick reads, resolved for one build
/// configuration as Xcode would build it for a device: its build settings, and the asset catalogs
/// and Icon Composer bundles it copies into the app.
struct ProjectTarget: Sendable {
  /// The `.xcodeproj`.
  var project: URL
  /// Its `project.pbxproj`, which errors and settings set in the project name.
  var projectFile: URL
  var name: String
  var configuration: String
  var settings: BuildSettings
  /// `.xcassets` folders of the target, in the order Xcode lists them.
  var catalogs: [URL]
  /// `.icon` bundles (Icon Composer) of the target.
  var iconBundles: [URL]
  /// Problems Xcode only warns about, such as a missing base configuration file.
  var warnings: [String] = []

  static let defaultConfiguration = "Release"

  /// nil when the project has no application target and none was asked for (a placeholder project,
  /// or one that builds only frameworks): the folder around it is then read without it.
  static func resolve(project bundle: URL, target: String?, configuration: String?)
    throws(IconCatalogError) -> ProjectTarget?
  {
    let project = try XcodeProject.read(bundle)
    let applications = try project.targets().filter(\.isApplication)
    let names = applications.map(\.name)
    let chosen: XcodeProject.Target
    if let target {
      guard let match = applications.first(where: { $0.name == target }) else {
        throw .unknownTarget(project: project.bundle.path, name: target, targets: names)
      }
      chosen = match
    } else {
      guard let only = applications.first else { return nil }
      guard applications.count == 1 else {
        throw .ambiguousTarget(project: project.bundle.path, targets: names)
      }
      chosen = only
    }

    let configurations = try project.configurations(of: chosen)
    let wanted = configuration ?? defaultConfiguration
    var picked = configurations.first { $0.name == wanted }
    if picked == nil, configuration == nil {
      // No Release: what xcodebuild uses when it is not told, the list's default.
      let fallback = project.defaultConfigurationName(of: chosen)
      picked = configurations.first { $0.name == fallback } ?? configurations.first
    }
    guard let targetConfiguration = picked else {
      throw .unknownConfiguration(
        project: project.bundle.path, name: wanted, configurations: configurations.map(\.name))
    }
    let projectConfiguration = try project.projectConfigurations().first {
      $0.name == targetConfiguration.name
    }

    let (layers, warnings) = try layers(
      project: project, target: chosen, projectConfiguration: projectConfiguration,
      targetConfiguration: targetConfiguration)
    var builtIn = BuildSettings.builtIn(
      platform: "iphoneos", sourceRoot: project.sourceRoot.path, projectName: project.name)
    builtIn["TARGET_NAME"] = chosen.name
    builtIn["CONFIGURATION"] = targetConfiguration.name
    var device = BuildTarget(
      sdk: "iphoneos", arch: "arm64", configuration: targetConfiguration.name)
    var settings = BuildSettings(layers: layers, builtIn: builtIn, for: device)
    // A tvOS app's `[sdk=appletvos*]` settings are the ones its device build uses.
    if settings.string("SDKROOT")?.hasPrefix("appletvos") == true {
      device.sdk = "appletvos"
      builtIn.merge(
        BuildSettings.builtIn(
          platform: "appletvos", sourceRoot: project.sourceRoot.path, projectName: project.name)
      ) { _, tvOS in tvOS }
      settings = BuildSettings(layers: layers, builtIn: builtIn, for: device)
    }

    // DEVELOPMENT_ASSET_PATHS (Preview Content) is left out of archives, so of the shipped app.
    let development = settings.list("DEVELOPMENT_ASSET_PATHS").map {
      $0.hasPrefix("/")
        ? $0 : project.sourceRoot.appendingPathComponent($0).standardizedFileURL.path
    }
    func shipped(_ url: URL) -> Bool {
      !development.contains { url.path == $0 || url.path.hasPrefix($0 + "/") }
    }
    let (catalogs, iconBundles) = bundles(of: chosen, in: project)
    return ProjectTarget(
      project: project.bundle, projectFile: project.file, name: chosen.name,
      configuration: targetConfiguration.name, settings: settings,
      catalogs: catalogs.filter(shipped), iconBundles: iconBundles.filter(shipped),
      warnings: warnings)
  }

  // MARK: Build settings

  /// Lowest first: the project configuration's xcconfig, its settings, the target configuration's
  /// xcconfig, its settings.
  private static func layers(
    project: XcodeProject, target: XcodeProject.Target,
    projectConfiguration: XcodeProject.Configuration?,
    targetConfiguration: XcodeProject.Configuration
  ) throws(IconCatalogError) -> (layers: [BuildSettings.Layer], warnings: [String]) {
    var layers: [BuildSettings.Layer] = []
    var warnings: [String] = []
    let levels = [
      (projectConfiguration, "the project"), (targetConfiguration, "target \(target.name)"),
    ]
    for (configuration, owner) in levels {
      guard let configuration else { continue }
      if let base = configuration.baseConfiguration {
        // Xcode warns ("Unable to open base configuration reference file") and builds without
        // it; such files are often kept out of git, with a template beside them.
        if isFile(base) {
          let config = try XCConfig.read(base, projectFolder: project.sourceRoot)
          layers.append(BuildSettings.Layer(assignments: config.assignments, isOrdered: true))
        } else {
          warnings.append(
            IconCatalogError.missingBaseConfiguration(
              file: base.path, project: project.file.path, configuration: configuration.name,
              owner: owner
            ).description)
        }
      }
      layers.append(
        BuildSettings.Layer(
          assignments: assignments(configuration.buildSettings, file: project.file),
          isOrdered: false))
    }
    return (layers, warnings)
  }

  /// A `buildSettings` dictionary as assignments; keys carry conditions as in an xcconfig
  /// (`"CODE_SIGN_IDENTITY[sdk=iphoneos*]"`).
  static func assignments(_ buildSettings: [String: Any], file: URL) -> [XCConfigAssignment] {
    buildSettings.keys.sorted().compactMap { rawKey in
      guard let (key, conditions) = XCConfig.settingKey(rawKey[...]),
        let value = text(buildSettings[rawKey])
      else { return nil }
      return XCConfigAssignment(key: key, conditions: conditions, value: value, file: file)
    }
  }

  /// Lists (`LD_RUNPATH_SEARCH_PATHS = ( ... )`) become the space-separated text an xcconfig
  /// would hold, quoting items with spaces so `BuildSettings.list` splits them back the same way.
  private static func text(_ value: Any?) -> String? {
    switch value {
    case let string as String:
      return string
    case let items as [Any]:
      return items.compactMap { text($0) }.map { item in
        item.contains(where: \.isWhitespace) && !item.hasPrefix("\"") ? "\"\(item)\"" : item
      }.joined(separator: " ")
    case let flag as Bool:
      return flag ? "YES" : "NO"
    case let number as NSNumber:
      return number.stringValue
    default:
      return nil
    }
  }

  // MARK: Catalogs and .icon bundles

  /// From the Copy Bundle Resources phase, then the synchronized folders (every `.xcassets` and
  /// `.icon` under them that is not an exception), then files ticked for this target in folders
  /// synchronized with another target.
  private static func bundles(of target: XcodeProject.Target, in project: XcodeProject) -> (
    catalogs: [URL], iconBundles: [URL]
  ) {
    var catalogs: [URL] = []
    var iconBundles: [URL] = []
    func add(_ url: URL) {
      let url = URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: true)
      switch url.pathExtension {
      case "xcassets" where !catalogs.contains(url) && isFolder(url):
        catalogs.append(url)
      case "icon" where !iconBundles.contains(url) && isFolder(url):
        iconBundles.append(url)
      default:
        break
      }
    }

    for file in project.resources(of: target) { add(file) }
    let synchronized = project.synchronizedFolders(of: target)
    for folder in synchronized.folders {
      for url in bundles(under: folder.folder, excluding: folder.excluded) { add(url) }
    }
    for file in synchronized.extraFiles {
      if ["xcassets", "icon"].contains(file.pathExtension) {
        add(file)
      } else {
        for url in bundles(under: file, excluding: []) { add(url) }
      }
    }
    return (catalogs, iconBundles)
  }

  /// Every `.xcassets` and `.icon` under `folder`, sorted by path, leaving out the `excluded`
  /// paths (relative to `folder`, as membership exceptions are written) and what is inside them.
  static func bundles(under folder: URL, excluding excluded: Set<String>) -> [URL] {
    var found: [URL] = []
    let keys: [URLResourceKey] = [.isDirectoryKey]
    // An unreadable subfolder hides only what is in it.
    let walker = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: keys, options: [], errorHandler: { _, _ in true })
    while let url = walker?.nextObject() as? URL {
      let isFolder = (try? url.resourceValues(forKeys: Set(keys)))?.isDirectory == true
      guard isFolder else { continue }
      let relative = ProjectFiles.relativeComponents(of: url, under: folder).joined(separator: "/")
      let name = url.lastPathComponent
      let ext = url.pathExtension
      if excluded.contains(relative) {
        walker?.skipDescendants()
      } else if ext == "xcassets" || ext == "icon" {
        found.append(url)
        walker?.skipDescendants()
      } else if name.hasPrefix(".") || ProjectFiles.skippedFolders.contains(name)
        || ProjectFiles.skippedExtensions.contains(ext) || ext == "xcodeproj"
      {
        walker?.skipDescendants()
      }
    }
    return found.map { URL(fileURLWithPath: $0.standardizedFileURL.path, isDirectory: true) }
      .sorted { $0.path < $1.path }
  }

  // MARK: Generated Info.plist

  /// The keys Xcode writes into the Info.plist it generates (`GENERATE_INFOPLIST_FILE = YES`): each
  /// `INFOPLIST_KEY_Name` setting as `Name` (`_iPad`/`_iPhone` suffixes as `~ipad`/`~iphone`), plus
  /// the identity keys every generated plist has. Values are raw, like a plist file's.
  static func generatedInfoPlistKeys(_ settings: BuildSettings) -> [String: Any] {
    var keys: [String: Any] = [
      "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
      "CFBundleName": "$(PRODUCT_NAME)",
    ]
    let prefix = "INFOPLIST_KEY_"
    for (key, setting) in settings.settings where key.hasPrefix(prefix) {
      var name = String(key.dropFirst(prefix.count))
      for (suffix, device) in [("_iPad", "~ipad"), ("_iPhone", "~iphone")]
      where name.hasSuffix(suffix) {
        name = String(name.dropLast(suffix.count)) + device
      }
      guard !name.isEmpty else { continue }
      keys[name] = setting.value
    }
    return keys
  }

  // MARK: Files

  private static func isFile(_ url: URL) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      && !isFolder.boolValue
  }

  private static func isFolder(_ url: URL) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      && isFolder.boolValue
  }
}
