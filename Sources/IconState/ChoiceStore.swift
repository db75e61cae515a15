/// What the state folder holds for one app.
public enum StoredChoice: Equatable, Sendable {
  /// Nothing recorded, or an explicit reset.
  case primary
  /// The recorded `alternateIconName`.
  case alternate(String)
  /// Present but unparseable; never silently overwritten.
  case corrupt(file: String, reason: String)
}

/// Seam: where choices are kept. The picker and tests use fakes.
public protocol ChoiceStore: Sendable {
  func load(bundleIdentifier: String) throws(IconStateError) -> StoredChoice
  /// Records `alternateIconName` (nil = primary). If the current file is corrupt, it is first moved aside
  /// to a kept copy whose path is returned.
  func save(alternateIconName: String?, bundleIdentifier: String) throws(IconStateError)
    -> SaveReport
  /// Where the choice for `bundleIdentifier` lives, for messages (a file path for `FileChoiceStore`).
  func location(bundleIdentifier: String) -> String
  /// Throws `.invalidBundleIdentifier` when the choice cannot be kept under `bundleIdentifier`
  /// (it cannot name a state file), without touching anything.
  func validate(bundleIdentifier: String) throws(IconStateError)
}

extension ChoiceStore {
  // A default so fakes need not care about where things live.
  public func location(bundleIdentifier: String) -> String {
    "the recorded choice for \(bundleIdentifier)"
  }

  public func validate(bundleIdentifier: String) throws(IconStateError) {}
}

public struct SaveReport: Equatable, Sendable {
  /// Where a damaged state file was moved before the new choice replaced it.
  public var preservedCorruptCopy: String?

  public init(preservedCorruptCopy: String? = nil) {
    self.preservedCorruptCopy = preservedCorruptCopy
  }
}
