import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the icon dictionaries of an Info.plist word for word, as IconCatalog reports them
/// (`AppStoreFacts.WrittenInfoPlist`), and lists what is miswritten:
/// `CFBundlePrimaryIcon` inside `CFBundleAlternateIcons`, keys one slip away from the real ones,
/// the tvOS form in an iOS app and the reverse. The problems are `malformed-icons-dictionary`
/// (values of the wrong type are `plist-value-type`'s, from the reading); the names written are what
/// `catalog-not-in-target` looks at (the rules about what ships read the model's built entries).
struct IconDictionaryLint {
  /// A `CFBundleIconName` written in an icon dictionary of the Info.plist.
  struct WrittenIconName: Equatable, Sendable {
    /// `CFBundleIcons`, `CFBundleIcons~ipad`, `CFBundleIcons~iphone`.
    var dictionary: String
    /// The `CFBundleAlternateIcons` key; nil for the primary.
    var alternate: String?
    /// The value, with build settings expanded.
    var name: String
    /// The line of the value (XML only).
    var line: Int?
    /// True when the build replaces this name with the one of a set it compiles (the primary set of
    /// `ASSETCATALOG_COMPILER_APPICON_NAME`, or an alternate the build settings list).
    var replacedByBuild: Bool

    init(
      dictionary: String, alternate: String?, name: String, line: Int? = nil,
      replacedByBuild: Bool = false
    ) {
      self.dictionary = dictionary
      self.alternate = alternate
      self.name = name
      self.line = line
      self.replacedByBuild = replacedByBuild
    }
  }

  /// One thing wrong with how the icon dictionaries are written.
  struct DictionaryProblem: Equatable, Sendable {
    /// The key path, `CFBundleIcons → CFBundleAlternateIcons → Blue`.
    var path: String
    var message: String
    var fix: String
    var line: Int?
    /// The platform whose form the value has, when it is the other platform's form (a string
    /// primary or an array of alternates in an iOS app: tvOS); nil for any other problem.
    var form: AppPlatform?
    /// For `CFBundlePrimaryIcon` inside `CFBundleAlternateIcons` where the icon dictionary has
    /// no primary of its own: the dictionary (`CFBundleIcons`) to move it up to. Nil for any other
    /// problem, and where a primary is there already (which of the two is meant is a guess).
    var movesPrimaryUpTo: String?

    init(
      path: String, message: String, fix: String, line: Int? = nil, form: AppPlatform? = nil,
      movesPrimaryUpTo: String? = nil
    ) {
      self.path = path
      self.message = message
      self.fix = fix
      self.line = line
      self.form = form
      self.movesPrimaryUpTo = movesPrimaryUpTo
    }
  }

  let written: AppStoreFacts.WrittenInfoPlist
  let isTVOS: Bool?

  /// What is miswritten in the icon dictionaries.
  var problems: [DictionaryProblem] = []
  /// Every `CFBundleIconName` the icon dictionaries write.
  var iconNames: [WrittenIconName] = []

  var root: [String: Any] { written.root }
  var lines: PlistLines? { written.lines }
  var compiledNames: Set<String> { written.compiledAlternates }
  var primaryCompiled: Bool { written.primaryCompiled }

  /// The lint of `facts`' Info.plist; nil without one.
  static func read(_ facts: ProjectFacts) -> IconDictionaryLint? {
    guard let written = facts.appStore.writtenInfoPlist else { return nil }
    var lint = IconDictionaryLint(written: written, isTVOS: facts.appStore.isTVOS)
    lint.run()
    return lint
  }

  init(written: AppStoreFacts.WrittenInfoPlist, isTVOS: Bool?) {
    self.written = written
    self.isTVOS = isTVOS
  }

  static let dictionaryKeys = ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIcons~iphone"]
  static let topLevelIconKeys =
    dictionaryKeys + ["CFBundleIconFiles", "CFBundleIconFile", "CFBundleIconName"]
  static let iconsKeys = ["CFBundlePrimaryIcon", "CFBundleAlternateIcons", "UINewsstandIcon"]
  static let entryKeys = ["CFBundleIconName", "CFBundleIconFiles", "UIPrerenderedIcon"]

  mutating func run() {
    for key in root.keys.sorted() where !Self.topLevelIconKeys.contains(key) {
      guard let real = Self.nearest(key, in: Self.topLevelIconKeys, requireIcon: true) else {
        continue
      }
      misspelled(key, real: real, path: [key])
    }
    for key in Self.dictionaryKeys {
      guard let value = root[key] else { continue }
      guard let icons = value as? [String: Any] else { continue }
      readIcons(icons, key: key)
    }
  }

  private mutating func readIcons(_ icons: [String: Any], key: String) {
    for other in icons.keys.sorted() where !Self.iconsKeys.contains(other) {
      if let real = Self.nearest(other, in: Self.iconsKeys, requireIcon: false) {
        misspelled(other, real: real, path: [key, other])
      }
    }
    let primaryPath = [key, "CFBundlePrimaryIcon"]
    switch icons["CFBundlePrimaryIcon"] {
    case nil:
      break
    case let name as String:
      // A primary the build compiles replaces the written one whole, whatever its form.
      if isTVOS == false, !primaryCompiled {
        add(
          primaryPath,
          message:
            "\(Self.join(primaryPath)) is a string, the tvOS form; in an iOS app it must be a dictionary, or iOS finds no primary icon",
          fix:
            "Write CFBundlePrimaryIcon as a dictionary: <dict><key>CFBundleIconName</key><string>\(MessageText.escaped(name))</string></dict>.",
          form: .tvOS)
      }
      nameWritten(name, dictionary: key, alternate: nil, path: primaryPath)
    case let entry as [String: Any]:
      if isTVOS == true, !primaryCompiled {
        add(
          primaryPath,
          message:
            "\(Self.join(primaryPath)) is a dictionary, the iOS form; tvOS reads it as the name of the brand assets, a string",
          fix: "Write CFBundlePrimaryIcon as a string: the name of the app icon's brand assets.",
          form: .iOS)
      }
      readEntry(entry, dictionary: key, alternate: nil, path: primaryPath)
    case _?:
      break
    }

    let alternatesPath = [key, "CFBundleAlternateIcons"]
    switch icons["CFBundleAlternateIcons"] {
    case nil:
      break
    case let names as [Any]:
      // Alternates the build compiles replace a written value of the other form.
      if isTVOS == false, compiledNames.isEmpty {
        add(
          alternatesPath,
          message:
            "\(Self.join(alternatesPath)) is an array, the tvOS form; in an iOS app it must be a dictionary keyed by icon name, or supportsAlternateIcons is false",
          fix:
            "Write CFBundleAlternateIcons as a dictionary: one key per icon name, each a dictionary with CFBundleIconName.",
          form: .tvOS)
      }
      for (index, item) in names.enumerated() {
        let path = alternatesPath + [String(index)]
        if item as? String == "CFBundlePrimaryIcon" { nestedPrimary(path) }
      }
    case let entries as [String: Any]:
      if isTVOS == true, compiledNames.isEmpty {
        add(
          alternatesPath,
          message:
            "\(Self.join(alternatesPath)) is a dictionary, the iOS form; tvOS reads an array of brand assets names",
          fix: "Write CFBundleAlternateIcons as an array of the alternate brand assets' names.",
          form: .iOS)
      }
      for name in entries.keys.sorted() {
        let path = alternatesPath + [name]
        if name == "CFBundlePrimaryIcon" {
          nestedPrimary(path, movable: icons["CFBundlePrimaryIcon"] == nil)
          continue
        }
        guard let entry = entries[name] as? [String: Any] else { continue }
        readEntry(entry, dictionary: key, alternate: name, path: path)
      }
    case _?:
      break
    }
  }

  private mutating func readEntry(
    _ entry: [String: Any], dictionary: String, alternate: String?, path: [String]
  ) {
    for key in entry.keys.sorted() where !Self.entryKeys.contains(key) {
      if let real = Self.nearest(key, in: Self.entryKeys, requireIcon: false) {
        misspelled(key, real: real, path: path + [key])
      } else if key == "CFBundlePrimaryIcon" || key == "CFBundleAlternateIcons" {
        add(
          path + [key],
          message:
            "\(Self.join(path + [key])) is nested one level too deep; iOS reads it only directly under \(dictionary)",
          fix: "Move \(key) up, directly under \(dictionary).")
      }
    }
    if let name = entry["CFBundleIconName"] as? String {
      nameWritten(
        name, dictionary: dictionary, alternate: alternate, path: path + ["CFBundleIconName"])
    }
  }

  private mutating func nameWritten(
    _ raw: String, dictionary: String, alternate: String?, path: [String]
  ) {
    guard let name = written.expand(raw), !name.isEmpty else { return }
    let replaced = alternate.map { compiledNames.contains($0) } ?? primaryCompiled
    iconNames.append(
      WrittenIconName(
        dictionary: dictionary, alternate: alternate, name: name,
        line: lines?.line(of: path) ?? lines?.keyLine(of: path), replacedByBuild: replaced))
  }

  /// `movable`: the dictionary form, in an icon dictionary with no primary of its own.
  private mutating func nestedPrimary(_ path: [String], movable: Bool = false) {
    add(
      path,
      message:
        "CFBundlePrimaryIcon is written inside \(Self.join(Array(path.dropLast()))); iOS then finds no primary there and supportsAlternateIcons is false",
      fix: "Move CFBundlePrimaryIcon out, next to CFBundleAlternateIcons under \(path[0]).",
      movesPrimaryUpTo: movable ? path.first : nil)
  }

  private mutating func misspelled(_ key: String, real: String, path: [String]) {
    add(
      path,
      message:
        "\(Self.join(path)): \"\(MessageText.escaped(key))\" is not a key iOS reads; it looks like a misspelling of \(real), so iOS ignores the entry",
      fix: "Spell the key \(real).")
  }

  private mutating func add(
    _ path: [String], message: String, fix: String, form: AppPlatform? = nil,
    movesPrimaryUpTo: String? = nil
  ) {
    let line = lines?.keyLine(of: path) ?? lines?.line(of: path) ?? enclosingLine(path)
    problems.append(
      DictionaryProblem(
        path: Self.join(path), message: message, fix: fix, line: line, form: form,
        movesPrimaryUpTo: movesPrimaryUpTo))
  }

  private func enclosingLine(_ path: [String]) -> Int? {
    var path = path
    while !path.isEmpty {
      path.removeLast()
      if let line = lines?.keyLine(of: path) ?? lines?.line(of: path) { return line }
    }
    return nil
  }

  /// `CFBundleIcons → CFBundleAlternateIcons → Blue`, each key as a message may print it.
  static func join(_ path: [String]) -> String {
    path.map { MessageText.escaped($0) }.joined(separator: " → ")
  }

  /// The real key `key` is most likely a slip of: equal ignoring case and `~`/`-`/`_`, or within
  /// two edits (three for long keys). With `requireIcon`, only keys that mention "icon" count (the
  /// top level holds many other keys).
  static func nearest(_ key: String, in real: [String], requireIcon: Bool) -> String? {
    if requireIcon && !key.lowercased().contains("icon") { return nil }
    func folded(_ text: String) -> String {
      text.lowercased().filter { $0.isLetter || $0.isNumber }
    }
    if let match = real.first(where: { folded($0) == folded(key) }) { return match }
    var best: (key: String, distance: Int)?
    for candidate in real {
      let distance = editDistance(key.lowercased(), candidate.lowercased())
      let allowed = candidate.count >= 16 ? 3 : 2
      if distance <= allowed, best.map({ distance < $0.distance }) ?? true {
        best = (candidate, distance)
      }
    }
    return best?.key
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
