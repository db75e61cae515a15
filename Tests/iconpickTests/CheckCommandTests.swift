import Foundation
import Testing

/// `iconpick check` through the built binary: output forms and exit codes. Each diagnostic's
/// own fixture is in IconCheckTests.
@Suite struct CheckCommandTests {
  func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(iconpickBinary().path, ["check"] + arguments, environment: ["LANG": "C.UTF-8"])
  }

  /// Palette's older layout (Tests/Fixtures/PaletteAppIconSets: `.appiconset`s of PNGs) with one
  /// more alternate named in the build settings and, if asked, a stray image at the catalog's
  /// top level.
  func project(strayImage: Bool, missingAlternate: Bool) throws -> Scratch {
    let project = try Scratch()
    let fileManager = FileManager.default
    let palette = paletteAppIconSetsFolder()
    try fileManager.copyItem(
      at: palette.appendingPathComponent("Assets.xcassets"),
      to: project.file("Assets.xcassets"))
    try fileManager.copyItem(
      at: palette.appendingPathComponent("Info.plist"), to: project.file("Info.plist"))
    var config = try String(
      contentsOf: palette.appendingPathComponent("Palette.xcconfig"), encoding: .utf8)
    if missingAlternate {
      config = config.replacingOccurrences(
        of: "AppIcon-Yellow", with: "AppIcon-Yellow AppIcon-Gone")
    }
    try config.write(to: project.file("Palette.xcconfig"), atomically: true, encoding: .utf8)
    if strayImage {
      try fileManager.copyItem(
        at: project.file("Assets.xcassets/AppIcon-Blue.appiconset/AppIcon-Blue.png"),
        to: project.file("Assets.xcassets/Stray.png"))
    }
    return project
  }

  /// The bundled demo app (Icon Composer bundles) and its older form (PNG icon sets).
  @Test(arguments: [paletteFolder(), paletteAppIconSetsFolder()])
  func paletteIsClean(_ folder: URL) throws {
    let result = try check([folder.path])
    #expect(result.status == 0)
    #expect(result.stdout == "no problems found\n")
  }

  @Test func anErrorIsCompilerStyleWithTheFixAndExitsOne() throws {
    let project = try project(strayImage: false, missingAlternate: true)
    let result = try check([project.url.path])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let error = try #require(lines.firstIndex { $0.hasSuffix("[alternate-without-image]") })
    #expect(lines[error].contains(": error: "))
    #expect(lines[error].contains("AppIcon-Gone"))
    #expect(lines[error + 1].hasPrefix("    fix: "))
    #expect(lines.last == "1 error, 0 warnings" || lines.last?.hasPrefix("1 error") == true)
  }

  @Test func jsonListsTheDiagnosticsAndCounts() throws {
    let project = try project(strayImage: false, missingAlternate: true)
    let result = try check([project.url.path, "--json"])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["id"] as? String } == ["alternate-without-image"])
    #expect(diagnostics.first?["severity"] as? String == "error")
    #expect(diagnostics.first?["fix"] is String)
  }

  @Test func warningsFailOnlyWhenAsked() throws {
    let project = try project(strayImage: true, missingAlternate: false)
    let relaxed = try check([project.url.path])
    #expect(relaxed.status == 0)
    #expect(relaxed.stdout.contains("warning: "))
    #expect(relaxed.stdout.contains("[loose-file-in-catalog]"))
    let strict = try check([project.url.path, "--warnings-as-errors"])
    #expect(strict.status == 1)
  }

  @Test func checkHasItsOwnHelp() throws {
    let result = try runProcess(iconpickBinary().path, ["check", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("USAGE: iconpick check"))
  }
}
