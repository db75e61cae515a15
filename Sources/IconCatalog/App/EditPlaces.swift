import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an app's icon facts live, for the write side: the project file, the target, and for
/// each build configuration where a build setting's winning value is written. Read with the same
/// reading every command uses (`AppLocation`, `ProjectTarget`), so `add` edits the place the
/// value really comes from.
public struct EditPlaces: Sendable {
  /// SRCROOT.
  public var root: URL
  /// The `.xcodeproj` (or XcodeGen's `project.yml` when there is no generated project); nil for a
  /// folder read without a project.
  public var project: URL?
  /// `project.pbxproj` inside `project`, or the spec itself.
  public var projectFile: URL?
  /// True when `project` is an XcodeGen spec read as the project it generates.
  public var isXcodeGenSpec: Bool
  /// The app target's name, when there is a project.
  public var targetName: String?
  /// The target's `.xcassets` folders and `.icon` bundles, in the project's order.
  public var catalogs: [URL]
  public var iconBundles: [URL]
  /// The names of the target's build configurations, in the project's order.
  public var configurations: [String]

  /// Where one configuration's value of a setting comes from.
  public struct SettingPlace: Sendable, Equatable {
    public enum Level: Sendable, Equatable {
      /// The target's `buildSettings` in `project.pbxproj` (or the spec's target).
      case target
      /// The project's `buildSettings` (or the spec's top-level `settings`).
      case project
      /// An `.xcconfig`, perhaps reached through `#include`: `file`.
      case configurationFile
    }
    public var configuration: String
    /// nil when the setting is not set for this configuration.
    public var level: Level?
    public var file: URL?
    /// The value as the build resolves it, before expansion (`$(inherited)` replaced).
    public var value: String?

    public init(configuration: String, level: Level?, file: URL?, value: String?) {
      self.configuration = configuration
      self.level = level
      self.file = file
      self.value = value
    }
  }

  /// Where `key` is set for each configuration of the target; empty without a project.
  public var settingPlaces: @Sendable (_ key: String) -> [SettingPlace]

  /// `target` and `configuration` as the other commands take them.
  public static func read(
    at path: URL, target: String?, platform: AppPlatform? = nil
  ) throws(IconCatalogError) -> EditPlaces {
    let location = try AppLocation.locate(path, target: target, platform: platform)
    guard let projectTarget = location.target else {
      // A folder without a project (the demo app): its `.xcconfig` files are its settings, and
      // a setting is edited where one of them sets it.
      let settings = try AppIconReader.buildSettings(for: location)
      return EditPlaces(
        root: location.root, project: nil, projectFile: nil, isXcodeGenSpec: false,
        targetName: nil,
        catalogs: location.files.catalogs, iconBundles: location.files.iconBundles,
        configurations: [],
        settingPlaces: { key in
          guard settings.isSet(key), let file = settings.file(settingKey: key) else { return [] }
          return [
            SettingPlace(
              configuration: "", level: .configurationFile, file: file,
              value: settings.rawValue(key))
          ]
        })
    }
    let bundle = projectTarget.project
    let project = try XcodeProject.read(bundle)
    let chosen = try project.targets().first { $0.name == projectTarget.name }
    // Each configuration's name and the keys its target-level buildSettings set.
    let configurations: [(name: String, keys: Set<String>)] =
      try chosen.map { target throws(IconCatalogError) in
        try project.configurations(of: target).map { configuration in
          (
            configuration.name,
            Set(configuration.buildSettings.keys.compactMap { XCConfig.settingKey($0[...])?.key })
          )
        }
      } ?? []
    let platformRead = projectTarget.platform
    let name = projectTarget.name
    let projectFile = project.file
    let places: @Sendable (String) -> [SettingPlace] = { key in
      configurations.map { configuration in
        let resolved = try? ProjectTarget.resolve(
          project: bundle, target: name, configuration: configuration.name,
          platform: platformRead)
        guard let settings = resolved?.settings, settings.isSet(key) else {
          return SettingPlace(
            configuration: configuration.name, level: nil, file: nil, value: nil)
        }
        let file = settings.file(settingKey: key)
        let level: SettingPlace.Level
        if file?.standardizedFileURL.path != projectFile.standardizedFileURL.path {
          level = .configurationFile
        } else if configuration.keys.contains(key) {
          level = .target
        } else {
          level = .project
        }
        return SettingPlace(
          configuration: configuration.name, level: level, file: file,
          value: settings.rawValue(key))
      }
    }
    return EditPlaces(
      root: location.root, project: bundle, projectFile: project.file,
      isXcodeGenSpec: XcodeGenSpec.isSpecFile(bundle), targetName: name,
      catalogs: projectTarget.catalogs, iconBundles: projectTarget.iconBundles,
      configurations: configurations.map(\.name), settingPlaces: places)
  }

  /// A list setting's items as the build splits them (quotes group an item with spaces).
  public static func listItems(_ value: String) -> [String] { BuildSettings.splitList(value) }
}
