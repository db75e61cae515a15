import FoundationEssentials

/// Which icons an app has, by name, before any image is looked at.
struct IconNames: Equatable, Sendable {
  struct Alternate: Equatable, Sendable {
    /// What `setAlternateIconName` takes.
    var name: String
    /// The icon set (or `.icon`) holding its images; nil when Info.plist names only loose files.
    var assetName: String?
    /// What Info.plist says about it; empty for a name from build settings only.
    var declaration = DeclaredIcon()
  }

  var primary: String
  /// What Info.plist says about the primary; empty when it declares none.
  var primaryDeclaration = DeclaredIcon()
  /// In declaration order: build settings, then Info.plist, then (include-all) the remaining sets.
  private(set) var alternates: [Alternate]
  /// Where each name is in `alternates`, so adding thousands of names stays linear.
  private var positions: [String: Int] = [:]

  static let primaryNameSetting = "ASSETCATALOG_COMPILER_APPICON_NAME"
  static let alternateNamesSetting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
  static let includeAllSetting = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"
  static let defaultPrimaryName = "AppIcon"

  init(primary: String, primaryDeclaration: DeclaredIcon = DeclaredIcon(), alternates: [Alternate])
  {
    self.primary = primary
    self.primaryDeclaration = primaryDeclaration
    self.alternates = []
    for alternate in alternates { add(alternate) }
  }

  /// A build-setting name that reached its set only by ignoring case (`AppIcon-Black` for
  /// `AppIcon-black.appiconset`): the built app knows the icon by the set's spelling.
  struct CaseMismatch: Equatable, Sendable {
    var setting: String
    var written: String
    var setName: String
  }

  /// Names the build settings spell differently from their sets.
  private(set) var caseMismatches: [CaseMismatch] = []
  /// Names in `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` that match no set, even ignoring
  /// case: actool generates alternates only from sets, so these are no icons.
  private(set) var settingNamesNotFound: [String] = []
  /// The built Info.plist's icon dictionaries, which say on which devices each icon works.
  private(set) var built = BuiltIconDictionaries()
  /// The idioms of the devices the app runs on (`iphone`, `ipad`, `tv`).
  private(set) var deviceIdioms: [String] = ["iphone"]

  /// The icon names of the built app: the Info.plist as written, with the asset catalog
  /// compiler's generated `CFBundleIcons` applied over it the way swift-build's
  /// `InfoPlistProcessorTaskAction.addAdditionalContent` does (`mergeCFBundleIcons`, a recursive
  /// merge, when `INFOPLIST_ENABLE_CFBUNDLEICONS_MERGE` is on, which is the default; otherwise
  /// actool's `CFBundlePrimaryIcon` and `CFBundleAlternateIcons` replace the written ones whole).
  /// actool writes, for the primary set and each alternate set it compiles, `CFBundleIconName` and
  /// `CFBundleIconFiles`; an array is replaced in a merge, so files the Info.plist lists for such
  /// a name give way to the set's images. For a built app, pass empty settings: its processed
  /// Info.plist already holds all of this.
  static func resolve(
    settings: BuildSettings, infoPlist: InfoPlist?, catalogs: AssetCatalogs,
    deviceFamilies: [Int] = [1]
  ) throws(IconCatalogError) -> IconNames {
    var declaredPrimary = infoPlist?.primaryIcon() ?? DeclaredIcon()
    declaredPrimary.iconName = declaredPrimary.iconName.flatMap { settings.expand($0) }
    let generated = GeneratedIcons(settings: settings, catalogs: catalogs)
    let merging = !settings.isSet(mergeSetting) || settings.bool(mergeSetting)

    if let primarySet = generated.primary {
      var compiled = DeclaredIcon()
      compiled.iconName = primarySet
      compiled.idioms = generated.idioms
      if merging {
        declaredPrimary.iconName = primarySet
        declaredPrimary.iconFiles = []
        declaredPrimary.merge(compiled)
      } else {
        declaredPrimary = compiled
      }
    }
    let primary =
      generated.primary ?? settings.string(primaryNameSetting)
      ?? declaredPrimary.iconName.flatMap { $0.isEmpty ? nil : $0 }
      ?? defaultPrimaryName

    var names = IconNames(primary: primary, primaryDeclaration: declaredPrimary, alternates: [])
    names.caseMismatches = generated.caseMismatches
    names.settingNamesNotFound = generated.namesNotFound
    names.deviceIdioms = PlatformDecision.idioms(ofFamilies: deviceFamilies)
    names.built = generated.built(
      written: infoPlist?.writtenIconDictionaries() ?? [], settings: settings, merging: merging,
      deviceFamilies: deviceFamilies)
    let compiledNames = Set(generated.alternates.map(\.name))
    for alternate in generated.alternates {
      var compiled = DeclaredIcon()
      compiled.iconName = alternate.name
      compiled.idioms = generated.idioms
      names.add(Alternate(name: alternate.name, assetName: alternate.name, declaration: compiled))
    }
    // Without the merge, actool's CFBundleAlternateIcons replaces the written one whole.
    let written = merging || generated.alternates.isEmpty ? try infoPlist?.alternates() ?? [] : []
    for declared in written {
      if compiledNames.contains(declared.name) {
        // The compiled entry's name and files win; the Info.plist adds its idioms and flags.
        var extra = declared.icon
        extra.iconName = nil
        extra.iconFiles = []
        names.add(Alternate(name: declared.name, assetName: declared.name, declaration: extra))
        continue
      }
      // The key is the name; CFBundleIconName, when there is one, names the asset. Without it, an
      // entry with CFBundleIconFiles uses loose files only, and a bare entry means the set of its name.
      let explicit = declared.iconName.flatMap { settings.expand($0) }.flatMap {
        $0.isEmpty ? nil : $0
      }
      let assetName = explicit ?? (declared.icon.iconFiles.isEmpty ? declared.name : nil)
      names.add(
        Alternate(name: declared.name, assetName: assetName, declaration: declared.icon),
        assetIsExplicit: explicit != nil)
    }
    return names
  }

  static let mergeSetting = "INFOPLIST_ENABLE_CFBUNDLEICONS_MERGE"

  /// What the asset catalog compiler (actool) generates from the build settings: the primary set,
  /// then the alternates `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` lists, then, with
  /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`, every other set. A listed name with no
  /// set, even ignoring case, becomes no alternate (`namesNotFound`): actool generates alternates
  /// from sets only. (A real app sets `"og, joy"`, so `og,` with its comma, and has shipped so.)
  struct GeneratedIcons {
    /// An alternate compiled from the set of this name.
    struct Alternate {
      var name: String
    }

    var primary: String?
    var alternates: [Alternate] = []
    /// actool writes its entries into `CFBundleIcons` (and, for an app that targets iPad, into
    /// `CFBundleIcons~ipad` too); without `~ipad`, an iPad reads `CFBundleIcons`. Either way the
    /// compiled icons are there on both idioms.
    let idioms = ["iphone", "ipad"]
    var caseMismatches: [CaseMismatch] = []
    var namesNotFound: [String] = []
    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`'s names, split once: thousands of names
    /// cost 22 M instructions to split.
    private var listedNames: [String] = []
    /// Sets the settings ask for that compile to no icon: no entry names a file.
    var emptySets: [String] = []

    init(settings: BuildSettings, catalogs: AssetCatalogs) {
      var mismatches: [CaseMismatch] = []
      func set(for name: String, setting: String) -> String? {
        guard let found = catalogs.setName(matching: name) else { return nil }
        if found != name {
          mismatches.append(CaseMismatch(setting: setting, written: name, setName: found))
        }
        return found
      }
      var seen = Set<String>()
      var primarySet: String?
      if let written = settings.string(primaryNameSetting),
        let name = set(for: written, setting: primaryNameSetting)
      {
        seen.insert(name)
        primarySet = name
      }
      var candidates: [String] = []
      listedNames = settings.list(alternateNamesSetting)
      for written in listedNames {
        guard let name = set(for: written, setting: alternateNamesSetting) else {
          if !namesNotFound.contains(written) { namesNotFound.append(written) }
          continue
        }
        guard seen.insert(name).inserted else { continue }
        candidates.append(name)
      }
      if settings.bool(includeAllSetting) {
        for iconSet in catalogs.iconSets where seen.insert(iconSet.name).inserted {
          candidates.append(iconSet.name)
        }
      }
      // A set actool compiles no icon from (slots, no file) generates no entry: it is neither the
      // built app's primary nor an alternate (`empty-set` says so).
      let all = (primarySet.map { [$0] } ?? []) + candidates
      for (name, compiles) in zip(all, catalogs.compileToIcons(all)) {
        if !compiles {
          emptySets.append(name)
        } else if name == primarySet {
          primary = name
        } else {
          alternates.append(Alternate(name: name))
        }
      }
      caseMismatches = mismatches
    }

    /// The built Info.plist's icon dictionaries: `written` with what actool generates applied.
    func built(
      written: [BuiltIconDictionaries.Dictionary], settings: BuildSettings, merging: Bool,
      deviceFamilies: [Int]
    ) -> BuiltIconDictionaries {
      // Each setting's file is read once, whatever the number of names it lists.
      var places: [String: (file: String?, words: SettingWords?)] = [:]
      func origin(_ setting: String, name: String) -> BuiltIconDictionaries.Origin {
        guard settings.isSet(setting) else { return .compiledSet(name: name) }
        if places[setting] == nil {
          let file = settings.file(settingKey: setting)
          places[setting] = (file?.path, file.map(SettingWords.init))
        }
        let place = places[setting]
        let line = place?.words.flatMap { $0.firstLine(of: name) ?? $0.firstLine(of: setting) }
        return .buildSetting(setting: setting, file: place?.file ?? nil, line: line)
      }
      let listed = Set(listedNames.map { $0.lowercased() })
      return BuiltIconDictionaries.build(
        written: written,
        generatedPrimary: primary.map {
          .init(name: $0, origin: origin(primaryNameSetting, name: $0), iconName: $0)
        },
        generatedAlternates: alternates.map {
          .init(
            name: $0.name,
            origin: listed.contains($0.name.lowercased())
              ? origin(alternateNamesSetting, name: $0.name) : .compiledSet(name: $0.name),
            iconName: $0.name)
        },
        merging: merging, deviceFamilies: deviceFamilies)
    }
  }

  /// The first declaration of a name keeps its place. The primary is never an alternate too: it is
  /// already first in every list, and choosing it means resetting to nil.
  mutating func add(_ alternate: Alternate, assetIsExplicit: Bool = false) {
    guard alternate.name != primary else { return }
    if let index = positions[alternate.name] {
      // Info.plist is what iOS reads at run time, so its CFBundleIconName wins.
      if assetIsExplicit { alternates[index].assetName = alternate.assetName }
      alternates[index].declaration.merge(alternate.declaration)
      return
    }
    positions[alternate.name] = alternates.count
    alternates.append(alternate)
  }

  // MARK: As icons

  /// The icons with no renditions yet: names, display names and declarations only. `IconImages`
  /// reads each one's images: the asset's (`.appiconset` and/or `.icon` of that name) first, then
  /// the loose files `CFBundleIconFiles` names.
  func icons() -> (primary: AppIcon, alternates: [AppIcon]) {
    let primaryIcon = AppIcon(
      name: primary, assetName: primary,
      displayName: IconDisplayName.friendly(for: primary, primaryName: primary, isPrimary: true),
      isPrimary: true, renditions: [],
      declaredIdioms: primaryDeclaration.idioms, isPrerendered: primaryDeclaration.isPrerendered,
      idioms: deviceIdioms)
    let namer = IconDisplayName.Namer(primaryName: primary)
    let idiomsOf = built.alternateIdioms(deviceIdioms: deviceIdioms)
    var alternateIcons: [AppIcon] = []
    alternateIcons.reserveCapacity(alternates.count)
    for alternate in alternates {
      alternateIcons.append(
        AppIcon(
          name: alternate.name, assetName: alternate.assetName,
          displayName: namer.friendly(for: alternate.name),
          isPrimary: false, renditions: [],
          declaredIdioms: alternate.declaration.idioms,
          isPrerendered: alternate.declaration.isPrerendered,
          idioms: idiomsOf(alternate.name)))
    }
    IconDisplayName.keepApart(&alternateIcons, primaryDisplayName: primaryIcon.displayName)
    return (primaryIcon, alternateIcons)
  }

  /// Whether any icon names loose files, which only a search of the app's folder can find.
  var needsLooseFiles: Bool {
    !primaryDeclaration.iconFiles.isEmpty
      || alternates.contains { !$0.declaration.iconFiles.isEmpty }
  }

  /// Where each icon's images come from, by the icon's name.
  var imageSources: [String: (assetName: String?, declaration: DeclaredIcon)] {
    var sources = [primary: (assetName: Optional(primary), declaration: primaryDeclaration)]
    for alternate in alternates {
      sources[alternate.name] = (alternate.assetName, alternate.declaration)
    }
    return sources
  }
}

/// The first line of a settings file (`.xcconfig`, `project.pbxproj`) on which each word appears:
/// one pass over the file, so a setting listing thousands of names finds each in constant time.
/// Words are split at white space and at `=`, `;`, `,`, quotes and brackets; a name holding any of
/// those is not found, and the setting's own line stands in.
struct SettingWords {
  private var words: [String: Int] = [:]

  init(_ file: URL) {
    guard let data = RegularFile.contents(file, limit: FileLimits.text) else { return }
    // Bytes, not Characters: the separators are ASCII, and a UTF-8 name is a run of other bytes.
    let separators = Set("=;,\"()[] \t\r".utf8)
    var number = 1
    var start: Int?
    func end(_ index: Int) {
      guard let first = start else { return }
      let word = String(decoding: data[first..<index], as: UTF8.self)
      if words[word] == nil { words[word] = number }
      start = nil
    }
    for index in data.indices {
      let byte = data[index]
      if byte == UInt8(ascii: "\n") {
        end(index)
        number += 1
      } else if separators.contains(byte) {
        end(index)
      } else if start == nil {
        start = index
      }
    }
    end(data.endIndex)
  }

  func firstLine(of word: String) -> Int? { words[word] }
}
