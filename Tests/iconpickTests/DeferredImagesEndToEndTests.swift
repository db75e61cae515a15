import Foundation
import Testing

/// The picker lists the names at once and reads each icon's set only when it draws it; the
/// appearances `a` cycles through are found in the background after the first screen.
@Suite(.serialized) struct DeferredImagesEndToEndTests {
  /// A copy of Palette with PNG icon sets (Tests/Fixtures/PaletteAppIconSets), its asset catalog
  /// changed by `edit`, opened in the picker in tmux.
  func launch(_ scratch: Scratch, edit: (URL) throws -> Void) throws -> TmuxSession {
    let app = scratch.file("Palette")
    try FileManager.default.copyItem(at: paletteAppIconSetsFolder(), to: app)
    try edit(app.appendingPathComponent("Assets.xcassets"))
    let binary = try iconpickBinary()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(binary.path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(app.path)) > out.txt 2> err.txt;",
      "echo $? > rc.txt; exec sleep 600",
    ].joined(separator: " ")
    return try TmuxSession(
      command: command,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  @Test func aDarkRenditionFoundInTheBackgroundLetsACycleToDark() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch) { catalog in
      let set = catalog.appendingPathComponent("AppIcon-Blue.appiconset")
      try """
      { "images" : [
          { "filename" : "AppIcon-Blue.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" },
          { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
            "filename" : "AppIcon-Blue.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }
        ] }
      """.write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
    }
    try tmux.waitForScreen(containing: "App Icon · Palette · Any")
    try tmux.send("a")
    try tmux.waitForScreen(containing: "App Icon · Palette · Dark")
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func withoutDarkOrTintedRenditionsTheTitleNamesNoAppearance() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch) { _ in }
    // The search starts once the first screen's previews are in (in colour or in shades, as
    // the environment gives; a placeholder is "░" alone). Nothing shows when it ends without
    // finding an appearance, so the screen is watched for a while after that.
    try tmux.waitForScreen("every row's preview drawn") { screen in
      screen.contains("App Icon · Palette")
        && PickerEndToEndTests.paletteRows.allSatisfy {
          preview(of: $0, in: screen).contains(/[▀▄█▓▒]/)
        }
    }
    tmux.expectNoScreen("an appearance in the title", during: 2) { $0.contains("· Any") }
    try tmux.send("a")
    tmux.expectNoScreen("the Dark look", during: 1) { $0.contains("· Dark") }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func aBrokenSetCostsItsPreviewNotThePicker() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch) { catalog in
      try "{ \"images\" : [ ".write(
        to: catalog.appendingPathComponent("AppIcon-Pink.appiconset/Contents.json"),
        atomically: true, encoding: .utf8)
    }
    try tmux.waitForScreen(containing: "App Icon · Palette")
    // Pink is the fourth alternate in the list, sorted after Blue, Green and Orange.
    try tmux.send("Down", "Down", "Down", "Down")
    try tmux.waitForScreen("the cursor on Pink and the footer saying its Contents.json is invalid")
    {
      line(of: "AppIcon-Pink", in: $0)?.hasPrefix("❯") == true
        && $0.contains("invalid Contents.json")
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }
}
