import Foundation
import Testing

/// `iconpick check` through the built binary: output forms and exit codes. Each diagnostic's
/// own fixture is in IconCheckTests.
@Suite struct CheckCommandTests {
  func check(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(iconpickBinary().path, ["check"] + arguments, environment: ["LANG": "C.UTF-8"])
  }

  /// Palette's older layout (Tests/Fixtures/PaletteAppIconSets: `.appiconset`s of PNGs) with, if
  /// asked, an `#include` of a file that is not there (an error) and one more alternate named in
  /// the build settings that has no set (a warning), and a stray image at the catalog's top level.
  func project(strayImage: Bool, missingInclude: Bool) throws -> Scratch {
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
    if missingInclude {
      config = config.replacingOccurrences(
        of: "AppIcon-Yellow", with: "AppIcon-Yellow AppIcon-Gone")
      config += "#include \"Secrets.xcconfig\"\n"
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
    let project = try project(strayImage: false, missingInclude: true)
    let result = try check([project.url.path])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let error = try #require(lines.firstIndex { $0.hasSuffix("[missing-include]") })
    #expect(lines[error].contains(": error: "))
    #expect(lines[error].contains("Secrets.xcconfig"))
    #expect(lines[error + 1].hasPrefix("    fix: "))
    // The setting's name with no set is no icon, and a warning.
    let warning = try #require(lines.firstIndex { $0.hasSuffix("[setting-name-not-found]") })
    #expect(lines[warning].contains("AppIcon-Gone"))
    #expect(lines.last == "1 error, 1 warning")
    #expect(result.stderr.isEmpty)
  }

  /// Issue 36: a name the app's code passes that the app does not ship is an error at the call,
  /// listing the names it ships; a set nothing asks for is only a warning.
  @Test func aNameTheCodePassesThatTheAppDoesNotShip() throws {
    let project = try project(strayImage: false, missingInclude: false)
    try FileManager.default.copyItem(
      at: project.file("Assets.xcassets/AppIcon-Blue.appiconset"),
      to: project.file("Assets.xcassets/Legacy.appiconset"))
    // Only the warning: the check passes.
    let quiet = try check([project.url.path])
    #expect(quiet.status == 0, "\(quiet.stdout)")
    #expect(quiet.stdout.contains(": warning: app icon set \"Legacy\" is not the primary"))
    #expect(quiet.stdout.contains("[set-not-shipped]"))

    try FileManager.default.createDirectory(
      at: project.file("Sources"), withIntermediateDirectories: true)
    try """
    import UIKit

    func pick() { UIApplication.shared.setAlternateIconName("AppIcon-Bleu") }
    // UIApplication.shared.setAlternateIconName("AppIcon-Commented")
    """.write(to: project.file("Sources/Settings.swift"), atomically: true, encoding: .utf8)
    let result = try check([project.url.path])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let error = try #require(lines.firstIndex { $0.hasSuffix("[code-name-not-shipped]") })
    #expect(
      lines[error].contains(
        "Sources/Settings.swift:3: error: setAlternateIconName(\"AppIcon-Bleu\")"))
    #expect(lines[error].contains("the app ships: AppIcon-"))
    #expect(lines[error].contains("AppIcon-Blue"))
    #expect(lines[error + 1].hasPrefix("    fix: "))
    #expect(!result.stdout.contains("AppIcon-Commented"))
    #expect(lines.last == "1 error, 1 warning")
  }

  @Test func jsonListsTheDiagnosticsAndCounts() throws {
    let project = try project(strayImage: false, missingInclude: true)
    let result = try check([project.url.path, "--json"])
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["errors"] as? Int == 1)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(
      Set(diagnostics.compactMap { $0["id"] as? String })
        == ["missing-include", "setting-name-not-found"])
    let error = try #require(diagnostics.first { $0["id"] as? String == "missing-include" })
    #expect(error["severity"] as? String == "error")
    #expect(error["fix"] is String)
    #expect(error["line"] is Int)
  }

  @Test func warningsFailOnlyWhenAsked() throws {
    let project = try project(strayImage: true, missingInclude: false)
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
