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

  @Test func chooseTheTVAppGoBackAndChooseAgain() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let tmux = try launch(scratch, app: app)
    try tmux.waitForScreen("the chooser: both apps, the cursor on LanternPhone, the keys") {
      let phone = line(of: "LanternPhone", in: $0) ?? ""
      let tv = line(of: "LanternTV", in: $0) ?? ""
      return $0.contains("Choose a target · Lantern") && $0.contains("2 targets")
        && phone.hasPrefix("❯") && phone.contains(" iOS ") && phone.contains("3 icons")
        && !tv.hasPrefix("❯") && tv.contains(" tvOS ") && tv.contains("2 icons")
        && $0.contains("↑↓ move   ⏎ open   q quit")
    }

    try tmux.send("Down")
    try tmux.waitForScreen("cursor on LanternTV") {
      line(of: "LanternTV", in: $0)?.hasPrefix("❯") == true
    }
    try tmux.send("Enter")
    try tmux.waitForScreen("the tvOS app's two icons, Red and not Blue") {
      $0.contains("App Icon · LanternTV") && $0.contains("2 icons") && $0.contains("AppIcon-Red")
        && !$0.contains("AppIcon-Blue")
    }

    // Esc goes back to the chooser, the cursor where it was.
    try tmux.send("Escape")
    try tmux.waitForScreen("the chooser, the cursor on LanternTV") {
      $0.contains("Choose a target · Lantern")
        && line(of: "LanternTV", in: $0)?.hasPrefix("❯") == true
    }

    try tmux.send("k")
    try tmux.waitForScreen("cursor on LanternPhone") {
      line(of: "LanternPhone", in: $0)?.hasPrefix("❯") == true
    }
    try tmux.send("Enter")
    try tmux.waitForScreen("the iOS app's icons, Blue among them") {
      $0.contains("App Icon · LanternPhone") && $0.contains("AppIcon-Blue")
    }
    // q quits from the icon list, and the active icon goes to stdout as ever.
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "AppIcon\n")
  }

  @Test func qQuitsFromTheChooserWithNothingChosen() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let tmux = try launch(scratch, app: app)
    try tmux.waitForScreen(containing: "Choose a target · Lantern")
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
    #expect(scratch.read("out.txt") == "")
  }

  @Test func targetSkipsTheChooserAndEscQuits() throws {
    let scratch = try Scratch()
    let app = try writeTwoApps(scratch)
    let tmux = try launch(scratch, app: app, arguments: ["--target", "LanternTV"])
    try tmux.waitForScreen("the tvOS app's icons, no chooser") {
      $0.contains("App Icon · LanternTV") && !$0.contains("Choose a target")
    }
    try tmux.send("Escape")
    #expect(try exitStatus(scratch) == "0")
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
