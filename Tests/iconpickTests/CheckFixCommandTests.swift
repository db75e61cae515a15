import Foundation
import IconRender
import TestSupport
import Testing

/// `iconpick check --fix` through the built binary, one small project per fault, each written by
/// the test: the dry run prints the diff and writes nothing, `--fix` removes the finding and adds
/// none, every edited file still parses, a second `--fix` is a no-op, and an unsafe fix waits for
/// `--unsafe-fixes`.
@Suite struct CheckFixCommandTests {
  let scratch: Scratch

  init() throws { scratch = try Scratch() }

  /// The binary with `arguments` in the scratch, its state there too.
  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let command =
      "cd \(shellQuote(scratch.url.path)) && exec "
      + ([try iconpickBinary().path] + arguments + ["--state-dir", scratch.file("state").path])
      .map(shellQuote).joined(separator: " ")
    let result = try runProcess(
      "/bin/sh", ["-c", command],
      environment: [
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "HOME": scratch.url.path, "PATH": "/usr/bin:/bin",
      ])
    expectNothingUndone(result.stderr, arguments)
    return result
  }

  /// `check --format json`'s findings.
  func findings(_ project: EditProject) throws -> [[String: Any]] {
    let check = try run(["check", project.root.path, "--format", "json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any],
      "check printed no JSON: \(check.stdout) \(check.stderr)")
    return try #require(report["diagnostics"] as? [[String: Any]])
  }

  /// Errors and warnings counted by severity and id.
  func counts(_ project: EditProject) throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for finding in try findings(project) {
      let severity = finding["severity"] as? String ?? "?"
      guard severity == "error" || severity == "warning" else { continue }
      counts["\(severity) \(finding["id"] as? String ?? "?")", default: 0] += 1
    }
    return counts
  }

  func ids(_ project: EditProject) throws -> Set<String> {
    Set(try findings(project).compactMap { $0["id"] as? String })
  }

  // MARK: The faults

  /// One fault: its id, the project that has it, and the file its fix edits.
  struct Fault: CustomTestStringConvertible, Sendable {
    var id: String
    var options: EditProject.Options
    var edited: String
    /// Done to the written project (an image made transparent).
    var prepare: @Sendable (EditProject) throws -> Void = { _ in }
    var unsafe = false
    /// How the test names the case, where two share an id.
    var label: String? = nil
    var testDescription: String { label ?? id }
  }

  static func primaryAnd(_ alternates: String) -> String {
    """
    \t<key>CFBundleIcons</key>
    \t<dict>
    \(alternates)\t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>

    """
  }

  static func blueAlternate(_ file: String) -> String {
    """
    \t\t<key>CFBundleAlternateIcons</key>
    \t\t<dict>
    \t\t\t<key>Blue</key>
    \t\t\t<dict>
    \t\t\t\t<key>CFBundleIconFiles</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>\(file)</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>

    """
  }

  static let primaryOnlyForIPad = """
    \t<key>CFBundleIcons~ipad</key>
    \t<dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t</dict>
    \t</dict>

    """

  static let prerenderedAsString = """
    \t<key>CFBundleIcons</key>
    \t<dict>
    \t\t<key>CFBundlePrimaryIcon</key>
    \t\t<dict>
    \t\t\t<key>CFBundleIconName</key>
    \t\t\t<string>AppIcon</string>
    \t\t\t<key>UIPrerenderedIcon</key>
    \t\t\t<string>NO</string>
    \t\t</dict>
    \t</dict>

    """

  static let primaryName = "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"

  static let safeFaults: [Fault] = [
    Fault(
      id: "icon-file-with-extension",
      options: EditProject.Options(
        targetSettings: [primaryName],
        infoPlist: EditProject.plist(iconsXML: primaryAnd(blueAlternate("Blue.png"))),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"], deviceFamily: "1"),
      edited: "Studio/Info.plist"),
    Fault(
      id: "plist-value-type",
      options: EditProject.Options(
        targetSettings: [primaryName],
        infoPlist: EditProject.plist(iconsXML: prerenderedAsString), deviceFamily: "1"),
      edited: "Studio/Info.plist"),
    Fault(
      id: "missing-ipad-declaration",
      options: EditProject.Options(
        targetSettings: [primaryName],
        infoPlist: EditProject.plist(
          iconsXML: primaryAnd(blueAlternate("Blue")) + primaryOnlyForIPad),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"], deviceFamily: "\"1,2\""),
      edited: "Studio/Info.plist"),
    Fault(
      id: "setting-name-case",
      options: EditProject.Options(
        targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = blue;", primaryName],
        sets: ["Blue"]),
      edited: "Studio.xcodeproj/project.pbxproj"),
    // The name with its scale suffix: the fix writes the base name the fix line gives ("Blue"),
    // not "Blue@2x", which has a suffix still.
    Fault(
      id: "icon-file-with-extension",
      options: EditProject.Options(
        targetSettings: [primaryName],
        infoPlist: EditProject.plist(iconsXML: primaryAnd(blueAlternate("Blue@2x.png"))),
        looseFiles: ["Blue@2x.png", "Blue@3x.png"], deviceFamily: "1"),
      edited: "Studio/Info.plist", label: "icon-file-with-extension (Blue@2x.png)"),
  ]

  static let marketingAlpha = Fault(
    id: "marketing-icon-alpha", options: EditProject.blueInTheTarget,
    edited: "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
    prepare: { project in
      try project.write(
        file: "Studio/Assets.xcassets/AppIcon.appiconset/AppIcon.png", try transparentPNG())
    }, unsafe: true)

  static let allFaults = safeFaults + [marketingAlpha]

  /// A 1024 px PNG whose top rows are fully transparent.
  static func transparentPNG() throws -> Data {
    let side = 1024
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for index in stride(from: 0, to: pixels.count, by: 4) {
      pixels[index] = 40
      pixels[index + 1] = UInt8((index / 4) % 251)
      if index / 4 < side * 16 { pixels[index + 3] = 0 }
    }
    let image = try #require(RGBAImage(width: side, height: side, pixels: pixels))
    return Data(try PNGMemoryEncoder.encode(image))
  }

  func project(_ fault: Fault) throws -> EditProject {
    let project = try EditProject(in: scratch, fault.options)
    try fault.prepare(project)
    return project
  }

  /// `--fix` and, for an unsafe fault, `--unsafe-fixes`.
  static func fixArguments(_ fault: Fault) -> [String] {
    fault.unsafe ? ["--fix", "--unsafe-fixes"] : ["--fix"]
  }

  // MARK: Each fault is there to begin with

  @Test(arguments: allFaults)
  func theProjectHasTheFault(_ fault: Fault) throws {
    let project = try project(fault)
    let found = try findings(project)
    #expect(found.contains { $0["id"] as? String == fault.id }, "\(found)")
  }

  // MARK: The dry run

  @Test(arguments: allFaults)
  func theDryRunPrintsTheDiffAndWritesNothing(_ fault: Fault) throws {
    let project = try project(fault)
    let before = try project.snapshot()
    let check = try run(["check", project.root.path])

    let dry = try run(["check", project.root.path, "--dry-run"] + Self.fixArguments(fault))
    #expect(dry.status == check.status, "check: \(check.status), dry run: \(dry.stderr)")
    let lines = dry.stdout.split(separator: "\n").map(String.init)
    if fault.unsafe {
      #expect(lines.contains { $0.contains(fault.edited) }, "\(dry.stdout)")
    } else {
      #expect(lines.contains("--- a/\(fault.edited)"), "\(dry.stdout)")
      #expect(lines.contains("+++ b/\(fault.edited)"), "\(dry.stdout)")
      #expect(lines.contains { $0.hasPrefix("@@ ") }, "\(dry.stdout)")
      #expect(lines.contains { $0.hasPrefix("+") && !$0.hasPrefix("+++") }, "\(dry.stdout)")
    }
    #expect(dry.stderr.contains("dry run:"), "\(dry.stderr)")
    #expect(try project.snapshot() == before)
  }

  // MARK: The fix

  @Test(arguments: allFaults)
  func theFixRemovesTheFindingAddsNoneAndTheSecondRunIsANoOp(_ fault: Fault) throws {
    let project = try project(fault)
    let before = try project.snapshot()
    let countsBefore = try counts(project)

    let fixed = try run(["check", project.root.path] + Self.fixArguments(fault))
    #expect(fixed.status == 0 || fixed.status == 1, "\(fixed.stderr)")
    #expect(fixed.stdout.contains(fault.edited), "\(fixed.stdout)")
    let after = try project.snapshot()
    #expect(after[fault.edited] != before[fault.edited], "\(fault.edited) unchanged")
    let remaining = try findings(project)
    #expect(!remaining.contains { $0["id"] as? String == fault.id }, "\(remaining)")
    let countsAfter = try counts(project)
    let grown = countsAfter.filter { $0.value > countsBefore[$0.key, default: 0] }
    #expect(grown.isEmpty, "\(grown)")

    // Every edited file still parses.
    let changed = after.keys.filter { after[$0] != before[$0] }.sorted()
    for file in changed where file.hasSuffix(".plist") {
      try expectPlistLoads(project.file(file))
    }
    if changed.contains("Studio.xcodeproj/project.pbxproj") {
      try expectPbxprojLoads(project)
    }
    let list = try run(["list", project.root.path])
    #expect(list.status == 0, "\(list.stderr)")

    let again = try run(["check", project.root.path] + Self.fixArguments(fault))
    #expect(again.status == 0 || again.status == 1, "\(again.stderr)")
    #expect(again.stderr.contains("nothing to fix"), "\(again.stderr)")
    #expect(try project.snapshot() == after)
  }

  @Test func anUnsafeFixWaitsForUnsafeFixes() throws {
    let project = try project(Self.marketingAlpha)
    let before = try project.snapshot()

    let safeOnly = try run(["check", project.root.path, "--fix"])
    #expect(safeOnly.status == 1, "\(safeOnly.stderr)")
    #expect(try ids(project).contains("marketing-icon-alpha"))
    #expect(try project.snapshot() == before)

    let unsafe = try run(["check", project.root.path, "--fix", "--unsafe-fixes"])
    #expect(unsafe.status == 0, "\(unsafe.stdout) \(unsafe.stderr)")
    #expect(!(try ids(project).contains("marketing-icon-alpha")))
  }

  /// Python's plistlib loads `file`.
  func expectPlistLoads(_ file: URL) throws {
    let result = try runProcess(
      "/usr/bin/env",
      ["python3", "-c", "import plistlib, sys; plistlib.load(open(sys.argv[1], 'rb'))", file.path])
    #expect(result.status == 0, "plistlib cannot load \(file.path): \(result.stderr)")
    let data = try Data(contentsOf: file)
    #expect(throws: Never.self) {
      _ = try PropertyListSerialization.propertyList(from: data, format: nil)
    }
  }

  /// PyPI's `pbxproj` loads the project when ICONPICK_PBXPROJ_PYTHON names an interpreter that
  /// has it; `list` reading it is checked by the caller either way.
  func expectPbxprojLoads(_ project: EditProject) throws {
    guard let python = ProcessInfo.processInfo.environment["ICONPICK_PBXPROJ_PYTHON"],
      !python.isEmpty
    else { return }
    let parts = python.split(separator: " ").map(String.init)
    let script = "import sys\nfrom pbxproj import XcodeProject\nXcodeProject.load(sys.argv[1])\n"
    let result = try runProcess(
      parts[0], Array(parts.dropFirst()) + ["-c", script, project.pbxproj.path])
    #expect(result.status == 0, "pbxproj cannot load the fixed project: \(result.stderr)")
  }

  // MARK: The command line

  @Test(arguments: [
    ["check", "--unsafe-fixes"], ["check", "--dry-run"], ["check", "--fix", "--rules"],
  ])
  func aWrongCommandLineExitsTwo(arguments: [String]) throws {
    let project = try EditProject(in: scratch)
    let before = try project.snapshot()
    let result = try run(
      arguments.first == "check" && arguments.contains("--rules")
        ? arguments : arguments + [project.root.path])
    #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
    #expect(!result.stderr.isEmpty)
    #expect(try project.snapshot() == before)
  }

  // MARK: The CI formats

  @Test func jsonGivesTheFixWithItsChanges() throws {
    let project = try project(Self.safeFaults[0])
    let finding = try #require(
      try findings(project).first { $0["id"] as? String == "icon-file-with-extension" })
    let autofix = try #require(finding["autofix"] as? [String: Any], "\(finding)")
    #expect(autofix["safety"] as? String == "safe")
    let changes = try #require(autofix["changes"] as? [Any], "\(autofix)")
    #expect(!changes.isEmpty)
  }

  @Test func sarifGivesTheFixAsArtifactChanges() throws {
    let project = try project(Self.safeFaults[0])
    let check = try run(["check", project.root.path, "--format", "sarif"])
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any],
      "\(check.stdout) \(check.stderr)")
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let result = try #require(
      results.first { $0["ruleId"] as? String == "icon-file-with-extension" }, "\(results)")
    let fixes = try #require(result["fixes"] as? [[String: Any]], "\(result)")
    let changes = try #require(fixes.first?["artifactChanges"] as? [Any], "\(fixes)")
    #expect(!changes.isEmpty)
  }
}
