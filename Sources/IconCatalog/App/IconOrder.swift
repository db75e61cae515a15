import Foundation

extension AppIcons {
  /// The order people see: the primary first (App Review 4.6: the way back to the original
  /// icon is always there), then the alternates by name, case-insensitively.
  public var listedIcons: [AppIcon] {
    let sorted = alternates.sorted { lhs, rhs in
      let order = lhs.name.caseInsensitiveCompare(rhs.name)
      return order == .orderedSame ? lhs.name < rhs.name : order == .orderedAscending
    }
    return [primary] + sorted
  }
}
