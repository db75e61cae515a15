import Foundation

extension AppIcons {
  /// The order people see: the primary first (App Review 4.6: the way back to the original
  /// icon is always there), then the alternates in natural order, as Finder and Xcode list
  /// them: case-insensitive, numbers by value ("Alternate 2" before "Alternate 15").
  public var listedIcons: [AppIcon] {
    [primary] + alternates.sorted { IconOrder.precedes($0.name, $1.name) }
  }
}

/// The natural order of icon names.
public enum IconOrder {
  /// Whether `lhs` comes before `rhs`: case-insensitive with numbers by value, independent of
  /// the locale; names that compare the same that way ("Blue", "blue") by their UTF-8 bytes,
  /// so the order never depends on the order they were declared in.
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    switch lhs.compare(rhs, options: [.caseInsensitive, .numeric]) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: Array(lhs.utf8).lexicographicallyPrecedes(rhs.utf8)
    }
  }
}
