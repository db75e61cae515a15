import FoundationEssentials

/// `iconpick check --rules`: every id `check` can report, as `swiftlint rules` and
/// `ruff rule --all` list theirs. A table for people, JSON with every field for scripts.
public enum RuleList {
  /// One line an id, in `DiagnosticID`'s order: id, severity, fix (`safe`, `unsafe`,
  /// `suggestion`, `-` for none), ITMS codes (`-` for none) and summary, in aligned columns under
  /// a header.
  public static func text() -> String {
    let rows =
      [["ID", "SEVERITY", "FIX", "ITMS", "SUMMARY"]]
      + DiagnosticID.allCases.map { id in
        [
          id.rawValue, id.severity.rawValue, id.fixColumn,
          id.itmsCodes.isEmpty ? "-" : id.itmsCodes.joined(separator: ","), id.summary,
        ]
      }
    let last = rows[0].count - 1
    let widths = (0..<last).map { column in rows.map { $0[column].count }.max() ?? 0 }
    let lines = rows.map { row in
      (0..<last).map { row[$0] + String(repeating: " ", count: widths[$0] + 2 - row[$0].count) }
        .joined() + row[last]
    }
    let errors = DiagnosticID.allCases.count { $0.severity == .error }
    let notes = DiagnosticID.allCases.count { $0.severity == .note }
    let warnings = DiagnosticID.allCases.count - errors - notes
    return
      (lines + [
        "\(DiagnosticID.allCases.count) ids: \(errors) errors, \(warnings) warnings, \(notes) note\(notes == 1 ? "" : "s")"
      ])
      .joined(separator: "\n") + "\n"
  }

  /// One entry an id: `{"fix", "fixSafety", "fixSummary", "group", "id", "itms", "severity",
  /// "subject", "summary"}`, keys sorted; `fix` is the general fix in words, `fixSafety` (`safe`,
  /// `unsafe`, `suggestion`) and `fixSummary` (what `check --fix` writes) are null for an id with
  /// no mechanical fix; `group` and `subject` (`shipped app` or `sources`) are null for an id no
  /// group reports; `built-differs`'s group is `--against`'s comparison.
  public static func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let group = { (id: DiagnosticID) -> (name: String, subject: String)? in
      if let group = Checker.groups.first(where: { $0.ids.contains(id) }) {
        return (group.name, group.subject.rawValue)
      }
      // `--against`'s comparison judges what ships, on two apps.
      return Checker.comparisonIDs.contains(id)
        ? (Checker.comparisonGroupName, Checker.RuleGroup.Subject.shippedApp.rawValue) : nil
    }
    let entries = DiagnosticID.allCases.map { id in
      Entry(
        id: id.rawValue, severity: id.severity.rawValue, summary: id.summary, fix: id.fix,
        fixSafety: id.fixSafety?.rawValue, fixSummary: id.fixSummary, itms: id.itmsCodes,
        group: group(id)?.name, subject: group(id)?.subject)
    }
    return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
  }

  /// Writes `null` for a missing group instead of leaving the key out.
  private struct Entry: Encodable {
    var id: String
    var severity: String
    var summary: String
    var fix: String
    var fixSafety: String?
    var fixSummary: String?
    var itms: [String]
    var group: String?
    var subject: String?

    enum CodingKeys: String, CodingKey {
      case id, severity, summary, fix, fixSafety, fixSummary, itms, group, subject
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(severity, forKey: .severity)
      try container.encode(summary, forKey: .summary)
      try container.encode(fix, forKey: .fix)
      try container.encode(fixSafety, forKey: .fixSafety)
      try container.encode(fixSummary, forKey: .fixSummary)
      try container.encode(itms, forKey: .itms)
      try container.encode(group, forKey: .group)
      try container.encode(subject, forKey: .subject)
    }
  }
}
