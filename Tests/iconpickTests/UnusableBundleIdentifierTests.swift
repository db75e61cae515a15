import Foundation
import Testing

/// Issue 26: a bundle identifier that cannot name a state file stops only what records the
/// choice (set, reset, push); list, get (the primary), show and check go on with one warning.
@Suite struct UnusableBundleIdentifierTests {
  func run(_ arguments: [String], in scratch: Scratch, stdin: Data? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path],
      stdin: stdin)
  }

  /// A built app with a binary Info.plist; `patch` may change its bytes.
  func app(
    in scratch: Scratch, bundleIdentifier: String, patch: (inout [UInt8]) -> Void = { _ in }
  ) throws -> URL {
    let app = scratch.file("Lantern.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let plist: [String: Any] = [
      "CFBundleIdentifier": bundleIdentifier, "CFBundleName": "Lantern",
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": ["Blue": ["CFBundleIconName": "AppIcon-Blue"]],
      ],
    ]
    var bytes = [UInt8](
      try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
    patch(&bytes)
    try Data(bytes).write(to: app.appendingPathComponent("Info.plist"))
    return app
  }

  static let identifiers: [(String, String)] = [
    ("dev.iconpick/../../evil", "it contains \"/\""),
    ("..", "a folder, not a name"),
    (".hidden", "starts with \".\""),
    ("dev.iconpick.\u{1B}[2J", "U+1B"),
    ("dev.iconpick.é", "\"é\""),
    (String(repeating: "a", count: 300), "300 characters long"),
  ]

  @Test(arguments: identifiers)
  func readingCommandsGoOnAndRecordingOnesStop(identifier: String, reason: String) throws {
    let scratch = try Scratch()
    let app = try app(in: scratch, bundleIdentifier: identifier)
    let warning = "cannot name a state file"

    let list = try run(["list", app.path], in: scratch)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Blue"))
    let warnings = list.stderr.split(separator: "\n").filter { $0.contains(warning) }
    #expect(warnings.count == 1, "\(list.stderr)")
    #expect(warnings.first?.contains("Lantern: the bundle identifier") == true, "\(list.stderr)")
    #expect(warnings.first?.contains(reason) == true, "\(list.stderr)")
    #expect(!list.stderr.contains("\u{1B}"))

    let json = try run(["list", app.path, "--json"], in: scratch)
    #expect(json.status == 0, "\(json.stderr)")

    let get = try run(["get", app.path], in: scratch)
    #expect(get.status == 0, "\(get.stderr)")
    #expect(get.stdout == "AppIcon\n")
    #expect(get.stderr.components(separatedBy: warning).count == 2, "\(get.stderr)")

    let show = try run(["show", app.path, "--color", "none"], in: scratch)
    #expect(show.stderr.components(separatedBy: warning).count == 2, "\(show.stderr)")
    #expect(!show.stderr.contains("Cannot"), "\(show.stderr)")

    let check = try run(["check", app.path], in: scratch)
    #expect(check.stderr.components(separatedBy: warning).count == 2, "\(check.stderr)")
    #expect(check.stdout.contains("Blue"), "\(check.stdout)")

    for arguments in [["set", "Blue", app.path], ["reset", app.path]] {
      let set = try run(arguments, in: scratch)
      #expect(set.status == 1)
      #expect(set.stderr.components(separatedBy: warning).count == 2, "\(set.stderr)")
      #expect(set.stderr.contains(reason), "\(set.stderr)")
      #expect(!set.stderr.contains("You have changed"))
    }
    let push = try run(
      ["push", "-", app.path], in: scratch, stdin: Data(#"{"icon_name":"Blue"}"#.utf8))
    #expect(push.status == 1)
    #expect(push.stdout == "failed\n")
    #expect(push.stderr.contains(warning), "\(push.stderr)")

    // Nothing was written anywhere.
    let written =
      (try? FileManager.default.contentsOfDirectory(atPath: scratch.file("state").path)) ?? []
    #expect(written.filter { !$0.hasPrefix("picker") } == [], "\(written)")
  }

  /// A binary plist's UTF-16 string with a lone surrogate: not valid Unicode. FoundationEssentials'
  /// PropertyListDecoder refuses the file (Foundation read it as U+FFFD): every command says so,
  /// naming the Info.plist, and none crashes or writes.
  @Test func aBundleIdentifierThatIsNotValidUTF16() throws {
    let scratch = try Scratch()
    let app = try app(in: scratch, bundleIdentifier: "dev.iconpick.\u{4E00}") { bytes in
      // U+4E00 big-endian in the UTF-16 string: make it a lone high surrogate.
      for index in bytes.indices.dropLast() where bytes[index] == 0x4E && bytes[index + 1] == 0 {
        bytes[index] = 0xD8
      }
    }
    let list = try run(["list", app.path], in: scratch)
    #expect(list.status == 1, "\(list.stderr)")
    #expect(list.stderr.contains("Info.plist: not a valid property list"), "\(list.stderr)")
    let set = try run(["set", "Blue", app.path], in: scratch)
    #expect(set.status == 1, "\(set.stderr)")
  }
}
