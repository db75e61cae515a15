import Foundation
import Testing

/// Issue 14, point 1: in a project with an iOS and a tvOS app target, the picker asks which,
/// in a real terminal (tmux); the scripted commands still say to choose one with --target.
@Suite(.serialized) struct TargetChooserEndToEndTests {
  /// `Lantern.xcodeproj` with LanternPhone (iOS: AppIcon, AppIcon-Red, AppIcon-Blue) and
  /// LanternTV (tvOS: AppIcon, AppIcon-Red).
  func writeTwoApps(_ scratch: Scratch) throws -> URL {
    let app = scratch.file("app")
    let writer = ProjectReadingCommandTests()
    try writer.writeProject(
      in: app,
      [
        ("LanternPhone", ProjectReadingCommandTests.application, [:], nil),
        ("LanternTV", ProjectReadingCommandTests.application, ["SDKROOT": "appletvos"], nil),
      ])
    try writer.writeIconSet(
      "AppIcon-Blue", catalog: app.appendingPathComponent("LanternPhone/Assets.xcassets"))
    return app
  }

  /// Starts iconpick on `app` in tmux; when it exits the shell records its status and stdout.
  func launch(_ scratch: Scratch, app: URL, arguments: [String] = []) throws -> TmuxSession {
    let binary = try iconpickBinary()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(binary.path)) --state-dir \(shellQuote(scratch.file("state").path))",
      (arguments + [app.path]).map(shellQuote).joined(separator: " "),
      "> out.txt 2> err.txt; echo $? > rc.tmp; mv rc.tmp rc.txt; exec sleep 600",
    ].joined(separator: " ")
    return try TmuxSession(
      command: command,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  func exitStatus(_ scratch: Scratch) -> String? {
    waitForFile(scratch.file("rc.txt"))?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func chooseTheTVAppGoBackAndChooseAgain() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let tmux = try launch(scratch, app: app)
    var screen = tmux.waitForScreen(containing: "Choose a target · Lantern")
    #expect(screen.contains("2 targets"))
    let phone = line(of: "LanternPhone", in: screen) ?? ""
    #expect(
      phone.hasPrefix("❯") && phone.contains(" iOS ") && phone.contains("3 icons"), "\(phone)")
    let tv = line(of: "LanternTV", in: screen) ?? ""
    #expect(!tv.hasPrefix("❯") && tv.contains(" tvOS ") && tv.contains("2 icons"), "\(tv)")
    #expect(screen.contains("↑↓ move   ⏎ open   q quit"))

    try tmux.send("Down")
    tmux.waitForScreen("cursor on LanternTV") {
      line(of: "LanternTV", in: $0)?.hasPrefix("❯") == true
    }
    try tmux.send("Enter")
    // The title and a row: a capture on a busy machine can fall while the rows are redrawn.
    screen = tmux.waitForScreen("the tvOS app's icons") {
      $0.contains("App Icon · LanternTV") && $0.contains("AppIcon-Red")
    }
    #expect(screen.contains("2 icons"))
    #expect(screen.contains("AppIcon-Red"))
    #expect(!screen.contains("AppIcon-Blue"))

    // Esc goes back to the chooser, the cursor where it was.
    try tmux.send("Escape")
    screen = tmux.waitForScreen(containing: "Choose a target · Lantern")
    #expect(line(of: "LanternTV", in: screen)?.hasPrefix("❯") == true)

    try tmux.send("k")
    tmux.waitForScreen("cursor on LanternPhone") {
      line(of: "LanternPhone", in: $0)?.hasPrefix("❯") == true
    }
    try tmux.send("Enter")
    screen = tmux.waitForScreen(containing: "App Icon · LanternPhone")
    #expect(screen.contains("AppIcon-Blue"))
    // q quits from the icon list, and the active icon goes to stdout as ever.
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "AppIcon\n")
  }

  @Test func qQuitsFromTheChooserWithNothingChosen() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let tmux = try launch(scratch, app: app)
    tmux.waitForScreen(containing: "Choose a target · Lantern")
    try tmux.send("q")
    #expect(exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "")
  }

  @Test func targetSkipsTheChooserAndEscQuits() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let tmux = try launch(scratch, app: app, arguments: ["--target", "LanternTV"])
    let screen = tmux.waitForScreen(containing: "App Icon · LanternTV")
    #expect(!screen.contains("Choose a target"))
    try tmux.send("Escape")
    #expect(exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "AppIcon\n")
  }

  @Test func listStillSaysToChooseWithTarget() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let list = try runProcess(
      iconpickBinary().path, ["list", app.path, "--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(list.status == 1)
    #expect(list.stdout.isEmpty)
    #expect(list.stderr.contains("\"LanternPhone\""))
    #expect(list.stderr.contains("\"LanternTV\""))
    #expect(list.stderr.contains("--target NAME"))
  }
}
