import Foundation
import Testing

/// A system with only the build's run-time libraries, not cairo's and librsvg's: the loader is
/// pointed at files that are not there (ICONPICK_CAIRO_SONAME, ICONPICK_RSVG_SONAME).
@Suite struct MissingLibrariesTests {
  func run(_ arguments: [String], missing: [String]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let state = try Scratch()
    var environment = [
      "LANG": "C.UTF-8", "TERM": "xterm-256color", "HOME": state.url.path,
      "XDG_CACHE_HOME": state.file("cache").path,
    ]
    for variable in missing { environment[variable] = "libiconpick-not-there.so.0" }
    return try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", state.file("state").path],
      environment: environment)
  }

  @Test func anIconComposerPreviewIsAPlaceholderWithTheReason() throws {
    let result = try run(
      ["show", "AppIcon-Blue", paletteFolder().path, "--size", "16x8", "--color", "none"],
      missing: ["ICONPICK_RSVG_SONAME"])
    #expect(result.status == 1)
    #expect(result.stdout.split(separator: "\n").count == 8)
    #expect(result.stdout.contains("lib"))
    #expect(result.stderr.contains("AppIcon-Blue.icon/"))
    #expect(result.stderr.contains("librsvg is not installed: apt-get install librsvg2-2"))
  }

  @Test func withoutCairoAnIconComposerExportFailsWritingNothing() throws {
    let output = try Scratch()
    let result = try run(
      [
        "show", "AppIcon-Blue", paletteFolder().path, "--output", output.file("blue.png").path,
        "--pixels", "64",
      ], missing: ["ICONPICK_CAIRO_SONAME", "ICONPICK_RSVG_SONAME"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("cairo is not installed: apt-get install libcairo2"))
    #expect(!FileManager.default.fileExists(atPath: output.file("blue.png").path))
  }

  @Test func everythingElseWorks() throws {
    let missing = ["ICONPICK_CAIRO_SONAME", "ICONPICK_RSVG_SONAME"]
    let list = try run(["list", "--json", paletteFolder().path], missing: missing)
    #expect(list.status == 0)
    #expect(list.stdout.contains("\"AppIcon-Blue\""))
    let check = try run(["check", paletteFolder().path], missing: missing)
    #expect(check.status == 0)
    let png = try run(
      [
        "show", "AppIcon-Blue", paletteAppIconSetsFolder().path, "--size", "16x8", "--color",
        "none",
      ], missing: missing)
    #expect(png.status == 0)
    #expect(png.stderr.isEmpty)
  }
}
