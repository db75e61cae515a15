import Foundation
import Testing

/// Issue 12, point 7, in the picker: an app without a bundle identifier can be browsed, and Enter
/// says why the choice cannot be recorded instead of recording it under a made-up name.
@Suite(.serialized) struct PickerWithoutBundleIdentifierTests {
  @Test func browsingWorksAndEnterExplainsWhyNothingIsRecorded() throws {
    let scratch = try Scratch()
    let app = scratch.file("Lantern")
    let catalog = app.appendingPathComponent("Assets.xcassets")
    try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
    for name in ["AppIcon", "AppIcon-Blue"] {
      try FileManager.default.copyItem(
        at: paletteAppIconSetsFolder().appendingPathComponent(
          "Assets.xcassets/\(name).appiconset"),
        to: catalog.appendingPathComponent("\(name).appiconset"))
    }
    // Every set ships, and nothing names the app's bundle identifier.
    try Data("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES\n".utf8)
      .write(to: app.appendingPathComponent("Lantern.xcconfig"))

    let binary = try iconpickBinary()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(binary.path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(app.path)) > out.txt 2> err.txt;",
      "echo $? > rc.txt; exec sleep 600",
    ].joined(separator: " ")
    do {
      let tmux = try TmuxSession(
        columns: 200, rows: 20, command: command,
        environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
      try tmux.waitForScreen("the status line saying why, under the title") {
        $0.contains("No bundle identifier: the icons can be looked at, not chosen.")
          && $0.contains("App Icon · Lantern")
      }
      try tmux.send("Down")
      try tmux.waitForScreen("cursor on Blue") {
        line(of: "AppIcon-Blue", in: $0)?.hasPrefix("❯") == true
      }
      try tmux.send("Enter")
      try tmux.waitForScreen("why nothing is recorded, Default still active") {
        $0.contains("Cannot read or record the icon choice of Lantern")
          && !$0.contains("You have changed") && line(of: "Default", in: $0)?.contains("✓") == true
      }
      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
      #expect(scratch.read("out.txt") == "AppIcon\n")
    }
    let recorded = try? FileManager.default.contentsOfDirectory(
      atPath: scratch.file("state").path)
    #expect(recorded?.filter { $0.hasSuffix(".json") } ?? [] == [])
  }
}
