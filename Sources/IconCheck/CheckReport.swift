import Foundation

/// How `iconpick check` prints its diagnostics: compiler style for people, JSON for scripts.
/// Both list them sorted by file, then line (project-wide ones, with no file, first).
public enum CheckReport {
  /// `path:line: error: message [id]`, the fix on the next line, then a closing count.
  public static func human(_ diagnostics: [Diagnostic]) -> String {
    var lines: [String] = []
    for diagnostic in sorted(diagnostics) {
      var place = diagnostic.file ?? "iconpick"
      if diagnostic.file != nil, let line = diagnostic.line { place += ":\(line)" }
      lines.append(
        "\(place): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.id)]")
      lines.append("    fix: \(diagnostic.fix)")
    }
    lines.append(count(diagnostics))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"diagnostics": [...], "errors": N, "warnings": N}`, keys sorted, null for a missing
  /// file or line.
  public static func json(_ diagnostics: [Diagnostic]) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let report = Report(
      diagnostics: sorted(diagnostics).map(Entry.init),
      errors: diagnostics.count { $0.severity == .error },
      warnings: diagnostics.count { $0.severity == .warning })
    return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
  }

  /// "2 errors, 1 warning", or "no problems found".
  public static func count(_ diagnostics: [Diagnostic]) -> String {
    guard !diagnostics.isEmpty else { return "no problems found" }
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count - errors
    return
      "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
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

  private struct Report: Encodable {
    var diagnostics: [Entry]
    var errors: Int
    var warnings: Int
  }

  /// A diagnostic that writes `null` for a missing file or line instead of leaving the key out.
  private struct Entry: Encodable {
    var diagnostic: Diagnostic

    init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    enum CodingKeys: String, CodingKey { case id, severity, file, line, message, fix }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(diagnostic.id, forKey: .id)
      try container.encode(diagnostic.severity, forKey: .severity)
      try container.encode(diagnostic.file, forKey: .file)
      try container.encode(diagnostic.line, forKey: .line)
      try container.encode(diagnostic.message, forKey: .message)
      try container.encode(diagnostic.fix, forKey: .fix)
    }
  }
}
