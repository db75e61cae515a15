import Foundation

/// Short names for people: icon names usually repeat the primary's name (`AppIcon-Green`),
/// which says nothing in a list of icons.
public enum IconDisplayName {
  /// `AppIcon-Green` -> "Green" (the primary's name as a prefix, then any separators - _ space, are dropped);
  /// `AppIconBlue` -> "Blue"; `Dark` -> "Dark"; the primary -> "Default"; if stripping would leave nothing,
  /// keep the name.
  public static func friendly(for name: String, primaryName: String, isPrimary: Bool) -> String {
    if isPrimary { return "Default" }
    guard !primaryName.isEmpty,
      let prefix = name.range(of: primaryName, options: [.anchored, .caseInsensitive])
    else { return name }
    let rest = name[prefix.upperBound...].drop { separators.contains($0) }
    return rest.isEmpty ? name : String(rest)
  }

  private static let separators: Set<Character> = ["-", "_", " "]
}
