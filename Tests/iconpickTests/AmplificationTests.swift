import Foundation
import Glibc
import Testing

/// Inputs that are small on disk but used to cost far more than their size (issue 26: the
/// Info.plist line index, cars whose entries share blocks, interlaced PNGs, thousands of
/// alternates): each command runs as a child process and its peak memory comes from its rusage
/// (through zsh's `time`). The bounds are generous on purpose (the point is a gigabyte against
/// tens of megabytes), and no time is asserted: `make bench` measures speed.
@Suite struct AmplificationTests {
  /// What a child process did: its status, output and peak resident memory in MiB.
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
    var maximumMiB: Int
  }

  /// Runs the built iconpick with `arguments`, its output in files of `scratch`, under zsh's
  /// `time` (zsh is one of `make setup`'s packages), which reports the peak memory of the process
  /// it forks. The peak cannot come from this process's own `wait4`: Linux starts a spawned
  /// child's peak at its parent's (posix_spawn's vfork shares the memory until the exec), and
  /// the test process is hundreds of MB in a full run.
  static func run(_ arguments: [String], in scratch: Scratch) throws -> Outcome {
    let binary = try iconpickBinary().path
    let zsh = try #require(
      ["/usr/bin/zsh", "/bin/zsh"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "zsh is not installed: run `make setup`")
    let id = UUID().uuidString
    let out = scratch.file("stdout-\(id)")
    let err = scratch.file("stderr-\(id)")
    let peak = scratch.file("peak-\(id)")
    let script = #"out=$1 err=$2; shift 2; TIMEFMT=%M; time "$@" >$out 2>$err"#
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, peak.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let words: [String] =
      ["zsh", "-f", "-c", script, "zsh", out.path, err.path, binary] + arguments + [
        "--state-dir", scratch.file("state").path,
      ]
    let variables: [String] = ["LANG=C.UTF-8", "HOME=\(scratch.url.path)", "NO_COLOR=1"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + environment { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, zsh, &actions, nil, argv, environment)
    try #require(spawned == 0, "posix_spawn failed: \(spawned)")
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      try #require(errno == EINTR, "waitpid failed: \(errno)")
    }
    // The status as the shell gives it: the exit code, or 128 + the signal.
    let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let report = (try? String(contentsOf: peak, encoding: .utf8)) ?? ""
    let megabytes = try #require(
      report.split(separator: "\n").last.flatMap { Int($0) }, "zsh's time said \(report)")
    return Outcome(
      status: code, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "", maximumMiB: megabytes)
  }

  /// An Info.plist with a primary icon, `alternates` (all naming one small PNG) and `extra`
  /// (more keys, comments…).
  static func infoPlist(alternates: Int = 0, extra: String = "", project: Bool = false)
    -> String
  {
    let entries = (0..<alternates).map {
      "<key>Alt\($0)</key><dict><key>CFBundleIconFiles</key><array><string>Shared60x60</string></array></dict>\n"
    }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>\(project ? "$(PRODUCT_BUNDLE_IDENTIFIER)" : "com.example.amplified")</string>
      <key>CFBundleName</key><string>Amplified</string>
      \(project ? "" : "<key>UIDeviceFamily</key><array><integer>1</integer></array>")
      <key>CFBundleIcons</key><dict>
      <key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array></dict>
      <key>CFBundleAlternateIcons</key><dict>
      \(entries)</dict>
      </dict>
      \(extra)
      </dict></plist>
      """
  }

  /// A built app folder (or, with `project`, a project folder) with that Info.plist and its
  /// two images.
  static func app(
    _ name: String, in scratch: Scratch, alternates: Int = 0, extra: String = "",
    project: Bool = false
  ) throws -> URL {
    let folder = scratch.file(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(infoPlist(alternates: alternates, extra: extra, project: project).utf8).write(
      to: folder.appendingPathComponent("Info.plist"))
    let png = try IPACheckTests.png(120, in: scratch)
    for image in ["AppIcon60x60@2x.png", "Shared60x60@2x.png"] {
      try Data(png).write(to: folder.appendingPathComponent(image))
    }
    if project {
      try Data(
        "PRODUCT_BUNDLE_IDENTIFIER = com.example.amplified\nTARGETED_DEVICE_FAMILY = 1\n".utf8
      ).write(to: folder.appendingPathComponent("App.xcconfig"))
    }
    return folder
  }

  // MARK: The Info.plist line index

  /// 120 levels deep with 30,000 values at the bottom: the index stored every value's whole key
  /// path (hundreds of MB at this size, 1.6 GB at 400 levels); now a node per value.
  @Test func aDeepInfoPlistIsIndexedInLittleMemory() throws {
    let scratch = try Scratch()
    let depth = 120
    let values = (0..<30_000).map { "<key>v\($0)</key><string>x</string>\n" }.joined()
    let extra =
      "<key>Deep</key>" + String(repeating: "<dict><key>k</key>", count: depth) + "<dict>"
      + values + "</dict>" + String(repeating: "</dict>", count: depth)
    let app = try Self.app("Deep.app", in: scratch, extra: extra)
    for command in ["list", "check"] {
      let outcome = try Self.run([command, app.path], in: scratch)
      #expect(outcome.status == 0 || command == "check", "\(outcome.stderr)")
      #expect(!outcome.stderr.contains("Fatal error"))
      #expect(outcome.maximumMiB < 150, "\(command): \(outcome.maximumMiB) MiB")
    }
  }

  /// Deeper than the limit: one line naming the file and the limit.
  @Test func aTooDeepInfoPlistIsRefusedNamingIt() throws {
    let scratch = try Scratch()
    let extra =
      "<key>Deep</key>" + String(repeating: "<array>", count: 400)
      + String(repeating: "</array>", count: 400)
    let app = try Self.app("Deep.app", in: scratch, extra: extra)
    let outcome = try Self.run(["list", app.path], in: scratch)
    #expect(outcome.status == 1)
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(outcome.stderr.contains("Deep.app/Info.plist"))
    #expect(outcome.stderr.contains("nested more than 128 deep"))
  }

  // MARK: Thousands of alternates

  /// 3,000 alternates, all naming one small PNG: check, and check --against the app built from
  /// the project, agree and stay small (the dictionary comparison looked each name up in a list,
  /// and the project's asset names were a list too: quadratic).
  @Test func thousandsOfAlternatesAreCheckedAndCompared() throws {
    let scratch = try Scratch()
    let app = try Self.app("Many.app", in: scratch, alternates: 3000)
    let project = try Self.app("project", in: scratch, alternates: 3000, project: true)
    let check = try Self.run(["check", app.path], in: scratch)
    #expect(!check.stderr.contains("Fatal error"))
    #expect(check.maximumMiB < 150, "check: \(check.maximumMiB) MiB")
    let against = try Self.run(["check", project.path, "--against", app.path], in: scratch)
    #expect(against.status == 0, "\(against.stdout)\(against.stderr)")
    #expect(against.maximumMiB < 150, "--against: \(against.maximumMiB) MiB")
  }

  // MARK: Cars and PNGs

  /// A preview of an interlaced 16-bit PNG at the size limit is refused before its 768 MiB
  /// decode, naming the file.
  @Test func aPreviewTooLargeToDecodeIsRefusedNamingIt() throws {
    let scratch = try Scratch()
    let app = try Self.app("Big.app", in: scratch)
    var header = [UInt8](repeating: 0, count: 13)
    header.replaceSubrange(0..<8, with: [0, 0, 0x20, 0, 0, 0, 0x20, 0])  // 8192×8192
    header.replaceSubrange(8..<13, with: [16, 6, 0, 0, 1])  // 16-bit RGBA, Adam7
    func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(kind.utf8) + data
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in body {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      }
      crc ^= 0xFFFF_FFFF
      func big(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
      }
      return big(UInt32(data.count)) + body + big(crc)
    }
    let png =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", [0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    try Data(png).write(to: app.appendingPathComponent("AppIcon60x60@2x.png"))
    let outcome = try Self.run(["show", app.path], in: scratch)
    #expect(outcome.maximumMiB < 100, "\(outcome.maximumMiB) MiB")
    #expect(outcome.stderr.contains("AppIcon60x60@2x.png: the PNG is 8192×8192 pixels"))
    #expect(outcome.stderr.contains("over the 192 MiB limit for previews"))
  }
}
