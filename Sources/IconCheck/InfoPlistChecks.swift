import Foundation
import IconCatalog

/// The checks of how the primary and the alternates are named, in Info.plist and build settings,
/// against the sets the target compiles:
/// - `icon-name-not-set` (error, ITMS-90713): catalog icons, but nothing names the primary;
/// - `malformed-icons-dictionary` (error): icon dictionaries iOS cannot read as meant;
/// - `plist-name-not-in-catalog` (error, ITMS-90895): a `CFBundleIconName` no set provides;
/// - `catalog-not-in-target` (error): a named set that lies in a catalog the target does not build.
enum InfoPlistChecks {
  static func diagnose(_ facts: ProjectFacts) -> [Diagnostic] {
    iconNameNotSet(facts) + malformedIconsDictionary(facts) + plistNamesNotInCatalog(facts)
      + catalogsNotInTarget(facts)
  }

  /// The Info.plist, else the project file: where the declaration belongs.
  static func declarationFile(_ facts: ProjectFacts) -> String? {
    (facts.infoPlist ?? facts.appStore.projectFile)?.path
  }

  // MARK: icon-name-not-set

  static func iconNameNotSet(_ facts: ProjectFacts) -> [Diagnostic] {
    // Only a project says for certain which settings the build has: a folder read without one
    // (a bare catalog, a copy without its .xcodeproj) may have the setting where it is not seen.
    guard facts.appStore.isProjectTarget, facts.primarySetting == nil,
      !facts.appStore.infoPlistNamesPrimary,
      let first = facts.iconSets.first
    else { return [] }
    let names = facts.iconSets.map(\.name)
    let shown = names.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
    let more = names.count > 3 ? " and \(names.count - 3) more" : ""
    let file = declarationFile(facts) ?? first.file.path
    return [
      Diagnostic(
        id: "icon-name-not-set", severity: .error, file: file,
        line: facts.infoPlist != nil
          ? facts.appStore.iconsKeyLine : facts.appStore.buildSettingsLine,
        message:
          "the asset catalogs hold app icons (\(shown)\(more)), but neither ASSETCATALOG_COMPILER_APPICON_NAME nor Info.plist's CFBundleIcons → CFBundlePrimaryIcon → CFBundleIconName names the primary, so the build compiles no app icon; App Store Connect rejects the upload (ITMS-90713: \"Missing Info.plist value ... CFBundleIconName\")",
        fix:
          "Set ASSETCATALOG_COMPILER_APPICON_NAME (Primary App Icon Set Name) to \"\(first.name)\", or the set that is the app's icon."
      )
    ]
  }

  // MARK: malformed-icons-dictionary

  static func malformedIconsDictionary(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.appStore.dictionaryProblems.map { problem in
      Diagnostic(
        id: "malformed-icons-dictionary", severity: .error, file: declarationFile(facts),
        line: facts.infoPlist != nil ? problem.line : nil, message: problem.message,
        fix: problem.fix)
    }
  }

  // MARK: plist-name-not-in-catalog

  static func plistNamesNotInCatalog(_ facts: ProjectFacts) -> [Diagnostic] {
    let compiled = Set(facts.iconSets.map { $0.name.lowercased() })
    let elsewhere = Set(facts.appStore.outsideSets.map { $0.name.lowercased() })
    var found: [Diagnostic] = []
    for written in facts.appStore.writtenIconNames where !written.replacedByBuild {
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
          id: "plist-name-not-in-catalog", severity: .error, file: declarationFile(facts),
          line: facts.infoPlist != nil ? written.line : nil,
          message:
            "\(entry) is \(name), but no app icon set or .icon in the target's asset catalogs is named \(name); App Store Connect rejects the upload (ITMS-90895: \"references asset \(name). No such asset is present in the asset catalog\")",
          fix:
            "Name an existing set in CFBundleIconName (the set's folder name without .appiconset), or add an app icon set named \(name) to the target's asset catalog."
        ))
    }
    return found
  }

  // MARK: catalog-not-in-target

  static func catalogsNotInTarget(_ facts: ProjectFacts) -> [Diagnostic] {
    guard facts.appStore.isProjectTarget, !facts.appStore.outsideSets.isEmpty else { return [] }
    let compiled = Set(facts.iconSets.map { $0.name.lowercased() })
    var named: [(name: String, by: String, file: String?, line: Int?)] = []
    if let primary = facts.primarySetting {
      // The setting's line in the configuration read.
      let at = facts.declaration(ofIcon: primary, assetName: primary, isPrimary: true)
      named.append((primary, "ASSETCATALOG_COMPILER_APPICON_NAME", at.file.path, at.line))
    }
    for name in facts.alternateNamesSetting {
      let at = facts.declaration(ofIcon: name, assetName: name, isPrimary: false)
      named.append((name, "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", at.file.path, at.line))
    }
    for written in facts.appStore.writtenIconNames where !written.replacedByBuild {
      let by =
        written.alternate.map { "\(written.dictionary) → CFBundleAlternateIcons → \($0)" }
        ?? "\(written.dictionary) → CFBundlePrimaryIcon"
      named.append(
        (
          written.name, "Info.plist's \(by) → CFBundleIconName", declarationFile(facts),
          facts.infoPlist != nil ? written.line : nil
        ))
    }
    var reported = Set<String>()
    var found: [Diagnostic] = []
    for entry in named where !compiled.contains(entry.name.lowercased()) {
      guard
        let outside = facts.appStore.outsideSets.first(where: {
          $0.name.lowercased() == entry.name.lowercased()
        }), reported.insert(entry.name.lowercased()).inserted
      else { continue }
      let name = "\"" + MessageText.escaped(entry.name, quoting: true) + "\""
      let catalog = relative(outside.catalog, to: facts.root)
      let target = facts.appStore.targetName.map { "target \"\($0)\"" } ?? "the target"
      found.append(
        Diagnostic(
          id: "catalog-not-in-target", severity: .error,
          file: entry.file ?? declarationFile(facts), line: entry.line,
          message:
            "\(entry.by) names \(name), which is in \(catalog), an asset catalog \(target) does not build; actool fails: \"None of the input catalogs contained a matching stickers icon set or app icon set named \(name).\"",
          fix:
            "Add \(catalog) to \(target)'s Copy Bundle Resources (target membership in Xcode), or move the set into a catalog the target builds."
        ))
    }
    return found
  }

  static func relative(_ url: URL, to root: URL) -> String {
    let base = root.standardizedFileURL.path
    let path = url.standardizedFileURL.path
    guard path.hasPrefix(base + "/") else { return path }
    return String(path.dropFirst(base.count + 1))
  }
}
