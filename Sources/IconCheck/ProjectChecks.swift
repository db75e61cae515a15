import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rules about the sources: the build settings and what lies in the asset catalogs (listed in
/// `Checker`).
///
/// Ids: `catalog-not-in-target` (errors); `set-not-shipped` (a warning, an error where something
/// asks for the set); `empty-set`, `loose-file-in-catalog`,
/// `hand-written-alternates`, `setting-name-case`, `setting-name-not-found`,
/// `icon-and-appiconset-same-name` (warnings).
enum ProjectChecks {
  // MARK: Sets the build leaves out

  /// actool compiles the primary, the sets `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` names
  /// and, with include-all, every set; any other app icon set is left out of the app. Xcode's
  /// Debug builds often include all, so the icon works there and is missing from Release. A set
  /// that the target's build for another platform names (`[sdk=iphoneos*]` read while checking
  /// the tvOS app) is that platform's: not reported here.
  ///
  /// A warning: apps keep old complete sets after moving their icon to a `.icon`, and build, ship
  /// and work. An error where something asks for the set: the app's code passes its name to
  /// `setAlternateIconName` (`facts.codeIconNames`), or another build configuration lists it.
  /// (A set the Info.plist names ships: `shippedSetNames` counts it, and a name there with no set
  /// is `alternate-without-image`.)
  static func setsNotShipped(_ facts: ProjectFacts) -> [Diagnostic] {
    let shipped = facts.shippedSetNames
    let elsewhere = facts.otherPlatformSetNames
    var reported = Set<String>()
    var found: [Diagnostic] = []
    for set in facts.iconSets
    where !shipped.contains(set) && !elsewhere.contains(set.name.lowercased()) {
      // An .appiconset and a .icon of one name are one icon: reported once, at the first. An
      // empty set would ship no icon anyway: empty-set says so, not this.
      guard !set.isEmpty, reported.insert(set.name).inserted else { continue }
      let kind = set.isIconComposer ? "Icon Composer icon" : "app icon set"
      let name = MessageText.escaped(set.name)
      let evidence = askedFor(set.name, facts)
      found.append(
        Diagnostic(
          id: .setNotShipped, file: set.file.path,
          message:
            "\(kind) \"\(name)\" is not the primary, not in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES and not declared in Info.plist, so the build leaves it out of the app"
            + (evidence.map { "; yet \($0)" } ?? ""),
          fix:
            "Run `iconpick add \(IconFix.shellWord(set.name))` (no image), which declares it as it is, or add \"\(name)\" to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES (Alternate App Icon Sets) in Xcode"
            + (evidence == nil ? "; or delete the set if it is unused." : "."),
          severity: evidence == nil ? .warning : .error,
          // Shipping it or deleting it is the user's choice: a suggestion, never applied.
          autofix: .declareSet(name: set.name)
        ))
    }
    return found
  }

  /// What asks for the set `name` that the build leaves out, as a clause; nil when nothing
  /// does. The code's call must spell the name as the set does: that is the name the built app
  /// would know it by. A configuration's setting finds the set whatever the case, as actool does.
  static func askedFor(_ name: String, _ facts: ProjectFacts) -> String? {
    let platform: AppPlatform = facts.appStore.isTVOS == true ? .tvOS : .iOS
    if let call = facts.codeIconNames.first(where: {
      $0.name == name && $0.platforms.contains(platform)
    }) {
      return CodeNameChecks.describe(call, root: facts.root)
        + ", and the call fails (\"The file doesn't exist\") while the build leaves the set out"
    }
    let listing = facts.otherConfigurationAlternates.filter { configuration in
      configuration.names.contains { $0.lowercased() == name.lowercased() }
    }.map(\.configuration)
    guard !listing.isEmpty else { return nil }
    let read = facts.configuration.map { "\(MessageText.escaped($0)) builds" } ?? "the build read"
    let which = listing.map { MessageText.escaped($0) }.joined(separator: " and ")
    return
      "\(which)'s ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES list\(listing.count == 1 ? "s" : "") it: the icon is in \(which) builds and missing from \(read), where setAlternateIconName fails for it"
  }

  // MARK: Warnings

  /// `empty-set`: an app icon set whose Contents.json names no file. actool compiles no icon from
  /// it ("did not have any applicable content"), whether or not anything names it.
  static func emptySets(_ facts: ProjectFacts) -> [Diagnostic] {
    var reported = Set<String>()
    return facts.iconSets.filter { $0.isEmpty && reported.insert($0.folder.path).inserted }.map {
      set in
      let slots = set.slotCount ?? 0
      var what =
        slots == 0
        ? "has no image slots" : "has \(slots) slot\(slots == 1 ? "" : "s") but no image files"
      if set.ignoredEntries.contains(where: { $0.filename != nil }) {
        what = "names images only in entries actool ignores (ignored-slot)"
      }
      return Diagnostic(
        id: .emptySet, file: set.file.path,
        message:
          "app icon set \"\(MessageText.escaped(set.name))\" \(what): it holds no icon (actool: \"did not have any applicable content\")",
        fix:
          "Drag the images into the set's slots in Xcode (or give each entry a \"filename\"), or delete the set if it is unused."
      )
    }
  }

  static func looseFilesInCatalogs(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.looseCatalogFiles.map { file in
      Diagnostic(
        id: .looseFileInCatalog, file: file.path,
        message:
          "\"\(file.lastPathComponent)\" lies loose in an asset catalog, outside any set: it is not copied into the app, so iOS will not find it",
        fix:
          "Move it into an .appiconset (or .imageset), or out of the .xcassets folder if CFBundleIconFiles names it."
      )
    }
  }

  static func handWrittenAlternates(_ facts: ProjectFacts) -> [Diagnostic] {
    guard facts.hasHandWrittenAlternates,
      !facts.alternateNamesSetting.isEmpty || facts.includesAllAppIcons
    else { return [] }
    let setting =
      facts.includesAllAppIcons
      ? "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"
      : "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    return [
      Diagnostic(
        id: .handWrittenAlternates, file: facts.fallbackFile.path,
        line: facts.handWrittenAlternatesLine,
        message:
          "Info.plist declares CFBundleAlternateIcons by hand while \(setting) also generates them",
        fix:
          "Remove CFBundleAlternateIcons from Info.plist and let the build settings generate it, as Apple advises."
      )
    ]
  }

  /// An app icon setting whose name is written in another case: a user-defined setting the
  /// build never reads, so what it says (the alternates, the primary) is not built. `add`
  /// corrects the spelling where it adds a name (docs/editing.md).
  static func settingKeysDifferingInCase(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.settingKeysDifferingInCase.map { mismatch in
      let written = MessageText.escaped(mismatch.written)
      return Diagnostic(
        id: .settingKeyCase, file: (mismatch.location?.file ?? facts.fallbackFile).path,
        line: mismatch.location?.line,
        message:
          "\(written) is \(mismatch.setting) in another case, so the build ignores it (Xcode matches a setting's name exactly) and does not build what it says",
        fix:
          "Spell it \(mismatch.setting)"
          + (mismatch.setting == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
            ? "; `iconpick add NAME` does so when it adds a name." : "."),
        subject: mismatch.written)
    }
  }

  /// A build-setting name that finds its set only by ignoring case: the build works (asset names
  /// are matched without regard to case), but the built app's `CFBundleIcons` spells the icon as
  /// the set does, so code that passes the setting's spelling to `setAlternateIconName` fails with
  /// "The file doesn't exist", and the two spellings drift apart.
  static func settingNamesDifferingInCase(_ facts: ProjectFacts) -> [Diagnostic] {
    facts.settingNamesDifferingInCase.map { mismatch in
      let written = "\"" + MessageText.escaped(mismatch.written, quoting: true) + "\""
      let set = "\"" + MessageText.escaped(mismatch.setName, quoting: true) + "\""
      return Diagnostic(
        id: .settingNameCase, file: (mismatch.location?.file ?? facts.fallbackFile).path,
        line: mismatch.location?.line,
        message:
          "\(mismatch.setting) names \(written), which matches the icon set \(set) only when case is ignored; the built app knows the icon as \(set), so setAlternateIconName(\(written)) fails",
        fix: "Spell it \(set) in \(mismatch.setting), as the set is named (or rename the set).",
        autofix: .renameInSetting(
          setting: mismatch.setting, written: mismatch.written, correct: mismatch.setName))
    }
  }

  /// Xcode 26 builds an Icon Composer icon and an app icon set of one name from the `.icon` alone:
  /// the set is dropped, and iOS 18 and earlier get a flattened image of the `.icon` instead of the
  /// set's images (Aidoku#1081, firefox-ios#28700).
  static func iconAndAppIconSetOfOneName(_ facts: ProjectFacts) -> [Diagnostic] {
    var found: [Diagnostic] = []
    var reported = Set<String>()
    for set in facts.iconSets where !set.isIconComposer && reported.insert(set.name).inserted {
      guard let bundle = facts.iconSets.first(where: { $0.isIconComposer && $0.name == set.name })
      else { continue }
      found.append(
        Diagnostic(
          id: .iconAndAppIconSetSameName, file: set.file.path,
          message:
            "\"\(MessageText.escaped(set.name))\" is both an app icon set and an Icon Composer icon (\(MessageText.path(bundle.folder.path))): Xcode 26 builds the .icon and drops the set, so iOS 18 and earlier show a flattened .icon, not the set's images",
          fix:
            "Keep one: delete the .appiconset if the .icon should serve every iOS version, or rename one of them and list it where the icons are named."
        ))
    }
    return found
  }

  // MARK: Errors

  static func catalogsNotInTarget(_ facts: ProjectFacts) -> [Diagnostic] {
    guard facts.appStore.isProjectTarget, !facts.appStore.outsideSets.isEmpty else { return [] }
    // A set the target builds for its other platform is in the target, not outside it.
    let compiled = Set(
      (facts.iconSets.map(\.name) + facts.setsOfOtherPlatforms).map { $0.lowercased() })
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
    let writtenNames = IconDictionaryLint.read(facts)?.iconNames ?? []
    for written in writtenNames where !written.replacedByBuild {
      let by =
        written.alternate.map {
          "\(written.dictionary) → CFBundleAlternateIcons → \(MessageText.escaped($0))"
        }
        ?? "\(written.dictionary) → CFBundlePrimaryIcon"
      named.append(
        (
          written.name, "Info.plist's \(by) → CFBundleIconName",
          InfoPlistChecks.declarationFile(facts),
          facts.infoPlist != nil ? written.line : nil
        ))
    }
    var reported = Set<String>()
    var found: [Diagnostic] = []
    for entry in named where !compiled.contains(entry.name.lowercased()) {
      let holding = facts.appStore.outsideSets.filter {
        $0.name.lowercased() == entry.name.lowercased()
      }
      guard let outside = holding.first, reported.insert(entry.name.lowercased()).inserted
      else { continue }
      // One catalog holds the set: that is the one to add. Several: which is meant is a guess.
      let catalogs = Set(holding.map { $0.catalog.standardizedFileURL.path })
      let name = "\"" + MessageText.escaped(entry.name, quoting: true) + "\""
      let catalog = relative(outside.catalog, to: facts.root)
      let target =
        facts.appStore.targetName.map { "target \"\(MessageText.escaped($0))\"" } ?? "the target"
      found.append(
        Diagnostic(
          id: .catalogNotInTarget, file: entry.file ?? InfoPlistChecks.declarationFile(facts),
          line: entry.line,
          message:
            "\(entry.by) names \(name), which is in \(catalog), an asset catalog \(target) does not build; actool fails: \"None of the input catalogs contained a matching stickers icon set or app icon set named \(name).\"",
          fix: Self.addCatalogFix(
            catalog: catalog, target: target, projectFile: facts.appStore.projectFile,
            root: facts.root),
          autofix: catalogs.count == 1 ? .addCatalogToTarget(catalog: outside.catalog.path) : nil
        ))
    }
    return found
  }

  /// Where a catalog is added to a target: an XcodeGen spec's `sources` (XcodeGen builds the
  /// catalogs under the folders they list), else Xcode's Copy Bundle Resources.
  static func addCatalogFix(catalog: String, target: String, projectFile: URL?, root: URL)
    -> String
  {
    if let projectFile, projectFile.lastPathComponent != "project.pbxproj" {
      let spec = relative(projectFile, to: root)
      return
        "Add \(catalog) to \(target)'s sources in \(spec) (XcodeGen builds the catalogs under the paths they list), or move the set into a catalog the target builds."
    }
    return
      "Add \(catalog) to \(target)'s Copy Bundle Resources (target membership in Xcode), or move the set into a catalog the target builds."
  }

  /// `url`'s path under `root`, else its whole path.
  static func relative(_ url: URL, to root: URL) -> String {
    let base = root.standardizedFileURL.path
    let path = url.standardizedFileURL.path
    guard path.hasPrefix(base + "/") else { return path }
    return String(path.dropFirst(base.count + 1))
  }

  /// actool makes alternates only from sets: a name with none is no icon. The app builds (real
  /// apps ship so for years), so a warning; a name ending in a comma says how the setting is split.
  /// A name whose set is in a catalog the target does not build is `catalog-not-in-target`'s
  /// alone: the set exists, which this finding would deny.
  static func settingNamesNotFound(_ facts: ProjectFacts) -> [Diagnostic] {
    let setting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    // A set of the target's other platform exists too: this platform's app just goes without it.
    let outside =
      (facts.appStore.isProjectTarget
      ? Set(facts.appStore.outsideSets.map { $0.name.lowercased() }) : [])
      .union(facts.setsOfOtherPlatforms.map { $0.lowercased() })
    return facts.settingNamesNotFound.filter { !outside.contains($0.written.lowercased()) }.map {
      notFound in
      let name = MessageText.escaped(notFound.written)
      let comma = notFound.written.hasSuffix(",") && notFound.written.count > 1
      let bare = MessageText.escaped(String(notFound.written.dropLast(comma ? 1 : 0)))
      return Diagnostic(
        id: .settingNameNotFound,
        file: notFound.location?.file.path ?? facts.fallbackFile.path,
        line: notFound.location?.line,
        message:
          "\(setting) names \"\(name)\", but no app icon set or .icon has that name, even ignoring case: actool makes alternates only from sets, so the app has no alternate icon \"\(name)\""
          + (comma ? " (names are separated by spaces: the comma is part of the name)" : ""),
        fix: comma
          ? "Write \"\(bare)\" without the comma (names are separated by spaces), then add an app icon set of that name, or remove it from \(setting)."
          : "Add an app icon set named \"\(name)\" to a catalog the target builds, or remove \"\(name)\" from \(setting)."
      )
    }
  }
}
