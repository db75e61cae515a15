import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads an app's icon configuration the way Xcode's asset catalog compiler assembles it.
public enum AppIconReader {
  /// PATH can be a folder holding an Info.plist, .xcconfig and/or .xcassets (searched recursively, skipping build outputs: .build, build, DerivedData, .git, Pods, node_modules), or an Info.plist file itself (its folder is the app root).
  public static func read(at path: URL) throws(IconCatalogError) -> AppIcons {
    try read(at: path, target: nil, configuration: nil)
  }

  /// PATH may also be an `.xcodeproj`, or a folder holding one: then the app target's settings and
  /// catalogs are read. `target` names the app target (required when there are several);
  /// `configuration` the build configuration (nil: Release).
  public static func read(
    at path: URL, target: String?, configuration: String?, platform: AppPlatform? = nil
  ) throws(IconCatalogError) -> AppIcons {
    // A built app's processed Info.plist already holds what the build settings generated.
    if BuiltApp.isBuiltApp(path) { return try BuiltApp.read(at: path) }
    let project = try readProject(
      at: path, target: target, configuration: configuration, platform: platform)
    var icons = try icons(of: project)
    icons.complete(whenAskedFrom: project)
    return try images(of: project).withRenditions(icons)
  }

  /// Like `read`, but the icons come without renditions, which `IconImages` reads when asked: for
  /// showing thousands of names before their images. With a `contentCache`, which sets compile
  /// to an icon is remembered there from one reading to the next (`SetContentCache`).
  public static func readDeferringImages(
    at path: URL, target: String?, configuration: String?, platform: AppPlatform? = nil,
    contentCache: SetContentCache? = nil
  ) throws(IconCatalogError) -> (icons: AppIcons, images: IconImages) {
    if BuiltApp.isBuiltApp(path) { return try BuiltApp.readDeferringImages(at: path) }
    let project = try readProject(
      at: path, target: target, configuration: configuration, platform: platform,
      contentCache: contentCache)
    var icons = try icons(of: project)
    icons.complete(whenAskedFrom: project)
    return (icons, images(of: project))
  }

  /// The icons and the facts `iconpick check` needs, from one reading of the project.
  public static func readWithFacts(
    at path: URL, target: String?, configuration: String?, platform: AppPlatform? = nil
  ) throws(IconCatalogError) -> (icons: AppIcons, facts: ProjectFacts) {
    if BuiltApp.isBuiltApp(path) {
      // The car is read here only: check judges what it holds; other commands need no more than
      // the plist and the loose files (list --json reads it for renditions).
      return (try BuiltApp.read(at: path).withCompiledAppIcons(), ProjectFacts(builtApp: path))
    }
    let project = try readProject(
      at: path, target: target, configuration: configuration, platform: platform)
    var icons = try images(of: project).withRenditions(icons(of: project))
    let facts = try facts(of: project)
    icons.complete(with: facts, project: project)
    return (icons, facts)
  }

  /// Where a project's icon images are, read when asked (all at once for `read`).
  static func images(of project: ProjectReading) -> IconImages {
    let location = project.location
    return IconImages(
      names: project.names, catalogs: project.catalogs,
      searchLooseFiles: { location.looseIconFiles() })
  }

  /// The app's icons from a project reading, without their images (see `images(of:)`).
  static func icons(of project: ProjectReading) throws(IconCatalogError) -> AppIcons {
    let (location, settings, infoPlist, names) = (
      project.location, project.settings, project.infoPlist, project.names
    )
    let icons = names.icons()

    let target = location.target
    // Only recording a choice needs the identifier (it is kept under it): without one the icons
    // are still listed, shown and checked, and the commands that record say why they cannot.
    var identifier: String?
    var problem: String?
    do {
      identifier = try bundleIdentifier(
        infoPlist: infoPlist, settings: settings, root: location.root)
    } catch {
      if let target, !target.missingBaseConfigurations.isEmpty {
        // The identifier is most likely in the file that is not there (a gitignored xcconfig).
        let missing = target.missingBaseConfigurations
        problem =
          "\(target.projectFile.path): target \"\(target.name)\" has no PRODUCT_BUNDLE_IDENTIFIER without \(missing.map(\.file).joined(separator: ", ")), which does not exist: \(missing[0].fix)"
      } else {
        problem = error.description
      }
    }
    var app = AppIcons(
      appName: appName(
        infoPlist: infoPlist, settings: settings, root: location.root,
        fromProject: target != nil),
      bundleIdentifier: identifier,
      primary: icons.primary, alternates: icons.alternates, location: location.root)
    app.bundleIdentifierProblem = problem
    if target != nil {
      app.productName = settings.expand("$(PRODUCT_NAME)")?.trimmingWhitespace()
    }
    // A missing `#include` is left out, as a missing base configuration is: said, and read on.
    app.warnings = (target?.warnings ?? []) + settings.missingIncludes.map(\.description)
    app.missingBaseConfigurations = target?.missingBaseConfigurations ?? []
    app.platform = project.platform
    app.deviceFamilies = project.deviceFamilies
    app.iconDictionaries = names.built.expandingIconNames { settings.expand($0) }
    app.iconDictionaries.topLevelIconFiles = infoPlist?.writtenTopLevelIconFiles()
    app.plistValueProblems = infoPlist?.valueProblems() ?? []
    app.otherPlatforms = (target?.platforms ?? []).filter { $0 != project.platform }
    return app
  }

  /// The app targets of the Xcode project at PATH that can have alternate icons, in the project's
  /// order: each can be read with `read(at:target:configuration:)`. Empty when PATH is no project
  /// (a built app, an Info.plist, a folder without an `.xcodeproj`) or the project has no such
  /// target; reading PATH without a target then says what it holds.
  public static func appTargets(at path: URL, configuration: String?) throws(IconCatalogError)
    -> [String]
  {
    let path = path.standardizedFileURL
    var isFolder = false
    guard !BuiltApp.isBuiltApp(path),
      ReadDisk.exists(path.path, isFolder: &isFolder), isFolder,
      let project = try AppLocation.project(at: path).project
    else { return [] }
    return try ProjectTarget.eligibleNames(project: project, configuration: configuration)
  }

  /// The `.xcodeproj` PATH means, when it means one: for the target chooser's title.
  public static func projectFile(at path: URL) throws(IconCatalogError) -> String? {
    try AppLocation.project(at: path.standardizedFileURL).project?.path
  }

  /// True when `folder` looks like it holds an app (an Info.plist, .xcassets with an .appiconset,
  /// or an .xcodeproj), in it or one folder down.
  public static func containsApp(_ folder: URL) -> Bool {
    AppLocation.containsApp(folder)
  }

  /// The app a command given no PATH means: the nearest from `folder` upward, a project before
  /// loose files (`AppSearch`); nil when there is none here or above.
  public static func nearestApp(from folder: URL) -> URL? {
    AppSearch.nearestApp(from: folder)
  }

  // MARK: Steps

  /// What both the icon list and `check` start from: the app located, its build settings, its
  /// Info.plist, its catalogs and the names they declare.
  struct ProjectReading {
    var location: AppLocation
    var settings: BuildSettings
    /// The platform read, and the device families there: decided once, here.
    var platform: AppPlatform
    /// False when nothing says the platform (a folder without settings naming one): iOS assumed.
    var platformIsStated: Bool
    var deviceFamilies: [Int]
    var infoPlist: InfoPlist?
    var catalogs: AssetCatalogs
    var names: IconNames
    /// The target's settings as its builds for its other platforms see them (a multiplatform
    /// target's; `ProjectTarget.settingsOfOtherPlatforms`).
    var otherPlatformSettings: [(platform: AppPlatform, settings: [BuildSettings])] = []
    /// Those other platforms whose builds read this same Info.plist file.
    var infoPlistSharedWith: [AppPlatform] = []
    /// Sets in the target's catalogs that are another platform's (`AssetCatalogs.forPlatform`).
    var setsOfOtherPlatforms: [String] = []
  }

  /// Info.plist values of the wrong type are read as iOS reads them, never thrown
  /// (`InfoPlist.valueProblems`).
  static func readProject(
    at path: URL, target: String?, configuration: String?, platform: AppPlatform? = nil,
    contentCache: SetContentCache? = nil
  ) throws(IconCatalogError) -> ProjectReading {
    let location = try AppLocation.locate(
      path, target: target, configuration: configuration, platform: platform)
    let settings: BuildSettings
    if let projectTarget = location.target {
      settings = projectTarget.settings
    } else {
      settings = try buildSettings(for: location)
    }
    let infoPlist = try location.readInfoPlist(settings: settings)
    let (platform, isStated) =
      location.target.map { ($0.platform, true) }
      ?? PlatformDecision.platform(settings, infoPlist: infoPlist)
    let deviceFamilies =
      location.target != nil
      ? PlatformDecision.deviceFamilies(settings, platform: platform)
      : PlatformDecision.deviceFamilies(settings, platform: platform, infoPlist: infoPlist)
    var catalogs = try AssetCatalog.appIconSets(
      in: location.files.catalogs, iconBundles: location.files.iconBundles)
    catalogs.contentCache = contentCache
    // Assets of another platform are left out only when the platform is known: a folder whose
    // only app icon is a brand assets is a tvOS app that says so nowhere else.
    let allSetNames = Set(catalogs.iconSets.map(\.name))
    if isStated { catalogs = catalogs.forPlatform(platform) }
    let setsOfOtherPlatforms = allSetNames.subtracting(catalogs.iconSets.map(\.name)).sorted()
    let others = location.target?.settingsOfOtherPlatforms() ?? []
    var shared: [AppPlatform] = []
    if let file = infoPlist?.file.standardizedFileURL.path {
      for (other, readings) in others {
        guard let device = readings.first,
          (try? location.infoPlist(settings: device))??.standardizedFileURL.path == file
        else { continue }
        shared.append(other)
      }
    }
    // An Info.plist both platforms read: alternates written in the other platform's form are
    // that platform's, not this app's icons (`check` warns, shared-info-plist-other-form).
    let own = shared.isEmpty ? infoPlist : infoPlist.map { $0.withoutAlternates(of: shared) }
    let names = try IconNames.resolve(
      settings: settings, infoPlist: own, catalogs: catalogs, deviceFamilies: deviceFamilies)
    return ProjectReading(
      location: location, settings: settings, platform: platform, platformIsStated: isStated,
      deviceFamilies: deviceFamilies,
      infoPlist: infoPlist, catalogs: catalogs, names: names, otherPlatformSettings: others,
      infoPlistSharedWith: shared, setsOfOtherPlatforms: setsOfOtherPlatforms)
  }

  /// Every `.xcconfig` not included by another one is a level of its own; the shallowest wins a
  /// conflict. Only without a project target: a target's settings come from its project
  /// (`ProjectTarget`), which says which xcconfigs apply.
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
      + (location.loneIconBundle.map { [SingleIconBundle.settings(naming: $0)] } ?? [])
    let projectName =
      location.files.projects.count == 1
      ? location.files.projects.first?.deletingPathExtension().lastPathComponent : nil
    var settings = BuildSettings(
      levels: levels,
      builtIn: BuildSettings.builtIn(
        platform: "iphoneos", sourceRoot: location.root.path, projectName: projectName))
    // No project says which target or configuration is built: values made from them are unknown.
    settings.unknowable = ["TARGET_NAME", "CONFIGURATION", "PROJECT_NAME"]
    for config in configs {
      settings.missingIncludes += config.missingIncludes.filter {
        !settings.missingIncludes.contains($0)
      }
      settings.pathsDifferingInCase += config.includesDifferingInCase.filter {
        !settings.pathsDifferingInCase.contains($0)
      }
    }
    return settings
  }

  /// `CFBundleDisplayName`, else `CFBundleName`, else (for a project target, where it always has a
  /// value) `PRODUCT_NAME`, else the folder's name (the folder holding it, for an asset catalog
  /// read on its own: `Assets` names no app); a value whose settings cannot be resolved is passed
  /// over rather than shown raw.
  static func appName(
    infoPlist: InfoPlist?, settings: BuildSettings, root: URL, fromProject: Bool = false
  ) -> String {
    let productName = fromProject ? "$(PRODUCT_NAME)" : nil
    for raw in [infoPlist?.displayName, infoPlist?.bundleName, productName].compactMap({ $0 }) {
      if let name = settings.expand(raw)?.trimmingWhitespace(), !name.isEmpty {
        return name
      }
    }
    if root.pathExtension == "xcassets" {
      let folder = root.deletingLastPathComponent().lastPathComponent
      if !folder.isEmpty && folder != "/" { return folder }
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
    if let raw, let identifier = settings.expand(raw)?.trimmingWhitespace(),
      !identifier.isEmpty
    {
      return identifier
    }
    if let identifier = settings.string("PRODUCT_BUNDLE_IDENTIFIER") { return identifier }
    throw .unresolvedBundleIdentifier(file: (infoPlist?.file ?? root).path, value: raw ?? "")
  }
}

extension InfoPlist {
  /// This Info.plist without the `CFBundleAlternateIcons` written in the form of `platforms`
  /// (iOS: a dictionary; tvOS: an array of names), as the other platform's app reads it.
  func withoutAlternates(of platforms: [AppPlatform]) -> InfoPlist {
    var root = self.root
    for key in ["CFBundleIcons", "CFBundleIcons~iphone", "CFBundleIcons~ipad"] {
      guard var icons = root[key] as? [String: Any] else { continue }
      let value = icons["CFBundleAlternateIcons"]
      if (platforms.contains(.iOS) && value is [String: Any])
        || (platforms.contains(.tvOS) && value is [Any])
      {
        icons["CFBundleAlternateIcons"] = nil
        root[key] = icons
      }
    }
    return InfoPlist(file: file, root: root)
  }
}

extension AppIcons {
  /// The facets of `complete(with:project:)`, from `project`'s facts when first asked for
  /// (`ReadFacets`). Facts that cannot be read leave them nil, as `readWithFacts` would have
  /// stopped on them.
  mutating func complete(whenAskedFrom project: AppIconReader.ProjectReading) {
    let icons = self
    facets = ReadFacets.Store {
      // The facets need no code: only `check` reads the names the code passes.
      guard let facts = try? AppIconReader.facts(of: project, readingCode: false) else {
        return ReadFacets()
      }
      var completed = icons
      completed.complete(with: facts, project: project)
      return completed.facets.values
    }
  }

  /// Fills the facets the project's facts decide (`appIconAssets`, `iconFilesFoundAsWritten`,
  /// `declarationPlaces`, `primaryIconNaming`): part of every reading of a project, so no command
  /// sees an app without them. A built app's reading fills them from its Info.plist
  /// (`BuiltApp.icons`).
  mutating func complete(with facts: ProjectFacts, project: AppIconReader.ProjectReading) {
    appIconAssets = AppIconAssets(
      names: facts.iconSets.map(\.name), outsideTarget: facts.appStore.outsideSets.map(\.name),
      iconComposer: Set(facts.iconSets.filter(\.isIconComposer).map(\.name)))
    let place = (facts.infoPlist ?? facts.appStore.projectFile ?? facts.iconSets.first?.file).map {
      DeclarationPlace(
        file: $0.path,
        line: facts.infoPlist != nil
          ? facts.appStore.iconsKeyLine : facts.appStore.buildSettingsLine)
    }
    iconFilesFoundAsWritten = facts.iconFilesFound
    var places: [String: DeclarationPlace] = [:]
    for icon in allIcons {
      let declared = facts.declaration(
        ofIcon: icon.name, assetName: icon.assetName, isPrimary: icon.isPrimary)
      places[icon.name] = DeclarationPlace(file: declared.file.path, line: declared.line)
    }
    declarationPlaces = places
    primaryIconNaming = PrimaryIconNaming(
      isNamed: facts.primarySetting != nil || project.infoPlist?.namesPrimaryIcon == true,
      isKnown: facts.appStore.isProjectTarget, place: place)
  }
}
