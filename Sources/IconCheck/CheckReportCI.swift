import FoundationEssentials
import IconCatalog

/// The formats CI services read: GitHub workflow commands, SARIF 2.1.0 and JUnit XML.
extension CheckReport {
  // MARK: github

  /// One workflow command a diagnostic, `::error file=F,line=N,title=iconpick ID::message`
  /// (`::warning` for a warning, `::notice` for a note, no `file`/`line` when unknown; a key path
  /// or rendition, where the file has no lines, starts the message), the fix on the message's
  /// second line and, for a finding `check --fix` fixes, how on the third (`fixable with
  /// `iconpick check --fix``); then the counts as `gcc` ends. Data and properties are escaped as the
  /// runner requires (`%`, CR, LF; and `:` `,` in properties).
  static func github(_ groups: [Group], paths: PathStyle) -> String {
    var lines: [String] = []
    for group in groups {
      for diagnostic in group.diagnostics {
        var properties: [String] = []
        if let file = diagnostic.file {
          properties.append("file=" + githubProperty(paths.relative(file)))
          if let line = diagnostic.line { properties.append("line=\(line)") }
        }
        var title = "iconpick \(diagnostic.id.rawValue)"
        if let target = group.target { title += " (\(target))" }
        properties.append("title=" + githubProperty(title))
        // GitHub's third level is `notice`; a place without lines goes before the message.
        let level = diagnostic.severity == .note ? "notice" : diagnostic.severity.rawValue
        let within = diagnostic.line == nil ? diagnostic.within.map { "\($0): " } ?? "" : ""
        lines.append(
          "::\(level) \(properties.joined(separator: ","))::"
            + githubData(
              "\(within)\(diagnostic.message)\nfix: \(diagnostic.fix)"
                + (fixableNote(diagnostic).map { "\n" + $0 } ?? "")))
      }
    }
    for group in groups {
      let count = count(group.diagnostics)
      lines.append(group.target.map { "\($0): \(count)" } ?? count)
    }
    if groups.count > 1 { lines.append("total: \(count(groups.flatMap(\.diagnostics)))") }
    if groups.isEmpty { lines.append(count([])) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `fixable with `iconpick check --fix`` (unsafe: `… --fix --unsafe-fixes`) for a finding
  /// that carries a fix `--fix` applies; nil for none, and for a suggestion, which it never
  /// applies.
  static func fixableNote(_ diagnostic: Diagnostic) -> String? {
    switch diagnostic.autofix?.safety {
    case .safe?: return "fixable with `iconpick check --fix`"
    case .unsafe?: return "fixable with `iconpick check --fix --unsafe-fixes`"
    case .suggestion?, nil: return nil
    }
  }

  /// A workflow command's message (the runner's `escapeData`).
  static func githubData(_ text: String) -> String {
    text.replacingAll("%", with: "%25")
      .replacingAll("\r", with: "%0D")
      .replacingAll("\n", with: "%0A")
  }

  /// A workflow command's property value (the runner's `escapeProperty`).
  static func githubProperty(_ text: String) -> String {
    githubData(text)
      .replacingAll(":", with: "%3A")
      .replacingAll(",", with: "%2C")
  }

  // MARK: sarif

  static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
  /// The `uriBaseId` of paths relative to `root`, defined in the run's `originalUriBaseIds`.
  static let sarifRootBase = "SRCROOT"

  /// One run: `tool.driver` with one rule per id found (short description and help from
  /// `DiagnosticID`), and one result per diagnostic with its level, message (and fix),
  /// location (a path relative to `root` with `uriBaseId`, or an absolute `file:` URI) and
  /// start line. A result's target is in its `properties`. A diagnostic with no file is shown
  /// at `anchor`, when there is one. A diagnostic whose fix has a plan in `plans` carries it as
  /// `fixes` (`sarifFix`).
  static func sarif(
    _ groups: [Group], paths: PathStyle, toolVersion: String?, anchor: String?,
    plans: [IconFix: PlannedFix] = [:]
  ) throws -> String {
    var ruleIDs: [DiagnosticID] = []
    var ruleIndex: [DiagnosticID: Int] = [:]
    var results: [[String: Any]] = []
    for group in groups {
      for diagnostic in group.diagnostics {
        if ruleIndex[diagnostic.id] == nil {
          ruleIndex[diagnostic.id] = ruleIDs.count
          ruleIDs.append(diagnostic.id)
        }
        var result: [String: Any] = [
          "ruleId": diagnostic.id.rawValue,
          "ruleIndex": ruleIndex[diagnostic.id] ?? 0,
          "level": diagnostic.severity.rawValue,
          "message": ["text": "\(diagnostic.message)\nfix: \(diagnostic.fix)"],
        ]
        if let file = diagnostic.file {
          var physical: [String: Any] = ["artifactLocation": paths.sarifArtifact(file)]
          if let line = diagnostic.line, line > 0 { physical["region"] = ["startLine": line] }
          result["locations"] = [["physicalLocation": physical]]
        } else if let anchor {
          result["locations"] = [
            ["physicalLocation": ["artifactLocation": paths.sarifArtifact(anchor)]]
          ]
        }
        // A key path or rendition in a file without lines: SARIF's logical location.
        if diagnostic.line == nil, let within = diagnostic.within {
          result["locations"] = [
            ((result["locations"] as? [[String: Any]])?.first ?? [:]).merging([
              "logicalLocations": [["fullyQualifiedName": within]]
            ]) { $1 }
          ]
        }
        if let target = group.target { result["properties"] = ["target": target] }
        if let fix = diagnostic.autofix, let plan = plans[fix],
          let planned = sarifFix(plan, paths: paths)
        {
          result["fixes"] = [planned]
        }
        results.append(result)
      }
    }
    let rules: [[String: Any]] = ruleIDs.map { id in
      [
        "id": id.rawValue,
        "shortDescription": ["text": id.summaryWithCodes],
        "help": ["text": id.summaryWithCodes + " " + id.fix],
        "defaultConfiguration": ["level": id.severity.rawValue],
      ]
    }
    var driver: [String: Any] = ["name": "iconpick", "rules": rules]
    if let toolVersion { driver["version"] = toolVersion }
    var run: [String: Any] = ["tool": ["driver": driver], "results": results]
    if let root = paths.root {
      run["originalUriBaseIds"] = [sarifRootBase: ["uri": root.absoluteString]]
    }
    let log: [String: Any] = ["$schema": sarifSchema, "version": "2.1.0", "runs": [run]]
    let data = try JSONTree.data(
      object: log, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The most bytes of a binary file a SARIF fix carries (base64 in `insertedContent.binary`):
  /// a made PNG is some kilobytes; a fix that would carry more is left out, not cut short.
  static let sarifBinaryLimit = 1 << 20

  /// SARIF 2.1.0's `fix` (§3.55): `description` and one `artifactChange` (§3.56) a file, each
  /// with its `replacements` (§3.57): a text file's changed lines (`LineReplacement`), 1-based
  /// line and column regions; a binary file replaced whole, a byte region and base64 content. A
  /// removed file has its every line deleted; a new one, everything inserted at line 1. Nil when
  /// nothing changes, or a binary file is over `sarifBinaryLimit`: a fix is whole or absent.
  static func sarifFix(_ plan: PlannedFix, paths: PathStyle) -> [String: Any]? {
    var changes: [[String: Any]] = []
    for file in plan.files {
      var replacements: [[String: Any]] = []
      if let lines = file.replacements {
        for line in lines {
          var replacement: [String: Any] = ["deletedRegion": line.sarifRegion]
          if !line.inserted.isEmpty { replacement["insertedContent"] = ["text": line.inserted] }
          replacements.append(replacement)
        }
      } else {
        let old = file.original?.count ?? 0
        let new = file.updated ?? []
        guard new.count <= sarifBinaryLimit else { return nil }
        if old == 0 && new.isEmpty { continue }
        var replacement: [String: Any] = [
          "deletedRegion": ["byteOffset": 0, "byteLength": old]
        ]
        if !new.isEmpty {
          replacement["insertedContent"] = ["binary": Data(new).base64EncodedString()]
        }
        replacements.append(replacement)
      }
      // An artifactChange needs at least one replacement: a file the plan leaves as it was is none.
      guard !replacements.isEmpty else { continue }
      changes.append([
        "artifactLocation": paths.sarifArtifact(
          MessageText.escaped(file.path, limit: MessageText.pathLimit, keepingLineBreaks: true)),
        "replacements": replacements,
      ])
    }
    guard !changes.isEmpty else { return nil }
    return [
      "description": [
        "text": MessageText.line(plan.fix.changeDescription, keepingLineBreaks: true)
      ],
      "artifactChanges": changes,
    ]
  }

  // MARK: junit

  /// `<testsuites>` with one `<testsuite>` a group (named by its target, else `app`) and one
  /// `<testcase>` a diagnostic, named `ID FILE:LINE`, classname the target or `app`. An error
  /// is a `<failure type="error">`; a warning is a passing case with a `severity` property and
  /// its text in `<system-out>`, or a `<failure type="warning">` with `warningsAsErrors`. A
  /// group with no diagnostics has one passing case, `no problems found`, as Jenkins refuses a
  /// report without tests.
  static func junit(_ groups: [Group], paths: PathStyle, warningsAsErrors: Bool) -> String {
    func failing(_ diagnostic: Diagnostic) -> Bool {
      diagnostic.severity == .error || (warningsAsErrors && diagnostic.severity == .warning)
    }
    func tests(_ group: Group) -> Int { max(group.diagnostics.count, 1) }
    let all = groups.flatMap(\.diagnostics)
    var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    xml +=
      "<testsuites name=\"iconpick check\" tests=\"\(groups.map(tests).reduce(0, +))\""
      + " failures=\"\(all.count(where: failing))\" errors=\"0\">\n"
    for group in groups {
      let suite = group.target ?? "app"
      xml +=
        "  <testsuite name=\"\(XMLText.attribute(suite))\" tests=\"\(tests(group))\""
        + " failures=\"\(group.diagnostics.count(where: failing))\" errors=\"0\" skipped=\"0\">\n"
      if group.diagnostics.isEmpty {
        xml +=
          "    <testcase name=\"no problems found\" classname=\"\(XMLText.attribute(suite))\"/>\n"
      }
      for diagnostic in group.diagnostics {
        let place =
          diagnostic.file == nil ? "" : CheckReport.place(diagnostic, path: paths.relative)
        let name = place.isEmpty ? diagnostic.id.rawValue : "\(diagnostic.id.rawValue) \(place)"
        var attributes =
          "name=\"\(XMLText.attribute(name))\" classname=\"\(XMLText.attribute(suite))\""
        if let file = diagnostic.file {
          attributes += " file=\"\(XMLText.attribute(paths.relative(file)))\""
          if let line = diagnostic.line { attributes += " line=\"\(line)\"" }
        }
        let severity = diagnostic.severity.rawValue
        let text = "\(place.isEmpty ? "iconpick" : place): \(severity): \(diagnostic.message)"
        let body = XMLText.content("\(text) [\(diagnostic.id.rawValue)]\nfix: \(diagnostic.fix)")
        xml += "    <testcase \(attributes)>\n"
        if failing(diagnostic) {
          xml +=
            "      <failure type=\"\(severity)\" message=\"\(XMLText.attribute(diagnostic.message))\">"
            + body + "</failure>\n"
        } else {
          xml += "      <properties>\n"
          xml += "        <property name=\"severity\" value=\"\(severity)\"/>\n"
          xml += "      </properties>\n"
          xml += "      <system-out>\(body)</system-out>\n"
        }
        xml += "    </testcase>\n"
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }
}

/// Escaping for XML 1.0 text and attribute values. A character XML 1.0 cannot hold at all (a
/// control character other than tab, LF and CR; U+FFFE, U+FFFF) becomes U+FFFD.
enum XMLText {
  static func content(_ text: String) -> String { escape(text, attribute: false) }
  static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where attribute: out += "&quot;"
      case "'" where attribute: out += "&apos;"
      // In an attribute, a parser turns a raw tab, LF or CR into a space; a reference keeps it.
      case "\t" where attribute: out += "&#9;"
      case "\n" where attribute: out += "&#10;"
      case "\r": out += "&#13;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// How the CI formats write a diagnostic's file: relative to the root folder when it is inside
/// it, else absolute.
struct PathStyle {
  /// The root as a directory URL, standardized; nil keeps paths as they are.
  var root: URL?

  init(root: URL?) {
    self.root = root.map {
      URL(fileURLWithPath: $0.standardizedFileURL.path, isDirectory: true)
    }
  }

  /// The path inside root (`Assets.xcassets/AppIcon.appiconset/Contents.json`), else `file`
  /// as given.
  func relative(_ file: String) -> String {
    inside(file) ?? file
  }

  /// The part of `file` below root, when it is below root, also through a symbolic link
  /// (`/tmp` for `/private/tmp`).
  private func inside(_ file: String) -> String? {
    guard let root else { return nil }
    let url = URL(fileURLWithPath: file, relativeTo: root)
    return Self.below(root.path, url.standardizedFileURL.path)
      ?? Self.below(root.resolvingSymlinksInPath().path, url.resolvingSymlinksInPath().path)
  }

  private static func below(_ root: String, _ path: String) -> String? {
    let base = root.hasSuffix("/") ? root : root + "/"
    guard path.hasPrefix(base), path.count > base.count else { return nil }
    return String(path.dropFirst(base.count))
  }

  /// A SARIF `artifactLocation`: a relative URI with `uriBaseId` inside root, else an absolute
  /// `file:` URI (a relative URI without a base when there is no root).
  func sarifArtifact(_ file: String) -> [String: Any] {
    if let inside = inside(file) {
      return ["uri": Self.percentEncoded(inside), "uriBaseId": CheckReport.sarifRootBase]
    }
    if file.hasPrefix("/") { return ["uri": URL(fileURLWithPath: file).absoluteString] }
    return ["uri": Self.percentEncoded(file)]
  }

  /// A relative path as a URI reference: spaces, `%`, `#`, `?` and the rest percent-encoded.
  static func percentEncoded(_ path: String) -> String {
    // URL path characters (CharacterSet.urlPathAllowed) but `;`; everything else as UTF-8 %XX.
    let allowed = Set(
      "!$&'()*+,-./0123456789:=@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~".utf8)
    var encoded = ""
    for byte in path.utf8 {
      if allowed.contains(byte) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        encoded += String(printf: "%%%02X", byte)
      }
    }
    // `a:b/c` would read as a URI with the scheme `a`.
    let first = encoded.prefix { $0 != "/" }
    return first.contains(":") ? "./" + encoded : encoded
  }
}
