import FoundationEssentials
import IconCatalog
import IconCheck
import IconEdit

/// The verdict on a planned change, reached before a byte is written: the project is read as it
/// would be (the change laid over the disk, in memory) and checked. `--dry-run` and the real run
/// ask the same question and get the same answer; after writing, the same judgement on the disk
/// is the last guard. Only here does a change meet `check`: IconEdit plans, IconCheck judges.
struct ChangeJudge {
  /// What the change is for, which reading the project after it must show.
  enum Intent {
    /// NAME is an alternate on each of `idioms`.
    case add(name: String, idioms: [String])
    /// NAME is no longer an alternate; `keepingFiles`: its set stays in the catalog.
    case remove(name: String, keepingFiles: Bool)
    /// Findings' fixes: nothing beyond "no new finding".
    case fixes
  }

  struct Verdict {
    /// Why the change must not stand; nil when it may.
    var refusal: String?
    /// New errors the change makes on purpose, to be said (remove of a name the code asks for).
    var expected: [Diagnostic] = []
    /// Findings the change takes away.
    var resolved: [Diagnostic] = []
    /// Every finding of the project as judged (what remains after the change).
    var findings: [Diagnostic] = []
  }

  var intent: Intent
  /// The findings before the change.
  var before: [Diagnostic]
  /// Reads the project as every command does (the current `DiskOverlay` laid over the disk).
  var read: () throws -> EditContext

  /// The verdict on the project as `changes` would leave it, nothing written.
  func judge(_ changes: ChangeSet) -> Verdict {
    changes.overlay.reading { judgeAsRead() }
  }

  /// The verdict on the project as it is read now: the judgement before writing, on the overlay,
  /// or the last guard after it, on the disk.
  func judgeAsRead() -> Verdict {
    let after: EditContext
    do {
      after = try read()
    } catch {
      return Verdict(
        refusal: "the project could not be read after the change: \(Self.describe(error))")
    }
    if let problem = intentProblem(after.app) { return Verdict(refusal: problem) }
    let findings = Checker.diagnose(after.app, facts: after.facts)
    let change = FindingChange(before: before, after: findings)
    let allowed = expectedIDs
    let expected = change.added.filter { allowed.contains($0.id) }
    let blocking = change.added.filter { !allowed.contains($0.id) }
    guard blocking.isEmpty else {
      return Verdict(refusal: Self.refusal(blocking, root: after.facts.root), findings: findings)
    }
    return Verdict(
      refusal: nil, expected: expected.filter { $0.severity == .error },
      resolved: change.resolved, findings: findings)
  }

  /// The ids a change of this intent may add: `remove` of a name the app's code asks for leaves
  /// the code asking (the call now fails), which is what removing it means and is said, not
  /// refused; `--keep-files` leaves the set unshipped on purpose. A fix that keeps an image no
  /// entry names any more leaves it unassigned, as its note says.
  private var expectedIDs: Set<DiagnosticID> {
    switch intent {
    case .add: return []
    case .remove(_, let keepingFiles):
      return keepingFiles ? [.codeNameNotShipped, .setNotShipped] : [.codeNameNotShipped]
    case .fixes: return [.unassignedChild]
    }
  }

  /// Why the app read after the change is not what the change is for; nil when it is.
  private func intentProblem(_ app: AppIcons) -> String? {
    switch intent {
    case .add(let name, let idioms):
      guard let icon = app.alternate(named: name) else {
        // Why, where the reading says: a primary set with no images makes the build write no
        // icon dictionaries at all, alternates included.
        let why = (app.primary.files.isEmpty ? [ListCommand.noFiles(app.primary)] : [])
          .joined(separator: "; ")
        return "\"\(MessageText.escaped(name))\" would not be an alternate icon of the app"
          + (why.isEmpty ? "" : " (\(why))")
      }
      let missing = idioms.filter { !icon.idioms.contains($0) }
      if !missing.isEmpty {
        return
          "\"\(MessageText.escaped(name))\" would not work on \(missing.joined(separator: " and ")) (its built dictionaries would not declare it there)"
      }
    case .remove(let name, _):
      if app.alternate(named: name) != nil {
        return "\"\(MessageText.escaped(name))\" would still be an alternate icon of the app"
      }
    case .fixes: break
    }
    return nil
  }

  /// The most new findings a refusal names; the rest are counted.
  static let namedFindings = 5

  /// "check would find 2 new problems: Studio/Info.plist:12: error: … [id] (fix: …); …".
  static func refusal(_ findings: [Diagnostic], root: URL) -> String {
    let named = findings.prefix(namedFindings).map { finding in
      var place = finding.file.map { relative($0, to: root) } ?? ""
      if !place.isEmpty, let line = finding.line { place += ":\(line)" }
      let at = place.isEmpty ? "" : MessageText.path(place) + ": "
      var fix = finding.fix
      if fix.hasSuffix(".") { fix.removeLast() }
      return
        "\(at)\(finding.severity.rawValue): \(finding.message) [\(finding.id.rawValue)] (to do: \(fix))"
    }
    let more =
      findings.count > namedFindings ? "; and \(findings.count - namedFindings) more" : ""
    let what = findings.count == 1 ? "a new problem" : "\(findings.count) new problems"
    return "check would find \(what) the change causes: " + named.joined(separator: "; ") + more
  }

  /// `file` relative to the project's folder where it lies inside it.
  static func relative(_ file: String, to root: URL) -> String {
    let base = root.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
  }

  /// A reading's error as a user reads it: the module's own message, never a Swift value.
  static func describe(_ error: any Error) -> String {
    if let error = error as? CustomStringConvertible { return error.description }
    return "it cannot be read"
  }
}
