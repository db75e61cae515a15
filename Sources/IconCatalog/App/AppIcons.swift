import Foundation

/// An app's icon configuration, as the built app would see it.
public struct AppIcons: Sendable, Equatable {
  /// The name shown to people: `CFBundleDisplayName`, else `CFBundleName`, else the folder's name.
  public var appName: String
  public var bundleIdentifier: String
  /// The primary icon; always present (App Review 4.6: the user can always go back to it).
  public var primary: AppIcon
  /// The alternates, in the order they were declared.
  public var alternates: [AppIcon]
  /// The folder the app was read from.
  public var location: URL
  /// Problems that did not stop the reading but that the user should hear about.
  public var warnings: [String] = []

  public init(
    appName: String, bundleIdentifier: String, primary: AppIcon, alternates: [AppIcon],
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

  public init(
    name: String, assetName: String?, displayName: String, isPrimary: Bool,
    renditions: [IconRendition], declaredIdioms: [String] = [], isPrerendered: Bool = false
  ) {
    self.name = name
    self.assetName = assetName
    self.displayName = displayName
    self.isPrimary = isPrimary
    self.renditions = renditions
    self.declaredIdioms = declaredIdioms
    self.isPrerendered = isPrerendered
  }

  /// The image files that exist for this icon, each once, in rendition order. A file that
  /// Contents.json names but that is missing on disk is not one (`check` reports it).
  public var files: [URL] {
    var seen = Set<String>()
    return renditions.compactMap(\.file).filter {
      seen.insert($0.path).inserted && FileManager.default.fileExists(atPath: $0.path)
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
