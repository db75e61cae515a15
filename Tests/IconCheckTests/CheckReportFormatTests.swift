import Foundation
import Testing

@testable import IconCheck

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Each `--format`'s structure, parsed back the way its reader parses it.
@Suite struct CheckReportFormatTests {
  static let root = URL(fileURLWithPath: "/work/App", isDirectory: true)

  static let diagnostics = [
    Diagnostic(
      id: .alphaChannel, file: "/work/App/Assets.xcassets/A B/Icon.png",
      message: "has alpha: 100% <transparent> & \"odd\"", fix: "Flatten it,\r\nthen export."),
    Diagnostic(
      id: .missingFile, file: "/work/App/Assets.xcassets/Contents.json",
      line: 12, message: "gone: a,b", fix: "Add it."),
    Diagnostic(
      id: .namesDifferOnlyByCase, file: nil, message: "case",
      fix: "Rename one."),
    Diagnostic(
      id: .missingFile, file: "/elsewhere/Contents.json", line: 3,
      message: "outside", fix: "Add it."),
  ]

  static var single: [CheckReport.Group] { [(target: nil, diagnostics: diagnostics)] }
  static var twoTargets: [CheckReport.Group] {
    [
      (target: "Palette", diagnostics: Array(diagnostics.prefix(2))),
      (target: "Palette TV", diagnostics: []),
    ]
  }

  func render(
    _ groups: [CheckReport.Group], _ format: CheckReport.Format, warningsAsErrors: Bool = false
  ) throws -> String {
    try CheckReport.render(
      groups, format: format, root: Self.root, warningsAsErrors: warningsAsErrors,
      toolVersion: "9.9.9")
  }

  // MARK: gcc

  @Test func gccOfOneUnnamedGroupIsTheHumanReport() throws {
    #expect(try render(Self.single, .gcc) == CheckReport.human(Self.diagnostics))
    #expect(try render([], .gcc) == "no problems found\n")
  }

  @Test func gccGroupsByTargetWithCounts() throws {
    let text = try render(Self.twoTargets, .gcc)
    #expect(
      text == """
        target Palette
        /work/App/Assets.xcassets/A B/Icon.png: warning: has alpha: 100% <transparent> & "odd" [alpha-channel]
            fix: Flatten it,\\r\\nthen export.
        /work/App/Assets.xcassets/Contents.json:12: error: gone: a,b [missing-file]
            fix: Add it.
        Palette: 1 error, 1 warning

        target Palette TV
        Palette TV: no problems found
        total: 1 error, 1 warning

        """)
  }

  // MARK: json

  @Test func jsonNamesEachDiagnosticsTarget() throws {
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(try render(Self.twoTargets, .json).utf8))
        as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    #expect(object["warnings"] as? Int == 1)
    let list = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(list.map { $0["target"] as? String } == ["Palette", "Palette"])
    #expect(list.map { $0["file"] as? String }.first == "/work/App/Assets.xcassets/A B/Icon.png")
    let single = try #require(
      JSONSerialization.jsonObject(with: Data(try render(Self.single, .json).utf8))
        as? [String: Any])
    let singleList = try #require(single["diagnostics"] as? [[String: Any]])
    #expect(singleList.count == 4)
    #expect(singleList.allSatisfy { $0["target"] is NSNull })
    #expect(try render(Self.single, .json) == CheckReport.json(Self.diagnostics))
  }

  // MARK: github

  @Test func githubWritesOneEscapedWorkflowCommandEach() throws {
    let lines = try render(Self.single, .github).split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "::error title=iconpick names-differ-only-by-case::case%0Afix: Rename one.",
        "::error file=/elsewhere/Contents.json,line=3,title=iconpick missing-file::outside%0Afix: Add it.",
        "::warning file=Assets.xcassets/A B/Icon.png,title=iconpick alpha-channel::"
          + "has alpha: 100%25 <transparent> & \"odd\"%0Afix: Flatten it,%0D%0Athen export.",
        "::error file=Assets.xcassets/Contents.json,line=12,title=iconpick missing-file::"
          + "gone: a,b%0Afix: Add it.",
        "3 errors, 1 warning",
      ])
  }

  @Test func githubPropertiesEscapeCommasAndColons() throws {
    let odd = Diagnostic(
      id: .missingFile, file: "/work/App/a,b:c%.png", line: 1,
      message: "m", fix: "f")
    let text = try render([(target: "App: one, two", diagnostics: [odd])], .github)
    let first = try #require(text.split(separator: "\n").first)
    #expect(
      first
        == "::error file=a%2Cb%3Ac%25.png,line=1,title=iconpick missing-file (App%3A one%2C two)::m%0Afix: f"
    )
    #expect(CheckReport.githubData("a%\r\nb:,") == "a%25%0D%0Ab:,")
    #expect(CheckReport.githubProperty("a%\r\nb:,") == "a%25%0D%0Ab%3A%2C")
  }

  // MARK: sarif

  @Test func sarifHasTheToolRulesAndLocatedResults() throws {
    let text = try render(
      Self.twoTargets + [(target: "Other", diagnostics: [Self.diagnostics[2]])], .sarif)
    let log = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let run = runs[0]
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "iconpick")
    #expect(driver["version"] as? String == "9.9.9")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ids = rules.compactMap { $0["id"] as? String }
    #expect(ids == ["alpha-channel", "missing-file", "names-differ-only-by-case"])
    for rule in rules {
      let short = (rule["shortDescription"] as? [String: Any])?["text"] as? String
      let help = (rule["help"] as? [String: Any])?["text"] as? String
      #expect(short?.isEmpty == false)
      #expect(help?.isEmpty == false)
    }
    let bases = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
    #expect(bases["SRCROOT"]?["uri"] == "file:///work/App/")

    let results = try #require(run["results"] as? [[String: Any]])
    #expect(
      results.map { $0["ruleId"] as? String } == [
        "alpha-channel", "missing-file", "names-differ-only-by-case",
      ])
    #expect(results.map { $0["level"] as? String } == ["warning", "error", "error"])
    for result in results {
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(ids[index] == result["ruleId"] as? String)
    }
    let message = (results[0]["message"] as? [String: Any])?["text"] as? String
    #expect(message == "has alpha: 100% <transparent> & \"odd\"\nfix: Flatten it,\r\nthen export.")
    #expect((results[0]["properties"] as? [String: Any])?["target"] as? String == "Palette")

    func physical(_ result: [String: Any]) -> [String: Any]? {
      (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
    }
    let warning = try #require(physical(results[0]))
    let artifact = try #require(warning["artifactLocation"] as? [String: String])
    #expect(artifact == ["uri": "Assets.xcassets/A%20B/Icon.png", "uriBaseId": "SRCROOT"])
    #expect(warning["region"] == nil)
    let error = try #require(physical(results[1]))
    #expect((error["region"] as? [String: Int])?["startLine"] == 12)
    // No file, no location.
    #expect(results[2]["locations"] == nil)
  }

  @Test func sarifShowsAFindingWithoutAFileAtTheAnchor() throws {
    let text = try CheckReport.render(
      [(target: nil, diagnostics: [Self.diagnostics[2]])], format: .sarif, root: Self.root,
      anchor: "/work/App/App.xcodeproj/project.pbxproj")
    let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let result = try #require(
      ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
    let artifact = (location as? [String: Any])?["artifactLocation"] as? [String: String]
    #expect(artifact == ["uri": "App.xcodeproj/project.pbxproj", "uriBaseId": "SRCROOT"])
    #expect((location as? [String: Any])?["region"] == nil)
  }

  @Test func sarifWritesAFileOutsideTheRootAsAnAbsoluteURI() throws {
    let text = try render([(target: nil, diagnostics: [Self.diagnostics[3]])], .sarif)
    let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let result = try #require(
      ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
    let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
    let artifact = (location as? [String: Any])?["artifactLocation"] as? [String: String]
    #expect(artifact == ["uri": "file:///elsewhere/Contents.json"])
    #expect(result["properties"] == nil)
  }

  @Test func pathsAreRelativeThroughASymbolicLink() throws {
    let fileManager = FileManager.default
    let folder = fileManager.temporaryDirectory.appendingPathComponent(
      "iconpick-paths-\(UUID().uuidString)")
    defer { try? fileManager.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real/App", isDirectory: true)
    try fileManager.createDirectory(
      at: real.appendingPathComponent("Assets.xcassets"), withIntermediateDirectories: true)
    let image = real.appendingPathComponent("Assets.xcassets/Icon.png")
    try Data().write(to: image)
    try fileManager.createSymbolicLink(
      at: folder.appendingPathComponent("link"),
      withDestinationURL: folder.appendingPathComponent("real"))
    let diagnostic = Diagnostic(
      id: .notSquare, file: image.path, line: nil, message: "m", fix: "f")
    let text = try CheckReport.render(
      [(target: nil, diagnostics: [diagnostic])], format: .github,
      root: folder.appendingPathComponent("link/App", isDirectory: true))
    #expect(text.hasPrefix("::error file=Assets.xcassets/Icon.png,"))
  }

  @Test func sarifOfNothingHasNoResults() throws {
    let text = try render([(target: nil, diagnostics: [])], .sarif)
    let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.isEmpty == true)
    let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
    #expect((driver?["rules"] as? [Any])?.isEmpty == true)
  }

  @Test func sarifRulesComeFromTheIdsWithTheirCodes() throws {
    let diagnostic = Diagnostic(
      id: .iconNameNotSet, file: "/work/App/Info.plist", message: "m", fix: "f")
    let text = try CheckReport.render(
      [(target: nil, diagnostics: [diagnostic])], format: .sarif,
      root: URL(fileURLWithPath: "/work/App", isDirectory: true))
    let log = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rule = try #require((driver["rules"] as? [[String: Any]])?.first)
    #expect(rule["id"] as? String == "icon-name-not-set")
    #expect(
      (rule["shortDescription"] as? [String: Any])?["text"] as? String
        == "Catalog icons exist but nothing names the primary (ITMS-90713).")
    #expect(
      ((rule["help"] as? [String: Any])?["text"] as? String)?.hasSuffix(
        DiagnosticID.iconNameNotSet.fix) == true)
    #expect(
      (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
  }

  @Test func everyIdHasASummaryAndAFix() {
    for id in DiagnosticID.allCases {
      #expect(id.summary.hasSuffix("."), "\(id)")
      #expect(id.fix.hasSuffix("."), "\(id)")
      #expect(!id.summary.contains("ITMS"), "\(id): the codes are in itmsCodes")
      #expect(id.itmsCodes.allSatisfy { $0.hasPrefix("ITMS-9") }, "\(id)")
    }
  }

  // MARK: junit

  @Test func junitIsWellFormedWithASuitePerTargetAndACasePerDiagnostic() throws {
    let document = try XMLDocument(
      data: Data(try render(Self.twoTargets, .junit).utf8), options: [])
    let suites = try #require(document.rootElement())
    #expect(suites.name == "testsuites")
    #expect(suites.attribute(forName: "tests")?.stringValue == "3")
    #expect(suites.attribute(forName: "failures")?.stringValue == "1")
    let suiteElements = suites.elements(forName: "testsuite")
    #expect(
      suiteElements.map { $0.attribute(forName: "name")?.stringValue } == ["Palette", "Palette TV"])
    #expect(suiteElements.map { $0.attribute(forName: "tests")?.stringValue } == ["2", "1"])
    #expect(suiteElements.map { $0.attribute(forName: "failures")?.stringValue } == ["1", "0"])

    let cases = suiteElements[0].elements(forName: "testcase")
    #expect(
      cases.map { $0.attribute(forName: "name")?.stringValue } == [
        "alpha-channel Assets.xcassets/A B/Icon.png",
        "missing-file Assets.xcassets/Contents.json:12",
      ])
    #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "Palette" })
    #expect(cases[1].attribute(forName: "line")?.stringValue == "12")

    // The warning passes, its text in system-out, marked by a property.
    let warning = cases[0]
    #expect(warning.elements(forName: "failure").isEmpty)
    let output = try #require(warning.elements(forName: "system-out").first?.stringValue)
    #expect(output.contains("has alpha: 100% <transparent> & \"odd\""))
    #expect(output.contains("fix: Flatten it,\r\nthen export."))
    let property = warning.elements(forName: "properties").first?.elements(forName: "property")
      .first
    #expect(property?.attribute(forName: "name")?.stringValue == "severity")
    #expect(property?.attribute(forName: "value")?.stringValue == "warning")

    // The error fails, its message intact in the attribute.
    let failure = try #require(cases[1].elements(forName: "failure").first)
    #expect(failure.attribute(forName: "type")?.stringValue == "error")
    #expect(failure.attribute(forName: "message")?.stringValue == "gone: a,b")
    #expect(failure.stringValue?.contains("fix: Add it.") == true)

    // A target with nothing wrong still has a (passing) case: Jenkins refuses none.
    let clean = suiteElements[1].elements(forName: "testcase")
    #expect(clean.map { $0.attribute(forName: "name")?.stringValue } == ["no problems found"])
    #expect(clean[0].children == nil || clean[0].children?.isEmpty == true)
  }

  @Test func junitFailsOnWarningsOnlyWithWarningsAsErrors() throws {
    let text = try render(Self.single, .junit, warningsAsErrors: true)
    let document = try XMLDocument(data: Data(text.utf8), options: [])
    let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
    #expect(suite.attribute(forName: "name")?.stringValue == "app")
    #expect(suite.attribute(forName: "failures")?.stringValue == "4")
    let types = suite.elements(forName: "testcase").map {
      $0.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue
    }
    #expect(types == ["error", "error", "warning", "error"])
    #expect(
      suite.elements(forName: "testcase").allSatisfy {
        $0.attribute(forName: "classname")?.stringValue == "app"
      })
  }

  @Test func xmlEscapingSurvivesAParser() throws {
    let nasty = "a&b<c>d\"e'f\tg\nh\r\ni\u{1}j\u{FFFF}k]]>l"
    let odd = Diagnostic(
      id: .missingFile, file: "/work/App/\(nasty).png", line: 2,
      message: nasty, fix: nasty)
    let text = try render([(target: nasty, diagnostics: [odd])], .junit)
    #expect(!text.contains("\u{1}"))
    let document = try XMLDocument(data: Data(text.utf8), options: [])
    let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
    // The control character is spelled out (MessageText) before XML sees it; U+FFFF, which XML
    // 1.0 cannot hold, becomes U+FFFD.
    let expected = "a&b<c>d\"e'f\tg\nh\r\ni\\u{1}j\u{FFFD}k]]>l"
    #expect(suite.attribute(forName: "name")?.stringValue == expected)
    let failure = try #require(
      suite.elements(forName: "testcase").first?.elements(forName: "failure").first)
    #expect(failure.attribute(forName: "message")?.stringValue == expected)
    #expect(failure.stringValue?.hasSuffix("fix: " + expected) == true)
  }
}
