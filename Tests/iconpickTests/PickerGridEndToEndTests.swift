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
      var screen = tmux.waitForScreen(containing: "App Icon · Palette")
      #expect(screen.contains("v grid"))
      #expect(screen.contains("↑↓ move"))

      try tmux.send("v")
      screen = tmux.waitForScreen("the grid, several icons to a row") {
        self.inOneRow(["Default", "Blue", "Green"], $0) && $0.contains("v list")
      }
      #expect(inOneRow(["Pink", "Purple", "Teal"], screen), "\(screen)")
      #expect(screen.contains("←↑↓→ move"))
      #expect(cursorName(in: screen) == "Default", "\(screen)")
      #expect(screen.contains("✓ Default"))

      // → moves along the row, ↓ down a row: Blue, then Purple under it.
      try tmux.send("Right")
      screen = tmux.waitForScreen("the cursor on Blue") { self.cursorName(in: $0) == "Blue" }
      try tmux.send("Down")
      screen = tmux.waitForScreen("the cursor on Purple") { self.cursorName(in: $0) == "Purple" }
      // ← from the start of the second row goes to the end of the first.
      try tmux.send("Left", "Left")
      screen = tmux.waitForScreen("the cursor on Orange") { self.cursorName(in: $0) == "Orange" }
      try tmux.send("l")
      screen = tmux.waitForScreen("the cursor on Pink") { self.cursorName(in: $0) == "Pink" }

      try tmux.send("Enter")
      screen = tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
      try tmux.send("Enter")
      screen = tmux.waitForScreen("the alert closed") { !$0.contains("You have changed") }
      #expect(screen.contains("✓ Pink"), "\(screen)")
      #expect(!screen.contains("✓ Default"))

      try tmux.send("q")
      #expect(
        waitForFile(scratch.file("rc.txt"))?.trimmingCharacters(in: .whitespacesAndNewlines)
          == "0")
      #expect(scratch.read("out.txt") == "AppIcon-Pink\n")
      #expect(scratch.read("state/picker.json") == "{\"view\":\"grid\"}\n")
    }
    try FileManager.default.removeItem(at: scratch.file("rc.txt"))

    // The next run opens in the grid, the cursor on the active icon.
    do {
      let tmux = try launch(scratch)
      var screen = tmux.waitForScreen("the grid again") {
        $0.contains("App Icon · Palette") && self.inOneRow(["Default", "Blue", "Green"], $0)
      }
      #expect(cursorName(in: screen) == "Pink", "\(screen)")
      try tmux.send("v")
      screen = tmux.waitForScreen("the list again") { $0.contains("v grid") }
      #expect(screen.contains("↑↓ move"))
      try tmux.send("q")
      #expect(
        waitForFile(scratch.file("rc.txt"))?.trimmingCharacters(in: .whitespacesAndNewlines)
          == "0")
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
    tmux.waitForScreen("the grid") { self.inOneRow(["Default", "Blue", "Green"], $0) }
    try tmux.resize(columns: 12, rows: 4)
    tmux.waitForScreen(containing: "Too small")
    try tmux.resize(columns: 60, rows: 8)
    tmux.waitForScreen("the list in a window too low for tiles") {
      $0.contains("↑↓ move") && $0.contains("v list")
    }
    try tmux.resize(columns: 100, rows: 30)
    tmux.waitForScreen("the grid back") { self.inOneRow(["Default", "Blue", "Green"], $0) }
    try tmux.send("q")
    #expect(
      waitForFile(scratch.file("rc.txt"))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test func asciiWithoutColourKeepsEveryMark() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, locale: "C", noColor: "1")
    tmux.waitForScreen(containing: "App Icon - Palette")
    try tmux.send("v", "Right")
    // Waits for the cursor to have moved too: Right may arrive after the grid is drawn.
    let screen = tmux.waitForScreen("the grid in ASCII, the cursor on Blue") {
      self.inOneRow(["* Default", "Blue", "Green"], $0) && $0.contains("arrows move")
        && $0.range(of: #">\s+Blue"#, options: .regularExpression) != nil
    }
    let line = try #require(lines(screen).first { $0.contains("* Default") })
    // The cursor's mark sits right before its name, Blue; its frame is drawn in ASCII.
    #expect(
      line.range(of: #">\s+Blue"#, options: .regularExpression) != nil, "\(screen)"
    )
    #expect(screen.contains("+--"))
    #expect(screen.unicodeScalars.allSatisfy { $0.isASCII })
    // No colour at all: attributes only.
    let colored = tmux.captureWithColors()
    #expect(!colored.contains("[38;") && !colored.contains("[48;"), "\(colored.debugDescription)")
    try tmux.send("q")
    #expect(
      waitForFile(scratch.file("rc.txt"))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }
}
