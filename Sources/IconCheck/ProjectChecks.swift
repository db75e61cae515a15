import Foundation
import IconCatalog

/// The diagnostics of `iconpick check` about how a project is set up, rather than about images:
/// Info.plist entries, build settings, and what lies in the asset catalogs.
///
/// Ids: `icon-file-with-extension`, `set-not-shipped`, `missing-ipad-declaration` (errors);
/// `icon-file-with-suffix`, `empty-set`, `loose-file-in-catalog`, `hand-written-alternates`,
/// `setting-name-case`, `icon-and-appiconset-same-name` (warnings);
/// `IconComposerChecks`' for every Icon Composer bundle the catalogs hold, used or not; and
/// `BuildSettingsChecks`' (includes, paths and names of the build settings).
public enum ProjectChecks {
  public static func diagnose(_ facts: ProjectFacts) -> [Diagnostic] {
    iconFilesWithExtension(facts) + setsNotShipped(facts)
      + iconFilesWithSuffix(facts) + emptySets(facts)
      + looseFilesInCatalogs(facts) + handWrittenAlternates(facts)
      + settingNamesDifferingInCase(facts)
      + iconAndAppIconSetOfOneName(facts)
      + IconComposerChecks.diagnose(bundles: facts.iconSets.filter(\.isIconComposer).map(\.folder))
      + InfoPlistChecks.diagnose(facts) + CatalogChecks.diagnose(facts)
      + BrandAssetChecks.diagnose(facts) + BuildSettingsChecks.diagnose(facts)
  }

  // MARK: Errors

  /// Extensions iOS adds itself when it looks for a `CFBundleIconFiles` name.
  static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]

  /// `CFBundleIconFiles` names a base name: iOS adds `@2x`, `~ipad` and `.png` itself, so a name
  /// written with them matches no file. A name with a scale suffix but no extension that finds its
  /// file as written (`Icon60x60@2x` beside `Icon60x60@2x.png`) works: `icon-file-with-suffix`.
  static func iconFilesWithExtension(_ facts: ProjectFacts) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for entry in facts.iconFiles {
      for (file, line) in zip(entry.files, entry.lines) {
        guard let problem = problem(inIconFile: file), !facts.iconFilesFound.contains(file) else {
          continue
        }
        let owner = entry.alternate.map { "alternate icon \"\($0)\"" } ?? "the primary icon"
        let key =
          entry.dictionary.isEmpty ? "CFBundleIconFiles" : "\(entry.dictionary) → CFBundleIconFiles"
        found.append(
          Diagnostic(
            id: "icon-file-with-extension", severity: .error, file: facts.fallbackFile.path,
            line: line,
            message: "\(key) of \(owner) lists \"\(file)\", which has \(problem)",
            fix:
              "Write the base name only (\"\(baseName(of: file))\"): iOS adds @2x, @3x, ~ipad and .png itself."
          ))
      }
    }
    return found
  }

  /// "an extension (.png)", "a scale suffix (@2x)", or nil when the name is a base name.
  static func problem(inIconFile name: String) -> String? {
    let ext = (name as NSString).pathExtension
    if imageExtensions.contains(ext.lowercased()) { return "an extension (.\(ext))" }
    if let scale = scaleSuffix(of: name) { return "a scale suffix (\(scale))" }
    return nil
  }

  /// `@2x` in `Icon@2x` or `Icon@2x~ipad` (any digit).
  private static func scaleSuffix(of name: String) -> String? {
    var stem = Substring(name)
    for idiom in ["~ipad", "~iphone"] where stem.hasSuffix(idiom) {
      stem = stem.dropLast(idiom.count)
    }
    guard let at = stem.lastIndex(of: "@") else { return nil }
    let suffix = stem[at...]
    let digits = suffix.dropFirst().dropLast()
    guard suffix.count >= 3, suffix.last == "x", digits.allSatisfy(\.isNumber) else { return nil }
    return String(suffix)
  }

  private static func baseName(of name: String) -> String {
    var stem = name
    if imageExtensions.contains((stem as NSString).pathExtension.lowercased()) {
      stem = (stem as NSString).deletingPathExtension
    }
    for suffix in ["~ipad", "~iphone"] where stem.hasSuffix(suffix) {
      stem = String(stem.dropLast(suffix.count))
    }
    if let scale = scaleSuffix(of: stem) { stem = String(stem.dropLast(scale.count)) }
    return stem
  }

  /// actool compiles the primary, the sets `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` names
  /// and, with include-all, every set; any other app icon set is left out of the app. Xcode's
  /// Debug builds often include all, so the icon works there and is missing from Release.
  static func setsNotShipped(_ facts: ProjectFacts) -> [Diagnostic] {
    guard !facts.includesAllAppIcons else { return [] }
    // actool finds a set whatever the case of the name (setting-name-case says when it differs).
    let shipped = Set(
      ([facts.primaryName] + facts.alternateNamesSetting + facts.declaredAssetNames
        + facts.otherConfigurationPrimaries).map { $0.lowercased() })
    var reported = Set<String>()
    var found: [Diagnostic] = []
    for set in facts.iconSets where !shipped.contains(set.name.lowercased()) {
      // An .appiconset and a .icon of one name are one icon: reported once, at the first. An
      // empty set would ship no icon anyway: empty-set says so, not this.
      guard !set.isEmpty, reported.insert(set.name).inserted else { continue }
      let kind = set.isIconComposer ? "Icon Composer icon" : "app icon set"
      found.append(
        Diagnostic(
          id: "set-not-shipped", severity: .error, file: set.file.path,
          message:
            "\(kind) \"\(set.name)\" is not the primary, not in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES and not declared in Info.plist, so the build leaves it out of the app",
          fix:
            "Add \"\(set.name)\" to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES (Alternate App Icon Sets), or delete the set if it is unused."
        ))
    }
    return found
  }

  // MARK: Warnings

  /// `icon-file-with-suffix`: `CFBundleIconFiles` names written with a scale or idiom suffix and no
  /// extension (`AppIcon60x60@2x`) that find their file as written. iOS adds `.png` and loads
  /// them, so the app works, but only at the scales and on the devices spelled out: one warning
  /// per array, at its first such name.
  static func iconFilesWithSuffix(_ facts: ProjectFacts) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for entry in facts.iconFiles {
      let suffixed = zip(entry.files, entry.lines).filter { file, _ in
        facts.iconFilesFound.contains(file)
      }
      guard let (first, line) = suffixed.first else { continue }
      let owner = entry.alternate.map { "alternate icon \"\($0)\"" } ?? "the primary icon"
      let key =
        entry.dictionary.isEmpty ? "CFBundleIconFiles" : "\(entry.dictionary) → CFBundleIconFiles"
      let names =
        suffixed.count == 1
        ? "\"\(MessageText.escaped(first))\""
        : "\(suffixed.count) names with one (\"\(MessageText.escaped(first))\", ...)"
      found.append(
        Diagnostic(
          id: "icon-file-with-suffix", severity: .warning, file: facts.fallbackFile.path,
          line: line,
          message:
            "\(key) of \(owner) lists \(names) with a scale or device suffix; iOS finds the file as written, but the usual form is the base name, to which iOS adds @2x, @3x and ~ipad itself",
          fix:
            "Nothing breaks; to follow the convention, list the base name once (\"\(MessageText.escaped(baseName(of: first)))\") instead of each scale and device."
        ))
    }
    return found
  }

  /// `empty-set`: an app icon set whose Contents.json names no file. actool compiles no icon from
  /// it ("did not have any applicable content"), whether or not anything names it.
  static func emptySets(_ facts: ProjectFacts) -> [Diagnostic] {
    var reported = Set<String>()
    return facts.iconSets.filter { $0.isEmpty && reported.insert($0.folder.path).inserted }.map {
      set in
      let slots = set.slotCount ?? 0
      let what =
        slots == 0
        ? "has no image slots" : "has \(slots) slot\(slots == 1 ? "" : "s") but no image files"
      return Diagnostic(
        id: "empty-set", severity: .warning, file: set.file.path,
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
        id: "loose-file-in-catalog", severity: .warning, file: file.path,
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
        id: "hand-written-alternates", severity: .warning, file: facts.fallbackFile.path,
        line: facts.handWrittenAlternatesLine,
        message:
          "Info.plist declares CFBundleAlternateIcons by hand while \(setting) also generates them",
        fix:
          "Remove CFBundleAlternateIcons from Info.plist and let the build settings generate it, as Apple advises."
      )
    ]
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
        id: "setting-name-case", severity: .warning,
        file: (mismatch.location?.file ?? facts.fallbackFile).path,
        line: mismatch.location?.line,
        message:
          "\(mismatch.setting) names \(written), which matches the icon set \(set) only when case is ignored; the built app knows the icon as \(set), so setAlternateIconName(\(written)) fails",
        fix: "Spell it \(set) in \(mismatch.setting), as the set is named (or rename the set).")
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
          id: "icon-and-appiconset-same-name", severity: .warning, file: set.file.path,
          message:
            "\"\(set.name)\" is both an app icon set and an Icon Composer icon (\(bundle.folder.path)): Xcode 26 builds the .icon and drops the set, so iOS 18 and earlier show a flattened .icon, not the set's images",
          fix:
            "Keep one: delete the .appiconset if the .icon should serve every iOS version, or rename one of them and list it where the icons are named."
        ))
    }
    return found
  }
}
