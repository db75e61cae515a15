import Foundation
import Testing

/// The filter and the natural order as a person meets them: the real binary in tmux, on a
/// generated app with 40 alternate icons.
@Suite(.serialized) struct PickerFilterEndToEndTests {
  static let words = [
    "Sunset", "Neon", "Ocean", "Forest", "Midnight", "Rose", "Gold", "Silver", "Mint", "Lava",
  ]
  static let alternates = words.map { "AppIcon-\($0)" } + (1...30).map { "AppIcon-Alternate\($0)" }

  /// An app like Palette with 40 alternates, each an icon set with a real PNG.
  func makeProject(_ scratch: Scratch) throws -> URL {
    let root = scratch.file("Project")
    let png = try Data(
      contentsOf: paletteAppIconSetsFolder().appendingPathComponent(
        "Assets.xcassets/AppIcon-Blue.appiconset/AppIcon-Blue.png"))
    for name in ["AppIcon"] + Self.alternates {
      let folder = root.appendingPathComponent("Assets.xcassets/\(name).appiconset")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(
        #"{"images":[{"filename":"icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
          .utf8
      ).write(to: folder.appendingPathComponent("Contents.json"))
      try png.write(to: folder.appendingPathComponent("icon.png"))
    }
    try Data(
      """
      PRODUCT_BUNDLE_IDENTIFIER = dev.iconpick.Filtered
      ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \(Self.alternates.joined(separator: " "))
      """.utf8
    ).write(to: root.appendingPathComponent("App.xcconfig"))
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleDisplayName</key><string>Filtered</string>
      <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
      </dict></plist>
      """.utf8
    ).write(to: root.appendingPathComponent("Info.plist"))
    return root
  }

  func launch(_ scratch: Scratch) throws -> TmuxSession {
    let project = try makeProject(scratch)
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(try iconpickBinary().path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(project.path)) > out.txt 2> err.txt;",
      "echo $? > rc.txt; exec sleep 600",
    ].joined(separator: " ")
    return try TmuxSession(
      command: command,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The index of the screen line that shows the icon name `name` (not a longer one).
  func row(of name: String, in screen: String) -> Int? {
    lines(screen).firstIndex { $0.contains(name + " ") || $0.hasSuffix(name) }
  }

  @Test func slashFiltersHighlightsEscClearsAndEnterChooses() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    let screen = try tmux.waitForScreen("the 41 icons, Alternate1, 2 and 10 among them") {
      screen in
      screen.contains("/ filter") && screen.contains("App Icon · Filtered")
        && screen.contains("41 icons")
        && ["AppIcon-Alternate1", "AppIcon-Alternate2", "AppIcon-Alternate10"].allSatisfy {
          self.row(of: $0, in: screen) != nil
        }
    }
    // Natural order: Alternate2 right after Alternate1, before Alternate10.
    let one = try #require(row(of: "AppIcon-Alternate1", in: screen), "\(screen)")
    let two = try #require(row(of: "AppIcon-Alternate2", in: screen), "\(screen)")
    let ten = try #require(row(of: "AppIcon-Alternate10", in: screen), "\(screen)")
    #expect(one < two && two < ten, "\(screen)")
    #expect(two == one + 2)

    try tmux.send("/")
    try tmux.waitForScreen(containing: "41 of 41")
    try tmux.send("n", "e", "o")
    try tmux.waitForScreen("the list narrowed to Neon, under the cursor, the filter line last") {
      $0.contains(" /neo ") && $0.contains("   1 of 41")
        && self.lines($0).first { $0.contains("AppIcon-Neon") }?.hasPrefix("❯") == true
        && self.row(of: "AppIcon-Sunset", in: $0) == nil
        && self.lines($0).last { !$0.isEmpty }?.hasPrefix(" /neo") == true
    }
    // The matched letters are underlined (SGR 4), on the name only: "Neo" underlined in the
    // display name and in the name, the "n" after it not.
    try tmux.waitForColouredScreen("“Neo” underlined twice on the cursor's row") {
      self.lines($0).contains {
        $0.contains("❯") && $0.components(separatedBy: "4mNeo\u{1B}[").count == 3
      }
    }

    // Backspace edits; Esc clears and leaves the cursor where it was.
    try tmux.send("BSpace", "BSpace")
    try tmux.waitForScreen("the filter back to n") { $0.contains(" /n ") }
    try tmux.send("Escape")
    try tmux.waitForScreen("the filter closed, all 41 icons, the cursor on Neon") {
      $0.contains("/ filter") && $0.contains("41 icons")
        && self.lines($0).first { $0.contains("AppIcon-Neon") }?.hasPrefix("❯") == true
    }

    // q types while the filter line is open; a filter that matches nothing says so.
    try tmux.send("/", "q")
    try tmux.waitForScreen(containing: "No icon matches “q”")
    try tmux.send("BSpace", "BSpace")
    try tmux.waitForScreen("the line closed by Backspace") { $0.contains("/ filter") }

    // Enter chooses the icon under the cursor, with the same alert.
    try tmux.send("/", "a", "l", "t", "1", "5")
    try tmux.waitForScreen("Alternate15 first") {
      self.lines($0).first { $0.contains("AppIcon-Alternate15") }?.hasPrefix("❯") == true
    }
    try tmux.send("Enter")
    try tmux.waitForScreen(containing: "You have changed the icon for “Filtered”.")
    try tmux.send("Enter")
    try tmux.waitForScreen("the alert closed, Alternate15 active, the filter kept") {
      !$0.contains("You have changed")
        && self.lines($0).first { $0.contains("AppIcon-Alternate15") }?.contains("✓") == true
        && $0.contains(" /alt15")
    }

    // The first Esc clears the filter, the second quits.
    try tmux.send("Escape")
    try tmux.waitForScreen("the filter closed") { $0.contains("/ filter") }
    try tmux.send("Escape")
    #expect(try exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "AppIcon-Alternate15\n")
  }
}
