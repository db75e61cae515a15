import Foundation
import IconRender
import TestSupport
import Testing

/// The write side judges before it writes: `--dry-run` and the real run give the same verdict,
/// a refused change writes nothing (it is never written and then undone), and only the findings
/// a change causes can refuse it, compared by what they are about.
@Suite struct VerdictFirstTests {
  /// The edit commands' runner, scratch and fixtures.
  let edit: EditCommandTests
  var scratch: Scratch { edit.scratch }

  init() throws { edit = try EditCommandTests() }

  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try edit.run(arguments)
  }

  func read(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try edit.read(arguments)
  }

  func image(_ name: String = "Night.png") throws -> URL { try edit.image(name) }

  /// Runs `arguments` with `--dry-run`, then for real, and expects the same exit status and, for
  /// a refusal, the same message; a refusal must leave every byte where it was. The real run's
  /// outcome is returned.
  @discardableResult
  func expectSameVerdict(
    _ arguments: [String], on project: EditProject,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (status: Int32, stdout: String, stderr: String) {
    let before = try project.snapshot()
    let dryRun = try run(arguments + ["--dry-run"])
    #expect(try project.snapshot() == before, "the dry run wrote", sourceLocation: sourceLocation)
    let real = try run(arguments)
    #expect(
      dryRun.status == real.status,
      "dry run \(dryRun.status): \(dryRun.stderr)\nreal run \(real.status): \(real.stderr)",
      sourceLocation: sourceLocation)
    // Nothing is ever written and then undone.
    #expect(!real.stderr.contains("undone"), "\(real.stderr)", sourceLocation: sourceLocation)
    if real.status != 0 {
      #expect(dryRun.stderr == real.stderr, sourceLocation: sourceLocation)
      #expect(try project.snapshot() == before, "a refusal wrote", sourceLocation: sourceLocation)
    }
    return real
  }

  /// A 1024 px PNG with a transparent corner.
  func transparentImage() throws -> URL {
    let side = 1024
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    for y in 0..<64 {
      for x in 0..<64 { pixels[(y * side + x) * 4 + 3] = 0 }
    }
    let image = try #require(RGBAImage(width: side, height: side, pixels: pixels))
    let file = scratch.file("images/Clear.png")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(try PNGMemoryEncoder.encode(image)).write(to: file)
    return file
  }

  /// Every form `add` handles, and `remove` after it: the dry run's verdict is the real run's.
  @Test(arguments: EditCommandTests.forms.map(\.name))
  func theDryRunGivesTheRealRunsVerdict(_ form: String) throws {
    let (_, options, _) = try #require(EditCommandTests.forms.first { $0.name == form })
    let project = try EditProject(in: scratch, options)
    let added = try expectSameVerdict(
      ["add", "Night", try image().path, project.root.path], on: project)
    #expect(added.status == 0, "\(form): \(added.stderr)")
    let removed = try expectSameVerdict(["remove", "Night", project.root.path], on: project)
    #expect(removed.status == 0, "\(form): \(removed.stderr)")
  }

  /// Every refusal of `refusals`, and the ones judged on the project as it would be: the dry run
  /// refuses with the same words.
  @Test(arguments: EditCommandTests.refusals)
  func aDryRunRefusesWhatTheRealRunRefuses(_ refusal: EditCommandTests.Refusal) throws {
    let project = try EditProject(in: scratch)
    let result = try expectSameVerdict(try refusal.arguments(edit, project), on: project)
    #expect(result.status == 1, "\(result.stderr)")
  }

  /// An image with transparent pixels would give the app an icon the App Store refuses: refused
  /// before a byte is written, by the dry run as by the real run, naming the finding.
  @Test func aTransparentImageIsRefusedBeforeAnythingIsWritten() throws {
    let project = try EditProject(in: scratch)
    let result = try expectSameVerdict(
      ["add", "Night", try transparentImage().path, project.root.path], on: project)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("nothing was written"), "\(result.stderr)")
    #expect(result.stderr.contains("Night.appiconset"), "\(result.stderr)")
    #expect(result.stderr.contains("[alpha-channel] (to do: Flatten"), "\(result.stderr)")
  }

  /// `--dark` on an app whose sets are per-size: the dark images would never be shown (iOS 18
  /// keeps the sized images), so the change is refused before anything is planned (it was
  /// planned, then refused by the judge for mixed-sizes-and-appearances).
  @Test func darkImagesOnPerSizeSetsAreRefusedBeforeWriting() throws {
    var options = EditProject.Options(
      targetSettings: ["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue;"], sets: ["Blue"])
    options.perSize = true
    let project = try EditProject(in: scratch, options)
    let result = try expectSameVerdict(
      [
        "add", "Night", try image().path, "--dark", try image("Dark.png").path,
        project.root.path,
      ], on: project)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("Blue is per-size"), "\(result.stderr)")
  }

  /// Code that asks for two names the app does not ship yet: each `add` is judged by the findings
  /// it causes, so neither is blocked by the other's call, and each says the call it mends.
  @Test func twoNamesTheCodeAsksForCanEachBeAdded() throws {
    var options = EditProject.Options(
      targetSettings: ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"])
    options.synchronized = true
    let project = try EditProject(in: scratch, options)
    try project.write(
      "Studio/Settings.swift",
      """
      func night() { UIApplication.shared.setAlternateIconName("Night") }
      func sunset() { UIApplication.shared.setAlternateIconName("Sunset") }

      """)
    // With no alternate shipped, both calls fail on iOS, and check says so.
    let check = try read(["check", project.root.path])
    #expect(check.status == 1, "\(check.stdout)")
    #expect(check.stdout.contains("Settings.swift:1: error: setAlternateIconName(\"Night\")"))
    #expect(check.stdout.contains("Settings.swift:2: error: setAlternateIconName(\"Sunset\")"))

    let night = try expectSameVerdict(
      ["add", "Night", try image().path, project.root.path], on: project)
    #expect(night.status == 0, "\(night.stderr)")
    #expect(
      night.stderr.contains(
        "this change also resolves: Studio/Settings.swift:1: setAlternateIconName(\"Night\")"),
      "\(night.stderr)")
    #expect(!night.stderr.contains("\"Sunset\""), "\(night.stderr)")
    let sunset = try expectSameVerdict(
      ["add", "Sunset", try image("Sunset.png").path, project.root.path], on: project)
    #expect(sunset.status == 0, "\(sunset.stderr)")
    #expect(try read(["check", project.root.path]).status == 0)
  }

  /// A project kept read-only (as a Perforce workspace leaves it, or a shared folder): the real
  /// run stops at the lock in the project's folder before it plans, and the dry run, which takes
  /// no lock, asks about that folder first too, so both refuse in the same words.
  @Test func aReadOnlyProjectIsRefusedInTheSameWordsByTheDryRun() throws {
    let project = try EditProject(in: scratch)
    let night = try image()
    let manager = FileManager.default
    try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: project.pbxproj.path)
    try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: project.root.path)
    defer {
      try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: project.root.path)
      try? manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: project.pbxproj.path)
    }
    let result = try expectSameVerdict(
      ["add", "Night", night.path, project.root.path], on: project)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("read-only folder (mode 0555)"), "\(result.stderr)")
    #expect(result.stderr.contains("chmod u+w"), "\(result.stderr)")
  }

  /// An app whose alternates are written in Info.plist for iPhone only, on iPad too: check
  /// already reports Blue as missing on iPad. Adding Night writes CFBundleIcons~ipad, which
  /// changes the words of Blue's finding, not what it is about, so it does not block the add.
  @Test func anOldFindingWhoseWordsTheChangeAltersDoesNotBlockIt() throws {
    let options = EditProject.Options(
      targetSettings: [CheckFixCommandTests.primaryName],
      infoPlist: EditProject.plist(
        iconsXML: CheckFixCommandTests.primaryAnd(CheckFixCommandTests.blueAlternate("Blue"))),
      looseFiles: ["Blue@2x.png", "Blue@3x.png"], deviceFamily: "\"1,2\"")
    let project = try EditProject(in: scratch, options)
    let check = try read(["check", project.root.path])
    #expect(check.stdout.contains("[missing-ipad-declaration]"), "\(check.stdout)")
    let added = try expectSameVerdict(
      ["add", "Night", try image().path, project.root.path], on: project)
    #expect(added.status == 0, "\(added.stderr)")
  }

  /// `remove --keep-files` where ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS ships every
  /// set: the set would stay an alternate, so the remove is refused before planning, saying why
  /// and what to do instead.
  @Test func keepingTheFilesWhereEverySetShipsIsRefusedUpFront() throws {
    let options = EditProject.Options(
      targetSettings: ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;"], sets: ["Blue"])
    let project = try EditProject(in: scratch, options)
    let result = try expectSameVerdict(
      ["remove", "Blue", project.root.path, "--keep-files"], on: project)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES ships every"),
      "\(result.stderr)")
    #expect(result.stderr.contains("without --keep-files"), "\(result.stderr)")
  }
}
