import Foundation
import Testing

/// Issue 36, part 2, from the command line: a Bazel repository with Xcode-era leftovers (an
/// Info.plist, an `.xcconfig`, a catalog) gets one line naming Bazel and the command, and exit 1,
/// from every command that reads an app; nothing is written.
@Suite struct OtherBuildSystemCommandTests {
  func run(_ arguments: [String], state: Scratch, in folder: URL? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    // add and remove record no choice: they take no --state-dir.
    let edits = ["add", "remove"].contains(arguments.first ?? "")
    let arguments =
      [try iconpickBinary().path] + arguments
      + (edits ? [] : ["--state-dir", state.file("state").path])
    // In `folder` when given: the shell changes to it, then runs iconpick in its place.
    return try runProcess(
      "/bin/sh",
      ["-c", #"cd "$1" && shift && exec "$@""#, "sh", (folder ?? state.url).path] + arguments,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  static func write(_ scratch: Scratch, _ path: String, _ text: String) throws {
    let file = scratch.file(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  static func bazelRepository() throws -> Scratch {
    let scratch = try Scratch()
    try write(scratch, "MODULE.bazel", "bazel_dep(name = \"rules_apple\", version = \"3.16.0\")\n")
    try write(
      scratch, "Apps/Weather/BUILD",
      """
      load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application")

      ios_application(
          name = "Weather",
          bundle_id = "com.example.weather",
          families = ["iphone"],
          app_icons = glob(["Resources/Assets.xcassets/**"]),
          infoplists = ["Resources/Info.plist"],
      )
      """)
    try write(
      scratch, "Apps/Weather/Legacy/Info.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      <key>CFBundleIcons</key><dict><key>CFBundleAlternateIcons</key><dict>
      <key>Gone</key><dict><key>CFBundleIconFiles</key><array><string>Gone</string></array></dict>
      </dict></dict>
      </dict></plist>
      """)
    try write(scratch, "Apps/Weather/Legacy/App.xcconfig", "PRODUCT_BUNDLE_IDENTIFIER = old.id\n")
    try FileManager.default.createDirectory(
      at: scratch.file("Apps/Weather/Legacy"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: paletteAppIconSetsFolder().appendingPathComponent("Assets.xcassets"),
      to: scratch.file("Apps/Weather/Legacy/Assets.xcassets"))
    return scratch
  }

  @Test(
    "the picker, list, get, show, check, add and remove: exit 1 and the one line; nothing written")
  func refused() throws {
    let repository = try Self.bazelRepository()
    let state = try Scratch()
    let root = repository.url.standardizedFileURL.path
    let expected =
      "iconpick: error: \(root): this app is built with Bazel (ios_application \"Weather\" in \(root)/Apps/Weather/BUILD), not from an Xcode project: run `bazel build //Apps/Weather:Weather` in \(root), then pass the .ipa it writes (bazel-bin/Apps/Weather/Weather.ipa)\n"
    let before = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
    for command in [
      [], ["list"], ["get"], ["show", "--output", repository.file("out.png").path], ["check"],
      ["check", "--format", "json"], ["remove", "AppIcon-Blue"],
      ["add", "Night"],
    ] {
      let result = try run(command + [root], state: state)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr == expected, "\(command): \(result.stderr)")
      #expect(!result.stdout.contains("error"), "\(command): \(result.stdout)")
    }
    #expect(try FileManager.default.subpathsOfDirectory(atPath: root).sorted() == before)
  }

  /// Found upward as git finds its repository: the BUILD of the folder above is the app's, said
  /// of that folder.
  @Test("without PATH, in the leftovers' folder: the app above, not the demo app")
  func currentFolder() throws {
    let repository = try Self.bazelRepository()
    let state = try Scratch()
    let folder = repository.file("Apps/Weather/Legacy")
    let app = repository.file("Apps/Weather")
    for command in [["list"], ["check"]] {
      let result = try run(command, state: state, in: folder)
      #expect(result.status == 1, "\(command)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(
        result.stderr.hasPrefix(
          "iconpick: error: \(app.standardizedFileURL.path): this app is built with Bazel"),
        "\(result.stderr)")
      #expect(result.stderr.contains("run `bazel build //Apps/Weather:Weather`"))
    }
  }
}
