import Foundation
import Testing

@testable import IconCheck

/// The documented id table (`| id | severity | finds |`, in README.md or a page of docs/) and
/// `DiagnosticID` are one list: the same ids, in the same order, each with the same severity and
/// ITMS codes.
@Suite struct DiagnosticIDTableTests {
  struct Row: Equatable {
    var id: String
    var severity: String
    var itms: [String]
  }

  /// The checkout's root: two folders up from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The Markdown file holding the table, and its rows; nil when no file holds it.
  static func table() throws -> (file: URL, rows: [Row])? {
    var files = [root.appendingPathComponent("README.md")]
    let docs = root.appendingPathComponent("docs", isDirectory: true)
    let pages = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    files += pages.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    for file in files {
      guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
      let rows = rows(in: text)
      if !rows.isEmpty { return (file, rows) }
    }
    return nil
  }

  /// The rows of the table whose header is `| id | severity | finds |`.
  static func rows(in text: String) -> [Row] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let header = lines.firstIndex(where: { cells($0) == ["id", "severity", "finds"] })
    else { return [] }
    var rows: [Row] = []
    for line in lines[(header + 2)...] {
      guard line.hasPrefix("|") else { break }
      let row = cells(line)
      guard row.count == 3 else { break }
      let id = row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      rows.append(Row(id: id, severity: row[1], itms: itmsCodes(in: row[2])))
    }
    return rows
  }

  static func cells(_ line: String) -> [String] {
    guard line.hasPrefix("|"), line.hasSuffix("|"), line.count > 1 else { return [] }
    return line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// `ITMS-90022` and the like, in order, each once.
  static func itmsCodes(in text: String) -> [String] {
    var codes: [String] = []
    var rest = Substring(text)
    while let range = rest.range(of: "ITMS-") {
      let digits = rest[range.upperBound...].prefix { $0.isNumber }
      let code = "ITMS-" + digits
      if !digits.isEmpty, !codes.contains(code) { codes.append(code) }
      rest = rest[range.upperBound...]
    }
    return codes
  }

  @Test func theDocumentedTableIsTheEnum() throws {
    let (file, rows) = try #require(
      try Self.table(), "no | id | severity | finds | table in README.md or docs/*.md")
    let documented = Set(rows.map(\.id))
    let listed = Set(DiagnosticID.allCases.map(\.rawValue))
    #expect(
      documented.subtracting(listed).isEmpty,
      "in \(file.lastPathComponent) but not DiagnosticID: \(documented.subtracting(listed).sorted())"
    )
    #expect(
      listed.subtracting(documented).isEmpty,
      "in DiagnosticID but not \(file.lastPathComponent): \(listed.subtracting(documented).sorted())"
    )
    #expect(
      rows.map(\.id) == DiagnosticID.allCases.map(\.rawValue),
      "\(file.lastPathComponent) lists the ids in another order than DiagnosticID")
    for row in rows {
      guard let id = DiagnosticID(rawValue: row.id) else { continue }
      #expect(row.severity == id.severity.rawValue, "\(row.id): severity")
      #expect(row.itms == id.itmsCodes, "\(row.id): ITMS codes")
    }
  }

  @Test func rowsAreReadFromTheTableOnly() {
    let text = """
      Some text | with pipes |

      | id | severity | finds |
      |---|---|---|
      | `a-b` | error | one (ITMS-90022, ITMS-90023) and ITMS-90022 again |
      | `c` | warning | two |

      | other | table |
      """
    #expect(
      Self.rows(in: text) == [
        Row(id: "a-b", severity: "error", itms: ["ITMS-90022", "ITMS-90023"]),
        Row(id: "c", severity: "warning", itms: []),
      ])
  }
}
