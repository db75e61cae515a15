import Foundation
import IconCatalog
import Testing

@testable import IconCheck

/// How the formats show a finding's fix: `check --rules`' FIX column and JSON, the Fixes table
/// of docs/check.md, a finding's `autofix` in JSON, SARIF 2.1.0's `fixes`, and github's note.
@Suite struct FixReportTests {
  static let root = URL(fileURLWithPath: "/work/App", isDirectory: true)
  static let plist = "/work/App/Info.plist"
  static let fix = IconFix.removeIconFileExtension(
    plist: plist, keyPath: ["CFBundleIconFiles"], index: 1, value: "Icon")

  static let original = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIconFiles</key>
    \t<array>
    \t\t<string>Base</string>
    \t\t<string>Icon.png</string>
    \t</array>
    </dict>
    </plist>

    """
  static var updated: String { original.replacingOccurrences(of: "Icon.png", with: "Icon") }

  static let fixable = Diagnostic(
    id: .iconFileWithExtension, file: plist, line: 7, message: "has an extension",
    fix: "Write the base name only.", autofix: fix)
  static let unsafe = Diagnostic(
    id: .marketingIconAlpha, file: "/work/App/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
    message: "transparent", fix: "Flatten it.",
    autofix: .flattenAlpha(file: "/work/App/Assets.xcassets/AppIcon.appiconset/AppIcon.png"))
  static let suggestion = Diagnostic(
    id: .setNotShipped, file: "/work/App/Assets.xcassets/Blue.appiconset/Contents.json",
    message: "not shipped", fix: "Add it.", autofix: .declareSet(name: "Blue"))
  static let plain = Diagnostic(
    id: .missingFile, file: "/work/App/Assets.xcassets/Contents.json", line: 3, message: "gone",
    fix: "Add it.")

  static let planned = PlannedFix(
    fix: fix,
    files: [
      .init(path: plist, original: Array(original.utf8), updated: Array(updated.utf8)),
      // A file the fix makes, and one it removes.
      .init(path: "/work/App/New.txt", original: nil, updated: Array("one\ntwo\n".utf8)),
      .init(path: "/work/App/Old.txt", original: Array("gone\nfor good".utf8), updated: nil),
    ])

  // MARK: check --rules

  @Test func theRuleTableHasAFixColumn() throws {
    let lines = RuleList.text().split(separator: "\n").map(String.init)
    let header = try #require(lines.first)
    #expect(header.hasPrefix("ID "))
    let words = header.split(separator: " ", omittingEmptySubsequences: true)
    #expect(words == ["ID", "SEVERITY", "FIX", "ITMS", "SUMMARY"])
    let fixColumn = try #require(header.range(of: "FIX")).lowerBound
    let start = header.distance(from: header.startIndex, to: fixColumn)
    for id in DiagnosticID.allCases {
      let row = try #require(lines.first { $0.hasPrefix(id.rawValue + " ") }, "\(id)")
      let cell = row.dropFirst(start).prefix { $0 != " " }
      #expect(String(cell) == id.fixColumn, "\(id)")
    }
    #expect(lines.count == DiagnosticID.allCases.count + 2)
  }

  @Test func theRuleJSONHasFixSafetyAndSummary() throws {
    let list = try #require(
      JSONSerialization.jsonObject(with: Data(try RuleList.json().utf8)) as? [[String: Any]])
    #expect(list.count == DiagnosticID.allCases.count)
    for entry in list {
      let id = try #require(DiagnosticID(rawValue: entry["id"] as? String ?? ""))
      // The general fix in words stays a string, as scripts read it.
      #expect((entry["fix"] as? String) == id.fix)
      if let safety = id.fixSafety {
        #expect(entry["fixSafety"] as? String == safety.rawValue, "\(id)")
        #expect(entry["fixSummary"] as? String == id.fixSummary, "\(id)")
      } else {
        #expect(entry["fixSafety"] is NSNull, "\(id)")
        #expect(entry["fixSummary"] is NSNull, "\(id)")
      }
    }
  }

  /// docs/check.md's `| id | fix | writes |` table lists the ids with a fix, in
  /// `DiagnosticID`'s order, each with its safety.
  @Test func theDocumentedFixesAreTheIds() throws {
    let file = DiagnosticIDTableTests.root.appendingPathComponent("docs/check.md")
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let header = try #require(
      lines.firstIndex { DiagnosticIDTableTests.cells($0) == ["id", "fix", "writes"] },
      "no | id | fix | writes | table in docs/check.md")
    var rows: [(id: String, safety: String)] = []
    for line in lines[(header + 2)...] {
      let cells = DiagnosticIDTableTests.cells(line)
      guard cells.count == 3 else { break }
      rows.append((cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1]))
    }
    let fixable = DiagnosticID.allCases.filter { $0.fixSafety != nil }
    #expect(rows.map(\.id) == fixable.map(\.rawValue))
    for row in rows {
      #expect(
        DiagnosticID(rawValue: row.id)?.fixSafety?.rawValue == row.safety, "\(row.id)")
    }
  }

  // MARK: Line replacements

  /// Applies SARIF regions to `original` as the spec reads them (1-based lines and columns; a
  /// line ends after `\n`, a `\r\n` included; a missing endColumn is the end of the line, its
  /// line break excluded), last first. Works on Unicode scalars, as a `Character` joins `\r\n`.
  static func applySARIF(_ replacements: [[String: Any]], to original: String) throws -> String {
    let scalars = Array(original.unicodeScalars)
    // Each line's start and end (past its line break); the text after the last break is a line.
    var lines: [Range<Int>] = []
    var start = 0
    for (index, scalar) in scalars.enumerated() where scalar == "\n" {
      lines.append(start..<index + 1)
      start = index + 1
    }
    lines.append(start..<scalars.count)
    func offset(line: Int, column: Int?) throws -> Int {
      try #require(line >= 1 && line <= lines.count, "line \(line) of \(lines.count)")
      let range = lines[line - 1]
      guard let column else {
        var end = range.upperBound
        if end > range.lowerBound, scalars[end - 1] == "\n" { end -= 1 }
        if end > range.lowerBound, scalars[end - 1] == "\r" { end -= 1 }
        return end
      }
      try #require(column >= 1 && column - 1 <= range.count)
      return range.lowerBound + column - 1
    }
    var result = scalars
    var previousStart: Int?
    for replacement in replacements.reversed() {
      let region = try #require(replacement["deletedRegion"] as? [String: Int])
      let startLine = try #require(region["startLine"])
      let from = try offset(line: startLine, column: region["startColumn"] ?? 1)
      let to = try offset(line: region["endLine"] ?? startLine, column: region["endColumn"])
      try #require(from <= to)
      if let previousStart { try #require(to <= previousStart, "regions overlap or are unsorted") }
      previousStart = from
      let inserted = (replacement["insertedContent"] as? [String: String])?["text"] ?? ""
      result.replaceSubrange(from..<to, with: Array(inserted.unicodeScalars))
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: result)
    return text
  }

  static let pairs: [(String, String)] = [
    ("a\nb\nc\n", "a\nB\nc\n"),
    ("a\nb\nc\n", "a\nc\n"),
    ("a\nb\nc\n", "a\nb\nb2\nc\n"),
    ("a\nb\nc\n", "a\nb\nc\nd\n"),
    ("a\nb\nc\n", "z\na\nb\nc\n"),
    ("a\nb\nc", "a\nb\nc\nd"),
    ("a\nb\nc", "a\nb"),
    ("a\nb", "a\nb\n"),
    ("", "one\ntwo\n"),
    ("one\ntwo\n", ""),
    ("one\ntwo", ""),
    ("a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n"),
    ("1\n2\n3\n4\n5\n6\n", "1\nx\n3\n4\ny\nz\n6\n"),
    ("x\ny\n", "x\ny\n"),
    ("é\n→\n", "é\n←\n"),
  ]

  @Test(arguments: 0..<pairs.count)
  func sarifRegionsTurnTheOriginalIntoTheUpdated(_ index: Int) throws {
    let (original, updated) = Self.pairs[index]
    let replacements = LineReplacement.between(Array(original.utf8), Array(updated.utf8))
    if original == updated { #expect(replacements.isEmpty) }
    let sarif: [[String: Any]] = replacements.map {
      ["deletedRegion": $0.sarifRegion, "insertedContent": ["text": $0.inserted]]
    }
    #expect(try Self.applySARIF(sarif, to: original) == updated)
    // And as JSON's startLine and deletedLines read.
    var lines = LineReplacement.lines(Array(original.utf8)).map {
      String(decoding: $0, as: UTF8.self)
    }
    for replacement in replacements.reversed() {
      let start = replacement.startLine - 1
      lines.replaceSubrange(start..<start + replacement.deletedLines, with: [replacement.inserted])
    }
    #expect(lines.joined() == updated)
  }

  @Test func adjacentChangesAreOneReplacementAndLinesAreOneBased() {
    let replacements = LineReplacement.between(
      Array("1\n2\n3\n4\n".utf8), Array("1\nx\ny\nz\n4\n".utf8))
    #expect(
      replacements == [
        LineReplacement(
          startLine: 2, deletedLines: 2, inserted: "x\ny\nz\n", endsAtUnterminatedLastLine: false)
      ])
    #expect(
      replacements.first?.sarifRegion == [
        "startLine": 2, "startColumn": 1, "endLine": 4, "endColumn": 1,
      ])
  }

  // MARK: json

  @Test func jsonGivesEachFindingItsFixAndThePlannedChanges() throws {
    let text = try CheckReport.render(
      [(target: nil, diagnostics: [Self.fixable, Self.suggestion, Self.plain])], format: .json,
      root: Self.root, plannedFixes: [Self.planned])
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let list = try #require(object["diagnostics"] as? [[String: Any]])
    func entry(_ id: DiagnosticID) throws -> [String: Any] {
      try #require(list.first { $0["id"] as? String == id.rawValue })
    }
    #expect(try entry(.missingFile)["autofix"] is NSNull)
    #expect(try entry(.missingFile)["fix"] as? String == "Add it.")

    let suggestion = try #require(try entry(.setNotShipped)["autofix"] as? [String: Any])
    #expect(suggestion["safety"] as? String == "suggestion")
    #expect(suggestion["description"] as? String == "run `iconpick add Blue`")
    #expect(suggestion["changes"] is NSNull)

    let fixable = try entry(.iconFileWithExtension)
    #expect(fixable["fix"] as? String == "Write the base name only.")
    let autofix = try #require(fixable["autofix"] as? [String: Any])
    #expect(autofix["safety"] as? String == "safe")
    #expect(autofix["description"] as? String == "write \"Icon\" at CFBundleIconFiles[1]")
    let changes = try #require(autofix["changes"] as? [[String: Any]])
    #expect(
      changes.map { $0["file"] as? String } == [
        Self.plist, "/work/App/New.txt", "/work/App/Old.txt",
      ])
    #expect(changes.map { $0["action"] as? String } == ["modify", "create", "delete"])
    let replacements = try #require(changes[0]["replacements"] as? [[String: Any]])
    #expect(replacements.count == 1)
    #expect(replacements[0]["startLine"] as? Int == 7)
    #expect(replacements[0]["deletedLines"] as? Int == 1)
    #expect(replacements[0]["insertedText"] as? String == "\t\t<string>Icon</string>\n")
    #expect(
      try CheckReport.json(
        [Self.fixable, Self.suggestion, Self.plain], plannedFixes: [Self.planned])
        == text)
  }

  @Test func aBinaryFileIsItsSizeInJSONAndBase64InSARIF() throws {
    let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 255]
    let plan = PlannedFix(
      fix: Self.unsafe.autofix!,
      files: [.init(path: Self.unsafe.file!, original: [0x89, 0, 7], updated: image)])
    let json = try CheckReport.render(
      [(target: nil, diagnostics: [Self.unsafe])], format: .json, plannedFixes: [plan])
    let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let entry = try #require((object["diagnostics"] as? [[String: Any]])?.first)
    let autofix = try #require(entry["autofix"] as? [String: Any])
    #expect(autofix["safety"] as? String == "unsafe")
    let change = try #require((autofix["changes"] as? [[String: Any]])?.first)
    #expect(change["bytes"] as? Int == image.count)
    #expect(change["replacements"] == nil)

    let result = try Self.sarifResults([Self.unsafe], plans: [plan])[0]
    let replacement = try #require(
      ((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?
        .first?["replacements"] as? [[String: Any]])
    #expect(replacement.count == 1)
    #expect(
      replacement[0]["deletedRegion"] as? [String: Int] == ["byteOffset": 0, "byteLength": 3])
    let binary = (replacement[0]["insertedContent"] as? [String: String])?["binary"]
    #expect(binary.flatMap { Data(base64Encoded: $0) } == Data(image))
  }

  // MARK: sarif

  static func sarifResults(_ diagnostics: [Diagnostic], plans: [PlannedFix]) throws
    -> [[String: Any]]
  {
    let text = try CheckReport.render(
      [(target: nil, diagnostics: diagnostics)], format: .sarif, root: root,
      toolVersion: "9.9.9", plannedFixes: plans)
    let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    return try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
  }

  /// SARIF 2.1.0: `fix` requires `artifactChanges` (at least one), `artifactChange` requires
  /// `artifactLocation` and `replacements` (at least one), `replacement` requires
  /// `deletedRegion`; a text region's lines and columns are 1-based.
  @Test func sarifCarriesThePlannedChangesAsFixes() throws {
    let results = try Self.sarifResults(
      [Self.fixable, Self.suggestion, Self.plain, Self.unsafe], plans: [Self.planned])
    let byRule = { (id: DiagnosticID) in results.first { $0["ruleId"] as? String == id.rawValue } }
    // No plan, no fixes: a suggestion, a finding without a fix, an unplanned unsafe fix.
    #expect(byRule(.setNotShipped)?["fixes"] == nil)
    #expect(byRule(.missingFile)?["fixes"] == nil)
    #expect(byRule(.marketingIconAlpha)?["fixes"] == nil)

    let fixes = try #require(byRule(.iconFileWithExtension)?["fixes"] as? [[String: Any]])
    #expect(fixes.count == 1)
    let fix = fixes[0]
    #expect(
      (fix["description"] as? [String: Any])?["text"] as? String
        == "write \"Icon\" at CFBundleIconFiles[1]")
    let changes = try #require(fix["artifactChanges"] as? [[String: Any]])
    #expect(changes.count == 3)
    for change in changes {
      let location = try #require(change["artifactLocation"] as? [String: String])
      #expect(location["uriBaseId"] == "SRCROOT")
      #expect(location["uri"]?.isEmpty == false)
      let replacements = try #require(change["replacements"] as? [[String: Any]])
      #expect(!replacements.isEmpty)
      for replacement in replacements {
        let region = try #require(replacement["deletedRegion"] as? [String: Int])
        for key in ["startLine", "startColumn", "endLine", "endColumn"] {
          if let value = region[key] { #expect(value >= 1, "\(key)") }
        }
        #expect(region["startLine"] != nil)
        if let content = replacement["insertedContent"] {
          #expect((content as? [String: String])?["text"] != nil)
        }
      }
    }
    #expect(
      changes.map { ($0["artifactLocation"] as? [String: String])?["uri"] } == [
        "Info.plist", "New.txt", "Old.txt",
      ])
    // Applied as a SARIF viewer applies them, each gives the planned text.
    func replacements(_ index: Int) -> [[String: Any]] {
      changes[index]["replacements"] as? [[String: Any]] ?? []
    }
    #expect(try Self.applySARIF(replacements(0), to: Self.original) == Self.updated)
    #expect(replacements(0).count == 1)
    #expect(
      replacements(0).first?["deletedRegion"] as? [String: Int] == [
        "startLine": 7, "startColumn": 1, "endLine": 8, "endColumn": 1,
      ])
    #expect(try Self.applySARIF(replacements(1), to: "") == "one\ntwo\n")
    #expect(
      replacements(1).first?["deletedRegion"] as? [String: Int] == [
        "startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 1,
      ])
    #expect(try Self.applySARIF(replacements(2), to: "gone\nfor good") == "")
    #expect(replacements(2).first?["insertedContent"] == nil)
  }

  @Test func aPlanThatChangesNothingIsNoSARIFFix() throws {
    let same = PlannedFix(
      fix: Self.fix,
      files: [.init(path: Self.plist, original: Array("a\n".utf8), updated: Array("a\n".utf8))])
    let results = try Self.sarifResults([Self.fixable], plans: [same])
    #expect(results.first?["fixes"] == nil)
  }

  // MARK: github

  @Test func githubSaysWhichFindingsCheckFixFixes() throws {
    let text = try CheckReport.render(
      [(target: nil, diagnostics: [Self.fixable, Self.unsafe, Self.suggestion, Self.plain])],
      format: .github, root: Self.root)
    let lines = text.split(separator: "\n").map(String.init)
    func line(_ id: DiagnosticID) -> String? {
      lines.first { $0.contains("iconpick \(id.rawValue)::") }
    }
    #expect(
      line(.iconFileWithExtension)?.hasSuffix("%0Afixable with `iconpick check --fix`") == true)
    #expect(
      line(.marketingIconAlpha)?.hasSuffix("%0Afixable with `iconpick check --fix --unsafe-fixes`")
        == true)
    #expect(line(.setNotShipped)?.contains("fixable") == false)
    #expect(line(.missingFile)?.hasSuffix("fix: Add it.") == true)
  }
}
