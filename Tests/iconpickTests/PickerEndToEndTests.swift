import Foundation
import Glibc
import Testing

/// The picker as a person uses it: the real binary, in a real terminal (tmux).
@Suite(.serialized) struct PickerEndToEndTests {
  /// Starts iconpick on Palette (or `app`) in tmux; when it exits the shell records its status,
  /// its stdout and the terminal settings it left behind.
  func launch(
    _ scratch: Scratch, app: URL = paletteFolder(), locale: String = "C.UTF-8",
    term: String? = nil, noColor: String = ""
  ) throws -> TmuxSession {
    let binary = try iconpickBinary()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      term.map { "TERM=\(shellQuote($0))" } ?? "",
      "\(shellQuote(binary.path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(app.path)) > out.txt 2> err.txt;",
      "echo $? > rc.tmp; stty -a > stty.txt; mv rc.tmp rc.txt; exec sleep 600",
    ].joined(separator: " ")
    return try TmuxSession(
      command: command,
      environment: [
        "LANG": locale, "LC_ALL": locale, "HOME": scratch.url.path, "NO_COLOR": noColor,
      ])
  }

  func exitStatus(_ scratch: Scratch) -> String? {
    waitForFile(scratch.file("rc.txt"))?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func chooseAnIconSeeTheAlertAndFindItCheckedNextTime() throws {
    let scratch = try Scratch()
    do {
      let tmux = try launch(scratch)
      var screen = tmux.waitForScreen(containing: "App Icon · Palette")
      #expect(line(of: "Default", in: screen)?.contains("✓") == true)
      #expect(line(of: "Default", in: screen)?.hasPrefix("❯") == true)

      try tmux.send("Down")
      screen = tmux.waitForScreen("cursor on Blue") {
        line(of: "AppIcon-Blue", in: $0)?.hasPrefix("❯") == true
      }
      try tmux.send("Enter")
      screen = tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
      #expect(screen.contains(" OK "))

      try tmux.send("Enter")
      screen = tmux.waitForScreen("the alert closed") { !$0.contains("You have changed") }
      #expect(line(of: "AppIcon-Blue", in: screen)?.contains("✓") == true)
      #expect(line(of: "Default", in: screen)?.contains("✓") == false)

      try tmux.send("q")
      #expect(exitStatus(scratch) == "0")
      // stdout was a file, not the terminal: it gets the active icon's name.
      #expect(scratch.read("out.txt") == "AppIcon-Blue\n")
      let stty = scratch.read("stty.txt") ?? ""
      #expect(
        stty.contains(" icanon") && stty.contains(" echo "), "terminal not restored:\n\(stty)")
    }

    // A second launch with the same state folder sees the first one's choice.
    try FileManager.default.removeItem(at: scratch.file("rc.txt"))
    let tmux = try launch(scratch)
    let screen = tmux.waitForScreen(containing: "App Icon · Palette")
    #expect(line(of: "AppIcon-Blue", in: screen)?.contains("✓") == true)
    #expect(line(of: "AppIcon-Blue", in: screen)?.hasPrefix("❯") == true)
    try tmux.send("Escape")
    #expect(exitStatus(scratch) == "0")
  }

  @Test func enterOnTheActiveIconChangesNothing() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.send("Enter")
    let screen = tmux.waitForScreen(containing: "already the icon")
    #expect(!screen.contains("You have changed"))
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "AppIcon\n")
  }

  @Test func shrinkingToTwoByTwoAndBackKeepsItWorking() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.resize(columns: 2, rows: 2)
    tmux.waitForScreen("the 2×2 notice") { $0.hasPrefix("To") }
    try tmux.send("j")
    try tmux.resize(columns: 100, rows: 30)
    var screen = tmux.waitForScreen(containing: "App Icon · Palette")
    #expect(line(of: "AppIcon-Blue", in: screen)?.hasPrefix("❯") == true)
    try tmux.send("j", "Enter")
    screen = tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
    try tmux.send("Escape")
    screen = tmux.waitForScreen("the alert closed") { !$0.contains("You have changed") }
    #expect(line(of: "AppIcon-Green", in: screen)?.contains("✓") == true)
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
  }

  @Test func ctrlCExits130AndRestoresTheTerminal() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.send("C-c")
    #expect(exitStatus(scratch) == "130")
    let stty = scratch.read("stty.txt") ?? ""
    #expect(stty.contains(" icanon") && stty.contains(" echo "))
  }

  /// The processes whose command line starts with `arguments`, from /proc (no procps needed).
  func processes(startingWith arguments: [String]) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return nil }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.starts(with: arguments) ? pid : nil
    }
  }

  @Test(arguments: [("TERM", "143"), ("HUP", "129"), ("INT", "130")])
  func aSignalDuringTheAlertRestoresTheTerminal(signal: String, status: String) throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.send("Down", "Enter")
    tmux.waitForScreen(containing: "You have changed")
    // The state folder is unique to this test; matching from the first word skips the shell
    // and tmux around it.
    let picker = processes(startingWith: [
      try iconpickBinary().path, "--state-dir", scratch.file("state").path,
    ])
    try #require(picker.count == 1, "expected one picker process, found \(picker)")
    let number = ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT][signal]!
    #expect(kill(picker[0], number) == 0)
    #expect(exitStatus(scratch) == status)
    let stty = scratch.read("stty.txt") ?? ""
    #expect(stty.contains(" icanon") && stty.contains(" echo "), "terminal not restored:\n\(stty)")
    #expect(scratch.read("err.txt") == "")
  }

  @Test func aCLocaleDrawsInASCII() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, locale: "C")
    let screen = tmux.waitForScreen(containing: "App Icon - Palette")
    #expect(line(of: "Default", in: screen)?.hasPrefix(">") == true)
    #expect(line(of: "Default", in: screen)?.contains("*") == true)
    #expect(screen.allSatisfy { $0.isASCII })
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
  }

  @Test(arguments: [
    ("dumb", "cannot move the cursor"),
    ("no-such-terminal", "unknown terminal type \"no-such-terminal\""),
  ])
  func aTerminalThePickerCannotUseGivesAOneLineError(term: String, message: String) throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, term: term)
    #expect(exitStatus(scratch) == "1")
    let errors = scratch.read("err.txt") ?? ""
    #expect(errors.hasPrefix("iconpick: "))
    #expect(errors.contains(message))
    #expect(errors.split(separator: "\n").count == 1)
    #expect(!tmux.capture().contains("App Icon"))
  }

  /// Previews are drawn from the PNGs of Tests/Fixtures/PaletteAppIconSets.
  @Test func previewsArriveInColourAndAreCached() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, app: paletteAppIconSetsFolder())
    tmux.waitForScreen(containing: "App Icon · Palette")
    let deadline = Date().addingTimeInterval(30)
    var tealRow = ""
    while Date() < deadline {
      // Only the row's own thumbnail, left of the name: the pane on the right has its own.
      let row = line(of: "AppIcon-Teal", in: tmux.captureWithColors()) ?? ""
      tealRow = row.components(separatedBy: "Teal").first ?? ""
      if tealRow.contains("\u{1B}[38;5;") { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(tealRow.contains("▀"), "no half-block preview on the Teal row: \(tealRow)")
    #expect(tealRow.contains("\u{1B}[38;5;"), "the Teal preview is not in 256 colours: \(tealRow)")
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
    let cache = scratch.file(".cache/iconpick")
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
    #expect(entries.filter { $0.hasSuffix(".thumb") }.count >= 8, "\(entries)")
  }

  @Test(arguments: [
    ("xterm-direct", "\u{1B}[38;2;"), ("xterm-256color", "\u{1B}[38;5;"),
    ("xterm-16color", "16"),
  ])
  func previewColoursFollowTheTerminal(term: String, sequence: String) throws {
    /// "16" means an SGR foreground of the 16 colours: ESC[30-37m or ESC[90-97m.
    func shows(_ sequence: String, in row: String) -> Bool {
      guard sequence == "16" else { return row.contains(sequence) }
      return row.contains(/\u{1B}\[(3[0-7]|9[0-7])m/)
    }
    let scratch = try Scratch()
    let tmux = try launch(scratch, app: paletteAppIconSetsFolder(), term: term)
    tmux.waitForScreen(containing: "App Icon · Palette")
    let deadline = Date().addingTimeInterval(30)
    var row = ""
    while Date() < deadline {
      let line = line(of: "AppIcon-Blue", in: tmux.captureWithColors()) ?? ""
      row = line.components(separatedBy: "Blue").first ?? ""
      if shows(sequence, in: row) { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(
      shows(sequence, in: row),
      "TERM=\(term): the Blue preview has no \(sequence.dropFirst()): \(row)")
    if term == "xterm-16color" { #expect(!row.contains("38;5;") && !row.contains("38;2;")) }
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
  }

  @Test func noColorDrawsPreviewsInShadesWithoutColour() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, app: paletteAppIconSetsFolder(), noColor: "1")
    tmux.waitForScreen(containing: "App Icon · Palette")
    let screen = tmux.waitForScreen("shaded previews") { $0.contains("▓") || $0.contains("█") }
    #expect(screen.contains("▓") || screen.contains("█"))
    let colours = tmux.captureWithColors()
    // Only resets to the default colour (ESC[39m/ESC[49m) may appear: no colour is set.
    #expect(!colours.contains("38;5;") && !colours.contains("38;2;"))
    #expect(!colours.contains(/\u{1B}\[(3[0-7]|9[0-7]|4[0-7]|10[0-7])m/))
    try tmux.send("Down", "Enter")
    tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
    try tmux.send("Enter", "q")
    #expect(exitStatus(scratch) == "0")
  }

  @Test func aCyclesIconComposersSixLooksAndRedrawsThePreviews() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    tmux.waitForScreen(containing: "App Icon · Palette · Light")
    /// The Blue row's own preview, left of its name, once drawn.
    func bluePreview() -> String {
      let deadline = Date().addingTimeInterval(30)
      var row = ""
      while Date() < deadline {
        row =
          line(of: "AppIcon-Blue", in: tmux.captureWithColors())?
          .components(separatedBy: "Blue").first ?? ""
        if row.contains("▀") || row.contains("▄") { break }
        Thread.sleep(forTimeInterval: 0.05)
      }
      return row
    }
    let light = bluePreview()
    for name in ["Dark", "Tinted Dark", "Tinted Light", "Clear Light", "Clear Dark"] {
      try tmux.send("a")
      tmux.waitForScreen(containing: "App Icon · Palette · \(name)")
    }
    let deadline = Date().addingTimeInterval(30)
    var clearDark = bluePreview()
    while clearDark == light && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      clearDark = bluePreview()
    }
    #expect(clearDark != light, "the Clear Dark preview is the Light one: \(light)")
    try tmux.send("a")
    tmux.waitForScreen(containing: "App Icon · Palette · Light")
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
  }

  @Test func aHundredResizesWhileKeysArriveLeaveItWorking() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    tmux.waitForScreen(containing: "App Icon · Palette")
    var generator = SystemRandomNumberGenerator()
    let keys = ["j", "k", "Down", "Up", "PageDown", "PageUp", "g", "G"]
    for round in 0..<100 {
      let size =
        round % 10 == 0
        ? (1, 1)
        : (Int.random(in: 1...120, using: &generator), Int.random(in: 1...40, using: &generator))
      try tmux.resize(columns: size.0, rows: size.1)
      try tmux.send(keys[round % keys.count])
    }
    try tmux.resize(columns: 100, rows: 30)
    try tmux.send("g")
    let screen = tmux.waitForScreen("the picker back at full size") {
      $0.contains("App Icon · Palette") && line(of: "Default", in: $0)?.hasPrefix("❯") == true
    }
    #expect(line(of: "Default", in: screen)?.contains("✓") == true)
    try tmux.send("j", "Enter")
    tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
    try tmux.send("Enter", "q")
    #expect(exitStatus(scratch) == "0")
    #expect(scratch.read("err.txt") == "")
  }
}
