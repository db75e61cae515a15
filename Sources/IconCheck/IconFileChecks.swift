import Foundation
import IconCatalog

/// Rules about what ships: the `CFBundleIconFiles` names of the built Info.plist against the files
/// in the bundle, as iOS looks them up at run time (case-sensitively, as on the device).
/// - `icon-file-with-extension` (error): a name written with `.png`, or with `@2x` where no file
///   of that exact name is there;
/// - `icon-file-with-suffix` (warning): names with a scale or device suffix that find their file.
///
/// Not yet in the model, for a project: the `CFBundleIconFiles` arrays as written with their lines
/// (`facts.iconFiles`), and which of their names find a file as written (`facts.iconFilesFound`).
/// A built app's arrays are its built dictionaries' entries (`builtApp(_:)`).
enum IconFileChecks {
  /// Both rules on a built app: the arrays of its built Info.plist's entries, each name at its
  /// key path, looked up among the files at the top of the bundle, as iOS looks them up.
  static func builtApp(_ app: AppIcons) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for dictionary in app.iconDictionaries.dictionaries {
      let entries = [dictionary.primary].compactMap { $0 } + dictionary.alternates
      for entry in entries where !entry.iconFiles.isEmpty {
        guard case .infoPlist(let file, _, let keyPath) = entry.origin else { continue }
        let isPrimary = dictionary.primary.map { $0 == entry } ?? false
        let owner =
          isPrimary ? "the primary icon" : "alternate icon \"\(MessageText.escaped(entry.name))\""
        let key = "\(dictionary.key) → CFBundleIconFiles"
        let path = { (index: Int) in
          BuiltAppChecks.keyPathText(keyPath + ["CFBundleIconFiles", String(index)])
        }
        var suffixed: [(Int, String)] = []
        for (index, name) in entry.iconFiles.enumerated() {
          if foundAsWritten(name, in: app.location) {
            suffixed.append((index, name))
            continue
          }
          guard let problem = problem(inIconFile: name) else { continue }
          found.append(
            Diagnostic(
              id: .iconFileWithExtension, file: file, within: path(index),
              message:
                "\(key) of \(owner) lists \"\(MessageText.escaped(name))\" in the built Info.plist, which has \(problem)",
              fix:
                "In the project, write the base name only (\"\(MessageText.escaped(baseName(of: name)))\"): iOS adds @2x, @3x, ~ipad and .png itself; then build again."
            ))
        }
        guard let (index, first) = suffixed.first else { continue }
        let names =
          suffixed.count == 1
          ? "\"\(MessageText.escaped(first))\""
          : "\(suffixed.count) names with one (\"\(MessageText.escaped(first))\", ...)"
        found.append(
          Diagnostic(
            id: .iconFileWithSuffix, file: file, within: path(index),
            message:
              "\(key) of \(owner) lists \(names) with a scale or device suffix; iOS finds the file as written, but the usual form is the base name, to which iOS adds @2x, @3x and ~ipad itself",
            fix:
              "Nothing breaks; to follow the convention, list the base name once (\"\(MessageText.escaped(baseName(of: first)))\") in the project instead of each scale and device."
          ))
      }
    }
    return found
  }

  /// A name with a scale or device suffix and no extension that finds its PNG at the top of the
  /// bundle as written (`Icon60x60@2x` for `Icon60x60@2x.png`), case and all, as on the device.
  static func foundAsWritten(_ name: String, in app: URL) -> Bool {
    guard !ProjectFacts.IconFiles.hasImageExtension(name),
      scaleSuffix(of: name) != nil || name.hasSuffix("~ipad") || name.hasSuffix("~iphone")
    else { return false }
    return ([""] + (1...3).map { "@\($0)x" }).contains { scale in
      ArchivedFiles.fileExists(app.appendingPathComponent(name + scale + ".png"))
    }
  }

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
        let owner =
          entry.alternate.map { "alternate icon \"\(MessageText.escaped($0))\"" }
          ?? "the primary icon"
        let key =
          entry.dictionary.isEmpty ? "CFBundleIconFiles" : "\(entry.dictionary) → CFBundleIconFiles"
        found.append(
          Diagnostic(
            id: .iconFileWithExtension, file: facts.fallbackFile.path,
            line: line,
            message:
              "\(key) of \(owner) lists \"\(MessageText.escaped(file))\", which has \(problem)",
            fix:
              "Write the base name only (\"\(MessageText.escaped(baseName(of: file)))\"): iOS adds @2x, @3x, ~ipad and .png itself."
          ))
      }
    }
    return found
  }

  /// "an extension (.png)", "a scale suffix (@2x)", or nil when the name is a base name. A dot
  /// alone is no extension (`AppIcon83.5x83.5@2x~ipad`).
  static func problem(inIconFile name: String) -> String? {
    if ProjectFacts.IconFiles.hasImageExtension(name) {
      return "an extension (.\((name as NSString).pathExtension))"
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
    var stem = name
    if ProjectFacts.IconFiles.hasImageExtension(stem) {
      stem = (stem as NSString).deletingPathExtension
    }
    for suffix in ["~ipad", "~iphone"] where stem.hasSuffix(suffix) {
      stem = String(stem.dropLast(suffix.count))
    }
    if let scale = scaleSuffix(of: stem) { stem = String(stem.dropLast(scale.count)) }
    return stem
  }

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
      let owner =
        entry.alternate.map { "alternate icon \"\(MessageText.escaped($0))\"" }
        ?? "the primary icon"
      let key =
        entry.dictionary.isEmpty ? "CFBundleIconFiles" : "\(entry.dictionary) → CFBundleIconFiles"
      let names =
        suffixed.count == 1
        ? "\"\(MessageText.escaped(first))\""
        : "\(suffixed.count) names with one (\"\(MessageText.escaped(first))\", ...)"
      found.append(
        Diagnostic(
          id: .iconFileWithSuffix, file: facts.fallbackFile.path,
          line: line,
          message:
            "\(key) of \(owner) lists \(names) with a scale or device suffix; iOS finds the file as written, but the usual form is the base name, to which iOS adds @2x, @3x and ~ipad itself",
          fix:
            "Nothing breaks; to follow the convention, list the base name once (\"\(MessageText.escaped(baseName(of: first)))\") instead of each scale and device."
        ))
    }
    return found
  }

}
