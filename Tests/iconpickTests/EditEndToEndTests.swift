import Foundation
import TestSupport
import Testing

/// The picker sees what `add` and `remove` did the next time it opens: it reads the project
/// afresh, with no cache of the icons in between. (A picker left open does not watch files.)
@Suite(.serialized) struct EditEndToEndTests {
  /// Starts the picker on `app` in tmux; when it exits the shell records its status.
  func launch(_ scratch: Scratch, app: URL) throws -> TmuxSession {
    try? FileManager.default.removeItem(at: scratch.file("rc.txt"))
    let binary = try iconpickBinary()
    let command = [
      "cd \(shellQuote(scratch.url.path)) &&",
      "\(shellQuote(binary.path)) --state-dir \(shellQuote(scratch.file("state").path))",
      "\(shellQuote(app.path)) > out.txt 2> err.txt;",
      "echo $? > rc.tmp; mv rc.tmp rc.txt; exec sleep 600",
    ].joined(separator: " ")
    return try TmuxSession(
      command: command,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  func run(_ arguments: [String], _ scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  /// The names of the picker's rows, top to bottom: each row's first word left of the
  /// preview pane, past the cursor and the row's own preview.
  static func rowNames(_ screen: String) -> [String] {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    guard let top = lines.firstIndex(where: { $0.contains("App Icon · ") }) else { return [] }
    var names: [String] = []
    for line in lines[(top + 1)...] {
      if line.contains("↑↓") { break }
      let left = line.prefix { $0 != "│" && $0 != "┌" && $0 != "└" }
      let words = left.split(separator: " ").filter {
        !$0.allSatisfy { "❯▀▄█▓▒░─".contains($0) }
      }
      if let first = words.first { names.append(String(first)) }
    }
    return names
  }

  /// The picker showing exactly these rows, in this order, and the header's count of them.
  func shows(_ names: [String], in screen: String) -> Bool {
    screen.contains("App Icon · Studio") && screen.contains("\(names.count) icons")
      && Self.rowNames(screen) == names
  }

  @Test func thePickerShowsAnAddedIconAndNotARemovedOne() throws {
    let scratch = try Scratch()
    let project = try EditProject(in: scratch)
    let night = scratch.file("Night.png")
    try EditProject.png(side: 1024, red: 10).write(to: night)

    do {
      let tmux = try launch(scratch, app: project.root)
      try tmux.waitForScreen("exactly the rows Default and Blue") {
        shows(["Default", "Blue"], in: $0)
      }
      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
    }

    let added = try run(["add", "Night", night.path, project.root.path], scratch)
    #expect(added.status == 0, "\(added.stderr)")
    do {
      let tmux = try launch(scratch, app: project.root)
      try tmux.waitForScreen("exactly the rows Default, Blue and Night") {
        shows(["Default", "Blue", "Night"], in: $0)
      }
      try tmux.send("q")
      #expect(try exitStatus(scratch) == "0")
    }

    let removed = try run(["remove", "Night", project.root.path], scratch)
    #expect(removed.status == 0, "\(removed.stderr)")
    let tmux = try launch(scratch, app: project.root)
    try tmux.waitForScreen("exactly the rows Default and Blue again") {
      shows(["Default", "Blue"], in: $0)
    }
    try tmux.send("q")
    #expect(try exitStatus(scratch) == "0")
  }
}
