import Foundation
import TestSupport
import Testing

/// The journal and the lock through the built binary: two writers at once, a read-only project
/// file, what a reader says when it undoes an interrupted change, and a journal it cannot trust.
@Suite struct ChangeJournalCommandTests {
  let scratch: Scratch

  init() throws { scratch = try Scratch() }

  var environment: [String: String] {
    ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path]
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(iconpickBinary().path, arguments, environment: environment)
  }

  func list(_ project: EditProject) throws -> (status: Int32, stdout: String, stderr: String) {
    try run(["list", project.root.path, "--state-dir", scratch.file("state").path])
  }

  func image(_ name: String) throws -> URL {
    let file = scratch.file("images/\(name).png")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try EditProject.png(side: 1024, red: 10).write(to: file)
    return file
  }

  func strace() throws -> String {
    try #require(
      ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "strace is not installed: run `make setup`")
  }

  /// Starts iconpick under strace with `inject`, its output in files of the scratch.
  func start(_ arguments: [String], inject: String, tag: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try strace())
    process.arguments =
      ["-f", "-o", "/dev/null", "-e", "inject=\(inject)", try iconpickBinary().path] + arguments
    process.environment = environment
    FileManager.default.createFile(atPath: scratch.file("\(tag).err").path, contents: nil)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: scratch.file("\(tag).err"))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }

  @Test func twoWritersAtOnceOneWinsTheOtherNamesTheLock() throws {
    let project = try EditProject(in: scratch)
    let before = try Tree(project.root)
    // Each writer's first rename (its journal's) takes 4 s: longer than a second writer waits.
    let slow = "rename:delay_enter=4000000:when=1"
    let night = try start(
      ["add", "Night", try image("Night").path, project.root.path], inject: slow, tag: "night")
    let dawn = try start(
      ["add", "Dawn", try image("Dawn").path, project.root.path], inject: slow, tag: "dawn")
    night.waitUntilExit()
    dawn.waitUntilExit()
    let statuses = [night.terminationStatus, dawn.terminationStatus]
    #expect(statuses.sorted() == [0, 1], "\(statuses)")
    let loser = night.terminationStatus == 0 ? "dawn" : "night"
    let winner = night.terminationStatus == 0 ? "Night" : "Dawn"
    let message = scratch.read("\(loser).err") ?? ""
    #expect(message.contains("another change to this project is under way"), "\(message)")
    #expect(message.contains(project.root.path + "/.iconpick/lock"), "\(message)")
    #expect(message.contains("(pid "), "\(message)")
    #expect(message.contains("nothing was written"), "\(message)")

    // What one change makes: the winner's icon, not the loser's, nothing left of the journal,
    // and removing it gives every byte back.
    let listed = try list(project)
    #expect(listed.stdout.contains(winner))
    #expect(!listed.stdout.contains(winner == "Night" ? "Dawn" : "Night"))
    #expect(!FileManager.default.fileExists(atPath: project.file(".iconpick").path))
    let removed = try run(["remove", winner, project.root.path])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try Tree(project.root) == before)
  }

  @Test func aReadOnlyProjectFileIsRefusedAndNothingIsWritten() throws {
    let project = try EditProject(in: scratch)
    chmod(project.pbxproj.path, 0o444)
    let before = try Tree(project.root)
    let night = try image("Night")
    for dryRun in [false, true] {
      let added = try run(
        ["add", "Night", night.path, project.root.path] + (dryRun ? ["--dry-run"] : []))
      #expect(added.status == 1, "\(added.stderr)")
      #expect(
        added.stderr.contains(
          "iconpick: error: \(project.pbxproj.path) is read-only (mode 0444)"), "\(added.stderr)")
      #expect(added.stderr.contains("chmod u+w \(project.pbxproj.path)"), "\(added.stderr)")
      #expect(added.stderr.contains("nothing was written"), "\(added.stderr)")
      #expect(try Tree(project.root) == before, "dry run \(dryRun)")
    }
  }

  @Test func aReadOnlyFolderANewFileGoesInIsRefused() throws {
    let project = try EditProject(in: scratch)
    let catalog = project.file("Studio/Assets.xcassets")
    chmod(catalog.path, 0o555)
    defer { chmod(catalog.path, 0o755) }
    let before = try Tree(project.root)
    let added = try run(["add", "Night", try image("Night").path, project.root.path])
    #expect(added.status == 1, "\(added.stderr)")
    #expect(
      added.stderr.contains("\(catalog.path) is a read-only folder (mode 0555)"), "\(added.stderr)")
    #expect(added.stderr.contains("chmod u+w"), "\(added.stderr)")
    #expect(try Tree(project.root) == before)
  }

  @Test func aReaderSaysItUndidAnInterruptedChange() throws {
    let project = try EditProject(in: scratch)
    let before = try Tree(project.root)
    // Killed at its third rename: the journal's, then one project file written of two.
    let killed = try start(
      ["add", "Night", try image("Night").path, project.root.path],
      inject: "rename:signal=SIGKILL:when=2", tag: "add")
    killed.waitUntilExit()
    #expect(killed.terminationReason == .uncaughtSignal)
    #expect(FileManager.default.fileExists(atPath: project.file(".iconpick/journal").path))
    let listed = try list(project)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(
      listed.stderr.contains(
        "iconpick: note: an interrupted change was undone: 1 file put back as it was, 2 new files removed ("
      ), "\(listed.stderr)")
    #expect(listed.stderr.contains("Studio/.iconpick)"), "\(listed.stderr)")
    #expect(try Tree(project.root) == before)
    // Said once: the next reading finds nothing to do.
    #expect(try list(project).stderr.isEmpty)
  }

  /// PATH as a user may give it: the project folder, the `.xcodeproj`, a subfolder, the
  /// Info.plist, a folder above the project.
  @Test(arguments: [
    "Studio", "Studio/Studio.xcodeproj", "Studio/Studio", "Studio/Studio/Info.plist", ".",
  ])
  func theJournalIsFoundFromAnyPathToTheProject(_ relative: String) throws {
    let project = try EditProject(in: scratch)
    let before = try Tree(project.root)
    let killed = try start(
      ["add", "Night", try image("Night").path, project.root.path],
      inject: "rename:signal=SIGKILL:when=2", tag: "add")
    killed.waitUntilExit()
    let path = relative == "." ? scratch.url.path : scratch.file(relative).path
    let read = try run(["get", path, "--state-dir", scratch.file("state").path])
    #expect(read.stderr.contains("an interrupted change was undone"), "\(relative): \(read.stderr)")
    #expect(try Tree(project.root) == before, "\(relative)")
  }

  @Test func aJournalThatCannotBeTrustedIsRefusedAndNothingIsWritten() throws {
    let project = try EditProject(in: scratch)
    let killed = try start(
      ["add", "Night", try image("Night").path, project.root.path],
      inject: "rename:signal=SIGKILL:when=2", tag: "add")
    killed.waitUntilExit()
    let journal = project.file(".iconpick/journal")
    var bytes = try Data(contentsOf: journal)
    bytes[bytes.count - 3] ^= 0x01
    try bytes.write(to: journal)
    let before = try Tree(project.root)
    for command in [["list"], ["check"], ["add", "Dawn", try image("Dawn").path]] {
      let read = try run(
        command + [project.root.path]
          + (command == ["list"] ? ["--state-dir", scratch.file("state").path] : []))
      #expect(read.status == 1, "\(command): \(read.stderr)")
      #expect(
        read.stderr.contains(
          "iconpick: error: \(journal.path): the journal of an interrupted change cannot be trusted: its checksum does not match its contents; nothing was written"
        ), "\(command): \(read.stderr)")
      #expect(read.stderr.contains("then delete \(project.file(".iconpick").path)"))
      #expect(try Tree(project.root) == before, "\(command)")
    }
  }

  /// Recovery is a change too: killed at any of its steps, the next reader finishes it.
  @Test func aRecoveryKilledAtAnyStepIsFinishedByTheNextReader() throws {
    let strace = try strace()
    let project = try EditProject(in: scratch, KillAtEveryStepTests.xcconfig)
    let before = try Tree(project.root)
    let killed = try start(
      ["add", "Night", try image("Night").path, project.root.path],
      inject: "rename:signal=SIGKILL:when=2", tag: "add")
    killed.waitUntilExit()
    let interrupted = try Tree(project.root)
    try #require(interrupted != before)
    var steps = 0
    for call in KillAtEveryStepTests.calls {
      for step in 1... {
        try interrupted.restore()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.arguments = [
          "-f", "-o", "/dev/null", "-e", "trace=\(call)", "-e",
          "inject=\(call):signal=SIGKILL:when=\(step)", try iconpickBinary().path, "list",
          project.root.path, "--state-dir", scratch.file("state").path,
        ]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let wasKilled = process.terminationReason == .uncaughtSignal
        let listed = try list(project)
        #expect(listed.status == 0, "\(call) #\(step): \(listed.stderr)")
        let now = try Tree(project.root)
        #expect(
          now == before, "recovery killed at \(call) #\(step): \(now.difference(from: before))")
        guard wasKilled else { break }
        steps += 1
      }
    }
    print("kill steps, the recovery of an interrupted add: \(steps)")
    #expect(steps > 5)
  }
}
