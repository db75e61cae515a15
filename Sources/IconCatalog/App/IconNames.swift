import Foundation

/// Which icons an app has, by name, before any image is looked at.
struct IconNames: Equatable, Sendable {
  struct Alternate: Equatable, Sendable {
    /// What `setAlternateIconName` takes.
    var name: String
    /// The icon set (or `.icon`) holding its images; nil when Info.plist names only loose files.
    var assetName: String?
    /// What Info.plist says about it; empty for a name from build settings only.
    var declaration = DeclaredIcon()
  }

  var primary: String
  /// What Info.plist says about the primary; empty when it declares none.
  var primaryDeclaration = DeclaredIcon()
  /// In declaration order: build settings, then Info.plist, then (include-all) the remaining sets.
  private(set) var alternates: [Alternate]
  /// Where each name is in `alternates`, so adding thousands of names stays linear.
  private var positions: [String: Int] = [:]

  static let primaryNameSetting = "ASSETCATALOG_COMPILER_APPICON_NAME"
  static let alternateNamesSetting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
  static let includeAllSetting = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"
  static let defaultPrimaryName = "AppIcon"

  init(primary: String, primaryDeclaration: DeclaredIcon = DeclaredIcon(), alternates: [Alternate])
  {
    self.primary = primary
    self.primaryDeclaration = primaryDeclaration
    self.alternates = []
    for alternate in alternates { add(alternate) }
  }

  /// Build settings and Info.plist united, as the built app has them. For a built app, pass empty
  /// settings: its processed Info.plist already holds what they generated.
  static func resolve(settings: BuildSettings, infoPlist: InfoPlist?, catalogs: AssetCatalogs)
    throws(IconCatalogError) -> IconNames
  {
    var declaredPrimary = try infoPlist?.primaryIcon() ?? DeclaredIcon()
    declaredPrimary.iconName = declaredPrimary.iconName.flatMap { settings.expand($0) }
    let primary =
      settings.string(primaryNameSetting)
      ?? declaredPrimary.iconName.flatMap { $0.isEmpty ? nil : $0 }
      ?? defaultPrimaryName

    var names = IconNames(primary: primary, primaryDeclaration: declaredPrimary, alternates: [])
    for name in settings.list(alternateNamesSetting) {
      names.add(Alternate(name: name, assetName: name))
    }
    for declared in try infoPlist?.alternates() ?? [] {
      // The key is the name; CFBundleIconName, when there is one, names the asset. Without it, an
      // entry with CFBundleIconFiles uses loose files only, and a bare entry means the set of its name.
      let explicit = declared.iconName.flatMap { settings.expand($0) }.flatMap {
        $0.isEmpty ? nil : $0
      }
      let assetName = explicit ?? (declared.icon.iconFiles.isEmpty ? declared.name : nil)
      names.add(
        Alternate(name: declared.name, assetName: assetName, declaration: declared.icon),
        assetIsExplicit: explicit != nil)
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
  mutating func add(_ alternate: Alternate, assetIsExplicit: Bool = false) {
    guard alternate.name != primary else { return }
    if let index = positions[alternate.name] {
      // Info.plist is what iOS reads at run time, so its CFBundleIconName wins.
      if assetIsExplicit { alternates[index].assetName = alternate.assetName }
      alternates[index].declaration.merge(alternate.declaration)
      return
    }
    positions[alternate.name] = alternates.count
    alternates.append(alternate)
  }

  // MARK: As icons

  /// The icons with no renditions yet: names, display names and declarations only. `IconImages`
  /// reads each one's images: the asset's (`.appiconset` and/or `.icon` of that name) first, then
  /// the loose files `CFBundleIconFiles` names.
  func icons() -> (primary: AppIcon, alternates: [AppIcon]) {
    let primaryIcon = AppIcon(
      name: primary, assetName: primary,
      displayName: IconDisplayName.friendly(for: primary, primaryName: primary, isPrimary: true),
      isPrimary: true, renditions: [],
      declaredIdioms: primaryDeclaration.idioms, isPrerendered: primaryDeclaration.isPrerendered)
    let namer = IconDisplayName.Namer(primaryName: primary)
    var alternateIcons: [AppIcon] = []
    alternateIcons.reserveCapacity(alternates.count)
    for alternate in alternates {
      alternateIcons.append(
        AppIcon(
          name: alternate.name, assetName: alternate.assetName,
          displayName: namer.friendly(for: alternate.name),
          isPrimary: false, renditions: [],
          declaredIdioms: alternate.declaration.idioms,
          isPrerendered: alternate.declaration.isPrerendered))
    }
    return (primaryIcon, alternateIcons)
  }

  /// Whether any icon names loose files, which only a search of the app's folder can find.
  var needsLooseFiles: Bool {
    !primaryDeclaration.iconFiles.isEmpty
      || alternates.contains { !$0.declaration.iconFiles.isEmpty }
  }

  /// Where each icon's images come from, by the icon's name.
  var imageSources: [String: (assetName: String?, declaration: DeclaredIcon)] {
    var sources = [primary: (assetName: Optional(primary), declaration: primaryDeclaration)]
    for alternate in alternates {
      sources[alternate.name] = (alternate.assetName, alternate.declaration)
    }
    return sources
  }
}
