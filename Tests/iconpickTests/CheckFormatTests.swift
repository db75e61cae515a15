import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `iconpick check --format …` through the built binary, run from the app's folder as CI runs
/// it from the repository root, on an app with one error and one warning. Each format's full
/// structure is tested in IconCheckTests; this is the command line's side.
@Suite struct CheckFormatTests {
  /// Palette's PNG form whose xcconfig includes a file that is not there (an error: Xcode's
  /// "could not find included file") and a stray image at the catalog's top level (a warning).
  func project() throws -> Scratch {
    let project = try Scratch()
    let fileManager = FileManager.default
    let palette = paletteAppIconSetsFolder()
    try fileManager.copyItem(
      at: palette.appendingPathComponent("Assets.xcassets"),
      to: project.file("Assets.xcassets"))
    try fileManager.copyItem(
      at: palette.appendingPathComponent("Info.plist"), to: project.file("Info.plist"))
    let config = try String(
      contentsOf: palette.appendingPathComponent("Palette.xcconfig"), encoding: .utf8)
    try (config + "#include \"Secrets.xcconfig\"\n")
      .write(to: project.file("Palette.xcconfig"), atomically: true, encoding: .utf8)
    try fileManager.copyItem(
      at: project.file("Assets.xcassets/AppIcon-Blue.appiconset/AppIcon-Blue.png"),
      to: project.file("Assets.xcassets/Stray.png"))
    return project
  }

  /// `iconpick check ARGUMENTS` with the project's folder as the current directory.
  func check(in project: Scratch, _ arguments: [String]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      "/bin/sh",
      ["-c", #"cd "$1" && shift && exec "$@""#, "sh", project.url.path]
        + [iconpickBinary().path, "check"] + arguments,
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  @Test func gccIsTheDefault() throws {
    let project = try project()
    let plain = try check(in: project, [])
    let gcc = try check(in: project, ["--format", "gcc"])
    #expect(gcc.status == 1)
    #expect(gcc.stdout == plain.stdout)
    #expect(gcc.stdout.contains(": error: "))
    #expect(gcc.stdout.contains("[missing-include]"))
    #expect(gcc.stdout.contains("Stray.png: warning: "))
  }

  @Test func jsonAndItsSynonym() throws {
    let project = try project()
    let json = try check(in: project, ["--format=json"])
    #expect(json.status == 1)
    #expect(try check(in: project, ["--json"]).stdout == json.stdout)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.contains { $0["id"] as? String == "missing-include" })
    #expect(diagnostics.contains { $0["id"] as? String == "loose-file-in-catalog" })
    #expect(diagnostics.allSatisfy { $0.keys.contains("target") })
    #expect(object["errors"] as? Int ?? 0 >= 1)
  }

  @Test func githubAnnotatesWithPathsFromTheRepository() throws {
    let project = try project()
    let result = try check(in: project, ["--format", "github"])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let error = try #require(lines.first { $0.contains("title=iconpick missing-include") })
    #expect(error.hasPrefix("::error "))
    #expect(error.contains("%0Afix: "))
    let warning = try #require(lines.first { $0.contains("loose-file-in-catalog") })
    #expect(warning.hasPrefix("::warning file=Assets.xcassets/Stray.png,"))
    #expect(lines.last?.hasSuffix("1 warning") == true)
  }

  @Test func sarifParsesWithRulesAndRelativeLocations() throws {
    let project = try project()
    let result = try check(in: project, ["--format", "sarif"])
    #expect(result.status == 1)
    let log = try #require(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "iconpick")
    #expect(driver["version"] is String)
    let ruleIDs = (driver["rules"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    #expect(ruleIDs.contains("missing-include"))
    let results = try #require(run["results"] as? [[String: Any]])
    let warning = try #require(results.first { $0["ruleId"] as? String == "loose-file-in-catalog" })
    #expect(warning["level"] as? String == "warning")
    let location = (warning["locations"] as? [[String: Any]])?.first?["physicalLocation"]
    let artifact = (location as? [String: Any])?["artifactLocation"] as? [String: String]
    #expect(artifact == ["uri": "Assets.xcassets/Stray.png", "uriBaseId": "SRCROOT"])
    #expect(results.contains { $0["level"] as? String == "error" })
    // GitHub refuses a whole upload when one result has no location.
    #expect(results.allSatisfy { ($0["locations"] as? [Any])?.count == 1 })
  }

  @Test func junitParsesAndFailsOnlyTheError() throws {
    let project = try project()
    for strict in [false, true] {
      let result = try check(
        in: project, ["--format", "junit"] + (strict ? ["--warnings-as-errors"] : []))
      #expect(result.status == 1)
      let document = try XMLDocument(data: Data(result.stdout.utf8), options: [])
      let suites = try #require(document.rootElement())
      #expect(suites.name == "testsuites")
      let cases = suites.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
      let warning = try #require(
        cases.first {
          $0.attribute(forName: "name")?.stringValue?.hasPrefix("loose-file-in-catalog") == true
        })
      #expect(warning.elements(forName: "failure").isEmpty == !strict)
      let error = try #require(
        cases.first {
          $0.attribute(forName: "name")?.stringValue?.hasPrefix("missing-include") == true
        })
      #expect(
        error.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "error"
      )
    }
  }

  @Test func aCleanAppExitsZeroInEveryFormat() throws {
    for format in ["gcc", "json", "github", "sarif", "junit"] {
      let result = try runProcess(
        iconpickBinary().path, ["check", paletteAppIconSetsFolder().path, "--format", format],
        environment: ["LANG": "C.UTF-8"])
      #expect(result.status == 0, "\(format): \(result.stdout)")
    }
  }

  @Test(arguments: [
    ["--format", "xml"], ["--format"], ["--format="], ["--json", "--format", "gcc"],
  ])
  func aBadFormatIsAUsageError(arguments: [String]) throws {
    let result = try runProcess(
      iconpickBinary().path, ["check", paletteAppIconSetsFolder().path] + arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("iconpick: "))
    if arguments == ["--format", "xml"] {
      #expect(result.stderr.contains("gcc, json, github, sarif, junit"))
    }
  }

  @Test func formatIsAnOptionOfCheckOnly() throws {
    let result = try runProcess(iconpickBinary().path, ["list", "--format", "json"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--format is an option of 'iconpick check'"))
  }
}
