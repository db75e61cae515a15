import IconCatalog

/// Picks which image of an icon to decode for a given number of pixels.
public enum RenditionChooser {
  /// The idioms whose art is drawn for a phone's home screen, which is what the picker imitates.
  public static let phoneIdioms: Set<String> = ["iphone", "universal"]

  /// The rendition to decode to fill `pixels` pixels along a side, or nil when none names a file.
  ///
  /// Among the renditions for `appearance` (or `.any` when that appearance has none), the
  /// preferred idioms come first, then `ipad`, then `ios-marketing`, then the rest (other
  /// platforms too). The first of those groups that has a rendition with at least `pixels`
  /// pixels gives its smallest such one: decoding less is faster, and a larger group member
  /// would only be averaged away. When no rendition is that large, the largest one wins.
  /// Equal candidates keep the order they were declared in.
  public static func choose(
    from renditions: [IconRendition], pixels: Int, appearance: IconAppearance = .any,
    preferredIdioms: Set<String> = phoneIdioms
  ) -> IconRendition? {
    let withFiles = renditions.filter { $0.file != nil }
    var pool = withFiles.filter { $0.appearance == appearance }
    // iOS shows the default art when an icon set has no dark or tinted variant.
    if pool.isEmpty { pool = withFiles.filter { $0.appearance == .any } }
    // Only variants (say, dark alone): still better than nothing.
    if pool.isEmpty { pool = withFiles }

    func tier(_ rendition: IconRendition) -> Int {
      if let platform = rendition.platform, platform != "ios" { return 3 }
      if preferredIdioms.contains(rendition.idiom) { return 0 }
      switch rendition.idiom {
      case "ipad": return 1
      case "ios-marketing": return 2
      default: return 3
      }
    }

    let candidates = pool.enumerated().map {
      (index: $0.offset, tier: tier($0.element), size: $0.element.pixelSize, rendition: $0.element)
    }
    let bigEnough = candidates.filter { ($0.size ?? Int.min) >= pixels }
    if let best = bigEnough.min(by: {
      ($0.tier, $0.size ?? 0, $0.index) < ($1.tier, $1.size ?? 0, $1.index)
    }) {
      return best.rendition
    }
    // An unknown size (a loose file without one) ranks below any known size; then the scale.
    let largest = candidates.min {
      ($1.size ?? -1, $1.rendition.scale, -$1.tier, -$1.index)
        < ($0.size ?? -1, $0.rendition.scale, -$0.tier, -$0.index)
    }
    return largest?.rendition
  }
}
