import FoundationEssentials

/// The sizes, in points, each device idiom of an iOS `.appiconset` has: the slots Xcode's asset
/// catalog editor offers for an app icon, as Apple's Asset Catalog Format Reference ("App Icon
/// Type", the `size` values) lists them. The reference says of an entry's size: "If the size is
/// not valid, the image is ignored", and actool does so: an `iphone` entry of 76×76 gives no file
/// and no rendition. The one table iconpick decides that with (`AppIconSet` drops such entries;
/// docs/reading.md says where it comes from).
public enum AppIconSlots {
  /// Point sizes by idiom. Idioms not here (`car`, `mac`, `watch`, `watch-marketing`, ...) are
  /// not judged: CarPlay and other platforms' images play no part in what iconpick predicts.
  /// `universal` is not judged either: a real app (Flare) ships nine alternates whose only entry
  /// is a hand-written `universal` iOS 256×256, and nothing shows actool ignoring it, as a
  /// one-image set is a source actool scales; only the device idioms' slots are known to be fixed.
  static let sizes: [String: Set<Double>] = [
    "iphone": [20, 29, 40, 57, 60],
    "ipad": [20, 29, 40, 50, 72, 76, 83.5],
    "ios-marketing": [1024],
  ]

  /// False when no device of `idiom` has an icon of `points` (an `iphone` 76×76 entry): actool
  /// ignores the entry. True for a size the idiom has, and for what the table does not judge: an
  /// entry without a size, an idiom of another platform, a `universal` entry for watchOS or macOS.
  public static func isUsed(idiom: String, points: Double?, platform: String?) -> Bool {
    guard let points, let known = sizes[idiom.lowercased()] else { return true }
    return known.contains(points)
  }
}
