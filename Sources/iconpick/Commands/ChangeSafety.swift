import FoundationEssentials
import IconCatalog
import IconEdit

/// What every command does around a project's change journal (IconEdit's `ChangeRecovery` and
/// `ProjectLock`): a reader first finishes the undoing of an interrupted change, a writer holds
/// the project's lock from planning to verifying. Each says what it did on stderr.
enum ChangeSafety {
  /// Rolls back an interrupted change journalled for the app at `path`, before it is read.
  static func recover(_ path: URL) throws {
    for line in try ChangeRecovery.recover(near: path) { IconpickCommand.printNote(line) }
  }

  /// The lock of the project `path` means, held until released; nil when `path` is no file or
  /// folder (the reading then says why).
  /// A dry run takes none, but is refused as taking it would be (a folder that cannot hold the
  /// journal), at the same moment: before planning.
  static func lock(_ path: URL, dryRun: Bool) throws -> ProjectLock? {
    guard let root = AppIconReader.projectRoot(at: path) else { return nil }
    if dryRun {
      try ProjectLock.checkRoot(root)
      return nil
    }
    let lock = try ProjectLock.acquire(root: root)
    for line in lock.recovered { IconpickCommand.printNote(line) }
    return lock
  }
}
