import FoundationEssentials
import IconCatalog

extension FixPlanner {
  /// One fix's outcome in `planAll`: its own changes (from the files as the fixes before it left
  /// them), or why it was refused.
  public struct Planned: Sendable {
    public var fix: IconFix
    public var result: Result<EditPlan, EditError>
  }

  /// Plans `fixes` one after the other, each on the files as the ones before it left them, and
  /// folds them into one change set: each file written once, from the bytes on disk to the last
  /// fix's. A refused fix changes nothing and the others go on. The same plan serves `--dry-run`
  /// and the real run.
  public static func planAll(
    _ fixes: [IconFix], in context: EditContext, background: String? = nil
  ) -> (changes: ChangeSet, planned: [Planned]) {
    var combined = ChangeSet(root: context.places.root)
    var overlay = DiskOverlay.current ?? DiskOverlay()
    var planned: [Planned] = []
    for fix in fixes {
      let result: Result<EditPlan, EditError> = overlay.reading {
        Self.result(of: fix, in: context, background: background)
      }
      planned.append(Planned(fix: fix, result: result))
      guard case .success(let plan) = result else { continue }
      for change in plan.changes.changes {
        let key = change.path.standardizedFileURL.path
        if let index = combined.changes.firstIndex(where: {
          $0.path.standardizedFileURL.path == key && !$0.isDirectory
        }), !change.isDirectory {
          combined.changes[index].updated = change.updated
          combined.changes[index].summary += "; " + change.summary
        } else {
          combined.changes.append(change)
        }
        switch (change.isDirectory, change.updated) {
        case (_, nil): overlay.remove(key)
        case (true, _?): overlay.makeFolder(key)
        case (false, let bytes?): overlay.write(key, bytes)
        }
      }
    }
    // A file the fixes brought back to its bytes on disk needs no writing.
    combined.changes.removeAll {
      !$0.isDirectory && $0.original != nil && $0.original == $0.updated
    }
    return (combined, planned)
  }

  private static func result(of fix: IconFix, in context: EditContext, background: String?)
    -> Result<EditPlan, EditError>
  {
    do {
      return .success(try plan(fix, in: context, background: background))
    } catch {
      return .failure(error)
    }
  }
}
