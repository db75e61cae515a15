import Foundation
import Testing

/// The recorded choice under load and faults: concurrent changes, kills mid-write, write
/// errors. Each runs the built binary against its own state folder.
@Suite struct StateFaultTests {
  static let names = [
    "AppIcon-Green", "AppIcon-Blue", "AppIcon-Orange", "AppIcon-Pink", "AppIcon-Purple",
    "AppIcon-Teal", "AppIcon-Yellow",
  ]

  let scratch: Scratch
  var stateFolder: URL { scratch.file("state") }
  var stateFile: URL { scratch.file("state/dev.iconpick.Palette.json") }

  init() throws { scratch = try Scratch() }

  func setProcess(_ name: String) throws -> Process {
    let process = Process()
    process.executableURL = try iconpickBinary()
    process.arguments = [
      "set", name, paletteFolder().path, "--state-dir", stateFolder.path, "--quiet",
    ]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
  }

  /// The recorded name, or nil for the primary; fails the test if the file does not parse.
  func recorded(sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    let data = try Data(contentsOf: stateFile)
    let object = try #require(
      try JSONSerialization.jsonObject(with: data) as? [String: Any], "state file does not parse",
      sourceLocation: sourceLocation)
    return object["alternateIconName"] as? String
  }

  @Test func twentyConcurrentChangesAllSucceedAndLeaveOneOfTheirNames() throws {
    let processes = try (0..<20).map { try setProcess(Self.names[$0 % Self.names.count]) }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 20))
    let final = try recorded()
    #expect(final.map { Self.names.contains($0) } == true)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: stateFolder.path)
      .filter { $0.contains(".tmp") || $0.contains("corrupt") }
    #expect(leftovers.isEmpty)
  }

  @Test func aChangeKilledAtAnyMomentLeavesTheOldChoiceOrTheNew() throws {
    var generator = SystemRandomNumberGenerator()
    let first = try setProcess("AppIcon-Blue")
    try first.run()
    first.waitUntilExit()
    var previous: String? = "AppIcon-Blue"
    for round in 0..<100 {
      let next = round % 2 == 0 ? "AppIcon-Teal" : "AppIcon-Blue"
      let process = try setProcess(next)
      try process.run()
      usleep(UInt32.random(in: 0...25_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try recorded()
      #expect(now == previous || now == next, "round \(round): \(String(describing: now))")
      previous = now
    }
  }

  @Test func theFolderIsPrivateAndTheFilesTooWhateverTheUmask() throws {
    let process = try setProcess("AppIcon-Pink")
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    func mode(_ url: URL) throws -> Int {
      try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?
        .intValue ?? -1
    }
    #expect(try mode(stateFolder) == 0o700)
    #expect(try mode(stateFile) == 0o600)
  }

  @Test func aWriteBeyondTheFileSizeLimitFailsClearlyAndKeepsThePreviousChoice() throws {
    let first = try setProcess("AppIcon-Orange")
    try first.run()
    first.waitUntilExit()
    let before = try Data(contentsOf: stateFile)
    let binary = shellQuote(try iconpickBinary().path)
    let set =
      "\(binary) set AppIcon-Teal \(shellQuote(paletteFolder().path)) --state-dir \(shellQuote(stateFolder.path))"
    // The limit applies inside the subshell only; its messages reach the file through cat,
    // which is not limited. SIGXFSZ is as a shell gives it (spawnDetached resets it).
    let command = "{ (ulimit -f 0; exec \(set)) 2>&1; echo \"status=$?\"; } | cat"
    let log = scratch.file("output.txt")
    #expect(spawnDetached("/bin/sh", ["-c", command], output: log.path) == 0)
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    #expect(output.hasSuffix("status=1\n"), "killed or failed otherwise: \(output)")
    #expect(output.hasPrefix("iconpick: "))
    #expect(output.contains("File too large"))
    #expect(try Data(contentsOf: stateFile) == before)
  }

  @Test func anUnwritableStateFolderFailsClearlyAndKeepsThePreviousChoice() throws {
    let first = try setProcess("AppIcon-Yellow")
    try first.run()
    first.waitUntilExit()
    let before = try Data(contentsOf: stateFile)
    // Root writes anywhere, so the change runs as "nobody", who cannot enter the 0700 folder:
    // from copies of the binary and the demo app nobody can reach, wherever the checkout is.
    let nobody = try NobodyCopy()
    let binary = try nobody.install("usr")
    try nobody.requireRunnable(binary)
    let result = try nobody.run(
      binary, ["set", "AppIcon-Teal", nobody.palette().path, "--state-dir", stateFolder.path])
    #expect(result.signal == nil, "\(result.stderr)")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("iconpick: "))
    #expect(result.stderr.contains(stateFolder.path))
    #expect(try Data(contentsOf: stateFile) == before)
  }
}

/// The lock, held from outside by this test the way another `set` would hold it.
@Suite struct StateLockTests {
  let scratch: Scratch

  init() throws { scratch = try Scratch() }

  /// Holds an exclusive flock on the app's lock file until the returned descriptor is closed.
  func holdLock() throws -> Int32 {
    let folder = scratch.file("state")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let descriptor = open(
      folder.appendingPathComponent("dev.iconpick.Palette.lock").path, O_CREAT | O_RDWR, 0o600)
    try #require(descriptor >= 0)
    try #require(flock(descriptor, LOCK_EX) == 0)
    return descriptor
  }

  func set(_ name: String) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(
      iconpickBinary().path,
      ["set", name, paletteFolder().path, "--state-dir", scratch.file("state").path, "--quiet"])
  }

  @Test func aChangeWaitsForALockThatIsReleased() throws {
    let descriptor = try holdLock()
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { close(descriptor) }
    let result = try set("AppIcon-Blue")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try runProcess(
        iconpickBinary().path,
        ["get", paletteFolder().path, "--state-dir", scratch.file("state").path]
      ).stdout == "AppIcon-Blue\n")
  }

  @Test func aLockHeldPastTheTimeoutIsBusyAndChangesNothing() throws {
    let descriptor = try holdLock()
    defer { close(descriptor) }
    let started = Date()
    let result = try set("AppIcon-Blue")
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("iconpick: "))
    #expect(result.stderr.contains("dev.iconpick.Palette.lock"))
    // "Several seconds": the wait is the store's timeout, not an instant failure.
    #expect(Date().timeIntervalSince(started) >= 5)
    #expect(
      !FileManager.default.fileExists(atPath: scratch.file("state/dev.iconpick.Palette.json").path))
  }
}
