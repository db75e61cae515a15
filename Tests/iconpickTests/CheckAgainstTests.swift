import Foundation
import Testing

/// `iconpick check PROJECT --against APP`, through the built binary: a project and the app built
/// from it agree (exit 0), an app that lacks an alternate is a `built-differs` error (exit 1),
/// and a path that is not a built app is one line naming it.
@Suite struct CheckAgainstTests {
  /// The project's Info.plist; the built one is the same with the keys the build adds.
  static func plist(alternates: [String], built: Bool) -> String {
    let entries = alternates.map {
      "<key>\($0)</key><dict><key>CFBundleIconFiles</key><array><string>\($0)60x60</string></array></dict>"
    }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleIdentifier</key><string>\(built ? "com.example.seed" : "$(PRODUCT_BUNDLE_IDENTIFIER)")</string>
      <key>CFBundleDisplayName</key><string>Seed</string>
      \(built ? "<key>UIDeviceFamily</key><array><integer>1</integer></array>" : "")
      <key>CFBundleIcons</key><dict>
        <key>CFBundlePrimaryIcon</key><dict>
          <key>CFBundleIconFiles</key><array><string>AppIcon60x60</string></array></dict>
        <key>CFBundleAlternateIcons</key><dict>\(entries)</dict>
      </dict>
      </dict></plist>
      """
  }

  /// The project in `project/`, and its images' names and bytes.
  static func project(in scratch: Scratch) throws -> [(String, [UInt8])] {
    let folder = scratch.file("project")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(plist(alternates: ["Blue"], built: false).utf8).write(
      to: folder.appendingPathComponent("Info.plist"))
    try Data(
      "PRODUCT_BUNDLE_IDENTIFIER = com.example.seed\nTARGETED_DEVICE_FAMILY = 1\n".utf8
    ).write(to: folder.appendingPathComponent("App.xcconfig"))
    let images = [
      ("AppIcon60x60@2x.png", try IPACheckTests.png(120, in: scratch)),
      ("Blue60x60@2x.png", try IPACheckTests.png(120, in: scratch)),
    ]
    for (name, bytes) in images {
      try Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    return images
  }

  func check(_ arguments: [String], in scratch: Scratch) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    try runProcess(
      iconpickBinary().path,
      ["check", scratch.file("project").path, "--state-dir", scratch.file("state").path]
        + arguments,
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
  }

  @Test func anIpaBuiltFromTheProjectAgreesWithIt() throws {
    let scratch = try Scratch()
    let images = try Self.project(in: scratch)
    let ipa = scratch.file("Seed.ipa")
    let files =
      [("Info.plist", Array(Self.plist(alternates: ["Blue"], built: true).utf8))] + images
    try Data(IPACommandTests.zip(files.map { ("Payload/Seed.app/\($0.0)", $0.1) })).write(to: ipa)
    let result = try check(["--against", ipa.path], in: scratch)
    #expect(!result.stdout.contains("built-differs"), "\(result.stdout)")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test func anAppWithoutTheAlternateIsABuiltDiffersError() throws {
    let scratch = try Scratch()
    let images = try Self.project(in: scratch)
    let app = scratch.file("Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(Self.plist(alternates: [], built: true).utf8).write(
      to: app.appendingPathComponent("Info.plist"))
    for (name, bytes) in images { try Data(bytes).write(to: app.appendingPathComponent(name)) }

    let result = try check(["--against", app.path], in: scratch)
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").filter { $0.contains("[built-differs]") }
    #expect(lines.count == 1, "\(result.stdout)")
    #expect(
      lines.first?.contains(
        "error: predicted CFBundleIcons → CFBundleAlternateIcons has \"Blue\"; the built Info.plist (\(app.path)/Info.plist) has no \"Blue\""
      ) == true, "\(result.stdout)")
    #expect(lines.first?.hasPrefix(scratch.file("project/Info.plist").path + ":") == true)

    // The same finding in every format, JSON here.
    let json = try check(["--against", app.path, "--json"], in: scratch)
    #expect(json.status == 1)
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.filter { $0["id"] as? String == "built-differs" }.count == 1)

    // And as a GitHub annotation, at the project's Info.plist.
    let github = try check(["--against", app.path, "--format", "github"], in: scratch)
    #expect(github.status == 1)
    #expect(
      github.stdout.split(separator: "\n").contains {
        $0.hasPrefix("::error file=") && $0.contains("Info.plist,line=")
          && $0.contains("title=iconpick built-differs::predicted CFBundleIcons")
      }, "\(github.stdout)")
  }

  @Test func aPathThatIsNoBuiltAppIsOneLineNamingIt() throws {
    let scratch = try Scratch()
    _ = try Self.project(in: scratch)
    for (path, words) in [
      (scratch.file("project").path, "not a built app"),
      (scratch.file("Nowhere.ipa").path, "no such file or folder"),
    ] {
      let result = try check(["--against", path], in: scratch)
      #expect(result.status == 1, "\(path)")
      #expect(result.stdout.isEmpty, "\(result.stdout)")
      #expect(
        result.stderr.hasPrefix("iconpick: error: --against \(path): \(words)"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
    // An .ipa that is not a zip, an app whose Assets.car is damaged: the reader's one line,
    // naming the file.
    let broken = scratch.file("Broken.ipa")
    try Data("not a zip".utf8).write(to: broken)
    let damaged = scratch.file("Damaged.app")
    try FileManager.default.createDirectory(at: damaged, withIntermediateDirectories: true)
    try Data(Self.plist(alternates: ["Blue"], built: true).utf8).write(
      to: damaged.appendingPathComponent("Info.plist"))
    try Data("BOMStore".utf8).write(to: damaged.appendingPathComponent("Assets.car"))
    for (path, named) in [
      (broken.path, broken.path), (damaged.path, damaged.appendingPathComponent("Assets.car").path),
    ] {
      let result = try check(["--against", path], in: scratch)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty, "\(result.stdout)")
      #expect(result.stderr.contains(named), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
  }

  @Test("a built app or a lone Info.plist as PATH is refused: there are no sources to predict from")
  func pathsWithoutSourcesAreRefused() throws {
    let scratch = try Scratch()
    let images = try Self.project(in: scratch)
    let app = scratch.file("Seed.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(Self.plist(alternates: ["Blue"], built: true).utf8).write(
      to: app.appendingPathComponent("Info.plist"))
    for (name, bytes) in images { try Data(bytes).write(to: app.appendingPathComponent(name)) }
    for (path, words) in [
      (app.path, "is a built app"),
      (scratch.file("project/Info.plist").path, "is not a project"),
    ] {
      let result = try runProcess(
        iconpickBinary().path,
        ["check", path, "--against", app.path, "--state-dir", scratch.file("state").path],
        environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
      #expect(result.status == 1, "\(path): \(result.stdout)")
      #expect(result.stdout.isEmpty, "\(path): \(result.stdout)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1 && lines[0].contains(words), "\(path): \(result.stderr)")
    }
  }

  @Test("check on a built app whose Assets.car cannot be read fails naming it, not a pass")
  func aBuiltAppWithADamagedCarIsNotPassed() throws {
    let scratch = try Scratch()
    let app = scratch.file("Damaged.app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(Self.plist(alternates: [], built: true).utf8).write(
      to: app.appendingPathComponent("Info.plist"))
    try Data("BOMStore".utf8).write(to: app.appendingPathComponent("Assets.car"))
    let result = try runProcess(
      iconpickBinary().path, ["check", app.path, "--state-dir", scratch.file("state").path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("no problems found"), "\(result.stdout)")
    #expect(
      result.stderr.contains(app.appendingPathComponent("Assets.car").path)
        && result.stderr.contains("cannot be checked"), "\(result.stderr)")
  }

  @Test func againstWithRulesIsAWrongCommandLine() throws {
    let scratch = try Scratch()
    let result = try runProcess(
      iconpickBinary().path, ["check", "--rules", "--against", scratch.file("App.ipa").path],
      environment: ["LANG": "C.UTF-8", "HOME": scratch.url.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("drop --against"), "\(result.stderr)")
  }

  /// A built app of the target `product` of `Two.xcodeproj`, with `identifier`: its primary's
  /// one loose PNG, no Assets.car.
  static func builtApp(_ product: String, identifier: String, in scratch: Scratch) throws -> URL {
    let app = scratch.file("Build/\(product).app")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    let plist: [String: Any] = [
      "CFBundleIdentifier": identifier, "UIDeviceFamily": [1],
      "CFBundleIcons": [
        "CFBundlePrimaryIcon": [
          "CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60"],
        ]
      ],
    ]
    try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
      .write(to: app.appendingPathComponent("Info.plist"))
    try Data(try IPACheckTests.png(120, in: scratch)).write(
      to: app.appendingPathComponent("AppIcon60x60@2x.png"))
    return app
  }

  @Test func ofSeveralTargetsTheOneWithTheBuiltAppsIdentifierIsCompared() throws {
    let project = try CheckEveryTargetTests.project()
    let app = try Self.builtApp("Day", identifier: "dev.iconpick.Day", in: project)
    let result = try runProcess(
      iconpickBinary().path, ["check", project.url.path, "--against", app.path],
      environment: ["LANG": "C.UTF-8", "HOME": project.url.path])
    #expect(
      result.stderr.contains(
        "comparing target \"Day\" with Day.app: its bundle identifier is the built app's"),
      "\(result.stderr)")
    // Only Day: Night's missing #include is not reported.
    #expect(result.stdout.contains("target Day"), "\(result.stdout)")
    #expect(!result.stdout.contains("Night"), "\(result.stdout)")
    // Day's set is single-size: the built app needs an image on iPhone, which it has, and the
    // App Store one, which (without an Assets.car) it has not.
    let differs = result.stdout.split(separator: "\n").filter { $0.hasSuffix("[built-differs]") }
    #expect(differs.count == 1, "\(result.stdout)")
    #expect(
      differs.first?.contains(
        "predicted the primary icon \"AppIcon\" to have every size, drawn by actool from one image; the built app (\(app.path)) has no App Store (1024×1024) image of it"
      ) == true, "\(result.stdout)")
    #expect(result.status == 1)

    let stranger = try Self.builtApp("Other", identifier: "com.example.other", in: project)
    let unmatched = try runProcess(
      iconpickBinary().path, ["check", project.url.path, "--against", stranger.path],
      environment: ["LANG": "C.UTF-8", "HOME": project.url.path])
    #expect(unmatched.status == 1)
    #expect(unmatched.stdout.isEmpty)
    #expect(
      unmatched.stderr.contains(
        "its app (bundle identifier com.example.other, product Other.app) matches none or several of the targets"
      ), "\(unmatched.stderr)")
    #expect(unmatched.stderr.contains("(Day, Night)"), "\(unmatched.stderr)")
  }
}
