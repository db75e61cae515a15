import FoundationEssentials

/// The app icons the app's asset catalogs hold, by name: what a `CFBundleIconName` of the built
/// Info.plist must name (ITMS-90895), and what a primary nothing names leaves unused (ITMS-90713).
public struct AppIconAssets: Sendable, Equatable {
  /// For a project, every app icon set and Icon Composer `.icon` in the target's catalogs, in
  /// catalog order, whether the build compiles it or not; for a built app, the app icons its
  /// `Assets.car` holds (none without a car).
  public let names: [String]
  /// Sets in catalogs under the project folder that the target does not build (a project
  /// target's only): a name found there is a catalog left out of the target, not a wrong name.
  public let outsideTarget: [String]
  /// Those of `names` that are Icon Composer icons (`.icon` bundles; compiled as such in a car).
  public let iconComposer: Set<String>
  /// `names` and `outsideTarget` lowercased, so a lookup costs one hash whatever their number.
  private let lowercased: Set<String>
  /// Those of `outsideTarget` that no set of `names` has, lowercased.
  private let onlyOutside: Set<String>

  public init(names: [String], outsideTarget: [String] = [], iconComposer: Set<String> = []) {
    self.names = names
    self.outsideTarget = outsideTarget
    self.iconComposer = iconComposer
    lowercased = Set((names + outsideTarget).map { $0.lowercased() })
    onlyOutside = Set(outsideTarget.map { $0.lowercased() }).subtracting(
      names.map { $0.lowercased() })
  }

  /// True when `name` is among `names` or `outsideTarget`, ignoring case as actool's lookup does.
  public func contains(_ name: String) -> Bool { lowercased.contains(name.lowercased()) }

  /// True when only a catalog the target does not build has a set of this name (ignoring case):
  /// `catalog-not-in-target` is the finding, and the set exists.
  public func isOnlyOutsideTarget(_ name: String) -> Bool {
    onlyOutside.contains(name.lowercased())
  }
}

/// A place in the sources or the built app where something is declared: a file, and its line or
/// (a built app's Info.plist, binary or not) the key path within it.
public struct DeclarationPlace: Sendable, Equatable {
  public var file: String
  public var line: Int?
  /// Set for a built app's Info.plist, whose findings name the key.
  public var keyPath: [String]?

  public init(file: String, line: Int? = nil, keyPath: [String]? = nil) {
    self.file = file
    self.line = line
    self.keyPath = keyPath
  }
}

/// Whether the built Info.plist names the primary icon's asset (`CFBundleIcons →
/// CFBundlePrimaryIcon → CFBundleIconName`, which App Store Connect requires: ITMS-90713), and
/// where a missing name belongs.
public struct PrimaryIconNaming: Sendable, Equatable {
  /// For a project: `ASSETCATALOG_COMPILER_APPICON_NAME` is set (to a set actool finds or not:
  /// one it cannot find is primary-not-found's), or the Info.plist writes a `CFBundleIconName`
  /// for the primary (in an icon dictionary, as the tvOS string, or at the top level). For a
  /// built app: a built dictionary's primary has a non-empty `CFBundleIconName`.
  public var isNamed: Bool
  /// False when the reading cannot tell: a folder read without its Xcode project, whose build
  /// settings may name the primary where they are not seen.
  public var isKnown: Bool
  /// Where the name belongs: the Info.plist's first `CFBundleIcons` key, else the target's
  /// build settings in `project.pbxproj`; in a built app, the primary's entry (or
  /// `CFBundleIcons`).
  public var place: DeclarationPlace?

  public init(isNamed: Bool, isKnown: Bool = true, place: DeclarationPlace? = nil) {
    self.isNamed = isNamed
    self.isKnown = isKnown
    self.place = place
  }
}

extension InfoPlist {
  /// True when the Info.plist as written names the primary's asset: `CFBundleIconName` (a string)
  /// at the top level, or in an icon dictionary's `CFBundlePrimaryIcon`, or a string primary (the
  /// tvOS form).
  var namesPrimaryIcon: Bool {
    if root["CFBundleIconName"] is String { return true }
    for key in ["CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIcons~iphone"] {
      guard let icons = root[key] as? [String: Any] else { continue }
      switch icons["CFBundlePrimaryIcon"] {
      case is String: return true
      case let entry as [String: Any] where entry["CFBundleIconName"] is String: return true
      default: continue
      }
    }
    return false
  }
}

extension BuiltIconDictionaries {
  /// How a built app's Info.plist names its primary: named when a dictionary's primary has a
  /// non-empty `CFBundleIconName`; the place is the first primary entry written, else
  /// `CFBundleIcons` in `infoPlist`.
  func primaryIconNaming(infoPlist: String) -> PrimaryIconNaming {
    let named = dictionaries.contains { !($0.primary?.iconName ?? "").isEmpty }
    var place = DeclarationPlace(file: infoPlist, keyPath: [Self.baseKey])
    if case .infoPlist(let file, let line, let keyPath) = dictionaries.compactMap(\.primary).first?
      .origin
    {
      place = DeclarationPlace(file: file, line: line, keyPath: keyPath)
    }
    return PrimaryIconNaming(isNamed: named, place: place)
  }
}

extension BuiltIconDictionaries {
  /// Where a built app declares each icon: the first built dictionary (CFBundleIcons first)
  /// whose entry names it, at its key path; else `CFBundleIcons` in `infoPlist`.
  func declarationPlaces(of icons: [AppIcon], infoPlist: String) -> [String: DeclarationPlace] {
    func place(_ entry: Entry?) -> DeclarationPlace? {
      guard case .infoPlist(let file, let line, let keyPath) = entry?.origin else { return nil }
      return DeclarationPlace(file: file, line: line, keyPath: keyPath)
    }
    // Each alternate's first written entry, found once: thousands of alternates stay linear.
    var alternates: [String: DeclarationPlace] = [:]
    for dictionary in dictionaries {
      for entry in dictionary.alternates where alternates[entry.name] == nil {
        if let found = place(entry) { alternates[entry.name] = found }
      }
    }
    let primary = dictionaries.lazy.compactMap { place($0.primary) }.first
    let fallback = DeclarationPlace(file: infoPlist, keyPath: [Self.baseKey])
    var places: [String: DeclarationPlace] = [:]
    for icon in icons {
      places[icon.name] = (icon.isPrimary ? primary : alternates[icon.name]) ?? fallback
    }
    return places
  }
}
