import FoundationEssentials

/// A planned change and what it is for: the files, the notes to print, and what reading the
/// project again must show afterwards.
public struct EditPlan: Sendable {
  public var changes: ChangeSet
  /// Things the user should hear that do not stop the change (an image with transparent pixels).
  public var notes: [String] = []
  /// How the icon is (or was) declared, for the one-line report: `an asset catalog set, named in
  /// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`.
  public var form: String
  /// The name the plan is about.
  public var name: String
  /// After `add`, the devices NAME must work on (`iphone`, `ipad`); empty after `remove`.
  public var expectedIdioms: [String] = []

  public init(changes: ChangeSet, form: String, name: String) {
    self.changes = changes
    self.form = form
    self.name = name
  }

  /// `--dry-run`'s output: a unified diff of each text file, and a line for each binary file
  /// or folder.
  public func preview() -> String {
    var output = ""
    for change in changes.changes {
      let shown = changes.displayPath(change.path)
      if change.isDirectory {
        output += change.isCreation ? "new folder: \(shown)/\n" : "removed folder: \(shown)/\n"
      } else if change.isText {
        output += UnifiedDiff.diff(
          old: change.original.map { String(decoding: $0, as: UTF8.self) } ?? "",
          new: change.updated.map { String(decoding: $0, as: UTF8.self) } ?? "",
          oldName: change.isCreation ? "/dev/null" : "a/" + shown,
          newName: change.isDeletion ? "/dev/null" : "b/" + shown)
      } else if change.isCreation {
        output += "new binary file: \(shown) (\(change.updated?.count ?? 0) bytes)\n"
      } else if change.isDeletion {
        output += "removed binary file: \(shown) (\(change.original?.count ?? 0) bytes)\n"
      } else {
        output +=
          "changed binary file: \(shown) (\(change.original?.count ?? 0) -> \(change.updated?.count ?? 0) bytes)\n"
      }
    }
    return output
  }

  /// One line per file: what changed in it.
  public func summaryLines() -> [String] {
    changes.changes.filter { !($0.isDirectory && $0.isCreation) }.map { change in
      "\(changes.displayPath(change.path))\(change.isDirectory ? "/" : ""): \(change.summary)"
    }
  }
}
