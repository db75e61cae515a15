import FoundationEssentials
import IconCatalog

/// How `iconpick check` prints its diagnostics: compiler style for people and Xcode, JSON for
/// scripts, and the formats CI services read (GitHub workflow commands, SARIF, JUnit XML).
/// Every format lists each target's diagnostics sorted by file, then line (project-wide ones,
/// with no file, first).
///
/// The one entry point is `render(_:format:root:warningsAsErrors:toolVersion:anchor:)`; a command
/// only picks the format:
///
///     let text = try CheckReport.render([(target: nil, diagnostics: found)], format: .gcc)
///     print(text, terminator: "")
///
/// A run over several targets passes one group per target, in the order to print them.
public enum CheckReport {
  /// `--format`'s values.
  public enum Format: String, CaseIterable, Sendable {
    /// `path:line: error: message [id]`, the fix on the next line, then a count (Xcode shows
    /// these lines inline from a Run Script phase).
    case gcc
    /// `{"diagnostics": [...], "errors": N, "warnings": N}`.
    case json
    /// GitHub Actions workflow commands, `::error file=…,line=…,title=…::message`.
    case github
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// JUnit XML, for GitLab's and Jenkins's test reports.
    case junit
  }

  /// One target's diagnostics. `target` is nil when the run is over one app that is not
  /// named by a target (a single-target run may still name it).
  public typealias Group = (target: String?, diagnostics: [Diagnostic])

  /// The whole report in `format`, ending with a newline.
  ///
  /// - Parameters:
  ///   - groups: one per target, in the order to print them; a single-target run passes one
  ///     group (target nil).
  ///   - root: the folder that `github`, `sarif` and `junit` write paths relative to (the
  ///     current directory, which is the repository root in CI); files outside it keep their
  ///     absolute paths. nil: paths as they are. `gcc` and `json` always keep paths as they are.
  ///   - warningsAsErrors: `--warnings-as-errors`; JUnit then writes warnings as failures.
  ///   - toolVersion: iconpick's version, for SARIF's `tool.driver.version`.
  ///   - anchor: the file SARIF shows a finding that names no file at (the checked
  ///     `project.pbxproj` or Info.plist), as GitHub code scanning refuses a whole upload when
  ///     one result has no location. nil: such a result has none.
  ///   - plannedFixes: the changes each finding's `autofix` makes, as planned with IconEdit:
  ///     JSON lists them in the finding's `autofix.changes`, SARIF as its `fixes`. A finding whose
  ///     fix has no plan here gets `changes: null` in JSON and no `fixes` in SARIF.
  public static func render(
    _ groups: [Group], format: Format, root: URL? = nil, warningsAsErrors: Bool = false,
    toolVersion: String? = nil, anchor: String? = nil, plannedFixes: [PlannedFix] = []
  ) throws -> String {
    // gcc is read on a terminal: a line break is spelled out. The others encode tab, LF and CR
    // by their own rules (JSON and XML escapes, GitHub's %0A), so those are left to them.
    let keep = format != .gcc
    let groups = groups.map {
      (
        target: $0.target.map { MessageText.escaped($0, keepingLineBreaks: keep) },
        diagnostics: printable($0.diagnostics, keepingLineBreaks: keep)
      )
    }
    let paths = PathStyle(root: root)
    let plans = Self.plans(plannedFixes)
    switch format {
    case .gcc: return gccText(groups)
    case .json: return MessageText.jsonSafe(try jsonText(groups, plans: plans))
    case .github: return github(groups, paths: paths)
    case .sarif:
      return MessageText.jsonSafe(
        try sarif(groups, paths: paths, toolVersion: toolVersion, anchor: anchor, plans: plans))
    case .junit: return junit(groups, paths: paths, warningsAsErrors: warningsAsErrors)
    }
  }

  /// Sorted, and each text as every format may print it: a name read from the app may hold
  /// escape sequences or be megabytes long, so the message, fix, place and file are escaped and
  /// bounded (`MessageText`) before any format sees them. The checks escape the names they
  /// interpolate already; this catches the rest, and escaping twice changes nothing.
  static func printable(_ diagnostics: [Diagnostic], keepingLineBreaks keep: Bool = false)
    -> [Diagnostic]
  {
    sorted(diagnostics).map { diagnostic in
      var shown = diagnostic
      shown.file = diagnostic.file.map {
        MessageText.escaped($0, limit: MessageText.pathLimit, keepingLineBreaks: keep)
      }
      shown.within = diagnostic.within.map { MessageText.line($0, keepingLineBreaks: keep) }
      shown.message = MessageText.line(diagnostic.message, keepingLineBreaks: keep)
      shown.fix = MessageText.line(diagnostic.fix, keepingLineBreaks: keep)
      return shown
    }
  }

  /// `render(_:format:)` in `gcc` for one unnamed group: today's default output.
  public static func human(_ diagnostics: [Diagnostic]) -> String {
    gccText([(target: nil, diagnostics: printable(diagnostics))])
  }

  /// `render(_:format:)` in `json` for one unnamed group.
  public static func json(_ diagnostics: [Diagnostic], plannedFixes: [PlannedFix] = [])
    throws -> String
  {
    MessageText.jsonSafe(
      try jsonText(
        [(target: nil, diagnostics: printable(diagnostics, keepingLineBreaks: true))],
        plans: plans(plannedFixes)))
  }

  /// Each fix's plan, the first where one is given twice.
  static func plans(_ planned: [PlannedFix]) -> [IconFix: PlannedFix] {
    Dictionary(planned.map { ($0.fix, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// "2 errors, 1 warning", "0 errors, 0 warnings, 1 note", or "no problems found".
  public static func count(_ diagnostics: [Diagnostic]) -> String {
    guard !diagnostics.isEmpty else { return "no problems found" }
    let errors = diagnostics.count { $0.severity == .error }
    let notes = diagnostics.count { $0.severity == .note }
    let warnings = diagnostics.count - errors - notes
    let counted =
      "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    return notes == 0 ? counted : counted + ", \(notes) note\(notes == 1 ? "" : "s")"
  }

  /// `file`, `file:line`, or `file: within` (a key path or rendition where a file has no lines);
  /// `iconpick` for a finding about no file.
  static func place(_ diagnostic: Diagnostic, path: (String) -> String = { $0 }) -> String {
    guard let file = diagnostic.file else { return "iconpick" }
    if let line = diagnostic.line { return "\(path(file)):\(line)" }
    if let within = diagnostic.within { return "\(path(file)): \(within)" }
    return path(file)
  }

  /// By file (none first), then line (none first), otherwise in the order found.
  public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { lhs, rhs in
      let left = (lhs.element.file ?? "", lhs.element.file == nil ? 0 : 1)
      let right = (rhs.element.file ?? "", rhs.element.file == nil ? 0 : 1)
      if left.1 != right.1 { return left.1 < right.1 }
      if left.0 != right.0 { return left.0 < right.0 }
      let leftLine = lhs.element.line ?? 0
      let rightLine = rhs.element.line ?? 0
      if leftLine != rightLine { return leftLine < rightLine }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  // MARK: gcc

  /// One unnamed group: the diagnostics and a count. Named groups: `target NAME`, its
  /// diagnostics and `NAME: count`, a blank line between groups, and `total: count` after
  /// several.
  static func gccText(_ groups: [Group]) -> String {
    var lines: [String] = []
    for (index, group) in groups.enumerated() {
      if index > 0 { lines.append("") }
      if let target = group.target { lines.append("target \(target)") }
      for diagnostic in group.diagnostics {
        lines.append(
          "\(place(diagnostic)): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id.rawValue)]"
        )
        lines.append("    fix: \(diagnostic.fix)")
      }
      let count = count(group.diagnostics)
      lines.append(group.target.map { "\($0): \(count)" } ?? count)
    }
    if groups.count > 1 { lines.append("total: \(count(groups.flatMap(\.diagnostics)))") }
    if groups.isEmpty { lines.append(count([])) }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: json

  /// `{"diagnostics": [...], "errors": N, "warnings": N}`, keys sorted, null for a missing
  /// file, line, target or autofix; `within` and `notes` only when there are any. A finding's
  /// `autofix` is `{"safety", "description", "changes"}`, `changes` its planned files (`plans`)
  /// or null when none was planned.
  static func jsonText(_ groups: [Group], plans: [IconFix: PlannedFix] = [:]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let all = groups.flatMap(\.diagnostics)
    let report = Report(
      diagnostics: groups.flatMap { group in
        group.diagnostics.map {
          Entry(
            diagnostic: $0, target: group.target,
            autofix: $0.autofix.map { AutofixEntry($0, plan: plans[$0]) })
        }
      },
      errors: all.count { $0.severity == .error },
      warnings: all.count { $0.severity == .warning },
      notes: all.contains { $0.severity == .note } ? all.count { $0.severity == .note } : nil)
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }

  private struct Report: Encodable {
    var diagnostics: [Entry]
    var errors: Int
    var warnings: Int
    var notes: Int?
  }

  /// A diagnostic that writes `null` for a missing file, line or target instead of leaving
  /// the key out.
  private struct Entry: Encodable {
    var diagnostic: Diagnostic
    var target: String?
    var autofix: AutofixEntry?

    enum CodingKeys: String, CodingKey {
      case id, severity, file, line, within, message, fix, target, autofix
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(diagnostic.id.rawValue, forKey: .id)
      try container.encode(diagnostic.severity, forKey: .severity)
      try container.encode(diagnostic.file, forKey: .file)
      try container.encode(diagnostic.line, forKey: .line)
      try container.encodeIfPresent(diagnostic.within, forKey: .within)
      try container.encode(diagnostic.message, forKey: .message)
      try container.encode(diagnostic.fix, forKey: .fix)
      try container.encode(target, forKey: .target)
      try container.encode(autofix, forKey: .autofix)
    }
  }

  /// A finding's fix: its safety, what it writes, and the planned changes (null: not planned).
  private struct AutofixEntry: Encodable {
    var safety: String
    var description: String
    var changes: [ChangeEntry]?

    init(_ fix: IconFix, plan: PlannedFix?) {
      safety = fix.safety.rawValue
      description = MessageText.line(fix.changeDescription, keepingLineBreaks: true)
      changes = plan?.files.map(ChangeEntry.init)
    }

    enum CodingKeys: String, CodingKey { case safety, description, changes }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(safety, forKey: .safety)
      try container.encode(description, forKey: .description)
      try container.encode(changes, forKey: .changes)
    }
  }

  /// One planned file: `{"file", "action", "replacements"}` for text (lines replaced, 1-based),
  /// `{"file", "action", "bytes"}` for a binary file (its size after; 0 when removed).
  private struct ChangeEntry: Encodable {
    var file: String
    var action: String
    var replacements: [ReplacementEntry]?
    var bytes: Int?

    init(_ file: PlannedFix.File) {
      self.file = MessageText.escaped(
        file.path, limit: MessageText.pathLimit, keepingLineBreaks: true)
      action = file.action
      replacements = file.replacements?.map {
        ReplacementEntry(
          startLine: $0.startLine, deletedLines: $0.deletedLines, insertedText: $0.inserted)
      }
      bytes = replacements == nil ? file.updated?.count ?? 0 : nil
    }
  }

  private struct ReplacementEntry: Encodable {
    var startLine: Int
    var deletedLines: Int
    var insertedText: String
  }
}
