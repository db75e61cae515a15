import Foundation
import Testing

/// Every line iconpick writes on stderr says what it is: `iconpick: error:` (a refusal),
/// `iconpick: warning:` (a problem the command went on past) or `iconpick: note:` (anything
/// else), so scripts and CI tell a note from a refusal. The change alert of set, reset and push,
/// worded as iOS words it, is the one line without them.
@Suite struct StandardErrorLineTests {
  static let kinds = ["iconpick: error: ", "iconpick: warning: ", "iconpick: note: "]

  /// The stderr lines, each checked to be one of the three kinds.
  static func lines(_ stderr: String) -> [Substring] {
    let lines = stderr.split(separator: "\n")
    for line in lines {
      #expect(kinds.contains { line.hasPrefix($0) }, "a line of no kind: \(line)")
    }
    return lines
  }

  /// The project of CheckAgainstTests, and `Seed.app` built from it by Xcode 15.2 for the
  /// simulator, with a watch app and an extension inside and a loose PNG linked out of it.
  static func builtApp(in scratch: Scratch) throws -> URL {
    let images = try CheckAgainstTests.project(in: scratch)
    let app = scratch.file("Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let plist = CheckAgainstTests.plist(alternates: ["Blue"], built: true).replacingOccurrences(
      of: "</dict></plist>",
      with: """
        <key>DTXcode</key><string>1520</string><key>DTXcodeBuild</key><string>15C500b</string>
        <key>DTPlatformName</key><string>iphonesimulator</string>
        </dict></plist>
        """)
    try Data(plist.utf8).write(to: app.appendingPathComponent("Info.plist"))
    for (name, bytes) in images { try Data(bytes).write(to: app.appendingPathComponent(name)) }
    for bundle in ["Watch/Seed Watch.app", "PlugIns/Widget.appex"] {
      let folder = app.appendingPathComponent(bundle)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("<plist/>".utf8).write(to: folder.appendingPathComponent("Info.plist"))
    }
    try FileManager.default.createSymbolicLink(
      atPath: app.appendingPathComponent("Green60x60@2x.png").path,
      withDestinationPath: scratch.file("project/Blue60x60@2x.png").path)
    return app
  }

  func iconpick(_ arguments: [String], in scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
  }

  @Test func checkAgainstABuiltAppSaysItsXcodeAndWhatIsLeftOutInNotes() throws {
    let scratch = try Scratch()
    let app = try Self.builtApp(in: scratch)
    let result = try iconpick(
      ["check", scratch.file("project").path, "--against", app.path], in: scratch)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let lines = Self.lines(result.stderr)
    #expect(
      lines.contains("iconpick: note: Seed.app: a simulator build by Xcode 15.2 (15C500b)"),
      "\(result.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("iconpick: note: ")
          && $0.hasSuffix(
            "Seed.app/Watch/Seed Watch.app: a watch app, left out: only the app's own icons are read"
          )
      }, "\(result.stderr)")
    #expect(
      lines.contains {
        $0.hasPrefix("iconpick: note: ") && $0.contains("PlugIns/Widget.appex: an app extension")
      }, "\(result.stderr)")
    // A link out of the app is a warning, here as in list.
    #expect(
      lines.contains {
        $0.hasPrefix("iconpick: warning: ") && $0.contains("Green60x60@2x.png: a symbolic link")
      }, "\(result.stderr)")
  }

  @Test func listingABuiltAppNotesItsNestedBundles() throws {
    let scratch = try Scratch()
    let app = try Self.builtApp(in: scratch)
    let result = try iconpick(["list", app.path], in: scratch)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = Self.lines(result.stderr)
    #expect(lines.filter { $0.hasPrefix("iconpick: note: ") }.count == 2, "\(result.stderr)")
    #expect(lines.filter { $0.hasPrefix("iconpick: warning: ") }.count == 1, "\(result.stderr)")
  }

  @Test func aRefusalIsAnError() throws {
    let scratch = try Scratch()
    let result = try iconpick(["list", scratch.file("Nowhere.app").path], in: scratch)
    #expect(result.status == 1)
    let lines = Self.lines(result.stderr)
    #expect(lines.count == 1 && lines[0].hasPrefix("iconpick: error: "), "\(result.stderr)")
  }

  @Test func setSaysItsAlertThenANoteWhenNothingChanges() throws {
    let scratch = try Scratch()
    let palette = paletteFolder().path
    let set = try iconpick(["set", "AppIcon-Blue", palette], in: scratch)
    #expect(set.stderr == "You have changed the icon for “Palette”.\n")
    let again = try iconpick(["set", "AppIcon-Blue", palette], in: scratch)
    #expect(
      Self.lines(again.stderr) == [
        "iconpick: note: \"AppIcon-Blue\" is already the icon for Palette; nothing changed"
      ])
  }
}
