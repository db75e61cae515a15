import FoundationEssentials
import IconCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a plan starts from: the one reading every command makes (the app and its facts), and
/// where those facts are written (`EditPlaces`).
public struct EditContext: Sendable {
  public var app: AppIcons
  public var facts: ProjectFacts
  public var places: EditPlaces

  public init(app: AppIcons, facts: ProjectFacts, places: EditPlaces) {
    self.app = app
    self.facts = facts
    self.places = places
  }

  /// Reads the app at `path` as every command does. `configuration` is the one read and judged
  /// (default Release); an edit of build settings is made in every configuration.
  public static func read(
    at path: URL, target: String?, configuration: String? = nil, platform: AppPlatform? = nil
  ) throws(IconCatalogError) -> EditContext {
    let (app, facts) = try AppIconReader.readWithFacts(
      at: path, target: target, configuration: configuration, platform: platform)
    let places = try EditPlaces.read(at: path, target: target, platform: platform)
    return EditContext(app: app, facts: facts, places: places)
  }

  /// The file a message names for the app as a whole: its project, else its folder.
  var projectDescription: String { (places.project ?? places.root).path }
}

/// The bytes of the files a plan edits, read once: a second edit of a file builds on the first,
/// and the change set keeps what was read, to refuse a file that changes meanwhile.
struct PlannedFiles {
  var changes: ChangeSet

  init(root: URL) { changes = ChangeSet(root: root) }

  /// The file as the plan has it so far: edited, or as read.
  func current(_ file: URL) throws(EditError) -> [UInt8] {
    if let planned = changes.current(file) { return planned }
    return try Self.read(file)
  }

  /// The bytes on disk, the first time the plan looks at a file.
  func original(_ file: URL) throws(EditError) -> [UInt8] {
    let key = file.standardizedFileURL.path
    if let change = changes.changes.first(where: { $0.path.standardizedFileURL.path == key }),
      let original = change.original
    {
      return original
    }
    return try Self.read(file)
  }

  /// The file's bytes as the reading sees them: on disk, or as earlier plans of the same run
  /// left them (`FixPlanner.planAll` lays them over the disk with `DiskOverlay`), so a second
  /// fix of one file builds on the first without anything being written.
  static func read(_ file: URL) throws(EditError) -> [UInt8] {
    do {
      return try RegularFile.read(file.path, limit: FileLimits.edited)
    } catch {
      throw .cannotEdit(file: file.path, reason: "it cannot be read (\(error.reason))")
    }
  }

  mutating func edit(_ file: URL, to updated: [UInt8], _ summary: String) throws(EditError) {
    changes.edit(file, from: try original(file), to: updated, summary)
  }
}
