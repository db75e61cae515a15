import IconCatalog

/// Mirrors UIApplication's alternate icon API for one app.
public final class IconSwitcher: Sendable {
  public let app: AppIcons
  private let store: any ChoiceStore

  public init(app: AppIcons, store: any ChoiceStore) {
    self.app = app
    self.store = store
  }

  public var supportsAlternateIcons: Bool { app.supportsAlternateIcons }

  /// nil = the primary. Reads the store; undeclared, corrupt or unreadable -> nil, as iOS never fails this read.
  public var alternateIconName: String? {
    (try? readChoice())?.alternateIconName ?? nil
  }

  /// The bundle identifier the choice is kept under; `.noBundleIdentifier` when the app has none
  /// (a bare asset catalog): the commands that read or record the choice say so before anything.
  public func requireBundleIdentifier() throws(IconStateError) -> String {
    guard let identifier = app.bundleIdentifier else {
      throw .noBundleIdentifier(
        appName: app.appName,
        reason: app.bundleIdentifierProblem ?? "set CFBundleIdentifier in the app's Info.plist")
    }
    return identifier
  }

  /// The bundle identifier the choice can be recorded under: `.noBundleIdentifier` without one,
  /// `.invalidBundleIdentifier` when it cannot name a state file. `set`, `reset`, `push` and the
  /// picker's choice need it; reading the choice does not.
  public func requireRecordableBundleIdentifier() throws(IconStateError) -> String {
    let identifier = try requireBundleIdentifier()
    try store.validate(bundleIdentifier: identifier)
    return identifier
  }

  /// Why the choice cannot be kept under the app's bundle identifier, or nil when it can or the
  /// app has none (`requireBundleIdentifier` says that). The commands that only read go on and
  /// show this once; the choice reads as the primary.
  public var unusableBundleIdentifier: StateNotice? {
    guard let identifier = app.bundleIdentifier else { return nil }
    do {
      try store.validate(bundleIdentifier: identifier)
      return nil
    } catch {
      return .unusableBundleIdentifier(
        appName: app.appName, identifier: identifier,
        reason: FileChoiceStore.problem(withBundleIdentifier: identifier)
          ?? "the state folder refuses it")
    }
  }

  /// `alternateIconName` plus the notice the user should see about it, if any. I/O errors are thrown.
  /// Without a bundle identifier, or with one that cannot name a state file, nothing can have
  /// been recorded: the primary (`unusableBundleIdentifier` says why, once).
  public func readChoice() throws(IconStateError) -> (
    alternateIconName: String?, notice: StateNotice?
  ) {
    guard let bundleIdentifier = app.bundleIdentifier else { return (nil, nil) }
    let stored: StoredChoice
    do {
      stored = try store.load(bundleIdentifier: bundleIdentifier)
    } catch {
      if case .invalidBundleIdentifier = error { return (nil, nil) }
      throw error
    }
    switch stored {
    case .primary:
      return (nil, nil)
    case .alternate(let name):
      if app.alternate(named: name) != nil { return (name, nil) }
      // A hand-written record of the primary's own name simply means the primary.
      if name == app.primary.name { return (nil, nil) }
      let file = store.location(bundleIdentifier: bundleIdentifier)
      return (nil, .undeclaredIcon(name: name, file: file))
    case .corrupt(let file, let reason):
      return (nil, .corruptState(file: file, reason: reason))
    }
  }

  /// nil resets to the primary; the primary's own name also resets. An unknown name throws `.unknownIcon`
  /// before the store is touched, so the recorded choice stays exactly as it was; so does an app
  /// without a bundle identifier (`.noBundleIdentifier`) or with one that cannot name a state
  /// file (`.invalidBundleIdentifier`).
  @discardableResult
  public func setAlternateIconName(_ name: String?) throws(IconStateError) -> [StateNotice] {
    let bundleIdentifier = try requireRecordableBundleIdentifier()
    let recorded: String?
    if let name {
      if app.alternate(named: name) != nil {
        recorded = name
      } else if name == app.primary.name {
        recorded = nil
      } else {
        throw .unknownIcon(name: name, appName: app.appName, available: app.allIcons.map(\.name))
      }
    } else {
      recorded = nil
    }
    let report = try store.save(alternateIconName: recorded, bundleIdentifier: bundleIdentifier)
    guard let copy = report.preservedCorruptCopy else { return [] }
    return [.keptCorruptCopy(file: store.location(bundleIdentifier: bundleIdentifier), copy: copy)]
  }

  /// The active icon (the primary when nothing usable is recorded).
  public func activeIcon() throws(IconStateError) -> AppIcon {
    guard let name = try readChoice().alternateIconName else { return app.primary }
    return app.alternate(named: name) ?? app.primary
  }
}
