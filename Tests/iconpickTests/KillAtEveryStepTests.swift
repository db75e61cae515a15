import Foundation
import TestSupport
import Testing

/// A change killed at any instant leaves the project as it was or as the change makes it, once
/// the next ordinary command (`list`) has read it: the binary is run under strace, which sends it
/// SIGKILL at the N-th call of one file-system system call (`-e inject=CALL:signal=SIGKILL:when=N`;
/// strace counts each call of a set separately, per process, so each call is stepped through on
/// its own), for every N until the command finishes unkilled. After each kill, every file under
/// the project (dotfiles and modes included) is one of the two snapshots: no half change, no
/// `.iconpick` folder, no temporary file.
@Suite struct KillAtEveryStepTests {
  /// Every call that makes, replaces, removes or syncs a name or a file's bytes, the journal's
  /// own writes included (`write`, `pwrite64`).
  static let calls = [
    "write", "pwrite64", "fsync", "fdatasync", "link", "linkat", "rename", "renameat", "renameat2",
    "unlink", "unlinkat", "mkdir", "mkdirat", "rmdir",
  ]

  enum Command: String, Sendable { case add, remove, fix }

  struct Case: CustomTestStringConvertible, Sendable {
    var project: String
    var options: EditProject.Options
    var command: Command
    /// The icon added (and removed): a PNG, or an `.icon` bundle.
    var iconBundle = false
    var testDescription: String { "\(command.rawValue) on \(project)" }
  }

  static let loosePNGs = EditProject.Options(
    infoPlist: EditProject.plist(iconsXML: EditCommandTests.legacyIcons),
    looseFiles: ["Blue@2x.png", "Blue@3x.png", "Blue~ipad.png", "Blue@2x~ipad.png"])
  static let xcconfig = EditProject.Options(
    baseConfiguration: (
      "Studio.xcconfig",
      "// Icons\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue // the blue one\n"
    ), sets: ["Blue"])
  static let synchronized = EditProject.Options(
    targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
    synchronized: true, sets: ["Blue"])

  /// Projects with a finding `--fix` fixes, one per place a fix writes.
  static let extensionInInfoPlist = CheckFixCommandTests.safeFaults[0].options
  static let caseInXCConfig = EditProject.Options(
    targetSettings: [CheckFixCommandTests.primaryName],
    baseConfiguration: (
      "Studio.xcconfig", "// Icons\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = blue\n"
    ), sets: ["Blue"])
  static let caseInSynchronizedProject = EditProject.Options(
    targetSettings: [
      "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = blue;",
      "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
    ],
    synchronized: true, sets: ["Blue"])

  static let cases: [Case] = [
    Case(project: "Info.plist with loose PNGs", options: loosePNGs, command: .add),
    Case(project: "Info.plist with loose PNGs", options: loosePNGs, command: .remove),
    Case(project: "a set named in an .xcconfig", options: xcconfig, command: .add),
    Case(project: "a set named in an .xcconfig", options: xcconfig, command: .remove),
    Case(project: "a synchronized folder", options: synchronized, command: .add),
    Case(project: "a synchronized folder", options: synchronized, command: .remove),
    Case(
      project: "an .icon", options: EditProject.blueInTheTarget, command: .add, iconBundle: true),
    Case(
      project: "an .icon", options: EditProject.blueInTheTarget, command: .remove,
      iconBundle: true),
    Case(project: "a file name in Info.plist", options: extensionInInfoPlist, command: .fix),
    Case(project: "a name's case in an .xcconfig", options: caseInXCConfig, command: .fix),
    Case(
      project: "a name's case in a synchronized project", options: caseInSynchronizedProject,
      command: .fix),
  ]

  /// Each case runs its hundred-odd processes on a thread of its own: a test that blocks the
  /// test runner's few threads for minutes starves the time-limited tests beside it.
  @Test(arguments: cases)
  func aKillAtAnyStepLeavesTheProjectAsItWasOrAsTheChangeMakesIt(_ kill: Case) async throws {
    // Swift Testing records issues on the test's own task, so the thread reports problems back.
    let problems = try await offTheTestThreads { try self.killAtEveryStep(kill) }
    for problem in problems { Issue.record(Comment(rawValue: problem)) }
  }

  /// A step of the kill test that cannot go on.
  struct Stop: Error, CustomStringConvertible {
    var description: String
  }

  /// The problems found, one line each; none when the property holds.
  func killAtEveryStep(_ kill: Case) throws -> [String] {
    var problems: [String] = []
    func expect(_ holds: Bool, _ problem: @autoclosure () -> String) {
      if !holds { problems.append(problem()) }
    }
    func require(_ holds: Bool, _ problem: @autoclosure () -> String) throws {
      if !holds { throw Stop(description: problem()) }
    }
    guard
      let strace = ["/usr/bin/strace", "/bin/strace"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      throw Stop(
        description:
          "strace is not installed, so a change cannot be killed at each step: run `make setup`")
    }
    let scratch = try Scratch()
    let project = try EditProject(in: scratch, kill.options)
    let image = try icon(in: scratch, bundle: kill.iconBundle)
    let name = kill.iconBundle ? "Sunset" : "Night"
    let arguments: [String]
    switch kill.command {
    case .add: arguments = ["add", name, image.path, project.root.path]
    case .remove: arguments = ["remove", name, project.root.path]
    case .fix: arguments = ["check", "--fix", project.root.path]
    }
    if kill.command == .remove {
      let added = try run(["add", name, image.path, project.root.path], scratch)
      try require(added.status == 0, "\(added.stderr)")
    }
    let before = try Tree(project.root)
    let done = try run(arguments, scratch)
    try require(
      kill.command == .fix ? done.stderr.contains("fixed:") : done.status == 0,
      "\(kill.testDescription): \(done.stderr)")
    let after = try Tree(project.root)
    try require(after != before, "\(kill.testDescription): the command changed nothing")
    try before.restore()

    var steps: [String: Int] = [:]
    for call in Self.calls {
      var step = 1
      while true {
        let killed = try runKilled(
          strace, call: call, at: step, arguments: arguments, scratch)
        let list = try run(
          ["list", project.root.path, "--state-dir", scratch.file("state").path], scratch)
        expect(list.status == 0, "\(kill.testDescription), \(call) #\(step): list: \(list.stderr)")
        let now = try Tree(project.root)
        guard killed else {
          // Fewer calls than `step`: the command ran to its end.
          expect(
            now == after,
            "\(kill.testDescription): unkilled, yet not the change: \(now.difference(from: after))")
          try before.restore()
          break
        }
        if now != before && now != after {
          problems.append(
            "\(kill.testDescription), killed at \(call) #\(step): neither as it was (\(now.difference(from: before))) nor as the change makes it (\(now.difference(from: after)))"
          )
        }
        steps[call, default: 0] += 1
        try before.restore()
        step += 1
        if step > 500 {
          problems.append("\(kill.testDescription): \(call) is called more than 500 times")
          break
        }
      }
    }
    let total = steps.values.reduce(0, +)
    print(
      "kill steps, \(kill.testDescription): \(total) (\(steps.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))"
    )
    // Every kind of step was reached: the journal's writes, its fsyncs and renames, removals.
    for call in ["write", "fsync", "rename", "unlink", "mkdir", "rmdir"] {
      expect(steps[call, default: 0] > 0, "\(kill.testDescription): no \(call) was killed")
    }
    return problems
  }

  // MARK: Helpers

  func run(_ arguments: [String], _ scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments,
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  /// The command under strace, killed at the `step`-th call of `call`; false when it finished.
  func runKilled(
    _ strace: String, call: String, at step: Int, arguments: [String], _ scratch: Scratch
  ) throws -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: strace)
    process.arguments =
      [
        "-f", "-o", "/dev/null", "-e", "trace=\(call)", "-e",
        "inject=\(call):signal=SIGKILL:when=\(step)", try iconpickBinary().path,
      ] + arguments
    process.environment = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    // strace ends as its tracee did: killed by the signal it injected.
    return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
  }

  /// The image `add` takes, outside the project.
  func icon(in scratch: Scratch, bundle: Bool) throws -> URL {
    let folder = scratch.file("images")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard bundle else {
      let file = folder.appendingPathComponent("Night.png")
      try EditProject.png(side: 1024, red: 10).write(to: file)
      return file
    }
    let icon = folder.appendingPathComponent("Sunset.icon")
    try FileManager.default.createDirectory(
      at: icon.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    try Data(
      #"{"fill":{"solid":"srgb:0.20000,0.40000,0.80000,1.00000"},"groups":[{"layers":[{"image-name":"dot.svg","name":"dot"}]}],"supported-platforms":{"squares":"shared"}}"#
        .utf8
    ).write(to: icon.appendingPathComponent("icon.json"))
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="white"/></svg>"#
        .utf8
    ).write(to: icon.appendingPathComponent("Assets/dot.svg"))
    return icon
  }
}

/// Every file and folder under a root: its bytes (a link: where it leads) and its mode, dotfiles
/// included; and the means to put the root back as it was.
struct Tree: Equatable {
  let root: URL
  var entries: [String: Entry]

  struct Entry: Equatable {
    var bytes: Data?
    var link: String?
    var mode: mode_t
  }

  init(_ root: URL) throws {
    self.root = root
    entries = [:]
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
      let path = root.appendingPathComponent(relative).path
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      let mode = status.st_mode
      switch mode & S_IFMT {
      case S_IFLNK:
        entries[relative] = Entry(
          link: try FileManager.default.destinationOfSymbolicLink(atPath: path), mode: mode)
      case S_IFDIR:
        entries[relative + "/"] = Entry(mode: mode)
      default:
        entries[relative] = Entry(bytes: FileManager.default.contents(atPath: path), mode: mode)
      }
    }
  }

  static func == (a: Tree, b: Tree) -> Bool { a.entries == b.entries }

  /// What differs, briefly: the paths only one has, and those whose contents or mode differ.
  func difference(from other: Tree) -> String {
    let paths = Set(entries.keys).union(other.entries.keys).sorted()
    let differing = paths.filter { entries[$0] != other.entries[$0] }.map { path in
      entries[path] == nil ? "no \(path)" : other.entries[path] == nil ? "+\(path)" : path
    }
    return differing.prefix(8).joined(separator: ", ")
  }

  /// The root emptied and written again as it was.
  func restore() throws {
    try FileManager.default.removeItem(at: root)
    for (relative, entry) in entries.sorted(by: { $0.key < $1.key }) {
      let path = root.appendingPathComponent(relative).path
      if relative.hasSuffix("/") {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } else if let link = entry.link {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: link)
        continue
      } else {
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try (entry.bytes ?? Data()).write(to: URL(fileURLWithPath: path))
      }
      chmod(path, entry.mode & 0o7777)
    }
  }
}
