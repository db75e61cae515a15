import IconCatalog

/// The six looks Icon Composer exports an icon in. `icon.json` specializes values only for
/// `light`, `dark` and `tinted`; each look reads the values of one of those.
public enum IconComposerLook: String, Sendable, Equatable, Hashable, CaseIterable {
  case light
  case dark
  /// The home screen's tinted look on a dark wallpaper: Icon Composer's TintedDark.
  case tintedDark = "tinted-dark"
  case tintedLight = "tinted-light"
  case clearLight = "clear-light"
  case clearDark = "clear-dark"

  /// The look iconpick's appearance names: `tinted` is TintedDark, the system's default.
  public init(_ appearance: IconAppearance) {
    switch appearance {
    case .any: self = .light
    case .dark: self = .dark
    case .tinted: self = .tintedDark
    }
  }

  /// Icon Composer's name for the look in its export file names (`Icon-iOS-TintedDark-…`).
  public var exportName: String {
    switch self {
    case .light: return "Default"
    case .dark: return "Dark"
    case .tintedDark: return "TintedDark"
    case .tintedLight: return "TintedLight"
    case .clearLight: return "ClearLight"
    case .clearDark: return "ClearDark"
    }
  }

  /// The look named `exportName` (Default, Dark, TintedDark, ...), or nil.
  public init?(exportName: String) {
    guard let look = Self.allCases.first(where: { $0.exportName == exportName }) else {
      return nil
    }
    self = look
  }

  /// Whose specializations the look reads.
  public var appearance: IconAppearance {
    switch self {
    case .light, .clearLight: return .any
    case .dark, .clearDark: return .dark
    case .tintedDark, .tintedLight: return .tinted
    }
  }

  /// True for the dark-wallpaper looks.
  public var isDark: Bool { self == .dark || self == .tintedDark || self == .clearDark }
}
