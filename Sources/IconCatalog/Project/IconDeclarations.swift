import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each icon is declared, so that every finding of `iconpick check` points at a file, and at
/// a line where there is one: the build setting that names it (its `.xcconfig` line, or its line
/// in the target's configuration of `project.pbxproj`), else its key in Info.plist.
public struct IconDeclarations: Equatable, Sendable {
  /// Where the primary icon is named; nil when nothing names it (the default `AppIcon`).
  public var primary: ProjectFacts.Location?
  /// Where each alternate is named, by the name Info.plist or the build setting spells.
  public var alternates: [String: ProjectFacts.Location] = [:]
  /// The file to point at when nothing names an icon: the Info.plist, else the `project.pbxproj`,
  /// else the app's folder.
  public var fallback: URL?

  public init(
    primary: ProjectFacts.Location? = nil, alternates: [String: ProjectFacts.Location] = [:],
    fallback: URL? = nil
  ) {
    self.primary = primary
    self.alternates = alternates
    self.fallback = fallback
  }
}

extension ProjectFacts {
  /// The file to point at when no line is known: the Info.plist, else the project, else the folder.
  public var fallbackFile: URL { infoPlist ?? declarations.fallback ?? root }

  /// Where the icon is declared: its build setting or Info.plist line, else the icon set that
  /// holds it (included by `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`), else
  /// `fallbackFile`. Never nil: every finding about an icon points somewhere.
  public func declaration(ofIcon name: String, assetName: String?, isPrimary: Bool) -> Location {
    if isPrimary {
      if let primary = declarations.primary { return primary }
    } else {
      for candidate in [name, assetName].compactMap({ $0 }) {
        if let found = declarations.alternates[candidate] { return found }
      }
      let lowered = Set([name, assetName].compactMap { $0?.lowercased() })
      if let found = declarations.alternates.first(where: { lowered.contains($0.key.lowercased()) }
      ) {
        return found.value
      }
    }
    let wanted = Set([name, assetName].compactMap { $0 })
    if let set = iconSets.first(where: { wanted.contains($0.name) }) {
      return Location(file: set.file)
    }
    return Location(file: fallbackFile)
  }

  /// Reads where the icons are declared, and with it the line of each build setting `check` points
  /// at, in the configuration read (a target's `project.pbxproj` holds one block per configuration).
  mutating func readDeclarations(
    settings: BuildSettings, infoPlistLines: PlistLines?, target: ProjectTarget?
  ) {
    declarations.fallback = infoPlist ?? target?.projectFile
    let blocks = target.map(ProjectFacts.configurationIDs(of:)) ?? []
    func location(of key: String, value: String? = nil) -> Location? {
      guard settings.isSet(key), let file = settings.file(settingKey: key) else { return nil }
      return Location(
        file: file, line: ProjectFacts.settingLine(key, value: value, in: file, blocks: blocks))
    }

    if primarySetting != nil {
      declarations.primary = location(
        of: IconNames.primaryNameSetting, value: primarySetting)
    }
    let dictionaries = ["CFBundleIcons", "CFBundleIcons~iphone", "CFBundleIcons~ipad"]
    if declarations.primary == nil, let lines = infoPlistLines, let file = infoPlist {
      let line = dictionaries.lazy.compactMap {
        lines.keyLine(of: [$0, "CFBundlePrimaryIcon", "CFBundleIconName"])
          ?? lines.keyLine(of: [$0, "CFBundlePrimaryIcon"])
      }.first
      if let line { declarations.primary = Location(file: file, line: line) }
    }
    if declarations.primary == nil, let file = infoPlist, let lines = infoPlistLines,
      let line = lines.keyLine(of: ["CFBundleIconFiles"])
    {
      declarations.primary = Location(file: file, line: line)
    }

    // Written in Info.plist: the line of the key (of the array item, in the tvOS form).
    if let lines = infoPlistLines, let file = infoPlist {
      for dictionary in dictionaries {
        let names = dictionary == "CFBundleIcons~ipad" ? ipadAlternates ?? [] : iphoneAlternates
        for (index, name) in names.enumerated() where declarations.alternates[name] == nil {
          let line =
            lines.keyLine(of: [dictionary, "CFBundleAlternateIcons", name])
            ?? lines.line(of: [dictionary, "CFBundleAlternateIcons", String(index)])
          if let line { declarations.alternates[name] = Location(file: file, line: line) }
        }
      }
    }
    // Named by the build setting: its line that spells the name (the setting wins: the built
    // app's entry is the generated one).
    for name in alternateNamesSetting {
      if let found = location(of: IconNames.alternateNamesSetting, value: name) {
        declarations.alternates[name] = found
      }
    }
    if settings.isSet(IconNames.alternateNamesSetting) {
      alternateNamesLocation = location(of: IconNames.alternateNamesSetting)
    }
    settingNamesNotFound = settingNamesNotFound.map { notFound in
      var notFound = notFound
      notFound.location =
        location(of: IconNames.alternateNamesSetting, value: notFound.written)
        ?? notFound.location
      return notFound
    }
    settingNamesDifferingInCase = settingNamesDifferingInCase.map { mismatch in
      var mismatch = mismatch
      if let found = location(of: mismatch.setting, value: mismatch.written) {
        mismatch.location = found
      }
      return mismatch
    }
  }

  // MARK: CFBundleIconFiles names

  /// The names of `entries` that carry a scale or idiom suffix without an extension
  /// (`Icon60x60@2x`, `Icon~ipad`) and find a loose PNG as written: iOS adds `.png`, and, to a
  /// name without a scale, `@2x` or `@3x`. Only such names are looked for, in the files the app
  /// copies (`looseFiles`, asked for only then).
  static func iconFilesFound(_ entries: [IconFiles], in looseFiles: () -> LooseIconFiles)
    -> Set<String>
  {
    iconFilesFound(names: entries.flatMap(\.files), in: looseFiles)
  }

  /// The same, for names however gathered (a built app's entries).
  static func iconFilesFound(names: [String], in looseFiles: () -> LooseIconFiles) -> Set<String> {
    let candidates = Set(
      names.filter { name in
        // A dot is no extension (`AppIcon83.5x83.5@2x~ipad`); only an image extension is.
        guard !LooseIconFiles.IconFileName.hasImageExtension(name) else { return false }
        guard let parsed = LooseIconFiles.IconFileName(name) else { return false }
        return parsed.scale != nil || parsed.idiom != nil
      })
    guard !candidates.isEmpty else { return [] }
    // As on the device, names and files are compared with their case.
    let files = looseFiles().fileNames
    return candidates.filter { name in
      files.contains(name + ".png")
        || (1...3).contains { files.contains(name + "@\($0)x.png") }
    }
  }

  // MARK: Lines of build settings

  /// The object ids of the `XCBuildConfiguration`s a target's settings come from, in
  /// `project.pbxproj`: the target's configuration, then the project's of the same name (Xcode
  /// writes the id at the start of each object). Empty when the project cannot be read.
  static func configurationIDs(of target: ProjectTarget) -> [String] {
    guard let project = try? XcodeProject.read(target.project),
      let chosen = try? project.targets().first(where: { $0.name == target.name })
    else { return [] }
    let ids = [
      (try? project.configurations(of: chosen))?.first { $0.name == target.configuration }?.id,
      (try? project.projectConfigurations())?.first { $0.name == target.configuration }?.id,
    ]
    return ids.compactMap { $0 }
  }

  /// The 1-based line where `key` is set in `file`, at the line that spells `value` when the value
  /// is written over several lines. In a `project.pbxproj`, within the first of `blocks` (object
  /// ids of the configurations read) that sets it; otherwise, and in an `.xcconfig`, the first line
  /// holding both, else the first holding the key.
  static func settingLine(_ key: String, value: String?, in file: URL, blocks ids: [String])
    -> Int?
  {
    guard let data = RegularFile.contents(file, limit: FileLimits.text),
      let content = String(data: data, encoding: .utf8)
    else { return nil }
    let lines = content.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    if file.lastPathComponent == "project.pbxproj" {
      for id in ids {
        guard
          let start = lines.firstIndex(where: {
            $0.drop(while: \.isWhitespace).hasPrefix(id) && $0.contains("= {")
          })
        else { continue }
        // The object ends at its `name = ...;`, which Xcode writes after buildSettings; an object
        // written on one line is that line.
        var end = start
        if !lines[start].contains("name =") {
          while end + 1 < lines.count, !lines[end].drop(while: \.isWhitespace).hasPrefix("name =") {
            end += 1
          }
        }
        if let line = settingLine(key, value: value, lines: lines[start...end]) { return line }
      }
    }
    return settingLine(key, value: value, lines: lines[...])
      ?? firstLine(in: file, containing: key)
  }

  /// In `lines`: the line of `key`, or when `value` is given the first line from there to the end of
  /// the assignment (`;`, or the end of the line in an `.xcconfig`) that holds it as a word.
  private static func settingLine(
    _ key: String, value: String?, lines: ArraySlice<Substring>
  ) -> Int? {
    // A comment that names the setting is not where it is set.
    var keyLines = lines.indices.filter {
      holdsWord(key, in: lines[$0]) && !lines[$0].drop(while: \.isWhitespace).hasPrefix("//")
    }
    guard let first = keyLines.first else { return nil }
    guard let value, !value.isEmpty else { return first + 1 }
    // A one-line assignment that holds the value (`A = X Y;`, `A = X Y`).
    if let same = keyLines.first(where: { holdsValue(value, in: lines[$0]) }) { return same + 1 }
    // A pbxproj list: `A = (\n "X",\n "Y",\n);`.
    keyLines = keyLines.filter { lines[$0].hasSuffix("(") }
    for start in keyLines {
      var index = start + 1
      while index < lines.endIndex {
        if holdsValue(value, in: lines[index]) { return index + 1 }
        if lines[index].contains(";") { break }
        index += 1
      }
    }
    return first + 1
  }

  /// True when `value` is in `line` as a whole item of a setting's value: between the start or
  /// end of the line, white space, quotes, `=`, `,`, `;` and parentheses (`AppIcon` is not in
  /// `AppIcon-Night`).
  static func holdsValue(_ value: String, in line: Substring) -> Bool {
    let delimiters = Set<Character>(" \t\"'=,;()")
    var rest = line[...]
    while let range = rest.firstRange(ofText: value) {
      let before = line[..<range.lowerBound].last
      let after = range.upperBound < line.endIndex ? line[range.upperBound] : nil
      if before.map(delimiters.contains) ?? true, after.map(delimiters.contains) ?? true {
        return true
      }
      rest = line[range.upperBound...]
    }
    return false
  }

  /// True when `text` is in `line` with no letter, digit or `_` on either side.
  static func holdsWord(_ text: String, in line: Substring) -> Bool {
    var rest = line[...]
    while let range = rest.firstRange(ofText: text) {
      let before = line[..<range.lowerBound].last
      let after = range.upperBound < line.endIndex ? line[range.upperBound] : nil
      let isWord = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if !isWord(before) && !isWord(after) { return true }
      rest = line[range.upperBound...]
    }
    return false
  }
}

extension ProjectFacts {
  /// A built `.app` has no project: its root, and its processed Info.plist to point at.
  init(builtApp path: URL) {
    let root = path.standardizedFileURL
    let plist = root.appendingPathComponent("Info.plist", isDirectory: false)
    self.init(
      root: root, infoPlist: ReadDisk.exists(plist.path) ? plist : nil)
  }
}
