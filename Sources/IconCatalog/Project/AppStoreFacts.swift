import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the App Store rules of `iconpick check` need beyond `ProjectFacts`' other fields: the
/// Info.plist's icon dictionaries as written, the platform, and the icon sets in catalogs on disk
/// that the target does not build. IconCheck judges them.
public struct AppStoreFacts: Sendable {
  /// The Info.plist as written, for the rules that judge how its icon dictionaries are written
  /// (IconCheck's `IconDictionaryLint`).
  public struct WrittenInfoPlist: @unchecked Sendable {
    /// The root dictionary as PropertyListSerialization read it. Its values are property-list
    /// values (strings, numbers, dates, data, arrays, dictionaries), immutable once read: safe to
    /// share, which the compiler cannot tell of `Any`.
    public let root: [String: Any]
    /// Where each key and value is (XML only).
    public let lines: PlistLines?
    /// The alternate sets the build compiles (their entries replace what Info.plist writes).
    public let compiledAlternates: Set<String>
    /// True when `ASSETCATALOG_COMPILER_APPICON_NAME` is set (the compiled primary replaces the
    /// written `CFBundleIconName`).
    public let primaryCompiled: Bool
    let settings: BuildSettings

    init(
      root: [String: Any], lines: PlistLines?, settings: BuildSettings,
      compiledAlternates: Set<String>, primaryCompiled: Bool
    ) {
      self.root = root
      self.lines = lines
      self.settings = settings
      self.compiledAlternates = compiledAlternates
      self.primaryCompiled = primaryCompiled
    }

    /// `text` with the build settings expanded, as the build writes it; nil when a setting
    /// cannot be expanded.
    public func expand(_ text: String) -> String? { settings.expand(text) }

    /// What a property-list value is, in words ("a string", "an array"), as the Info.plist
    /// reader says it.
    public static func kind(of value: Any) -> String { InfoPlist.kind(of: value) }
  }

  /// An app icon set (or `.icon`, or `.brandassets`) in an `.xcassets` folder on disk that the
  /// target does not build.
  public struct OutsideSet: Equatable, Sendable {
    public var name: String
    public var folder: URL
    public var catalog: URL

    public init(name: String, folder: URL, catalog: URL) {
      self.name = name
      self.folder = folder
      self.catalog = catalog
    }
  }

  /// True when the app is built for tvOS, false for iOS (`PlatformDecision`, through the app
  /// model's platform); nil when nothing says (a folder whose settings name no platform).
  public var isTVOS: Bool?
  /// True when the settings come from an Xcode project target, whose catalogs are known.
  public var isProjectTarget: Bool { targetName != nil }
  /// The project target's name, and its `project.pbxproj`.
  public var targetName: String?
  public var projectFile: URL?
  /// The line of the target's `buildSettings` in `projectFile`, for the configuration read: where
  /// a missing setting goes. Only looked for when `ASSETCATALOG_COMPILER_APPICON_NAME` is unset.
  public var buildSettingsLine: Int?
  /// The line of the first `CFBundleIcons` key (XML only).
  public var iconsKeyLine: Int?
  /// The Info.plist as written; nil without one.
  public var writtenInfoPlist: WrittenInfoPlist?
  /// Sets in catalogs under the project folder that the target does not build (project targets
  /// only).
  public var outsideSets: [OutsideSet] = []

  public init() {}
}

extension ProjectFacts {
  /// Fills `appStore` from the project reading.
  mutating func readAppStoreFacts(
    settings: BuildSettings, infoPlist: InfoPlist?, location: AppLocation,
    compiledNames: Set<String>, platform: AppPlatform?
  ) {
    var found = AppStoreFacts()
    found.isTVOS = platform.map { $0 == .tvOS }
    found.targetName = location.target?.name
    found.projectFile = location.target?.projectFile
    if let target = location.target, !settings.isSet(IconNames.primaryNameSetting) {
      found.buildSettingsLine = Self.settingLine(
        "buildSettings", value: nil, in: target.projectFile,
        blocks: Self.configurationIDs(of: target))
    }
    if let infoPlist {
      let lines = self.infoPlist.flatMap { PlistLines.read($0) }
      found.writtenInfoPlist = AppStoreFacts.WrittenInfoPlist(
        root: infoPlist.root, lines: lines, settings: settings, compiledAlternates: compiledNames,
        primaryCompiled: settings.isSet(IconNames.primaryNameSetting))
      found.iconsKeyLine = ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIcons~iphone"]
        .compactMap { lines?.keyLine(of: [$0]) }.min()
    }
    if location.target != nil, location.root.pathExtension != "xcassets" {
      let own = Set(catalogs.map { $0.standardizedFileURL.path })
      for catalog in ProjectFiles.scan(location.root).catalogs
      where !own.contains(catalog.standardizedFileURL.path) {
        for set in AssetCatalog.scan(catalog).iconSets {
          found.outsideSets.append(
            AppStoreFacts.OutsideSet(name: set.name, folder: set.folder, catalog: catalog))
        }
      }
    }
    appStore = found
  }
}
