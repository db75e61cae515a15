import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Rules about what ships: the `CFBundleIconFiles` names of the built Info.plist against the files
/// in the bundle, as iOS looks them up at run time (case-sensitively, as on the device).
/// - `icon-file-with-extension` (error): a name written with `.png`, or with `@2x` where no file
///   of that exact name is there;
/// - `icon-file-with-suffix` (warning): names with a scale or device suffix that find their file.
///
/// One body for a project (the predicted app) and for what Xcode built, reading the model alone:
/// the written arrays of its built dictionaries (and the old top-level one) with their lines, and
/// `iconFilesFoundAsWritten`. On a built app a finding names the key path, and its fix says to
/// change the project.
enum IconFileChecks {
  /// One written `CFBundleIconFiles` array: its key, whose it is, and where.
  struct WrittenArray {
    var key: String
    var owner: String
    var entry: BuiltIconDictionaries.Entry
    var file: String
    var keyPath: [String]
  }

  /// The arrays the built Info.plist keeps as written: the top-level one, then each dictionary's
  /// primary and alternates (an entry the build generates lists actool's files).
  static func writtenArrays(_ app: AppIcons) -> [WrittenArray] {
    var arrays: [WrittenArray] = []
    func add(_ entry: BuiltIconDictionaries.Entry, key: String, owner: String) {
      guard !entry.iconFiles.isEmpty, case .infoPlist(let file, _, let keyPath) = entry.origin
      else { return }
      arrays.append(
        WrittenArray(key: key, owner: owner, entry: entry, file: file, keyPath: keyPath))
    }
    if let top = app.iconDictionaries.topLevelIconFiles {
      add(top, key: "CFBundleIconFiles", owner: "the primary icon")
    }
    for dictionary in app.iconDictionaries.dictionaries {
      let key = "\(dictionary.key) → CFBundleIconFiles"
      if let primary = dictionary.primary { add(primary, key: key, owner: "the primary icon") }
      for alternate in dictionary.alternates {
        add(alternate, key: key, owner: "alternate icon \"\(MessageText.escaped(alternate.name))\"")
      }
    }
    return arrays
  }

  /// Where the name at `index` of `array` is: its line, or in a built app its key path.
  static func place(_ array: WrittenArray, _ index: Int, in app: AppIcons) -> FindingPlace {
    if app.isBuiltArtifact {
      return FindingPlace(
        file: array.file,
        within: BuiltAppChecks.keyPathText(array.keyPath + ["CFBundleIconFiles", String(index)]))
    }
    let lines = array.entry.iconFileLines
    return FindingPlace(file: array.file, line: index < lines.count ? lines[index] : nil)
  }

  /// Both rules, every array's errors first, then one warning per array with suffixed names.
  static func diagnose(_ app: AppIcons) -> [Diagnostic] {
    guard let foundAsWritten = app.iconFilesFoundAsWritten else { return [] }
    let arrays = writtenArrays(app)
    return iconFilesWithExtension(arrays, found: foundAsWritten, in: app)
      + iconFilesWithSuffix(arrays, found: foundAsWritten, in: app)
  }

  /// `CFBundleIconFiles` names a base name: iOS adds `@2x`, `~ipad` and `.png` itself, so a name
  /// written with them matches no file. A name with a scale suffix but no extension that finds its
  /// file as written (`Icon60x60@2x` beside `Icon60x60@2x.png`) works: `icon-file-with-suffix`.
  static func iconFilesWithExtension(
    _ arrays: [WrittenArray], found: Set<String>, in app: AppIcons
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for array in arrays {
      for (index, name) in array.entry.iconFiles.enumerated() {
        guard let problem = problem(inIconFile: name), !found.contains(name) else { continue }
        let at = place(array, index, in: app)
        let base = MessageText.escaped(baseName(of: name))
        diagnostics.append(
          Diagnostic(
            id: .iconFileWithExtension, file: at.file, line: at.line, within: at.within,
            message:
              "\(array.key) of \(array.owner) lists \"\(MessageText.escaped(name))\"\(app.isBuiltArtifact ? " in the built Info.plist" : ""), which has \(problem)",
            fix: app.isBuiltArtifact
              ? "In the project, write the base name only (\"\(base)\"): iOS adds @2x, @3x, ~ipad and .png itself; then build again."
              : "Write the base name only (\"\(base)\"): iOS adds @2x, @3x, ~ipad and .png itself.",
            autofix: extensionFix(array, index: index, name: name, in: app)
          ))
      }
    }
    return diagnostics
  }

  /// The name at `index` as its base name (no extension, scale or idiom suffix), in a project's
  /// Info.plist. None for a name with
  /// no extension (a scale suffix alone: which file was meant is a guess), nor where the array
  /// holds an item that is not a string: the reading skips those, so `index` would not be the
  /// item's place in the array as written.
  static func extensionFix(_ array: WrittenArray, index: Int, name: String, in app: AppIcons)
    -> IconFix?
  {
    guard !app.isBuiltArtifact, ProjectFacts.IconFiles.hasImageExtension(name) else { return nil }
    // The base name the fix line gives: `Blue@2x.png` is `Blue`, not `Blue@2x`, which names
    // its file with a scale suffix still.
    let value = baseName(of: name)
    guard !value.isEmpty else { return nil }
    // The top-level array's key path is its own; an entry's array is under the entry.
    let path =
      array.keyPath.last == "CFBundleIconFiles"
      ? array.keyPath : array.keyPath + ["CFBundleIconFiles"]
    let skipped = app.plistValueProblems.contains {
      $0.file == array.file && $0.keyPath.count == path.count + 1
        && Array($0.keyPath.prefix(path.count)) == path
    }
    guard !skipped else { return nil }
    return .removeIconFileExtension(plist: array.file, keyPath: path, index: index, value: value)
  }

  /// "an extension (.png)", "a scale suffix (@2x)", or nil when the name is a base name. A dot
  /// alone is no extension (`AppIcon83.5x83.5@2x~ipad`).
  static func problem(inIconFile name: String) -> String? {
    if ProjectFacts.IconFiles.hasImageExtension(name) {
      return "an extension (.\(PathText.pathExtension(name)))"
    }
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
    ProjectFacts.IconFiles.baseName(name)
  }

  /// `icon-file-with-suffix`: `CFBundleIconFiles` names written with a scale or idiom suffix and no
  /// extension (`AppIcon60x60@2x`) that find their file as written. iOS adds `.png` and loads
  /// them, so the app works, but only at the scales and on the devices spelled out: one warning
  /// per array, at its first such name.
  static func iconFilesWithSuffix(
    _ arrays: [WrittenArray], found: Set<String>, in app: AppIcons
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for array in arrays {
      let suffixed = array.entry.iconFiles.enumerated().filter { found.contains($0.element) }
      guard let (index, first) = suffixed.first else { continue }
      let at = place(array, index, in: app)
      let names =
        suffixed.count == 1
        ? "\"\(MessageText.escaped(first))\""
        : "\(suffixed.count) names with one (\"\(MessageText.escaped(first))\", ...)"
      diagnostics.append(
        Diagnostic(
          id: .iconFileWithSuffix, file: at.file, line: at.line, within: at.within,
          message:
            "\(array.key) of \(array.owner) lists \(names) with a scale or device suffix; iOS finds the file as written, but the usual form is the base name, to which iOS adds @2x, @3x and ~ipad itself",
          fix:
            "Nothing breaks; to follow the convention, list the base name once (\"\(MessageText.escaped(baseName(of: first)))\")\(app.isBuiltArtifact ? " in the project" : "") instead of each scale and device."
        ))
    }
    return diagnostics
  }
}
