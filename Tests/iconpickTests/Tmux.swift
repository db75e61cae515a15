import Foundation
import Glibc
import Testing

/// The built `iconpick` binary, beside the test bundle in the build folder.
func iconpickBinary() throws -> URL {
  var candidates: [URL] = []
  if let executable = Bundle.main.executableURL {
    candidates.append(executable.deletingLastPathComponent().appendingPathComponent("iconpick"))
  }
  candidates.append(
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("iconpick"))
  candidates.append(packageRoot().appendingPathComponent(".build/debug/iconpick"))
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
    "iconpick binary not found in \(candidates.map(\.path))")
}

func packageRoot() -> URL {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
}

/// The bundled demo app: its icons are Icon Composer bundles in AppIcons/.
func paletteFolder() -> URL { packageRoot().appendingPathComponent("Assets/Palette") }

/// The demo app as it was, kept as a test fixture: the same names and settings, each icon an
/// `.appiconset` with one 1024×1024 RGB PNG. For tests of PNG previews, files and icon sets.
func paletteAppIconSetsFolder() -> URL {
  packageRoot().appendingPathComponent("Tests/Fixtures/PaletteAppIconSets")
}

/// A scratch folder removed when the test ends.
final class Scratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "iconpick-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  func read(_ name: String) -> String? { try? String(contentsOf: file(name), encoding: .utf8) }
}

/// Runs a program to completion and returns its status and output.
@discardableResult
func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
  stdin: Data? = nil
) throws -> (status: Int32, stdout: String, stderr: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  if let environment { process.environment = environment }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = stdin == nil ? FileHandle.nullDevice : Pipe()
  try process.run()
  if let stdin, let pipe = process.standardInput as? Pipe {
    pipe.fileHandleForWriting.write(stdin)
    try pipe.fileHandleForWriting.close()
  }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: outData, as: UTF8.self),
    String(decoding: errData, as: UTF8.self)
  )
}

/// A private tmux server with one session, so tests never touch a user's tmux.
final class TmuxSession {
  let socket = "iconpick-test-\(UUID().uuidString.prefix(8))"
  let name = "t"
  let tmux: String

  /// Starts `command` (a shell command line) in a detached session of the given size.
  init(columns: Int = 100, rows: Int = 30, command: String, environment: [String: String] = [:])
    throws
  {
    tmux = try #require(
      ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "tmux is not installed: run `make setup`")
    var arguments = [
      "-f", "/dev/null", "-L", socket, "new-session", "-d", "-s", name, "-x", "\(columns)", "-y",
      "\(rows)",
    ]
    for (key, value) in environment.sorted(by: { $0.key < $1.key }) {
      arguments += ["-e", "\(key)=\(value)"]
    }
    arguments.append(command)
    let status = spawnDetached(tmux, arguments)
    try #require(status == 0, "tmux new-session failed with status \(status)")
  }

  deinit { _ = try? runProcess(tmux, ["-L", socket, "kill-server"]) }

  func send(_ keys: String...) throws {
    try runProcess(tmux, ["-L", socket, "send-keys", "-t", name] + keys)
  }

  func resize(columns: Int, rows: Int) throws {
    try runProcess(
      tmux, ["-L", socket, "resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The screen as tmux holds it now; with `colours`, with its colour escape sequences.
  /// Private: a test reads only the screen a wait returns, the one that satisfied it, never a
  /// later capture that may show a different moment.
  private func capture(colours: Bool) -> String {
    let arguments = ["-L", socket, "capture-pane", "-p"] + (colours ? ["-e"] : []) + ["-t", name]
    return (try? runProcess(tmux, arguments).stdout) ?? ""
  }

  /// Waits until the screen satisfies `condition` and returns that screen. The condition is
  /// everything the test then asserts about the screen (rows, marks, messages), not a sign that
  /// something else was drawn first. Fails the test when the hang limit passes.
  @discardableResult
  func waitForScreen(
    _ what: String, timeout: TimeInterval = hangLimit,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    try waitFor(what, timeout: timeout, sourceLocation: sourceLocation) {
      let screen = capture(colours: false)
      return condition(screen) ? .found(screen) : .notYet("screen was:\n\(screen)")
    }
  }

  @discardableResult
  func waitForScreen(
    containing text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try waitForScreen("“\(text)”", sourceLocation: sourceLocation) { $0.contains(text) }
  }

  /// `waitForScreen` on the screen with its colour escape sequences (`capture-pane -e`).
  @discardableResult
  func waitForColouredScreen(
    _ what: String, timeout: TimeInterval = hangLimit,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    try waitFor(what, timeout: timeout, sourceLocation: sourceLocation) {
      let screen = capture(colours: true)
      return condition(screen) ? .found(screen) : .notYet("screen was:\n\(screen.debugDescription)")
    }
  }

  /// For what must not happen, which no wait can see: watches the screen for `duration` and
  /// fails on the first screen that shows `unwanted`. It can miss a late arrival on a slow
  /// machine, never fail a correct program.
  func expectNoScreen(
    _ unwanted: String, during duration: TimeInterval,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) {
    watch(duration) {
      let screen = capture(colours: false)
      guard condition(screen) else { return true }
      Issue.record(
        Comment(rawValue: "the screen showed \(unwanted):\n\(screen)"),
        sourceLocation: sourceLocation)
      return false
    }
  }
}

/// The hang limit of every wait: generous, since it only stops a test that would hang. A wait
/// ends as soon as its condition holds, so a passing test never waits for it.
let hangLimit: TimeInterval = 120

/// One look of a wait: what satisfied it, or what was seen instead (for the failure message).
enum Sight<Value> {
  case found(Value)
  case notYet(String)
}

/// Every wait of the end-to-end tests goes through here: `look` is tried every 50 ms until it
/// finds its value, which is returned, so the test asserts on the very thing that satisfied the
/// wait. Past `timeout` (a hang limit, not a speed requirement) the test fails with what was
/// last seen.
func waitFor<Value>(
  _ what: String, timeout: TimeInterval = hangLimit,
  sourceLocation: SourceLocation = #_sourceLocation, _ look: () -> Sight<Value>
) throws -> Value {
  var found: Value?
  var seen = ""
  watch(timeout) {
    switch look() {
    case .found(let value):
      found = value
      return false
    case .notYet(let description):
      seen = description
      return true
    }
  }
  return try #require(
    found, Comment(rawValue: "waited \(Int(timeout)) s for \(what); \(seen)"),
    sourceLocation: sourceLocation)
}

/// Calls `body` every 50 ms for `duration` or until it returns false.
private func watch(_ duration: TimeInterval, _ body: () -> Bool) {
  let deadline = Date().addingTimeInterval(duration)
  while body() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
}

/// Runs a program that starts a daemon (the tmux server) and waits for it with waitpid.
/// Foundation's Process waits for every inherited descriptor to close, which a daemon
/// never does, so it would wait forever.
/// Signals come with their default handling and none blocked, whatever the test runner set
/// (an ignored signal stays ignored across exec, as SIGXFSZ would be after a store test).
/// `output` names a file for the standard output and error, else they are discarded.
func spawnDetached(_ executable: String, _ arguments: [String], output: String = "/dev/null")
  -> Int32
{
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  // The test runner's threads block signals; the terminal under test must get them.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for number in [SIGXFSZ, SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var pid = pid_t()
  guard posix_spawn(&pid, executable, &actions, &attributes, argv, environ) == 0 else { return -1 }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  // Killed by a signal: report it as a shell does, 128 + the signal.
  return status & 0x7F != 0 ? 128 + (status & 0x7F) : (status >> 8) & 0xFF
}

/// Waits until the shell has written `url` whole (its text ends with a newline) and returns it.
@discardableResult
func waitForFile(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
  try waitFor(url.lastPathComponent, sourceLocation: sourceLocation) {
    if let text = try? String(contentsOf: url, encoding: .utf8), text.hasSuffix("\n") {
      return .found(text)
    }
    return .notYet("it is not written")
  }
}

/// The exit status the launching shell wrote to `rc.txt` in the scratch folder once the program
/// under test had exited (written last: its other files are complete by then).
func exitStatus(_ scratch: Scratch, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> String
{
  try waitForFile(scratch.file("rc.txt"), sourceLocation: sourceLocation)
    .trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Waits until the names in `folder` satisfy `condition` (a missing folder has none) and
/// returns them.
@discardableResult
func waitForFolder(
  _ folder: URL, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: ([String]) -> Bool
) throws -> [String] {
  try waitFor(what, sourceLocation: sourceLocation) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return condition(names) ? .found(names) : .notYet("\(folder.path) held \(names.sorted())")
  }
}

/// Single-quotes a string for sh.
func shellQuote(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The line of the screen that shows `text`.
func line(of text: String, in screen: String) -> String? {
  screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).first {
    $0.contains(text)
  }
}

/// The part of `name`'s line left of the name: in the list, the row's own preview.
func preview(of name: String, in screen: String) -> String {
  (line(of: name, in: screen) ?? "").components(separatedBy: name).first ?? ""
}

/// A screen captured with its colours, as text alone: the SGR sequences removed.
func withoutColours(_ screen: String) -> String {
  screen.replacing(/\u{1B}\[[0-9;:]*m/, with: "")
}

/// Runs `work`, which blocks (waits for processes), on a thread of its own and awaits it: the
/// test runner's threads, as many as the cores, stay free for the other tests meanwhile.
func offTheTestThreads<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
    Thread.detachNewThread {
      do { done.resume(returning: try work()) } catch { done.resume(throwing: error) }
    }
  }
}

/// The write side judges before it writes: a change that reaches the last guard and is undone
/// (`the change was undone, …`) was misjudged, whatever the test expected of it.
func expectNothingUndone(
  _ stderr: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    !stderr.contains("the change was undone"),
    "written and then undone: iconpick \(arguments.joined(separator: " ")): \(stderr)",
    sourceLocation: sourceLocation)
}
