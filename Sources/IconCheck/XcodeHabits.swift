import FoundationEssentials
import IconCatalog

/// Differences between what iconpick predicts and a built app that are a known habit of the
/// older Xcode that made the artifact (its `DTXcode`), not a difference in the sources: `check
/// --against` reports them as notes that say so. Only habits with evidence are here, each with
/// its source in docs/built-apps.md ("Older Xcode").
enum XcodeHabits {
  /// Why the built Info.plist has the icon dictionary `key` that the prediction has not, when
  /// that is the habit of the Xcode that built it; nil otherwise.
  ///
  /// Xcode 10 writes `CFBundleIcons~ipad` into the Info.plist of an app that runs on iPhone only
  /// (`UIDeviceFamily` [1]), where the prediction (as actool does today) writes none: seen on a
  /// real Xcode 10 build (issue 27). Other Xcode versions are not known to, so for them the
  /// difference stays a `built-differs` error.
  static func extraDictionary(_ key: String, built: AppIcons) -> String? {
    guard key == BuiltIconDictionaries.baseKey + "~ipad", !built.deviceFamilies.contains(2),
      built.build.xcodeMajor == 10, let xcode = built.build.xcodeDescription
    else { return nil }
    return
      "\(xcode), which made the artifact, writes \(key) for an app that runs on iPhone only (UIDeviceFamily \(built.deviceFamilies.map(String.init).joined(separator: ","))): a habit of that Xcode, not a difference in the sources"
  }
}
