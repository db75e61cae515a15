import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an Info.plist icon dictionary says about one icon, beyond its name.
struct DeclaredIcon: Equatable, Sendable {
  /// `CFBundleIconName`: the asset holding the images. Raw; may hold `$(VAR)`.
  var iconName: String?
  /// `CFBundleIconFiles`: loose image names, as written (usually without extension).
  var iconFiles: [String] = []
  /// The idioms whose icon dictionary declares it: `iphone`, `ipad`.
  var idioms: [String] = []
  /// `UIPrerenderedIcon`.
  var isPrerendered = false

  /// Another dictionary's declaration of the same icon: the first `CFBundleIconName` stays (the
  /// iPhone dictionary is read first), files and idioms are added.
  mutating func merge(_ other: DeclaredIcon) {
    if iconName == nil { iconName = other.iconName }
    for file in other.iconFiles where !iconFiles.contains(file) { iconFiles.append(file) }
    for idiom in other.idioms where !idioms.contains(idiom) { idioms.append(idiom) }
    isPrerendered = isPrerendered || other.isPrerendered
  }
}

/// An alternate icon as Info.plist declares it.
struct DeclaredAlternate: Equatable, Sendable {
  /// The key of `CFBundleAlternateIcons` (or, on tvOS, an item of its array): what
  /// `setAlternateIconName` takes.
  var name: String
  var icon: DeclaredIcon

  /// Its `CFBundleIconName`: the asset holding the images. Raw; may hold `$(VAR)`.
  var iconName: String? { icon.iconName }
}

/// The keys of an app's Info.plist that iconpick reads. String values are raw: they may hold
/// `$(VAR)` references, which the caller expands with the build settings.
struct InfoPlist {
  let file: URL
  let root: [String: Any]

  /// The icon dictionaries, iPhone first; each declares a primary and alternates.
  static let iconKeys = ["CFBundleIcons", "CFBundleIcons~ipad"]

  init(file: URL, root: [String: Any]) {
    self.file = file
    self.root = root
  }

  /// XML, binary or old ASCII; Foundation tells them apart.
  static func read(_ file: URL) throws(IconCatalogError) -> InfoPlist {
    InfoPlist(file: file, root: try PropertyListFile.readDictionary(file))
  }

  var displayName: String? { root["CFBundleDisplayName"] as? String }
  var bundleName: String? { root["CFBundleName"] as? String }
  var bundleIdentifier: String? { root["CFBundleIdentifier"] as? String }

  /// `CFBundleIcons` → `CFBundlePrimaryIcon` → `CFBundleIconName` (the iPhone entry first).
  func primaryIconName() -> String? {
    primaryIcon()?.iconName
  }

  /// `CFBundlePrimaryIcon` of every idiom's dictionary, merged; also the old top-level
  /// `CFBundleIconFiles` and `CFBundleIconFile` (iOS 3), which name the primary's files.
  /// Nil when nothing declares a primary.
  func primaryIcon() -> DeclaredIcon? {
    primaryIcon(recording: nil)
  }

  func primaryIcon(recording problems: ValueProblems?) -> DeclaredIcon? {
    var found: DeclaredIcon?
    for dictionary in iconDictionaries(recording: problems) {
      guard let primary = primary(in: dictionary.icons, path: [dictionary.key], problems) else {
        continue
      }
      var declared = primary
      declared.idioms = dictionary.idioms
      if found == nil { found = declared } else { found?.merge(declared) }
    }
    var legacy = DeclaredIcon()
    legacy.iconFiles = strings(root, "CFBundleIconFiles", path: [], problems) ?? []
    if let single = string(root, "CFBundleIconFile", path: [], problems) {
      legacy.iconFiles.append(single)
    }
    if !legacy.iconFiles.isEmpty {
      if found == nil { found = legacy } else { found?.merge(legacy) }
    }
    return found
  }

  /// The `CFBundleAlternateIcons` entries of every idiom's dictionary, each name once.
  /// Plist dictionaries carry no order, so dictionary entries come sorted by name; the tvOS array
  /// form keeps its order. The iPhone dictionary's names come first.
  func alternates() throws(IconCatalogError) -> [DeclaredAlternate] {
    try alternates(recording: nil)
  }

  func alternates(recording problems: ValueProblems?) throws(IconCatalogError)
    -> [DeclaredAlternate]
  {
    var found: [DeclaredAlternate] = []
    var index: [String: Int] = [:]
    for dictionary in iconDictionaries(recording: problems) {
      for alternate in try alternates(in: dictionary.icons, path: [dictionary.key], problems) {
        var declared = alternate
        declared.icon.idioms = dictionary.idioms
        if let at = index[declared.name] {
          found[at].icon.merge(declared.icon)
        } else {
          index[declared.name] = found.count
          found.append(declared)
        }
      }
    }
    return found
  }

  /// The icon dictionaries as written, entry by entry with its key path and line: what the build
  /// starts from (`BuiltIconDictionaries.build`). Values of the wrong type hold no entry (`check`
  /// reports them).
  func writtenIconDictionaries() -> [BuiltIconDictionaries.Dictionary] {
    let lines = PlistLines.read(file)
    func origin(_ path: [String]) -> BuiltIconDictionaries.Origin {
      .infoPlist(
        file: file.path, line: lines?.keyLine(of: path) ?? lines?.line(of: path), keyPath: path)
    }
    /// An entry written as a dictionary at `path`, with the lines of its values.
    func written(_ entry: [String: Any], name: String, path: [String])
      -> BuiltIconDictionaries.Entry
    {
      let namePath = path + ["CFBundleIconName"]
      let files = (entry["CFBundleIconFiles"] as? [Any])?.compactMap { $0 as? String } ?? []
      return .init(
        name: name, origin: origin(path), iconName: entry["CFBundleIconName"] as? String,
        iconFiles: files,
        iconNameLine: lines?.line(of: namePath) ?? lines?.keyLine(of: namePath),
        iconFileLines: files.indices.map {
          lines?.line(of: path + ["CFBundleIconFiles", String($0)])
        })
    }
    var found: [BuiltIconDictionaries.Dictionary] = []
    for key in ["CFBundleIcons", "CFBundleIcons~iphone", "CFBundleIcons~ipad"] {
      guard let icons = root[key] as? [String: Any] else { continue }
      var dictionary = BuiltIconDictionaries.Dictionary(key: key, primary: nil, alternates: [])
      let primaryPath = [key, "CFBundlePrimaryIcon"]
      switch icons["CFBundlePrimaryIcon"] {
      case let name as String:
        dictionary.primary = .init(
          name: name, origin: origin(primaryPath), iconName: name,
          iconNameLine: lines?.line(of: primaryPath) ?? lines?.keyLine(of: primaryPath))
      case let entry as [String: Any]:
        let iconName = entry["CFBundleIconName"] as? String
        dictionary.primary = written(entry, name: iconName ?? "", path: primaryPath)
      default:
        break
      }
      let alternatesPath = [key, "CFBundleAlternateIcons"]
      switch icons["CFBundleAlternateIcons"] {
      case let names as [Any]:
        for (index, item) in names.enumerated() {
          guard let name = item as? String, !name.isEmpty else { continue }
          dictionary.alternates.append(
            .init(name: name, origin: origin(alternatesPath + [String(index)])))
        }
      case let entries as [String: Any]:
        for name in entries.keys.sorted() where !name.isEmpty {
          guard let entry = entries[name] as? [String: Any] else { continue }
          dictionary.alternates.append(written(entry, name: name, path: alternatesPath + [name]))
        }
      default:
        break
      }
      found.append(dictionary)
    }
    return found
  }

  /// The top-level `CFBundleIconFiles`, as written, with its lines; nil when there is none.
  func writtenTopLevelIconFiles() -> BuiltIconDictionaries.Entry? {
    guard let items = root["CFBundleIconFiles"] as? [Any] else { return nil }
    let lines = PlistLines.read(file)
    let path = ["CFBundleIconFiles"]
    let files = items.compactMap { $0 as? String }
    return .init(
      name: "", origin: .infoPlist(file: file.path, line: lines?.keyLine(of: path), keyPath: path),
      iconFiles: files, iconFileLines: files.indices.map { lines?.line(of: path + [String($0)]) })
  }

  /// `UIDeviceFamily` (1 iPhone, 2 iPad, 3 Apple TV): the build writes it from
  /// `TARGETED_DEVICE_FAMILY`, so a built app's Info.plist says where it runs.
  var deviceFamilies: [Int]? { deviceFamilies(recording: nil) }

  /// Numbers, or strings that spell one (read, and reported); anything else is passed over, and
  /// a value that is not an array names no family: no evidence says iOS reads a lone number.
  func deviceFamilies(recording problems: ValueProblems?) -> [Int]? {
    let key = "UIDeviceFamily"
    guard let value = root[key] else { return nil }
    guard let items = value as? [Any] else {
      problems?.add([key], value, expected: "an array of numbers", readAs: .passedOver)
      return nil
    }
    var families: [Int] = []
    for (index, item) in items.enumerated() {
      if let number = PropertyListValue.integer(item) {
        families.append(number)
      } else if let text = item as? String, let number = Int(text) {
        problems?.add(
          [key, String(index)], item, expected: "a number", readAs: .value("\(number)"))
        families.append(number)
      } else {
        problems?.add([key, String(index)], item, expected: "a number", readAs: .passedOver)
      }
    }
    return families.isEmpty ? nil : families
  }

  // MARK: The icon dictionaries

  /// Info.plist key modifiers: on iPad `CFBundleIcons~ipad` replaces `CFBundleIcons` when present,
  /// on iPhone `CFBundleIcons~iphone` does. So a name in `CFBundleIcons` works on iPad too unless
  /// there is a `CFBundleIcons~ipad`.
  private func iconDictionaries(recording problems: ValueProblems?) -> [(
    key: String, icons: [String: Any], idioms: [String]
  )] {
    let base = "CFBundleIcons"
    var dictionaries: [String: [String: Any]] = [:]
    for key in [base, base + "~iphone", base + "~ipad"] {
      dictionaries[key] = dictionary(root, key, path: [], problems)
    }
    var result: [(key: String, icons: [String: Any], idioms: [String])] = []
    for idiom in ["iphone", "ipad"] {
      let key = dictionaries[base + "~" + idiom] != nil ? base + "~" + idiom : base
      guard let icons = dictionaries[key] else { continue }
      if let at = result.firstIndex(where: { $0.key == key }) {
        result[at].idioms.append(idiom)
      } else {
        result.append((key, icons, [idiom]))
      }
    }
    return result
  }

  /// The iOS form (a dictionary) or the tvOS form (a string: the asset's name).
  private func primary(in icons: [String: Any], path: [String], _ problems: ValueProblems?)
    -> DeclaredIcon?
  {
    let path = path + ["CFBundlePrimaryIcon"]
    switch icons["CFBundlePrimaryIcon"] {
    case nil:
      return nil
    case let name as String:
      return DeclaredIcon(iconName: name)
    case let entry as [String: Any]:
      return declaredIcon(entry, path: path, problems)
    case let value?:
      problems?.add(
        path, value, expected: "a dictionary (or, on tvOS, a string)", readAs: .passedOver)
      return nil
    }
  }

  /// The most alternates one icon dictionary may declare. Real apps declare tens (the corpus's
  /// largest, a few dozen); at 10,000 every command stays near 2 s of CPU and 50 MB in a debug
  /// build, and each command's cost grows linearly past it (100,000: `check` 14 s and 285 MB in
  /// release; docs/performance.md, "Hostile sizes"), so more is refused, naming the file.
  public static let maximumAlternates = 10_000

  /// The iOS form (a dictionary keyed by name) or the tvOS form (an array of names).
  private func alternates(in icons: [String: Any], path: [String], _ problems: ValueProblems?)
    throws(IconCatalogError) -> [DeclaredAlternate]
  {
    let key = "CFBundleAlternateIcons"
    let path = path + [key]
    let count = (icons[key] as? [Any])?.count ?? (icons[key] as? [String: Any])?.count ?? 0
    guard count <= Self.maximumAlternates else {
      throw .invalidInfoPlist(
        file: file.path,
        reason:
          "\(path.joined(separator: " → ")) declares \(count) alternate icons, over the limit of \(Self.maximumAlternates) that iconpick reads"
      )
    }
    switch icons[key] {
    case nil:
      return []
    case let names as [Any]:
      var found: [DeclaredAlternate] = []
      for (index, item) in names.enumerated() {
        guard let name = item as? String else {
          problems?.add(
            path + [String(index)], item, expected: "a string (an icon name)", readAs: .passedOver)
          continue
        }
        // setAlternateIconName("") means nothing; an empty item names no icon.
        if !name.isEmpty {
          found.append(DeclaredAlternate(name: name, icon: DeclaredIcon(iconName: name)))
        }
      }
      return found
    case let entries as [String: Any]:
      var found: [DeclaredAlternate] = []
      for name in entries.keys.sorted() where !name.isEmpty {
        guard let entry = dictionary(entries, name, path: path, problems) else { continue }
        found.append(
          DeclaredAlternate(name: name, icon: declaredIcon(entry, path: path + [name], problems)))
      }
      return found
    case let value?:
      problems?.add(
        path, value, expected: "a dictionary (or, on tvOS, an array of names)", readAs: .passedOver)
      return []
    }
  }

  /// One icon's dictionary: `CFBundleIconName`, `CFBundleIconFiles`, `UIPrerenderedIcon`.
  private func declaredIcon(_ entry: [String: Any], path: [String], _ problems: ValueProblems?)
    -> DeclaredIcon
  {
    DeclaredIcon(
      iconName: string(entry, "CFBundleIconName", path: path, problems),
      iconFiles: strings(entry, "CFBundleIconFiles", path: path, problems) ?? [],
      isPrerendered: prerendered(entry, path: path, problems))
  }

  // MARK: Typed access: a value of another type is read as iOS reads it, and recorded

  /// A dictionary, else nothing: iOS's `objectForInfoDictionaryKey` callers check the class.
  private func dictionary(
    _ parent: [String: Any], _ key: String, path: [String], _ problems: ValueProblems?
  ) -> [String: Any]? {
    guard let value = parent[key] else { return nil }
    guard let dictionary = value as? [String: Any] else {
      problems?.add(path + [key], value, expected: "a dictionary", readAs: .passedOver)
      return nil
    }
    return dictionary
  }

  private func string(
    _ parent: [String: Any], _ key: String, path: [String], _ problems: ValueProblems?
  ) -> String? {
    guard let value = parent[key] else { return nil }
    guard let string = value as? String else {
      problems?.add(path + [key], value, expected: "a string", readAs: .passedOver)
      return nil
    }
    return string
  }

  /// An array's strings. A lone string is not read as a one-item array: nothing shows that iOS
  /// does so (Apple's reference types `CFBundleIconFiles` as an array of strings), so it is
  /// passed over, as are items that are not strings.
  private func strings(
    _ parent: [String: Any], _ key: String, path: [String], _ problems: ValueProblems?
  ) -> [String]? {
    guard let value = parent[key] else { return nil }
    guard let items = value as? [Any] else {
      problems?.add(path + [key], value, expected: "an array of file names", readAs: .passedOver)
      return nil
    }
    var strings: [String] = []
    for (index, item) in items.enumerated() {
      guard let string = item as? String else {
        problems?.add(
          path + [key, String(index)], item, expected: "a string (a file name)",
          readAs: .passedOver)
        continue
      }
      strings.append(string)
    }
    return strings
  }

  /// `UIPrerenderedIcon`. Since iPhone OS 2.1 a value that is not a Boolean (`<string>YES</string>`
  /// among them) is ignored and the default holds: not prerendered (Apple's Technical Q&A QA1614).
  /// Since iOS 7 the key has had no effect on the home screen at all, so whatever it says changes
  /// nothing a user sees.
  private func prerendered(_ entry: [String: Any], path: [String], _ problems: ValueProblems?)
    -> Bool
  {
    let key = "UIPrerenderedIcon"
    guard let value = entry[key] else { return false }
    if let bool = Self.boolean(value) { return bool }
    problems?.add(path + [key], value, expected: "true or false", readAs: .value("false"))
    return false
  }

  /// The value of a plist `<true/>`/`<false/>`; nil for anything else. Foundation on Linux
  /// returns those as `Bool` and an `<integer>` as an `NSNumber` (which `as? Bool` would take
  /// too), on Darwin as `__NSCFBoolean`.
  static func boolean(_ value: Any) -> Bool? {
    guard let bool = value as? Bool else { return nil }
    let type = String(describing: Swift.type(of: value))
    return type == "Bool" || type == "__NSCFBoolean" ? bool : nil
  }

  /// What a property-list value is, for messages.
  static func kind(of value: Any) -> String {
    switch value {
    case is String: return "a string"
    case is [Any]: return "an array"
    case is [String: Any]: return "a dictionary"
    case is Data: return "data"
    case is Date: return "a date"
    case is Bool, is Int, is Double: return "a number"
    default: return "a \(type(of: value))"
    }
  }
}
