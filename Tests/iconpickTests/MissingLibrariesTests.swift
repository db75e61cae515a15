import Foundation
import Testing

/// A system with only the build's run-time libraries, not the ones iconpick opens on first use:
/// the loader is pointed at files that are not there (ICONPICK_CAIRO_SONAME,
/// ICONPICK_RSVG_SONAME, ICONPICK_PNG_SONAME, ICONPICK_DEFLATE_SONAME, ICONPICK_YAML_SONAME).
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
    let missing = [
      "ICONPICK_CAIRO_SONAME", "ICONPICK_RSVG_SONAME", "ICONPICK_PNG_SONAME",
      "ICONPICK_DEFLATE_SONAME", "ICONPICK_YAML_SONAME",
    ]
    let list = try run(["list", "--json", paletteFolder().path], missing: missing)
    #expect(list.status == 0)
    #expect(list.stdout.contains("\"AppIcon-Blue\""))
    let check = try run(["check", paletteFolder().path], missing: missing)
    #expect(check.status == 0)
    let png = try run(
      [
        "show", "AppIcon-Blue", paletteAppIconSetsFolder().path, "--size", "16x8", "--color",
        "none",
      ], missing: ["ICONPICK_CAIRO_SONAME", "ICONPICK_RSVG_SONAME"])
    #expect(png.status == 0)
    #expect(png.stderr.isEmpty)
  }

  // libpng, libdeflate and libyaml: opened on first use too (their module's shim.h).

  func showPNG(missing: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try run(
      [
        "show", "AppIcon-Blue", paletteAppIconSetsFolder().path, "--size", "16x8", "--color",
        "256",
      ], missing: missing)
  }

  @Test func withoutLibdeflateLibpngDrawsTheSamePreview() throws {
    let both = try showPNG(missing: [])
    let libpngOnly = try showPNG(missing: ["ICONPICK_DEFLATE_SONAME"])
    #expect(both.status == 0)
    #expect(both.stdout.contains("\u{1B}[38;5;"))
    #expect(libpngOnly.status == 0)
    #expect(libpngOnly.stderr.isEmpty, "\(libpngOnly.stderr)")
    #expect(libpngOnly.stdout == both.stdout)
  }

  @Test func withoutLibpngTheFastReaderDrawsTheSamePreview() throws {
    let both = try showPNG(missing: [])
    let libdeflateOnly = try showPNG(missing: ["ICONPICK_PNG_SONAME"])
    #expect(libdeflateOnly.status == 0)
    #expect(libdeflateOnly.stderr.isEmpty, "\(libdeflateOnly.stderr)")
    #expect(libdeflateOnly.stdout == both.stdout)
  }

  @Test func withoutEitherAPNGPreviewIsAPlaceholderWithTheReason() throws {
    let result = try showPNG(missing: ["ICONPICK_PNG_SONAME", "ICONPICK_DEFLATE_SONAME"])
    #expect(result.status == 1)
    #expect(result.stdout.split(separator: "\n").count == 8)
    #expect(result.stdout.contains("lib"))
    #expect(result.stderr.contains("AppIcon-Blue"))
    #expect(result.stderr.contains("libpng is not installed: apt-get install libpng16-16"))
  }

  @Test func withoutLibpngAnExportFailsWritingNothing() throws {
    let output = try Scratch()
    let result = try run(
      [
        "show", "AppIcon-Blue", paletteAppIconSetsFolder().path, "--output",
        output.file("blue.png").path, "--pixels", "64",
      ], missing: ["ICONPICK_PNG_SONAME"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("iconpick: error: "), "\(result.stderr)")
    #expect(result.stderr.contains("libpng is not installed: apt-get install libpng16-16"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path).isEmpty)
  }

  @Test func withoutLibyamlAnXcodeGenSpecSaysWhatToInstall() throws {
    let project = try Scratch()
    try Data(
      """
      name: Demo
      targets:
        Demo:
          type: application
          platform: iOS
          sources: [Demo]
      """.utf8
    ).write(to: project.file("project.yml"))
    let found = try run(["list", project.url.path], missing: [])
    #expect(!found.stderr.contains("libyaml"), "\(found.stderr)")
    let result = try run(["list", project.url.path], missing: ["ICONPICK_YAML_SONAME"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("project.yml"), "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "project.yml: cannot be read: libyaml is not installed: apt-get install libyaml-0-2"))
    // Nothing in the spec is wrong: the message does not ask to fix it.
    #expect(!result.stderr.contains("fix it"), "\(result.stderr)")
  }
}
