import Foundation

/// The platform an app target is read for: its device build's, as `ProjectTarget` resolves it from
/// `SDKROOT` and `SUPPORTED_PLATFORMS`.
public enum AppPlatform: String, Equatable, Sendable {
  case iOS
  case tvOS
}

/// One app target of a project that can have alternate icons, as the picker's target chooser
/// lists it: its name, its platform and how many icons it has.
public struct AppTargetSummary: Equatable, Sendable {
  /// What `--target` takes.
  public var name: String
  public var platform: AppPlatform
  /// The icons the picker lists for it (the primary and the alternates); nil when the target
  /// cannot be read, and `problem` says why.
  public var iconCount: Int?
  /// Why the target cannot be read (the error opening it would report), or nil.
  public var problem: String?

  public init(name: String, platform: AppPlatform, iconCount: Int?, problem: String? = nil) {
    self.name = name
    self.platform = platform
    self.iconCount = iconCount
    self.problem = problem
  }
}

extension AppIconReader {
  /// The app targets of the Xcode project at PATH that can have alternate icons (`appTargets`),
  /// in the project's order, each with its platform and number of icons. Only names are read,
  /// never images. Empty when PATH holds no such project. A target that cannot be read is still
  /// listed, with the reason.
  public static func appTargetSummaries(at path: URL, configuration: String?)
    throws(IconCatalogError) -> [AppTargetSummary]
  {
    try appTargets(at: path, configuration: configuration).map { name in
      summary(at: path, target: name, configuration: configuration)
    }
  }

  static func summary(at path: URL, target name: String, configuration: String?)
    -> AppTargetSummary
  {
    do throws(IconCatalogError) {
      let project = try readProject(at: path, target: name, configuration: configuration)
      return AppTargetSummary(
        name: name, platform: platform(of: project.location.target?.settings),
        iconCount: try icons(of: project).listedIcons.count)
    } catch {
      return AppTargetSummary(
        name: name, platform: platform(at: path, target: name, configuration: configuration),
        iconCount: nil, problem: error.description)
    }
  }

  /// tvOS when the device build is a tvOS one (`ProjectTarget` sets `PLATFORM_NAME` to the SDK it
  /// reads the target for), else iOS.
  static func platform(of settings: BuildSettings?) -> AppPlatform {
    let platform = ProjectTarget.platformName(settings?.string("PLATFORM_NAME") ?? "")
    return platform.hasPrefix("appletv") ? .tvOS : .iOS
  }

  /// The platform of a target whose icons cannot be read: from its settings alone, when they can
  /// be read.
  private static func platform(at path: URL, target name: String, configuration: String?)
    -> AppPlatform
  {
    let location = try? AppLocation.locate(path, target: name, configuration: configuration)
    return platform(of: location?.target?.settings)
  }
}
