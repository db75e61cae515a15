import Foundation
import Glibc
import Testing

/// The picker as a person uses it: the real binary, in a real terminal (tmux).
@Suite(.serialized) struct PickerEndToEndTests {
  /// Starts iconpick on Palette (or `app`) in tmux; when it exits the shell records its status,
  /// its stdout and the terminal settings it left behind.
  func launch(
    _ scratch: Scratch, app: URL = paletteFolder(), locale: String = "C.UTF-8",
    term: String? = nil, noColor: String = "", ncurses: String? = nil
  ) throws -> TmuxSession {
    let binary = try iconpickBinary()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      term.map { "TERM=\(shellQuote($0))" } ?? "",
      ncurses.map { "ICONPICK_NCURSES_SONAME=\(shellQuote($0))" } ?? "",
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

  /// Palette's eight icons as their rows name them.
  static let paletteRows =
    ["Default"]
    + ["Blue", "Green", "Orange", "Pink", "Purple", "Teal", "Yellow"]
    .map { "AppIcon-\($0)" }

  @Test func chooseAnIconSeeTheAlertAndFindItCheckedNextTime() throws {
    let scratch = try Scratch()
    do {
      let tmux = try launch(scratch)
      try tmux.waitForScreen("Default active and under the cursor") {
        $0.contains("App Icon · Palette") && line(of: "Default", in: $0)?.contains("✓") == true
          && line(of: "Default", in: $0)?.hasPrefix("❯") == true
      }

      try tmux.send("Down")
      try tmux.waitForScreen("cursor on Blue") {
        line(of: "AppIcon-Blue", in: $0)?.hasPrefix("❯") == true
      }
      try tmux.send("Enter")
      try tmux.waitForScreen("the alert with its OK button") {
        $0.contains("You have changed the icon for “Palette”.") && $0.contains(" OK ")
      }

      try tmux.send("Enter")
      try tmux.waitForScreen("the alert closed, Blue active and Default not") {
        !$0.contains("You have changed") && line(of: "AppIcon-Blue", in: $0)?.contains("✓") == true
          && line(of: "Default", in: $0)?.contains("✓") == false
      }

      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
      // stdout was a file, not the terminal: it gets the active icon's name.
      #expect(scratch.read("out.txt") == "AppIcon-Blue\n")
      let stty = scratch.read("stty.txt") ?? ""
      #expect(
        stty.contains(" icanon") && stty.contains(" echo "), "terminal not restored:\n\(stty)")
    }

    // A second launch with the same state folder sees the first one's choice.
    try FileManager.default.removeItem(at: scratch.file("rc.txt"))
    let tmux = try launch(scratch)
    try tmux.waitForScreen("Blue active and under the cursor") {
      $0.contains("App Icon · Palette") && line(of: "AppIcon-Blue", in: $0)?.contains("✓") == true
        && line(of: "AppIcon-Blue", in: $0)?.hasPrefix("❯") == true
    }
    try tmux.send("Escape")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func enterOnTheActiveIconChangesNothing() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    try tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.send("Enter")
    try tmux.waitForScreen("“already the icon” and no alert") {
      $0.contains("already the icon") && !$0.contains("You have changed")
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "AppIcon\n")
  }

  @Test func shrinkingToTwoByTwoAndBackKeepsItWorking() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    try tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.resize(columns: 2, rows: 2)
    try tmux.waitForScreen("the 2×2 notice") { $0.hasPrefix("To") }
    try tmux.send("j")
    try tmux.resize(columns: 100, rows: 30)
    try tmux.waitForScreen("the list back, the cursor on Blue") {
      $0.contains("App Icon · Palette") && line(of: "AppIcon-Blue", in: $0)?.hasPrefix("❯") == true
    }
    try tmux.send("j", "Enter")
    try tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
    try tmux.send("Escape")
    try tmux.waitForScreen("the alert closed, Green active") {
      !$0.contains("You have changed") && line(of: "AppIcon-Green", in: $0)?.contains("✓") == true
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func ctrlCExits130AndRestoresTheTerminal() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    try tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.send("C-c")
    #expect(try exitStatus(scratch) == "130")
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
    try tmux.waitForScreen(containing: "App Icon · Palette")
    try tmux.send("Down", "Enter")
    try tmux.waitForScreen(containing: "You have changed")
    // The state folder is unique to this test; matching from the first word skips the shell
    // and tmux around it.
    let picker = processes(startingWith: [
      try iconpickBinary().path, "--state-dir", scratch.file("state").path,
    ])
    try #require(picker.count == 1, "expected one picker process, found \(picker)")
    let number = ["TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT][signal]!
    #expect(kill(picker[0], number) == 0)
    #expect(try exitStatus(scratch) == status)
    let stty = scratch.read("stty.txt") ?? ""
    #expect(stty.contains(" icanon") && stty.contains(" echo "), "terminal not restored:\n\(stty)")
    #expect(scratch.read("err.txt") == "")
  }

  @Test func aCLocaleDrawsInASCII() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, locale: "C")
    try tmux.waitForScreen("the list in ASCII, Default marked active and under the cursor") {
      $0.contains("App Icon - Palette") && line(of: "Default", in: $0)?.hasPrefix(">") == true
        && line(of: "Default", in: $0)?.contains("*") == true && $0.allSatisfy { $0.isASCII }
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test(arguments: [
    ("dumb", "cannot move the cursor"),
    ("no-such-terminal", "unknown terminal type \"no-such-terminal\""),
  ])
  func aTerminalThePickerCannotUseGivesAOneLineError(term: String, message: String) throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, term: term)
    #expect(try exitStatus(scratch) == "1")
    let errors = scratch.read("err.txt") ?? ""
    #expect(errors.hasPrefix("iconpick: "))
    #expect(errors.contains(message))
    #expect(errors.split(separator: "\n").count == 1)
    // The program has exited: the screen it left is final.
    try tmux.waitForScreen("a screen without the picker") { !$0.contains("App Icon") }
  }

  /// ncurses is opened when the picker starts, not linked: without it, one line naming the
  /// package, exit 1, and the other commands unaffected.
  @Test func withoutNcursesThePickerSaysWhatToInstall() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, ncurses: "/nonexistent/libncursesw.so.6")
    try tmux.waitForScreen("a screen without the picker") { !$0.contains("App Icon") }
    #expect(try exitStatus(scratch) == "1")
    let errors = scratch.read("err.txt") ?? ""
    #expect(errors.hasPrefix("iconpick: error: ncurses is not installed"), "\(errors)")
    #expect(errors.contains("apt-get install libncursesw6"))
    #expect(errors.split(separator: "\n").count == 1)
  }

  /// Previews are drawn from the PNGs of Tests/Fixtures/PaletteAppIconSets.
  @Test func previewsArriveInColourAndAreCached() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, app: paletteAppIconSetsFolder())
    // Every row's own preview, left of its name (the pane on the right has its own): each one
    // is in the cache before it is drawn, so all eight are there when the picker quits.
    try tmux.waitForColouredScreen("a half-block preview in 256 colours on each of the 8 rows") {
      screen in
      Self.paletteRows.allSatisfy {
        let preview = preview(of: $0, in: screen)
        return preview.contains("▀") && preview.contains("\u{1B}[38;5;")
      }
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
    try waitForFolder(scratch.file(".cache/iconpick"), "a cached preview for each of the 8 icons") {
      $0.filter { $0.hasSuffix(".thumb") }.count >= 8
    }
  }

  @Test(arguments: [
    ("xterm-direct", "\u{1B}[38;2;"), ("xterm-256color", "\u{1B}[38;5;"),
    ("xterm-16color", "16"),
  ])
  func previewColoursFollowTheTerminal(term: String, sequence: String) throws {
    /// "16" means an SGR foreground of the 16 colours: ESC[30-37m or ESC[90-97m, and no other.
    func shows(_ sequence: String, in row: String) -> Bool {
      guard sequence == "16" else { return row.contains(sequence) }
      return row.contains(/\u{1B}\[(3[0-7]|9[0-7])m/) && !row.contains("38;5;")
        && !row.contains("38;2;")
    }
    let scratch = try Scratch()
    let tmux = try launch(scratch, app: paletteAppIconSetsFolder(), term: term)
    try tmux.waitForColouredScreen("TERM=\(term): the Blue preview in \(sequence.dropFirst())") {
      shows(sequence, in: preview(of: "AppIcon-Blue", in: $0))
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func noColorDrawsPreviewsInShadesWithoutColour() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch, app: paletteAppIconSetsFolder(), noColor: "1")
    // Only resets to the default colour (ESC[39m/ESC[49m) may appear: no colour is set.
    try tmux.waitForColouredScreen("shaded previews and no colour") {
      ($0.contains("▓") || $0.contains("█")) && !$0.contains("38;5;") && !$0.contains("38;2;")
        && !$0.contains(/\u{1B}\[(3[0-7]|9[0-7]|4[0-7]|10[0-7])m/)
    }
    try tmux.send("Down", "Enter")
    try tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
    try tmux.send("Enter", "q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func aCyclesIconComposersSixLooksAndRedrawsThePreviews() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    /// The Blue row's own preview, left of its name, once drawn.
    func bluePreview(_ screen: String) -> String? {
      let row = preview(of: "AppIcon-Blue", in: screen)
      return row.contains("▀") || row.contains("▄") ? row : nil
    }
    let light = try #require(
      bluePreview(
        try tmux.waitForColouredScreen("the Light look with Blue's preview") {
          withoutColours($0).contains("App Icon · Palette · Light") && bluePreview($0) != nil
        }))
    for name in ["Dark", "Tinted Dark", "Tinted Light", "Clear Light"] {
      try tmux.send("a")
      try tmux.waitForScreen(containing: "App Icon · Palette · \(name)")
    }
    try tmux.send("a")
    try tmux.waitForColouredScreen("the Clear Dark look with a Blue preview not the Light one") {
      withoutColours($0).contains("App Icon · Palette · Clear Dark")
        && bluePreview($0).map { $0 != light } == true
    }
    try tmux.send("a")
    try tmux.waitForScreen(containing: "App Icon · Palette · Light")
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }

  @Test func aHundredResizesWhileKeysArriveLeaveItWorking() throws {
    let scratch = try Scratch()
    let tmux = try launch(scratch)
    try tmux.waitForScreen(containing: "App Icon · Palette")
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
    try tmux.waitForScreen("the picker back at full size, Default active under the cursor") {
      $0.contains("App Icon · Palette") && line(of: "Default", in: $0)?.hasPrefix("❯") == true
        && line(of: "Default", in: $0)?.contains("✓") == true
    }
    try tmux.send("j", "Enter")
    try tmux.waitForScreen(containing: "You have changed the icon for “Palette”.")
    try tmux.send("Enter", "q")
    #expect(try exitStatus(scratch) == "0")
    #expect(scratch.read("err.txt") == "")
  }
}
