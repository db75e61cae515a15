import Foundation
import Testing

/// A legacy-form app that writes `UIPrerenderedIcon` as a string, as tutorials and real apps do:
/// Xcode builds it and copies it as written, and iOS reads it as false. Its sources and its built
/// app (a binary Info.plist) list, show, open in the picker, and `check` only warns.
@Suite(.serialized) struct StringPrerenderedEndToEndTests {
  static func plist(prerendered: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
      <key>CFBundleDisplayName</key><string>Legacy</string>
      <key>CFBundleIdentifier</key><string>dev.iconpick.Legacy</string>
      <key>CFBundleIcons</key><dict>
        <key>CFBundlePrimaryIcon</key><dict>
          <key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array>
          <key>UIPrerenderedIcon</key><string>\(prerendered)</string></dict>
        <key>CFBundleAlternateIcons</key><dict>
          <key>Blue</key><dict>
            <key>CFBundleIconFiles</key><array><string>Blue60x60</string></array>
            <key>UIPrerenderedIcon</key><string>\(prerendered)</string></dict>
        </dict></dict>
    </dict></plist>
    """
  }

  /// The project folder (XML Info.plist) and the built app (binary Info.plist), each with
  /// 120×120 PNGs for the icons' files.
  static func apps(prerendered: String, in scratch: Scratch) throws -> [URL] {
    let png = Data(try IPACheckTests.png(120, in: scratch))
    let project = scratch.file("Legacy")
    let built = scratch.file("Legacy.app")
    for folder in [project, built] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for name in ["AppIcon60x60@2x.png", "Blue60x60@2x.png"] {
        try png.write(to: folder.appendingPathComponent(name))
      }
    }
    let text = plist(prerendered: prerendered)
    try Data(text.utf8).write(to: project.appendingPathComponent("Info.plist"))
    let root = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
      .write(to: built.appendingPathComponent("Info.plist"))
    return [project, built]
  }

  func run(_ arguments: [String], _ scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  @Test(arguments: ["NO", ""])
  func listShowAndCheck(prerendered: String) throws {
    let scratch = try Scratch()
    for app in try Self.apps(prerendered: prerendered, in: scratch) {
      let list = try run(["list", app.path], scratch)
      #expect(list.status == 0, "\(app.lastPathComponent): \(list.stderr)")
      #expect(list.stdout.contains("Blue"))

      let show = try run(["show", "Blue", app.path, "--size", "8x4", "--color", "none"], scratch)
      #expect(show.status == 0, "\(app.lastPathComponent): \(show.stderr)")
      #expect(!show.stdout.isEmpty)

      let check = try run(["check", app.path, "--format", "json"], scratch)
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
      let findings = try #require(report["diagnostics"] as? [[String: Any]])
      // No error about it. (The built app has one of its own: loose icon files and no
      // CFBundleIconName, which App Store Connect rejects, ITMS-90713.)
      #expect(
        !findings.contains {
          $0["severity"] as? String == "error"
            && ($0["message"] as? String)?.contains("UIPrerenderedIcon") == true
        })
      if app.pathExtension != "app" {
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
      }
      let types = findings.filter { $0["id"] as? String == "plist-value-type" }
      #expect(types.count == 2)
      #expect(types.allSatisfy { $0["severity"] as? String == "warning" })
      #expect(
        types.allSatisfy {
          ($0["message"] as? String)?.contains("UIPrerenderedIcon is a string") == true
        })
    }
  }

  @Test func theyOpenInThePicker() throws {
    let scratch = try Scratch()
    for app in try Self.apps(prerendered: "NO", in: scratch) {
      try? FileManager.default.removeItem(at: scratch.file("rc.txt"))
      let binary = try iconpickBinary()
      let command = [
        "cd \(shellQuote(scratch.url.path)) &&",
        "\(shellQuote(binary.path)) --state-dir \(shellQuote(scratch.file("state").path))",
        "\(shellQuote(app.path)) > out.txt 2> err.txt;",
        "echo $? > rc.tmp; mv rc.tmp rc.txt; exec sleep 600",
      ].joined(separator: " ")
      let tmux = try TmuxSession(
        command: command,
        environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
      try tmux.waitForScreen("the picker on \(app.lastPathComponent)") {
        $0.contains("App Icon · Legacy") && $0.contains("Blue")
      }
      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
    }
  }
}
