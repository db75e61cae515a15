import Foundation
import Testing

/// The grid view as a person meets it: the real binary in tmux, on the demo app's icon sets.
@Suite(.serialized) struct PickerGridEndToEndTests {
  func launch(
    _ scratch: Scratch, columns: Int = 100, rows: Int = 30, locale: String = "C.UTF-8",
    noColor: String = ""
  ) throws -> TmuxSession {
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(try iconpickBinary().path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(paletteAppIconSetsFolder().path)) > out.txt 2> err.txt;",
      "echo $? > rc.tmp; mv rc.tmp rc.txt; exec sleep 600",
    ].joined(separator: " ")
    return try TmuxSession(
      columns: columns, rows: rows, command: command,
      environment: [
        "LANG": locale, "LC_ALL": locale, "HOME": scratch.url.path, "NO_COLOR": noColor,
      ])
  }

  func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The screen line with the cursor mark, and the name right after the mark.
  func cursorName(in screen: String) -> String? {
    guard let line = lines(screen).first(where: { $0.contains("❯") }),
      let mark = line.range(of: "❯")
    else { return nil }
    return line[mark.upperBound...].split(separator: " ").first { $0 != "✓" }.map(String.init)
  }

  /// Whether one screen line shows all of `names`: tiles side by side.
  func inOneRow(_ names: [String], _ screen: String) -> Bool {
    lines(screen).contains { line in names.allSatisfy { line.contains($0) } }
  }

  @Test func vShowsTilesArrowsMoveEnterChoosesAndTheViewIsRemembered() throws {
    let scratch = try Scratch()
    do {
      let tmux = try launch(scratch)
      try tmux.waitForScreen("the list with its keys") {
        $0.contains("App Icon · Palette") && $0.contains("v grid") && $0.contains("↑↓ move")
      }

      try tmux.send("v")
      try tmux.waitForScreen("the grid, several icons to a row, the cursor on Default") {
        self.inOneRow(["Default", "Blue", "Green"], $0) && $0.contains("v list")
          && self.inOneRow(["Pink", "Purple", "Teal"], $0) && $0.contains("←↑↓→ move")
          && self.cursorName(in: $0) == "Default" && $0.contains("✓ Default")
      }

      // → moves along the row, ↓ down a row: Blue, then Purple under it.
      try tmux.send("Right")
      try tmux.waitForScreen("the cursor on Blue") { self.cursorName(in: $0) == "Blue" }
      try tmux.send("Down")
      try tmux.waitForScreen("the cursor on Purple") { self.cursorName(in: $0) == "Purple" }
      // ← from the start of the second row goes to the end of the first.
      try tmux.send("Left", "Left")
      try tmux.waitForScreen("the cursor on Orange") { self.cursorName(in: $0) == "Orange" }
      try tmux.send("l")
      try tmux.waitForScreen("the cursor on Pink") { self.cursorName(in: $0) == "Pink" }

      try tmux.send("Enter")
      try tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
      try tmux.send("Enter")
      try tmux.waitForScreen("the alert closed, Pink active and Default not") {
        !$0.contains("You have changed") && $0.contains("✓ Pink") && !$0.contains("✓ Default")
      }

      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
      #expect(scratch.read("out.txt") == "AppIcon-Pink\n")
      #expect(scratch.read("state/picker.json") == "{\"view\":\"grid\"}\n")
    }
    try FileManager.default.removeItem(at: scratch.file("rc.txt"))

    // The next run opens in the grid, the cursor on the active icon.
    do {
      let tmux = try launch(scratch)
      try tmux.waitForScreen("the grid again, the cursor on Pink") {
        $0.contains("App Icon · Palette") && self.inOneRow(["Default", "Blue", "Green"], $0)
          && self.cursorName(in: $0) == "Pink"
      }
      try tmux.send("v")
      try tmux.waitForScreen("the list again") { $0.contains("v grid") && $0.contains("↑↓ move") }
      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
      #expect(scratch.read("state/picker.json") == "{\"view\":\"list\"}\n")
    }
  }

  @Test func aResizeDownToATinyWindowAndBackKeepsTheGrid() throws {
    let scratch = try Scratch()
    try Data(#"{"view":"grid"}"#.utf8).write(to: scratch.file("picker.json"))
    try FileManager.default.createDirectory(
      at: scratch.file("state"), withIntermediateDirectories: true)
    try FileManager.default.moveItem(
      at: scratch.file("picker.json"), to: scratch.file("state/picker.json"))
    let tmux = try launch(scratch)
    try tmux.waitForScreen("the grid") { self.inOneRow(["Default", "Blue", "Green"], $0) }
    try tmux.resize(columns: 12, rows: 4)
    try tmux.waitForScreen(containing: "Too small")
    try tmux.resize(columns: 60, rows: 8)
    try tmux.waitForScreen("the list in a window too low for tiles") {
      $0.contains("↑↓ move") && $0.contains("v list")
    }
    try tmux.resize(columns: 100, rows: 30)
    try tmux.waitForScreen("the grid back") { self.inOneRow(["Default", "Blue", "Green"], $0) }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func asciiWithoutColourKeepsEveryMark() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, locale: "C", noColor: "1")
    try tmux.waitForScreen(containing: "App Icon - Palette")
    try tmux.send("v", "Right")
    // The cursor's mark sits right before its name, Blue (Right may arrive after the grid is
    // drawn); the frame is drawn in ASCII, and there is no colour at all: attributes only.
    try tmux.waitForColouredScreen("the grid in ASCII without colour, the cursor on Blue") {
      let text = withoutColours($0)
      return self.inOneRow(["* Default", "Blue", "Green"], text) && text.contains("arrows move")
        && self.lines(text).contains {
          $0.contains("* Default") && $0.range(of: #">\s+Blue"#, options: .regularExpression) != nil
        }
        && text.contains("+--") && text.unicodeScalars.allSatisfy { $0.isASCII }
        && !$0.contains("[38;") && !$0.contains("[48;")
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }
}
