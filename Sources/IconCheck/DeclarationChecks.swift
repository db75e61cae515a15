import Foundation
import IconCatalog

/// Rules about what ships: how the built Info.plist names the icons, as iOS reads it at run time
/// and App Store Connect checks it on upload.
/// - `icon-name-not-set` (error, ITMS-90713): catalog icons, but nothing names the primary;
/// - `plist-name-not-in-catalog` (error, ITMS-90895): a `CFBundleIconName` no set provides.
enum DeclarationChecks {
  // MARK: icon-name-not-set

  /// On a built app, `BuiltAppChecks.iconNameNotSet` reads the model instead.
  ///
  /// Not yet in the model: whether the built Info.plist names the primary
  /// (`facts.primarySetting`, and the written dictionaries IconDictionaryLint reads), whether the
  /// target's catalogs compile app icons (`facts.iconSets`), and the lines to point at.
  static func iconNameNotSet(_ facts: ProjectFacts) -> [Diagnostic] {
    // Only a project says for certain which settings the build has: a folder read without one
    // (a bare catalog, a copy without its .xcodeproj) may have the setting where it is not seen.
    guard facts.appStore.isProjectTarget, facts.primarySetting == nil,
      IconDictionaryLint.read(facts)?.namesPrimary != true,
      let first = facts.iconSets.first
    else { return [] }
    let names = facts.iconSets.map(\.name)
    let shown = names.prefix(3).map { "\"\(MessageText.escaped($0))\"" }.joined(separator: ", ")
    let more = names.count > 3 ? " and \(names.count - 3) more" : ""
    let file = InfoPlistChecks.declarationFile(facts) ?? first.file.path
    return [
      Diagnostic(
        id: .iconNameNotSet, file: file,
        line: facts.infoPlist != nil
          ? facts.appStore.iconsKeyLine : facts.appStore.buildSettingsLine,
        message:
          "the asset catalogs hold app icons (\(shown)\(more)), but neither ASSETCATALOG_COMPILER_APPICON_NAME nor Info.plist's CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconName names the primary, so the build compiles no app icon; App Store Connect rejects the upload (ITMS-90713: \"Missing Info.plist value ... CFBundleIconName\")",
        fix:
          "Set ASSETCATALOG_COMPILER_APPICON_NAME (Primary App Icon Set Name) to \"\(first.name)\", or the set that is the app's icon."
      )
    ]
  }

  // MARK: plist-name-not-in-catalog

  /// On a built app, `BuiltAppChecks.plistNamesNotInCatalog` reads the model instead.
  ///
  /// Not yet in the model: the `CFBundleIconName`s as written with their lines, which of them the
  /// build replaces, and the sets the target compiles (`facts.iconSets`, `appStore.outsideSets`).
  static func plistNamesNotInCatalog(_ facts: ProjectFacts) -> [Diagnostic] {
    let compiled = Set(facts.iconSets.map { $0.name.lowercased() })
    let elsewhere = Set(facts.appStore.outsideSets.map { $0.name.lowercased() })
    var found: [Diagnostic] = []
    let writtenNames = IconDictionaryLint.read(facts)?.iconNames ?? []
    for written in writtenNames where !written.replacedByBuild {
      let key = written.name.lowercased()
      // A set in a catalog the target does not build is catalog-not-in-target's.
      guard !compiled.contains(key), !elsewhere.contains(key) else { continue }
      let name = "\"" + MessageText.escaped(written.name, quoting: true) + "\""
      let entry =
        written.alternate.map {
          "\(written.dictionary) → CFBundleAlternateIcons → \(MessageText.escaped($0)) → CFBundleIconName"
        } ?? "\(written.dictionary) → CFBundlePrimaryIcon → CFBundleIconName"
      found.append(
        Diagnostic(
          id: .plistNameNotInCatalog, file: InfoPlistChecks.declarationFile(facts),
          line: facts.infoPlist != nil ? written.line : nil,
          message:
            "\(entry) is \(name), but no app icon set or .icon in the target's asset catalogs is named \(name); App Store Connect rejects the upload (ITMS-90895: \"references asset \(name). No such asset is present in the asset catalog\")",
          fix:
            "Name an existing set in CFBundleIconName (the set's folder name without .appiconset), or add an app icon set named \(name) to the target's asset catalog."
        ))
    }
    return found
  }
}
