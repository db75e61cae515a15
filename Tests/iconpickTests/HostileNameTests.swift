import Foundation
import Testing

/// Issue 26: names read from an artifact never reach the terminal as escape sequences, and a
/// megabyte name makes no megabyte line, in any command or format. The app below names its
/// alternates (and itself) with a clear-screen, a window-title OSC, BEL, CR, a C1 CSI and a
/// right-to-left override, and one alternate is a megabyte long.
@Suite struct HostileNameTests {
  static let hostile = "Blue\u{1B}[2J\u{1B}]0;pwned\u{07}\r\u{9B}31m\u{202E}evil"
  static let huge = "Huge-" + String(repeating: "x", count: 1 << 20) + "-End"
  /// Long, but short enough for a state file (at most 1 MiB).
  static let long = "Long-" + String(repeating: "x", count: 500_000) + "-End"
  static let appName = "Hostile\u{1B}[2J\u{9B}App"

  /// A built app whose binary Info.plist declares the two alternates, no images.
  static func hostileApp(in scratch: Scratch, bundleIdentifier: String = "dev.iconpick.Hostile")
    throws -> URL
  {
    let app = scratch.file("Hostile.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let plist: [String: Any] = [
      "CFBundleIdentifier": bundleIdentifier, "CFBundleName": appName,
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
        "CFBundleAlternateIcons": [
          hostile: ["CFBundleIconName": hostile], huge: ["CFBundleIconName": huge],
          long: ["CFBundleIconName": long],
        ],
      ],
    ]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
      .write(to: app.appendingPathComponent("Info.plist"))
    return app
  }

  func run(_ arguments: [String], in scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path, arguments + ["--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path])
  }

  /// No ESC, BEL, C1 control (UTF-8 C2 80...C2 9F) or bidirectional override in `text`; with
  /// `boundedLines`, no line over 20,000 bytes.
  func expectSafe(
    _ text: String, boundedLines: Bool = true, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(text.utf8)
    #expect(!bytes.contains(0x1B), "\(what): raw ESC", sourceLocation: sourceLocation)
    #expect(!bytes.contains(0x07), "\(what): raw BEL", sourceLocation: sourceLocation)
    #expect(!bytes.contains(0x0D), "\(what): raw CR", sourceLocation: sourceLocation)
    let c1 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
    #expect(!c1, "\(what): raw C1 control", sourceLocation: sourceLocation)
    #expect(!text.contains("\u{202E}"), "\(what): raw RLO", sourceLocation: sourceLocation)
    if boundedLines {
      let longest = text.split(separator: "\n").map(\.utf8.count).max() ?? 0
      #expect(
        longest < 20_000, "\(what): a line of \(longest) bytes", sourceLocation: sourceLocation)
    }
  }

  @Test func listTableAndWarnings() throws {
    let scratch = try Scratch()
    let app = try Self.hostileApp(in: scratch)
    let list = try run(["list", app.path], in: scratch)
    #expect(list.status == 0, "\(list.stderr.prefix(2000))")
    expectSafe(list.stdout, "list stdout")
    expectSafe(list.stderr, "list stderr")
    // Still recognisable: the escaped name, and the huge one's ends and length.
    #expect(list.stdout.contains(#"Blue\u{1B}[2J\u{1B}]0;pwned\u{7}\r\u{9B}31m\u{202E}evil"#))
    #expect(list.stdout.contains("Huge-xxx") && list.stdout.contains("(1048585 characters)"))
    #expect(list.stderr.contains(#""Blue\u{1B}[2J"#), "\(list.stderr.prefix(2000))")
  }

  @Test func listJSONKeepsTheNamesWholeAndEscaped() throws {
    let scratch = try Scratch()
    let app = try Self.hostileApp(in: scratch)
    let list = try run(["list", app.path, "--json"], in: scratch)
    #expect(list.status == 0)
    expectSafe(list.stdout, boundedLines: false, "list --json")
    expectSafe(list.stderr, "list --json stderr")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
    let names = (document["icons"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(Set(names) == ["AppIcon", Self.hostile, Self.huge, Self.long])
    #expect((document["app"] as? [String: Any])?["name"] as? String == Self.appName)
  }

  @Test func setGetAndTheAlert() throws {
    let scratch = try Scratch()
    let app = try Self.hostileApp(in: scratch)
    let set = try run(["set", Self.hostile, app.path], in: scratch)
    #expect(set.status == 0, "\(set.stderr)")
    expectSafe(set.stderr, "set's alert")
    #expect(set.stderr.contains(#"Hostile\u{1B}[2J\u{9B}App"#), "\(set.stderr)")

    let get = try run(["get", app.path], in: scratch)
    #expect(get.status == 0)
    expectSafe(get.stdout, "get")
    #expect(get.stdout.contains(#"Blue\u{1B}[2J"#))
    let json = try run(["get", app.path, "--json"], in: scratch)
    expectSafe(json.stdout, "get --json")
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["alternateIconName"] as? String == Self.hostile)

    // A name too long for the command line, recorded as set would record it.
    try Data(
      JSONSerialization.data(withJSONObject: [
        "alternateIconName": Self.long, "bundleIdentifier": "dev.iconpick.Hostile",
      ])
    ).write(to: scratch.file("state/dev.iconpick.Hostile.json"))
    let hugeGet = try run(["get", app.path], in: scratch)
    #expect(hugeGet.status == 0)
    expectSafe(hugeGet.stdout, "get of the huge name")
    #expect(
      hugeGet.stdout.contains("(500009 characters)"),
      "\(hugeGet.stdout.prefix(500)) \(hugeGet.stderr.prefix(500))")

    // An unknown name typed by the user is escaped and shortened in the refusal too, and so are
    // the names offered instead. (An argument is at most 128 KiB.)
    let typed = "Nope\u{1B}[2J" + String(repeating: "y", count: 100_000)
    let unknown = try run(["set", typed, app.path], in: scratch)
    #expect(unknown.status == 1)
    expectSafe(unknown.stderr, "set's refusal")
    #expect(unknown.stderr.contains(#"Nope\u{1B}[2J"#))
    #expect(unknown.stderr.contains("(100008 characters)"), "\(unknown.stderr.prefix(1000))")
  }

  @Test func pushRefusalsAndAlert() throws {
    let scratch = try Scratch()
    let app = try Self.hostileApp(in: scratch)
    // A control character in icon_name is refused, and the refusal shows it escaped.
    let payload = try JSONSerialization.data(withJSONObject: ["icon_name": Self.hostile])
    try payload.write(to: scratch.file("payload.json"))
    let refused = try run(["push", scratch.file("payload.json").path, app.path], in: scratch)
    #expect(refused.status == 1)
    expectSafe(refused.stdout + refused.stderr, "push refusal")
    #expect(refused.stderr.contains(#"Blue\u{1B}[2J"#))
    // A change: the alert names the app, escaped.
    #expect(try run(["set", Self.hostile, app.path], in: scratch).status == 0)
    try Data(#"{"icon_name":null}"#.utf8).write(to: scratch.file("reset.json"))
    let push = try run(["push", scratch.file("reset.json").path, app.path], in: scratch)
    #expect(push.status == 0, "\(push.stderr)")
    #expect(push.stdout == "newData\n")
    expectSafe(push.stderr, "push's alert")
    #expect(push.stderr.contains(#"Hostile\u{1B}[2J\u{9B}App"#), "\(push.stderr)")
  }

  @Test func showNamesTheIconSafely() throws {
    let scratch = try Scratch()
    let app = try Self.hostileApp(in: scratch)
    let long = "Nope\u{1B}]0;t\u{07}" + String(repeating: "z", count: 100_000)
    for name in [Self.hostile, long] {
      let show = try run(["show", name, app.path, "--color", "none"], in: scratch)
      expectSafe(show.stderr, "show's messages")
      #expect(show.status == 1)
      #expect(show.stderr.contains(name == long ? #"Nope\u{1B}]0;t"# : #"Blue\u{1B}[2J"#))
    }
  }

  @Test(arguments: ["gcc", "json", "github", "sarif", "junit"])
  func checkInEveryFormat(format: String) throws {
    let scratch = try Scratch()
    let app = try Self.hostileApp(in: scratch)
    let check = try run(["check", app.path, "--format", format], in: scratch)
    #expect(check.status == 1, "\(check.stderr.prefix(2000))")
    expectSafe(check.stdout, "check --format \(format)")
    expectSafe(check.stderr, "check's stderr")
    #expect(check.stdout.contains("Blue"), "\(check.stdout.prefix(2000))")
    #expect(check.stdout.contains("characters)"), "\(check.stdout.prefix(3000))")
    if format == "json" || format == "sarif" {
      #expect(throws: Never.self) {
        try JSONSerialization.jsonObject(with: Data(check.stdout.utf8))
      }
    }
  }
}
