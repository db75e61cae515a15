import FoundationEssentials
import IconCatalog

/// Rules about what ships: how the built Info.plist names the icons, as iOS reads it at run time
/// and App Store Connect checks it on upload. One body each, for a project (the predicted app)
/// and for what Xcode built, reading the model alone: its built icon dictionaries,
/// `primaryIconNaming` and `appIconAssets`. On a built app the fix says to change the project.
/// - `icon-name-not-set` (error, ITMS-90713): app icons, but nothing names the primary;
/// - `plist-name-not-in-catalog` (error, ITMS-90895): a `CFBundleIconName` no app icon provides.
enum DeclarationChecks {
  // MARK: icon-name-not-set

  /// The catalogs (a built app: its `Assets.car`, or its loose icon files) hold app icons, but
  /// neither the build setting nor the Info.plist names the primary. A folder read without its
  /// project may have the setting where it is not seen: it is not judged. A built tvOS app names
  /// brand assets, which are no app icon sets.
  static func iconNameNotSet(_ app: AppIcons) -> [Diagnostic] {
    guard let naming = app.primaryIconNaming, naming.isKnown, !naming.isNamed,
      !(app.isBuiltArtifact && app.platform != .iOS)
    else { return [] }
    // A car that cannot be read holds nothing known; the loose files still count.
    let names = app.appIconAssets?.names ?? []
    let looseFiles = app.isBuiltArtifact ? app.primary.files : []
    guard !names.isEmpty || !looseFiles.isEmpty else { return [] }
    let shown =
      names.prefix(3).map { "\"\(MessageText.escaped($0))\"" }.joined(separator: ", ")
      + (names.count > 3 ? " and \(names.count - 3) more" : "")
    let place = naming.place
    let held: String
    let fix: String
    if app.isBuiltArtifact {
      held =
        names.isEmpty
        ? "the built app holds loose icon files (\(looseFiles.map(\.lastPathComponent).prefix(2).joined(separator: ", ")))"
        : "the built app holds app icons in Assets.car (\(shown))"
      let set = names.first.map { "\"\(MessageText.escaped($0))\"" } ?? "the app icon set"
      fix =
        "In the project, put the icon in an asset catalog and set ASSETCATALOG_COMPILER_APPICON_NAME (Primary App Icon Set Name) to \(set), then build again: actool writes CFBundleIconName into the built Info.plist."
    } else {
      held = "the asset catalogs hold app icons (\(shown))"
      fix =
        "Set ASSETCATALOG_COMPILER_APPICON_NAME (Primary App Icon Set Name) to \"\(names[0])\", or the set that is the app's icon."
    }
    let neither =
      app.isBuiltArtifact
      ? "its Info.plist has no CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconName"
      : "neither ASSETCATALOG_COMPILER_APPICON_NAME nor Info.plist's CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconName names the primary, so the build compiles no app icon"
    return [
      Diagnostic(
        id: .iconNameNotSet, file: place?.file, line: place?.line,
        within: place?.keyPath.map(BuiltAppChecks.keyPathText),
        message:
          "\(held), but \(neither); App Store Connect rejects the upload (ITMS-90713: \"Missing Info.plist value ... CFBundleIconName\")",
        fix: fix,
        autofix: app.isBuiltArtifact ? nil : primaryNameFix(names: names, in: app),
        // The message lists the sets the catalogs hold, which an added set changes.
        subject: "the primary's name")
    ]
  }

  /// The setting set to the one set that can be the primary: the only app icon the catalogs
  /// hold that is not declared as an alternate. None when there are two or more (which is the
  /// app's icon is a guess) or none.
  static func primaryNameFix(names: [String], in app: AppIcons) -> IconFix? {
    let alternates = Set(app.alternates.map { $0.name.lowercased() })
    var candidates: [String] = []
    for name in names where !alternates.contains(name.lowercased()) {
      if !candidates.contains(where: { $0.lowercased() == name.lowercased() }) {
        candidates.append(name)
      }
    }
    guard candidates.count == 1, let name = candidates.first, !name.isEmpty else { return nil }
    return .setPrimaryIconName(name: name)
  }

  // MARK: plist-name-not-in-catalog

  /// Each `CFBundleIconName` the built Info.plist keeps as written (an entry the build generates
  /// names the set it compiled) that no app icon of the catalogs (a built app: its `Assets.car`)
  /// holds. A set in a catalog the target does not build is catalog-not-in-target's. A car that
  /// cannot be read is said on its own (`appIconAssets` is nil), not judged; a built tvOS app
  /// names brand assets, which are no app icon sets.
  static func plistNamesNotInCatalog(_ app: AppIcons) -> [Diagnostic] {
    guard let assets = app.appIconAssets, !(app.isBuiltArtifact && app.platform != .iOS) else {
      return []
    }
    var found: [Diagnostic] = []
    for (_, entry) in app.iconDictionaries.entries where entry.isWritten {
      // A reference the reading cannot expand is not a name to look up.
      guard let iconName = entry.iconName, !iconName.isEmpty, !iconName.contains("$("),
        !assets.contains(iconName),
        case .infoPlist(let file, let line, let keyPath) = entry.origin
      else { continue }
      let path = keyPath + ["CFBundleIconName"]
      let name = "\"" + MessageText.escaped(iconName, quoting: true) + "\""
      let rejected =
        "App Store Connect rejects the upload (ITMS-90895: \"references asset \(name). No such asset is present in the asset catalog\")"
      if app.isBuiltArtifact {
        let other = app.compiledAppIcons.map { compiled in
          let facet = compiled.facets.first { $0.lowercased() == iconName.lowercased() }
          return facet != nil
            ? "Assets.car has an asset \(name), but not an app icon"
            : "Assets.car holds no asset of that name"
        }
        found.append(
          Diagnostic(
            id: .plistNameNotInCatalog, file: file, line: line,
            within: BuiltAppChecks.keyPathText(path),
            message:
              "the built Info.plist's CFBundleIconName is \(name), but \(other ?? "the app has no Assets.car") (no app icon set or .icon compiled under that name); \(rejected)",
            fix:
              "In the project, name an existing app icon set in CFBundleIconName (or in ASSETCATALOG_COMPILER_APPICON_NAME / …_ALTERNATE_APPICON_NAMES), or add an app icon set named \(name) to the target's asset catalog, then build again."
          ))
      } else {
        found.append(
          Diagnostic(
            id: .plistNameNotInCatalog, file: file, line: entry.iconNameLine,
            message:
              "\(BuiltAppChecks.keyPathText(path)) is \(name), but no app icon set or .icon in the target's asset catalogs is named \(name); \(rejected)",
            fix:
              "Name an existing set in CFBundleIconName (the set's folder name without .appiconset), or add an app icon set named \(name) to the target's asset catalog."
          ))
      }
    }
    return found
  }
}
