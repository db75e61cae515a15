import FoundationEssentials

/// One app target of a project that can have alternate icons, as the picker's target chooser
/// lists it: its name, its platform and how many icons it has.
public struct AppTargetSummary: Equatable, Sendable {
  /// What `--target` takes.
  public var name: String
  /// What `--platform` takes for it: a target that builds for iOS and tvOS is listed once for each.
  public var platform: AppPlatform
  /// True when the target builds for several platforms, this row being one of them.
  public var isOneOfSeveralPlatforms = false
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

  /// The row's name: `Reader`, or `Reader · tvOS` for one platform of a multiplatform target.
  public var label: String { isOneOfSeveralPlatforms ? "\(name) · \(platform.rawValue)" : name }
}

extension AppIconReader {
  /// The app targets of the Xcode project at PATH that can have alternate icons (`appTargets`),
  /// in the project's order, each with its platform and number of icons; a target that builds for
  /// iOS and tvOS gives a row for each. Only names are read, never images. Empty when PATH holds no
  /// such project. A target that cannot be read is still listed, with the reason.
  public static func appTargetSummaries(at path: URL, configuration: String?)
    throws(IconCatalogError) -> [AppTargetSummary]
  {
    try appTargets(at: path, configuration: configuration).flatMap { name in
      summaries(at: path, target: name, configuration: configuration)
    }
  }

  static func summaries(at path: URL, target name: String, configuration: String?)
    -> [AppTargetSummary]
  {
    do throws(IconCatalogError) {
      let first = try readProject(at: path, target: name, configuration: configuration)
      let platforms = first.location.target?.platforms ?? [first.platform]
      var rows: [AppTargetSummary] = []
      for platform in platforms {
        var row: AppTargetSummary
        do throws(IconCatalogError) {
          let project =
            platform == first.platform
            ? first
            : try readProject(
              at: path, target: name, configuration: configuration, platform: platform)
          row = AppTargetSummary(
            name: name, platform: platform, iconCount: try icons(of: project).listedIcons.count)
        } catch {
          row = AppTargetSummary(
            name: name, platform: platform, iconCount: nil, problem: error.description)
        }
        row.isOneOfSeveralPlatforms = platforms.count > 1
        rows.append(row)
      }
      return rows
    } catch {
      return [
        AppTargetSummary(name: name, platform: .iOS, iconCount: nil, problem: error.description)
      ]
    }
  }
}
