import Foundation
import Glibc
import Testing

/// Runs the built binary as "nobody" (uid 65534) wherever the checkout lives: from copies of
/// the binary and the demo app in a world-readable temporary folder, so a checkout in a 0700
/// folder makes no difference. Cancels the test, saying why, where that cannot be done.
final class NobodyCopy {
  let scratch: Scratch
  let setpriv: String

  init() throws {
    setpriv = try Self.setprivAsRoot()
    scratch = try Scratch()
    try Self.open(scratch.url)
    try Self.requireReachable(scratch.url)
  }

  /// setpriv's path, when this process may use it to become another user.
  private static func setprivAsRoot() throws -> String {
    guard getuid() == 0 else { try Test.cancel("running as another user needs root") }
    guard
      let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { try Test.cancel("setpriv (util-linux) is not installed") }
    return setpriv
  }

  /// Every folder above `url` must let nobody through.
  private static func requireReachable(_ url: URL) throws {
    var folder = url.deletingLastPathComponent()
    while folder.path != "/" {
      var info = stat()
      if stat(folder.path, &info) != 0 || info.st_mode & 0o001 == 0 {
        try Test.cancel("nobody cannot reach the temporary folder \(folder.path)")
      }
      folder = folder.deletingLastPathComponent()
    }
  }

  /// Lets everyone read a folder and everything in it.
  static func open(_ url: URL) throws {
    chmod(url.path, 0o755)
    let walker = FileManager.default.enumerator(atPath: url.path)
    while let relative = walker?.nextObject() as? String {
      let path = url.appendingPathComponent(relative).path
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      chmod(path, isFolder.boolValue ? 0o755 : 0o644)
    }
  }

  /// Installs the binary as PREFIX/bin/iconpick under `name`, with the demo app at
  /// PREFIX/share/iconpick/Palette, as `make install` lays them out; then gives bin and share
  /// the modes asked for. Returns the binary.
  func install(_ name: String, binMode: mode_t = 0o755, shareMode: mode_t = 0o755) throws -> URL {
    let prefix = scratch.file(name)
    let bin = prefix.appendingPathComponent("bin")
    let share = prefix.appendingPathComponent("share")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: share.appendingPathComponent("iconpick"), withIntermediateDirectories: true)
    let binary = bin.appendingPathComponent("iconpick")
    try FileManager.default.copyItem(at: try iconpickBinary(), to: binary)
    try FileManager.default.copyItem(
      at: paletteFolder(), to: share.appendingPathComponent("iconpick/Palette"))
    try Self.open(prefix)
    chmod(binary.path, 0o755)
    chmod(bin.path, binMode)
    chmod(share.path, shareMode)
    return binary
  }

  /// The demo app where nobody can read it.
  func palette() throws -> URL {
    let copy = scratch.file("Palette")
    if !FileManager.default.fileExists(atPath: copy.path) {
      try FileManager.default.copyItem(at: paletteFolder(), to: copy)
      try Self.open(copy)
    }
    return copy
  }

  /// An empty folder nobody can read, to run in: no app there.
  func emptyFolder() throws -> URL {
    let folder = scratch.file("empty")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    chmod(folder.path, 0o755)
    return folder
  }

  struct Outcome {
    var status: Int32
    /// The signal that ended it, if one did (SIGILL is Foundation's trap).
    var signal: Int32?
    var stdout: String
    var stderr: String
  }

  /// Runs `binary` as nobody in `folder` (the empty folder when not given).
  func run(_ binary: URL, _ arguments: [String], in folder: URL? = nil) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: setpriv)
    process.arguments =
      ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
    process.currentDirectoryURL = try folder ?? emptyFolder()
    process.environment = [
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": "/nonexistent",
    ]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let signalled = process.terminationReason == .uncaughtSignal
    return Outcome(
      status: signalled ? -1 : process.terminationStatus,
      signal: signalled ? process.terminationStatus : nil,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs the bare picker as nobody in the empty folder, in a terminal of `script`'s 400 columns
  /// wide, until it has drawn and read the `q` sent to it. `stdout` is what the terminal showed,
  /// its escape sequences removed.
  func runPicker(_ binary: URL, _ arguments: [String]) throws -> Outcome {
    let command =
      "stty cols 400 rows 40; exec "
      + ([binary.path] + arguments).map(shellQuote).joined(separator: " ")
    // `q` once the status line is drawn (or the picker has stopped), at most a minute on.
    let screenFile = scratch.file("picker-screen").path
    let keys =
      "for i in $(seq 600); do grep -qaE 'This is the demo app|iconpick: error' \(screenFile) 2>/dev/null && break; sleep 0.1; done; printf q"
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = [
      "-o", "pipefail", "-c",
      "(\(keys)) | \(setpriv) --reuid=65534 --regid=65534 --clear-groups /usr/bin/script -qfec \(shellQuote(command)) /dev/null | tee \(screenFile)",
    ]
    shell.currentDirectoryURL = try emptyFolder()
    shell.environment = [
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": "/nonexistent",
      "TERM": "xterm",
    ]
    let out = Pipe()
    shell.standardOutput = out
    shell.standardError = out
    shell.standardInput = FileHandle.nullDevice
    try shell.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    shell.waitUntilExit()
    let screen = String(decoding: data, as: UTF8.self).replacingOccurrences(
      of: "\u{1B}([_\\]][^\u{1B}]*\u{1B}\\\\|\\[[>=?]?[0-9;]*[A-Za-z]|\\([B0]|[=>])", with: "",
      options: .regularExpression)
    return Outcome(status: shell.terminationStatus, stdout: screen, stderr: screen)
  }

  /// Cancels the test when nobody cannot run this copy at all (its libraries out of reach).
  func requireRunnable(_ binary: URL) throws {
    let probe = try run(binary, ["--help"])
    if probe.status != 0 {
      try Test.cancel(
        "nobody cannot run a copy of the build (\(probe.signal.map { "signal \($0)" } ?? "status \(probe.status)")): \(probe.stderr)"
      )
    }
  }
}

/// Issue 14, point 5: the binary is found without `Bundle.main`, which traps when its folder
/// cannot be read; a demo app out of reach is said, not a crash.
@Suite struct RunAsNobodyTests {
  @Test func anInstalledBinaryInAFolderNobodyCannotListFindsTheDemoAppBesideIt() throws {
    let nobody = try NobodyCopy()
    let binary = try nobody.install("usr", binMode: 0o711)
    try nobody.requireRunnable(binary)
    let state = nobody.scratch.file("state").path
    // Only the bare picker opens the demo app where there is no app: it says so on screen.
    let result = try nobody.runPicker(binary, ["--state-dir", state])
    #expect(result.status == 0, "\(result.stdout)")
    let palette = nobody.scratch.file("usr/share/iconpick/Palette").path
    #expect(result.stdout.contains("This is the demo app"), "\(result.stdout)")
    // ncurses may draw a space as a cursor move: the path alone.
    #expect(result.stdout.contains("\(palette))."), "\(result.stdout)")
    #expect(result.stdout.contains("AppIcon-Teal"), "\(result.stdout)")
  }

  @Test func aGivenPathWorksWhateverTheBinarysFolder() throws {
    let nobody = try NobodyCopy()
    for mode: mode_t in [0o711, 0o311, 0o111] {
      let binary = try nobody.install("prefix-\(String(mode, radix: 8))", binMode: mode)
      try nobody.requireRunnable(binary)
      let state = nobody.scratch.file("state").path
      let result = try nobody.run(
        binary, ["list", try nobody.palette().path, "--state-dir", state])
      #expect(result.signal == nil, "\(result.stderr)")
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("AppIcon-Teal"))
    }
  }

  @Test func aDemoAppNobodyCannotReachIsSaidOrAnotherIsUsed() throws {
    let nobody = try NobodyCopy()
    let binary = try nobody.install("locked", binMode: 0o711, shareMode: 0o700)
    try nobody.requireRunnable(binary)
    let state = nobody.scratch.file("state").path
    let result = try nobody.runPicker(binary, ["--state-dir", state])
    let checkout = paletteFolder().standardizedFileURL.path
    if result.status == 0 {
      // The checkout this binary was built from is in reach: its demo app stands in.
      #expect(result.stdout.contains("\(checkout))."), "\(result.stdout)")
    } else {
      #expect(result.status == 1)
      #expect(result.stderr.contains("bundled demo app"), "\(result.stderr)")
      #expect(result.stderr.contains("cannot be reached"), "\(result.stderr)")
      #expect(result.stderr.contains("give a PATH"))
    }
  }
}
