import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An app's icon configuration, as the built app would see it.
public struct AppIcons: Sendable, Equatable {
  /// The name shown to people: `CFBundleDisplayName`, else `CFBundleName`, else the folder's name.
  public var appName: String
  /// `CFBundleIdentifier` as built; nil when it cannot be worked out (a bare asset catalog, or a
  /// setting in a file that is not there). Listing and checking do without it; recording a choice,
  /// which is kept per bundle identifier, does not.
  public var bundleIdentifier: String?
  /// When `bundleIdentifier` is nil, why: the file and what to set, in one line.
  public var bundleIdentifierProblem: String?
  /// The built bundle's name without `.app` (`PRODUCT_NAME`; the folder's name for a built app),
  /// when known: how `check --against` matches an artifact to a project's target.
  public var productName: String?
  /// The primary icon; always present (App Review 4.6: the user can always go back to it).
  public var primary: AppIcon
  /// The alternates, in the order they were declared.
  public var alternates: [AppIcon]
  /// The folder the app was read from.
  public var location: URL
  /// Problems that did not stop the reading but that the user should hear about.
  public var warnings: [String] = []
  /// What the reading left aside that is no problem (a built app's watch app, extensions and
  /// App Clips): said as notes, not warnings.
  public var notes: [String] = []
  /// Base `.xcconfig` files the project refers to that are not there (also in `warnings`): Xcode
  /// stops with an error; `check` reports one.
  public var missingBaseConfigurations: [MissingBaseConfiguration] = []
  /// The platform the app is built for (`PlatformDecision`).
  public var platform: AppPlatform = .iOS
  /// The device families it runs on (1 iPhone, 2 iPad, 3 Apple TV), decided once
  /// (`PlatformDecision.deviceFamilies`): unset `TARGETED_DEVICE_FAMILY` is iPhone only.
  public var deviceFamilies: [Int] = [1]
  /// The built Info.plist's icon dictionaries, each entry with where it came from.
  public var iconDictionaries = BuiltIconDictionaries()
  /// The Info.plist's values of the wrong type among the keys read, each with what the reading
  /// made of it (as iOS reads it) and its line: reading never stops on one (`plist-value-type`).
  public var plistValueProblems: [PlistValueProblem] = []
  /// True when read from what Xcode built (a `.app`), not predicted from sources: most sizes are
  /// then in `Assets.car`, not in loose files.
  public var isBuiltArtifact = false
  /// For a built app, the Xcode and SDK that made it and whether its car was thinned for one
  /// device (`BuildKind`); empty for a prediction.
  public var build = BuildKind()
  /// A built app's compiled app icons, from its `Assets.car`, read with the app
  /// (`withCompiledAppIcons()`); nil for a prediction, an app without a car, or a car that
  /// cannot be read (`compiledAppIconsProblem` says why).
  public var compiledAppIcons: CompiledAppIcons?
  /// Why the built app's `Assets.car` could not be read, when it could not.
  public var compiledAppIconsProblem: String?
  /// The app icons the asset catalogs hold (for a built app, its `Assets.car`). For a project,
  /// part of every reading (worked out on first use: see `ReadFacets`); for a built app, read with
  /// the app, from its car (`withCompiledAppIcons()`); nil when the car cannot be read.
  public var appIconAssets: AppIconAssets? {
    get { facets.values.appIconAssets }
    set { facets.update { $0.appIconAssets = newValue } }
  }
  /// Whether and where the built Info.plist names the primary's asset.
  public var primaryIconNaming: PrimaryIconNaming? {
    get { facets.values.primaryIconNaming }
    set { facets.update { $0.primaryIconNaming = newValue } }
  }
  /// The `CFBundleIconFiles` names, as written, that carry a scale or device suffix and find a
  /// loose PNG by their exact spelling (`Icon60x60@2x` for `Icon60x60@2x.png`): iOS adds `.png`
  /// and loads them. Looked for in the app's folder for a project, at the top of the bundle for a
  /// built app.
  public var iconFilesFoundAsWritten: Set<String>? {
    get { facets.values.iconFilesFoundAsWritten }
    set { facets.update { $0.iconFilesFoundAsWritten = newValue } }
  }
  /// Where each icon is declared, by its name: for a project, its build setting's or Info.plist
  /// key's line, else its set, else the Info.plist or project; for a built app, its built
  /// Info.plist entry's key path.
  public var declarationPlaces: [String: DeclarationPlace]? {
    get { facets.values.declarationPlaces }
    set { facets.update { $0.declarationPlaces = newValue } }
  }
  /// The four facets above. A project's reading fills them from the project's facts, which on a
  /// large app cost more than the rest of the reading (2,000 alternates named by one setting: the
  /// line of each name), so they are worked out when first asked for, once, from that same
  /// reading; `readWithFacts` (check) fills them at once from the facts it reads anyway.
  var facets = ReadFacets.Store()

  /// Where `icon` is declared, when the reading said (`declarationPlaces`).
  public func declarationPlace(of icon: AppIcon) -> DeclarationPlace? {
    declarationPlaces?[icon.name]
  }
  /// The platforms the target builds for besides `platform`: each is an app of its own
  /// (`--platform`).
  public var otherPlatforms: [AppPlatform] = []

  /// The idioms of the devices the app runs on.
  public var deviceIdioms: [String] { PlatformDecision.idioms(ofFamilies: deviceFamilies) }

  /// `iPhone only`, `iPad only`, or `on no device` for an icon no built dictionary of the app's
  /// devices declares; nil when it works on every device the app runs on. What `list` and the
  /// picker show beside the icon.
  public func availability(of icon: AppIcon) -> String? {
    let devices = deviceIdioms
    guard devices.contains(where: { !icon.idioms.contains($0) }) else { return nil }
    let shown = devices.filter(icon.idioms.contains).map(PlatformDecision.deviceName(ofIdiom:))
    return shown.isEmpty ? "on no device" : shown.joined(separator: " and ") + " only"
  }

  /// True when the app runs on iPad but iOS there does not know this icon: `setAlternateIconName`
  /// fails on iPad.
  public func isMissingOnIPad(_ icon: AppIcon) -> Bool {
    deviceFamilies.contains(2) && !icon.idioms.contains("ipad")
  }

  public init(
    appName: String, bundleIdentifier: String?, primary: AppIcon, alternates: [AppIcon],
    location: URL
  ) {
    self.appName = appName
    self.bundleIdentifier = bundleIdentifier
    self.primary = primary
    self.alternates = alternates
    self.location = location
  }

  /// Mirrors `UIApplication.supportsAlternateIcons`.
  public var supportsAlternateIcons: Bool { !alternates.isEmpty }

  /// The primary first, then every alternate.
  public var allIcons: [AppIcon] { [primary] + alternates }

  /// The alternate that `setAlternateIconName` would accept under this exact name.
  public func alternate(named name: String) -> AppIcon? {
    alternates.first { $0.name == name }
  }
}

/// A build configuration based on an `.xcconfig` that cannot be opened. swift-build
/// (`Sources/SWBCore/WorkspaceSettingsCache.swift`, `getCachedMacroConfigFile` with context
/// `.baseConfiguration`) reports it as an error, "Unable to open base configuration reference
/// file", located at the project, and makes the settings without the file.
public struct MissingBaseConfiguration: Sendable, Equatable {
  /// The `.xcconfig` that is not there.
  public var file: String
  /// The `project.pbxproj` that refers to it.
  public var project: String
  /// `Release`, ...
  public var configuration: String
  /// `the project`, or `target NAME`.
  public var owner: String
  /// The 1-based line of `project` that refers to it (`baseConfigurationReference`), when found.
  public var line: Int?

  public init(file: String, project: String, configuration: String, owner: String) {
    self.file = file
    self.project = project
    self.configuration = configuration
    self.owner = owner
  }

  /// Xcode's own words.
  public var xcodeMessage: String { "Unable to open base configuration reference file '\(file)'" }

  /// `Pods/Target Support Files/...`: CocoaPods writes these files, and `pod install` makes them.
  public var isCocoaPods: Bool { file.contains("/Pods/Target Support Files/") }

  /// What to do, in one clause.
  public var fix: String {
    if isCocoaPods, let range = file.firstRange(ofText: "/Pods/Target Support Files/") {
      let folder = String(file[..<range.lowerBound])
      return "run `pod install` in \(folder.isEmpty ? "/" : folder): CocoaPods writes this file"
    }
    return "create it (a template next to it may show how), or remove the reference in Xcode"
  }

  /// The one line the commands print (`IconCatalogError.missingBaseConfiguration`).
  public var description: String {
    IconCatalogError.missingBaseConfiguration(
      file: file, project: project, configuration: configuration, owner: owner
    ).description
  }
}

/// One icon the app can show.
public struct AppIcon: Sendable, Equatable, Hashable {
  /// For an alternate, the name passed to `setAlternateIconName`; for the primary, its asset name.
  public var name: String
  /// The asset (icon set) that holds the images, when it differs from `name` or is known.
  public var assetName: String?
  /// A short name for people: `AppIcon-Green` -> `Green`, the primary -> `Default`.
  public var displayName: String
  public var isPrimary: Bool
  public var renditions: [IconRendition]
  /// The idioms whose Info.plist dictionary declares this name: `iphone` for `CFBundleIcons`,
  /// `ipad` for `CFBundleIcons~ipad`. Empty when no Info.plist declares it (build settings only,
  /// which generate it for every idiom). One entry means it works on that idiom only.
  public var declaredIdioms: [String]
  /// `UIPrerenderedIcon`: the system adds no gloss (iOS 6 and earlier).
  public var isPrerendered: Bool
  /// The devices the built app offers this icon on (`iphone`, `ipad`, `tv`): the idioms the app
  /// runs on whose built icon dictionary (`CFBundleIcons~ipad` on iPad when the built Info.plist
  /// has one, else `CFBundleIcons`) declares it, so `setAlternateIconName` accepts it there. The
  /// primary is on every device the app runs on. Images play no part: a `~ipad` file does not make
  /// iOS accept a name its dictionary lacks.
  public var idioms: [String]

  public init(
    name: String, assetName: String?, displayName: String, isPrimary: Bool,
    renditions: [IconRendition], declaredIdioms: [String] = [], isPrerendered: Bool = false,
    idioms: [String]? = nil
  ) {
    self.name = name
    self.assetName = assetName
    self.displayName = displayName
    self.isPrimary = isPrimary
    self.renditions = renditions
    self.declaredIdioms = declaredIdioms
    self.isPrerendered = isPrerendered
    self.idioms = idioms ?? (declaredIdioms.isEmpty ? ["iphone"] : declaredIdioms)
  }

  /// The image files that exist for this icon, each once, in rendition order. A file that
  /// Contents.json names but that is missing on disk is not one (`check` reports it).
  public var files: [URL] {
    var seen = Set<String>()
    return renditions.compactMap(\.file).filter {
      seen.insert($0.path).inserted
        && (ReadDisk.exists($0.path) || ArchivedFiles.exists($0))
    }
  }
}

public enum IconAppearance: String, Sendable, Equatable, Hashable, CaseIterable {
  case any, dark, tinted
}

/// One image of an icon: a slot of an `.appiconset`, a loose file, or an Icon Composer bundle
/// drawn in one appearance.
public struct IconRendition: Sendable, Equatable, Hashable {
  public enum Kind: Sendable, Equatable, Hashable {
    /// `file` is an image (PNG, as iOS requires).
    case image
    /// `file` is an Icon Composer `.icon` folder, to be drawn from its `icon.json` and layers.
    case iconComposer
  }

  /// The image file (or `.icon` folder); nil for a slot that names no file.
  public var file: URL?
  public var kind: Kind
  /// `universal`, `iphone`, `ipad`, `ios-marketing`, ...
  public var idiom: String
  /// The size in points (1024 for the single-size form), when known.
  public var pointSize: Double?
  /// 1, 2 or 3.
  public var scale: Int
  public var appearance: IconAppearance
  /// `ios`, `macos`, ... when the slot names one.
  public var platform: String?

  public init(
    file: URL?, idiom: String, pointSize: Double?, scale: Int, appearance: IconAppearance = .any,
    platform: String? = nil, kind: Kind = .image
  ) {
    self.file = file
    self.kind = kind
    self.idiom = idiom
    self.pointSize = pointSize
    self.scale = scale
    self.appearance = appearance
    self.platform = platform
  }

  /// Pixels along one side, when the size is known (and fits an Int: Contents.json may say
  /// `"1e19x1e19"`).
  public var pixelSize: Int? { pointSize.flatMap { Int(exactly: ($0 * Double(scale)).rounded()) } }
}

extension AppIcons {
  /// The facets a reading decides beside the icons (`appIconAssets`, `primaryIconNaming`,
  /// `iconFilesFoundAsWritten`, `declarationPlaces`).
  struct ReadFacets: Sendable, Equatable {
    var appIconAssets: AppIconAssets?
    var primaryIconNaming: PrimaryIconNaming?
    var iconFilesFoundAsWritten: Set<String>?
    var declarationPlaces: [String: DeclarationPlace]?

    /// The facets, known or to be worked out on first use. Copies of an app share the work.
    struct Store: Sendable, Equatable {
      private var known: ReadFacets? = ReadFacets()
      private var pending: Pending?

      init() {}

      /// Facets `make` works out when first asked for.
      init(_ make: @escaping () -> ReadFacets) {
        known = nil
        pending = Pending(make)
      }

      var values: ReadFacets { known ?? pending?.values ?? ReadFacets() }

      mutating func update(_ change: (inout ReadFacets) -> Void) {
        var changed = values
        change(&changed)
        known = changed
        pending = nil
      }

      static func == (a: Store, b: Store) -> Bool { a.values == b.values }
    }

    /// Worked out once, under a lock: an app value may be read from several threads.
    final class Pending: @unchecked Sendable {
      private let lock = Lock()
      private var make: (() -> ReadFacets)?
      private var made: ReadFacets?

      init(_ make: @escaping () -> ReadFacets) { self.make = make }

      var values: ReadFacets {
        lock.withLock {
          if let made { return made }
          let value = make?() ?? ReadFacets()
          made = value
          make = nil
          return value
        }
      }
    }
  }
}
