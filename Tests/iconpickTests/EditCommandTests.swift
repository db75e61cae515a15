import Foundation
import TestSupport
import Testing

/// `iconpick add` and `iconpick remove` through the built binary, on small Xcode projects the
/// tests write: the dry run writes nothing, a real add is seen by `list` and `check` and undone
/// byte for byte by `remove`, and every refusal leaves every byte where it was.
@Suite struct EditCommandTests {
  let scratch: Scratch

  init() throws { scratch = try Scratch() }

  /// The binary with `arguments`, in `folder` (default: the scratch), its state in the scratch.
  @discardableResult
  func run(_ arguments: [String], in folder: URL? = nil) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let command =
      "cd \(shellQuote((folder ?? scratch.url).path)) && exec "
      + ([try iconpickBinary().path] + arguments).map(shellQuote).joined(separator: " ")
    let result = try runProcess(
      "/bin/sh", ["-c", command],
      environment: [
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path, "PATH": "/usr/bin:/bin",
      ])
    expectNothingUndone(result.stderr, arguments)
    return result
  }

  /// `list` or `check` with the state folder in the scratch.
  func read(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try run(arguments + ["--state-dir", scratch.file("state").path])
  }

  /// A square 1024 px PNG outside the project, the usual IMAGE.
  func image(_ name: String = "Night.png", side: Int = 1024, height: Int? = nil) throws -> URL {
    let file = scratch.file("images/\(name)")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try EditProject.png(side: side, height: height, red: 10).write(to: file)
    return file
  }

  /// The icons `list --json` reports, by name, with their idioms.
  func listedIcons(_ project: EditProject) throws -> [String: [String]] {
    try listedIcons(at: project.root)
  }

  /// The icons `list --json` reports for the project at `root`, by name, with their idioms.
  func listedIcons(at root: URL) throws -> [String: [String]] {
    let listed = try read(["list", root.path, "--json"])
    #expect(listed.status == 0, "\(listed.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
    let icons = try #require(report["icons"] as? [[String: Any]])
    return Dictionary(
      icons.compactMap { icon in
        (icon["name"] as? String).map { ($0, icon["idioms"] as? [String] ?? []) }
      }, uniquingKeysWith: { first, _ in first })
  }

  /// `check --format json`'s errors, counted by id and file: an edit moves lines, and a message
  /// that lists the sets grows with a new one.
  func checkErrors(_ project: EditProject) throws -> [String: Int] {
    try checkErrors(at: project.root)
  }

  /// `check --format json`'s errors for the project at `root`, counted by id and file.
  func checkErrors(at root: URL) throws -> [String: Int] {
    let check = try read(["check", root.path, "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any],
      "check printed no JSON: \(check.stdout) \(check.stderr)")
    let findings = try #require(report["diagnostics"] as? [[String: Any]])
    var counts: [String: Int] = [:]
    for finding in findings where finding["severity"] as? String == "error" {
      counts[
        "\(finding["id"] as? String ?? "?") \(finding["file"] as? String ?? "")", default: 0] += 1
    }
    return counts
  }

  /// The errors in `after` that `before` had fewer of.
  static func grown(_ after: [String: Int], from before: [String: Int]) -> [String: Int] {
    after.filter { $0.value > before[$0.key, default: 0] }
  }

  // MARK: The dry run

  @Test func theDryRunPrintsADiffAndWritesNothing() throws {
    let project = try EditProject(in: scratch)
    let night = try image()
    let before = try project.snapshot()

    let result = try run(["add", "Night", night.path, project.root.path, "--dry-run"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("--- a/Studio.xcodeproj/project.pbxproj"), "\(result.stdout)")
    #expect(lines.contains("+++ b/Studio.xcodeproj/project.pbxproj"), "\(result.stdout)")
    #expect(
      lines.filter { $0.hasPrefix("+\t") }.contains {
        $0.contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Night\";")
      }, "\(result.stdout)")
    #expect(
      lines.contains { $0.hasPrefix("new binary file: Studio/Assets.xcassets/Night.appiconset/") },
      "\(result.stdout)")
    #expect(result.stderr.contains("dry run:"), "\(result.stderr)")
    #expect(try project.snapshot() == before)
  }

  // MARK: A real add, seen by list and check, and undone by remove

  @Test func addIsListedAndCheckedAndRemoveRestoresEveryByte() throws {
    let project = try EditProject(in: scratch)
    let night = try image()
    let before = try project.snapshot()
    let errorsBefore = try checkErrors(project)

    let added = try run(["add", "Night", night.path, project.root.path])
    #expect(added.status == 0, "\(added.stderr)")
    // One line a changed file, each naming a file that is there now.
    let changed = added.stdout.split(separator: "\n").map(String.init)
    #expect(!changed.isEmpty)
    #expect(changed.contains { $0.contains("project.pbxproj") }, "\(added.stdout)")
    #expect(changed.contains { $0.contains("Night.appiconset") }, "\(added.stdout)")
    #expect(Set(changed).count == changed.count, "a file listed twice: \(added.stdout)")
    #expect(added.stderr.contains("\"Night\" added: "), "\(added.stderr)")

    let list = try read(["list", project.root.path])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("Night"), "\(list.stdout)")
    let idioms = try #require(try listedIcons(project)["Night"], "list --json has no Night")
    #expect(idioms.contains("iphone") && idioms.contains("ipad"), "\(idioms)")
    let newErrors = Self.grown(try checkErrors(project), from: errorsBefore)
    #expect(newErrors.isEmpty, "\(newErrors)")

    let removed = try run(["remove", "Night", project.root.path])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stderr.contains("\"Night\" removed: "), "\(removed.stderr)")
    let after = try project.snapshot()
    #expect(after.keys.sorted() == before.keys.sorted())
    for (file, bytes) in before where after[file] != bytes {
      Issue.record("\(file) differs after add then remove")
    }
    #expect(try listedIcons(project)["Night"] == nil)
  }

  // MARK: Every form, through the binary

  static let legacyIcons = """
    \t<key>CFBundleIcons</key>
    \t<dict>
    \t\t<key>CFBundleAlternateIcons</key>
    \t\t<dict>
    \t\t\t<key>Blue</key>
    \t\t\t<dict>
    \t\t\t\t<key>CFBundleIconFiles</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>Blue</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>
    \t<key>CFBundleIcons~ipad</key>
    \t<dict>
    \t\t<key>CFBundleAlternateIcons</key>
    \t\t<dict>
    \t\t\t<key>Blue</key>
    \t\t\t<dict>
    \t\t\t\t<key>CFBundleIconFiles</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>Blue</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>

    """

  /// The forms `add` handles, each a project as the app has it today, and the file whose
  /// change declares the new icon.
  static let forms: [(name: String, options: EditProject.Options, declaredIn: String)] = [
    ("a setting in the target's settings", EditProject.blueInTheTarget, "project.pbxproj"),
    (
      "no alternates yet",
      EditProject.Options(targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"]),
      "project.pbxproj"
    ),
    (
      "a quoted list in the project's settings",
      EditProject.Options(
        projectSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Red\";"],
        sets: ["Blue", "Red"]), "project.pbxproj"
    ),
    (
      "a setting in the target's .xcconfig",
      EditProject.Options(
        baseConfiguration: (
          "Studio.xcconfig",
          "// Icons\nASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue // the blue one\n"
        ), sets: ["Blue"]), "Studio.xcconfig"
    ),
    (
      "include-all",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;"],
        sets: ["Blue"]), "Contents.json"
    ),
    (
      "a synchronized folder",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
        synchronized: true, sets: ["Blue"]), "project.pbxproj"
    ),
    (
      "per-size sets",
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
        sets: ["Blue"], perSize: true), "project.pbxproj"
    ),
    (
      "Info.plist with loose PNGs, iPhone and iPad",
      EditProject.Options(
        infoPlist: EditProject.plist(iconsXML: legacyIcons),
        looseFiles: ["Blue@2x.png", "Blue@3x.png", "Blue~ipad.png", "Blue@2x~ipad.png"]),
      "Info.plist"
    ),
  ]

  @Test(arguments: forms.map(\.name))
  func everyFormIsListedCheckedAndRemovedByteForByte(_ form: String) throws {
    let (_, options, declaredIn) = try #require(Self.forms.first { $0.name == form })
    let project = try EditProject(in: scratch, options)
    let night = try image()
    let before = try project.snapshot()
    let errorsBefore = try checkErrors(project)

    let dryRun = try run(["add", "Night", night.path, project.root.path, "-n"])
    #expect(dryRun.status == 0, "\(form): \(dryRun.stderr)")
    #expect(dryRun.stdout.contains(declaredIn), "\(form): \(dryRun.stdout)")
    #expect(try project.snapshot() == before, "\(form): the dry run wrote")

    let added = try run(["add", "Night", night.path, project.root.path])
    #expect(added.status == 0, "\(form): \(added.stderr)")
    #expect(added.stdout.contains(declaredIn), "\(form): \(added.stdout)")
    let idioms = try #require(
      try listedIcons(project)["Night"], "\(form): list --json has no Night")
    #expect(idioms.contains("iphone") && idioms.contains("ipad"), "\(form): \(idioms)")
    let newErrors = Self.grown(try checkErrors(project), from: errorsBefore)
    #expect(newErrors.isEmpty, "\(form): \(newErrors)")

    let removed = try run(["remove", "Night", project.root.path])
    #expect(removed.status == 0, "\(form): \(removed.stderr)")
    let after = try project.snapshot()
    #expect(after.keys.sorted() == before.keys.sorted(), "\(form)")
    for (file, bytes) in before where after[file] != bytes {
      Issue.record("\(form): \(file) differs after add then remove")
    }
  }

  /// A small Icon Composer bundle: one SVG layer.
  func iconBundle(_ name: String) throws -> URL {
    let folder = scratch.file("images/\(name)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Assets"), withIntermediateDirectories: true)
    try Data(
      #"{"fill":{"solid":"srgb:0.20000,0.40000,0.80000,1.00000"},"groups":[{"layers":[{"image-name":"dot.svg","name":"dot"}]}],"supported-platforms":{"squares":"shared"}}"#
        .utf8
    ).write(to: folder.appendingPathComponent("icon.json"))
    try Data(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="white"/></svg>"#
        .utf8
    ).write(to: folder.appendingPathComponent("Assets/dot.svg"))
    return folder
  }

  @Test func anIconComposerBundleIsAddedAndRemoved() throws {
    let project = try EditProject(in: scratch)
    let bundle = try iconBundle("Sunset.icon")
    let before = try project.snapshot()

    let added = try run(["add", "Sunset", bundle.path, project.root.path])
    #expect(added.status == 0, "\(added.stderr)")
    let pbxproj = try String(contentsOf: project.pbxproj, encoding: .utf8)
    #expect(pbxproj.contains("lastKnownFileType = folder.iconcomposer.icon; path = Sunset.icon;"))
    #expect(!pbxproj.contains("dot.svg"))
    #expect(try listedIcons(project)["Sunset"] != nil)

    let removed = try run(["remove", "Sunset", project.root.path])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try project.snapshot() == before)
  }

  /// `add NAME` without IMAGE declares a set that is there; `remove --keep-files` is its inverse.
  @Test func aSetThatIsThereIsDeclaredAndUndeclared() throws {
    let project = try EditProject(
      in: scratch,
      EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"],
        sets: ["Blue", "Forgotten"]))
    let before = try project.snapshot()
    #expect(try listedIcons(project)["Forgotten"] == nil)

    let added = try run(["add", "Forgotten", project.root.path])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.split(separator: "\n").count == 1, "\(added.stdout)")
    #expect(added.stdout.contains("project.pbxproj"), "\(added.stdout)")
    #expect(try listedIcons(project)["Forgotten"] != nil)

    let preview = try run(["remove", "Forgotten", project.root.path, "--keep-files", "-n"])
    #expect(preview.status == 0, "\(preview.stderr)")
    #expect(preview.stderr.contains("dry run: 1 file would change"), "\(preview.stderr)")
    // Its set stays and is no longer shipped: what add NAME without IMAGE started from, not a
    // finding that undoes the change.
    let removed = try run(["remove", "Forgotten", project.root.path, "--keep-files"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try project.snapshot() == before)
  }

  /// Issue 36: removing an icon the app's code asks for leaves the call failing. The removal is
  /// what was asked, so it stands, and says so; `check` then reports the call.
  @Test func removingANameTheCodeAsksForSaysSo() throws {
    var options = EditProject.Options(
      targetSettings: [
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"Blue Red\";",
        "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;",
      ], sets: ["Blue", "Red"])
    options.synchronized = true
    let project = try EditProject(in: scratch, options)
    try project.write(
      "Studio/Settings.swift",
      "func pick() { UIApplication.shared.setAlternateIconName(\"Blue\") }\n")
    #expect(try read(["check", project.root.path]).status == 0)

    // The dry run warns as the real run does, at the call's file and line.
    let warning = "iconpick: warning: Studio/Settings.swift:1: "
    let dryRun = try run(["remove", "Blue", project.root.path, "--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    let removed = try run(["remove", "Blue", project.root.path])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(removed.stderr.contains("[code-name-not-shipped]"), "\(removed.stderr)")
    let warned = removed.stderr.split(separator: "\n").filter { $0.hasPrefix(warning) }
    #expect(warned.count == 1, "\(removed.stderr)")
    #expect(
      dryRun.stderr.split(separator: "\n").filter { $0.hasPrefix(warning) } == warned,
      "\(dryRun.stderr)")
    #expect(removed.stderr.contains("\"Blue\" removed: "), "\(removed.stderr)")
    let check = try read(["check", project.root.path])
    #expect(check.status == 1)
    #expect(check.stdout.contains("Settings.swift:1: error: setAlternateIconName(\"Blue\")"))
  }

  /// An XcodeGen spec and no project, changed from its own folder without a PATH: the setting
  /// goes into the spec, as a line of its own.
  @Test func anXcodeGenFolderIsChangedWithoutAPath() throws {
    let folder = scratch.file("Spec")
    let spec = """
      name: Studio
      targets:
        Studio:
          type: application
          platform: iOS
          sources: [Studio]
          settings:
            base:
              INFOPLIST_FILE: Studio/Info.plist
              TARGETED_DEVICE_FAMILY: "1,2"
              ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon # the primary

      """
    let files: [(String, Data)] = [
      ("project.yml", Data(spec.utf8)),
      ("Studio/Info.plist", Data(EditProject.plist(iconsXML: "").utf8)),
      (
        "Studio/Assets.xcassets/AppIcon.appiconset/Contents.json",
        Data(
          #"{"images":[{"filename":"AppIcon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#
            .utf8)
      ),
      (
        "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
        try EditProject.png(side: 1024, red: 1)
      ),
    ]
    for (path, data) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: file)
    }
    let before = try EditProject.snapshot(of: folder)
    let night = try image()

    let added = try run(["add", "Night", night.path], in: folder)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("project.yml"), "\(added.stdout)")
    let written = try String(
      contentsOf: folder.appendingPathComponent("project.yml"), encoding: .utf8)
    #expect(
      written
        == spec.replacingOccurrences(
          of: "# the primary\n",
          with: "# the primary\n        ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Night\n"),
      "\(written)")
    let list = try run(["list", "--state-dir", scratch.file("state").path], in: folder)
    #expect(list.stdout.contains("Night"), "\(list.stdout) \(list.stderr)")

    let removed = try run(["remove", "Night"], in: folder)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(try EditProject.snapshot(of: folder) == before)
  }

  // MARK: Refusals: exit 1, the reason, and not a byte changed

  /// A refusal: how to set it up (given the project and the scratch), the command's words
  /// after `iconpick`, and what the message must say.
  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: @Sendable (EditCommandTests, EditProject) throws -> [String]
    var says: [String]
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "a taken name",
      arguments: { test, project in
        ["add", "Blue", try test.image().path, project.root.path]
      }, says: ["Blue"]),
    Refusal(
      name: "a taken name in another case",
      arguments: { test, project in
        ["add", "bLUE", try test.image().path, project.root.path]
      }, says: ["bLUE", "Blue"]),
    Refusal(
      name: "an invalid name",
      arguments: { test, project in
        ["add", "a/b", try test.image().path, project.root.path]
      }, says: ["a/b"]),
    Refusal(
      name: "a PNG that is not square",
      arguments: { test, project in
        ["add", "Night", try test.image(side: 1024, height: 1000).path, project.root.path]
      }, says: ["Night.png", "square"]),
    Refusal(
      name: "a PNG of 512 px",
      arguments: { test, project in
        ["add", "Night", try test.image(side: 512).path, project.root.path]
      }, says: ["Night.png", "1024"]),
    Refusal(
      name: "a missing image",
      arguments: { test, project in
        ["add", "Night", test.scratch.file("images/Gone.png").path, project.root.path]
      }, says: ["Gone.png"]),
    Refusal(
      name: "a text file named .png",
      arguments: { test, project in
        let file = test.scratch.file("Text.png")
        try Data("not a picture\n".utf8).write(to: file)
        return ["add", "Night", file.path, project.root.path]
      }, says: ["Text.png"]),
    Refusal(
      name: "removing the primary",
      arguments: { _, project in
        ["remove", "AppIcon", project.root.path]
      }, says: ["AppIcon", "primary"]),
    Refusal(
      name: "removing an unknown name",
      arguments: { _, project in
        ["remove", "Zebra", project.root.path]
      }, says: ["Zebra"]),
  ]

  @Test(arguments: refusals)
  func aRefusalExitsOneAndChangesNothing(_ refusal: Refusal) throws {
    let project = try EditProject(in: scratch)
    let arguments = try refusal.arguments(self, project)
    let before = try project.snapshot()
    let result = try run(arguments)
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    for text in refusal.says {
      #expect(result.stderr.contains(text), "the message does not say \(text): \(result.stderr)")
    }
    #expect(try project.snapshot() == before)
  }

  /// An image outside the project is normal input; a catalog folder that is a link leading out
  /// of the project is a place `add` must not write through.
  @Test func aCatalogThatLeadsOutOfTheProjectIsRefused() throws {
    let project = try EditProject(in: scratch)
    let catalog = project.file("Studio/Assets.xcassets")
    let outside = scratch.file("Elsewhere/Assets.xcassets")
    try FileManager.default.createDirectory(
      at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.moveItem(at: catalog, to: outside)
    try FileManager.default.createSymbolicLink(
      atPath: catalog.path, withDestinationPath: "../../Elsewhere/Assets.xcassets")
    let night = try image()
    let before = try project.snapshot()
    let outsideBefore = try EditProject.snapshot(of: outside)

    let result = try run(["add", "Night", night.path, project.root.path])
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains("leaves the project"), "\(result.stderr)")
    #expect(try project.snapshot() == before)
    #expect(try EditProject.snapshot(of: outside) == outsideBefore)
  }

  // MARK: The command line

  @Test(arguments: [
    ["add"], ["add", "A", "b.png", "c", "d"], ["add", "A", "--dark", "x.png"],
    ["remove", "a", "b", "c"], ["list", "--dry-run"],
  ])
  func aWrongCommandLineExitsTwo(arguments: [String]) throws {
    let project = try EditProject(in: scratch)
    let before = try project.snapshot()
    let result = try run(arguments, in: project.root)
    #expect(result.status == 2, "\(result.stderr)")
    // The command's own help.
    #expect(
      result.stderr.hasSuffix("Run 'iconpick \(arguments[0]) --help' for usage.\n"),
      "\(result.stderr)")
    #expect(try project.snapshot() == before)
  }

  /// Without PATH, outside an app: a refusal, and the bundled demo app, which the other
  /// commands fall back to, is not touched.
  @Test func withoutAPathOutsideAnAppNothingIsChanged() throws {
    let night = try image()
    let empty = scratch.file("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let palette = try EditProject.snapshot(of: paletteFolder())

    let add = try run(["add", "Night", night.path], in: empty)
    #expect(add.status == 1, "\(add.stdout) \(add.stderr)")
    #expect(add.stderr.contains("no app in \(empty.path) or any folder above it"), "\(add.stderr)")
    let remove = try run(["remove", "AppIcon-Blue"], in: empty)
    #expect(remove.status == 1, "\(remove.stdout) \(remove.stderr)")
    #expect(
      remove.stderr.contains("no app in \(empty.path) or any folder above it"), "\(remove.stderr)")
    #expect(try EditProject.snapshot(of: paletteFolder()) == palette)
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)
  }
}
