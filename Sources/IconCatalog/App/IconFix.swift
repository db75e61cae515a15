/// What a finding's fix means, as data: which fact of the project to change, and to what. `check`
/// (IconCheck) attaches one to a finding that has a mechanical fix; the write side (IconEdit)
/// turns it into text edits in each file's own style. Paths are absolute, as findings name them;
/// key paths start at the Info.plist's top (`["CFBundleIcons~ipad", "CFBundleAlternateIcons",
/// "Blue"]`).
public enum IconFix: Sendable, Equatable, Hashable {
  /// A `CFBundleIconFiles` string written with its extension: `value` without it, at `index` of
  /// the array at `keyPath`.
  case removeIconFileExtension(plist: String, keyPath: [String], index: Int, value: String)
  /// An alternate the app's `CFBundleIcons` declares and `CFBundleIcons~ipad` lacks, in an app that
  /// runs on iPad: the entry copied into `CFBundleIcons~ipad` (made when missing, with the
  /// primary's entry), with its iPad images where the app's own images allow.
  case declareForIPad(plist: String, name: String)
  /// `CFBundlePrimaryIcon` written inside `CFBundleAlternateIcons` of `dictionary`, which turns
  /// alternate icons off: moved up to `dictionary`.
  case movePrimaryOutOfAlternates(plist: String, dictionary: String)
  /// A value of the wrong type (`UIPrerenderedIcon` as the string `NO`): written in the type Apple
  /// documents, with the value iOS reads it as.
  case setPlistValue(plist: String, keyPath: [String], value: Value)
  /// A name in a build setting spelt in another case than its set: written as the set spells it.
  case renameInSetting(setting: String, written: String, correct: String)
  /// An asset catalog the target does not build, which holds the app's icons: added to the
  /// target's resources (or the spec's `sources`).
  case addCatalogToTarget(catalog: String)
  /// Sizes missing from an icon: each made from the icon's largest image (never upscaled) and
  /// added to its set's `Contents.json` (`set`, an `.appiconset` folder) or as loose files.
  case addMissingSizes(icon: String, set: String?, sizes: [Size])
  /// Neither `ASSETCATALOG_COMPILER_APPICON_NAME` nor Info.plist names the primary, and exactly
  /// one set can be meant: the setting set to `name`.
  case setPrimaryIconName(name: String)
  /// A `Contents.json` entry actool ignores: removed.
  case removeContentsEntry(contents: String, index: Int)
  /// A set that is there but does not ship: `iconpick add NAME` declares it. A suggestion only:
  /// `--fix` does not guess intent.
  case declareSet(name: String)
  /// Unsafe (it changes artwork): the 1024 px marketing image flattened onto `background` (an
  /// sRGB hex colour), else its own edge colour.
  case flattenAlpha(file: String)
  /// Unsafe: the image resampled to `pixels` × `pixels`.
  case resample(file: String, pixels: Int)

  /// A plist value as the fix writes it.
  public enum Value: Sendable, Equatable, Hashable {
    case bool(Bool)
    case string(String)
    case strings([String])
  }

  /// An icon size: `idiom` (`iphone`, `ipad`, `ios-marketing`), points and scale.
  public struct Size: Sendable, Equatable, Hashable {
    public var idiom: String
    public var points: Double
    public var scale: Int

    public init(idiom: String, points: Double, scale: Int) {
      self.idiom = idiom
      self.points = points
      self.scale = scale
    }

    public var pixels: Int { Int((points * Double(scale)).rounded()) }

    /// The sizes App Store Connect asks of an app's icons (ITMS-90022/90023 of the primary,
    /// ITMS-90890/90892 of alternates): 60pt @2x on iPhone, and where the app runs on iPad 76pt
    /// and 83.5pt @2x. `check` judges by them, and `add` and `--fix` make them.
    public static let iPhoneRequired = [Size(idiom: "iphone", points: 60, scale: 2)]
    public static let iPadRequired = [
      Size(idiom: "ipad", points: 76, scale: 2), Size(idiom: "ipad", points: 83.5, scale: 2),
    ]
  }

  /// How safe applying it is (ruff's terms): a safe fix changes only declarations and files
  /// made from the app's own images; an unsafe one changes artwork; a suggestion is a command
  /// for the user, never applied.
  public enum Safety: String, Sendable, Equatable, Hashable, CaseIterable {
    case safe, unsafe, suggestion
  }

  public var safety: Safety {
    switch self {
    case .flattenAlpha, .resample: return .unsafe
    case .declareSet: return .suggestion
    default: return .safe
    }
  }
}
