import Foundation

/// Which icons an app has, by name, before any image is looked at.
struct IconNames: Equatable, Sendable {
  struct Alternate: Equatable, Sendable {
    /// What `setAlternateIconName` takes.
    var name: String
    /// The icon set holding its images.
    var assetName: String
  }

  var primary: String
  /// In declaration order: build settings, then Info.plist, then (include-all) the remaining sets.
  var alternates: [Alternate]

  static let primaryNameSetting = "ASSETCATALOG_COMPILER_APPICON_NAME"
  static let alternateNamesSetting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
  static let includeAllSetting = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"
  static let defaultPrimaryName = "AppIcon"

  static func resolve(settings: BuildSettings, infoPlist: InfoPlist?, catalogs: AssetCatalogs)
    throws(IconCatalogError) -> IconNames
  {
    let declaredPrimary = try infoPlist?.primaryIconName().flatMap { settings.expand($0) }
    let primary =
      settings.string(primaryNameSetting)
      ?? declaredPrimary.flatMap { $0.isEmpty ? nil : $0 }
      ?? defaultPrimaryName

    var names = IconNames(primary: primary, alternates: [])
    for name in settings.list(alternateNamesSetting) {
      names.add(Alternate(name: name, assetName: name))
    }
    for declared in try infoPlist?.alternates() ?? [] {
      // The key is the name; CFBundleIconName, when there is one, names the asset.
      let assetName = declared.iconName.flatMap { settings.expand($0) }.flatMap {
        $0.isEmpty ? nil : $0
      }
      names.add(
        Alternate(name: declared.name, assetName: assetName ?? declared.name), assetIsExplicit: true
      )
    }
    if settings.bool(includeAllSetting) {
      for set in catalogs.iconSets {
        names.add(Alternate(name: set.name, assetName: set.name))
      }
    }
    return names
  }

  /// The first declaration of a name keeps its place. The primary is never an alternate too: it is
  /// already first in every list, and choosing it means resetting to nil.
  private mutating func add(_ alternate: Alternate, assetIsExplicit: Bool = false) {
    guard alternate.name != primary else { return }
    if let index = alternates.firstIndex(where: { $0.name == alternate.name }) {
      // Info.plist is what iOS reads at run time, so its CFBundleIconName wins.
      if assetIsExplicit { alternates[index].assetName = alternate.assetName }
      return
    }
    alternates.append(alternate)
  }
}
