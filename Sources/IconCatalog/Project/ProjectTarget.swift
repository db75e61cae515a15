import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// The platform read: the one asked for, else the first the target builds for (iOS first).
  var platform: AppPlatform
  /// Every platform among iOS and tvOS the target builds for: a multiplatform target is one app per
  /// platform, each read on its own.
  var platforms: [AppPlatform]
  var settings: BuildSettings
  /// `.xcassets` folders of the target, in the order Xcode lists them.
  var catalogs: [URL]
  /// `.icon` bundles (Icon Composer) of the target.
  var iconBundles: [URL]
  /// Base `.xcconfig` files of the target's configuration (or the project's) that cannot be opened:
  /// Xcode stops there; iconpick reads on without them.
  var missingBaseConfigurations: [MissingBaseConfiguration] = []
  /// What the target copies into the app as it is, not compiled: only these loose files are in
  /// the built app, where `CFBundleIconFiles` can name them.
  var copiedResources = CopiedResources()
  /// File references of `project.pbxproj` (resources, synchronized folders) that find their file
  /// only by ignoring case, as a Mac finds them.
  var filesDifferingInCase: [PathDifferingInCase] = []
  /// What the XcodeGen spec the project is generated from says that iconpick cannot follow.
  var specWarnings: [String] = []
  /// The Info.plist XcodeGen writes from the spec's `info`, for a target that has one.
  var generatedInfoPlist: GeneratedInfoPlist?
  /// Where the code the target compiles is (listed, not read: `CodeFiles` reads it for `check`).
  var codeSources = CodeSources()
  /// The target's Run Script phases, in its order.
  var scriptPhases: [BuildScriptPhase] = []
  /// The missing base configurations, each as the one line the commands print, and what the spec
  /// says that iconpick cannot follow.
  var warnings: [String] { specWarnings + missingBaseConfigurations.map(\.description) }

  static let defaultConfiguration = "Release"

  /// nil when the project has no application target and none was asked for (a placeholder project,
  /// or one that builds only frameworks): `AppLocation.locate` then says no app is here when the
  /// folder's projects build something but no app (`ProjectProducts`), else reads the folder
  /// around it without it.
  ///
  /// Only targets that can have alternate icons count (`exclusion(of:)`): iOS, iPadOS and tvOS
  /// applications. When exactly one remains it is used without `--target`; the errors list only
  /// those that remain, and `--target` naming another target says why it does not count.
  static func resolve(
    project bundle: URL, target: String?, configuration: String?, platform: AppPlatform? = nil
  ) throws(IconCatalogError) -> ProjectTarget? {
    let project = try XcodeProject.read(bundle)
    let all = try project.targets()
    // A target's settings, worked out once: to see its platform, then to read it.
    var prepared: [String: Prepared] = [:]
    func exclusion(of candidate: XcodeProject.Target) -> String? {
      if let reason = Self.exclusion(productType: candidate.productType) { return reason }
      // A target whose settings cannot be read here counts: choosing it reports the fault.
      guard
        let settings = try? prepare(
          project: project, target: candidate, configuration: configuration)
      else { return nil }
      prepared[candidate.id] = settings
      return PlatformDecision.exclusion(settings.settings)
    }
    func eligibleNames() -> [String] { all.filter { exclusion(of: $0) == nil }.map(\.name) }

    let chosen: XcodeProject.Target
    if let target {
      guard let match = all.first(where: { $0.name == target }) else {
        throw .unknownTarget(project: project.bundle.path, name: target, targets: eligibleNames())
      }
      if let reason = exclusion(of: match) {
        throw .excludedTarget(
          project: project.bundle.path, name: target, reason: reason, targets: eligibleNames())
      }
      chosen = match
    } else {
      let eligible = all.filter { exclusion(of: $0) == nil }
      guard let only = eligible.first else {
        // Apps, but none that can change its icon (a macOS or watchOS app): say so, rather than
        // read the folder as if it were an iOS app.
        let apps = all.filter { $0.productType.hasPrefix(XcodeProject.Target.applicationType) }
        guard !apps.isEmpty else { return nil }
        throw .noAppTarget(
          project: project.bundle.path,
          excluded: apps.map { "\"\($0.name)\" (\(exclusion(of: $0) ?? "excluded"))" })
      }
      // `--platform` alone picks a target when exactly one of them builds for that platform (an
      // iOS target beside a tvOS one).
      let forPlatform = eligible.filter { candidate in
        guard let platform, let settings = prepared[candidate.id]?.settings else { return false }
        return PlatformDecision.platforms(settings).contains(platform)
      }
      if eligible.count > 1, forPlatform.count == 1 {
        chosen = forPlatform[0]
      } else {
        guard eligible.count == 1 else {
          throw .ambiguousTarget(project: project.bundle.path, targets: eligible.map(\.name))
        }
        chosen = only
      }
    }

    var ready: Prepared
    if let known = prepared[chosen.id] {
      ready = known
    } else {
      ready = try prepare(project: project, target: chosen, configuration: configuration)
    }
    let platforms = PlatformDecision.platforms(ready.settings)
    let readFor = platform ?? platforms.first ?? .iOS
    if let platform, !platforms.contains(platform) {
      throw .platformNotBuilt(
        project: project.bundle.path, target: chosen.name, platform: platform.rawValue,
        platforms: platforms.map(\.rawValue))
    }
    if readFor != ready.platform {
      ready = try prepare(
        project: project, target: chosen, configuration: configuration, platform: readFor)
    }
    let settings = ready.settings

    // DEVELOPMENT_ASSET_PATHS (Preview Content) is left out of archives, so of the shipped app.
    let development = settings.list("DEVELOPMENT_ASSET_PATHS").map {
      $0.hasPrefix("/")
        ? $0 : project.sourceRoot.appendingPathComponent($0).standardizedFileURL.path
    }
    func shipped(_ url: URL) -> Bool {
      !development.contains { url.path == $0 || url.path.hasPrefix($0 + "/") }
    }
    let (catalogs, iconBundles, copied, differing) = bundles(of: chosen, in: project)
    var resolved = ProjectTarget(
      project: project.bundle, projectFile: project.file, name: chosen.name,
      configuration: ready.configuration, platform: readFor, platforms: platforms,
      settings: settings,
      catalogs: catalogs.filter(shipped), iconBundles: iconBundles.filter(shipped),
      missingBaseConfigurations: ready.missing)
    resolved.copiedResources = copied
    resolved.filesDifferingInCase = differing
    resolved.specWarnings = project.warnings + (project.targetWarnings[chosen.name] ?? [])
    resolved.generatedInfoPlist = project.generatedInfoPlists[chosen.name]
    let synchronized = project.synchronizedFolders(of: chosen)
    resolved.codeSources = CodeSources(
      files: project.compiledSources(of: chosen) + synchronized.extraFiles,
      folders: synchronized.folders, packages: project.localPackages(of: chosen),
      packageProducts: project.linkedLocalProducts(of: chosen))
    resolved.scriptPhases = BuildScriptPhase.read(of: chosen, in: project)
    return resolved
  }

  /// The names of the project's targets that can have alternate icons (`exclusion(of:)`), in the
  /// project's order: the ones `resolve` chooses among, and `check` reads one by one.
  static func eligibleNames(project bundle: URL, configuration: String?)
    throws(IconCatalogError) -> [String]
  {
    let project = try XcodeProject.read(bundle)
    return try project.targets().filter { candidate in
      if exclusion(productType: candidate.productType) != nil { return false }
      // A target whose settings cannot be read here counts: reading it reports the fault.
      guard
        let prepared = try? prepare(
          project: project, target: candidate, configuration: configuration)
      else { return true }
      return PlatformDecision.exclusion(prepared.settings) == nil
    }.map(\.name)
  }

  /// A target's build settings for one configuration, as a device build sees them.
  private struct Prepared {
    var configuration: String
    /// The platform whose device build the settings are read for.
    var platform: AppPlatform
    var settings: BuildSettings
    var missing: [MissingBaseConfiguration]
  }

  /// Settings are read for an iOS device first: they say which platforms the target builds for,
  /// and a build for another platform reads them again with its own `[sdk=...]` conditions.
  /// `sdk` names another SDK of `platform` than its device's (its simulator's).
  private static func prepare(
    project: XcodeProject, target chosen: XcodeProject.Target, configuration: String?,
    platform: AppPlatform = .iOS, sdk: String? = nil
  ) throws(IconCatalogError) -> Prepared {
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

    let (layers, missing, files) = try layers(
      project: project, target: chosen, projectConfiguration: projectConfiguration,
      targetConfiguration: targetConfiguration)
    let sdk = sdk ?? platform.sdk
    var builtIn = BuildSettings.builtIn(
      platform: sdk, sourceRoot: project.sourceRoot.path, projectName: project.name)
    builtIn["TARGET_NAME"] = chosen.name
    builtIn["CONFIGURATION"] = targetConfiguration.name
    let device = BuildTarget(sdk: sdk, arch: "arm64", configuration: targetConfiguration.name)
    var settings = BuildSettings(layers: layers, builtIn: builtIn, for: device)
    settings.hasUnreadFiles = !missing.isEmpty || !files.missingIncludes.isEmpty
    // A target that builds only for tvOS: its `[sdk=appletvos*]` settings are the ones its device
    // build uses.
    if platform == .iOS, sdk == platform.sdk, PlatformDecision.platforms(settings) == [.tvOS] {
      return try prepare(
        project: project, target: chosen, configuration: configuration, platform: .tvOS)
    }
    settings.missingIncludes = files.missingIncludes
    settings.pathsDifferingInCase = files.pathsDifferingInCase
    return Prepared(
      configuration: targetConfiguration.name, platform: platform, settings: settings,
      missing: missing)
  }

  /// The target's settings as its builds for its other platforms see them (`platforms` but
  /// `platform`), each platform's device and simulator SDK read with their own `[sdk=...]`
  /// conditions, as swift-build binds the `sdk` condition to the SDK built for (`iphoneos`,
  /// `iphonesimulator`, `appletvos`, ...): what only those builds name is theirs, not this one's.
  func settingsOfOtherPlatforms() -> [(platform: AppPlatform, settings: [BuildSettings])] {
    let others = platforms.filter { $0 != platform }
    guard !others.isEmpty, let read = try? XcodeProject.read(project),
      let chosen = try? read.targets().first(where: { $0.name == name })
    else { return [] }
    return others.map { other in
      let readings = [other.sdk, other.simulatorSDK].compactMap { sdk in
        try? Self.prepare(
          project: read, target: chosen, configuration: configuration, platform: other, sdk: sdk
        ).settings
      }
      return (other, readings)
    }
  }

  // MARK: Which targets count

  /// Why a target of this product type cannot have alternate icons; nil for an application, whose
  /// platform then decides (`exclusion(platformsOf:)`). The product types are swift-build's
  /// (`Sources/SWBApplePlatform/Specs/DarwinProductTypes.xcspec`, `WatchKit1ProductTypes.xcspec`
  /// and the watchOS specs): each kind of app is a type of its own, based on
  /// `com.apple.product-type.application` but not equal to it.
  static func exclusion(productType: String) -> String? {
    let application = XcodeProject.Target.applicationType
    switch productType {
    case application:
      return nil
    case application + ".watchapp", application + ".watchapp2":
      return "a watchOS app"
    case application + ".watchapp2-container":
      return "the iOS stub of a watch-only app"
    case application + ".messages":
      return "an iMessage app"
    case application + ".on-demand-install-capable":
      // An App Clip has no Home Screen icon to change; the full app's target is the one to read.
      return "an App Clip"
    default:
      if productType.contains("extension") { return "an app extension" }
      if productType.contains("test") { return "a test bundle" }
      return productType.isEmpty
        ? "not an application" : "not an application (product type \(productType))"
    }
  }

  // MARK: Build settings

  /// Lowest first: the project configuration's xcconfig, its settings, the target configuration's
  /// xcconfig, its settings.
  private static func layers(
    project: XcodeProject, target: XcodeProject.Target,
    projectConfiguration: XcodeProject.Configuration?,
    targetConfiguration: XcodeProject.Configuration
  ) throws(IconCatalogError) -> (
    layers: [BuildSettings.Layer], missing: [MissingBaseConfiguration],
    files: (missingIncludes: [MissingInclude], pathsDifferingInCase: [PathDifferingInCase])
  ) {
    var layers: [BuildSettings.Layer] = []
    var missing: [MissingBaseConfiguration] = []
    var missingIncludes: [MissingInclude] = []
    var differing: [PathDifferingInCase] = []
    let levels = [
      (projectConfiguration, "the project"), (targetConfiguration, "target \(target.name)"),
    ]
    for (configuration, owner) in levels {
      guard let configuration else { continue }
      if let base = configuration.baseConfiguration {
        // swift-build's `WorkspaceSettingsCache.getCachedMacroConfigFile` (context
        // `.baseConfiguration`) adds an error, "Unable to open base configuration reference file",
        // and the settings are made without the file. Such files are often kept out of git (a
        // template beside them), or written by `pod install`.
        if let found = MacFileLookup.find(base, kind: .file) {
          if found.differs {
            differing.append(
              PathDifferingInCase(
                kind: "base configuration", written: base.path, found: found.url.path,
                file: project.file.path,
                line: ProjectFacts.settingLine(
                  "baseConfigurationReference", value: nil, in: project.file,
                  blocks: [configuration.id]),
                difference: found.difference))
          }
          let config = try XCConfig.read(found.url, projectFolder: project.sourceRoot)
          layers.append(BuildSettings.Layer(assignments: config.assignments))
          missingIncludes += config.missingIncludes.filter { !missingIncludes.contains($0) }
          differing += config.includesDifferingInCase.filter { !differing.contains($0) }
        } else {
          var reference = MissingBaseConfiguration(
            file: base.path, project: project.file.path, configuration: configuration.name,
            owner: owner)
          reference.line = ProjectFacts.settingLine(
            "baseConfigurationReference", value: nil, in: project.file, blocks: [configuration.id])
          missing.append(reference)
        }
      }
      layers.append(
        BuildSettings.Layer(
          assignments: assignments(configuration.buildSettings, file: project.file)))
    }
    return (layers, missing, (missingIncludes, differing))
  }

  /// A `buildSettings` dictionary as assignments; keys carry conditions as in an xcconfig
  /// (`"CODE_SIGN_IDENTITY[sdk=iphoneos*]"`). In the order swift-build reads them, sorted by key
  /// as written (`BuildConfiguration.createTableFromUserSettings`: `sorted(byKey: <)`), which
  /// decides which of two eligible conditional keys wins (`BuildSettings.resolve`).
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
    case let number as Int:
      return String(number)
    case let number as Double:
      return PropertyListValue.numberText(number)
    default:
      return nil
    }
  }

  // MARK: Catalogs and .icon bundles

  /// What the target copies, found as a Mac finds it (`MacFileLookup`): the asset catalogs and
  /// `.icon` bundles it compiles, and what it copies as it is. From the Copy Bundle Resources phase,
  /// then the synchronized folders (every `.xcassets` and `.icon` under them that is not an
  /// exception), then files ticked for this target in folders synchronized with another target.
  private static func bundles(of target: XcodeProject.Target, in project: XcodeProject) -> (
    catalogs: [URL], iconBundles: [URL], copied: CopiedResources,
    differing: [PathDifferingInCase]
  ) {
    var catalogs: [URL] = []
    var iconBundles: [URL] = []
    var copied = CopiedResources()
    var differing: [PathDifferingInCase] = []
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
    /// The file a reference means on a Mac; one found only by ignoring case or normalization is
    /// said.
    func find(_ url: URL, kind: MacFileLookup.Kind = .any) -> URL? {
      guard let found = MacFileLookup.find(url, kind: kind) else { return nil }
      if found.differs {
        let written = url.standardizedFileURL.path
        differing.append(
          PathDifferingInCase(
            kind: "file reference", written: written, found: found.url.path,
            file: project.file.path,
            line: ProjectFacts.firstLine(in: project.file, containing: url.lastPathComponent),
            difference: found.difference))
      }
      return found.url
    }

    for reference in project.resources(of: target) {
      // A dangling reference is a red file in Xcode: nothing is copied.
      guard let file = find(reference) else { continue }
      add(file)
      if isFolder(file) {
        // A folder reference (no extension) is copied whole; a bundle or catalog is not loose.
        if file.pathExtension.isEmpty {
          copied.folders.append(XcodeProject.SynchronizedFolder(folder: file, excluded: []))
        }
      } else {
        copied.files.append(file)
      }
    }
    let synchronized = project.synchronizedFolders(of: target)
    for reference in synchronized.folders {
      guard let folder = find(reference.folder, kind: .folder) else { continue }
      for url in bundles(under: folder, excluding: reference.excluded) { add(url) }
      copied.folders.append(
        XcodeProject.SynchronizedFolder(folder: folder, excluded: reference.excluded))
    }
    for reference in synchronized.extraFiles {
      guard let file = find(reference) else { continue }
      if ["xcassets", "icon"].contains(file.pathExtension) {
        add(file)
      } else if isFolder(file) {
        for url in bundles(under: file, excluding: []) { add(url) }
        copied.folders.append(XcodeProject.SynchronizedFolder(folder: file, excluded: []))
      } else {
        copied.files.append(file)
      }
    }
    return (catalogs, iconBundles, copied, differing)
  }

  /// Every `.xcassets` and `.icon` under `folder`, sorted by path, leaving out the `excluded`
  /// paths (relative to `folder`, as membership exceptions are written) and what is inside them.
  static func bundles(under folder: URL, excluding excluded: Set<String>) -> [URL] {
    var found: [URL] = []
    // An unreadable subfolder hides only what is in it.
    let walker = DirectoryWalker(folder)
    while let (url, isFolder) = walker.next() {
      // A link to a catalog or `.icon` is one of the folder's bundles, as Xcode builds it: read
      // through the link (the write side refuses a link that leads out of the project, by name).
      if !isFolder, ["xcassets", "icon"].contains(url.pathExtension),
        ReadDisk.isSymbolicLink(url.path), ReadDisk.isFolder(url.path)
      {
        let relative = ProjectFiles.relativeComponents(of: url, under: folder)
          .joined(separator: "/")
        if !excluded.contains(relative) { found.append(url) }
        continue
      }
      guard isFolder else { continue }
      let relative = ProjectFiles.relativeComponents(of: url, under: folder).joined(separator: "/")
      let name = url.lastPathComponent
      let ext = url.pathExtension
      if excluded.contains(relative) {
        walker.skipDescendants()
      } else if ext == "xcassets" || ext == "icon" {
        found.append(url)
        walker.skipDescendants()
      } else if name.hasPrefix(".") || ProjectFiles.skippedFolders.contains(name)
        || ProjectFiles.skippedExtensions.contains(ext) || ext == "xcodeproj"
      {
        walker.skipDescendants()
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
      keys[name] = BuildSettings.inlined(setting)
    }
    return keys
  }

  // MARK: Files

  private static func isFolder(_ url: URL) -> Bool {
    var isFolder = false
    return ReadDisk.exists(url.path, isFolder: &isFolder)
      && isFolder
  }
}

/// What a target copies into the app as it is (the Copy Bundle Resources phase's files and folder
/// references, its synchronized folders): where a `CFBundleIconFiles` name can find a loose PNG.
/// Files nothing copies are not in the built app, wherever they lie.
struct CopiedResources: Sendable, Equatable {
  /// Files of the Resources phase (and files ticked for the target in other targets' synchronized
  /// folders), as spelled on disk.
  var files: [URL] = []
  /// Folders copied with what they hold: folder references, synchronized folders (their
  /// membership exceptions left out).
  var folders: [XcodeProject.SynchronizedFolder] = []

  /// Every PNG copied: the files, and what lies in the folders outside asset catalogs, `.icon`
  /// bundles and other folders with an extension (compiled, or copied as bundles of their own),
  /// hidden folders and build outputs.
  func pngFiles() -> [URL] {
    var found = files.filter { $0.pathExtension.lowercased() == "png" }
    for folder in folders {
      // An unreadable subfolder hides only what is in it.
      let walker = DirectoryWalker(folder.folder)
      while let (url, isFolder) = walker.next() {
        let relative = ProjectFiles.relativeComponents(of: url, under: folder.folder)
          .joined(separator: "/")
        if folder.excluded.contains(relative) {
          if isFolder { walker.skipDescendants() }
        } else if isFolder {
          let name = url.lastPathComponent
          if !url.pathExtension.isEmpty || name.hasPrefix(".")
            || ProjectFiles.skippedFolders.contains(name)
          {
            walker.skipDescendants()
          }
        } else if url.pathExtension.lowercased() == "png" {
          found.append(URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: false))
        }
      }
    }
    return found
  }
}
