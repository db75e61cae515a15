import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `.xcassets` folder and the app icons in it: `.appiconset` folders and Icon Composer `.icon`
/// bundles, at any depth of groups.
struct AssetCatalog: Sendable {
  struct IconSet: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
      /// `NAME.appiconset` with a `Contents.json`.
      case appIconSet
      /// An Icon Composer `NAME.icon` bundle with an `icon.json`.
      case iconComposer
      /// A tvOS `NAME.brandassets`, whose app icon is a layered image stack.
      case brandAssets
    }

    /// The folder name without its extension, prefixed by `Group/` for each enclosing group whose
    /// Contents.json says `provides-namespace`: the name build settings and Info.plist use.
    var name: String
    /// The folder's path (`folder.path`), kept as the walk read it: a URL made and read back
    /// costs some 10,000 instructions, for each of an app's thousands of sets before the
    /// picker's first screen.
    var path: String
    var kind: Kind = .appIconSet

    var folder: URL { URL(fileURLWithPath: path, isDirectory: true) }

    init(name: String, folder: URL, kind: Kind = .appIconSet) {
      self.init(name: name, path: folder.path, kind: kind)
    }

    init(name: String, path: String, kind: Kind = .appIconSet) {
      self.name = name
      self.path = path
      self.kind = kind
    }

    /// Its images; the JSON is read only now, when the icon is used.
    func renditions() throws(IconCatalogError) -> [IconRendition] {
      switch kind {
      case .appIconSet: return try AppIconSet.renditions(in: folder)
      case .iconComposer: return IconComposerBundle.renditions(in: folder)
      case .brandAssets: return try BrandAssets.renditions(in: folder)
      }
    }
  }

  var folder: URL
  /// Every app icon in the catalog, at any depth, sorted by path.
  var iconSets: [IconSet]

  /// Asset kinds that hold no app icon: not worth walking into.
  static let leafExtensions: Set<String> = [
    "imageset", "colorset", "dataset", "symbolset", "iconset", "launchimage",
    "imagestack", "imagestacklayer", "cubetextureset", "mipmapset", "textureset", "arimageset",
    "arresourcegroup", "complicationset", "stickerpack", "sticker", "stickersequence",
    "spriteatlas", "solidimagestack", "solidimagestacklayer", "gcdashboardimage", "gcleaderboard",
    "gcleaderboardset", "gcachievement",
  ]

  /// Reads the catalog's folders; a group's `Contents.json` that is not valid JSON is an error
  /// (actool refuses it too).
  static func read(_ folder: URL) throws(IconCatalogError) -> AssetCatalog {
    try walk(folder, strict: true)
  }

  /// Like `read`, but a broken group `Contents.json` only loses its namespace: for quick looks
  /// such as "is there an app here?".
  static func scan(_ folder: URL) -> AssetCatalog {
    (try? walk(folder, strict: false)) ?? AssetCatalog(folder: folder, iconSets: [])
  }

  /// The app icons of exactly these catalogs, plus Icon Composer bundles outside any catalog (a
  /// target's resources, or the `.icon` bundles found in a project folder).
  static func appIconSets(in catalogs: [URL], iconBundles: [URL]) throws(IconCatalogError)
    -> AssetCatalogs
  {
    var read: [AssetCatalog] = []
    for catalog in catalogs { read.append(try AssetCatalog.read(catalog)) }
    // A bundle listed on its own and also found inside a listed catalog counts once, as the catalog's.
    var seen = iconBundles.isEmpty ? [] : Set(read.flatMap(\.iconSets).map(\.path))
    var bundles: [IconSet] = []
    for url in iconBundles where seen.insert(folderURL(url).path).inserted {
      bundles.append(
        IconSet(
          name: url.deletingPathExtension().lastPathComponent, folder: folderURL(url),
          kind: .iconComposer))
    }
    return AssetCatalogs(catalogs: read, iconBundles: bundles)
  }

  private static func walk(_ catalog: URL, strict: Bool) throws(IconCatalogError) -> AssetCatalog {
    let catalog = folderURL(catalog)
    var found: [(path: String, set: IconSet)] = []
    var namespaces = NamespaceCache(strict: strict)

    // Depth first by hand: readdir's entry types save a stat per entry, which a catalog of
    // thousands of sets feels. An unreadable subfolder hides only what is in it; symbolic links are
    // not followed.
    func visit(_ path: String, groups: [String]) throws(IconCatalogError) {
      for entry in DirectoryListing.entries(atPath: path) where entry.isDirectory {
        let name = entry.name
        let child = path + "/" + name
        let kind: IconSet.Kind
        let pathExtension = DirectoryListing.pathExtension(of: name)
        switch pathExtension {
        case "appiconset": kind = .appIconSet
        case "icon": kind = .iconComposer
        case "brandassets": kind = .brandAssets
        case let ext:
          if !leafExtensions.contains(ext) && !name.hasPrefix(".") {
            try visit(child, groups: groups + [name])
          }
          continue
        }
        let prefix = try namespaces.prefix(for: groups, in: catalog)
        let stem = name.dropLast(pathExtension.utf8.count + 1)
        found.append(
          (
            child,
            IconSet(name: prefix + stem, path: child, kind: kind)
          ))
      }
    }
    var root = catalog.path
    while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
    try visit(root, groups: [])
    found.sort { $0.path < $1.path }
    return AssetCatalog(folder: catalog, iconSets: found.map(\.set))
  }

  /// One spelling for a folder, however it was reached, so results compare equal.
  static func folderURL(_ url: URL) -> URL {
    URL(fileURLWithPath: url.standardizedFileURL.path, isDirectory: true)
  }

  var hasIconSet: Bool { !iconSets.isEmpty }
}

/// Which group folders provide a namespace; each group's Contents.json is read once.
private struct NamespaceCache {
  let strict: Bool
  private var provides: [String: Bool] = [:]

  init(strict: Bool) {
    self.strict = strict
  }

  /// `A/B/` for groups A and B that provide a namespace, in order; "" when none does.
  mutating func prefix(for groups: [String], in catalog: URL) throws(IconCatalogError) -> String {
    var prefix = ""
    var folder = catalog
    for group in groups {
      folder = folder.appendingPathComponent(group, isDirectory: true)
      if try providesNamespace(folder) { prefix += group + "/" }
    }
    return prefix
  }

  private mutating func providesNamespace(_ group: URL) throws(IconCatalogError) -> Bool {
    if let known = provides[group.path] { return known }
    let file = group.appendingPathComponent("Contents.json", isDirectory: false)
    var answer = false
    if ReadDisk.exists(file.path) {
      do {
        answer = try Self.decode(file)
      } catch {
        if strict { throw error }
      }
    }
    provides[group.path] = answer
    return answer
  }

  private static func decode(_ file: URL) throws(IconCatalogError) -> Bool {
    let data = try FileData.read(file, limit: FileLimits.contentsJSON)
    do {
      return try JSONDecoder().decode(GroupContents.self, from: data).properties?.providesNamespace
        ?? false
    } catch {
      throw .invalidGroupContentsJSON(file: file.path, reason: JSONProblem.describe(error))
    }
  }

  /// A group's Contents.json: `{"properties": {"provides-namespace": true}, "info": {...}}`.
  private struct GroupContents: Decodable {
    var properties: Properties?

    struct Properties: Decodable {
      var providesNamespace: Bool?

      enum CodingKeys: String, CodingKey {
        case providesNamespace = "provides-namespace"
      }
    }
  }
}

/// The app icons of several catalogs and loose `.icon` bundles, looked up by name.
struct AssetCatalogs: Sendable {
  let catalogs: [AssetCatalog]
  /// Icon Composer bundles outside any catalog.
  let iconBundles: [AssetCatalog.IconSet]
  /// All app icons: catalog by catalog, then the loose bundles.
  let iconSets: [AssetCatalog.IconSet]
  private let byName: [String: [AssetCatalog.IconSet]]
  /// Set names by their lowercased form, for names written with other capitals.
  private let byLowercasedName: [String: [String]]
  /// Each `.appiconset`'s renditions, read once: whether a set compiles to an icon is asked
  /// when the names are resolved, and its images are read again for every command that shows
  /// them.
  private let readings = SetReadings()
  /// Where `compileToIcons` remembers its answers between runs (the picker's); nil: nowhere.
  var contentCache: SetContentCache?

  init(catalogs: [AssetCatalog], iconBundles: [AssetCatalog.IconSet] = []) {
    self.catalogs = catalogs
    self.iconBundles = iconBundles
    iconSets = catalogs.flatMap(\.iconSets) + iconBundles
    byName = Dictionary(grouping: iconSets, by: \.name)
    var lowercased: [String: [String]] = [:]
    for name in byName.keys { lowercased[name.lowercased(), default: []].append(name) }
    // Names that differ only in case, in order; the thousands of others need no sort.
    for (key, names) in lowercased where names.count > 1 { lowercased[key] = names.sorted() }
    byLowercasedName = lowercased
  }

  /// The name of the set a build setting's `name` resolves to: the set of exactly that name, else
  /// the one set whose name differs only in case. Asset names are matched without regard to case
  /// (Xcode builds on a case-insensitive file system, and asset catalog lookups ignore case), and
  /// the compiled app knows the set by its own spelling. Nil when no set, or several, match.
  func setName(matching name: String) -> String? {
    if byName[name] != nil { return name }
    guard let candidates = byLowercasedName[name.lowercased()], candidates.count == 1 else {
      return nil
    }
    return candidates[0]
  }

  /// The renditions of `set`, read once whoever asks first.
  func renditions(of set: AssetCatalog.IconSet) throws(IconCatalogError) -> [IconRendition] {
    guard set.kind == .appIconSet else { return try set.renditions() }
    let path = set.path
    if let known = readings.result(for: path) { return try known.get() }
    let result = Result { () throws(IconCatalogError) -> [IconRendition] in
      try AppIconSet.read(set.folder, contents: contents(of: set, path: path)).renditions
    }
    readings.store(result, for: path)
    return try result.get()
  }

  /// The set's Contents.json, decoded once whoever asks first (`compilesToIcon` or `renditions`).
  private func contents(of set: AssetCatalog.IconSet, path: String) throws(IconCatalogError)
    -> AppIconSet.Contents?
  {
    if let known = readings.decoded(for: path) { return try known.get() }
    let result = Result { () throws(IconCatalogError) -> AppIconSet.Contents? in
      try AppIconSet.decode(folderAt: path)
    }
    readings.store(decoded: result, for: path)
    return try result.get()
  }

  /// False for an `.appiconset` actool compiles no icon from: no entry it keeps names a file
  /// (`AppIconSet.hasContent`; actool: "did not have any applicable content"), so the build
  /// writes no `CFBundleIcons` entry for it. True for an `.icon`, brand assets, and a set whose
  /// Contents.json cannot be read (reading the icon says why). The set's renditions are not
  /// made for this (`AppIconSet.hasContent(_:in:)`, the same answer): the picker asks it of
  /// every set before its first screen, and reads renditions only for the icons it draws.
  func compilesToIcon(_ set: AssetCatalog.IconSet) -> Bool {
    guard set.kind == .appIconSet else { return true }
    let path = set.path
    if let known = readings.result(for: path) {
      return (try? known.get()).map(AppIconSet.hasContent) ?? true
    }
    do throws(IconCatalogError) {
      return try AppIconSet.hasContent(contents(of: set, path: path), inFolderAt: path)
    } catch {
      return true
    }
  }

  /// Whether the sets of each name compile to an icon (`compilesToIcon`), in order; the sets
  /// are read on all cores, as an app may list thousands. With a `contentCache`, a set whose
  /// Contents.json is as it was when last asked is answered from it, with one stat.
  func compileToIcons(_ names: [String]) -> [Bool] {
    guard let contentCache, !ReadDisk.isPlanned else {
      return ConcurrentMap.map(names) { name in
        iconSets(named: name).contains(where: compilesToIcon)
      }
    }
    let folders = catalogs.map(\.folder.path)
    let remembered = contentCache.load(catalogs: folders)
    // A file changed since this is not remembered: a change in the same tick would not show.
    let settledBefore = SetContentCache.now() - contentCache.settled
    // Each set's Contents.json is stat'ed from its catalog's open folder (a set's path is its
    // catalog's, a slash, and the rest).
    let roots: [(prefix: String, descriptor: Int32)] = folders.map { folder in
      var root = folder
      while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
      return (root + "/", open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC))
    }
    defer { for root in roots where root.descriptor >= 0 { close(root.descriptor) } }
    @Sendable func identity(ofContentsIn path: String) -> (
      identity: SetContentCache.Identity, changed: Double
    )? {
      for root in roots where root.descriptor >= 0 && path.utf8.starts(with: root.prefix.utf8) {
        // Cut after an ASCII slash: always whole UTF-8.
        guard let inside = String(path.utf8.dropFirst(root.prefix.utf8.count)) else { break }
        return SetContentCache.Identity.of(inside + "/Contents.json", in: root.descriptor)
      }
      return SetContentCache.Identity.of(path + "/Contents.json")
    }
    typealias Learnt = (folder: String, entry: SetContentCache.Entry?)
    let answers = ConcurrentMap.map(names) { name -> (compiles: Bool, learnt: [Learnt]) in
      var learnt: [Learnt] = []
      let compiles = iconSets(named: name).contains { set in
        guard set.kind == .appIconSet else { return true }
        let path = set.path
        // The stat comes first: a change after it gives the next run another identity.
        let seen = identity(ofContentsIn: path)
        if let seen, let entry = remembered[path], entry.identity == seen.identity {
          return entry.compiles
        }
        let compiles = compilesToIcon(decodedNow: set, path: path)
        if let seen, seen.changed < settledBefore {
          learnt.append((path, SetContentCache.Entry(identity: seen.identity, compiles: compiles)))
        } else if remembered[path] != nil {
          learnt.append((path, nil))
        }
        return compiles
      }
      return (compiles, learnt)
    }
    let changes = answers.flatMap(\.learnt)
    if !changes.isEmpty {
      var entries = remembered
      for change in changes { entries[change.folder] = change.entry }
      // Sets no longer in the catalogs are forgotten.
      let present = Set(catalogs.flatMap(\.iconSets).filter { $0.kind == .appIconSet }.map(\.path))
      contentCache.store(entries.filter { present.contains($0.key) }, catalogs: folders)
    }
    return answers.map(\.compiles)
  }

  /// `compilesToIcon` of a set whose Contents.json is decoded now, whatever was read of it
  /// before: the answer is remembered under the identity a stat just gave.
  private func compilesToIcon(decodedNow set: AssetCatalog.IconSet, path: String) -> Bool {
    let decoded = Result { () throws(IconCatalogError) -> AppIconSet.Contents? in
      try AppIconSet.decode(folderAt: path)
    }
    readings.store(decoded: decoded, for: path)
    do throws(IconCatalogError) {
      return try AppIconSet.hasContent(decoded.get(), inFolderAt: path)
    } catch {
      return true
    }
  }

  /// The first app icon with this exact name (actool refuses two sets with one name).
  func iconSet(named name: String) -> AssetCatalog.IconSet? {
    iconSets(named: name).first
  }

  /// The app icon the build compiles under this name. Where an `.icon` and an `.appiconset` share
  /// it, Xcode 26 builds the `.icon` and leaves the set out (`check` warns, `icon-and-appiconset-same-name`), so
  /// the `.icon` alone is the icon's everywhere: in `list`, `show`, the picker and `check`.
  func iconSets(named name: String) -> [AssetCatalog.IconSet] {
    let sets = byName[name] ?? []
    let iconComposer = sets.filter { $0.kind == .iconComposer }
    if !iconComposer.isEmpty { return iconComposer }
    return sets.filter { $0.kind == .appIconSet } + sets.filter { $0.kind == .brandAssets }
  }

  /// The app icons a build for `platform` uses: tvOS brand assets only for tvOS, Icon Composer
  /// `.icon` bundles only for iOS. Icon Composer makes icons for iPhone, iPad, Mac and Apple Watch,
  /// not Apple TV: a tvOS app's icon is a brand assets' image stack.
  /// On tvOS, an `.appiconset` none of whose entries is for Apple TV (an iOS target's set in a
  /// catalog the tvOS target copies too) is left out as well: actool compiles nothing of it there.
  func forPlatform(_ platform: AppPlatform) -> AssetCatalogs {
    let excluded: AssetCatalog.IconSet.Kind = platform == .iOS ? .brandAssets : .iconComposer
    func isForAnotherPlatform(_ set: AssetCatalog.IconSet) -> Bool {
      guard platform == .tvOS, set.kind == .appIconSet,
        let renditions = try? renditions(of: set), !renditions.isEmpty
      else { return false }
      return !renditions.contains(where: Self.isForAppleTV)
    }
    func keeps(_ set: AssetCatalog.IconSet) -> Bool {
      set.kind != excluded && !isForAnotherPlatform(set)
    }
    guard !iconSets.allSatisfy(keeps) else { return self }
    var kept = AssetCatalogs(
      catalogs: catalogs.map {
        AssetCatalog(folder: $0.folder, iconSets: $0.iconSets.filter(keeps))
      },
      iconBundles: iconBundles.filter(keeps))
    kept.contentCache = contentCache
    return kept
  }

  /// An entry for Apple TV: idiom `tv`, or `universal` for tvOS or for no platform in particular.
  static func isForAppleTV(_ rendition: IconRendition) -> Bool {
    switch rendition.idiom {
    case "tv": return true
    case "universal": return rendition.platform == nil || rendition.platform == "tvos"
    default: return false
    }
  }

}

/// What reading each `.appiconset` gave, by folder, shared by the threads that ask: its decoded
/// Contents.json until its renditions are made, then those.
private final class SetReadings: @unchecked Sendable {
  private let lock = Lock()
  private var results: [String: Result<[IconRendition], IconCatalogError>] = [:]
  private var decoded: [String: Result<AppIconSet.Contents?, IconCatalogError>] = [:]

  func result(for folder: String) -> Result<[IconRendition], IconCatalogError>? {
    lock.lock()
    defer { lock.unlock() }
    return results[folder]
  }

  func store(_ result: Result<[IconRendition], IconCatalogError>, for folder: String) {
    lock.lock()
    results[folder] = result
    decoded[folder] = nil
    lock.unlock()
  }

  func decoded(for folder: String) -> Result<AppIconSet.Contents?, IconCatalogError>? {
    lock.lock()
    defer { lock.unlock() }
    return decoded[folder]
  }

  func store(decoded result: Result<AppIconSet.Contents?, IconCatalogError>, for folder: String) {
    lock.lock()
    if results[folder] == nil { decoded[folder] = result }
    lock.unlock()
  }
}
