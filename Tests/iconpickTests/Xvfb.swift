import Foundation
import Glibc
import IconRender
import Testing

// Real terminals under Xvfb: an X server of its own per test, a terminal (xterm with sixel, or
// kitty on Mesa's software OpenGL) running a shell command, screenshots of the screen decoded
// with iconpick's own PNG decoder, and an icon found in them by template matching. Everything
// started here is ended when its owner is released, a failing test included.

/// The path of `name` on PATH (or in the usual folders), nil when it is not installed.
func installedProgram(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  let folders =
    path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
  return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A program started for a test in a process group of its own. `stop()`, called by deinit too,
/// ends the group (SIGTERM, then SIGKILL if it lingers) and reaps the program.
final class StartedProcess {
  let pid: pid_t
  private var reaped = false

  /// `passing` is a descriptor the program gets as its descriptor 3 (Xvfb's -displayfd).
  init(
    _ executable: String, _ arguments: [String], environment: [String: String], log: String,
    passing descriptor: Int32? = nil
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    if let descriptor { posix_spawn_file_actions_adddup2(&actions, descriptor, 3) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Signals as a shell would give them (the test runner's threads block some).
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGXFSZ, SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var pid = pid_t()
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    try #require(status == 0, "could not start \(executable): \(String(cString: strerror(status)))")
    self.pid = pid
  }

  /// Whether the program has exited (and is reaped).
  var hasExited: Bool {
    if reaped { return true }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid { reaped = true }
    return reaped
  }

  func stop() {
    guard !reaped else { return }
    kill(-pid, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    while !hasExited && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    guard !reaped else { return }
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    reaped = true
  }

  deinit { stop() }
}

/// An X server of the test's own (Xvfb, on the first free display number: -displayfd), with
/// screenshots of its screen and keys typed into the window under the pointer.
final class XvfbDisplay {
  let number: Int
  let width: Int
  let height: Int
  private let server: StartedProcess
  private let scratch: Scratch

  init(scratch: Scratch, width: Int = 1000, height: Int = 700) throws {
    let xvfb = try #require(
      installedProgram("Xvfb"), "Xvfb is not installed, so no terminal can start: run `make setup`")
    for tool in ["xwd", "convert", "xdotool"] {
      try #require(
        installedProgram(tool) != nil,
        "\(tool) is not installed, so the screen cannot be read or typed into: run `make setup`")
    }
    self.scratch = scratch
    self.width = width
    self.height = height
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0, "pipe: \(String(cString: strerror(errno)))")
    // Only Xvfb gets the writing end, as its descriptor 3.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(ends[0]) }
    do {
      defer { close(ends[1]) }
      server = try StartedProcess(
        xvfb,
        [
          "-displayfd", "3", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
          "-noreset",
        ], environment: ["PATH": "/usr/bin:/bin"], log: scratch.file("xvfb.log").path,
        passing: ends[1])
    }
    // Xvfb writes its display number when it is ready; it closes the pipe if it fails.
    var text = ""
    let deadline = Date().addingTimeInterval(hangLimit)
    while !text.hasSuffix("\n") && Date() < deadline {
      var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 1000) >= 0 || errno == EINTR else { break }
      guard poller.revents != 0 else { continue }
      var byte: UInt8 = 0
      guard read(ends[0], &byte, 1) == 1 else { break }
      text.append(Character(UnicodeScalar(byte)))
    }
    let log = scratch.read("xvfb.log") ?? ""
    number = try #require(
      Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
      "Xvfb did not start (no display number), so no terminal can start; its log:\n\(log)")
  }

  deinit { server.stop() }

  var environment: [String: String] { ["DISPLAY": ":\(number)"] }

  @discardableResult
  private func run(_ tool: String, _ arguments: [String]) throws -> String {
    let program = try #require(installedProgram(tool), "\(tool) is not installed: run `make setup`")
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = ":\(number)"
    let result = try runProcess(program, arguments, environment: environment)
    try #require(result.status == 0, "\(tool) \(arguments) failed: \(result.stderr)")
    return result.stdout
  }

  /// The screen now, or the window `window` (an X window id) alone: `xwd`, turned into a PNG by
  /// ImageMagick, decoded by iconpick's PNG decoder.
  func screenshot(window: String? = nil) throws -> RGBAImage {
    let dump = scratch.file("screen.xwd")
    let png = scratch.file("screen.png")
    try run("xwd", (window.map { ["-id", $0] } ?? ["-root"]) + ["-silent", "-out", dump.path])
    try run("convert", ["xwd:\(dump.path)", "png:\(png.path)"])
    return try PNGDecoder.decode(file: png)
  }

  /// Types keys (xdotool's names: Down, j, q, Escape, slash) into the window under the pointer,
  /// which without a window manager is the one with the keyboard.
  func press(_ keys: String...) throws {
    try run("xdotool", ["mousemove", "20", "20"])
    try run("xdotool", ["key", "--delay", "50"] + keys)
  }

  /// Resizes the X window `window` to `width` × `height` pixels (no window manager: at once),
  /// or with `cells`, to that many columns and rows (the size hints' steps, as a window manager
  /// would: xterm keeps its size in whole cells).
  func resize(window: String, width: Int, height: Int, cells: Bool = false) throws {
    try run(
      "xdotool",
      ["windowsize"] + (cells ? ["--usehints"] : []) + [window, "\(width)", "\(height)"])
  }

  func type(_ text: String) throws {
    try run("xdotool", ["mousemove", "20", "20"])
    try run("xdotool", ["type", "--delay", "50", text])
  }
}

/// The real terminals the tests run in.
enum RealTerminal: String, CustomStringConvertible {
  /// xterm as a VT340, which shows sixel images, with 256 sixel colour registers.
  case xterm
  /// kitty, which shows images with its graphics protocol; OpenGL through Mesa's software
  /// renderer, since Xvfb has no graphics card.
  case kitty

  var description: String { rawValue }
}

/// A terminal window at the top left of an Xvfb screen, 100×30 cells of DejaVu Sans Mono 10,
/// running `command` in `sh` in the scratch folder. The command waits for `start()`, so a test
/// can first take the clean screen; when it exits the shell writes its status to rc.txt and
/// waits (the screen stays as the command left it).
final class TerminalWindow {
  let kind: RealTerminal
  let display: XvfbDisplay
  let scratch: Scratch
  private let process: StartedProcess

  init(
    _ kind: RealTerminal, command: String, scratch: Scratch, display: XvfbDisplay,
    columns: Int = 100, rows: Int = 30, term: String? = nil
  ) throws {
    self.kind = kind
    self.display = display
    self.scratch = scratch
    let program = try #require(
      installedProgram(kind.rawValue),
      "\(kind) is not installed, so it cannot start: run `make setup`")
    let script = [
      "cd \(shellQuote(scratch.url.path)) || exit 1",
      // The shell leads the session the terminal gave it: its group is killed at teardown.
      "echo $$ > shell.pid",
      term.map { "TERM=\(shellQuote($0)); export TERM" } ?? ":",
      "printf '\\033[H\\033[2J'",
      // The terminal's own window (xterm and kitty both say it), for screenshots of it alone.
      "echo \"$WINDOWID\" > window.tmp; mv window.tmp window.txt",
      "while [ ! -e go ]; do sleep 0.05; done",
      command,
      "echo $? > rc.tmp; mv rc.tmp rc.txt; exec sleep 600",
    ].joined(separator: "\n")
    var environment = display.environment
    for key in ["PATH", "LANG"] { environment[key] = ProcessInfo.processInfo.environment[key] }
    environment["LANG"] = "C.UTF-8"
    environment["LC_ALL"] = "C.UTF-8"
    environment["HOME"] = scratch.url.path
    environment["XDG_CACHE_HOME"] = scratch.file("cache").path
    environment["XDG_CONFIG_HOME"] = scratch.file("config").path
    environment["XDG_RUNTIME_DIR"] = scratch.url.path
    var arguments: [String]
    switch kind {
    case .xterm:
      arguments = [
        "-ti", "vt340", "-tn", "xterm-256color", "-geometry", "\(columns)x\(rows)+0+0",
        "-fa", "DejaVu Sans Mono", "-fs", "10",
        "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
        "-xrm", "XTerm*cursorBlink: false", "-xrm", "XTerm*scrollBar: false",
        "-e", "/bin/sh", "-c", script,
      ]
    case .kitty:
      // No remote fonts, no updates, no shell integration, a fixed size in cells.
      let config = scratch.file("kitty.conf")
      try """
      font_family DejaVu Sans Mono
      font_size 10
      remember_window_size no
      initial_window_width \(columns)c
      initial_window_height \(rows)c
      window_padding_width 0
      placement_strategy top-left
      cursor_blink_interval 0
      enable_audio_bell no
      update_check_interval 0
      confirm_os_window_close 0
      shell_integration disabled
      linux_display_server x11

      """.write(to: config, atomically: true, encoding: .utf8)
      environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
      environment["KITTY_CONFIG_DIRECTORY"] = scratch.file("config").path
      arguments = ["--config", config.path, "/bin/sh", "-c", script]
    }
    process = try StartedProcess(
      program, arguments, environment: environment, log: scratch.file("\(kind).log").path)
  }

  deinit { stop() }

  /// Ends the command's session, then the terminal.
  func stop() {
    if let text = scratch.read("shell.pid"),
      let shell = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), shell > 1
    {
      kill(-shell, SIGKILL)
    }
    process.stop()
  }

  /// Waits until the shell runs in the window and the window shows a settled screen (two
  /// screenshots alike, not one colour), and returns that screen: the terminal before the
  /// command ran, cleared.
  func cleanScreen() throws -> RGBAImage {
    try waitFor("\(kind) to start and show its cleared window") {
      guard let window = windowID else {
        let log = scratch.read("\(kind).log") ?? ""
        return .notYet("the shell in \(kind) had not started; its log:\n\(log)")
      }
      guard let first = try? display.screenshot(window: window) else {
        return .notYet("no screenshot")
      }
      Thread.sleep(forTimeInterval: 0.3)
      guard let second = try? display.screenshot(window: window) else {
        return .notYet("no screenshot")
      }
      guard first == second, !isOneColour(first) else { return .notYet("the screen was changing") }
      return .found(first)
    }
  }

  /// The terminal's X window, once the shell in it has said it.
  var windowID: String? {
    scratch.read("window.txt")?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty
  }

  /// Runs the command.
  func start() throws {
    try #require(
      FileManager.default.createFile(atPath: scratch.file("go").path, contents: Data()),
      "could not write \(scratch.file("go").path)")
  }

  /// Waits for a screenshot that satisfies `condition` and returns what it found.
  func waitForScreen<Value>(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (RGBAImage) -> Sight<Value>
  ) throws -> Value {
    try waitFor("\(what) in \(kind)", sourceLocation: sourceLocation) {
      guard let window = windowID, let screen = try? display.screenshot(window: window) else {
        return .notYet("no screenshot of the window")
      }
      return condition(screen)
    }
  }
}

/// Whether every pixel of `image` has the colour of its first.
func isOneColour(_ image: RGBAImage) -> Bool {
  image.pixels.withUnsafeBufferPointer { pixels in
    var index = 4
    while index < pixels.count {
      if pixels[index] != pixels[0] || pixels[index + 1] != pixels[1]
        || pixels[index + 2] != pixels[2]
      {
        return false
      }
      index += 4
    }
    return true
  }
}

/// The mean difference of two screenshots of the same size, 0–255 over R, G and B.
func screenDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
  guard a.width == b.width, a.height == b.height else { return 255 }
  var total = 0
  a.pixels.withUnsafeBufferPointer { a in
    b.pixels.withUnsafeBufferPointer { b in
      var index = 0
      while index < a.count {
        total +=
          abs(Int(a[index]) - Int(b[index])) + abs(Int(a[index + 1]) - Int(b[index + 1]))
          + abs(Int(a[index + 2]) - Int(b[index + 2]))
        index += 4
      }
    }
  }
  return Double(total) / Double(a.width * a.height * 3)
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
