import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `iconpick check` needs to know about an app's project beyond its icons: what Info.plist
/// says word for word, what the build settings ask the asset catalog compiler for, and what the
/// catalogs hold. Read by `AppIconReader.facts(at:target:configuration:)`.
public struct ProjectFacts: Sendable {
  /// One `CFBundleIconFiles` array, as written.
  public struct IconFiles: Equatable, Sendable {
    /// The `CFBundleAlternateIcons` key it belongs to; nil for the primary icon.
    public var alternate: String?
    /// The dictionary it came from: `CFBundleIcons`, `CFBundleIcons~ipad`, `CFBundleIcons~iphone`,
    /// or "" for the old top-level `CFBundleIconFiles`.
    public var dictionary: String
    /// The strings, as written.
    public var files: [String]
    /// The 1-based line of each string in the Info.plist text (XML only), parallel to `files`.
    public var lines: [Int?]

    /// True when a `CFBundleIconFiles` name is written with its extension: it ends in an image
    /// extension (`.png`, any case), not merely holds a dot (`AppIcon83.5x83.5@2x~ipad`).
    public static func hasImageExtension(_ name: String) -> Bool {
      LooseIconFiles.IconFileName.hasImageExtension(name)
    }

    /// The base name a `CFBundleIconFiles` entry should be written as: without its image
    /// extension, idiom suffix (`~ipad`) and scale suffix (`@2x`), which iOS adds itself
    /// (`Blue@2x~ipad.png` is `Blue`).
    public static func baseName(_ name: String) -> String {
      var stem = Substring(name)
      if hasImageExtension(name), let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
      for idiom in ["~ipad", "~iphone"] where stem.hasSuffix(idiom) {
        stem = stem.dropLast(idiom.count)
      }
      if let at = stem.lastIndex(of: "@") {
        let suffix = stem[at...]
        let digits = suffix.dropFirst().dropLast()
        if suffix.count >= 3, suffix.last == "x", digits.allSatisfy(\.isNumber) {
          stem = stem[..<at]
        }
      }
      return String(stem)
    }

    public init(alternate: String?, dictionary: String, files: [String], lines: [Int?] = []) {
      self.alternate = alternate
      self.dictionary = dictionary
      self.files = files
      self.lines = lines.count == files.count ? lines : files.map { _ in nil }
    }
  }

  /// An `.appiconset` or Icon Composer `.icon` the target's catalogs (or resources) hold.
  public struct IconSet: Equatable, Sendable {
    /// The name build settings and Info.plist use (with namespace prefixes).
    public var name: String
    public var folder: URL
    public var isIconComposer: Bool
    /// The entries of an `.appiconset`'s Contents.json (its slots), and how many of them name a
    /// file; nil for an Icon Composer icon or a Contents.json that cannot be read.
    public var slotCount: Int?
    public var fileCount: Int?
    /// The entries actool ignores: an idiom with no icon of that size (`AppIconSlots`, an
    /// `iphone` 76×76 entry). They are not in `slotCount` and give the icon no image.
    public var ignoredEntries: [IgnoredEntry] = []

    /// An `images` entry of Contents.json whose idiom has no icon of its size.
    public struct IgnoredEntry: Equatable, Sendable {
      /// Its place in `images`, from 0.
      public var index: Int
      public var idiom: String
      /// As written (`76x76`).
      public var size: String
      /// The file it names, when it names one.
      public var filename: String?

      public init(index: Int, idiom: String, size: String, filename: String?) {
        self.index = index
        self.idiom = idiom
        self.size = size
        self.filename = filename
      }
    }

    /// An app icon set in which no entry actool keeps names a file: it compiles to no icon
    /// (`AppIconSet.hasContent`, the fact the prediction uses).
    public var isEmpty: Bool { fileCount == 0 }

    /// The file to open: the set's `Contents.json`, or the `.icon` folder itself.
    public var file: URL {
      isIconComposer ? folder : folder.appendingPathComponent("Contents.json", isDirectory: false)
    }

    public init(
      name: String, folder: URL, isIconComposer: Bool = false, slotCount: Int? = nil,
      fileCount: Int? = nil
    ) {
      self.name = name
      self.folder = folder
      self.isIconComposer = isIconComposer
      self.slotCount = slotCount
      self.fileCount = fileCount
    }
  }

  /// A place in a text file.
  public struct Location: Equatable, Sendable {
    public var file: URL
    public var line: Int?

    public init(file: URL, line: Int? = nil) {
      self.file = file
      self.line = line
    }
  }

  /// The folder the app is read from (SRCROOT).
  public var root: URL
  /// The app's Info.plist file; nil when there is none (a generated one, or a bare catalog).
  public var infoPlist: URL?
  /// Every `CFBundleIconFiles` array of the Info.plist.
  public var iconFiles: [IconFiles] = []
  /// The keys of `CFBundleAlternateIcons` under `CFBundleIcons` (the iPhone dictionary), as
  /// written in Info.plist; sorted (tvOS arrays keep their order).
  public var iphoneAlternates: [String] = []
  /// The same under `CFBundleIcons~ipad`; nil when there is no such dictionary.
  public var ipadAlternates: [String]?
  /// True when Info.plist holds `CFBundleAlternateIcons` in any icon dictionary.
  public var hasHandWrittenAlternates = false
  /// The line of the first `<key>CFBundleAlternateIcons</key>` (XML only).
  public var handWrittenAlternatesLine: Int?
  /// Names Info.plist gives the icons' assets: `CFBundleIconName` of the primary and of each
  /// alternate (expanded), and each alternate key without one. The sets these name ship.
  public var declaredAssetNames: [String] = []

  /// `ASSETCATALOG_COMPILER_APPICON_NAME`, expanded; nil when unset.
  public var primarySetting: String?
  /// The primary icon's name, as the build resolves it.
  public var primaryName: String
  /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, split.
  public var alternateNamesSetting: [String] = []
  /// Where `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` is set, when a text search finds it.
  public var alternateNamesLocation: Location?
  /// Build-setting names that reach their set only by ignoring case (`AppIcon-Black` for
  /// `AppIcon-black.appiconset`): the built app knows each by the set's spelling.
  public var settingNamesDifferingInCase: [SettingNameCase] = []

  /// Build settings named like one of the app icon settings but in another case
  /// (`AssetCatalog_Compiler_Alternate_AppIcon_Names`): Xcode matches a setting's name exactly,
  /// so the build reads none of them.
  public var settingKeysDifferingInCase: [SettingKeyCase] = []

  public struct SettingKeyCase: Equatable, Sendable {
    /// The name as written.
    public var written: String
    /// The setting it stands for, as the build spells it.
    public var setting: String
    /// Its value as written (not expanded).
    public var value: String
    public var location: Location?

    public init(written: String, setting: String, value: String, location: Location? = nil) {
      self.written = written
      self.setting = setting
      self.value = value
      self.location = location
    }
  }

  /// The settings of the app icons that a misspelt case hides (`settingKeysDifferingInCase`).
  static let iconSettingKeys = [
    IconNames.primaryNameSetting, IconNames.alternateNamesSetting, IconNames.includeAllSetting,
  ]

  public struct SettingNameCase: Equatable, Sendable {
    /// `ASSETCATALOG_COMPILER_APPICON_NAME` or `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`.
    public var setting: String
    public var written: String
    public var setName: String
    /// Where the setting is, at the line that spells the name when there is one.
    public var location: Location?

    public init(setting: String, written: String, setName: String, location: Location? = nil) {
      self.setting = setting
      self.written = written
      self.setName = setName
      self.location = location
    }
  }
  /// Names in `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` that match no set, even ignoring
  /// case: actool makes no alternate of them, so they are no icons.
  public var settingNamesNotFound: [SettingNameNotFound] = []

  public struct SettingNameNotFound: Equatable, Sendable {
    /// The name as the setting spells it (`og,` in `"og, joy"` keeps its comma).
    public var written: String
    /// Where the setting is, at the line that spells the name when there is one.
    public var location: Location?

    public init(written: String, location: Location? = nil) {
      self.written = written
      self.location = location
    }
  }

  /// Non-optional `#include`s whose file is not there; the settings were read without them.
  public var missingIncludes: [MissingInclude] = []
  /// `#include`s, base configurations, `INFOPLIST_FILE` and file references that find their file
  /// only by ignoring case, as a Mac's default volume does.
  public var pathsDifferingInCase: [PathDifferingInCase] = []
  /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`.
  public var includesAllAppIcons = false
  /// The primary icon names (`ASSETCATALOG_COMPILER_APPICON_NAME`) of the target's other build
  /// configurations: a set that is only Debug's or Beta's primary is shipped by those builds. Their
  /// alternate names are not counted: an alternate that only Debug lists is the fault to report.
  public var otherConfigurationPrimaries: [String] = []
  /// The configuration read (`Release`, say); nil without a project target.
  public var configuration: String?
  /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` of the target's other build configurations,
  /// in the project's order, each only where it names something: a set that Debug lists and the
  /// configuration read does not works in Debug builds and is missing from the others.
  public var otherConfigurationAlternates: [ConfigurationNames] = []

  /// The names one build configuration gives a setting.
  public struct ConfigurationNames: Equatable, Sendable {
    public var configuration: String
    public var names: [String]

    public init(configuration: String, names: [String]) {
      self.configuration = configuration
      self.names = names
    }
  }
  /// The device families the app runs on (1 iPhone, 2 iPad, 3 Apple TV), as the app model has
  /// them (`PlatformDecision.deviceFamilies`).
  public var deviceFamily: [Int] = [1]
  /// Where each icon is declared (`declaration(ofIcon:assetName:isPrimary:)`).
  public var declarations = IconDeclarations()
  /// The `CFBundleIconFiles` names, as written, that find a loose PNG of the app by their exact
  /// spelling: `Icon60x60@2x` for `Icon60x60@2x.png` (iOS adds `.png` and finds it).
  public var iconFilesFound: Set<String> = []

  /// The `.xcassets` folders read.
  public var catalogs: [URL] = []
  /// The target's catalogs that hold nothing but their `Contents.json` (project targets only).
  public var emptyCatalogs: [URL] = []
  /// The target's Run Script phases (project targets only), in its order.
  public var scriptPhases: [BuildScriptPhase] = []
  /// Every app icon set and `.icon` bundle found, sorted by path within each catalog.
  public var iconSets: [IconSet] = []
  /// Image files (png, jpg) lying in an `.xcassets` folder or one of its groups, outside any asset.
  public var looseCatalogFiles: [URL] = []
  /// What the App Store rules need: the icon dictionaries as written, the platform, and the sets
  /// in catalogs the target does not build.
  public var appStore = AppStoreFacts()
  /// The app icon names the target's builds for its other platforms ask for (a multiplatform
  /// target: `ASSETCATALOG_COMPILER_APPICON_NAME` and `…_ALTERNATE_APPICON_NAMES` read with that
  /// platform's `[sdk=...]` conditions, device and simulator): a set only they name is theirs.
  public var otherPlatformIconNames: [AppPlatform: [String]] = [:]
  /// The target's other platforms whose builds read this same Info.plist file: a file shared by
  /// iOS and tvOS cannot write its icon dictionaries in both forms.
  public var infoPlistSharedWith: [AppPlatform] = []
  /// App icons in the target's catalogs that are another platform's (an iOS-only set read for
  /// tvOS, a `.icon` read for tvOS): not in `iconSets`, yet not missing from the target either.
  public var setsOfOtherPlatforms: [String] = []
  /// The names the app's code passes to the calls that change its icon, and how much code was
  /// read (`CodeIconNames`): the target's sources, and the Dart or JavaScript of a Flutter,
  /// React Native, Expo or Capacitor app around its `ios/` folder.
  public var codeReading = CodeReading()
  public var codeIconNames: [CodeIconName] { codeReading.names }

  public init(root: URL, infoPlist: URL? = nil, primaryName: String = "AppIcon") {
    self.root = root
    self.infoPlist = infoPlist
    self.primaryName = primaryName
  }
}

/// Which of the catalogs' sets the build ships: the one rule, which `set-not-shipped` and the
/// tvOS brand-assets checks both read.
public struct ShippedSetNames: Sendable {
  /// Include-all: every set ships.
  let all: Bool
  /// Lowercased: actool finds a set whatever the case of the name (`setting-name-case` says when
  /// it differs).
  let names: Set<String>

  public func contains(_ set: ProjectFacts.IconSet) -> Bool {
    all || names.contains(set.name.lowercased())
  }
}

extension ProjectFacts {
  /// The names `otherPlatformIconNames` holds, lowercased (actool ignores case): a set of one of
  /// these names that this platform's build does not ship is the other platform's.
  public var otherPlatformSetNames: Set<String> {
    Set(otherPlatformIconNames.values.joined().map { $0.lowercased() })
  }

  /// The sets the build ships: with `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS` every one;
  /// otherwise the primary, the alternates the setting names, the assets the Info.plist names, and
  /// the primaries of the target's other configurations (a Debug-only primary ships in Debug).
  public var shippedSetNames: ShippedSetNames {
    ShippedSetNames(
      all: includesAllAppIcons,
      names: Set(
        ([primaryName] + alternateNamesSetting + declaredAssetNames + otherConfigurationPrimaries)
          .map { $0.lowercased() }))
  }
}

extension AppIconReader {
  /// The facts `iconpick check` needs, found the way `read(at:target:configuration:)` finds the
  /// app. A built `.app` has no project: only its root is given.
  public static func facts(at path: URL, target: String?, configuration: String?)
    throws(IconCatalogError) -> ProjectFacts
  {
    if BuiltApp.isBuiltApp(path) { return ProjectFacts(builtApp: path) }
    return try facts(
      of: readProject(at: path, target: target, configuration: configuration))
  }

  /// The facts, from a project reading; the names the app's code passes only `readingCode`.
  static func facts(of project: ProjectReading, readingCode: Bool = true)
    throws(IconCatalogError) -> ProjectFacts
  {
    let (location, settings, infoPlist, catalogs, names) = (
      project.location, project.settings, project.infoPlist, project.catalogs, project.names
    )
    let infoPlistFile = try location.infoPlist(settings: settings)

    var facts = ProjectFacts(
      root: location.root, infoPlist: infoPlistFile, primaryName: names.primary)
    if let infoPlist { try facts.readInfoPlist(infoPlist, file: infoPlistFile, settings: settings) }

    facts.primarySetting = settings.string(IconNames.primaryNameSetting)
    facts.alternateNamesSetting = settings.list(IconNames.alternateNamesSetting)
    facts.includesAllAppIcons = settings.bool(IconNames.includeAllSetting)
    if settings.isSet(IconNames.alternateNamesSetting),
      let file = settings.file(settingKey: IconNames.alternateNamesSetting)
    {
      facts.alternateNamesLocation = ProjectFacts.Location(
        file: file,
        line: ProjectFacts.firstLine(in: file, containing: IconNames.alternateNamesSetting))
    }
    facts.settingKeysDifferingInCase = ProjectFacts.iconSettingKeys.flatMap { setting in
      settings.names.filter { $0 != setting && $0.uppercased() == setting }.sorted().map {
        written in
        ProjectFacts.SettingKeyCase(
          written: written, setting: setting, value: settings.rawValue(written) ?? "",
          location: settings.file(settingKey: written).map { file in
            ProjectFacts.Location(
              file: file, line: ProjectFacts.firstLine(in: file, containing: written))
          })
      }
    }
    facts.settingNamesDifferingInCase = names.caseMismatches.map { mismatch in
      let location = settings.file(settingKey: mismatch.setting).map { file in
        ProjectFacts.Location(
          file: file,
          line: ProjectFacts.firstLine(in: file, containing: mismatch.written)
            ?? ProjectFacts.firstLine(in: file, containing: mismatch.setting))
      }
      return ProjectFacts.SettingNameCase(
        setting: mismatch.setting, written: mismatch.written, setName: mismatch.setName,
        location: location)
    }
    facts.settingNamesNotFound = names.settingNamesNotFound.map { written in
      ProjectFacts.SettingNameNotFound(
        written: written,
        location: settings.file(settingKey: IconNames.alternateNamesSetting).map {
          ProjectFacts.Location(
            file: $0,
            line: ProjectFacts.firstLine(in: $0, containing: IconNames.alternateNamesSetting))
        })
    }
    facts.missingIncludes = settings.missingIncludes
    facts.pathsDifferingInCase =
      settings.pathsDifferingInCase + (location.target?.filesDifferingInCase ?? [])
      + [location.infoPlistDifferingInCase(settings: settings)].compactMap { $0 }
    facts.deviceFamily = project.deviceFamilies
    if let target = location.target {
      let others = otherConfigurationNames(of: target)
      facts.otherConfigurationPrimaries = others.primaries
      facts.otherConfigurationAlternates = others.alternates
      facts.configuration = target.configuration
      for (other, readings) in project.otherPlatformSettings {
        var names: [String] = []
        var seen = Set<String>()
        for settings in readings {
          let named =
            [settings.string(IconNames.primaryNameSetting)].compactMap { $0 }
            + settings.list(IconNames.alternateNamesSetting)
          names += named.filter { seen.insert($0).inserted }
        }
        facts.otherPlatformIconNames[other] = names
      }
      facts.infoPlistSharedWith = project.infoPlistSharedWith
    }

    facts.catalogs = location.files.catalogs
    if readingCode { facts.codeReading = CodeIconNames.read(CodeFiles.of(location)) }
    if let target = location.target {
      facts.emptyCatalogs = target.catalogs.filter(AssetCatalog.isEmptyCatalog)
      facts.scriptPhases = target.scriptPhases
    }
    facts.setsOfOtherPlatforms = project.setsOfOtherPlatforms
    var filenamesDifferingInCase: [PathDifferingInCase] = []
    facts.iconSets = catalogs.iconSets.map {
      let folder = $0.folder
      var set = ProjectFacts.IconSet(
        name: $0.name, folder: folder, isIconComposer: $0.kind == .iconComposer)
      if $0.kind == .appIconSet, let read = try? AppIconSet.read(folder) {
        set.slotCount = read.renditions.count
        set.fileCount = read.renditions.count { $0.file != nil }
        set.ignoredEntries = read.ignored.map {
          .init(index: $0.index, idiom: $0.idiom, size: $0.size, filename: $0.filename)
        }
        let contents = set.file
        filenamesDifferingInCase += read.differingInCase.map {
          PathDifferingInCase(
            kind: "Contents.json filename", written: $0.written,
            found: set.folder.appendingPathComponent($0.found).path, file: contents.path,
            line: ProjectFacts.firstLine(in: contents, containing: "\"\($0.written)\""),
            difference: $0.difference)
        }
      }
      if $0.kind == .iconComposer {
        filenamesDifferingInCase += ProjectFacts.layerImagesDiffering(in: $0.folder)
      }
      return set
    }
    facts.pathsDifferingInCase += filenamesDifferingInCase
    facts.readDeclarations(
      settings: settings, infoPlistLines: infoPlistFile.flatMap { PlistLines.read($0) },
      target: location.target)
    facts.iconFilesFound = ProjectFacts.iconFilesFound(
      facts.iconFiles, in: { location.looseIconFiles() })
    if let infoPlistFile {
      facts.pathsDifferingInCase += ProjectFacts.iconFilesDiffering(
        facts.iconFiles, plist: infoPlistFile, in: { location.looseIconFiles() })
    }
    facts.looseCatalogFiles = location.files.catalogs.flatMap(ProjectFacts.looseImages(in:))
    let setNames = Set(facts.iconSets.map(\.name))
    facts.readAppStoreFacts(
      settings: settings, infoPlist: infoPlist, location: location,
      compiledNames: facts.includesAllAppIcons
        ? setNames : setNames.intersection(facts.alternateNamesSetting),
      platform: project.platformIsStated ? project.platform : nil)
    return facts
  }

  /// The primary names the target's other configurations ask for, and the alternates each lists.
  private static func otherConfigurationNames(of target: ProjectTarget) -> (
    primaries: [String], alternates: [ProjectFacts.ConfigurationNames]
  ) {
    guard let project = try? XcodeProject.read(target.project),
      let chosen = try? project.targets().first(where: { $0.name == target.name }),
      let configurations = try? project.configurations(of: chosen)
    else { return ([], []) }
    var names: [String] = []
    var alternates: [ProjectFacts.ConfigurationNames] = []
    for configuration in configurations where configuration.name != target.configuration {
      guard
        let other = try? ProjectTarget.resolve(
          project: target.project, target: target.name, configuration: configuration.name)
      else { continue }
      if let name = other.settings.string(IconNames.primaryNameSetting), !names.contains(name) {
        names.append(name)
      }
      let listed = other.settings.list(IconNames.alternateNamesSetting)
      if !listed.isEmpty {
        alternates.append(.init(configuration: configuration.name, names: listed))
      }
    }
    return (names, alternates)
  }
}

extension ProjectFacts {
  /// Reads the icon dictionaries word for word. `InfoPlist` has already checked their types while
  /// the names were resolved, so anything of another type is simply passed over here.
  mutating func readInfoPlist(_ plist: InfoPlist, file: URL?, settings: BuildSettings)
    throws(IconCatalogError)
  {
    let lines = file.flatMap { PlistLines.read($0) }
    let root = plist.root
    func add(_ files: Any?, alternate: String?, dictionary: String, path: [String]) {
      guard let files = files as? [Any] else { return }
      let strings = files.compactMap { $0 as? String }
      let found = strings.indices.map { lines?.line(of: path + [String($0)]) }
      iconFiles.append(
        IconFiles(alternate: alternate, dictionary: dictionary, files: strings, lines: found))
    }
    add(root["CFBundleIconFiles"], alternate: nil, dictionary: "", path: ["CFBundleIconFiles"])

    var assetNames: [String] = []
    var assetNamesSeen = Set<String>()
    func addAsset(_ raw: String?) {
      guard let raw, let name = settings.expand(raw), !name.isEmpty,
        assetNamesSeen.insert(name).inserted
      else { return }
      assetNames.append(name)
    }
    for key in ["CFBundleIcons", "CFBundleIcons~iphone", "CFBundleIcons~ipad"] {
      guard let icons = root[key] as? [String: Any] else {
        continue
      }
      switch icons["CFBundlePrimaryIcon"] {
      case let name as String:
        addAsset(name)
      case let primary as [String: Any]:
        addAsset(primary["CFBundleIconName"] as? String)
        add(
          primary["CFBundleIconFiles"], alternate: nil, dictionary: key,
          path: [key, "CFBundlePrimaryIcon", "CFBundleIconFiles"])
      default:
        break
      }
      var names: [String] = []
      switch icons["CFBundleAlternateIcons"] {
      case let list as [Any]:
        hasHandWrittenAlternates = true
        names = list.compactMap { $0 as? String }.filter { !$0.isEmpty }
        for name in names { addAsset(name) }
      case let entries as [String: Any]:
        hasHandWrittenAlternates = true
        names = entries.keys.sorted().filter { !$0.isEmpty }
        for name in names {
          let entry = entries[name] as? [String: Any] ?? [:]
          if let iconName = entry["CFBundleIconName"] as? String {
            addAsset(iconName)
          } else {
            addAsset(name)
          }
          add(
            entry["CFBundleIconFiles"], alternate: name, dictionary: key,
            path: [key, "CFBundleAlternateIcons", name, "CFBundleIconFiles"])
        }
      default:
        break
      }
      if key == "CFBundleIcons" { iphoneAlternates = names }
      if key == "CFBundleIcons~ipad" { ipadAlternates = names }
    }
    declaredAssetNames = assetNames
    handWrittenAlternatesLine = ["CFBundleIcons", "CFBundleIcons~iphone", "CFBundleIcons~ipad"]
      .compactMap { lines?.keyLine(of: [$0, "CFBundleAlternateIcons"]) }.min()
  }

  /// Image files in the catalog folder or its groups: a folder with an extension is an asset (or
  /// something else Xcode reads whole) and is not looked into.
  static func looseImages(in catalog: URL) -> [URL] {
    let images: Set<String> = ["png", "jpg", "jpeg"]
    var found: [URL] = []
    var folders = [catalog]
    while let folder = folders.popLast() {
      for entry in DirectoryListing.entries(atPath: folder.path) where !entry.name.hasPrefix(".") {
        let item = folder.appendingPathComponent(entry.name, isDirectory: entry.isDirectory)
        if entry.isDirectory {
          if item.pathExtension.isEmpty { folders.append(item) }
        } else if images.contains(item.pathExtension.lowercased()) {
          found.append(URL(fileURLWithPath: item.standardizedFileURL.path, isDirectory: false))
        }
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The 1-based line of the first line of `file` that holds `text` as a whole word.
  /// `CFBundleIconFiles` names whose files iOS finds only by ignoring Unicode normalization, as
  /// its APFS does (`LooseIconFiles.fileSpelledOtherwise`), each name once. Only names with
  /// letters outside ASCII can differ so, and only they cost the walk for the loose files.
  static func iconFilesDiffering(
    _ entries: [IconFiles], plist: URL, in looseFiles: () -> LooseIconFiles
  ) -> [PathDifferingInCase] {
    guard entries.contains(where: { $0.files.contains { !$0.utf8.allSatisfy { $0 < 0x80 } } })
    else { return [] }
    let files = looseFiles()
    var found: [PathDifferingInCase] = []
    for entry in entries {
      for (index, name) in entry.files.enumerated() {
        guard let file = files.fileSpelledOtherwise(for: name),
          !found.contains(where: { MacFileLookup.isSpelledAs($0.written, name) })
        else { continue }
        found.append(
          PathDifferingInCase(
            kind: "CFBundleIconFiles name", written: name, found: file.path, file: plist.path,
            line: index < entry.lines.count ? entry.lines[index] : nil,
            difference: .normalization))
      }
    }
    return found
  }

  /// The layer images of an Icon Composer bundle that actool finds only as a Mac compares names
  /// (`IconComposerBundle.findAsset`), each name once.
  static func layerImagesDiffering(in bundle: URL) -> [PathDifferingInCase] {
    guard let document = try? IconComposerBundle.read(bundle).document else { return [] }
    let file = IconComposerBundle.documentURL(bundle)
    var found: [PathDifferingInCase] = []
    for name in document.imageNames {
      guard let asset = IconComposerBundle.findAsset(bundle, imageName: name),
        !asset.difference.isEmpty,
        !found.contains(where: { MacFileLookup.isSpelledAs($0.written, name) })
      else { continue }
      found.append(
        PathDifferingInCase(
          kind: "layer image-name", written: name, found: asset.url.path, file: file.path,
          line: firstLine(in: file, containing: "\"\(name)\""), difference: asset.difference))
    }
    return found
  }

  static func firstLine(in file: URL, containing text: String) -> Int? {
    guard let data = RegularFile.contents(file, limit: FileLimits.text),
      let content = String(data: data, encoding: .utf8)
    else { return nil }
    var number = 0
    for line in content.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      var rest = line[...]
      while let range = rest.firstRange(ofText: text) {
        let before = line[..<range.lowerBound].last
        let after = range.upperBound < line.endIndex ? line[range.upperBound] : nil
        let isWord = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        if !isWord(before) && !isWord(after) { return number }
        rest = line[range.upperBound...]
      }
    }
    return nil
  }
}
